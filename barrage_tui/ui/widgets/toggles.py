"""A row of on/off items in one form field: ←/→ move among them, Space turns one on or off (a click too).

The start screen's Modules: one line however many modules there are, so the form fits 80 columns; when the
items are wider than the line, it shows those around the cursor, ``‹`` / ``›`` saying more are to each side
(←/→ reach them), ``‹[x]`` / ``[x]›`` that one switched on is among them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class Toggles(Widget, can_focus=True):
    DEFAULT_CSS = """
    Toggles { height: 1; width: 1fr; padding: 0 1; background: $boost; }
    Toggles:focus { background: $accent 40%; }
    Toggles:disabled { color: $text-muted; }
    """
    BINDINGS = [Binding("left", "move(-1)", "Previous", show=False, id="toggles.prev"),
                Binding("right", "move(1)", "Next", show=False, id="toggles.next"),
                Binding("space", "toggle", "On/off", show=False, id="toggles.toggle")]

    @dataclass
    class Changed(Message):
        """An item was turned on or off (``on``: all the items on now)."""

        toggles: "Toggles"
        on: frozenset[str]

        @property
        def control(self) -> "Toggles":
            return self.toggles

    @dataclass
    class Moved(Message):
        """The cursor went to another item (its meaning may be shown)."""

        toggles: "Toggles"
        item: str

        @property
        def control(self) -> "Toggles":
            return self.toggles

    def __init__(self, items: Sequence[tuple[str, str]] = (), *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.items = list(items)  # (id, label)
        self.on: set[str] = set()
        self.cursor = 0
        self.first = 0  # the first item shown (when they do not all fit)

    @property
    def current(self) -> str:
        return self.items[self.cursor][0] if self.items else ""

    def set_items(self, items: list[tuple[str, str]]) -> None:
        self.items = list(items)
        self.on &= {i for i, _ in self.items}
        self.cursor = min(self.cursor, max(0, len(self.items) - 1))
        self.refresh(layout=True)

    def set_on(self, on: Iterable[str]) -> None:
        """Turn on exactly ``on`` (ids not among the items are ignored); no Changed message."""
        self.on = {i for i, _ in self.items if i in on}
        self.refresh(layout=True)

    GAP, MORE = "  ", ("‹ ", " ›")
    MORE_ON = ("‹[x] ", " [x]›")  # the marks when an item switched on is among those out of view (the room kept)

    def render(self) -> Text:
        if not self.items:
            return Text("none", style="dim")
        shown = self._window(self.content_size.width)
        left = any(item in self.on for item, _ in self.items[:shown[0]])
        right = any(item in self.on for item, _ in self.items[shown[-1] + 1:])
        t = Text((self.MORE_ON if left else self.MORE)[0] if shown[0] else "", style="bold" if left else "dim")
        for k in shown:
            item, label = self.items[k]
            if k != shown[0]:
                t.append(self.GAP)
            style = "reverse" if self.has_focus and k == self.cursor else None
            t.append(f"[{'x' if item in self.on else ' '}] {label}", style=style)
        if shown[-1] < len(self.items) - 1:
            t.append((self.MORE_ON if right else self.MORE)[1], style="bold" if right else "dim")
        return t

    def _cell(self, k: int) -> int:
        return len(self.items[k][1]) + 4  # "[x] label"

    def _window(self, width: int) -> range:
        """The items shown in ``width`` cells: all when they fit, else from ``first`` (moved so that the cursor is
        shown) as many as fit beside the marks."""
        n = len(self.items)
        if width <= 0 or sum(map(self._cell, range(n))) + len(self.GAP) * (n - 1) <= width:
            self.first = 0
            return range(n)
        self.first = min(self.first, self.cursor)
        while True:
            used, last = len(self.MORE_ON[0]) if self.first else 0, self.first
            for k in range(self.first, n):
                more = self._cell(k) + (len(self.GAP) if k > self.first else 0)
                if used + more + (len(self.MORE_ON[1]) if k < n - 1 else 0) > width and k > self.first:
                    break
                used, last = used + more, k
            if last >= self.cursor:
                return range(self.first, last + 1)
            self.first += 1

    def action_move(self, step: int) -> None:
        if self.items:
            self.cursor = (self.cursor + step) % len(self.items)
            self.refresh()
            self.post_message(self.Moved(self, self.current))

    def action_toggle(self) -> None:  # type: ignore[override]  # its own key's action, not DOMNode's
        if not self.items or self.disabled:
            return
        self.on ^= {self.current}
        self.refresh(layout=True)
        self.post_message(self.Changed(self, frozenset(self.on)))

    def on_focus(self) -> None:
        self.refresh()
        self.post_message(self.Moved(self, self.current))

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click on an item moves there and turns it on or off."""
        shown = self._window(self.content_size.width)
        left = any(item in self.on for item, _ in self.items[:shown[0]])
        x = event.x - 1 - (len((self.MORE_ON if left else self.MORE)[0]) if shown[0] else 0)  # padding, left mark
        for k in shown:
            width = self._cell(k)
            if 0 <= x < width:
                self.cursor = k
                self.action_toggle()
                return
            x -= width + len(self.GAP)
