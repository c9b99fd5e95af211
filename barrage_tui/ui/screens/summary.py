"""The round summary: energy, places, credits and the bonus tile, shown when a round is scored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static


from barrage_tui.rules import table_view

from ..module_parts import summary_sections
from ..palette import badge
from ..texts import bonus_short, company_name
from ..widgets.textutil import plain
from .base import AppModal

if TYPE_CHECKING:
    from barrage_tui.rules import Game

    from ..app import BarrageApp
    from ..session import RoundSummary

COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    ("Company", "left"), ("Energy", "right"), ("Place VP", "right"), ("Credits", "right"), ("Bonus VP", "right"),
    ("Total VP", "right"))


def summary_table(game: Game, summary: RoundSummary) -> Table:
    seats = table_view(game)
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for title, justify in COLUMNS:
        table.add_column(title, justify=justify)
    for seat, energy, place, credits, malus, bonus, vp in summary.rows:
        c = seats.companies[seat]
        name = badge(seats, seat) + plain(f" {company_name(c.company)} · {c.player}")
        place_text = f"{place}" + (f" ({malus:+d})" if malus else "")
        behind = summary.behind.get(seat, 0)
        bonus_text = str(bonus) + ("  (below the minimum)" if energy < summary.minimum else
                                   f"  ({behind} section{'s' if behind > 1 else ''} behind)" if behind else "")
        table.add_row(name, str(energy), place_text, f"+{credits}", bonus_text, str(vp))
    return table


def bonus_line(s: RoundSummary) -> str:
    """The round's bonus tile and what this round's bonus needs (the rule's real threshold, not 6+)."""
    return (f"Bonus tile: {bonus_short(s.bonus_tile)}. The whole bonus needs {s.full_bonus_at} energy this round; "
            f"{s.malus_per_section} VP less per track section behind, nothing below {s.minimum}.")


INSTALLED = "round-summary"  # the name the app keeps the summary's screen under


def summary_screen(app: BarrageApp, game: Game, summary: RoundSummary) -> RoundSummaryScreen:
    """The screen that shows ``summary``: one kept by the app (installed), its text swapped. Textual removes a
    dismissed screen that is not installed, and removing it lays out and repaints the whole screen below once
    more: the key that closed the summary would redraw the table twice."""
    if app.is_screen_installed(INSTALLED):
        screen = app.get_screen(INSTALLED)
        assert isinstance(screen, RoundSummaryScreen)
        screen.show(game, summary)
    else:
        screen = RoundSummaryScreen(game, summary)
        app.install_screen(screen, INSTALLED)
    return screen


class RoundSummaryScreen(AppModal[None]):
    BINDINGS = [Binding("enter,escape,space", "close", "Continue", id="summary.close")]

    def __init__(self, game: Game, summary: RoundSummary) -> None:
        super().__init__(id="round-summary")
        self.game = game
        self.summary = summary
        self._stale = False  # shown again: its text is composed anew when it comes up
        self._shown_at = 0.0

    def show(self, game: Game, summary: RoundSummary) -> None:
        """Show ``summary`` when it comes up next (the scores and the next round as they are then)."""
        self.game, self.summary = game, summary
        self._stale = self.is_attached  # (else it is composed when first pushed)

    def compose(self) -> ComposeResult:
        s = self.summary
        with Vertical(classes="dialog wide-dialog"):
            yield Static(Text(f"End of round {s.round}"), classes="dialog-title")
            yield Static(Text(bonus_line(s)), classes="dialog-detail")
            yield Static(summary_table(self.game, s))
            for title, lines in summary_sections(self.game, s.round):  # the modules' own (the Duel's check)
                yield Static(Text(title, style="bold"), classes="dialog-detail")
                yield Static(Text("\n").join(plain(line) for line in lines), classes="dialog-detail")  # a line each
            nxt = "Final scoring follows." if self.game.over else f"Round {table_view(self.game).round} begins."
            yield Static(Text(f"{nxt}  Enter to continue; r shows this again."), classes="dialog-detail")

    async def on_screen_resume(self, event: events.ScreenResume) -> None:
        self._shown_at = event.time  # (the clock of the keys' own times)
        if self._stale:
            self._stale = False
            await self.recompose()

    def on_key(self, event: events.Key) -> None:
        """A key typed before the summary appeared (the Enter that ended the round's last turn, keys pressed
        while the Automa played) does not dismiss it unread."""
        if event.time < self._shown_at:
            event.stop()
            event.prevent_default()

    def action_close(self) -> None:
        self.dismiss(None)
