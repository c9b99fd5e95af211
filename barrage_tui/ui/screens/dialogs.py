"""Small dialogs: a question with a few answers (quit?), save under a name or a path, the terminal is too small."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static
from textual.widgets.button import ButtonVariant

from .. import storage
from ..widgets.textutil import notify_plain, plain
from .base import AppModal, AppScreen


class Answer(NamedTuple):
    key: str  # the key that gives it (also shown on its button)
    label: str
    value: object
    variant: ButtonVariant = "default"  # the button's look: "error" for the answer that loses something


class AskScreen(AppModal[object]):
    """A question with a few answers, each a button and a key; Esc gives ``escape``.

    The question and the detail (a line, or a list of lines) are shown as plain text: they may quote a
    path or a name."""

    BINDINGS = [Binding("escape", "escape", "Back", id="ask.escape")]

    def __init__(self, question: str, detail: str | list[str], answers: list[Answer], escape: object = None,
                 focus: int = 0) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.detail = detail
        self.answers = answers
        self.escape = escape
        self.focus_index = focus

    def compose(self) -> ComposeResult:
        labels = [f"{a.label} ({a.key})" for a in self.answers]
        box = Vertical(classes="dialog")
        # wide enough for the buttons in one row: each its label + 4 (at least 16), + 2 between; + 6 around
        box.styles.width = max(64, sum(max(16, len(label) + 4) + 2 for label in labels) + 6)
        with box:
            yield Label(plain(self.question), classes="dialog-title")
            if self.detail:
                lines = [self.detail] if isinstance(self.detail, str) else self.detail
                yield Static(Text("\n").join(plain(line) for line in lines), classes="dialog-detail")
            with Horizontal(classes="dialog-buttons"):
                for i, (a, label) in enumerate(zip(self.answers, labels)):
                    yield Button(label, id=f"answer-{i}", variant=a.variant)

    def on_mount(self) -> None:
        self.query_one(f"#answer-{self.focus_index % len(self.answers)}", Button).focus()

    def on_key(self, event: events.Key) -> None:
        for a in self.answers:
            if event.key == a.key:
                event.stop()
                self.dismiss(a.value)
                return

    def action_escape(self) -> None:
        self.dismiss(self.escape)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self.answers[int((event.button.id or "").split("-")[1])].value)


SAVE_ELSEWHERE = "save"  # ConfirmScreen's third answer, when it offers one


class ConfirmScreen(AskScreen):
    """A yes/no question: y for yes, n or Esc for no (focused: No); ``offer_save`` adds s: save elsewhere."""

    def __init__(self, question: str, detail: str = "", offer_save: bool = False) -> None:
        answers = [Answer("y", "Yes", True, "error"), Answer("n", "No", False)]
        if offer_save:
            answers.insert(0, Answer("s", "Save elsewhere", SAVE_ELSEWHERE, "primary"))
        super().__init__(question, detail, answers, escape=False, focus=-1)


class SaveAsScreen(AppModal[str | None]):
    """Ask for a name to save the game under (in the save folder), or a path: a file or a folder.

    Decision: in a web browser (barrage-tui serve) it takes a name only. The page may be played by
    someone who is not this machine's user, who must not pick where a file is written; at a terminal
    the player is that user, and a path is how a game is saved when the save folder fails."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saveas.cancel")]

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note  # e.g. why the save folder cannot be used

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Save the game as", classes="dialog-title")
            if self.note:
                yield Static(plain(self.note), classes="dialog-note")
            web = self.app.is_web  # a name only (see the Decision above)
            yield Input(placeholder="a name, e.g. friday-game" + ("" if web else "; or a path, e.g. ~/barrage/"),
                        id="save-name")
            yield Static(("It goes to the save folder. " if web else
                          "A name goes to the save folder; a path with / to that file or folder. ")
                         + "Enter to save · Esc to cancel", classes="dialog-detail")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = self.app.cursor_blink
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.notify("Type a name first.", severity="warning")
            return
        if self.app.is_web and (storage.is_path(name) or not name.strip(".")):  # '..' too, though harmless
            notify_plain(self, f"Not saved: {name} is not a name. In the browser a save takes a name "
                               "(no / or ~) and goes to the save folder.", severity="error")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmallScreen(AppScreen[None]):
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
