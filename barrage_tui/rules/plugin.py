"""The points where a module of the game plugs into the base game, and the one registry of modules.

A module (the Duel, the Geological Factor, ...) is a package under ``rules/modules/`` named by its id in
``modules.toml``. It subclasses ``Module``, overrides only the hooks its rules need, and registers itself
with ``@register``. The base game never names a module: at each point below it runs the hooks of the
modules switched on in that game (``game.hooks``), in registry order, and a module that does not
override a hook is never called there. A game without modules runs no module code: every hook tuple
is empty.

The points, in the order a game meets them (18xx adds a title's steps to a round's list the same way):

- setup: ``problem`` (a setup the module cannot be played with), ``lay_out`` (its draws, after the base
  game's, before the board's own tiles), ``lay_out_last`` (after the board's tiles);
- the round: ``income`` (after each company's income), ``round_begins`` (after "Round N begins"),
  ``after_water_flow`` (phases inserted between Water Flow and Scoring: the Duel's Check phase);
- construction: ``build_cost`` (what a module adds to a build's price: an ``ExtraCost``), ``build_cost_zones``
  (the zones where it may add one), ``after_build`` (after a piece is placed and its income taken),
  ``conduit_value`` (a Conduit space's value before its owner's), ``company_board_engineers`` (Engineers a
  module lets stand on a company board);
- production: ``production_bonus`` (Energy on top), ``after_production`` (after a production's event),
  ``conduit_used`` (each Conduit a production's drops went through), ``fulfils_contracts`` (whether a
  production may fulfil a contract);
- the end: ``final_scoring`` (first in final scoring: each company's final score, told after, includes it);
- the state: ``check_state`` (a saved or running position: what the module's own state must be),
  ``invariants`` (what must hold between the states of a running game).

A module's own state is a ``ModuleState`` dataclass kept in ``GameState.modules[id]`` (and in a save under
``[state.modules.<id>]``); ``state_of(st, TheState)`` reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar, TypeVar

from .components import load_data
from .decisions import Flow
from .state import ModuleState

MODULES_OPTION = "modules"  # Setup.options key: the ids of the modules switched on (modules.toml)

if TYPE_CHECKING:
    from .boards import Board
    from .build_costs import ExtraCost
    from .game import Game
    from .setup import Options, Setup
    from .state import GameState


@dataclass(frozen=True)
class ModuleFacts:
    """What ``modules.toml`` says of a module: its names, what switching it on does, the seats it allows."""

    id: str
    name: str
    short: str  # the start screen's one word for it
    text: str  # what switching it on does, for the start screen
    seats: tuple[int, int] | None  # the seat counts it is played with (None: the game's own)


class Module:
    """A module of the game: its facts and the hooks it fills. A hook not overridden is never called."""

    id: ClassVar[str]
    # A save field of the state before modules had their own namespace -> this module's state field it moved to
    # (save format version 3 kept module state in flat GameState fields; saves/codec.py migrates them).
    old_fields: ClassVar[dict[str, str]] = {}

    @property
    def facts(self) -> ModuleFacts:
        return known_modules()[self.id]

    # ------------------------------------------------------------ setup
    def problem(self, setup: Setup, board: Board) -> str | None:
        """Why ``setup`` cannot be played with this module (None: it can)."""
        return None

    def lay_out(self, state: GameState, board: Board, setup: Setup) -> None:
        """The module's setup, after the base game's draws and before the board's own tiles."""

    def lay_out_last(self, state: GameState, board: Board, setup: Setup) -> None:
        """The module's setup after the board's own tiles (every draw before it stays as it was)."""

    # ------------------------------------------------------------ the round
    def income(self, game: Game, seat: int) -> Flow[None]:
        """After ``seat``'s income in the Income phase."""
        yield from ()

    def round_begins(self, game: Game) -> None:
        """After the round's start is announced, before the headstreams are filled."""

    def after_water_flow(self, game: Game) -> Flow[None]:
        """A phase of the module between Water Flow and Scoring."""
        yield from ()

    # ------------------------------------------------------------ construction
    def build_cost(self, game: Game, seat: int, structure: str, space: str, base_less: bool) -> ExtraCost | None:
        """What the module adds to the price of ``seat`` building ``structure`` on ``space`` (None: nothing),
        asked for every space a build may go on (``build_costs.extra_cost``; never for a landscape).
        ``base_less``: an Elevation on an empty Dam space (Japan's, without a Base). The first answer that
        is not None is the build's."""
        return None

    def build_cost_zones(self, game: Game, structure: str) -> frozenset[int]:
        """The zones where ``build_cost`` may add to building ``structure`` (elsewhere it is not asked when
        the base game looks for a payable space)."""
        return frozenset()

    def after_build(self, game: Game, seat: int, structure: str, space: str, base_less: bool) -> Flow[None]:
        """After ``seat``'s piece is placed on ``space`` and its column's income taken (a construction's or an
        effect's free build; ``base_less`` as in ``build_cost``)."""
        yield from ()

    def conduit_value(self, game: Game, conduit: str, value: int) -> int:
        """A Conduit space's value, ``value`` as printed (or as an earlier module made it), before its
        owner's bonus: in production, in an effect's limit and in the build's words."""
        return value

    def company_board_engineers(self, game: Game, seat: int) -> int:
        """How many of a person's Engineers the module lets stand on ``seat``'s company board (an invariant;
        the base game lets none)."""
        return 0

    # ------------------------------------------------------------ production
    def production_bonus(self, game: Game, powerhouse_zone: int) -> int:
        """Energy a production through a Powerhouse of ``powerhouse_zone`` makes on top (also in Germany's
        second production; summed over the modules)."""
        return 0

    def after_production(self, game: Game, seat: int, powerhouse: str, conduits: list[str]) -> None:
        """After a production's event, before its tolls: the Powerhouse and the Conduits the drops went through."""

    def conduit_used(self, game: Game, conduit: str, drops: int) -> None:
        """After the toll of each Conduit a production's ``drops`` went through."""

    def fulfils_contracts(self, game: Game, powerhouse_zone: int) -> bool:
        """Whether a production through a Powerhouse of ``powerhouse_zone`` may fulfil a contract (every
        module must say yes)."""
        return True

    # ------------------------------------------------------------ the end
    def final_scoring(self, game: Game) -> None:
        """First in final scoring (the final scores told after include it)."""

    # ------------------------------------------------------------ the state
    def check_state(self, st: GameState, setup: Setup, board: Board, where: str) -> None:
        """Raise ``validation.InvalidState`` when the module's part of ``st`` is impossible (``where``: the
        state's path in messages, "state" or "origin"; ``path`` gives its own fields' paths)."""

    def path(self, where: str) -> str:
        """The path of the module's own state in messages: ``state.modules.<id>``."""
        return f"{where}.modules.{self.id}"

    def invariants(self, game: Game) -> list[str]:
        """What is wrong between the states of a running game, in words (empty: all is well)."""
        return []


