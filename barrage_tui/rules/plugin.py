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
  ``after_water_flow`` (phases inserted between Water Flow and Scoring: the Duel's Check phase), ``round_ends``
  (the clean-up of rounds 1-4, after the Patent Office's refill),
  ``extra_headstream_drops`` (drops added to a headstream's refill), ``dam_capacity_bonus`` (drops a dam
  holds beyond its height);
- an action: ``action_spaces`` (action spaces the module adds, offered to a seat now: ``ActionSpot``s),
  ``unavailable_spaces`` (those not offered to a seat now, each with why, for the choices' words),
  ``free_spaces`` and ``block_space`` (those spaces nobody stands on, and an Automa's Engineers blocking one),
  ``action_discount``, ``red_discount``, ``engineer_discount`` (what a seat pays less for an
  action space, a red outline, a construction space), ``structure`` (a kind of structure the module adds:
  a ``Structure``), ``wild_structures`` (those of its structures a Joker tile builds too),
  ``build_cost_parts`` (what changes a seat's build costs), ``red_surcharge`` (credits a
  space's red outline costs on top), ``contract_reduction`` (energy less a contract needs),
  ``extra_contracts`` (contracts a production may fulfil besides the hand's and the displays');
  ``red_surcharge`` is also a module structure's whole red outline (it has no board outline of its own);
- construction: ``build_cost`` (what a module adds to a build's price: an ``ExtraCost``), ``build_cost_zones``
  (the zones where it may add one), ``replaces_cost`` (whether one may replace a structure's usual
  machinery rather than add to it), ``after_build`` (after a piece is placed and its income taken),
  ``conduit_value`` (a Conduit space's value before its owner's), ``company_board_engineers`` (Engineers a
  module lets stand on a company board);
- an officer's space whose action is the module's (Margot Fouche's: a private building's action):
  ``officer_action``;
- production: ``production_bonus`` (Energy on top), ``after_production`` (after a production's event),
  ``conduit_used`` (each Conduit a production's drops went through), ``fulfils_contracts`` (whether a
  production may fulfil a contract);
- the end: ``final_scoring`` (first in final scoring: each company's final score, told after, includes it),
  ``bonus_count`` and ``objective_quantity`` (a scoring tile's key the base game does not know),
  ``structures_by_area`` (structures a seat has in each area besides its pieces), ``final_scoring_last``
  (after the final scores are told, before the winner); ``bonus_tile`` and ``objective_tile`` (a tile of
  the module's by id: asked of every registered module, see ``module_bonus_tile``);
- the state: ``check_state`` (a saved or running position: what the module's own state must be),
  ``invariants`` (what must hold between the states of a running game), ``describe`` (its state in words,
  for ``barrage-tui inspect``);
- the map: ``map_marks`` (what the module lays on the board, for the map to show: ``MapMark``s),
  ``assumed_landscapes`` (the landscapes whose tile is not all printed: the map marks them ≈);
- a company board: ``company_pieces`` (the module's pieces on it, for its view: ``BoardPieces``).

A module switched on takes part in a game only where ``in_play(board)`` (the China Challenge: on a board with
landscapes); ``keeps_state`` says whether such a game has its state.

A module's own state is a ``ModuleState`` dataclass kept in ``GameState.modules[id]`` (and in a save under
``[state.modules.<id>]``); the module's own accessor reads it (e.g. ``modules/duel/state.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, ClassVar, TypeVar

from .components import ScoringTile, load_data
from .engine.decisions import Flow, Text
from .state import module_state_class

MODULES_OPTION = "modules"  # Setup.options key: the ids of the modules switched on (modules.toml)

if TYPE_CHECKING:
    from .boards import Board
    from .build_costs import ExtraCost
    from .game import Game
    from .setup import Options, Setup
    from .state import GameState


class Structure:
    """A kind of structure a module adds (a Technology tile whose ``builds`` is its ``name`` builds it): built
    on spaces of its own, with no piece of the company board, its machinery paid onto the wheel as usual."""

    name: str

    def spaces(self, game: Game, seat: int) -> list[str]:
        """The spaces ``seat`` may build it on now (its cost aside)."""
        raise NotImplementedError

    def unavailable(self, game: Game, seat: int) -> list[tuple[str, str]]:
        """The spaces ``seat`` may not build it on now, each with why."""
        return []

    def label(self, game: Game, space: str) -> str:
        """``space`` in words, for a choice."""
        raise NotImplementedError

    def short(self, game: Game, space: str) -> str:
        """``space`` in few words, for a narrow list of choices (its label, unless the module says fewer)."""
        return self.label(game, space)

    def data(self, game: Game, space: str) -> dict[str, object]:
        """The data a choice of ``space`` carries besides its price."""
        return {}

    def built(self, game: Game, seat: int, tile: str, space: str) -> Flow[None]:
        """It was paid for with ``tile`` on ``space``: what building it does."""
        yield from ()


@dataclass(frozen=True)
class ActionSpot:
    """An action space a module adds, as offered to a seat now (free, paid for, its action possible): where the
    Engineers stand (``engineers_on``; the placement's key is ``place:<id>``), what it takes, its words (the
    choice's label and few words, the place's name in the log), and what placing there does once the Engineers
    stand and the credits are paid (the module keeps who took it). The words may be functions, worked out
    when a client reads the choice (``Choice``'s); ``check``, when given, whether its action is possible for
    a seat now, asked only when the choice is (an ``Offer``'s check): a dear question need not be asked at
    every turn, and a spot that asks nothing of the game may be made once."""

    id: str
    engineers: int
    credits: int
    label: Text
    short: Text
    act: Callable[[Game, int], Flow[None]]
    name: str = ""
    check: Callable[[Game, int], bool] | None = None


@dataclass(frozen=True)
class CostParts:
    """What a module changes in a seat's build costs: the machinery (units, "excavators" | "mixers") each space
    of a module's structure costs; (Excavators, Mixers) less per structure built; Excavators less for a Conduit
    on a space; a module structure's space -> the second kind of its machinery (units, kind), when it takes both
    (a private building: Excavators and Mixers)."""

    structure_costs: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    discount: tuple[int, int] = (0, 0)
    conduit_discounts: Mapping[str, int] = field(default_factory=dict)
    second_costs: Mapping[str, tuple[int, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class MapMark:
    """Something a module lays on the board, for the map to show (a Geological token, a yield tile): ``text``
    in few letters at ``place`` (a dam, conduit or powerhouse space's id, or an area's name), ``look`` a word
    the app styles it by ("token", "yield:green"; "": plain), ``words`` what it is, and for an area's marks
    ``group``, their heading ("Yield")."""

    place: str
    text: str
    look: str = ""
    words: str = ""
    group: str = ""


@dataclass(frozen=True)
class BoardPieces:
    """A module's pieces on a company board, for the board to show (the Leeghwater Project's building pieces):
    ``name`` their kind, ``left`` of them still on the board out of ``of``, and ``placed`` where the others went,
    each in few words."""

    name: str
    left: int
    of: int
    placed: tuple[str, ...] = ()


@dataclass(frozen=True)
class ModuleFacts:
    """What ``modules.toml`` says of a module: its names, what switching it on does, the seats it allows."""

    id: str
    name: str
    short: str  # the start screen's one word for it
    text: str  # what switching it on does, for the start screen
    seats: tuple[int, int] | None  # the seat counts it is played with (None: the game's own)
    offered: bool = True  # False: still being built; a Setup may switch it on, the start screen and sim do not offer it
    introductory: bool = True  # False: not played in the introductory game


class Module:
    """A module of the game: its facts and the hooks it fills. A hook not overridden is never called."""

    id: ClassVar[str]
    # A save field of the state before modules had their own namespace -> this module's state field it moved to
    # (save format version 3 kept module state in flat GameState fields; saves/codec.py migrates them).
    old_fields: ClassVar[dict[str, str]] = {}

    def in_play(self, board: Board) -> bool:
        """Whether the module has rules in a game on ``board`` (the China Challenge only on a board with
        landscapes; elsewhere switching it on only brings China into the company pool). A module not in play
        runs none of its hooks in that game."""
        return True

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

    def round_ends(self, game: Game) -> None:
        """The clean-up at the end of rounds 1-4, after the Patent Office's refill (not after the last round)."""

    def extra_headstream_drops(self, game: Game) -> Mapping[str, int]:
        """Headstream -> drops added to its refill this round (water.fill_headstreams; empty: none)."""
        return {}

    def dam_capacity_bonus(self, game: Game, space: str) -> int:
        """Drops the dam on ``space`` holds beyond its height (water.capacity)."""
        return 0

    # ------------------------------------------------------------ an action
    def action_spaces(self, game: Game, seat: int) -> Sequence[ActionSpot]:
        """The module's action spaces ``seat`` may place Engineers on now (free, its Engineers and credits had,
        its action possible): offered in the turn beside the Management board's."""
        return ()

    def unavailable_spaces(self, game: Game, seat: int) -> Sequence[tuple[str, str]]:
        """The module's action spaces ``seat`` might look for but may not take now: (their words, why), shown
        beside the choices of an action (asked only when a client reads them)."""
        return ()

    def free_spaces(self, game: Game) -> Sequence[str]:
        """The module's action spaces on the table that nobody stands on now (``actions.space_free``: where an
        Automa's Engineers may block one, ``block_space``)."""
        return ()

    def block_space(self, game: Game, seat: int, space: str) -> str | None:
        """An Automa's Engineers stand on ``space`` only to block it (automa.md 4.3): where it is one of the
        module's action spaces, it is taken by ``seat`` for the round and its name for the log is returned
        (``IllegalChoice`` where someone stands on it); None where it is not the module's."""
        return None

    def action_discount(self, game: Game, seat: int) -> int:
        """Credits less ``seat`` pays for an action space's printed cost (not its red surcharge)."""
        return 0

    def red_discount(self, game: Game, seat: int) -> int:
        """Credits less ``seat`` pays for a red outline (of a building, action or construction space)."""
        return 0

    def engineer_discount(self, game: Game, seat: int, column: int) -> int:
        """Engineers less ``seat``'s construction space ``column`` (1-4) needs."""
        return 0

    def structure(self, name: str) -> Structure | None:
        """The kind of structure ``name`` if the module adds it (None: not the module's)."""
        return None

    def wild_structures(self, game: Game) -> tuple[str, ...]:
        """The module's structures a tile that builds any structure (a Joker) builds too (build_tiles)."""
        return ()

    def build_cost_parts(self, game: Game, seat: int) -> CostParts | None:
        """What the module changes in ``seat``'s build costs now (None: nothing)."""
        return None

    def red_surcharge(self, game: Game, structure: str, space: str) -> int:
        """Credits building ``structure`` on ``space`` costs on top of the board's red outline."""
        return 0

    def contract_reduction(self, game: Game, seat: int) -> int:
        """Energy less each contract ``seat`` fulfils needs (on top of a company's own reduction)."""
        return 0

    def extra_contracts(self, game: Game, area: str) -> Mapping[int, Callable[[], object]]:
        """Contracts a production with a Powerhouse in ``area`` may fulfil besides the hand's, the National and
        the displays', each with what taking it does where it lies."""
        return {}

    def automa_operations(self) -> Mapping[str, Callable[..., Flow[None] | None]]:
        """The operations of an Automa's step the module adds, by verb (automa_step: ``work:<position>:<n>``
        takes an External Work): each called with the game, the seat and the operation's arguments."""
        return {}

    def officer_action(self, game: Game, seat: int, officer: str) -> Callable[[], Flow[None]] | None:
        """The action of ``officer``'s space when it is the module's and ``seat`` can carry it out now (its
        fee paid), to be run once the Engineers stand there; None: not the module's, or not now."""
        return None

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

    def replaces_cost(self, game: Game, structure: str) -> bool:
        """Whether ``build_cost`` may now replace the usual machinery of building ``structure`` somewhere rather
        than only add to it (then a build of it may cost less of one kind than the board's cheapest, and the
        check of what can be built looks at every space)."""
        return False

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

    def bonus_count(self, game: Game, seat: int, key: str) -> int | None:
        """What ``seat`` counts for a bonus tile's ``key`` (None: not a key of the module's)."""
        return None

    def tally(self, game: Game, seat: int, name: str) -> int | None:
        """A count this module keeps that another module's rule asks for by name, so that neither imports the
        other (the Duel's External Works condition asks "external_work_machinery"); None: not a name of its."""
        return None

    def objective_quantity(self, game: Game, seat: int, key: str) -> int | None:
        """``seat``'s quantity for an objective tile's ``key`` (None: not a key of the module's)."""
        return None

    def structures_by_area(self, game: Game, seat: int) -> Mapping[str, int]:
        """Area -> structures of ``seat`` there besides its pieces (they count for "structures in an area")."""
        return {}

    def final_scoring_last(self, game: Game) -> None:
        """Last in final scoring: after each company's final score is told, before the winner."""

    def bonus_tile(self, tile_id: int) -> ScoringTile | None:
        """The module's bonus tile ``tile_id`` (None: not one of its)."""
        return None

    def added_bonus_tiles(self) -> tuple[int, ...]:
        """The bonus tiles the module shuffles in with the base game's (setup.draw_bonus_tiles draws from them all)."""
        return ()

    def objective_tile(self, tile_id: int) -> ScoringTile | None:
        """The module's objective tile ``tile_id`` (None: not one of its)."""
        return None

    # ------------------------------------------------------------ the state
    def check_state(self, st: GameState, setup: Setup, board: Board, where: str) -> None:
        """Raise ``validation.InvalidState`` when the module's part of ``st`` is impossible (``where``: the
        state's path in messages, "state" or "origin"; ``path`` gives its own fields' paths)."""

    def path(self, where: str) -> str:
        """The path of the module's own state in messages: ``state.modules.<id>``."""
        return f"{where}.modules.{self.id}"

    def keeps_state(self, setup: Setup, board: Board) -> bool:
        """Whether a game of ``setup`` on ``board`` has the module's state (default: it has a state class)."""
        try:
            module_state_class(self.id)
        except KeyError:
            return False
        return True

    def invariants(self, game: Game) -> list[str]:
        """What is wrong between the states of a running game, in words (empty: all is well)."""
        return []

    def describe(self, game: Game, who: Callable[[int], str]) -> list[str]:
        """The module's state in words, a line each (``who(seat)`` names a seat or the neutral owner), for a
        plain-text look at a game (``barrage-tui inspect``)."""
        return []

    # ------------------------------------------------------------ the map
    def map_marks(self, game: Game) -> tuple[MapMark, ...]:
        """What the module lays on the board now, each at its place (``rules/views/map.py`` shows them)."""
        return ()

    def assumed_landscapes(self, game: Game) -> frozenset[str]:
        """The board's landscape spaces whose laid tile is partly decided rather than printed."""
        return frozenset()

    # ------------------------------------------------------------ a company board
    def company_pieces(self, game: Game, seat: int) -> tuple[BoardPieces, ...]:
        """The module's pieces on ``seat``'s company board (``rules/views/company.py`` shows them)."""
        return ()


HOOKS = ("problem", "lay_out", "lay_out_last",
         "income", "round_begins", "after_water_flow", "round_ends", "extra_headstream_drops", "dam_capacity_bonus",
         "action_spaces", "unavailable_spaces", "free_spaces", "block_space", "action_discount", "red_discount", "engineer_discount", "structure", "wild_structures",
         "build_cost_parts", "red_surcharge",
         "contract_reduction", "extra_contracts", "automa_operations", "officer_action",
         "build_cost", "build_cost_zones", "replaces_cost", "after_build", "conduit_value", "company_board_engineers",
         "production_bonus", "after_production", "conduit_used", "fulfils_contracts",
         "final_scoring", "bonus_count", "tally", "objective_quantity", "structures_by_area", "final_scoring_last",
         "bonus_tile", "added_bonus_tiles", "objective_tile",
         "check_state", "invariants", "describe", "map_marks", "assumed_landscapes", "company_pieces")

_registry: dict[str, Module] = {}
M = TypeVar("M", bound=type[Module])


def register(cls: M) -> M:
    """Class decorator: the module ``cls.id`` (one of modules.toml) is known to the game."""
    if cls.id not in every_module():
        raise ValueError(f"module {cls.id!r} is not in modules.toml")
    if cls.id in _registry:
        raise ValueError(f"module {cls.id!r} is registered twice")
    _registry[cls.id] = cls()
    return cls


def registered() -> dict[str, Module]:
    """Every registered module, by id, in the order of modules.toml."""
    return {m: _registry[m] for m in every_module() if m in _registry}


@cache
def known_modules() -> dict[str, ModuleFacts]:
    """The modules offered to players, by id (modules.toml): the start screen's, the CLI's and sim's list."""
    return {m: facts for m, facts in every_module().items() if facts.offered}


@cache
def every_module() -> dict[str, ModuleFacts]:
    """Every module of modules.toml, by id, those not yet offered (``offered = false``) too: a game's setup
    may switch any of them on (their tests do)."""
    return {m["id"]: ModuleFacts(m["id"], m["name"], m["short"], m["text"],
                                 (m["seats"][0], m["seats"][1]) if "seats" in m else None, m.get("offered", True),
                                 m.get("introductory", True))
            for m in load_data("modules")["module"]}


def hook_owner(hook: Callable[..., object]) -> str:
    """The few words naming the module a hook of ``Hooks`` belongs to ("Geological"): what the log says a
    part of a sum came from."""
    module = getattr(hook, "__self__", None)  # (the hooks are the modules' bound methods)
    facts = every_module().get(getattr(module, "id", ""))
    return facts.short if facts is not None else "module"


class Hooks:
    """The hooks of one game's modules, each point a tuple of the bound methods that override it (empty
    without modules). Made once per game: a hook point costs a loop over an empty tuple."""

    problem: tuple[Callable[[Setup, Board], str | None], ...]
    lay_out: tuple[Callable[[GameState, Board, Setup], None], ...]
    lay_out_last: tuple[Callable[[GameState, Board, Setup], None], ...]
    income: tuple[Callable[[Game, int], Flow[None]], ...]
    round_begins: tuple[Callable[[Game], None], ...]
    after_water_flow: tuple[Callable[[Game], Flow[None]], ...]
    round_ends: tuple[Callable[[Game], None], ...]
    extra_headstream_drops: tuple[Callable[[Game], Mapping[str, int]], ...]
    dam_capacity_bonus: tuple[Callable[[Game, str], int], ...]
    action_spaces: tuple[Callable[[Game, int], Sequence[ActionSpot]], ...]
    unavailable_spaces: tuple[Callable[[Game, int], Sequence[tuple[str, str]]], ...]
    free_spaces: tuple[Callable[[Game], Sequence[str]], ...]
    block_space: tuple[Callable[[Game, int, str], str | None], ...]
    action_discount: tuple[Callable[[Game, int], int], ...]
    red_discount: tuple[Callable[[Game, int], int], ...]
    engineer_discount: tuple[Callable[[Game, int, int], int], ...]
    structure: tuple[Callable[[str], Structure | None], ...]
    wild_structures: tuple[Callable[[Game], tuple[str, ...]], ...]
    build_cost_parts: tuple[Callable[[Game, int], CostParts | None], ...]
    red_surcharge: tuple[Callable[[Game, str, str], int], ...]
    contract_reduction: tuple[Callable[[Game, int], int], ...]
    extra_contracts: tuple[Callable[[Game, str], Mapping[int, Callable[[], object]]], ...]
    automa_operations: tuple[Callable[[], Mapping[str, Callable[..., Flow[None] | None]]], ...]
    officer_action: tuple[Callable[[Game, int, str], Callable[[], Flow[None]] | None], ...]
    build_cost: tuple[Callable[[Game, int, str, str, bool], ExtraCost | None], ...]
    build_cost_zones: tuple[Callable[[Game, str], frozenset[int]], ...]
    replaces_cost: tuple[Callable[[Game, str], bool], ...]
    after_build: tuple[Callable[[Game, int, str, str, bool], Flow[None]], ...]
    conduit_value: tuple[Callable[[Game, str, int], int], ...]
    company_board_engineers: tuple[Callable[[Game, int], int], ...]
    production_bonus: tuple[Callable[[Game, int], int], ...]
    after_production: tuple[Callable[[Game, int, str, list[str]], None], ...]
    conduit_used: tuple[Callable[[Game, str, int], None], ...]
    fulfils_contracts: tuple[Callable[[Game, int], bool], ...]
    final_scoring: tuple[Callable[[Game], None], ...]
    bonus_count: tuple[Callable[[Game, int, str], int | None], ...]
    tally: tuple[Callable[[Game, int, str], int | None], ...]
    objective_quantity: tuple[Callable[[Game, int, str], int | None], ...]
    structures_by_area: tuple[Callable[[Game, int], Mapping[str, int]], ...]
    final_scoring_last: tuple[Callable[[Game], None], ...]
    bonus_tile: tuple[Callable[[int], ScoringTile | None], ...]
    added_bonus_tiles: tuple[Callable[[], tuple[int, ...]], ...]
    objective_tile: tuple[Callable[[int], ScoringTile | None], ...]
    check_state: tuple[Callable[[GameState, Setup, Board, str], None], ...]
    invariants: tuple[Callable[[Game], list[str]], ...]
    describe: tuple[Callable[[Game, Callable[[int], str]], list[str]], ...]
    map_marks: tuple[Callable[[Game], tuple[MapMark, ...]], ...]
    assumed_landscapes: tuple[Callable[[Game], frozenset[str]], ...]
    company_pieces: tuple[Callable[[Game, int], tuple[BoardPieces, ...]], ...]

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


def hooks_for(options: Options, board: Board) -> Hooks:
    """The hooks of the modules ``options`` switches on that are in play on ``board``."""
    on = modules(options)
    if not on:
        return NO_HOOKS
    every = registered()
    return _hooks(frozenset(m for m in on if m in every and every[m].in_play(board)))


def tally(game: Game, seat: int, name: str) -> int:
    """``seat``'s count ``name`` as the module that keeps it says (``Module.tally``); 0 where none does."""
    for hook in game.hooks.tally:
        if (n := hook(game, seat, name)) is not None:
            return n
    return 0


def module_structure(game: Game, name: str) -> Structure | None:
    """The kind of structure ``name`` one of the game's modules adds (None: none does)."""
    for hook in game.hooks.structure:
        if (found := hook(name)) is not None:
            return found
    return None


def module_bonus_tile(tile_id: int) -> ScoringTile | None:
    """A registered module's bonus tile ``tile_id`` (None: no module has it): a tile id is the box's, whether
    the module is on in a game or not."""
    for m in registered().values():
        if (tile := m.bonus_tile(tile_id)) is not None:
            return tile
    return None


def module_objective_tile(tile_id: int) -> ScoringTile | None:
    """A registered module's objective tile ``tile_id`` (None: no module has it)."""
    for m in registered().values():
        if (tile := m.objective_tile(tile_id)) is not None:
            return tile
    return None
