"""The map drawn as the board: the headstreams on top, each over the valley it feeds; the valleys of the
mountains, hills and plains in the board's rows (its ``layout``); down each valley its river (a blue stroke)
with the dams across it (``╪``), the conduits leaving it toward the valley they feed (``╠═C1L 5↘8``: value 5,
to valley 8, down and to the right), the powerhouses beside it (``╟``), and where its water goes on (``▼8``,
``▼EXIT_L``: the sea). Drops on their way down (``moving``) are drawn on the river where they are.

Drawn from the rules' typed map (``rules/views/map.py``) alone, for any board; the other picture of the map
is ``map_table.py`` (a key switches)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from rich.text import Text

from barrage_tui.rules import Board, Lake, LayoutCell, Map

from ..palette import AREA_STYLE, ASSUMED, DIM, RECENT, RED
from ..texts import company_name
from .map_parts import (MOVING, WATER, Marks, area_marks, badge, dam_text, drops, empty, grid, landscape_key, mark_text,
                        reds)
from .map_rivers import Segment, links, onto
from .map_rivers import line as river_line
from .textutil import fit, flow, hjoin

NOTHING: Mapping[str, int] = {}
DAM, CONDUIT, POWERHOUSE, RIVER = "╪", "╠═", "╟ ", "║"


def arrow(dy: int, dx: int) -> str:
    """The arrow from a valley toward another ``dy`` rows and ``dx`` columns away on the map."""
    return {(-1, -1): "↖", (-1, 0): "↑", (-1, 1): "↗", (0, -1): "←", (0, 0): "→", (0, 1): "→",
            (1, -1): "↙", (1, 0): "↓", (1, 1): "↘"}[(max(-1, min(1, dy)), max(-1, min(1, dx)))]


class Drawing:
    """Draws the board and notes the line of each space and headstream (to scroll it into view)."""

    def __init__(self) -> None:
        self.where: dict[str, int] = {}
        self._cache: dict[tuple[object, ...], tuple[list[Text], dict[str, int]]] = {}  # a valley by what it shows
        self._rows: dict[tuple[int, ...], tuple[list[list[Text]], list[Text]]] = {}  # a row by its parts
        self._ontos: dict[tuple[object, ...], tuple[Text, Text]] = {}  # a top line with the rivers from above
        self._legends: dict[tuple[object, ...], tuple[list[Text], bool, list[Text]]] = {}

    def lines(self, m: Map, marks: Marks, width: int,
              moving: Mapping[str, int] = NOTHING, pending: Mapping[str, int] = NOTHING) -> list[Text]:
        """``moving``: river node -> drops on their way there now; ``pending``: dam or lake -> drops that
        will stop there but have not arrived yet (shown as room)."""
        self.where = {}
        if len(self._cache) > 300:
            self._cache = {}
        rows = grid(m.board)
        cols = max(len(r) for r in rows)
        w = min(30, max((width - (cols - 1)) // cols, _narrowest(cols, width)))
        place = _places(m)
        lakes = [self._lake(lake, " lake ", moving, pending) for lake in m.lakes]
        if any(t.cell_len > w for t in lakes):  # the same words for every lake: without "lake" in narrow cells
            lakes = [self._lake(lake, " ", moving, pending) for lake in m.lakes]
        out = self._headstreams(m, marks, w, cols, place, moving, lakes)
        rivers = links(m, place)
        has_legend = any("legend" in row for row in rows)
        legend_marks = area_marks(m, w) if has_legend else []
        marks_below, lands_below = not has_legend, landscape_key(m) if not has_legend else []
        for r, row in enumerate(rows):
            above = rivers.below.get(r - 1, ())
            on_top = rivers.sideways(r - 1) and _free_top(row, above)  # the rivers from above on this row's top line
            if rivers.sideways(r - 1) and not on_top:
                out.append(river_line(above, w, WATER))
            start = len(out)
            grid_cells: list[list[list[Text]]] = []  # each cell's parts: a valley's lines, valleys one under the other
            legend = None
            for cell in row:
                if cell == "legend":
                    legend = len(grid_cells)
                    grid_cells.append([])
                    continue
                parts: list[list[Text]] = []
                height = 0
                for zone in (cell if isinstance(cell, tuple) else (cell,)):
                    assert isinstance(zone, int)
                    lines, at = self._valley(m, zone, w, place, marks, moving, pending)
                    for ref, i in at.items():
                        self.where[ref] = start + height + i
                    parts.append(lines)
                    height += len(lines)
                grid_cells.append(parts)
            tallest = max((sum(map(len, c)) for c in grid_cells), default=0)
            if legend is not None:  # as tall as the row's valleys (a row of only the legend: as it needs)
                legend_marks_here, legend_marks = legend_marks, []
                lines, marks_below, lands_below = self._legend(m, w, tallest or 99, legend_marks_here, on_top,
                                                               (r, legend) in rivers.through)
                grid_cells[legend] = [lines]
                tallest = max(tallest, len(grid_cells[legend][0]))
            for c in rivers.leaving(r):  # a river going on down: its stroke to the row's bottom
                if c < len(grid_cells) and c != legend and (short := tallest - sum(map(len, grid_cells[c]))) > 0:
                    grid_cells[c] = [*grid_cells[c], _strokes(short)]
            joined = self._row(grid_cells, w, cols)
            if on_top:
                joined = [self._onto(joined[0], above, w), *joined[1:]]
            out += joined
        return (out + (area_marks(m, width) if marks_below else [])
                + flow(lands_below, width, gap=3))

    def _onto(self, top: Text, above: tuple[Segment, ...], w: int) -> Text:
        """A row's top line with the rivers from above on it, drawn anew only for a new line (a row's cache keeps
        an unchanged one)."""
        kept = self._ontos.get((id(top), above, w))
        if kept is None or kept[0] is not top:
            if len(self._ontos) > 50:
                self._ontos = {}
            kept = self._ontos[(id(top), above, w)] = (top, onto(top, above, w, RIVER, WATER))
        return kept[1]

    def _row(self, cells: list[list[list[Text]]], w: int, cols: int) -> list[Text]:
        """A row of cells side by side, joined again only when a part of one was built anew (an unchanged
        valley's lines are the very list its cache keeps)."""
        parts = [p for c in cells for p in c]
        key = (w, cols, *(len(c) for c in cells), *map(id, parts))
        kept = self._rows.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], parts)):
            return kept[1]
        if len(self._rows) > 100:
            self._rows = {}
        joined = hjoin([[line for p in c for line in p] for c in cells], [w] * cols)
        self._rows[key] = (parts, joined)  # (the parts kept alive: their ids stay theirs)
        return joined

    # ------------------------------------------------------------ the headstreams, over their valleys

    def _lake(self, lake: Lake, word: str, moving: Mapping[str, int], pending: Mapping[str, int]) -> Text:
        """A natural lake: its drops and room, where it drains ("~LAKE_N lake ●○○ ▼9")."""
        t = _on_river(lake.id, SOURCE, moving)
        t.append(f"{lake.id}{word}")
        t.append_text(drops(lake.drops - pending.get(lake.id, 0), lake.capacity))
        t.append(f" ▼{lake.to}", style=WATER)
        return t

    def _headstreams(self, m: Map, marks: Marks, w: int, cols: int, place: Mapping[int, tuple[int, int]],
                     moving: Mapping[str, int], lakes: list[Text]) -> list[Text]:
        """The headstreams over the valleys they feed, and the lakes in the cells they leave free (a line of
        their own for those that do not fit)."""
        by_column: list[list[Text]] = [[] for _ in range(cols)]
        spare = 0
        for h in m.headstreams:
            col = place[int(h.to)][1] if h.to.isdigit() and int(h.to) in place else None
            if col is None or (by_column[col] and any(not c for c in by_column)):
                col = next((c for c in range(cols) if not by_column[c]), spare % cols)  # (a free column)
                spare += 1
            t = Text()
            t.append_text(_on_river(h.id, SOURCE, moving))
            t.append(h.id, style=marks.style(h.id))
            if h.covered:  # opened by building that landscape
                t.append(f" [{h.covered}{ASSUMED if h.cover_assumed else ''}]", style=marks.style(h.covered) or DIM)
                self.where[h.covered] = len(by_column[col])
            else:
                t.append(f" ▾{h.drops}")
                t.append(" +")
                for r, n in enumerate(h.by_round, start=1):
                    t.append(f"{n}", style="bold underline" if r == m.round else (DIM if r < m.round else None))
                if h.assumed:  # the tile's drops are invented
                    t.append(ASSUMED, style=DIM)
            t.append(f" ▼{h.to}", style=WATER)
            self.where[h.id] = len(by_column[col])
            by_column[col].append(t)
        height = max(len(c) for c in by_column)
        free = [(y, c) for y in range(height) for c in range(cols) if len(by_column[c]) <= y]
        placed = [t for t in lakes if t.cell_len <= w][:len(free)]
        for t, (y, c) in zip(placed, free):
            by_column[c] += [Text()] * (y - len(by_column[c])) + [t]
        out = hjoin([c or [Text()] for c in by_column], [w] * cols)[:height]
        return out + flow([t for t in lakes if not any(t is p for p in placed)], cols * (w + 1), gap=3)

    # ------------------------------------------------------------ a valley

    def _valley(self, m: Map, zone: int, w: int, place: Mapping[int, tuple[int, int]], marks: Marks,
                moving: Mapping[str, int], pending: Mapping[str, int]) -> tuple[list[Text], dict[str, int]]:
        """A valley's lines and the line of each of its spaces, rebuilt only when something in it changed."""
        v = m.valleys[zone]
        refs = v.dams + v.conduits + v.powerhouses + _covers(m.board, zone)
        key = (m.board, v, w, m.companies, tuple(m.dams[d] for d in v.dams), tuple(m.conduits[c] for c in v.conduits),
               tuple(m.powerhouses[p] for p in v.powerhouses), marks.of(refs),
               tuple((n, moving[n]) for n in (*v.dams, v.passage, f"out:{zone}") if n in moving),
               tuple((d, pending[d]) for d in v.dams if d in pending))
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._build_valley(m, zone, w, place, marks, moving, pending)
        return found

    def _build_valley(self, m: Map, zone: int, w: int, place: Mapping[int, tuple[int, int]], marks: Marks,
                      moving: Mapping[str, int], pending: Mapping[str, int]) -> tuple[list[Text], dict[str, int]]:
        v = m.valleys[zone]
        title = Text()
        title.append_text(_on_river(v.passage, RIVER, moving) if not v.powerhouses else Text(RIVER, style=WATER))
        title.append(f"{zone} {v.area}", style=AREA_STYLE[v.area])
        out = moving.get(f"out:{zone}", 0)
        title.append(" ")
        title.append(str(out) if out else "▼", style=MOVING if out else WATER)
        title.append(v.to, style=WATER)  # a valley's number, a lake, an exit to the sea
        lines = [fit(title, w)]
        at: dict[str, int] = {}
        for d in v.dams:
            at[d] = len(lines)
            lines.append(fit(self._dam(m, d, marks, moving, pending), w))
        row, col = place[zone]
        for c in v.conduits:
            at[c] = len(lines)
            lines.append(fit(self._conduit(m, c, marks, row, col, place), w))
        packed, rows = self._pack(m, v.powerhouses, marks, w - 2, " ")
        if len(packed) > 1:  # a line less without the gap between a space and its owner ("P11_2+3·")?
            tight, tight_rows = self._pack(m, v.powerhouses, marks, w - 2, "")
            if len(tight) < len(packed):
                packed, rows = tight, tight_rows
        at.update((p, len(lines) + i) for p, i in rows.items())
        for i, line in enumerate(packed):
            lead = _on_river(v.passage, POWERHOUSE[0], moving) if i == 0 else Text(RIVER, style=WATER)
            lines.append(fit(lead + " " + line, w))
        for space in reversed(v.dams + v.conduits + v.powerhouses):  # a landscape: the first space it covers here
            cover = (m.dams.get(space) or m.conduits.get(space) or m.powerhouses[space]).covered
            if cover:
                at[cover] = at[space]
        return lines, at

    def _dam(self, m: Map, space: str, marks: Marks, moving: Mapping[str, int],
             pending: Mapping[str, int]) -> Text:
        held = m.dams[space].drops - pending.get(space, 0)  # (drops still on their way are not there yet)
        return dam_text(m, space, marks, _on_river(space, DAM, moving), held)

    def _conduit(self, m: Map, space: str, marks: Marks, row: int, col: int,
                 place: Mapping[int, tuple[int, int]]) -> Text:
        c = m.conduits[space]
        t = Text(CONDUIT, style=WATER)
        t.append(space, style=marks.style(space))
        t.append(" " * max(1, 5 - len(space)))
        to = "/".join(f"{arrow(place[z][0] - row, place[z][1] - col) if z in place else '→'}{z}" for z in c.targets)
        t.append(f"{c.value}{to} ")  # a branching one: 4↓2/↘3
        t.append_text(badge(m, c.owner) if c.owner is not None else empty(c, marks))
        for k in c.marks:
            t.append(" ")
            t.append_text(mark_text(k))
        return t

    def _pack(self, m: Map, spaces: tuple[str, ...], marks: Marks, width: int,
              gap: str) -> tuple[list[Text], dict[str, int]]:
        """Powerhouse spaces packed into lines of ``width`` (a space between two), and each one's line."""
        packed: list[Text] = []
        rows: dict[str, int] = {}
        for p in spaces:
            cell = self._powerhouse(m, p, marks, gap)
            if not packed or packed[-1].cell_len + 1 + cell.cell_len > width:
                packed.append(Text())
            elif packed[-1].cell_len:
                packed[-1].append(" ")
            rows[p] = len(packed) - 1
            packed[-1].append_text(cell)
        return packed, rows

    def _powerhouse(self, m: Map, space: str, marks: Marks, gap: str = " ") -> Text:
        p = m.powerhouses[space]
        t = Text()
        t.append(space, style=marks.style(space))
        t.append(f"+{p.red}" if p.red else "", style=RED if p.red else None)
        t.append(gap)
        t.append_text(badge(m, p.owner) if p.owner is not None else empty(p, marks))
        return t

    def _legend(self, m: Map, w: int, height: int, marks: list[Text], blank_top: bool,
                river: bool) -> tuple[list[Text], bool, list[Text]]:
        """What the signs mean, packed into ``w`` columns and at most ``height`` lines (its row's valleys'): the
        least needed signs give way first (``?`` explains them all). The modules' marks by each area (``marks``)
        and the landscapes' key come first; returned with whether the marks went below the map instead and the
        landscapes the key has no room for (they go below it). ``blank_top``: its first line is left to the
        rivers from the row above; ``river``: a river passes down its edge."""
        lands = landscape_key(m) if m.board.landscapes else []
        key = (m.board, m.companies[0], w, height, tuple(t.plain for t in marks), blank_top, river,
               tuple(t.plain for t in lands))
        if key not in self._legends:
            inner = w - 2 if river else w
            lines, rest = self._build_legend(m, inner, height - blank_top, marks, lands)
            below = not lines and bool(marks)
            if below:  # the marks do not fit beside the valleys: under the map
                lines, rest = self._build_legend(m, inner, height - blank_top, [], lands)
            lines = [Text()] * blank_top + lines
            if river:
                lines = [Text.assemble((RIVER, WATER), " ", t) for t in lines]
                lines += [Text(RIVER, style=WATER)] * (height - len(lines))
            self._legends[key] = (lines, below, rest)
        return self._legends[key]

    def _build_legend(self, m: Map, w: int, height: int, marks: list[Text],
                      lands: list[Text]) -> tuple[list[Text], list[Text]]:
        """The legend's lines (none: the marks do not fit with its heading) and the landscapes' key items left out."""
        board = m.board
        head = Text.assemble(("Legend", "bold"), (" · ? help", "dim"))
        owner = badge(m, 0, "2") + f" {company_name(m.companies[0])}, 2 high"  # a company in the game
        signs = [  # by need
            owner if owner.cell_len <= w else badge(m, 0, "2") + f" {company_name(m.companies[0])} 2 high",
            Text.assemble(("+3", RED), " red outline") if reds(board) == {3}
            else Text.assemble(("+n", RED), " red: n Credits"),
        ]
        tile = [Text("[A1] landscape tile")] if board.landscapes else []  # (the key: what one acts on besides)
        if board.preparation_tiles:  # what only some boards have
            signs.append(Text("[X] blocked"))
        if any(p.neutral for p in board.powerhouses.values()):
            signs.append(Text("N neutral powerhouse"))
        if board.assumed:
            signs.append(Text("≈ reconstructed", style=DIM))
        signs += [Text.assemble((DAM, WATER), " dam ", (CONDUIT, WATER), "conduit"), drops(1, 2) + " 1 drop, room 1",
                  Text.assemble(("▼8", WATER), " river to 8"), Text.assemble(("B5U", RECENT), " their last turn")]
        shown, rest = list(lands), list[Text]()

        def packed() -> list[Text]:
            return marks + flow([head, *signs[:2], *tile, *shown, *signs[2:]], w, gap=2)

        lines = packed()
        while len(lines) > height and (signs or shown):
            if signs:
                signs.pop()
            else:
                rest.insert(0, shown.pop())
            lines = packed()
        if len(lines) > height:
            return [], lands
        return [fit(r, w) for r in lines], rest


