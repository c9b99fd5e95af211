"""The log screen: every event of the game, by round and turn, scrolled by keys; Automa turns open to say why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Footer, Static

from .. import keys
from ..widgets.history import HistoryView
from .base import AppScreen

if TYPE_CHECKING:
    from barrage_tui.rules import Game


class LogScreen(AppScreen[None]):
    BINDINGS = keys.bindings(keys.LOG)
    DEFAULT_CSS = """
    LogScreen #history { height: 1fr; border: round $accent 70%; border-title-color: $accent;
                         border-title-style: bold; padding: 0 1; }
    LogScreen #log-hint { height: 1; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, game: Game) -> None:
        super().__init__(id="log-screen")
        self.game = game

    # the keys are the screen's (a focused scroll view would take the arrows for itself)
    def compose(self) -> ComposeResult:
        yield HistoryView(self.game, id="history")
        yield Static("PgUp/PgDn a page · Home/End the first/newest turn", id="log-hint")
        yield Footer()

    @property
    def history(self) -> HistoryView:
        return self.query_one(HistoryView)

    def on_mount(self) -> None:
        history = self.history
        history.border_title = history.title()
        self.call_after_refresh(history.select, history.position)  # the newest turn, at the bottom

    def action_cursor_up(self) -> None:
        self.history.step(-1)

    def action_cursor_down(self) -> None:
        self.history.step(1)

    def action_page_up(self) -> None:
        self.history.page(-1)

    def action_page_down(self) -> None:
        self.history.page(1)

    def action_first(self) -> None:
        self.history.select(0)

    def action_last(self) -> None:
        self.history.select(len(self.history.turns) - 1)

    # (the log's own key, keys.LOG: a turn opened or closed; Textual's DOMNode.action_toggle, which it hides,
    # toggles an attribute by name)
    def action_toggle(self) -> None:  # type: ignore[override]
        self.history.toggle()

    def action_filter(self) -> None:
        history = self.history
        history.cycle_filter()
        history.border_title = history.title()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None, keys.LOG))

    def action_close(self) -> None:
        self.dismiss()
