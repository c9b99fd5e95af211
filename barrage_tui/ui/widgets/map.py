"""The map of the game's board: its headstreams, natural lakes and valleys (zones) by area, every dam,
conduit and powerhouse space. The grid is the board's ``layout`` (the base map: 4 columns), or, for a board
without one, its valleys by area, four to a row."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from functools import cache

from barrage_tui.rules import board_features, production, water
from barrage_tui.rules.boards import Board, LayoutCell, passage
from barrage_tui.rules.modules.china import china_of, data as china_data
from barrage_tui.rules.components import components
from barrage_tui.rules.modules.geological import rules as geology
from barrage_tui.rules.modules.geological.state import tokens_of

from ..palette import AREA_STYLE, DIM, GEOLOGY, RED, YIELD_STYLE, badge, mark
from ..texts import company_name, token_tag
from ..view import Panel, View, marks
from .textutil import fit, flow, hjoin

COLUMNS = 4  # the grid's columns when a board gives no layout


@cache
def map_refs(m: Board) -> frozenset[str]:
    """The refs the map draws (a board is hashed by identity)."""
    return frozenset(m.dams) | frozenset(m.conduits) | frozenset(m.powerhouses) | frozenset(m.headstreams)


@cache
def grid(m: Board) -> tuple[tuple[LayoutCell, ...], ...]:
    """The rows of the map: cells are a zone, "legend", or zones drawn one under the other."""
    if m.layout:
        return m.layout
    zones = sorted(m.zones, key=lambda z: m.areas.index(m.zones[z].area))  # by area, in the file's order
    cells: list[LayoutCell] = [*zones, "legend"]
    return tuple(tuple(cells[i:i + COLUMNS]) for i in range(0, len(cells), COLUMNS))


def _names(plain: str, ref: str) -> bool:
    """Whether a line of a zone's box draws the space ``ref`` (``B1U`` and not ``B10U``)."""
    return re.search(rf"(^| ){re.escape(ref)}([ +]|$)", plain) is not None


