"""What the engine asks and what it tells: prompts with their legal choices, and events."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from enum import StrEnum
from types import MappingProxyType
from typing import TypeAlias, TypeVar

NO_DATA: Mapping[str, object] = MappingProxyType({})
T = TypeVar("T")


class PromptKind(StrEnum):
    """What sort of decision a prompt is: one meaning each (clients branch on it, never on the text)."""

    ACTION = "action"  # place Engineers on an action space (the start of a turn)
    BANK = "bank"  # how many Engineers on the Bank
    COPY_OFFICER = "copy_officer"  # Mahiri Sekibo: whose ability to copy
    MATCHUP = "matchup"  # setup draft: a company + chief engineer pair
    STARTING_CONTRACT = "starting_contract"
    BUILD_TILE = "build_tile"  # the technology tile of a construction
    BUILD_SPACE = "build_space"  # where the structure goes
    PAYMENT = "payment"  # how the machinery of a construction is paid
    BUILD_COLUMN = "build_column"  # Brazil: the board column a piece is taken from (data: income, price, loss)
    POWERHOUSE_PIECE = "powerhouse_piece"  # China: which Powerhouse piece (data: column, mixers, ability, text)
    INCOME_PRICE = "income_price"  # Brazil: pay an income's price to take it, or leave it this time
    SYSTEM = "system"  # the dam, conduit and powerhouse of a production
    MORE_DAMS = "more_dams"  # Dr. Octavius: another dam into the same powerhouse, or done
    PRODUCTION_DROPS = "production_drops"  # how many drops from the chosen dam
    HEADSTREAM_DROP = "headstream_drop"  # where the next drop goes (data: drop, of, flowing)
    CONTRACT = "contract"  # fulfil a contract with the energy just produced
    TAKE_CONTRACT = "take_contract"
    DISCARD_CONTRACT = "discard_contract"
    MACHINERY = "machinery"  # machinery of your choice
    COMPANY_DROP = "company_drop"  # the Netherlands: a drop behind another own Dam after producing, or none (data: dams)
    YIELD_TILE = "yield_tile"  # China Challenge: which yield tile a landscape takes (data: landscape, colour)
    LANDSCAPE_OBJECTIVE = "landscape_objective"  # China Challenge, A5: the objective tile scored too
    END_TURN = "end_turn"  # a person's turn is complete: end it (or undo back through it)
    AUTOMA = "automa"  # an Automa's whole step, worked out by the automa package


class EventKind(StrEnum):
    """What sort of thing happened (clients branch on it and on ``Event.data``, never on the text)."""

    INFO = "info"
    ROUND = "round"  # a round begins (data: round)
    ROUND_SCORED = "round_scored"  # the end-of-round scoring is done (data: round)
    FINAL_SCORED = "final_scored"  # a company's final scoring (data: objective, objective_vp, automa_extra)
    GAME_OVER = "game_over"
    PRODUCTION = "production"  # one production (data: energy, sum: how it adds up, fee: credits paid for conduits)
    CONTRACT = "contract"  # a contract taken, fulfilled (data: fulfilled), discarded or picked
    ONLY_CHOICE = "only_choice"  # a decision with one possible answer, taken at once (data: prompt, key)
    WATER = "water"  # drops put, filled or moved (data "paths" when drops moved: each drop's water.DropPath)
    # A module's own events have kinds of its own (a StrEnum of its package: a kind is a string).


class IllegalChoice(ValueError):
    """A key that is not among the pending decision's legal choices. The game is unchanged."""


Text = str | Callable[[], str]  # a label, or the function that words it when it is first read
Data = Mapping[str, object] | Callable[[], Mapping[str, object]]


class Choice:
    """One legal choice: its key (what a player, the log and the saves choose by) and what people and clients
    read about it. The label and the data may be given as functions: they are worked out when first read
    (as a chess library words a move only when asked), so a player that picks by key (the random player,
    the Automa's planner) pays nothing for them. They describe the game while its prompt is pending."""

    __slots__ = ("key", "refs", "_label", "_data", "_short")

    def __init__(self, key: str, label: Text, refs: tuple[str, ...] = (), data: Data = NO_DATA,
                 short: Text = "") -> None:
        self.key = key  # stable text form, e.g. "place:turbine-b2", "space:B5L", "drops:2"
        self.refs = refs  # ids of board things it points at (map spaces, action spaces, tiles)
        self._label = label
        self._data = data
        self._short = short

    @property
    def label(self) -> str:
        """For people."""
        label = self._label
        if not isinstance(label, str):
            label = self._label = label()
        return label

    @property
    def short(self) -> str:
        """The label in fewer letters, for a list of choices on a narrow screen ("[2E, 3cr]" for "[2 Engineers,
        3 credits]"); the label itself where it has none."""
        short = self._short
        if not isinstance(short, str):
            short = self._short = short()
        return short or self.label

    @property
    def data(self) -> Mapping[str, object]:
        """What it costs and gives, for clients to show before it is chosen (e.g. a production's energy)."""
        data = self._data
        if callable(data):
            data = self._data = data()
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return (self.key, self.label, self.refs, self.data) == (other.key, other.label, other.refs, other.data)

    def __hash__(self) -> int:
        return hash((self.key, self.label, self.refs))

    def __repr__(self) -> str:
        return f"Choice(key={self.key!r}, label={self.label!r}, refs={self.refs!r}, data={self.data!r})"


