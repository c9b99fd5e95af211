"""The end of the game: every company's score by source, and the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from barrage_tui.rules import EventKind, scores, table_view

from .. import keys
from ..palette import badge
from ..texts import MODULE_VP_SOURCES, VP_SOURCES, company_name
from ..widgets.textutil import plain
from .base import AppScreen

if TYPE_CHECKING:
    from barrage_tui.rules import Game, ScoreView


def ranked(game: Game) -> list[ScoreView]:
    """Every company's score, the winner first (most VP, then most energy: the tie-break)."""
    return sorted(scores(game), key=lambda c: (-c.vp, -c.energy))


def score_table(game: Game) -> Table:
    seats = table_view(game)
    companies = ranked(game)
    table = Table(padding=(0, 1), header_style="bold", show_lines=False, expand=False)
    table.add_column("Score by source")
    for c in companies:
        table.add_column(badge(seats, c.seat) + Text(f" {company_name(c.company)}\n") + plain(c.player),
                         justify="right")
    sources = list(VP_SOURCES)
    known = {k for k, _ in sources}
    extra = sorted({k for c in companies for k in c.vp_by_source} - known)
    sources += [(k, MODULE_VP_SOURCES.get(k) or k.replace("_", " ").capitalize()) for k in extra]
    for key, name in sources:
        if not any(c.vp_by_source.get(key) for c in companies) and key not in ("start", "energy_track"):
            values = ["0"] * len(companies)
        else:
            values = [str(c.vp_by_source.get(key, 0)) for c in companies]
        table.add_row(plain(name), *values)
    table.add_section()
    table.add_row(Text("Total VP", style="bold"), *[Text(str(c.vp), style="bold", justify="right") for c in companies])
    return table


def automa_notes(game: Game) -> list[str]:
    """Where an Automa's own scoring rule gave it more than the table shows for a person (automa.md 8.3)."""
    notes = []
    for e in game.events:
        if e.kind == EventKind.FINAL_SCORED and e.data.get("automa_extra"):
            c = table_view(game).companies[e.seat]
            notes.append(f"{company_name(c.company)} (Automa) scored {e.data['objective_vp']} VP on the objective "
                         f"with {e.data['objective']}: {e.data['automa_extra']} VP more than its place gives, as an "
                         f"Automa placed among the first three does.")
    return notes


def winner_text(game: Game) -> Text:
    """Who won, and every company's total (the table's last row may lie below a small screen's edge)."""
    table = table_view(game)
    names = [f"{company_name(table.companies[s].company)} ({table.companies[s].player})" for s in table.winners]
    if not names:
        return Text("The game is over.", style="bold")
    verb = "wins" if len(names) == 1 else "share the victory"
    order = ranked(game)
    text = plain(f"{' and '.join(names)} {verb} with {order[0].vp} VP!", style="bold #ffd75f")
    others = [f"{company_name(c.company)} ({c.player}) {c.vp} VP" for c in order if c.seat not in table.winners]
    if others:
        text.append(plain(" Then " + ", ".join(others) + "."))
    return text


class EndScreen(AppScreen[None]):
    BINDINGS = keys.bindings(keys.END)

    def __init__(self, game: Game) -> None:
        super().__init__(id="end")
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-box", can_focus=False):  # (the screen's keys scroll it: they are in the footer)
            yield Static("Final scores", classes="dialog-title")
            yield Static(winner_text(self.game), id="winner")
            yield Static(score_table(self.game), id="scores")
            for note in automa_notes(self.game):
                yield Static(plain(note), classes="dialog-detail")
            yield Static("Ties are broken by energy on the track. n: new game · l: look at the table (Enter there "
                         "brings you back here) · q: quit · ?: the keys", classes="dialog-detail")
        yield Footer()

    def action_scroll(self, how: str) -> None:
        """``how``: down, up, page_down, page_up, home or end (the box's ``scroll_<how>``)."""
        getattr(self.query_one("#end-box", VerticalScroll), f"scroll_{how}")()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None, keys.END))

    def action_new_game(self) -> None:
        self.app.new_game_screen()

    def action_show_log(self) -> None:
        self.dismiss(None)
