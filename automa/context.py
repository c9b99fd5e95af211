"""One Automa step being worked out: a scratch copy of the game, the step's operations so far, and the
notes that explain it.

Every operation is carried out on the copy at once (``do``), so each later box is judged on the map as
the earlier ones left it; the questions the rules ask on the way are answered by ``answers.Answerer``.
The finished ``key`` is then applied to the real game by the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import AUTOMA, AutomaStep, CompanyState, GameState, Level, engineers_available, level

from .answers import Answerer
from .cards import Card, Criteria, cards
from .engineers import section_space

if TYPE_CHECKING:
    from barrage_tui.rules import Game


class Context:
    def __init__(self, game: Game, seat: int) -> None:
        self.game = game.scratch()
        self.seat = seat
        self.answer = Answerer(self)
        self.step = AutomaStep(self.game, seat, self.answer)
        self.notes: list[str] = []  # the whole reasoning, in order: the step's label
        # ... and its parts, as the step's data: the cards flipped, the boxes skipped, what else it says
        self.cards: list[tuple[int, int]] = []  # (action side, criteria side) of each card flipped
        self.skipped: list[str] = []  # the boxes skipped, by name
        self.said: list[str] = []  # the other notes: what it did and why that box
        self.taken: list[tuple[str, str]] = []  # the boxes carried out, each with why there (its criteria)
        self.because = ""  # why the box being carried out chose what it did ("" where nothing was chosen)
        self.architect_used = False

    # ------------------------------------------------------------ what it looks at

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def company(self) -> CompanyState:
        return self.game.state.companies[self.seat]

    @property
    def level(self) -> Level:
        return level(self.company)

    @property
    def is_automa(self) -> bool:
        return self.company.kind == AUTOMA

    @property
    def action_card(self) -> Card:
        return cards()[self.state.automa_draw[-1]]

    @property
    def criteria_card(self) -> Card:
        st = self.state
        return cards()[st.automa_discard[-1] if st.automa_discard else st.automa_draw[-1]]

    @property
    def criteria(self) -> Criteria:
        return self.criteria_card.criteria

    def engineers_left(self) -> int:
        return engineers_available(self.company)

    # ------------------------------------------------------------ what it does

    def do(self, op: str, **presets: str) -> None:
        self.answer.begin(op, presets)
        self.step.do(op)

    def place(self, section: str, engineers: int, ends_turn: bool = False) -> None:
        """The box's Engineers on the first free space of the section (4.3)."""
        self.place_at(section_space(self, section), engineers, ends_turn)

    def place_at(self, where: str, engineers: int, ends_turn: bool = False) -> None:
        """Place the box's Engineers (all it has, if fewer); Tommaso's Architect where it may stand alone."""
        n, architect = self.engineers_for(engineers, ends_turn)
        if n <= 0:
            return
        self.do(f"eng:{where}:{n}" + (":architect" if architect else ""))

    def engineers_for(self, engineers: int, ends_turn: bool) -> tuple[int, bool]:
        """How many of a box's Engineers it places (all it has, if fewer) and whether the one it places is
        Tommaso's Architect (then another turn follows)."""
        from .officers import uses_architect

        n = min(engineers, self.engineers_left())
        architect = n == 1 and uses_architect(self, engineers, ends_turn)
        self.architect_used |= architect
        return n, architect

    def pay(self, vp: int) -> None:
        if vp:
            self.do(f"vp:{vp}")

    def note(self, text: str) -> None:
        text = text if text.endswith(".") else text + "."
        self.notes.append(text)
        self.said.append(text)

    def flipped(self, action: int, criteria: int) -> None:
        self.notes.append(f"Action side of card {action}, criteria side of card {criteria}.")
        self.cards.append((action, criteria))

    def skip(self, box: str, why_not: str) -> None:
        self.notes.append(f"{box}: skipped, {why_not}" + ("" if why_not.endswith(".") else "."))
        self.skipped.append(box)

    @property
    def reasons(self) -> dict[str, object]:
        """The reasoning's parts, for clients to show without reading its text."""
        return {"cards": tuple(self.cards), "skipped": tuple(self.skipped), "taken": tuple(self.taken),
                "said": tuple(self.said)}

    @property
    def label(self) -> str:
        return " ".join(self.notes)

    @property
    def key(self) -> str:
        return self.step.key

    def refs(self) -> tuple[str, ...]:
        """What the step touched (spaces built on, systems, headstreams, action spaces, contracts)."""
        out: dict[str, None] = {}
        for event in self.game.events:
            for ref in event.refs:
                out.setdefault(ref)
        return tuple(out)
