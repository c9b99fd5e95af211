"""The app in table-client mode, with the test as the host at the other end of its socket."""

from __future__ import annotations

import asyncio
import json
import socket

import automa
import saves
from barrage_tui.host import protocol
from barrage_tui.rules import Game
from barrage_tui.ui.screens.lobby import LobbyScreen, SeatsScreen
from barrage_tui.ui.screens.new_table import NewTableScreen
from barrage_tui.ui.screens.table import TableScreen
from barrage_tui.ui.table_app import Link, TableApp
from barrage_tui.ui.widgets.cycler import Cycler
from barrage_tui.ui.widgets.toggles import Toggles

from .helpers import two_and_automa


class FakeHost:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sock.setblocking(False)
        self.lines = protocol.Lines(protocol.MAX_REQUEST)
        self.got: list[dict] = []

    def say(self, message: dict) -> None:
        self.sock.sendall(protocol.encode(message))

    def requests(self) -> list[dict]:
        try:
            while data := self.sock.recv(1 << 16):
                self.got += self.lines.feed(data)
        except BlockingIOError:
            pass
        return self.got


async def until(pilot, condition, what: str):
    for _ in range(500):
        value = condition()
        if value:
            return value
        await pilot.pause(0.02)
    raise AssertionError(f"waited for {what}")


def with_app(scenario) -> None:
    ours, theirs = socket.socketpair()
    app = TableApp(Link(theirs.detach()), cursor_blink=False)
    host = FakeHost(ours)

    async def main():
        async with app.run_test(size=(160, 50)) as pilot:
            host.say({"t": "hello", "name": "anna"})
            await scenario(pilot, app, host)

    try:
        asyncio.run(asyncio.wait_for(main(), 120))
    finally:
        ours.close()


def lobby_row(table_id: str, state: str, seats: list[dict], you=()) -> dict:
    return {"table": table_id, "state": state, "round": 1, "turn": -1, "watchers": 0, "seats": seats,
            "you": list(you)}


def seat(i: int, name: str, holder: str = "", kind: str = "human", online: bool = False) -> dict:
    return {"seat": i, "name": name, "kind": kind, "holder": holder, "online": online}


def table_message(game: Game, you) -> dict:
    return {"t": "table", "table": "t1", "save": saves.codec.dumps(game), "you": list(you),
            "seats": [seat(0, "Anna", "anna", online=True), seat(1, "ben", "ben", online=True),
                      seat(2, "Automa", kind="automa")]}


def test_enter_in_the_lobby_takes_the_open_seat_or_asks_which(tmp_path):
    async def scenario(pilot, app, host):
        host.say({"t": "lobby", "tables": [
            lobby_row("t1", "waiting", [seat(0, "Ben", "ben"), seat(1, "open")]),
            lobby_row("t2", "saved", [seat(0, "Cleo"), seat(1, "Dan"), seat(2, "Automa", kind="")])]})
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the lobby")
        await pilot.press("enter")
        await until(pilot, lambda: host.requests(), "a request")
        assert host.got[-1] == {"op": "join", "table": "t1", "seats": [1]}
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, SeatsScreen), "the choice of seats")
        await pilot.press("end", "enter")  # all of them: hotseat at this terminal
        await until(pilot, lambda: len(host.requests()) == 2, "the second request")
        assert host.got[-1] == {"op": "join", "table": "t2", "seats": [0, 1, 2]}

    with_app(scenario)


def test_g_in_the_lobby_gives_up_your_seats_at_the_table(tmp_path):
    async def scenario(pilot, app, host):
        host.say({"t": "lobby", "tables": [
            lobby_row("t1", "saved", [seat(0, "Ben", "ben"), seat(1, "Cleo", "cleo")]),
            lobby_row("t2", "saved", [seat(0, "anna", "anna"), seat(1, "Dan", "dan")], you=[0])]})
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, "the lobby")
        await pilot.press("g")  # no seat of hers here: nothing asked
        await pilot.press("down", "g")
        await until(pilot, lambda: host.requests(), "a request")
        assert host.got == [{"op": "release", "table": "t2", "seats": []}]

    with_app(scenario)


