"""Light form widgets for the start screen: a one-line text field and a button.

They draw in one line with a few lines of CSS, so that the start screen appears as fast as a bare
Textual app (Textual's Input and Button bring much more styling than this form needs).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class TextField(Widget, can_focus=True):
    """One line of text: type to add, Backspace to remove, Enter to submit. ``digits`` allows 0-9 only."""

    DEFAULT_CSS = """
    TextField { height: 1; padding: 0 1; background: $boost; }
    TextField:focus { background: $accent 30%; text-style: bold; }
    """

    value: reactive[str] = reactive("")  # repainted whenever it changes, typed or set by the screen

    @dataclass
    class Submitted(Message):
        field: "TextField"
        value: str

    def __init__(self, value: str = "", *, max_length: int = 20, digits: bool = False, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.value = value
        self.max_length = max_length
        self.digits = digits

    def render(self) -> Text:
        t = Text(self.value)
        if self.has_focus:
            t.append("▏", style="bold")
        return t

    def on_key(self, event: events.Key) -> None:
        if event.key == "backspace":
            self.value = self.value[:-1]
        elif event.key == "ctrl+u":
            self.value = ""
        elif event.key == "enter":
            self.post_message(self.Submitted(self, self.value))
        elif event.is_printable and event.character and len(self.value) < self.max_length:
            if self.digits and not event.character.isdigit():
                event.stop()
                return
            self.value += event.character
        else:
            return
        event.stop()
        event.prevent_default()
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class ActionButton(Widget, can_focus=True):
    """A one-line button: Enter, Space or a click presses it."""

    DEFAULT_CSS = """
    ActionButton { height: 1; width: auto; padding: 0 2; margin-right: 2; background: $boost; }
    ActionButton:focus { background: $accent; color: $text; text-style: bold; }
    ActionButton.-primary { text-style: bold; }
    ActionButton:disabled { color: $text-muted; }
    """
    BINDINGS = [Binding("enter,space", "press", "Press", show=False, id="button.press")]

    @dataclass
    class Pressed(Message):
        button: "ActionButton"

    def __init__(self, label: str, *, id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self.label = label

    def render(self) -> Text:
        return Text(self.label)

    def action_press(self) -> None:
        self.post_message(self.Pressed(self))

    def on_click(self) -> None:
        self.action_press()
