"""The map as a client shows it: every space of the game's board with what stands on it now, the water in
its dams, lakes and on its headstreams, where each valley's water goes, and what the modules lay on it.

Worked out by the rules core (``water.capacity``, ``production.conduit_value``, ``board_features``) so a client
draws the board from these frozen dataclasses alone, whatever the board (its file: ``rules/boards.py``) and
the modules (their ``map_marks``: a client names no module).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from .. import board_features, production, water
from ..boards import Board, passage
from ..components import components
from ..plugin import MapMark

if TYPE_CHECKING:
    from ..game import Game

NO_MARKS: tuple[MapMark, ...] = ()


@dataclass(frozen=True)
class DamSpace:
    id: str
    zone: int
    upper: bool
    red: int  # the red outline's extra credits (0: none)
    owner: int | None  # a seat, NEUTRAL (-2), or None: no dam
    height: int  # 0: no dam
    drops: int
    capacity: int  # the drops it holds when full (its height, more with a module or Graziano)
    covered: str  # the landscape still over it ("": none)
    blocked: bool  # under a preparation tile for the whole game (the Duel map)
    marks: tuple[MapMark, ...] = NO_MARKS
    cover_assumed: bool = False  # that landscape's tile is partly assumed (not printed in any source)


@dataclass(frozen=True)
class ConduitSpace:
    id: str
    zone: int
    value: int  # its production value now (a module's and its owner's bonus included)
    targets: tuple[int, ...]  # the valleys it feeds now (a branch under a landscape does not)
    owner: int | None
    covered: str
    blocked: bool
    marks: tuple[MapMark, ...] = NO_MARKS
    cover_assumed: bool = False


@dataclass(frozen=True)
class PowerhouseSpace:
    id: str
    zone: int
    red: int
    owner: int | None  # a seat, NEUTRAL, or None
    covered: str
    blocked: bool
    marks: tuple[MapMark, ...] = NO_MARKS
    cover_assumed: bool = False


@dataclass(frozen=True)
class Headstream:
    id: str
    drops: int  # waiting for the Water Flow phase
    tile: int  # its headstream tile
    by_round: tuple[int, ...]  # the drops its tile adds in rounds 1, 2, ...
    covered: str  # the landscape still over it ("": open)
    to: str  # where its water goes, in the map's few letters (``below``)
    assumed: bool = False  # its tile's drops are invented (the Duel's tiles: headstreams.toml ``assumed``)
    cover_assumed: bool = False  # the landscape over it is partly assumed


@dataclass(frozen=True)
class Lake:
    id: str
    drops: int
    capacity: int
    to: str


@dataclass(frozen=True)
class Valley:
    id: int
    area: str
    dams: tuple[str, ...]  # in the order the water meets them
    conduits: tuple[str, ...]
    powerhouses: tuple[str, ...]
    to: str  # where its water goes now: a valley's number, a lake's id or an exit's id (``below``)
    passage: str  # the river node where water passes its powerhouses


@dataclass(frozen=True)
class Map:
    """The map of one game at one moment."""

    board: Board
    round: int
    companies: tuple[str, ...]  # each seat's company (its colour and letter)
    valleys: Mapping[int, Valley]
    dams: Mapping[str, DamSpace]
    conduits: Mapping[str, ConduitSpace]
    powerhouses: Mapping[str, PowerhouseSpace]
    headstreams: tuple[Headstream, ...]
    lakes: tuple[Lake, ...]
    exits: tuple[str, ...]
    area_marks: tuple[MapMark, ...]  # the modules' marks by an area (a yield tile), in their order

    def valley_of(self, node: str) -> int | None:
        """The valley a river node is in (a dam space or a powerhouse passage; None: a headstream, lake, exit)."""
        if node in self.dams:
            return self.dams[node].zone
        return next((v.id for v in self.valleys.values() if v.passage == node), None)


def map_view(game: Game) -> Map:
    st, board = game.state, game.board
    marks: dict[str, list[MapMark]] = {}
    for hook in game.hooks.map_marks:
        for m in hook(game):
            marks.setdefault(m.place, []).append(m)
    river = board_features.river(game)
    assumed = frozenset(x for hook in game.hooks.assumed_landscapes for x in hook(game))

    def own(place: str) -> tuple[MapMark, ...]:
        return tuple(marks.get(place, ()))

    def dam(d: str) -> DamSpace:
        sp, built, cover = board.dams[d], st.dams.get(d), _cover(game, d)
        return DamSpace(d, sp.zone, sp.upper, sp.extra_credits, None if built is None else built.owner,
                        0 if built is None else built.height, 0 if built is None else built.drops,
                        water.capacity(game, d), cover, board_features.blocked(game, d), own(d), cover in assumed)

    def conduit(c: str) -> ConduitSpace:
        cover = _cover(game, c)
        return ConduitSpace(c, board.conduits[c].zone, production.conduit_value(game, c),
                            board_features.open_targets(game, c), st.conduits.get(c), cover,
                            board_features.blocked(game, c), own(c), cover in assumed)

    def powerhouse(p: str) -> PowerhouseSpace:
        cover = _cover(game, p)
        return PowerhouseSpace(p, board.powerhouses[p].zone, board.powerhouses[p].extra_credits,
                               st.powerhouses.get(p), cover, board_features.blocked(game, p), own(p), cover in assumed)

    tiles = components().headstreams
    def head(h: str) -> Headstream:
        tile, cover = tiles[st.headstream_tiles[h]], "" if board_features.headstream_open(game, h) else board.headstream_covers[h]
        return Headstream(h, st.headstream_drops[h], tile.id, tile.drops_by_round, cover, below(board, river[h]),
                          bool(tile.assumed), cover in assumed)

    heads = tuple(head(h) for h in board.headstreams)
    return Map(
        board, st.round, tuple(c.company for c in st.companies),
        MappingProxyType({z.id: Valley(z.id, z.area, z.dam_spaces, z.conduits, z.powerhouse_spaces,
                                       below(board, _outflow(game, z.id)), passage(z.id))
                          for z in board.zones.values()}),
        MappingProxyType({d: dam(d) for d in board.dams}),
        MappingProxyType({c: conduit(c) for c in board.conduits}),
        MappingProxyType({p: powerhouse(p) for p in board.powerhouses}),
        heads,
        tuple(Lake(k, st.lakes.get(k, 0), lk.capacity, below(board, river[k])) for k, lk in board.lakes.items()),
        board.exits,
        tuple(m for area in board.areas for m in marks.get(area, ())))


def _cover(game: Game, space: str) -> str:
    """The landscape still covering a space ("": none, or built)."""
    code = game.board.covered_by(space)
    return code if code and code not in game.state.uncovered else ""


def _outflow(game: Game, zone: int) -> str:
    """Where a valley's water goes now: its printed course, or the one a built landscape diverted (A6)."""
    board, river = game.board, board_features.river(game)
    z = board.zones[zone]
    for node in (*z.dam_spaces, passage(zone)):
        if river.get(node, z.outflow_to) != board.downstream.get(node, z.outflow_to):
            return river[node]
    return z.outflow_to


def below(board: Board, node: str) -> str:
    """Where water goes next, in the map's few letters: an exit's id, a valley's number, or a lake's id."""
    if board.is_exit(node) or node in board.lakes:
        return node
    if node in board.dams:
        return str(board.dams[node].zone)
    return next((str(z) for z in board.zones if passage(z) == node), node)
