"""A new table at a host: the start screen's form, where a person's seat is "You" (played at this terminal)
or "Open seat" (whoever takes it in the lobby plays it, under their name). The host starts the game when
every seat is taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from textual.widgets import Static

from barrage_tui.host.protocol import setup_to_wire

from ..widgets.cycler import Cycler
from ..widgets.form import ActionButton, TextField
from .start import (RANDOM_FIRST, Loaded, SeatRow, StartScreen, after_load, default_kind, default_name, player_name,
                    is_default_name)

if TYPE_CHECKING:
    from textual import getters

    from ..table_app import TableApp

Order = Callable[[tuple[int, ...], int], tuple[int, ...]]  # the rules' seat orders, of the form's row numbers

YOU, OPEN = "human", "open"
TABLE_KINDS = [("You", YOU), ("Open seat", OPEN)]
EXPLAIN = ("You: you play this seat at this terminal (several: you take turns). Open seat: whoever takes it in "
           "the lobby plays it, under their name. The game starts when every seat is taken. Esc or q: back.")


class NewTableScreen(StartScreen):
    BINDINGS = [("escape", "request_quit", "Back")]
    if TYPE_CHECKING:  # (screens/base.py: its app is the table app)
        app = getters.app(TableApp)

    def __init__(self, player: str) -> None:
        super().__init__(None, None)
        self.player = player

    def on_mount(self) -> None:
        self.call_later(self._relabel)  # after StartScreen's own on_mount (Textual runs both)

    def _relabel(self) -> None:
        self.query_one("#new-game").border_title = "New table"
        for button, label in (("#start-game", "Open the table"), ("#quit", "Back")):
            widget = self.query_one(button, ActionButton)
            widget.label = label
            widget.refresh(layout=True)

    def _fill_in(self, officers: Loaded) -> None:
        super()._fill_in(officers)
        self._kinds = TABLE_KINDS + officers["kinds"]
        for cycler in self.query(".seat-kind").results(Cycler):
            cycler.set_options(self._kinds)
        self._defaults(list(self.query(SeatRow)))

    def _fill_row_options(self, rows: list[SeatRow]) -> None:
        super()._fill_row_options(rows)
        self._defaults(rows)

    def _defaults(self, rows: list[SeatRow]) -> None:
        """Seat 1 is yours, under your name; the others are open."""
        for row in rows:
            kind = row.query_one(".seat-kind", Cycler)
            name = row.query_one(".seat-name", TextField)
            if row.index == 0 and name.value == player_name(0) and self.player:
                name.value = self.player
                name.refresh()
            elif row.index > 0 and kind.value in (YOU, default_kind(row.index)):  # the start screen's: not here
                kind.set_value(OPEN)
                if is_default_name(row.index, name.value):
                    name.value = default_name(row.index, OPEN)
                    name.refresh()

    def _check_saves(self) -> None:
        for button in self.query("#continue, #load"):
            button.display = False
        self.query_one("#continue-info", Static).update("")
        self.query_one("#seat-note", Static).update(EXPLAIN)

    def _name_my_seats(self) -> None:
        """Your seats still named "Player N" take your name ("anna", "anna 2", ... when you take several)."""
        mine = [row for row in self.query(SeatRow) if row.query_one(".seat-kind", Cycler).value == YOU]
        for k, row in enumerate(mine):
            name = row.query_one(".seat-name", TextField)
            if name.value == player_name(row.index) and self.player:
                name.value = self.player if k == 0 else f"{self.player[:17]} {k + 1}"
                name.refresh()

    def _kinds_in_form(self, n: int) -> list[str]:
        if not self.query("#seats"):  # Enter before the form is drawn: the default game, seat 1 yours
            return [YOU] + [OPEN] * (n - 1)
        return [str(self.query_one(f"#kind-{i}", Cycler).value) for i in range(n)]

    def _first(self) -> int:
        cyclers = self.query("#first").results(Cycler)
        first: int = next((c.value for c in cyclers), RANDOM_FIRST)
        return first

    @after_load
    def action_start(self) -> None:
        from barrage_tui.rules import SetupError, first_player_at_random, picking_order

        self._name_my_seats()
        try:
            setup = self.setup()
        except (SetupError, ValueError) as exc:
            self.query_one("#start-error", Static).update(f"[b red]Cannot open the table:[/] {exc}.")
            return
        n = len(setup.seats)
        kinds = self._kinds_in_form(n)
        # setup() put the seats in picking order; the same turn of the form's row numbers says which are whose
        first = self._first()
        # (the rules type these for seats; they turn any tuple, here the form's row numbers)
        at_random, in_order = cast(Order, first_player_at_random), cast(Order, picking_order)
        rows = (at_random(tuple(range(n)), setup.seed) if first == RANDOM_FIRST
                else in_order(tuple(range(n)), first))
        mine = [seat for seat, row in enumerate(rows) if kinds[row] == YOU]
        if not mine:
            self.query_one("#start-error", Static).update("[b red]Take at least one seat:[/] Player: You.")
            return
        self.app.link.send({"op": "new", "setup": setup_to_wire(setup), "mine": mine})
        self.app.pop_screen()

    def action_continue(self) -> None:
        self.notify("The saved games of this host are in the lobby.", markup=False)

    def action_load(self) -> None:
        self.action_continue()

    def action_request_quit(self) -> None:
        self.app.pop_screen()
