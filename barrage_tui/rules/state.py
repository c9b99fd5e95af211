"""The changing state of one game: plain data, nothing else.

Every field is a bool, int, str, list or dict of those, so a state can be copied cheaply, compared
for equality and written to TOML as it is. TOML has no null, so absence is written as ``""`` (no tile,
no copy) or ``-1`` (no owner); NEUTRAL marks the neutral dams' owner.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any, cast

from .components import Toml, components

NEUTRAL = -2  # owner of a neutral dam
NOBODY = -1

WHEEL_SEGMENTS = components().wheel_segments  # companies.toml [common.wheel]


@dataclass
class Segment:
    """One segment of a Construction Wheel: what lies in it until the wheel brings it round."""

    tiles: list[str] = field(default_factory=list)
    excavators: int = 0
    mixers: int = 0
    excamixers: int = 0  # Elon Audia's Mixer Excavators

    def is_empty(self) -> bool:
        return not self.tiles and not self.excavators and not self.mixers and not self.excamixers


def _start(name: str) -> int:
    """A field that starts at the common starting supply (companies.toml [common]); setup.new_company
    applies the chief engineer's and the Automa's changes."""
    def value() -> int:
        count: int = getattr(components().start, name)
        return count
    return field(default_factory=value)


LATER = "written_when_used"  # field metadata: see ``later``


def later(default_factory: Callable[[], Any]) -> Any:
    """A field added after saves were written and the golden games pinned (an expansion's): ``to_dict``
    leaves it out while it holds its default, so a game that never uses it is written exactly as before."""
    return field(default_factory=default_factory, metadata={LATER: True})


def _start_machinery() -> list[int]:
    start = components().start
    return [start.excavators, start.mixers]


class ModuleState:
    """A module's own part of the game state (``GameState.modules[module]``): a dataclass of bools, ints, strs,
    and lists and dicts of them, like the rest of the state. ``module`` is its module's id."""

    module: typing.ClassVar[str]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if cls.module in _module_states:
            raise ValueError(f"two state classes for module {cls.module!r}")
        _module_states[cls.module] = cls

    @classmethod
    def of(cls, st: GameState) -> typing.Self | None:
        """This module's state in ``st``, None where it is not laid out (the module off, or not in play)."""
        own = st.modules.get(cls.module)
        return own if isinstance(own, cls) else None

    @classmethod
    def laid_out(cls, st: GameState) -> typing.Self:
        """This module's state in ``st``, a game where it is laid out."""
        own = st.modules[cls.module]
        assert isinstance(own, cls)
        return own

    def copy(self) -> ModuleState:
        copier = _module_copiers.get(type(self))
        if copier is None:
            copier = _module_copiers[type(self)] = _copier(type(self))
        state: ModuleState = copier(self)
        return state


_module_copiers: dict[type, Callable[[Any], Any]] = {}
_module_states: dict[str, type[ModuleState]] = {}


def module_state_class(module: str) -> type[ModuleState]:
    """The state class of ``module`` (a save's ``[state.modules.<id>]``); KeyError: no module of that id has one."""
    return _module_states[module]


@dataclass
class CompanyState:
    seat: int
    player: str  # the player's name
    kind: str  # "human" or "automa"
    company: str
    officer: str  # "none": an Automa below Very Hard has no chief engineer
    vp: int = _start("vp")
    credits: int = _start("credits")
    excavators: int = _start("excavators")
    mixers: int = _start("mixers")
    excamixers: int = 0  # Elon Audia's Mixer Excavators: count as an Excavator or a mixer
    energy: int = 0
    engineers: int = _start("engineers")  # in the personal supply (not on a space)
    architect: bool = False  # Tommaso Battista's Architect, while it is in the personal supply
    pieces: dict[str, int] = field(default_factory=dict)  # pieces still on the company board
    tiles: list[str] = field(default_factory=list)  # technology tiles in the personal supply
    wheel: list[Segment] = field(default_factory=lambda: [Segment() for _ in range(WHEEL_SEGMENTS)])
    wheel_open: int = 0  # index of the open segment
    contracts: list[int] = field(default_factory=list)  # face up in hand
    fulfilled: list[int] = field(default_factory=list)  # face down
    construction_used: int = 0  # company construction spaces used this round
    # The chief engineer's private spaces used this round, by index (Mahiri's two; Wu's and Gennaro's one).
    private_spaces_used: list[bool] = field(default_factory=lambda: [False, False])
    copied_officer: str = ""  # Mahiri Sekibo's copy, for the extra action only
    copied_for_round: list[str] = field(default_factory=list)  # her copies that last the round (Elon, Amir)
    energy_next_round: int = 0  # Energy the marker gains at the start of the next round (Mahiri copying Franz)
    passed: bool = False
    machinery_gained: list[int] = field(default_factory=_start_machinery)  # Excavators, mixers ever received
    excamixers_gained: int = 0  # Excamixers ever received (Elon's 8 at setup)
    energy_by_round: list[int] = field(default_factory=list)
    vp_by_source: dict[str, int] = field(default_factory=dict)
    difficulty: str = ""  # an Automa's level: easy | medium | hard | very_hard (automa_levels.levels)
    # The board columns a row's pieces were taken from, sorted, for a row not taken from the left (Brazil);
    # a row not listed was taken left to right: columns 1 to its number built (company_board.py).
    columns_taken: dict[str, list[int]] = later(dict)
    # Excavators, mixers and Excamixers returned to the general supply for good (Brazil's column loss).
    machinery_lost: list[int] = later(lambda: [0, 0, 0])


@dataclass
class DamState:
    owner: int  # a seat or NEUTRAL
    height: int  # 1 = Base, 2-3 = with Elevations
    drops: int = 0
    base: bool = later(lambda: True)  # False: an Elevation standing without a Base (Japan), height 1, never raised

    @property
    def elevations(self) -> int:
        """The Elevation pieces of the dam (one standing without a Base is an Elevation piece too). Every rule
        that counts a Dam's Elevations asks here (Geological token 4, the Elevation tiles, the invariants)."""
        return self.height - 1 if self.base else self.height


@dataclass
class GameState:
    seats: int
    introductory: bool
    seed: int
    companies: list[CompanyState]
    round: int = 0
    phase: str = "setup"  # pick | actions | over (the other phases run without stopping)
    turn_order: list[int] = field(default_factory=list)  # seats, first to play first
    turn_index: int = 0
    pick_order: list[int] = field(default_factory=list)
    pick_index: int = 0
    drafting: list[int] = field(default_factory=list)  # seats still to pick a company+officer pair (full game)
    rng_counter: int = 0
    headstream_tiles: dict[str, int] = field(default_factory=dict)
    headstream_drops: dict[str, int] = field(default_factory=dict)
    dams: dict[str, DamState] = field(default_factory=dict)
    conduits: dict[str, int] = field(default_factory=dict)  # space -> owner seat
    powerhouses: dict[str, int] = field(default_factory=dict)  # space -> owner seat
    drops_created: int = 0  # drops ever put on the map (conservation check)
    drops_exited: int = 0  # drops that left the board or were used up
    occupied: dict[str, int] = field(default_factory=dict)  # exclusive action space -> seat
    engineers_on: dict[str, list[int]] = field(default_factory=dict)  # space -> engineers per seat
    bank: list[int] = field(default_factory=list)  # engineers per seat on the Bank
    national: list[int] = field(default_factory=list)
    private_piles: dict[str, list[int]] = field(default_factory=dict)  # top of pile = last item
    private_display: dict[str, list[int]] = field(default_factory=dict)
    starting_offer: list[int] = field(default_factory=list)  # starting contracts still to be picked
    patent_piles: dict[str, list[str]] = field(default_factory=dict)  # "1".."3"; top = last
    patent_offer: list[str] = field(default_factory=list)  # 3 slots, "" = empty
    bonus_tiles: list[int] = field(default_factory=list)  # one per round
    objective: int = 0
    spare_officers: list[str] = field(default_factory=list)  # drawn but not dealt (Mahiri's copies)
    winner: list[int] = field(default_factory=list)
    automa_draw: list[int] = field(default_factory=list)  # the Automa deck's card numbers; top = last
    automa_discard: list[int] = field(default_factory=list)  # flipped cards; top = last (the criteria card)
    contract_discards: dict[str, list[int]] = field(default_factory=dict)  # by the Automa's Contract Office box
    # Powerhouse space -> the piece standing there (its column on its company board), for a company whose
    # Powerhouse pieces are each their own (China's: rules/companies/china.py); other Powerhouses are not listed.
    powerhouse_pieces: dict[str, int] = later(dict)
    lakes: dict[str, int] = later(dict)  # natural lake -> the drops it holds (a board with lakes: boards.py)
    uncovered: list[str] = later(list)  # the landscapes whose covered spaces are open (board_features.uncover)
    preparation: dict[str, int] = later(dict)  # preparation tile -> the positional tile under it (preparation.py)
    # Each switched-on module's own state, by module id (rules/plugin.py; empty: no module has state).
    modules: dict[str, ModuleState] = later(dict)

    def copy(self) -> GameState:
        """A deep copy (undo keeps one at every turn start; sim tries choices on one)."""
        return _copy_state(self)

    def to_dict(self) -> dict[str, Any]:
        """The state as plain data (bools, ints, strs, and lists and dicts of them), as saves write it: TOML
        data, whose values are typed ``Any`` (see ``components.Toml``). A ``later`` field at its default is
        left out (reading it back gives the default)."""
        data = asdict(self)
        _drop_unused(data, GameState)
        for company in data["companies"]:
            _drop_unused(company, CompanyState)
        for dam in data["dams"].values():
            _drop_unused(dam, DamState)
        return data

    @classmethod
    def from_dict(cls, data: Toml) -> GameState:
        data = dict(data)
        data["modules"] = {m: module_state_class(m)(**v) for m, v in data.get("modules", {}).items()}
        data["companies"] = [_company_from_dict(c) for c in data["companies"]]
        data["dams"] = {k: DamState(**v) for k, v in data["dams"].items()}
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown state fields: {', '.join(sorted(unknown))}")
        return cls(**data)


def _drop_unused(data: dict[str, Any], cls: type) -> None:
    for f in fields(cls):
        factory = f.default_factory
        if f.metadata.get(LATER) and callable(factory) and data[f.name] == factory():
            del data[f.name]


def _company_from_dict(data: Toml) -> CompanyState:
    data = dict(data)
    data["wheel"] = [Segment(**s) for s in data["wheel"]]
    return CompanyState(**data)


def _copier(root: type) -> Callable[[Any], Any]:
    """A deep copy of ``root`` dataclass values, written out as Python from the type hints (as ``dataclasses``
    writes its ``__init__``): each field copied by the expression its type needs (plain lists and dicts by
    their C-level ``copy()``), so a new field is copied right without more code, at half the cost of copying
    field by field through one small function each (undo snapshots, scratch games and the Automa's water
    simulation copy a state at every turn)."""
    namespace: dict[str, Any] = {"_new": object.__new__}

    def copy_of(tp: Any, value: str, depth: int) -> str | None:
        """The expression copying ``value`` of type ``tp`` (None: immutable, kept as it is)."""
        if tp in (bool, int, float, str):
            return None
        if tp is ModuleState:  # a module's own state: its class copies itself (one copier per class)
            return f"{value}.copy()"
        if is_dataclass(tp):
            return f"{written(cast(type, tp))}({value})"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        item = copy_of(args[-1], f"v{depth}", depth + 1) if args else None
        if origin is list and args:
            return f"{value}.copy()" if item is None else f"[{item} for v{depth} in {value}]"
        if origin is dict and args:
            return (f"{value}.copy()" if item is None
                    else f"{{k{depth}: {item} for k{depth}, v{depth} in {value}.items()}}")
        raise TypeError(f"GameState fields are bools, ints, strs, and lists and dicts of them: not {tp!r}")

    def written(cls: type) -> str:
        name = f"copy_{cls.__name__}"
        if name not in namespace:
            namespace[cls.__name__] = cls
            namespace[name] = None  # (a field of its own type: named before it is written)
            hints = typing.get_type_hints(cls)
            lines = [f"def {name}(x):", f"    new = _new({cls.__name__})", "    new.__dict__ = d = x.__dict__.copy()"]
            lines += [f"    d[{f.name!r}] = {copied}" for f in fields(cls)
                      if (copied := copy_of(hints[f.name], f"d[{f.name!r}]", 0)) is not None]
            exec("\n".join([*lines, "    return new"]), namespace)  # noqa: S102 - our own text, from type hints
        return name
    copy: Callable[[Any], Any] = namespace[written(root)]
    return copy


_copy_state = cast(Callable[[GameState], GameState], _copier(GameState))