def once(work: Callable[[], T]) -> Callable[[], T]:
    """``work``, done at the first call only (what several lazy labels of one prompt share). (A closure:
    ``functools.cache`` costs more to set up, and most are never called.)"""
    done: list[T] = []

    def result() -> T:
        if not done:
            done.append(work())
        return done[0]
    return result


class LazyData(Mapping[str, object]):
    """A prompt's data with values worked out when first read (``later``: key -> the function giving it), for
    what only a person looks at (why the spaces not offered are not)."""

    __slots__ = ("_values", "_later")

    def __init__(self, values: Mapping[str, object], later: Mapping[str, Callable[[], object]]) -> None:
        self._values = dict(values)
        self._later = dict(later)

    def __getitem__(self, key: str) -> object:
        if key in self._later:
            self._values[key] = self._later.pop(key)()
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter([*self._values, *self._later])

    def __len__(self) -> int:
        return len(self._values) + len(self._later)

    def __repr__(self) -> str:
        return f"LazyData({dict(self)!r})"


class Offer:
    """A decision's choices given lazily, as a chess library lists legal moves: the ``candidates``, every choice
    that may be legal (cheap to list, in the order shown), and for the key of a candidate that needs it the
    question that tells whether it really is (``checks``; each asked once at most, and only when needed). A
    player that draws one choice at random asks only about the one it draws (``sim.pick``). The checks read
    the game: they hold while its prompt is pending."""

    __slots__ = ("candidates", "_checks", "_verdicts")

    def __init__(self, candidates: Sequence[Choice], checks: Mapping[str, Callable[[], bool]]) -> None:
        self.candidates = tuple(candidates)
        self._checks = checks
        self._verdicts: dict[str, bool] = {}

    def legal(self, choice: Choice) -> bool:
        check = self._checks.get(choice.key)
        if check is None:
            return True
        verdict = self._verdicts.get(choice.key)
        if verdict is None:
            verdict = self._verdicts[choice.key] = check()
        return verdict

    def choices(self) -> tuple[Choice, ...]:
        """The legal choices: every candidate checked."""
        return tuple(c for c in self.candidates if self.legal(c))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):  # (a prompt's choices given whole)
            return self.choices() == other
        if not isinstance(other, Offer):
            return NotImplemented
        return self.choices() == other.choices()

    __hash__ = None  # type: ignore[assignment]  # (compared by what it offers, which is worked out)

    def __repr__(self) -> str:
        return f"Offer({self.choices()!r})"


@dataclass(frozen=True)
class Prompt:
    seat: int
    kind: str  # a PromptKind, or a module's own kind (a StrEnum of its package)
    text: str
    # the legal choices, or an Offer that works them out when read (compared by its choices, hashed by the rest)
    offered: tuple[Choice, ...] | Offer = field(hash=False)
    help: str = ""  # the rule behind this decision, in a sentence or two
    # the numbers and ids behind the text, for clients (the Automa, the app) to read instead of the text
    data: Mapping[str, object] = field(default_factory=lambda: NO_DATA, hash=False)

    @cached_property
    def choices(self) -> tuple[Choice, ...]:
        """Every legal choice, in the order shown."""
        offered = self.offered
        return offered if isinstance(offered, tuple) else offered.choices()

    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.choices)

    def find(self, key: str) -> Choice | None:
        """The legal choice ``key``, or None (of an Offer, only that candidate is checked)."""
        offered = self.offered
        if isinstance(offered, tuple):
            for c in offered:
                if c.key == key:
                    return c
            return None
        for c in offered.candidates:
            if c.key == key:
                return c if offered.legal(c) else None
        return None


# A rules step that may stop for decisions: it yields prompts, is sent the chosen keys and returns a T
# (``key = yield from game.ask(...)``). Every generator of the rules is a Flow.
Flow: TypeAlias = Generator[Prompt, str, T]


@dataclass(frozen=True)
class Event:
    text: str
    seat: int = -1  # -1: nobody in particular
    kind: str = EventKind.INFO  # an EventKind, or a plain word for a line only shown
    refs: tuple[str, ...] = field(default=())
    data: Mapping[str, object] = field(default_factory=lambda: NO_DATA, hash=False)