READABLE, NARROWEST = 18, 15  # a valley's column: the cells it reads well in; the fewest its lines need


def _narrowest(cols: int, width: int) -> int:
    """The narrowest a column is drawn: ``READABLE`` (wider than the panel, it scrolls), or down to ``NARROWEST``
    where that makes the board's columns fit (the 4-5 player map's five at 160 columns)."""
    return READABLE if READABLE * cols + cols - 1 <= width or NARROWEST * cols + cols - 1 > width else NARROWEST


SOURCE = "~"  # water at rest: a headstream, a lake (not ≈, which marks what no source prints)


def _on_river(node: str, stroke: str, moving: Mapping[str, int]) -> Text:
    """The river's stroke at ``node``: the drops on their way there now in its place (their number)."""
    n = moving.get(node, 0)
    if not n:
        return Text(stroke, style=WATER)
    return Text(("●" if n == 1 else str(min(n, 9))) + " " * (len(stroke) - 1), style=MOVING)


@cache
def _covers(board: Board, zone: int) -> tuple[str, ...]:
    """The landscapes over spaces of a valley on the board (built or not)."""
    z = board.zones[zone]
    return tuple(c for c in map(board.covered_by, (*z.dam_spaces, *z.conduits, *z.powerhouse_spaces)) if c)


def _free_top(row: tuple[LayoutCell, ...], rivers: tuple[Segment, ...]) -> bool:
    """Whether the rivers from the row above can be drawn on ``row``'s top line: each that changes columns comes
    from the left over no valley's name there (only over the legend, or past the row's last cell) to its own
    valley's stroke (one from the right would cross that valley's name)."""
    return all(a < b and all(c >= len(row) or row[c] == "legend" for c in range(a, b))
               for a, b in rivers if a != b)


@cache
def _strokes(n: int) -> list[Text]:
    """``n`` lines of a river's stroke (one list for each ``n``: a row's cache knows it by its id)."""
    return [Text(RIVER, style=WATER)] * n


def _places(m: Map) -> dict[int, tuple[int, int]]:
    """Each valley's (row, column) on the map's grid (the arrows of the conduits point by them)."""
    found = {}
    for r, row in enumerate(grid(m.board)):
        for c, cell in enumerate(row):
            for z in (cell if isinstance(cell, tuple) else (cell,)):
                if isinstance(z, int):
                    found[z] = (r, c)
    return found