class MapView(Panel):
    TITLE = "Map"
    TAB = "Map"
    _zone_cache: dict[tuple[object, ...], list[Text]]  # a zone's lines by what they show

    def fingerprint(self, view: View) -> object:
        st = view.state
        universe = map_refs(view.game.board)
        return (repr(st.dams), tuple(st.conduits.items()), tuple(st.powerhouses.items()),
                tuple(st.headstream_drops.values()), st.round, marks(view, universe)[0],
                tuple(st.lakes.values()), tuple(st.uncovered), st.companies[0].company)  # (the legend's sample)

    def lines(self, view: View, width: int) -> list[Text]:
        self._where: dict[str, int] = {}
        cache = getattr(self, "_zone_cache", None)
        if cache is None or len(cache) > 200:
            self._zone_cache = {}
        m = view.game.board
        rows = grid(m)
        cols = max(len(r) for r in rows)
        w = max(18, min(30, (width - 3) // cols))
        out: list[Text] = []
        for i in range(0, len(m.headstreams), cols):  # the base map: its 4 headstreams in one row
            heads = m.headstreams[i:i + cols]
            self._note(out, heads, len(out))
            out += hjoin([[self._headstream(view, h)] for h in heads], [w] * cols)
        if m.lakes:
            out += flow([self._lake(view, lake) for lake in m.lakes], width, gap=3)
        for row in rows:
            boxes = []
            for z in row:
                if isinstance(z, int):
                    boxes.append(self._zone(view, z, w))
                elif isinstance(z, tuple):
                    boxes.append([line for zone in z for line in self._zone(view, zone, w)])
                else:
                    boxes.append(self._legend(view, w))
            start = len(out)
            out += hjoin(boxes, [w] * cols)
            for z in row:
                offset = start  # zones 11 and 12 share a box, one under the other
                for zone in (z if isinstance(z, tuple) else (z,)):
                    if isinstance(zone, int):
                        offset += self._note_zone(view, zone, w, offset)
        if (own := china_of(view.state)) is not None and own.yields:
            out += self._yields(view, width)
        return out

    def _yields(self, view: View, width: int) -> list[Text]:
        """The yield tiles still by each area, in their colours (China Challenge; ? says what each does)."""
        st, spaces = china_of(view.state), {y.id: y for y in view.game.board.yield_spaces}
        assert st is not None
        out: list[Text] = []
        for area in view.game.board.areas:
            t = Text(f"Yield {area}: ", style=AREA_STYLE.get(area) or "")  # "": rich's no style
            tiles = [(sp, tile) for sp, tile in st.yields.items() if spaces[sp].area == area]
            for k, (sp, tile) in enumerate(sorted(tiles, key=lambda kv: int(kv[1]))):
                t.append(" " if k else "")
                t.append(f"#{tile}", style=YIELD_STYLE.get(china_data.box().yields[tile].colour))
            if not tiles:
                t.append("none left", style=DIM)
            out += flow([t], width)
        return out

    # ------------------------------------------------------------ where things are (for scrolling)

    def _note(self, out: list[Text], refs: Iterable[str], line: int) -> None:
        for r in refs:
            self._where[r] = line

    def _note_zone(self, view: View, zone: int, w: int, line: int) -> int:
        """Note the line of each space of a zone's box drawn from ``line`` on; returns the box's height."""
        z = view.game.board.zones[zone]
        box = self._zone(view, zone, w)
        for r in z.dam_spaces + z.conduits + z.powerhouse_spaces:
            # a space's line in its box: the line that starts with its name or has it after a gap
            self._where[r] = line + next((i for i, t in enumerate(box) if _names(t.plain, r)), 0)
        return len(box)

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)

    # ------------------------------------------------------------ pieces

    def _headstream(self, view: View, head: str) -> Text:
        st = view.state
        tile = components().headstreams[st.headstream_tiles[head]]
        t = Text()
        t.append(head, style=mark(head, view.strong))
        code = view.game.board.headstream_covers.get(head)
        if code and not board_features.headstream_open(view.game, head):  # opened by building that landscape
            t.append(f" [{code}]  +", style=DIM)
        else:
            t.append(f" ▾{st.headstream_drops[head]}  +")
        for r, n in enumerate(tile.drops_by_round, start=1):
            style = "bold underline" if r == st.round else (DIM if r < st.round else None)
            t.append(f"{n}", style=style)
            if r < len(tile.drops_by_round):
                t.append(" ")
        return t

    def _zone(self, view: View, zone: int, w: int) -> list[Text]:
        """A zone's box, rebuilt only when something in it changed."""
        st = view.state
        z = view.game.board.zones[zone]
        key = (view.game.board, zone, w, tokens_of(st).get(str(zone)), tuple(st.uncovered),
               tuple(st.preparation.items()), tuple(repr(st.dams.get(d)) for d in z.dam_spaces),
               tuple(st.conduits.get(c, -9) for c in z.conduits),
               tuple(st.powerhouses.get(p, -9) for p in z.powerhouse_spaces),
               tuple(r for r in z.dam_spaces + z.conduits + z.powerhouse_spaces if r in view.strong))
        lines = self._zone_cache.get(key)
        if lines is None:
            lines = self._zone_cache[key] = self._build_zone(view, zone, w)
        return lines

    def _build_zone(self, view: View, zone: int, w: int) -> list[Text]:
        m = view.game.board
        z = m.zones[zone]
        title = Text(f"{zone} {z.area} ↓{_below(m, _outflow(view, zone))}", style=AREA_STYLE[z.area])
        lines = [fit(title, w)]
        for space in z.dam_spaces:
            lines.append(self._dam(view, space))
        cells = [self._conduit(view, c) for c in z.conduits]
        lines += flow(cells, w)
        lines += flow([self._powerhouse(view, p) for p in z.powerhouse_spaces], w, gap=1)
        return lines

    def _dam(self, view: View, space: str) -> Text:
        st = view.state
        red = view.game.board.dams[space].extra_credits
        t = Text()
        t.append(space, style=mark(space, view.strong))
        t.append(" " * (4 - len(space)))
        t.append(f"+{red}" if red else "  ", style=RED if red else None)
        t.append(" ")
        dam = st.dams.get(space)
        if dam is None:
            t.append_text(self._empty(view, space))
        else:
            t.append_text(badge(st, dam.owner, str(dam.height)))
            cap = water.capacity(view.game, space)
            t.append(" " + "●" * dam.drops, style="bold #5fafff")
            t.append("○" * max(0, cap - dam.drops), style="#5f87af")
        zone = view.game.board.dams[space].zone
        token = tokens_of(st).get(str(zone))
        if token is not None and space == geology.upper_dam(view.game.board, zone):  # the token lies over the upper dam space
            t.append(" " + token_tag(geology.box().tokens[token]), style=GEOLOGY)
        return t

    def _conduit(self, view: View, space: str) -> Text:
        st = view.state
        c = view.game.board.conduits[space]
        to = "/".join(map(str, board_features.open_targets(view.game, space)))  # a branching one: 4→2/3
        t = Text()
        t.append(space, style=mark(space, view.strong))
        t.append(" " * (4 - len(space)))
        t.append(f" {production.conduit_value(view.game, space)}→{to}")  # a token's +1 included
        t.append(" " * (2 - len(to)) + " ")
        owner = st.conduits.get(space)
        t.append_text(badge(st, owner) if owner is not None else self._empty(view, space))
        return t

    def _powerhouse(self, view: View, space: str) -> Text:
        st = view.state
        red = view.game.board.powerhouses[space].extra_credits
        t = Text()
        t.append(space, style=mark(space, view.strong))
        t.append(f"+{red}" if red else "  ", style=RED if red else None)
        t.append(" ")
        owner = st.powerhouses.get(space)
        t.append_text(badge(st, owner) if owner is not None else self._empty(view, space))
        return t

    def _empty(self, view: View, space: str) -> Text:
        """An empty space: "·", the landscape that still covers it, in brackets ("[T1]"), or "[X]" for a
        space blocked by a preparation tile (the Duel map)."""
        if board_features.blocked(view.game, space):
            return Text("[X]", style=DIM)
        if board_features.covered(view.game, space):
            return Text(f"[{view.game.board.covered_by(space)}]", style=DIM)
        return Text("·")

    def _lake(self, view: View, lake: str) -> Text:
        """A natural lake: its drops and room, and where it drains ("L1 lake ●●○ ↓3")."""
        m = view.game.board
        held, cap = view.state.lakes.get(lake, 0), m.lakes[lake].capacity
        t = Text(f"{lake} lake ")
        t.append("●" * held, style="bold #5fafff")
        t.append("○" * max(0, cap - held), style="#5f87af")
        t.append(f" ↓{_below(m, m.lakes[lake].to)}")
        return t

    def _legend(self, view: View, w: int) -> list[Text]:
        m, st = view.game.board, view.state
        rows = [
            Text.assemble(("Legend", "bold"), (" · ? help", "dim")),
            Text.assemble(("+3", RED), " red outline") if _reds(m) == {3}
            else Text.assemble(("+n", RED), " red: n Credits"),
            badge(st, 0, "2") + f" {company_name(st.companies[0].company)}, 2 high",  # a company in the game
            Text.assemble(("●", "bold #5fafff"), ("○", "#5f87af"), " 1 drop, room 1"),
            Text("5→8 value 5, zone 8"),
            Text("▾waiting +per round"),
        ]
        if any(p.neutral for p in m.powerhouses.values()):  # what only some boards have
            rows.append(Text("N neutral powerhouse"))
        if m.landscapes:
            rows.append(Text("[A1] under landscape"))
        if any(len(c.targets) > 1 for c in m.conduits.values()):
            rows.append(Text("4→2/3 branches"))
        if m.preparation_tiles:
            rows.append(Text("[X] blocked space"))
        if m.assumed:
            rows.append(Text("≈ reconstructed", style=DIM))
        return [fit(r, w) for r in rows]


def _reds(m: Board) -> set[int]:
    """The red outlines' extra Credits on a board (the base map: 3 everywhere)."""
    return ({d.extra_credits for d in m.dams.values() if d.extra_credits}
            | {p.extra_credits for p in m.powerhouses.values() if p.extra_credits})


def _outflow(view: View, zone: int) -> str:
    """Where a valley's water goes now: its printed course, or the one a built landscape diverted (A6)."""
    board, river = view.game.board, board_features.river(view.game)
    z = board.zones[zone]
    for node in (*z.dam_spaces, passage(zone)):
        if river.get(node, z.outflow_to) != board.downstream.get(node, z.outflow_to):
            return river[node]
    return z.outflow_to


def _below(m: Board, node: str) -> str:
    """Where water goes next, in the map's few letters: "exit", a zone's number, or a lake's id."""
    if m.is_exit(node):
        return "exit"
    if node in m.dams:
        return str(m.dams[node].zone)
    return next((str(z) for z in m.zones if m.passage(z) == node), node)
