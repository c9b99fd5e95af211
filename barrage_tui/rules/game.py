"""The decision engine: a game that stops at every decision and offers its legal choices.

    game = Game.new(setup)
    game.prompt            # the pending decision (None when the game is over)
    game.choose(key)       # apply one legal choice; returns the events that followed

Nothing else changes a game. The game keeps the log of choice keys; the same setup and the same keys
always give the same game. Undo rebuilds the current turn from its starting state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Protocol

from . import actions, automa_step, rewards, rounds, scoring
from .automa_levels import AUTOMA, is_automa, level
from .board_files import board_of
from .boards import Board
from .components import components, only_choice_words
from .plugin import hooks_for
from .engine.decisions import NO_DATA, Choice, Event, EventKind, Flow, IllegalChoice, Offer, Prompt, PromptKind
from .setup import Setup, new_state
from .state import GameState

UNLIMITED = 10**6  # an Automa's "credits": it pays in VP, which may go below 0


class AutomaHook(Protocol):
    """What ``Game.automa`` is (the ``automa`` package's, attached by ``automa.attach``)."""

    def decide(self, game: Game, prompt: Prompt) -> Prompt:
        """The Automa prompt ``prompt`` with the one choice the Automa's cards give."""
        ...


class Game:
    def __init__(self, setup: Setup, state: GameState, *, keep_undo: bool = True,
                 automa: AutomaHook | None = None, board: Board | None = None, words: bool = True) -> None:
        self.setup = setup
        # the game's own board (several games, several boards); a copy of a game shares it (``board``)
        self.board = board if board is not None else board_of(setup.options)
        self.state = state
        self.hooks = hooks_for(setup.options, self.board)  # the modules' hooks (plugin.py; none without modules)
        self.keep_undo = keep_undo
        # whether people read this game's log: a headless run (sim, a trial on a copy) leaves unworded the
        # steps with one possible answer, taken at once (their label may cost a price worked out)
        self.words = words
        self.automa = automa  # the Automa's decision hook (automa.attach); None: its recorded steps still apply
        self.log: list[str] = []  # the keys chosen since ``origin``
        self.origin = state.copy()  # where the log starts from
        self.events: list[Event] = []
        self._turn: tuple[int, int, GameState | None] = (0, 0, None)  # log index, events index, state
        self._revealed_at = 0  # log length after the last choice that revealed hidden information
        self._prompt: Prompt | None = None
        self._flow: Flow[None] = rounds.play(self)
        self._advance(None)

    @classmethod
    def new(cls, setup: Setup, *, keep_undo: bool = True, automa: AutomaHook | None = None,
            words: bool = True) -> Game:
        return cls(setup, new_state(setup), keep_undo=keep_undo, automa=automa, words=words)

    @classmethod
    def replay(cls, setup: Setup, keys: Iterable[str], state: GameState | None = None, *,
               keep_undo: bool = True, automa: AutomaHook | None = None, board: Board | None = None) -> Game:
        game = cls(setup, state.copy() if state is not None else new_state(setup), keep_undo=keep_undo,
                   automa=automa, board=board)
        for key in keys:
            game.choose(key)
        return game

    # ------------------------------------------------------------ the public surface

    @property
    def prompt(self) -> Prompt | None:
        p = self._prompt
        if p is not None and p.kind == PromptKind.AUTOMA and not p.choices and self.automa is not None:
            self._prompt = p = self.automa.decide(self, p)  # the Automa's one choice, worked out when asked
        return p

    @property
    def over(self) -> bool:
        return self._prompt is None

    def choose(self, key: str) -> list[Event]:
        """Apply one legal choice. An illegal key raises IllegalChoice; a rule that raises leaves the game
        exactly as it was before the call. With an Automa attached, its step is the one its cards give."""
        prompt = self.prompt
        if prompt is None:
            raise IllegalChoice("the game is over; there is nothing to choose")
        if prompt.find(key) is None:
            if prompt.kind != PromptKind.AUTOMA or self.automa is not None:
                raise IllegalChoice(f"{key!r} is not a legal choice here ({prompt.text}); "
                                    f"legal: {', '.join(prompt.keys())}")
            automa_step.validate(self, prompt.seat, key)  # no Automa attached: a recorded step must apply
        start = len(self.events)
        self.log.append(key)
        try:
            self._advance(key)
        except BaseException:
            self._replay_turn(self.log[self._turn[0]:-1])
            raise
        return self.events[start:]

    @property
    def stats(self) -> dict[str, int]:
        """Productions and fulfilled contracts so far, counted from the events (so undo and replay agree)."""
        return {"productions": sum(1 for e in self.events if e.kind == EventKind.PRODUCTION),
                "contracts": sum(1 for e in self.events if "fulfilled" in e.data)}

    def scratch(self) -> Game:
        """A throw-away copy to try rules on (a step, a water flow): its own state and events, no flow, so
        only rules functions run on it; the game itself is unchanged."""
        trial = object.__new__(type(self))  # (copy.copy's shallow copy, without its generic protocol: the
        trial.__dict__ = self.__dict__.copy()  # Automa's water simulation asks for one per headstream)
        trial.state = self.state.copy()
        trial.events = []
        trial.words = False
        return trial

    def close(self) -> None:
        """A game no longer needed (a trial on a copy): the game and its flow refer to each other, and
        closing the flow lets both be freed at once instead of piling up for the cycle collector."""
        self._flow.close()

    @property
    def can_undo(self) -> bool:
        """A choice of the current turn is there to take back, and no hidden information came out since."""
        return len(self.log) > max(self._turn[0], self._revealed_at)

    def undo(self) -> bool:
        """Take back the last choice of the current turn. Returns False when there is none."""
        if not self.can_undo:
            return False
        self._replay_turn(self.log[self._turn[0]:-1])
        return True

    def _replay_turn(self, keys: list[str]) -> None:
        """Go back to the start of the current turn and choose ``keys`` again."""
        index, n_events, snapshot = self._turn
        if snapshot is None:  # no snapshot kept: replay the whole log from the origin
            keys = self.log[:index] + keys
            index, n_events, snapshot = 0, 0, self.origin
        self.state = snapshot.copy()
        self.log = self.log[:index]
        self.events = self.events[:n_events]
        self._revealed_at = 0
        self._flow = rounds.play(self)
        self._advance(None)
        for key in keys:
            self.choose(key)

    def revealed(self) -> None:
        """Hidden information just came out (a contract or tile drawn, a card flipped): undo stops here."""
        self._revealed_at = len(self.log)

    def turn_snapshot(self) -> tuple[GameState, list[str]]:
        """The state at the start of the current turn and the keys chosen since (for saves)."""
        index, _, snapshot = self._turn
        if snapshot is None:
            snapshot = Game.replay(self.setup, self.log[:index], self.origin, keep_undo=False,
                                   board=self.board).state
        return snapshot.copy(), self.log[index:]

    @property
    def turn_start(self) -> int:
        """Index in the log where the current turn began."""
        return self._turn[0]

    # ------------------------------------------------------------ used by the rules modules

    def _advance(self, key: str | None) -> None:
        try:  # the flow starts with None (next), then is sent each key
            self._prompt = next(self._flow) if key is None else self._flow.send(key)
        except StopIteration:
            self._prompt = None

    def boundary(self) -> None:
        """The flow is at the start of a turn: remember it for undo."""
        snapshot = self.state.copy() if self.keep_undo else None
        self._turn = (len(self.log), len(self.events), snapshot)

    def ask(self, seat: int, kind: str, text: str, choices: list[Choice] | Offer, auto: bool = True,
            help: str = "", data: Mapping[str, object] = NO_DATA) -> Flow[str]:
        """Stop for a decision (generator). A lone choice is taken at once when ``auto``, and the log says so
        ("Italy: the only tile that can build: Base tile: build a Base."). Of an Offer, only as many candidates
        are checked as tell a lone legal choice from several."""
        offer: Offer | None = None
        legal: Sequence[Choice] = choices if isinstance(choices, list) else choices.candidates
        if isinstance(choices, Offer):
            offer = choices
            if auto:
                legal = list(islice(filter(offer.legal, offer.candidates), 2))
        if not legal:
            raise RuntimeError(f"no legal choice for {kind!r}: {text}")
        if auto and len(legal) == 1:
            only = legal[0]
            # (a person's: an Automa's step is its cards'; worded now, as the label describes the game before it)
            if self.words and not is_automa(self, seat):
                self.event(f"{self.name(seat)}: {only_choice_words(kind)}: {only.label}.", seat,
                           EventKind.ONLY_CHOICE, only.refs, {"prompt": kind, "key": only.key})
            return only.key
        key = yield Prompt(seat, kind, text, tuple(legal) if offer is None else offer, help, data)
        return key

    def event(self, text: str, seat: int = -1, kind: str = EventKind.INFO, refs: tuple[str, ...] = (),
              data: Mapping[str, object] = NO_DATA) -> None:
        self.events.append(Event(text, seat, kind, tuple(refs), data))

    def name(self, seat: int) -> str:
        c = self.state.companies[seat]
        return components().companies[c.company].name

    def gain_vp(self, seat: int, n: int, source: str) -> None:
        """Score (or lose) VP; the score never goes below 0 (the rules summary's floor), an Automa's may."""
        if not n:
            return
        c = self.state.companies[seat]
        before = c.vp
        c.vp = c.vp + n if c.kind == AUTOMA else max(0, c.vp + n)
        c.vp_by_source[source] = c.vp_by_source.get(source, 0) + c.vp - before

    def gain_credits(self, seat: int, n: int) -> None:
        if is_automa(self, seat):  # the Automa gains VP where a human gains credits
            self.gain_vp(seat, n, "credits")
            return
        self.state.companies[seat].credits += n

    def pay_credits(self, seat: int, n: int) -> None:
        """Pay credits to the supply (every payment goes through here; the caller checked it is affordable)."""
        if is_automa(self, seat):  # ... and pays VP where a human pays credits
            self.gain_vp(seat, -n, "credits")
            return
        self.state.companies[seat].credits -= n

    def money(self, seat: int, n: int) -> str:
        """``n`` credits paid or gained by ``seat``, in words: an Automa's are VP ("3 credits", "3 VP")."""
        return f"{n} VP" if is_automa(self, seat) else rewards.count(n, "credit")

    def place_engineers(self, seat: int, where: str, n: int, ending: str = ".") -> None:
        """``n`` Engineers from the supply onto ``where`` (for rules below the action phase's module: a
        Geological token's Engineers go on the company board)."""
        actions.put_engineers(self, seat, where, n, ending=ending)

    def spendable_credits(self, seat: int) -> int:
        """What a seat can pay: its credits; an Automa pays in VP without limit."""
        if is_automa(self, seat):
            return UNLIMITED
        return self.state.companies[seat].credits

    def ability_active(self, seat: int) -> bool:
        """A company's special ability works from its third powerhouse on."""
        st = self.state  # (asked for every drop that flows: the count first, most companies have fewer)
        if list(st.powerhouses.values()).count(seat) < components().common["ability_unlocked_at_powerhouses"]:
            return False
        return bool(level(st.companies[seat]).company_ability)

    def objective_vp_table(self) -> tuple[int, ...]:
        return components().objective_vp

    def scores(self) -> list[tuple[int, int]]:
        return [(c.seat, c.vp) for c in self.state.companies]


__all__ = ["Game", "IllegalChoice", "scoring"]
