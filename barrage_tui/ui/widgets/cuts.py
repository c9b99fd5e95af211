"""Narrow columns behind the management board and the company boards, so that a change writes few bytes.

Textual writes a changed line of a widget from the start of its piece of that line to the end of the change,
and cuts a line into pieces where any widget on it starts or ends, a hidden one too. ``Cuts`` puts empty
columns ``WIDTH`` wide in a layer behind the panels under the map: a one-cell change on those wide boards then
rewrites at most ``WIDTH`` cells before it, not the board's line from its left border. Nothing of them is
ever seen (the panels in front cover them). Each piece costs the compositor time at each frame (a frame of
the whole table: about 1 ms more for the boards' rows), which is why the map (whose changes are rarer, and
which the frames of the water's way repaint) has none behind it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget

WIDTH = 16  # (the fewest bytes per decision of 8, 12, 16 and 24: narrower ones cost a cursor move more per piece)


class Cut(Widget):
    """An empty column."""

    DEFAULT_CSS = f"Cut {{ width: {WIDTH}; height: 100%; }}"


class Cuts(Horizontal):
    """Columns ``Cut`` wide across its container, in the container's layer ``cuts`` (which must be listed first in
    its ``layers``: behind the others), from ``margin-top`` (the map's rows) down."""

    DEFAULT_CSS = "Cuts { layer: cuts; width: 100%; height: 1fr; overflow: hidden hidden; }"
    COUNT = 24  # enough for 384 columns: the ones past the container's width are not laid out on the screen

    def compose(self) -> ComposeResult:
        for _ in range(self.COUNT):
            yield Cut()
