"""The rivers between the map's rows of valleys: where a valley's water goes on to a valley of a lower row (a
lake on the way passed through), a stroke from under its column to the top of that valley's column. Worked
out from the rules' typed map alone (each valley's ``to``, each lake's ``to``), for any board and its layout.

A river that goes straight down (the same column) is the column's stroke itself; one that changes columns is
drawn on a line between the two rows (``╔═══╝``), or on the lower row's top line where no valley's name is
in its way (beside the legend); one that passes a row goes down its legend's edge (``║``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from rich.style import Style
from rich.text import Span, Text

from barrage_tui.rules import Map

UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
STROKES = {UP | DOWN: "║", LEFT | RIGHT: "═", UP: "║", DOWN: "║", LEFT: "═", RIGHT: "═",
           UP | RIGHT: "╚", UP | LEFT: "╝", DOWN | RIGHT: "╔", DOWN | LEFT: "╗",
           UP | DOWN | RIGHT: "╠", UP | DOWN | LEFT: "╣", UP | LEFT | RIGHT: "╩", DOWN | LEFT | RIGHT: "╦",
           UP | DOWN | LEFT | RIGHT: "╬"}

Segment = tuple[int, int]  # (from column, to column) of a river between two rows


@dataclass(frozen=True)
class Links:
    """The rivers between the rows: ``below[r]`` those leaving row ``r`` for row ``r + 1`` (one going further
    goes straight down until the row above its valley), ``through`` the (row, column) cells a river passes."""

    below: Mapping[int, tuple[Segment, ...]]
    through: frozenset[tuple[int, int]]

    def leaving(self, row: int) -> frozenset[int]:
        """The columns of ``row`` whose river goes on down from their bottom."""
        return frozenset(a for a, _ in self.below.get(row, ()))

    def sideways(self, row: int) -> bool:
        """Whether a river under ``row`` changes columns (it needs a line drawn)."""
        return any(a != b for a, b in self.below.get(row, ()))


def valley_below(m: Map, to: str) -> int | None:
    """The valley water going to ``to`` reaches (through lakes; None: the sea)."""
    lakes = {lake.id: lake.to for lake in m.lakes}
    seen: set[str] = set()
    while to in lakes and to not in seen:
        seen.add(to)
        to = lakes[to]
    return int(to) if to.isdigit() and int(to) in m.valleys else None


def links(m: Map, place: Mapping[int, tuple[int, int]]) -> Links:
    """The rivers between the rows of the map (``place``: each valley's row and column), worked out once for each
    course of its waters (a landscape may turn one)."""
    key = (m.board, tuple(v.to for v in m.valleys.values()), tuple(lake.to for lake in m.lakes))
    found = _links.get(key)
    if found is None:
        if len(_links) > 50:
            _links.clear()
        found = _links[key] = _worked_out(m, place)
    return found


_links: dict[tuple[object, ...], Links] = {}


def _worked_out(m: Map, place: Mapping[int, tuple[int, int]]) -> Links:
    below: dict[int, set[Segment]] = {}
    through: set[tuple[int, int]] = set()
    for v in m.valleys.values():
        target = valley_below(m, v.to)
        if target is None or v.id not in place or target not in place:
            continue
        (row, col), (to_row, to_col) = place[v.id], place[target]
        for r in range(row, to_row):  # (none for a valley of its own row or above: its ▼ says where)
            below.setdefault(r, set()).add((col, to_col if r == to_row - 1 else col))
            if r > row:
                through.add((r, col))
    return Links({r: tuple(sorted(s)) for r, s in below.items()}, frozenset(through))


@cache
def strokes(segments: tuple[Segment, ...], w: int) -> Mapping[int, int]:
    """Each x (a column's stroke at ``column * (w + 1)``) of the line between two rows -> its directions."""
    at: dict[int, int] = {}
    for a, b in segments:
        xa, xb = a * (w + 1), b * (w + 1)
        at[xa] = at.get(xa, 0) | UP
        at[xb] = at.get(xb, 0) | DOWN
        if xa != xb:
            lo, hi = min(xa, xb), max(xa, xb)
            at[lo] |= RIGHT
            at[hi] |= LEFT
            for x in range(lo + 1, hi):
                at[x] = at.get(x, 0) | LEFT | RIGHT
    return MappingProxyType(at)


@cache
def line(segments: tuple[Segment, ...], w: int, style: Style) -> Text:
    """The line between two rows."""
    at = strokes(segments, w)
    return Text("".join(STROKES[at[x]] if x in at else " " for x in range(max(at, default=-1) + 1)), style=style)


def onto(top: Text, segments: tuple[Segment, ...], w: int, river: str, style: Style) -> Text:
    """The lower row's top line with the rivers drawn into its free cells, and each valley's stroke they reach
    joined to them (a drop on its way in a stroke's place stays)."""
    at = strokes(segments, w)
    chars = list(top.plain.ljust(max(at, default=-1) + 1))
    spans = list(top.spans)
    for x in sorted(at):
        if chars[x] in (" ", river):
            chars[x] = STROKES[at[x] | (DOWN if chars[x] == river else 0)]
            spans.append(Span(x, x + 1, style))
    out = Text("".join(chars), style=top.style, spans=spans)
    out.rstrip()
    return out
