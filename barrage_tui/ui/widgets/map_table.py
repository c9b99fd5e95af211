"""The map as a table: the headstreams, natural lakes and valleys (zones) by area, every dam, conduit and
powerhouse space in a few letters (``1 mountain ↓8``, ``C1L 5→8``). The grid is the board's ``layout`` (the
base map: 4 columns), or, for a board without one, its valleys by area, four to a row. The other picture of
the map is ``map_drawing.py`` (a key switches)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from barrage_tui.rules import Map

from ..palette import AREA_STYLE, ASSUMED, DIM, RED
from ..texts import company_name
from .map_parts import Marks, area_marks, badge, below, dam_text, drops, empty, grid, landscape_key, reds
from .textutil import fit, flow, hjoin


def _names(plain: str, ref: str) -> bool:
    """Whether a line of a zone's box draws the space ``ref`` (``B1U`` and not ``B10U``)."""
    return re.search(rf"(^| ){re.escape(ref)}([ +]|$)", plain) is not None


class TableDrawing:
    """Draws the table and notes the line of each space (to scroll it into view)."""

    def __init__(self) -> None:
        self._zone_cache: dict[tuple[object, ...], list[Text]] = {}  # a zone's lines by what they show
        self.where: dict[str, int] = {}

    def lines(self, m: Map, marks: Marks, width: int) -> list[Text]:
        self.where = {}
        if len(self._zone_cache) > 200:
            self._zone_cache = {}
        board = m.board
        rows = grid(board)
        cols = max(len(r) for r in rows)
        w = max(18, min(30, (width - 3) // cols))
        out: list[Text] = []
        for i in range(0, len(m.headstreams), cols):  # the base map: its 4 headstreams in one row
            heads = m.headstreams[i:i + cols]
            self._note(out, (h.id for h in heads), len(out))
            out += hjoin([[self._headstream(m, h.id, marks)] for h in heads], [w] * cols)
        if m.lakes:
            out += flow([self._lake(m, i) for i in range(len(m.lakes))], width, gap=3)
        for row in rows:
            boxes = []
            for z in row:
                if isinstance(z, int):
                    boxes.append(self._zone(m, z, w, marks))
                elif isinstance(z, tuple):
                    boxes.append([line for zone in z for line in self._zone(m, zone, w, marks)])
                else:
                    boxes.append(self._legend(m, w))
            start = len(out)
            out += hjoin(boxes, [w] * cols)
            for z in row:
                offset = start  # zones 11 and 12 share a box, one under the other
                for zone in (z if isinstance(z, tuple) else (z,)):
                    if isinstance(zone, int):
                        offset += self._note_zone(m, zone, w, offset, marks)
        return out + area_marks(m, width)

    # ------------------------------------------------------------ where things are (for scrolling)

    def _note(self, out: list[Text], refs: Iterable[str], line: int) -> None:
        for r in refs:
            self.where[r] = line

    def _note_zone(self, m: Map, zone: int, w: int, line: int, marks: Marks) -> int:
        """Note the line of each space of a zone's box drawn from ``line`` on; returns the box's height."""
        v = m.valleys[zone]
        box = self._zone(m, zone, w, marks)
        for r in v.dams + v.conduits + v.powerhouses:
            # a space's line in its box: the line that starts with its name or has it after a gap
            self.where[r] = line + next((i for i, t in enumerate(box) if _names(t.plain, r)), 0)
        for r in reversed(v.dams + v.conduits + v.powerhouses):  # a landscape: the first space it covers here
            cover = m.board.covered_by(r)
            if cover:
                self.where[cover] = self.where[r]
        return len(box)

    # ------------------------------------------------------------ pieces

    def _headstream(self, m: Map, head: str, marks: Marks) -> Text:
        h = next(x for x in m.headstreams if x.id == head)
        t = Text()
        t.append(head, style=marks.style(head))
        if h.covered:  # opened by building that landscape
            t.append(f" [{h.covered}{ASSUMED if h.cover_assumed else ''}]  +", style=DIM)
        else:
            t.append(f" ▾{h.drops}  +")
        for r, n in enumerate(h.by_round, start=1):
            style = "bold underline" if r == m.round else (DIM if r < m.round else None)
            t.append(f"{n}", style=style)
            if r < len(h.by_round):
                t.append(" ")
        if h.assumed:  # the tile's drops are invented
            t.append(ASSUMED, style=DIM)
        return t

    def _zone(self, m: Map, zone: int, w: int, marks: Marks) -> list[Text]:
        """A zone's box, rebuilt only when something in it changed."""
        v = m.valleys[zone]
        key = (m.board, v, w, m.companies, tuple(m.dams[d] for d in v.dams), tuple(m.conduits[c] for c in v.conduits),
               tuple(m.powerhouses[p] for p in v.powerhouses),
               marks.of(v.dams + v.conduits + v.powerhouses + tuple(m.board.landscapes)))
        lines = self._zone_cache.get(key)
        if lines is None:
            lines = self._zone_cache[key] = self._build_zone(m, zone, w, marks)
        return lines

    def _build_zone(self, m: Map, zone: int, w: int, marks: Marks) -> list[Text]:
        v = m.valleys[zone]
        title = Text(f"{zone} {v.area} ↓{below(m, v.to)}", style=AREA_STYLE[v.area])
        lines = [fit(title, w)]
        for space in v.dams:
            lines.append(self._dam(m, space, marks))
        lines += flow([self._conduit(m, c, marks) for c in v.conduits], w)
        lines += flow([self._powerhouse(m, p, marks) for p in v.powerhouses], w, gap=1)
        return lines

    def _dam(self, m: Map, space: str, marks: Marks) -> Text:
        return dam_text(m, space, marks, Text(), m.dams[space].drops)

    def _conduit(self, m: Map, space: str, marks: Marks) -> Text:
        c = m.conduits[space]
        to = "/".join(map(str, c.targets))  # a branching one: 4→2/3
        t = Text()
        t.append(space, style=marks.style(space))
        t.append(" " * (4 - len(space)))
        t.append(f" {c.value}→{to}")  # a token's +1 included
        t.append(" " * (2 - len(to)) + " ")
        t.append_text(badge(m, c.owner) if c.owner is not None else empty(c, marks))
        return t

    def _powerhouse(self, m: Map, space: str, marks: Marks) -> Text:
        p = m.powerhouses[space]
        t = Text()
        t.append(space, style=marks.style(space))
        t.append(f"+{p.red}" if p.red else "  ", style=RED if p.red else None)
        t.append(" ")
        t.append_text(badge(m, p.owner) if p.owner is not None else empty(p, marks))
        return t

    def _lake(self, m: Map, i: int) -> Text:
        """A natural lake: its drops and room, and where it drains ("L1 lake ●●○ ↓3")."""
        lake = m.lakes[i]
        t = Text(f"{lake.id} lake ")
        t.append_text(drops(lake.drops, lake.capacity))
        t.append(f" ↓{below(m, lake.to)}")
        return t

    def _legend(self, m: Map, w: int) -> list[Text]:
        board = m.board
        rows = [
            Text.assemble(("Legend", "bold"), (" · ? help", "dim")),
            Text.assemble(("+3", RED), " red outline") if reds(board) == {3}
            else Text.assemble(("+n", RED), " red: n Credits"),
            badge(m, 0, "2") + f" {company_name(m.companies[0])}, 2 high",  # a company in the game
            drops(1, 2) + " 1 drop, room 1",
            Text("5→8 value 5, zone 8"),
            Text("▾waiting +per round"),
        ]
        if any(p.neutral for p in board.powerhouses.values()):  # what only some boards have
            rows.append(Text("N neutral powerhouse"))
        if board.landscapes:  # and what each acts on besides the spaces it covers
            rows += [Text("[A1] landscape tile"), *landscape_key(m)]
        if any(len(c.targets) > 1 for c in board.conduits.values()):
            rows.append(Text("4→2/3 branches"))
        if board.preparation_tiles:
            rows.append(Text("[X] blocked space"))
        if board.assumed:
            rows.append(Text("≈ reconstructed", style=DIM))
        return [fit(r, w) for r in rows]
