"""The game's components, loaded once from the TOML files in ``rules/data``.

Facts live in the data files; this module only turns them into typed, read-only objects.
Everything here is immutable: the changing state of a game lives in ``state.py``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, TypedDict, TypeVar, cast

from .boards import AREAS as AREAS, Board, parse_bytes

STRUCTURES = ("base", "elevation", "conduit", "powerhouse")

# A table of a data file as TOML gives it. ``Any`` is the honest type of its values (a number, a text, a
# list or another table, depending on the key): the loaders below build the facts into typed dataclasses;
# the tables kept as they are (a reward, an action's or a tile's parameters) are read by key where used.
Toml = Mapping[str, Any]

K = TypeVar("K")
V = TypeVar("V")


# ---------------------------------------------------------------- reading the data files

def data_files() -> list[str]:
    """The names of the data files (without ``.toml``): those of ``rules/data`` by their name, a module's
    (``rules/modules/<id>/data``) as ``<id>/<name>``."""
    root = resources.files(__package__)
    names = [f.name[:-5] for f in root.joinpath("data").iterdir() if f.name.endswith(".toml")]
    for module in root.joinpath("modules").iterdir():
        if module.joinpath("data").is_dir():
            names += [f"{module.name}/{f.name[:-5]}" for f in module.joinpath("data").iterdir()
                      if f.name.endswith(".toml")]
    return sorted(names)


def _read_file(name: str) -> dict[str, Any]:
    module, _, file = name.rpartition("/")  # a module's own data: "<id>/<name>"
    folder = resources.files(__package__).joinpath(*(("modules", module, "data") if module else ("data",)))
    with folder.joinpath(f"{file}.toml").open("rb") as fh:
        return tomllib.load(fh)


class _Table(Mapping[str, Any]):
    """A TOML table that notes every key whose value is taken (``t[k]``, ``t.get(k)``, ``t.items()``).
    Asking whether a key is there, or listing the keys, reads no value."""

    __slots__ = ("_data", "_path", "_read")

    def __init__(self, data: dict[str, Any], path: str, read: set[str]) -> None:
        self._data, self._path, self._read = data, path, read

    def __getitem__(self, key: str) -> Any:
        value = self._data[key]
        path = f"{self._path}.{key}" if self._path else str(key)
        self._read.add(path)
        return _recorded(value, path, self._read)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def _is_tables(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _recorded(value: Any, path: str, read: set[str]) -> Any:
    if isinstance(value, dict):
        return _Table(value, path, read)
    if _is_tables(value):
        return [_Table(v, f"{path}[]", read) for v in value]  # the items of an array share one path
    return value


def value_keys(value: Any, path: str = "") -> set[str]:
    """The keys of a TOML document that hold values (not tables), as ``_Table`` notes them: ``a.b``, and
    ``a[].b`` for the items of an array of tables."""
    if isinstance(value, dict):
        return set[str]().union(*(value_keys(v, f"{path}.{k}" if path else str(k)) for k, v in value.items()))
    if _is_tables(value):
        return set[str]().union(*(value_keys(v, f"{path}[]") for v in value))
    return {path}


class DataReads:
    """The keys of every data file, and the ones read while it was recording (see ``recording_reads``)."""

    def __init__(self) -> None:
        self.read: dict[str, set[str]] = {}

    def load(self, name: str) -> Toml:
        return _Table(_read_file(name), "", self.read.setdefault(name, set()))

    def unread(self) -> dict[str, set[str]]:
        """file -> the value keys no loader read (a file never loaded: all of them)."""
        return {name: value_keys(_read_file(name)) - self.read.get(name, set()) for name in data_files()}


_recording: DataReads | None = None


def load_data(name: str) -> Toml:
    """A data file as plain tables (``name``: see ``data_files``): the one way the rules read one."""
    return _recording.load(name) if _recording is not None else _read_file(name)


@contextmanager
def recording_reads() -> Iterator[DataReads]:
    """Note every key the loaders read in this block (a test asserts no key of a data file goes unread).
    The loaders are cached: call their ``__wrapped__`` inside the block."""
    global _recording
    reads = DataReads()
    outer, _recording = _recording, reads
    try:
        yield reads
    finally:
        _recording = outer


def _plain(value: Any) -> Any:
    """A table taken whole as data (a reward, an action's parameters): plain dicts, every key read."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy (its tables made plain: the same keys and values)."""
    return MappingProxyType(_plain(mapping))


frozen_table = _frozen  # (for a module's data taken whole: the extra action board's actions' figures)


@dataclass(frozen=True)
class HeadstreamTile:
    id: int
    drops_by_round: tuple[int, ...]  # rounds 1-4
    assumed: str = ""  # the note the app shows for an invented tile (the Duel's: headstreams.toml)


@dataclass(frozen=True)
class ActionSpace:
    id: str
    board: str
    row: int
    column: int
    engineers: int  # 0 = the Bank: any number, at least one
    extra_credits: int  # red outline fee
    min_players: int
    action: str
    cost_credits: int
    params: Toml  # action-specific: production_bonus, drops, rotations, gain, contracts, slot
    introductory: bool = True


@dataclass(frozen=True)
class Contract:
    id: int
    kind: str  # starting | national | green | yellow | red
    energy: int
    reward: Toml  # credits, vp, build, ... as printed (rewards.py)
    companies: int = 1  # in play only in a game with at least this many companies (the fifth starting one: 5)
    assumed: str = ""  # why it is not as printed in any source ("": printed)


@dataclass(frozen=True)
class TechTile:
    id: str
    level: int  # 0 basic, 1-3 advanced, -1 special (Anton)
    builds: str  # base | elevation | conduit | powerhouse | any | copy
    effect: str = ""  # the key of its handler in patents.EFFECTS
    engineer_free: bool = False
    text: str = ""
    params: Toml = field(default_factory=dict)  # the effect's figures (tech-tiles.toml ``params``)
    introductory_only: bool = False  # a basic tile handed out in the introductory game only (the joker)
    name: str = ""  # what a player reads (tech-tiles.toml), e.g. "Conduit (level II)"


@dataclass(frozen=True)
class Company:
    id: str
    name: str
    colour: str
    income: Mapping[str, Mapping[int, Toml]]  # structure -> pieces built -> reward
    ability: str  # the id of its ability's plug-in (rules/companies/)
    ability_text: str
    introductory: Toml  # turn_position, officer, starting_contract
    ability_amount: int = 0  # the number of its ability (Italy's +3 Energy, France's -3)
    ability_short: str = ""  # the ability in the app's few words
    # A board beyond the base game's (Brazil): the credits some incomes cost (structure -> column -> price),
    # the machinery lost for good per column (column -> (Excavators, mixers)), the rows taken in any order.
    income_price: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    column_loss: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    any_order: frozenset[str] = frozenset()
    assumed: str = ""  # what of its data is assumed, for the app to show ("" = all from a source)
    module: str = ""  # the expansion module it comes with (Setup.options["modules"]), "" for the base game
    base_game: bool = True  # False: a company of an expansion module (``module``)
    construction: CompanyConstruction = field(default_factory=lambda: CompanyConstruction())
    pipelines: Pipelines = field(default_factory=lambda: Pipelines())  # its Conduits' value and fee (China)
    # The Powerhouse row's pieces by column when each is its own (China's): cost and ability; () = alike.
    powerhouse_pieces: tuple[PowerhousePiece, ...] = ()
    powerhouse_row_bonus: bool = True  # False: no +1 / +3 production bonus from the Powerhouse row (China)
    automa_playable: bool = True  # False: an Automa never plays it (its one home; setup asks here)
    letter: str = ""  # the app's one letter for it (its badge reads without colour)
    screen_colour: str = ""  # the app's badge colour (hex), its colour where it shows on a terminal

    def income_slots(self, structure: str) -> tuple[int, ...]:
        """The slots of the ``structure`` row that show an income (2, 4, 5 on the base boards)."""
        return tuple(sorted(self.income.get(structure, {})))


@dataclass(frozen=True)
class CompanyConstruction:
    """What a company board changes in construction, all game long (not only with its 3rd Powerhouse).
    The defaults are the base boards'; Japan's are in its data entry."""

    elevation_resource: str = "mixers"  # what an Elevation is paid in: mixers | excavators
    elevation_units: Mapping[str, int] | None = None  # by area; None: the common elevation cost
    elevation_without_base: bool = False  # an Elevation may be built on an empty dam space (a height-1 dam)
    max_dam_height: int = 3  # the tallest dam of the company (Base + Elevations)


@dataclass(frozen=True)
class FeeStep:
    """From ``from_conduits_built`` Conduits built, what a user of one of them pays per drop and its owner scores."""

    from_conduits_built: int
    credits_per_drop: int
    vp_per_drop: int


BASE_FEE = FeeStep(0, 1, 1)  # the base game: 1 credit per drop to the Conduit's owner, who scores 1 VP per drop


@dataclass(frozen=True)
class Pipelines:
    """What a company's Conduits are worth and cost beyond the printed space (China's pressure pipelines).
    The defaults are the base boards'."""

    value_bonus: int = 0  # added to the production value of its built Conduits, for every user
    extra_mixers: int = 0  # Mixers a Conduit costs on top of its usual Excavators
    fee: tuple[FeeStep, ...] = (BASE_FEE,)  # by Conduits built, ascending


@dataclass(frozen=True)
class PowerhousePiece:
    """One of a company's distinct Powerhouse pieces (China's): its column, fixed Mixer cost and ability."""

    column: int
    mixers: int
    ability: str  # none | production_plus_2 | vp_per_2_energy | one_extra_drop (rules/companies/china.py)
    text: str
    short: str  # the app's few letters for it, on the company board


@dataclass(frozen=True)
class Supply:
    """What a company starts the game with: companies.toml [common], changed by its chief engineer's
    ``starting`` (officers.toml). The basic Technology tiles come from tech-tiles.toml."""

    vp: int
    credits: int
    excavators: int
    mixers: int
    engineers: int
    excamixers: int = 0  # Elon Audia's Mixer Excavators
    architect: bool = False  # one more Engineer, Tommaso Battista's Architect
    extra_tiles: tuple[str, ...] = ()  # besides the basic tiles (Anton Krylov's)


@dataclass(frozen=True)
class ConstructionCost:
    """The machinery a construction takes (companies.toml [common.construction_cost])."""

    base_excavators: Mapping[str, int]  # by area
    elevation_mixers: Mapping[str, int]  # by area
    conduit_excavators_per_production: int
    powerhouse_mixers: tuple[int, ...]  # your 1st, 2nd, 3rd, 4th Powerhouse, wherever it is


@dataclass(frozen=True)
class Officer:
    id: str
    name: str
    origin: str
    ability: str
    starting: Toml = field(default_factory=dict)  # what ``start`` changes, as written in the data
    ability_text: str = ""  # as printed (the expansion's new officers)
    copying: str = ""  # what happens when Mahiri Sekibo copies the officer, as printed
    selectable: bool = True  # False: the start screen's fixed list leaves it out (Angelo Alberti: ``requires``)
    requires: tuple[str, ...] = ()  # the modules it needs (setup.py draws it only with them on)
    start: Supply = field(kw_only=True)  # what a company with this chief engineer starts with
    short: str = field(default="", kw_only=True)  # the ability in the app's few words
    decision: str = field(default="", kw_only=True)  # how an unclear point of the text is read (the help)
    automa_playable: bool = field(default=True, kw_only=True)  # False: never an Automa's (its one home)
    copies_others: bool = field(default=False, kw_only=True)  # its ability copies the others' (Mahiri)
    # with an Automa that has it, the others' first action of a round goes the Automa way (Mahiri)
    automa_first_action_for_others: bool = field(default=False, kw_only=True)


@dataclass(frozen=True)
class ScoringTile:
    id: int
    key: str
    vp_each: int = 0
    text: str = ""
    introductory: bool = True


class Common(TypedDict):
    """What the rules look up in companies.toml [common] by name (read-only)."""

    pieces: Mapping[str, int]  # by structure
    engineers: int
    powerhouse_production_bonus: Mapping[str, int]  # "built_<n>" -> the bonus with n Powerhouses built
    ability_unlocked_at_powerhouses: int


class Placement(TypedDict):
    """The Energy Track's awards for the round's places (energy-track.toml [placement], read-only)."""

    first_vp: int
    second_vp: int
    requires_energy_at_least: int
    tie_first_shared_vp: int
    tie_second_vp_each: int


@dataclass(frozen=True)
class Components:
    map: Board  # the base game's board; a game's own board is ``game.board`` (board_files.board_of)
    headstreams: Mapping[int, HeadstreamTile]
    spaces: Mapping[str, ActionSpace]
    construction_spaces: tuple[tuple[int, int], ...]  # (engineers, red fee) for company spaces 1..4
    mahiri_spaces: tuple[tuple[int, int], ...]
    contracts: Mapping[int, Contract]
    hand_limit: int
    basic_tiles: Mapping[str, TechTile]
    advanced_tiles: Mapping[str, TechTile]
    special_tiles: Mapping[str, TechTile]
    china_tiles: Mapping[str, TechTile]  # the China Challenge's: the Landscape tile and 3 advanced ones
    module_tiles: Mapping[str, TechTile]  # the modules' own tiles (each module's data/tech-tiles.toml), dealt by its setup
    companies: Mapping[str, Company]
    officers: Mapping[str, Officer]
    start: Supply  # what a company starts with (a chief engineer may change it: ``Officer.start``)
    construction_cost: ConstructionCost
    wheel_segments: int
    income_slots: tuple[int, ...]  # the slots of a company board's rows that show an income (2, 4, 5)
    rounds: int  # game-flow.toml
    bonus_tiles: Mapping[int, ScoringTile]
    objective_tiles: Mapping[int, ScoringTile]
    objective_vp: tuple[int, ...]
    credit_bands: tuple[tuple[int, int, int, int], ...]  # (min, max, credits, vp)
    placement: Placement
    bonus_min_energy: int
    bonus_malus_per_section: int
    common: Common
    energy_section: int  # energy-track.toml: section r of the track starts at r x this
    energy_cap: int  # energy-track.toml [wrap]: with the 30 side up it counts as this for credits and bonuses
    seats: tuple[int, int]  # game-flow.toml: the fewest and most companies at any table
    board_seats: tuple[int, ...]  # game-flow.toml: the seat counts of a board that lists none (1-4)
    national_fewer_than_companies: int  # contracts.toml: National contracts in play = companies - this
    face_up_per_colour: int  # contracts.toml: private contracts face up in the display, per colour
    action_texts: Mapping[str, str]  # management-board.toml [actions]: what each action does, in words

    def tile(self, tile_id: str) -> TechTile:
        for table in (self.basic_tiles, self.advanced_tiles, self.special_tiles, self.china_tiles, self.module_tiles):
            if tile_id in table:
                return table[tile_id]
        raise KeyError(tile_id)

    @property
    def every_advanced_tile(self) -> list[str]:
        """The advanced tiles of every box (levels I-III: the base game's, China's, the modules'), in printed
        order: a module's setup may put any of them in the level piles (setup.reshuffle_patent_piles)."""
        return [*self.advanced_tiles, *(t for t, c in [*self.china_tiles.items(), *self.module_tiles.items()]
                                        if c.level > 0)]

    def contracts_of(self, kind: str) -> list[Contract]:
        return [c for c in self.contracts.values() if c.kind == kind]


BASE_BOARD = "base"  # the id of the base game's board (data/boards/base.toml)


def builtin_board_bytes(board_id: str) -> bytes:
    """The bytes of a board file shipped in ``rules/data/boards`` (FileNotFoundError: no such board)."""
    return resources.files(__package__).joinpath("data", "boards", f"{board_id}.toml").read_bytes()


def builtin_boards() -> list[str]:
    """The ids of the boards shipped in ``rules/data/boards``."""
    return sorted(f.name[:-5] for f in resources.files(__package__).joinpath("data", "boards").iterdir()
                  if f.name.endswith(".toml"))


def _load_spaces() -> tuple[dict[str, ActionSpace], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    raw = load_data("management-board")
    common = {"id", "board", "row", "column", "engineers", "red_outline", "extra_credits", "min_players",
              "action", "cost_credits", "private", "introductory_game", "exclusive"}
    spaces: dict[str, ActionSpace] = {}
    construction: list[tuple[int, int]] = []
    mahiri: list[tuple[int, int]] = []
    for s in raw["space"]:
        if s["board"] == "company":
            construction.append((s["engineers"], s["extra_credits"]))
        elif s["board"] == "officer":
            mahiri.append((s["engineers"], s["extra_credits"]))
        else:
            params = _frozen({k: s[k] for k in s if k not in common})  # the action's own figures
            spaces[s["id"]] = ActionSpace(s["id"], s["board"], s["row"], s["column"], s["engineers"],
                                          s["extra_credits"], s["min_players"], s["action"],
                                          s["cost_credits"], params, s.get("introductory_game", True))
    return spaces, tuple(construction), tuple(mahiri)


def _load_contracts() -> tuple[dict[int, Contract], Toml]:
    raw = load_data("contracts")
    contracts: dict[int, Contract] = {}
    for kind in ("starting", "national", "green", "yellow", "red"):
        for c in raw[kind]:
            contracts[c["id"]] = Contract(c["id"], kind, c["energy"], _frozen(c["reward"]), c.get("companies", 1),
                                          c.get("assumed", ""))
    return contracts, raw["counts"]


def _load_tiles() -> tuple[dict[str, TechTile], dict[str, TechTile], dict[str, TechTile], dict[str, TechTile]]:
    raw = load_data("tech-tiles")
    basic = {t["id"]: TechTile(t["id"], t["level"], t["builds"], introductory_only=t["introductory_only"],
                               name=t["name"]) for t in raw["basic"]}
    advanced = {t["id"]: TechTile(t["id"], t["level"], t["builds"], t["effect"], t["engineer_free"],
                                  t["effect_text"], _frozen(t.get("params", {})), name=t["name"])
                for t in raw["advanced"]}
    special = {t["id"]: TechTile(t["id"], -1, t["builds"], "copy", False, t["effect_text"], name=t["name"])
               for t in raw["special"] if t["base_game"]}
    china = {t["id"]: TechTile(t["id"], t["level"], t["builds"], t["effect"], False, t["effect_text"],
                               _frozen(t["params"]), name=t["name"]) for t in raw["china"]}
    return basic, advanced, special, china


def _module_tiles() -> dict[str, TechTile]:
    """The technology tiles the modules bring (``<id>/tech-tiles.toml`` ``[[tile]]``; a module's setup deals them)."""
    return {t["id"]: TechTile(t["id"], t["level"], t["builds"], t["effect"], False, t["effect_text"],
                              _frozen(t["params"]), name=t["name"])
            for name in data_files() if name.endswith("/tech-tiles") for t in load_data(name)["tile"]}


def _load_companies(raw: Toml) -> dict[str, Company]:
    """The base game's companies and those of an expansion module the game knows (``module``); one without
    (the Netherlands, of The Leeghwater Project) is read but left out."""
    companies: dict[str, Company] = {}
    for c in raw["company"]:
        # slot n -> reward: building the n-th piece of a row uncovers slot n (only some slots pay)
        income = {s: _frozen({int(n): _frozen(r) for n, r in c[f"income_{s}"].items()})
                  for s in ("base", "elevation", "conduit")}
        prices = {s: _frozen({int(n): p for n, p in row.items()}) for s, row in c.get("income_price", {}).items()}
        loss = {x["column"]: (x["excavators"], x["mixers"]) for x in c.get("column_machinery_loss", [])}
        company = Company(c["id"], c["name"], c["colour"], _frozen(income), c["ability"], c["ability_text"],
                          _frozen(c.get("introductory", {})), c.get("ability_amount", 0), c.get("ability_short", ""),
                          _frozen(prices), _frozen(loss), frozenset(c.get("any_order", ())), c.get("assumed", ""),
                          c.get("module", ""), c["base_game"], _company_construction(c), _pipelines(c),
                          _powerhouse_pieces(c), c.get("powerhouse_row_bonus", True), c.get("automa_playable", True),
                          c.get("letter", ""), c.get("screen_colour", c["colour"]))
        if company.powerhouse_pieces and len(company.powerhouse_pieces) != raw["common"]["pieces"]["powerhouse"]:
            raise ValueError(f"companies.toml {c['id']}: one powerhouse piece per Powerhouse of the board")
        if c["base_game"] or company.module:
            if len(company.letter) != 1:
                raise ValueError(f"companies.toml {c['id']}: a company in play needs its one letter")
            companies[c["id"]] = company
    return companies


PIECE_ABILITIES = ("none", "production_plus_2", "vp_per_2_energy", "one_extra_drop")


def _pipelines(c: Toml) -> Pipelines:
    """A company's Conduit rules; a key left out keeps the base boards' rule."""
    fee = tuple(FeeStep(x["from_conduits_built"], x["credits_per_drop"], x["vp_per_drop"])
                for x in c.get("conduit_fee", ()))
    if [x.from_conduits_built for x in fee] != sorted({x.from_conduits_built for x in fee}):
        raise ValueError(f"companies.toml {c['id']}: conduit_fee steps must rise by from_conduits_built")
    return Pipelines(c.get("conduit_value_bonus", 0), c.get("conduit_extra_mixers", 0), (BASE_FEE, *fee))


def _powerhouse_pieces(c: Toml) -> tuple[PowerhousePiece, ...]:
    pieces = tuple(PowerhousePiece(i, p["mixers"], p["ability"], p["text"], p["short"])
                   for i, p in enumerate(c.get("powerhouse_pieces", ()), 1))
    for p in pieces:
        if p.ability not in PIECE_ABILITIES:
            raise ValueError(f"companies.toml {c['id']}: powerhouse piece ability {p.ability!r} is not one of "
                             f"{', '.join(PIECE_ABILITIES)}")
    return pieces


def _company_construction(c: Toml) -> CompanyConstruction:
    """A company board's construction rules; a key left out keeps the base boards' rule."""
    cost = c.get("elevation_cost")
    default = CompanyConstruction()
    if cost and cost["resource"] not in ("mixers", "excavators"):
        raise ValueError(f"companies.toml {c['id']}: elevation_cost resource {cost['resource']!r} is not "
                         "mixers or excavators")
    return CompanyConstruction(
        cost["resource"] if cost else default.elevation_resource,
        _frozen({a: cost[a] for a in AREAS}) if cost else None,
        c.get("elevation_without_base", default.elevation_without_base),
        c.get("max_dam_height", default.max_dam_height))


def _start(raw: Toml) -> Supply:
    return Supply(raw["starting_vp"], raw["starting_credits"], raw["starting_excavators"],
                  raw["starting_mixers"], raw["engineers"])


def _construction_cost(raw: Toml) -> ConstructionCost:
    return ConstructionCost(_frozen(raw["base_excavators"]), _frozen(raw["elevation_mixers"]),
                            raw["conduit_excavators_per_production"], tuple(raw["powerhouse_mixers_by_number"]))


def _common(raw: Toml) -> Common:
    """What the rules look up in companies.toml [common] by name."""
    return cast(Common, _frozen({k: raw[k] for k in Common.__annotations__}))


def _officer_start(common: Supply, starting: Toml) -> Supply:
    """The common supply with a chief engineer's changes (a key that is no supply fails here)."""
    changes = {k: starting[k] for k in starting}
    if "extra_tiles" in changes:
        changes["extra_tiles"] = tuple(changes["extra_tiles"])
    return replace(common, **changes)


def _load_officers(common: Supply) -> dict[str, Officer]:
    raw = load_data("officers")
    officers: dict[str, Officer] = {}
    for o in raw["officer"]:
        starting = _frozen(o.get("starting", {}))
        officers[o["id"]] = Officer(o["id"], o["name"], o["origin"], o["ability"], starting,
                                    o.get("ability_text", ""), o.get("copying", ""), o.get("selectable", True),
                                    tuple(o.get("requires", ())), start=_officer_start(common, starting), short=o.get("short", ""),
                                    decision=o.get("decision", ""), automa_playable=o.get("automa_playable", True),
                                    copies_others=o.get("copies_others", False),
                                    automa_first_action_for_others=o.get("automa_first_action_for_others", False))
    return officers


@cache
def components() -> Components:
    """The one shared, read-only set of components (loaded on first use)."""
    spaces, construction, mahiri = _load_spaces()
    action_texts = _frozen(dict(load_data("management-board")["actions"]))
    contracts, counts = _load_contracts()
    game = load_data("game-flow")["game"]
    basic, advanced, special, china = _load_tiles()
    company_raw = load_data("companies")
    common = company_raw["common"]
    companies = _load_companies(company_raw)
    start = _start(common)
    bonus_raw = load_data("bonus-tiles")
    objective_raw = load_data("objective-tiles")
    track = load_data("energy-track")
    heads = {t["id"]: HeadstreamTile(t["id"], tuple(t["drops_by_round"]), t.get("assumed", ""))
             for t in load_data("headstreams")["tile"]}
    seats = (game["players_min"], game["players_max"])
    return Components(
        map=parse_bytes(builtin_board_bytes(BASE_BOARD), heads, seats),
        headstreams=_frozen(heads),
        spaces=_frozen(spaces),
        construction_spaces=construction,
        mahiri_spaces=mahiri,
        contracts=_frozen(contracts),
        hand_limit=counts["hand_limit"],
        basic_tiles=_frozen(basic),
        advanced_tiles=_frozen(advanced),
        special_tiles=_frozen(special),
        china_tiles=_frozen(china),
        module_tiles=_frozen(_module_tiles()),
        companies=_frozen(companies),
        officers=_frozen(_load_officers(start)),
        start=start,
        construction_cost=_construction_cost(common["construction_cost"]),
        wheel_segments=common["wheel"]["segments"],
        # the base boards' slots (a board that pays in other columns, Brazil's, is read column by column: company_board.py)
        income_slots=tuple(sorted({n for c in companies.values() if not c.module
                                   for row in c.income.values() for n in row})),
        rounds=game["rounds"],
        bonus_tiles=_frozen({t["id"]: ScoringTile(t["id"], t["key"], t["vp_each"], t["counts"],
                                                  t["introductory_game"])
                             for t in bonus_raw["tile"] if t["base_game"]}),
        objective_tiles=_frozen({t["id"]: ScoringTile(t["id"], t["key"], 0, t["counts"])
                                 for t in objective_raw["tile"]}),
        objective_vp=tuple(objective_raw["place_vp"]),
        credit_bands=tuple((b["min"], b.get("max", 10**9), b["credits"], b["vp"]) for b in track["credits"]),
        placement=cast(Placement, _frozen(track["placement"])),
        bonus_min_energy=track["bonus_malus"]["minimum_energy"],
        bonus_malus_per_section=track["bonus_malus"]["vp_per_section_behind"],
        common=_common(common),
        energy_section=track["section"][1]["from_energy"] - track["section"][0]["from_energy"],
        energy_cap=track["wrap"]["flip_at"] if track["wrap"]["counts_as_30_for_rewards"] else 10**9,
        seats=seats,
        board_seats=tuple(range(game["players_min"], game["board_players_max"] + 1)),
        national_fewer_than_companies=counts["national_fewer_than_companies"],
        face_up_per_colour=counts["private_face_up_per_colour"],
        action_texts=action_texts,
    )


@cache
def prompt_help() -> Mapping[str, str]:
    """The short rule text shown with each kind of decision, by ``PromptKind`` value (prompt-help.toml), and
    by a module's own kinds (its ``data/prompt-help.toml``)."""
    texts = dict(load_data("prompt-help")["help"])
    for name in data_files():
        if name.endswith("/prompt-help"):
            texts.update(load_data(name)["help"])
    return _frozen(texts)


@cache
def _only_choice_words() -> Mapping[str, str]:
    words = dict(load_data("prompt-help").get("only", {}))
    for name in data_files():
        if name.endswith("/prompt-help"):
            words.update(load_data(name).get("only", {}))
    return _frozen(words)


def only_choice_words(kind: str) -> str:
    """What the log calls the one possible answer of a decision of ``kind``, taken at once ("the only way to
    pay"; prompt-help.toml ``[only]``, a module's in its own file; "the only choice" where none is given)."""
    return _only_choice_words().get(kind, "the only choice")


def _box(origin: str) -> tuple[str, ...]:
    """The chief engineers of one box (officers.toml ``origin``), in the data's order, the order they are drawn
    in; those that need a module come with it (``requires``: setup.module_officers)."""
    return tuple(o["id"] for o in _read_file("officers")["officer"] if o["origin"] == origin and not o.get("requires"))


BASE_OFFICERS = _box("base")
PROMO_OFFICERS = _box("promo")
EXPANSION_OFFICERS = _box("later_expansion")  # the expansion box's new ones (Appendix 8): Setup.options["expansion_officers"]