HOOKS = ("problem", "lay_out", "lay_out_last", "income", "round_begins", "after_water_flow", "build_cost",
         "build_cost_zones", "after_build", "conduit_value", "company_board_engineers", "production_bonus",
         "after_production", "conduit_used", "fulfils_contracts", "final_scoring", "check_state", "invariants")

_registry: dict[str, Module] = {}
M = TypeVar("M", bound=type[Module])


def register(cls: M) -> M:
    """Class decorator: the module ``cls.id`` (one of modules.toml) is known to the game."""
    if cls.id not in known_modules():
        raise ValueError(f"module {cls.id!r} is not in modules.toml")
    if cls.id in _registry:
        raise ValueError(f"module {cls.id!r} is registered twice")
    _registry[cls.id] = cls()
    return cls


def registered() -> dict[str, Module]:
    """Every registered module, by id, in the order of modules.toml."""
    return {m: _registry[m] for m in known_modules() if m in _registry}


@cache
def known_modules() -> dict[str, ModuleFacts]:
    """The modules a game may switch on, by id (modules.toml)."""
    return {m["id"]: ModuleFacts(m["id"], m["name"], m["short"], m["text"],
                                 (m["seats"][0], m["seats"][1]) if "seats" in m else None)
            for m in load_data("modules")["module"]}


class Hooks:
    """The hooks of one game's modules, each point a tuple of the bound methods that override it (empty
    without modules). Made once per game: a hook point costs a loop over an empty tuple."""

    problem: tuple[Callable[[Setup, Board], str | None], ...]
    lay_out: tuple[Callable[[GameState, Board, Setup], None], ...]
    lay_out_last: tuple[Callable[[GameState, Board, Setup], None], ...]
    income: tuple[Callable[[Game, int], Flow[None]], ...]
    round_begins: tuple[Callable[[Game], None], ...]
    after_water_flow: tuple[Callable[[Game], Flow[None]], ...]
    build_cost: tuple[Callable[[Game, int, str, str, bool], ExtraCost | None], ...]
    build_cost_zones: tuple[Callable[[Game, str], frozenset[int]], ...]
    after_build: tuple[Callable[[Game, int, str, str, bool], Flow[None]], ...]
    conduit_value: tuple[Callable[[Game, str, int], int], ...]
    company_board_engineers: tuple[Callable[[Game, int], int], ...]
    production_bonus: tuple[Callable[[Game, int], int], ...]
    after_production: tuple[Callable[[Game, int, str, list[str]], None], ...]
    conduit_used: tuple[Callable[[Game, str, int], None], ...]
    fulfils_contracts: tuple[Callable[[Game, int], bool], ...]
    final_scoring: tuple[Callable[[Game], None], ...]
    check_state: tuple[Callable[[GameState, Setup, Board, str], None], ...]
    invariants: tuple[Callable[[Game], list[str]], ...]

    def __init__(self, modules: tuple[Module, ...]) -> None:
        self.modules = modules
        for name in HOOKS:
            setattr(self, name, tuple(getattr(m, name) for m in modules
                                      if getattr(type(m), name) is not getattr(Module, name)))


NO_HOOKS = Hooks(())


@cache
def _hooks(ids: frozenset[str]) -> Hooks:
    every = registered()
    return Hooks(tuple(m for i, m in every.items() if i in ids)) if ids else NO_HOOKS


def modules(options: Options) -> frozenset[str]:
    """The option ``modules``: the ids of the modules switched on (a list; none by default)."""
    value = options.get(MODULES_OPTION, ())
    return frozenset(str(m) for m in value) if isinstance(value, (list, tuple)) else frozenset()


def hooks_for(options: Options) -> Hooks:
    """The hooks of the modules ``options`` switches on."""
    return _hooks(modules(options))


S = TypeVar("S", bound=ModuleState)


def state_of(st: GameState, cls: type[S]) -> S | None:
    """The part of ``st`` that is the state of module ``cls.module`` (None: the module is off in this game)."""
    own = st.modules.get(cls.module)
    return own if isinstance(own, cls) else None
