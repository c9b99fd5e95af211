"""The management board: every action space with its cost, Engineers needed and who is on it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from functools import cache

from rich.text import Text

from barrage_tui.rules import ActionSpace, BoardView, TableView, facts, management_board

from ..palette import DIM, RED, TITLE, badge, mark
from ..texts import space_short
from ..view import Panel, View, marks
from .textutil import fit, hjoin

BOARDS = (("turbine", "Turbine station"), ("water", "Water management"), ("workshop", "Workshop"),
          ("machinery", "Machinery shop"), ("contract", "Contract office"), ("patent", "Patent office"))


def row_label(row: list[ActionSpace]) -> str:
    """A row of one board: its action, and its cost in credits (the same for both spaces of a row)."""
    cost = row[0].cost_credits
    return space_short(row[0]) + (f" {cost}cr" if cost else "")


@cache
def board_rows() -> dict[str, dict[int, list[ActionSpace]]]:
    rows: dict[str, dict[int, list[ActionSpace]]] = defaultdict(lambda: defaultdict(list))
    for s in facts().spaces.values():
        rows[s.board][s.row].append(s)
    for board in rows.values():
        for row in board.values():
            row.sort(key=lambda s: s.column)
    return rows


# a board's section: its lines and where its refs are drawn
Section = tuple[list[Text], list[tuple[str, int]]]


class ManagementBoard(Panel):
    _section_cache: dict[tuple[object, ...], Section]  # by what the section shows (lines)
    TITLE = "Management board"
    TAB = "Board"

    def fingerprint(self, view: View) -> object:
        board = management_board(view.game)
        universe = frozenset(facts().spaces) | {"bank-b"}
        return (board.occupied, board.engineers_on, board.bank, marks(view, universe)[0])

    def lines(self, view: View, width: int) -> list[Text]:
        self._where: dict[str, int] = {}
        rows = board_rows()
        sections: list[tuple[list[Text], list[tuple[str, int]]]] = []
        cache = getattr(self, "_section_cache", None)
        if cache is None or len(cache) > 300:
            cache = self._section_cache = {}
        shown, table = management_board(view.game), view.table
        for board, title in BOARDS:
            if board not in rows:
                continue
            ids = [s.id for r in rows[board].values() for s in r]
            key = (board, shown.seats, shown.in_play, tuple(shown.occupied.get(i, -9) for i in ids),
                   tuple(shown.engineers_on.get(i, ()) for i in ids), tuple(i for i in ids if i in view.strong))
            if key in cache:
                sections.append(cache[key])
                continue
            spaces = [rows[board][r] for r in sorted(rows[board])]
            labels = [row_label(row) for row in spaces]
            label_w = max(len(label) for label in labels)
            cells = [[self._cell(view, shown, table, s) for s in row] for row in spaces]
            col_w = [max(c[i].cell_len for c in cells if len(c) > i) for i in range(max(len(c) for c in cells))]
            sec = [Text(title, style=TITLE)]
            refs = []
            for row, row_cells, label in zip(spaces, cells, labels):
                line = fit(Text(label), label_w + 1)
                for i, (space, cell) in enumerate(zip(row, row_cells)):
                    if i:
                        line.append("│")
                    line.append_text(fit(cell, col_w[i]) if i < len(row) - 1 else cell)
                    refs.append((space.id, len(sec)))
                sec.append(line)
            sections.append((sec, refs))
            cache[key] = (sec, refs)
        sections.append(([Text("Bank ", style=TITLE) + self._bank(view, shown, table)], [("bank-b", 0)]))
        widths = [max(t.cell_len for t in sec) for sec, _ in sections]
        groups = best_columns(tuple(len(sec) for sec, _ in sections), tuple(widths), width, gap=2)
        columns: list[list[Text]] = []
        col_widths: list[int] = []
        for group in groups:
            col: list[Text] = []
            for i in group:
                sec, refs = sections[i]
                if col:
                    col.append(Text())
                for ref, y in refs:
                    self._where[ref] = len(col) + y
                col += sec
            columns.append(col)
            col_widths.append(max(widths[i] for i in group))
        return hjoin(columns, col_widths, gap=2)

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)

    def _cell(self, view: View, board: BoardView, table: TableView, space: ActionSpace) -> Text:
        exists = space.id in board.in_play
        t = Text()
        t.append(f"{space.engineers}E", style=mark(space.id, view.strong))
        if space.extra_credits:
            t.append(f"+{space.extra_credits}", style=RED)
        if not exists:
            return Text("—")
        t.append(" ")
        seat = board.occupied.get(space.id)
        if seat is None:
            t.append("·")
        else:
            n = board.engineers_on.get(space.id, (0,) * board.seats)[seat]
            t.append_text(badge(table, seat, str(n)))
        return t

    def _bank(self, view: View, board: BoardView, table: TableView) -> Text:
        t = Text()
        t.append("1cr/Engineer", style=mark("bank-b", view.strong))
        t.append(":")
        for seat, n in enumerate(board.bank):
            t.append(" ")
            t.append_text(badge(table, seat, str(n)) if n else Text(f"{badge(table, seat).plain}0", style=DIM))
        return t


@cache
def best_columns(heights: tuple[int, ...], widths: tuple[int, ...], width: int, gap: int = 3) -> list[list[int]]:
    """Split the sections, in order, into as many columns as fit, keeping the tallest column short."""
    n = len(heights)
    best: list[list[int]] = [list(range(n))]
    best_h = sum(heights) + n - 1
    for cols in range(2, n + 1):
        for cuts in _cuts(n, cols):
            groups = [list(range(a, b)) for a, b in zip((0,) + cuts, cuts + (n,))]
            w = sum(max(widths[i] for i in g) for g in groups) + gap * (cols - 1)
            if w > width:
                continue
            h = max(sum(heights[i] for i in g) + len(g) - 1 for g in groups)
            if h < best_h:
                best, best_h = groups, h
    return best


def _cuts(n: int, cols: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    for c in combinations(range(1, n), cols - 1):
        yield c
