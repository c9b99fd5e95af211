"""A column behind a column of panels, so that a change in a panel's line is written from its text on.

Textual cuts each line of the screen where any widget on it starts or ends, one hidden behind others too, and
writes a changed line from the start of the piece the change is in: a panel's line from its left border and
padding (their colour codes too: 25 bytes a line). A ``Cut`` lies in a layer behind the panels of a column,
docked at its left, as wide as a panel's border and padding: every line of those panels is cut where their
text starts. It draws nothing that shows (the panels cover it), and lays nothing out (a layer of its own).
"""

from __future__ import annotations

from textual.widget import Widget


class Cut(Widget):
    DEFAULT_CSS = "Cut { layer: cuts; dock: left; width: 2; height: 100%; }"
