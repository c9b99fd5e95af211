"""The lobby of a host's tables: every table with its seats, who sits where and whose turn it is.

Enter sits down at your seats, or takes an open seat (asking which when there are several: one terminal
may take several, hotseat); w watches; n opens a new table; r changes the name you play under.
Everything shown comes from the host and is plain text already (host/protocol.plain); it is drawn as
Rich ``Text``, never as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from .base import TableAppModal, TableAppScreen

if TYPE_CHECKING:
    from barrage_tui.host.protocol import Message  # a table or a seat of the host's lobby message (host/tables.py)


def free_seats(table: Message) -> list[Message]:
    """The seats of ``table`` a newcomer may take: people's seats nobody holds (a saved game's seats are
    not known to be people's until it is opened: the host refuses an Automa's)."""
    return [s for s in table["seats"] if not s["holder"] and s["kind"] in ("human", "")]


def describe(table: Message, number: int) -> Text:
    state: str = table["state"]
    turn = table["turn"]
    free = free_seats(table)
    heading = {"waiting": f"waiting for {len(free)} player{'s' if len(free) != 1 else ''}",
               "playing": f"round {min(table['round'], 5)}", "over": "finished",
               "saved": f"saved, round {min(table['round'], 5)}"}.get(state, state)
    text = Text.assemble((f"{number:2d}  ", "bold"), (heading, "bold"))
    for seat in table["seats"]:
        text.append("  ·  ")
        mark = "▶ " if seat["seat"] == turn else ""
        you = seat["seat"] in table["you"]
        if seat["kind"] == "automa":
            text.append(f"{mark}{seat['name']} (Automa)")
            continue
        if not seat["holder"] and state == "waiting":
            text.append("open seat", style="italic")
            continue
        text.append(f"{mark}{seat['name']}", style="bold" if you else "")
        notes = ["you"] if you else [seat["holder"]] if seat["holder"] and seat["holder"] != seat["name"] else []
        if seat["holder"] and not seat["online"] and state == "playing" and not you:
            notes.append("away")
        if not seat["holder"]:
            notes.append("open")
        if notes:
            text.append(f" ({', '.join(notes)})", style="dim")
    if table["watchers"]:
        text.append(f"  ·  {table['watchers']} at the table", style="dim")
    return text


class LobbyScreen(TableAppScreen[None]):
    DEFAULT_CSS = """
    LobbyScreen { padding: 0 1; }
    #lobby-title { color: $accent; padding: 1 1 0 1; height: 2; }
    #lobby-player { color: $text-muted; padding: 0 1; height: 1; }
    #lobby-tables { height: auto; max-height: 1fr; border: round $primary 50%; border-title-color: $accent; }
    #lobby-empty { color: $text-muted; padding: 0 2; height: auto; }
    """
    BINDINGS = [Binding("w", "watch", "Watch", id="lobby.watch"),
                Binding("n", "new_table", "New table", id="lobby.new"),
                Binding("g", "give_up", "Give up seat", id="lobby.give_up"),
                Binding("r", "rename", "Your name", id="lobby.name"),
                Binding("q", "app.request_quit", "Quit", id="lobby.quit")]

    def __init__(self) -> None:
        super().__init__(id="lobby")
        self.tables: list[Message] = []
        self.player = ""

    def compose(self) -> ComposeResult:
        yield Static("[b]BARRAGE[/]  [dim]· the tables of this host[/]", id="lobby-title")
        yield Static("", id="lobby-player")
        tables = OptionList(id="lobby-tables")
        tables.border_title = "Tables · Enter: sit down or take a seat"
        yield Static("No table yet: n opens one.", id="lobby-empty")
        yield tables
        yield Footer()

    def on_mount(self) -> None:  # what the host said before the screen was up is kept by the app
        self.show_player(getattr(self.app, "player", self.player))
        self.show_tables(getattr(self.app, "tables", self.tables))
        self.query_one(OptionList).focus()

    def show_player(self, name: str) -> None:
        self.player = name
        for static in self.query("#lobby-player").results(Static):
            static.update(Text(f"You play as {name} (r: another name)."))

    def show_tables(self, tables: list[Message]) -> None:
        self.tables = list(tables)
        for options in self.query(OptionList).results(OptionList):
            keep = options.highlighted
            options.clear_options()
            options.add_options([Option(describe(t, i + 1), id=t["table"]) for i, t in enumerate(self.tables)])
            if self.tables:
                options.highlighted = min(keep or 0, len(self.tables) - 1)
        for empty in self.query("#lobby-empty").results(Static):
            empty.display = not self.tables

    def _selected(self) -> Message | None:
        options = self.query_one(OptionList)
        index = options.highlighted
        return self.tables[index] if index is not None and index < len(self.tables) else None

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_sit()

    def action_sit(self) -> None:
        table = self._selected()
        if table is None:
            return
        link = self.app.link
        if table["you"]:
            if table["state"] == "waiting":
                self.notify("This table starts when every seat is taken.", markup=False)
            else:
                link.send({"op": "join", "table": table["table"], "seats": []})
            return
        free = free_seats(table)
        if not free:
            self.action_watch()
        elif len(free) == 1:
            link.send({"op": "join", "table": table["table"], "seats": [free[0]["seat"]]})
        else:
            def chosen(seats: list[int] | None) -> None:
                if seats:
                    link.send({"op": "join", "table": table["table"], "seats": seats})

            self.app.push_screen(SeatsScreen(free), callback=chosen)

    def action_watch(self) -> None:
        table = self._selected()
        if table is not None:
            self.app.link.send({"op": "watch", "table": table["table"]})

    def action_give_up(self) -> None:
        """Give up your seats at the highlighted table: whoever takes them next plays them."""
        table = self._selected()
        if table is None or not table["you"]:
            self.notify("You hold no seat at this table.", markup=False)
            return
        self.app.link.send({"op": "release", "table": table["table"], "seats": []})

    def action_new_table(self) -> None:
        from .new_table import NewTableScreen

        self.app.push_screen(NewTableScreen(getattr(self.app, "player", self.player)))

    def action_rename(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self.app.link.send({"op": "name", "name": name})

        self.app.push_screen(NameScreen(), callback=named)


class SeatsScreen(TableAppModal[list[int]]):
    """Which of the open seats to take: one, or all of them (people taking turns at this terminal)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="seats.cancel")]

    def __init__(self, free: list[Message]) -> None:
        super().__init__(classes="dialog-screen")
        self.free = free

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Take which seat?", classes="dialog-title")
            options = [Option(Text(f"Seat {s['seat'] + 1}: {s['name']}")) for s in self.free]
            options.append(Option(Text("All of them (hotseat: you take turns at this terminal)")))
            yield OptionList(*options, id="seat-choice")
            yield Static("Enter to take · Esc to go back", classes="dialog-detail")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        i = event.option_index
        self.dismiss([s["seat"] for s in self.free] if i == len(self.free) else [self.free[i]["seat"]])

    def action_cancel(self) -> None:
        self.dismiss(None)


class NameScreen(TableAppModal[str]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="name.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Play under the name", classes="dialog-title")
            yield Input(placeholder="your name", max_length=20, id="player-name")
            yield Static("Enter to take it · Esc to cancel", classes="dialog-detail")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = self.app.cursor_blink
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
