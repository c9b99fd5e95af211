"""Small dialogs: confirm quitting, save under a name, the terminal is too small."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Static

from ..widgets.textutil import plain


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter for yes, n or Esc for no."""

    BINDINGS = [Binding("y", "answer(True)", "Yes", id="confirm.yes"),
                Binding("n,escape", "answer(False)", "No", id="confirm.no")]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(self.question), classes="dialog-title")
            if self.detail:
                yield Static(plain(self.detail), classes="dialog-detail")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class SaveAsScreen(ModalScreen[str | None]):
    """Ask for a name to save the game under."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saveas.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Save the game as", classes="dialog-title")
            yield Input(placeholder="a name, e.g. friday-game", id="save-name")
            yield Static("Enter to save · Esc to cancel", classes="dialog-detail")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = self.app.cursor_blink
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.notify("Type a name first.", severity="warning")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen):
    """Shown while the terminal is smaller than the game can use."""

    BINDINGS = [Binding("q", "app.quit", "Quit", id="toosmall.quit")]

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__(id="too-small")
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()

    def update_text(self) -> None:
        w, h = self.app.size
        nw, nh = self.need
        self.query_one("#too-small-text", Static).update(
            f"The terminal is {w}x{h}.\nBarrage needs at least {nw}x{nh}.\n\n"
            f"Make the window larger (or the font smaller);\nthe game waits. Press q to quit.")
