"""Boards as data: the board format (docs/board-format.md) read into a typed, read-only ``Board``.

A board file says what is printed on a board: its valleys (the rulebook's basins) with their dam, conduit
and powerhouse spaces, the headstreams and the tiles drawn for them, the river (every valley, headstream
and natural lake says where its water goes), natural lakes, the neutral dams' setup, neutral powerhouses,
spaces covered by a landscape, yield spaces and the map's layout. ``parse`` checks everything and refuses a
broken board with one ``BoardProblem`` naming the place and the problem: also every number beyond the
bounds a whole game stays playable within (docs/board-format.md, "Limits"). Each check takes linear time in
the file's size.

This module reads no other rules module but ``file_limits`` (``components`` loads the base board through it).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .engine.file_limits import deep_key, too_large

AREAS = ("mountain", "hill", "plain")  # the areas the rules know (scoring and costs go by area)
YIELD_COLOURS = ("green", "yellow", "red")
YIELD_MARKS = ("", "4", "3+")  # "4": only with 4 players; "3+": with 3 or 4
MAX_BYTES = 64 * 1024  # the base board is ~6 KB; a far larger board file is no board
MAX_KEY_PARTS = 8  # tomllib's time grows with the square of a dotted key's parts: a board needs 3

# Bounds of what a board gives (docs/board-format.md, "Limits"): the printed boards' figures with room to
# spare, and low enough that a game on the board never takes its state past a bound its saves are checked
# against (validation.py: 1,000 Energy or credits; a dam holds at most 4 drops). The rest is bounded by the
# rules (a neutral dam 1-3 high) or by what the board has (a valley's number, a tile's id).
MAX_VALLEY = 99  # a valley's number: 1 to this (the boards: 1-12)
MAX_CONDUIT_VALUE = 9  # the boards print 1-5: a drop makes at most twice the base game's most Energy
MAX_RED = 9  # a red outline's credits (the boards: 2-6): a fee nobody could ever pay is no fee
MAX_LAKE = 9  # a natural lake's capacity (the Yellow River's: 3 and 4)
MAX_DAM_HEIGHT = 3  # a neutral dam (from setup or a preparation tile), as a company's
MAX_ID = 32  # an id's characters; ids are written in choice keys and in saves' keys ("system:B5L:C5R:P10_0")
MAX_NAME = 100  # a board's or a preparation tile's name, shown on one line
_ID = re.compile(r"[A-Za-z0-9_-]+")  # the characters of a bare TOML key: no ":" or ";" of a choice key

Target = int | str  # where water goes: a valley's number, or a lake's or an exit's id


class BoardProblem(ValueError):
    """A board file that cannot be played: ``str()`` is one line, "<place>: <problem>"."""

    def __init__(self, place: str, problem: str) -> None:
        self.place, self.problem = place, problem
        super().__init__(f"{place}: {problem}" if place else problem)


@dataclass(frozen=True)
class Zone:
    """A valley: its dam spaces in the order the water meets them, the conduits that start in it, its
    powerhouse spaces, and ``outflow_to``, the first river node below it."""

    id: int
    area: str
    dam_spaces: tuple[str, ...]
    conduits: tuple[str, ...]
    powerhouse_spaces: tuple[str, ...]
    outflow_to: str


@dataclass(frozen=True)
class DamSpace:
    id: str
    zone: int
    area: str
    upper: bool
    extra_credits: int  # the red outline: paid when a Base is built here
    covered: str = ""  # the landscape that covers it ("": none)


@dataclass(frozen=True)
class ConduitSpace:
    id: str
    zone: int
    area: str
    production: int
    targets: tuple[int, ...]  # the valleys whose powerhouses it feeds: the first, then its branches
    covered: str = ""
    branch_covers: Mapping[int, str] = field(default_factory=dict)  # a branch's target -> its landscape


@dataclass(frozen=True)
class PowerhouseSpace:
    id: str
    zone: int
    area: str
    extra_credits: int
    neutral: bool = False  # a neutral powerhouse stands here (from setup, or once its landscape is built)
    covered: str = ""


@dataclass(frozen=True)
class Lake:
    """A natural lake: holds up to ``capacity`` drops, the others flow on to ``to`` (a river node)."""

    id: str
    capacity: int
    drops: int  # at setup
    to: str


@dataclass(frozen=True)
class NeutralDamRule:
    """Setup: a neutral dam of ``height`` with ``initial_drops`` on one of ``eligible``, drawn at random."""

    area: str
    height: int
    initial_drops: int
    eligible: tuple[str, ...]


@dataclass(frozen=True)
class LandscapeSpace:
    """A landscape space, and what printed on the board its tile's rule points at (both optional)."""

    code: str
    area: str
    headstreams: tuple[str, ...] = ()  # the headstreams the tile's arrows mark (the Yellow River's A1)
    lake: str = ""  # the natural lake next to it, which its rule may empty (the rulebook's example)


