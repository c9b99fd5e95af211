"""A row of on/off items in one form field: ←/→ move among them, Space turns one on or off (a click too).

The start screen's Modules: one line however many modules there are, so the form fits 80 columns.
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
    Toggles { height: 1; width: auto; padding: 0 1; background: $boost; }
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

    def render(self) -> Text:
        t = Text()
        for k, (item, label) in enumerate(self.items):
            if k:
                t.append("  ")
            style = "reverse" if self.has_focus and k == self.cursor else None
            t.append(f"[{'x' if item in self.on else ' '}] {label}", style=style)
        return t or Text("none", style="dim")

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
        x = event.x - 1  # the padding
        for k, (_, label) in enumerate(self.items):
            width = len(label) + 4
            if 0 <= x < width:
                self.cursor = k
                self.action_toggle()
                return
            x -= width + 2
