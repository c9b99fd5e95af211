"""A small choice widget for forms: one line, ◀ value ▶; ←/→ (or Space, or a click) change it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget


class Cycler(Widget, can_focus=True):
    DEFAULT_CSS = """
    Cycler { height: 1; width: auto; padding: 0 1; background: $boost; }
    Cycler:focus { background: $accent 40%; text-style: bold; }
    Cycler.-disabled, Cycler:disabled { color: $text-muted; }
    """
    BINDINGS = [Binding("left", "step(-1)", "Previous", show=False, id="cycler.prev"),
                Binding("right,space", "step(1)", "Next", show=False, id="cycler.next")]

    @dataclass
    class Changed(Message):
        cycler: "Cycler"
        value: Any  # (as ``Cycler.value``)

        @property
        def control(self) -> "Cycler":
            return self.cycler

    def __init__(self, options: Sequence[tuple[str, object]], value: object = None, *, id: str | None = None,
                 classes: str | None = None, disabled: bool = False) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self.options = list(options)
        self.index = 0
        if value is not None:
            self.index = next((i for i, (_, v) in enumerate(self.options) if v == value), 0)

    @property
    def value(self) -> Any:  # the option's value as the form gave it: a str, int or bool
        return self.options[self.index][1] if self.options else None

    @property
    def label(self) -> str:
        return self.options[self.index][0] if self.options else ""

    def set_options(self, options: Sequence[tuple[str, object]]) -> None:
        """New options; the current value is kept if it is still there."""
        value = self.value
        self.options = list(options)
        self.index = next((i for i, (_, v) in enumerate(self.options) if v == value), 0)
        self.refresh(layout=True)

    def set_value(self, value: object) -> None:
        """Show ``value`` (when it is one of the options); no Changed message."""
        self.index = next((i for i, (_, v) in enumerate(self.options) if v == value), self.index)
        self.refresh(layout=True)

    def render(self) -> Text:
        """◀ label ▶ on one line: a label wider than the field is cut with … (wrapped, it showed blank)."""
        label = Text(self.label)
        room = self.content_size.width - 4
        if room > 0 and label.cell_len > room:
            label.truncate(room, overflow="ellipsis")
        return Text.assemble(("◀ ", "dim"), label, (" ▶", "dim"), no_wrap=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((len(label) for label, _ in self.options), default=0) + 4

    def action_step(self, step: int) -> None:
        if not self.options:
            return
        self.index = (self.index + step) % len(self.options)
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x <= 1 else 1)