@dataclass(frozen=True)
class Diversion:
    """A river course that changes once ``landscape`` is built: from then on water leaving the river node
    ``node`` goes to ``to`` (a river node) instead of ``Board.downstream[node]`` (the Yellow River's A6)."""

    node: str
    to: str
    landscape: str


@dataclass(frozen=True)
class YieldSpace:
    id: str
    area: str
    colour: str
    players: str  # "" always used; "4": only with 4 players; "3+": with 3 or more


@dataclass(frozen=True)
class PreparationTile:
    """A preparation tile (the Duel map): laid at setup on its ``slot`` of the position its positional tile
    names. It blocks that space, or, with ``neutral_dam`` (a height), puts a neutral dam there with
    ``drops``; a tile whose position has no such slot goes back to the box."""

    id: str
    name: str
    slot: str  # one of SLOTS
    neutral_dam: int = 0  # 0: a blocking tile
    drops: int = 0


LayoutCell = int | str | tuple[int, ...]  # a valley, "legend", or valleys drawn one under the other
# A position's slots (the preparation tiles' top/bottom and left/right marks), each one kind of space.
SLOTS = {"dam_top": "dam", "dam_bottom": "dam", "conduit_left": "conduit", "conduit_right": "conduit",
         "powerhouse_top": "powerhouse", "powerhouse_bottom": "powerhouse"}


@dataclass(frozen=True, eq=False)  # compared and hashed as the one object it is (caches key on it)
class Board:
    zones: Mapping[int, Zone]
    dams: Mapping[str, DamSpace]
    conduits: Mapping[str, ConduitSpace]
    powerhouses: Mapping[str, PowerhouseSpace]
    headstreams: tuple[str, ...]
    exits: tuple[str, ...]
    downstream: Mapping[str, str]  # the river: every node's one downstream neighbour
    id: str = "base"
    name: str = ""
    areas: tuple[str, ...] = AREAS
    lakes: Mapping[str, Lake] = field(default_factory=dict)
    headstream_tiles: tuple[int, ...] = ()
    neutral_dams: tuple[NeutralDamRule, ...] = ()
    landscapes: Mapping[str, LandscapeSpace] = field(default_factory=dict)
    yield_spaces: tuple[YieldSpace, ...] = ()
    layout: tuple[tuple[LayoutCell, ...], ...] = ()
    sha256: str = ""  # of the file's bytes
    seats: tuple[int, ...] = ()  # the seat counts the board is for (empty: any)
    assumed: str = ""  # what is reconstructed or invented, for the app to show ("": nothing)
    positions: Mapping[int, Mapping[str, str]] = field(default_factory=dict)  # number -> slot -> space
    preparation_tiles: tuple[PreparationTile, ...] = ()
    headstream_covers: Mapping[str, str] = field(default_factory=dict)  # a headstream -> the landscape over it
    headstream_fixed: Mapping[str, int] = field(default_factory=dict)  # a headstream -> its own tile (not drawn)
    diversions: Mapping[str, Diversion] = field(default_factory=dict)  # a river node -> its course once built

    def zone_of(self, space: str) -> int:
        for table in (self.dams, self.conduits, self.powerhouses):
            if space in table:
                return table[space].zone
        raise KeyError(space)

    def area_of(self, space: str) -> str:
        return self.zones[self.zone_of(space)].area

    def passage(self, zone: int) -> str:
        """The river node where the water passes a valley's powerhouses (a drop passes all of them)."""
        return passage(zone)

    def is_exit(self, node: str) -> bool:
        return node in self.exits

    def covered_by(self, space: str) -> str:
        """The landscape that covers a dam, conduit or powerhouse space ("": none)."""
        for table in (self.dams, self.conduits, self.powerhouses):
            if space in table:
                return table[space].covered
        return ""


GameMap = Board  # the name the rules used before boards were data


def passage(zone: int) -> str:
    return f"P{zone}"


# ------------------------------------------------------------------------------ reading a file