async def new_table_form(pilot, app):
    """Anna's lobby, then n: the new-table form, once its names are loaded."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.player == "anna", "the lobby")
    await pilot.press("n")
    return await until(pilot, lambda: isinstance(app.screen, NewTableScreen) and app.screen.automa_ready
                       and app.screen, "the new-table form")


def test_a_new_table_sits_the_creator_where_the_form_says_after_the_picking_order(tmp_path):
    async def scenario(pilot, app, host):
        screen = await new_table_form(pilot, app)
        screen.query_one("#seats", Cycler).action_step(1)  # 3 seats
        await until(pilot, lambda: screen.query("#kind-2"), "the third seat")
        await pilot.pause()
        screen.query_one("#kind-0", Cycler).set_value("open")
        screen.query_one("#kind-1", Cycler).set_value("human")  # "You"
        screen.query_one("#kind-2", Cycler).set_value("automa:easy")
        screen.query_one("#first", Cycler).set_value(1)  # seat 2 picks first: the seats turn by one
        screen.action_start()
        await until(pilot, lambda: host.requests(), "the new table")
        new = host.got[-1]
        assert new["op"] == "new" and new["mine"] == [0]
        seats = new["setup"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "automa", "human"]
        assert seats[0]["name"] == "anna"  # your seat under your name
        assert isinstance(app.screen, LobbyScreen)

    with_app(scenario)


def test_a_new_table_carries_the_modules_and_the_board_of_the_form(tmp_path):
    async def scenario(pilot, app, host):
        screen = await new_table_form(pilot, app)
        screen.query_one("#modules", Toggles).set_on({"overseas", "geological"})
        screen.query_one("#board", Cycler).set_value("yellow-river")
        await pilot.pause()
        screen.action_start()
        await until(pilot, lambda: host.requests(), "the new table")
        new = host.got[-1]
        assert new["setup"]["modules"] == ["geological", "overseas"] and new["setup"]["board"] == "yellow-river"
        setup = protocol.setup_from_wire(new["setup"])  # as the host reads it
        assert setup.options["modules"] == ["geological", "overseas"] and setup.options["board"] == "yellow-river"

    with_app(scenario)


def test_at_a_table_a_choice_is_a_request_and_the_hosts_keys_are_shown(tmp_path):
    setup = protocol.setup_from_wire(two_and_automa(3))
    game, mirror = Game.new(setup), automa.attach(Game.new(setup))

    async def scenario(pilot, app, host):
        host.say(table_message(game, you=[1]))  # the first decision is seat 0's: not this player's
        screen = await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen._early is None
                             and app.screen, "the table")
        await pilot.press("enter")
        await pilot.pause()
        assert host.requests() == [] and screen._banner.note == "Not your decision."
        key = mirror.prompt.choices[0].key
        mirror.choose(key)
        host.say({"t": "key", "table": "t1", "at": 0, "key": key})
        await until(pilot, lambda: screen.session.game.log == [key], "the key applied")
        while mirror.prompt.seat != 1:  # up to this player's decision
            key = mirror.prompt.choices[0].key
            host.say({"t": "key", "table": "t1", "at": len(mirror.log), "key": key})
            mirror.choose(key)
        await until(pilot, lambda: screen.session.game.log == mirror.log, "the keys applied")
        assert screen.session.game.state == mirror.state
        await pilot.press("enter")
        await until(pilot, lambda: host.requests(), "the request")
        assert host.got[-1] == {"op": "choose", "table": "t1", "key": mirror.prompt.choices[0].key,
                                "at": len(mirror.log)}
        assert screen.session.game.log == mirror.log  # nothing applied before the host says so
        host.say({"t": "key", "table": "t1", "at": len(mirror.log) + 5, "key": "x"})  # a gap: ask again
        await until(pilot, lambda: len(host.requests()) == 2, "the table asked again")
        assert host.got[-1] == {"op": "watch", "table": "t1"}

    with_app(scenario)


def test_what_the_host_says_is_shown_as_plain_text(tmp_path):
    async def scenario(pilot, app, host):
        host.say({"t": "refused", "text": "[b]bold[/b] \x1b[2J"})
        await until(pilot, lambda: app._notifications, "the notification")
        note = next(iter(app._notifications))
        assert note.message == "(b)bold(/b) \\x1b(2J" and note.markup is False

    with_app(scenario)


def test_the_wire_format_is_one_json_object_per_line():
    assert json.loads(protocol.encode({"t": "x", "text": "é\n"})) == {"t": "x", "text": "é\n"}
    assert protocol.encode({"a": 1}).count(b"\n") == 1


def test_leaving_a_table_tells_the_host_and_shows_the_lobby(tmp_path):
    game = Game.new(protocol.setup_from_wire(two_and_automa(3)))

    async def scenario(pilot, app, host):
        host.say(table_message(game, you=[0]))
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: host.requests(), "the request")
        assert host.got == [{"op": "leave"}] and isinstance(app.screen, LobbyScreen)

    with_app(scenario)