def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def parse_bytes(data: bytes, tiles: Collection[int], seats: tuple[int, int]) -> Board:
    """A board from a file's bytes; ``tiles`` are the headstream tiles the game has (headstreams.toml),
    ``seats`` the fewest and most seats a game has (game-flow.toml: ``components().seats``)."""
    if len(data) > MAX_BYTES:
        raise BoardProblem("", too_large(len(data), MAX_BYTES, "board file"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BoardProblem("", "not a text file (not UTF-8)") from None
    if deep_key(text, MAX_KEY_PARTS):
        raise BoardProblem("", f"not a board file: a key has more than {MAX_KEY_PARTS} dotted parts")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardProblem("", f"not valid TOML: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise BoardProblem("", f"not valid TOML: {exc or 'nested too deeply'}") from None
    return parse(raw, tiles, seats, sha256(data))


# ------------------------------------------------------------------------------ the typed reader

def _kind(value: object) -> str:
    names = {bool: "true/false", int: "a number", str: "a text", list: "a list", dict: "a table"}
    return next((n for t, n in names.items() if isinstance(value, t)), type(value).__name__)


def _is(value: object, tp: type) -> bool:
    return isinstance(value, tp) and not (tp is int and isinstance(value, bool))


def _shown(value: object) -> str:
    """A value of the file as a problem quotes it: its repr, cut short (the problem stays one short line)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Item:
    """One table of the file: its keys checked (unknown, missing, of the wrong type) as they are read."""

    def __init__(self, raw: object, place: str, keys: Collection[str]) -> None:
        if not isinstance(raw, dict):
            raise BoardProblem(place, f"must be a table, not {_kind(raw)}")
        unknown = sorted(set(raw) - set(keys))
        if unknown:
            raise BoardProblem(place, f"unknown key {_shown(unknown[0])}")
        self.raw, self.place = raw, place

    def get(self, key: str, tp: type, default: Any = None) -> Any:
        if key not in self.raw:
            if default is None:
                raise BoardProblem(self.place, f"key {key!r} is missing")
            return default
        value = self.raw[key]
        if not _is(value, tp):
            raise BoardProblem(self.place, f"{key} must be {_kind(tp())}, not {_kind(value)}")
        return value

    def number(self, key: str, low: int, high: int, why: str, default: int | None = None) -> int:
        """A number from ``low`` to ``high``; else "<key> <value>: <why>"."""
        value: int = self.get(key, int, default)
        if not low <= value <= high:
            raise BoardProblem(self.place, f"{key} {_shown(value)}: {why}")
        return value

    def text(self, key: str, default: str, most: int = MAX_NAME) -> str:
        """A text of at most ``most`` characters (a name shown on one line)."""
        value: str = self.get(key, str, default)
        if len(value) > most:
            raise BoardProblem(self.place, f"{key} is {len(value):,} characters long (at most {most})")
        return value

    def target(self, key: str) -> Target:
        if key not in self.raw:
            raise BoardProblem(self.place, f"key {key!r} is missing")
        value = self.raw[key]
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise BoardProblem(self.place, f"{key} must be a valley's number or a lake's or exit's id, not {_kind(value)}")
        return value

    def items(self, key: str, tp: type) -> list[Any]:
        values: list[Any] = self.get(key, list, [])
        for v in values:
            if not _is(v, tp):
                raise BoardProblem(self.place, f"{key} must list {_kind(tp())}s, not {_kind(v)}")
        return values

    def tables(self, key: str, name: str, keys: Collection[str], ident: str = "id") -> list[_Item]:
        values = self.get(key, list, [])
        out = []
        for i, v in enumerate(values, start=1):
            label = v.get(ident) if isinstance(v, dict) else None
            where = f"{name} {label}" if _is_label(label) else f"{name} #{i}"
            out.append(_Item(v, f"{self.place}, {where}" if self.place else where, keys))
        return out


def _is_label(label: object) -> bool:
    """Whether a table's id may name it in a problem: a valid id or a number of at most a few digits."""
    if isinstance(label, str):
        return 0 < len(label) <= MAX_ID and _ID.fullmatch(label) is not None
    return isinstance(label, int) and not isinstance(label, bool) and abs(label) < 10 ** 6


_TOP = ("id", "name", "note", "areas", "exits", "headstream_tiles", "layout", "headstream", "neutral_dam",
        "valley", "lake", "landscape", "yield_space", "seats", "assumed", "position", "preparation_tile",
        "diversion")


# ------------------------------------------------------------------------------ the board, checked

class _Builder:
    def __init__(self, tiles: Collection[int]) -> None:
        self.tiles = tiles
        self.ids: dict[str, str] = {}  # every id of the one namespace -> the place that has it
        self.zones: dict[int, Zone] = {}
        self.zone_to: dict[int, tuple[str, Target]] = {}
        self.dams: dict[str, DamSpace] = {}
        self.conduits: dict[str, ConduitSpace] = {}
        self.powerhouses: dict[str, PowerhouseSpace] = {}
        self.lakes: dict[str, tuple[str, int, int, Target]] = {}
        self.heads: dict[str, tuple[str, Target]] = {}
        self.head_covers: dict[str, str] = {}
        self.head_fixed: dict[str, tuple[str, int]] = {}  # headstream -> (place, its own tile)
        self.covers: list[tuple[str, str]] = []  # (place, landscape code) to check once all are read

    def claim(self, ident: str, place: str) -> None:
        _check_id(ident, place)
        if ident in self.ids:
            other = self.ids[ident]
            raise BoardProblem(place, f"duplicate id {_shown(ident)}" + (f" (also {other})" if other != place else ""))
        self.ids[ident] = place

    def cover(self, item: _Item) -> str:
        code: str = item.get("covered", str, "\0")
        if code == "\0":
            return ""
        if not code:
            raise BoardProblem(item.place, "covered names no landscape")
        if not _is_label(code):
            raise BoardProblem(item.place, f"covered by landscape {_shown(code)}, which the board does not have")
        self.covers.append((item.place, code))
        return code


def _check_id(ident: str, place: str) -> None:
    if not ident:
        raise BoardProblem(place, "an empty id")
    if len(ident) > MAX_ID:
        raise BoardProblem(place, f"id {_shown(ident)} is {len(ident):,} characters long (at most {MAX_ID})")
    if not _ID.fullmatch(ident):
        raise BoardProblem(place, f"id {_shown(ident)}: an id has only letters, digits, '_' and '-'")


def parse(raw: Mapping[str, Any], tiles: Collection[int], seats: tuple[int, int], digest: str = "") -> Board:
    """A board from its TOML tables, checked (``BoardProblem`` on the first problem found)."""
    top = _Item(dict(raw), "", _TOP)
    b = _Builder(tiles)
    board_id = top.get("id", str)
    _check_id(board_id, "")
    top.get("note", str, "")  # for people: only its type is checked
    fewest, most = seats
    seats_for = tuple(top.items("seats", int))
    for n in seats_for:
        if not fewest <= n <= most:
            raise BoardProblem("seats", f"{_shown(n)} seats: a game has {fewest} to {most}")
    if len(set(seats_for)) != len(seats_for):
        raise BoardProblem("seats", "lists a seat count twice")
    areas = tuple(top.items("areas", str)) or AREAS
    for a in areas:
        if a not in AREAS:
            raise BoardProblem("areas", f"unknown area {_shown(a)} (the rules know {', '.join(AREAS)})")
    exits = tuple(top.items("exits", str))
    if not exits:
        raise BoardProblem("exits", "a board needs at least one exit")
    for e in exits:
        _check_id(e, "exits")
        b.claim(e, f"exit {e}")
    for v in top.tables("valley", "valley", ("id", "area", "to", "dam", "conduit", "powerhouse")):
        _valley(b, v, _area(v, areas))
    for lk in top.tables("lake", "lake", ("id", "capacity", "drops", "to")):
        ident = lk.get("id", str)
        b.claim(ident, lk.place)
        capacity = lk.number("capacity", 1, MAX_LAKE, f"a lake holds at least 1 drop and at most {MAX_LAKE}")
        drops = lk.get("drops", int, 0)
        if not 0 <= drops <= capacity:
            raise BoardProblem(lk.place, f"starts with {_shown(drops)} drops, but holds 0 to {capacity}")
        to = lk.target("to")
        if to == ident:
            raise BoardProblem(lk.place, "drains into itself")
        b.lakes[ident] = (lk.place, capacity, drops, to)
    heads = top.tables("headstream", "headstream", ("id", "to", "covered", "tile"))
    if not heads:
        raise BoardProblem("headstream", "a board needs at least one headstream")
    for h in heads:
        ident = h.get("id", str)
        b.claim(ident, h.place)
        b.heads[ident] = (h.place, h.target("to"))
        code = b.cover(h)
        if code:
            b.head_covers[ident] = code
        if "tile" in h.raw:
            b.head_fixed[ident] = (h.place, h.get("tile", int))  # a known tile's id: _fixed_tiles
    for z in b.zones.values():
        b.claim(passage(z.id), f"valley {z.id}'s powerhouse passage")  # a space named "P<valley>" would clash
    downstream = _river(b)
    head_tiles = tuple(top.items("headstream_tiles", int))
    for t in head_tiles:
        if t not in tiles:
            raise BoardProblem("headstream_tiles", f"unknown headstream tile {_shown(t)} "
                                                   f"(headstreams.toml has {_runs(tiles)})")
    if len(set(head_tiles)) != len(head_tiles):  # two headstreams could draw the same tile
        raise BoardProblem("headstream_tiles", "lists a tile twice: there is one of each tile")
    _fixed_tiles(b, head_tiles)
    drawing = len(b.heads) - len(b.head_fixed)
    if len(head_tiles) < drawing:
        raise BoardProblem("headstream_tiles", f"{len(head_tiles)} tiles for {drawing} headstreams: "
                                               "each headstream draws its own tile")
    landscapes = _landscapes(top, b, areas)
    for place, code in b.covers:
        if code not in landscapes:
            raise BoardProblem(place, f"covered by landscape {_shown(code)}, which the board does not have")
    diversions = _diversions(top, b, downstream, landscapes)
    _targets_reach(b)
    neutral_dams = _neutral_dams(top, b, areas)
    positions = _positions(top, b, neutral_dams)
    return Board(
        MappingProxyType(dict(b.zones)), MappingProxyType(b.dams), MappingProxyType(b.conduits),
        MappingProxyType(b.powerhouses), tuple(b.heads), exits, MappingProxyType(downstream),
        board_id, top.text("name", board_id), areas,
        MappingProxyType({k: Lake(k, c, d, downstream[k]) for k, (_, c, d, _) in b.lakes.items()}),
        head_tiles, neutral_dams, MappingProxyType(landscapes), _yields(top, b, areas),
        _layout(top, b), digest, seats_for, top.get("assumed", str, ""), MappingProxyType(positions),
        _preparation_tiles(top, b, len(positions)), MappingProxyType(b.head_covers),
        MappingProxyType({h: t for h, (_, t) in b.head_fixed.items()}), MappingProxyType(diversions))


def _area(item: _Item, areas: tuple[str, ...]) -> str:
    a: str = item.get("area", str)
    if a not in areas:
        raise BoardProblem(item.place, f"unknown area {_shown(a)} (the board's areas: {', '.join(areas)})")
    return a


def _red(item: _Item) -> int:
    return item.number("red", 0, MAX_RED, f"a red outline costs 0 to {MAX_RED} credits more", 0)


def _valley(b: _Builder, v: _Item, area: str) -> None:
    ident = v.number("id", 1, MAX_VALLEY, f"valleys are numbered 1 to {MAX_VALLEY}")
    if ident in b.zones:
        raise BoardProblem(v.place, f"duplicate valley {ident}")
    dams: list[str] = []
    conduits: list[str] = []
    powerhouses: list[str] = []
    upper_dam = ""
    for d in v.tables("dam", "dam", ("id", "upper", "red", "covered")):
        s = d.get("id", str)
        b.claim(s, d.place)
        upper = d.get("upper", bool, False)
        if upper and upper_dam:
            raise BoardProblem(v.place, f"two upper dam spaces ({upper_dam} and {s})")
        upper_dam = upper_dam or (s if upper else "")
        b.dams[s] = DamSpace(s, ident, area, upper, _red(d), b.cover(d))
        dams.append(s)
    for c in v.tables("conduit", "conduit", ("id", "value", "to", "covered", "branch")):
        s = c.get("id", str)
        b.claim(s, c.place)
        value = c.number("value", 1, MAX_CONDUIT_VALUE, f"a conduit's value is 1 to {MAX_CONDUIT_VALUE}")
        targets, covers = [c.get("to", int)], {}
        for br in c.tables("branch", "branch", ("to", "covered"), "to"):
            t = br.get("to", int)
            if t in targets:
                raise BoardProblem(br.place, f"valley {_shown(t)} is already a target of {s}")
            targets.append(t)
            code = b.cover(br)
            if code:
                covers[t] = code
        b.conduits[s] = ConduitSpace(s, ident, area, value, tuple(targets), b.cover(c), MappingProxyType(covers))
        conduits.append(s)
    for p in v.tables("powerhouse", "powerhouse", ("id", "red", "neutral", "covered")):
        s = p.get("id", str)
        b.claim(s, p.place)
        b.powerhouses[s] = PowerhouseSpace(s, ident, area, _red(p), p.get("neutral", bool, False), b.cover(p))
        powerhouses.append(s)
    b.zone_to[ident] = (v.place, v.target("to"))
    b.zones[ident] = Zone(ident, area, tuple(dams), tuple(conduits), tuple(powerhouses), "")


def _chain(z: Zone) -> list[str]:
    """The river nodes inside a valley, in the water's order: its powerhouses' passage, then its dams."""
    return ([passage(z.id)] if z.powerhouse_spaces else []) + list(z.dam_spaces)


def _resolve(b: _Builder, place: str, to: Target, seen: tuple[int, ...] = ()) -> str:
    """The river node a ``to`` names: a valley's first node (an empty valley passes the water on), a lake, an
    exit."""
    if isinstance(to, int):
        if to not in b.zones:
            raise BoardProblem(place, f"leads to valley {_shown(to)}, which the board does not have")
        chain = _chain(b.zones[to])
        if chain:
            return chain[0]
        if to in seen:
            raise BoardProblem(place, f"its water never leaves the board (valleys {' -> '.join(map(str, seen + (to,)))})")
        return _resolve(b, place, b.zone_to[to][1], seen + (to,))  # an empty valley: the water passes through
    if to in b.lakes or to in b.ids and b.ids[to].startswith("exit"):
        return to
    raise BoardProblem(place, f"leads to {_shown(to)}, which is no valley, lake or exit of the board")


def _river(b: _Builder) -> dict[str, str]:
    """Every node's downstream neighbour, and each valley's ``outflow_to``; refuses water that goes nowhere
    or never leaves the board."""
    def resolve(place: str, to: Target, seen: tuple[int, ...] = ()) -> str:
        return _resolve(b, place, to, seen)

    down: dict[str, str] = {}
    for ident, z in list(b.zones.items()):
        place, to = b.zone_to[ident]
        below = resolve(place, to, (ident,))
        chain = _chain(z)
        for a, c in zip(chain, chain[1:] + [below]):
            down[a] = c
        b.zones[ident] = Zone(z.id, z.area, z.dam_spaces, z.conduits, z.powerhouse_spaces, below)
    for lake, (place, _, _, to) in b.lakes.items():
        down[lake] = resolve(place, to)
    for head, (place, to) in b.heads.items():
        down[head] = resolve(place, to)
    leaves = {i for i, p in b.ids.items() if p.startswith("exit")}  # nodes whose water reaches an exit
    for start in down:
        node, path, on_path = start, [start], {start}
        while node not in leaves:
            node = down[node]
            if node in on_path:
                loop = " -> ".join(path[path.index(node):] + [node])
                raise BoardProblem(_place_of(b, node), f"its water never leaves the board ({loop})")
            path.append(node)
            on_path.add(node)
        leaves |= on_path  # each node is walked from once: linear in the river's size
    return down


def _place_of(b: _Builder, node: str) -> str:
    """Where a river node is written: its valley for a powerhouse passage, else its own item."""
    zone = next((z for z in b.zones.values() if passage(z.id) == node), None)
    return b.zone_to[zone.id][0] if zone is not None else b.ids[node]


def _targets_reach(b: _Builder) -> None:
    """Every conduit leads to a valley with powerhouse spaces; every such valley is fed by a conduit."""
    fed = set()
    for c in b.conduits.values():
        for t in c.targets:
            if t not in b.zones:
                raise BoardProblem(b.ids[c.id], f"leads to valley {_shown(t)}, which the board does not have")
            if not b.zones[t].powerhouse_spaces:
                raise BoardProblem(b.ids[c.id], f"leads to valley {t}, which has no powerhouse space")
            fed.add(t)
    for z in b.zones.values():
        if z.powerhouse_spaces and z.id not in fed:
            raise BoardProblem(b.zone_to[z.id][0], f"has powerhouse spaces ({', '.join(z.powerhouse_spaces)}) "
                                                   "but no conduit leads to it")


def _neutral_dams(top: _Item, b: _Builder, areas: tuple[str, ...]) -> tuple[NeutralDamRule, ...]:
    rules = []
    listed: dict[str, str] = {}  # a dam space -> the table that lists it: two neutral dams may not meet on it
    for n in top.tables("neutral_dam", "neutral_dam", ("area", "height", "drops", "spaces"), "area"):
        a = _area(n, areas)
        height = n.number("height", 1, MAX_DAM_HEIGHT, f"a dam is 1 to {MAX_DAM_HEIGHT} high")
        drops = n.get("drops", int, 0)
        if not 0 <= drops <= height:
            raise BoardProblem(n.place, f"starts with {_shown(drops)} drops, but holds 0 to {height}")
        spaces = tuple(n.items("spaces", str))
        if not spaces:
            raise BoardProblem(n.place, "spaces lists no dam space")
        for s in spaces:
            dam = b.dams.get(s)
            if dam is None or dam.area != a:
                raise BoardProblem(n.place, f"{s if _is_label(s) else _shown(s)} is no dam space of the {a} area")
            if dam.covered:
                raise BoardProblem(n.place, f"{s} is covered by landscape {dam.covered}")
            if s in listed:  # setup could draw it for two tables: one dam would vanish, and its drops with it
                also = "" if listed[s] == n.place else f" (also listed by {listed[s]})"
                raise BoardProblem(n.place, f"{s} is listed twice: one neutral dam at most stands on a space{also}")
            listed[s] = n.place
        rules.append(NeutralDamRule(a, height, drops, spaces))
    return tuple(rules)


def _positions(top: _Item, b: _Builder, neutral_dams: tuple[NeutralDamRule, ...]) -> dict[int, Mapping[str, str]]:
    """The numbered positions of the positional tiles: each slot names one free space of its kind."""
    kinds: dict[str, Mapping[str, DamSpace | ConduitSpace | PowerhouseSpace]] = {
        "dam": b.dams, "conduit": b.conduits, "powerhouse": b.powerhouses}
    drawn = {s for rule in neutral_dams for s in rule.eligible}
    found: dict[int, Mapping[str, str]] = {}
    used: dict[str, int] = {}
    for item in top.tables("position", "position", ("number", *SLOTS), "number"):
        number = item.get("number", int)
        if number < 1 or number in found:
            raise BoardProblem(item.place, f"number {_shown(number)}: positions are numbered 1, 2, ... once each")
        slots = {slot: item.get(slot, str) for slot in SLOTS if slot in item.raw}
        for slot, space in slots.items():
            kind = SLOTS[slot]
            where = kinds[kind].get(space)
            if where is None:
                raise BoardProblem(item.place, f"{slot} = {_shown(space)}: no {kind} space of the board")
            if space in used:
                raise BoardProblem(item.place, f"{space} is also a space of position {used[space]}")
            if where.covered:
                raise BoardProblem(item.place, f"{space} is covered by landscape {where.covered}")
            if space in drawn or getattr(where, "neutral", False):
                raise BoardProblem(item.place, f"{space} is a neutral dam's or powerhouse's space already")
            used[space] = number
        found[number] = MappingProxyType(slots)
    if sorted(found) != list(range(1, len(found) + 1)):
        raise BoardProblem("position", f"numbered {sorted(found)}: positions are numbered 1 to {len(found)}")
    return found


def _preparation_tiles(top: _Item, b: _Builder, positions: int) -> tuple[PreparationTile, ...]:
    tiles = []
    for item in top.tables("preparation_tile", "preparation_tile", ("id", "name", "slot", "neutral_dam", "drops")):
        ident = item.get("id", str)
        b.claim(ident, item.place)
        slot = item.get("slot", str)
        if slot not in SLOTS:
            raise BoardProblem(item.place, f"slot {_shown(slot)} is not one of {', '.join(SLOTS)}")
        height, drops = item.get("neutral_dam", int, 0), item.get("drops", int, 0)
        if height and (not 1 <= height <= MAX_DAM_HEIGHT or SLOTS[slot] != "dam"):
            raise BoardProblem(item.place, f"neutral_dam {_shown(height)}: a neutral dam is 1 to {MAX_DAM_HEIGHT} "
                                           "high, on a dam slot")
        if not 0 <= drops <= height:
            raise BoardProblem(item.place, f"starts with {_shown(drops)} drops, but holds 0 to {height}")
        tiles.append(PreparationTile(ident, item.text("name", ident), slot, height, drops))
    if len(tiles) != positions:
        raise BoardProblem("preparation_tile", f"{len(tiles)} preparation tiles for {positions} positions: "
                                               "one positional tile lies under each preparation tile")
    return tuple(tiles)


def _fixed_tiles(b: _Builder, drawn: tuple[int, ...]) -> None:
    """A headstream's own tile (``tile``, e.g. the new source under A4): a known tile, drawn for no other."""
    seen: dict[int, str] = {}
    for head, (place, t) in b.head_fixed.items():
        if t not in b.tiles:
            raise BoardProblem(place, f"unknown headstream tile {_shown(t)} (headstreams.toml has {_runs(b.tiles)})")
        if t in drawn:
            raise BoardProblem(place, f"tile {t} is its own, so it cannot also be in headstream_tiles")
        if t in seen:
            raise BoardProblem(place, f"tile {t} is also headstream {seen[t]}'s own")
        seen[t] = head


def _diversions(top: _Item, b: _Builder, down: Mapping[str, str],
                landscapes: Mapping[str, LandscapeSpace]) -> dict[str, Diversion]:
    """The river courses a landscape changes: ``from`` (a valley: where its water leaves it; a headstream; a
    lake) goes ``to`` another place once ``landscape`` is built. Water must still leave the board with any
    of them in force."""
    found: dict[str, Diversion] = {}
    places: dict[str, str] = {}
    for item in top.tables("diversion", "diversion", ("from", "to", "landscape"), "from"):
        source = item.target("from")
        if isinstance(source, int) and source in b.zones:
            chain = _chain(b.zones[source])
            if not chain:
                raise BoardProblem(item.place, f"valley {source} has no dam or powerhouse space to divert from")
            node = chain[-1]
        elif isinstance(source, str) and (source in b.heads or source in b.lakes):
            node = source
        else:
            raise BoardProblem(item.place, f"diverts {_shown(source)}, which is no valley, headstream or lake of the "
                                           "board")
        to = _resolve(b, item.place, item.target("to"))
        code = item.get("landscape", str)
        if code not in landscapes:
            raise BoardProblem(item.place, f"landscape {_shown(code)}: the board has no such landscape")
        if node in found:
            raise BoardProblem(item.place, f"{source} is diverted twice")
        if down[node] == to:
            raise BoardProblem(item.place, f"its water already goes to {to}")
        found[node], places[node] = Diversion(node, to, code), item.place
    _never_circles(down, found, places)
    return found


def _never_circles(down: Mapping[str, str], turned: Mapping[str, Diversion], places: Mapping[str, str]) -> None:
    """No set of built landscapes makes the water go round: a loop of some course in force is a loop of the
    river with each diversion added as a second way out (a loop leaves each of its nodes one way)."""
    done: set[str] = set()  # nodes from which every way reaches an exit
    for start in down:
        if start in done:
            continue
        path, stack = [start], [iter(_ways(down, turned, start))]
        on_path = {start}
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                on_path.discard(path[-1])
                done.add(path.pop())
            elif nxt in on_path:
                loop = path[path.index(nxt):]
                by = [n for n in loop if n in turned]  # (a loop without one is refused by _river)
                codes = " and ".join(sorted({turned[n].landscape for n in by}))
                raise BoardProblem(places[by[0]], f"its water never leaves the board once {codes} is built "
                                                  f"({' -> '.join(loop + [nxt])})")
            elif nxt in down and nxt not in done:
                path.append(nxt)
                on_path.add(nxt)
                stack.append(iter(_ways(down, turned, nxt)))


def _ways(down: Mapping[str, str], turned: Mapping[str, Diversion], node: str) -> tuple[str, ...]:
    return (down[node], turned[node].to) if node in turned else (down[node],)


def _landscapes(top: _Item, b: _Builder, areas: tuple[str, ...]) -> dict[str, LandscapeSpace]:
    found: dict[str, LandscapeSpace] = {}
    for item in top.tables("landscape", "landscape", ("code", "area", "headstreams", "lake"), "code"):
        code = item.get("code", str)
        b.claim(code, item.place)
        a = _area(item, areas)
        heads = tuple(item.items("headstreams", str))
        for h in heads:
            if h not in b.heads:
                raise BoardProblem(item.place, f"marks headstream {_shown(h)}, which the board does not have")
            if h in b.head_covers:
                raise BoardProblem(item.place, f"marks headstream {_shown(h)}, which lies under landscape "
                                               f"{b.head_covers[h]}")
        if len(set(heads)) != len(heads):
            raise BoardProblem(item.place, "marks a headstream twice")
        lake = item.get("lake", str, "")
        if lake and lake not in b.lakes:
            raise BoardProblem(item.place, f"lies next to lake {_shown(lake)}, which the board does not have")
        found[code] = LandscapeSpace(code, a, heads, lake)
    return found


def _yields(top: _Item, b: _Builder, areas: tuple[str, ...]) -> tuple[YieldSpace, ...]:
    found = []
    for y in top.tables("yield_space", "yield_space", ("id", "area", "colour", "players")):
        ident = y.get("id", str)
        b.claim(ident, y.place)
        a, colour, players = _area(y, areas), y.get("colour", str), y.get("players", str, "")
        if colour not in YIELD_COLOURS:
            raise BoardProblem(y.place, f"colour {_shown(colour)} is not one of {', '.join(YIELD_COLOURS)}")
        if players not in YIELD_MARKS:
            raise BoardProblem(y.place, f'players mark {_shown(players)} is not "4" or "3+" (or left out)')
        found.append(YieldSpace(ident, a, colour, players))
    return tuple(found)


def _layout(top: _Item, b: _Builder) -> tuple[tuple[LayoutCell, ...], ...]:
    """The map's grid (optional): each valley once; "legend" where the legend goes."""
    rows = top.get("layout", list, [])
    seen: set[int] = set()

    def cell(value: object) -> LayoutCell:
        if value == "legend":
            return "legend"
        if _is(value, int):
            valleys: tuple[int, ...] = (value,)  # type: ignore[assignment]
        elif isinstance(value, list) and value and all(_is(v, int) for v in value):
            valleys = tuple(value)
        else:
            raise BoardProblem("layout", "a cell must be a valley's number, a list of them or \"legend\", "
                                         f"not {_shown(value)}")
        for v in valleys:
            if v not in b.zones:
                raise BoardProblem("layout", f"valley {_shown(v)}, which the board does not have")
            if v in seen:
                raise BoardProblem("layout", f"valley {v} is placed twice")
            seen.add(v)
        return valleys[0] if len(valleys) == 1 else valleys

    grid = tuple(tuple(cell(c) for c in row) if isinstance(row, list) else _bad_row(row) for row in rows)
    missing = [z for z in b.zones if z not in seen]
    if grid and missing:
        raise BoardProblem("layout", f"leaves out valley {missing[0]}")
    return grid


def _bad_row(row: object) -> tuple[LayoutCell, ...]:
    raise BoardProblem("layout", f"each row must be a list, not {_kind(row)}")


def _runs(numbers: Collection[int]) -> str:
    """Numbers as runs: "1-8, 101-108"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def summary(board: Board) -> str:
    """One line saying what a board has (``board check`` prints it for a good board)."""
    parts = [f"{len(board.zones)} valleys", f"{len(board.dams)} dam spaces", f"{len(board.conduits)} conduits",
             f"{len(board.powerhouses)} powerhouse spaces", f"{len(board.headstreams)} headstreams",
             f"{len(board.exits)} exits"]
    extras: list[tuple[int, str]] = [
        (len(board.lakes), "natural lakes"), (sum(p.neutral for p in board.powerhouses.values()), "neutral powerhouses"),
        (sum(len(c.targets) > 1 for c in board.conduits.values()), "branching conduits"),
        (len(board.landscapes), "landscapes"), (len(board.yield_spaces), "yield spaces"),
        (len(board.preparation_tiles), "preparation tiles"), (len(board.headstream_covers), "covered headstreams"),
        (len(board.diversions), "river diversions")]
    parts += [f"{n} {what if n > 1 else what[:-1]}" for n, what in extras if n]
    if board.seats:
        parts.append(f"for {' or '.join(map(str, board.seats))} seats")
    invented = "; partly invented (its 'assumed' says what)" if board.assumed else ""
    return f"board {board.id!r} ({board.name}): " + ", ".join(parts) + invented

