"""The host over SSH on 127.0.0.1: players' terminals driven by key presses, the host's tables checked.

Each test runs a host in its own event loop, with a host key and client keys made for it.
"""

from __future__ import annotations

import asyncio
import fcntl
import struct
import subprocess
import termios

import asyncssh
import pytest

import saves
from barrage_tui.host import server

from .helpers import two_and_automa
from .terminals import ENTER, conn_of, make_keys, open_terminal, running_host, until

SEED = 3  # with choice 1 every time: anna (seat 0) decides 0-1, the Automa 2, ben 3-5, anna 6-8 (7: mid-turn)


def run(scenario):
    asyncio.run(asyncio.wait_for(scenario(), 300))


async def lobby(host, name, key):
    term = await open_terminal(host, name, key)
    await term.shows(f"You play as {name}", what=f"{name}'s lobby")
    return term


async def two_at_a_table(host, keys):
    """anna opens a table (the request her app sends for the new-table form, with a fixed seed) at seat 0;
    ben takes the open seat from his lobby with Enter. Returns (table, anna, ben)."""
    anna = await lobby(host, "anna", keys["anna"])
    host.tables.handle(conn_of(host, keys["anna"]), {"op": "new", "setup": two_and_automa(SEED), "mine": [0]})
    ben = await lobby(host, "ben", keys["ben"])
    await ben.shows("waiting for 1 player", what="the table in ben's lobby")
    ben.press(ENTER)
    table = await until(lambda: next((t for t in host.tables.tables.values() if t.game), None), "the game to start")
    for key in (keys["anna"], keys["ben"]):
        await until(lambda: conn_of(host, key).table == table.id, "both players at the table")
    return table, anna, ben


def refusals(conn) -> int:
    return sum(1 for m in conn.sent if m["t"] == "refused")


async def decide(host, table, term, key, since: int, handed_over: bool) -> str:
    """The player at ``term`` takes the selected choice (the first) of the pending decision with Enter.

    Their app shows the decision once the host's last key has reached it: when the turn came over from
    another player, its banner says so (``handed_over``; ``since``: a mark taken before the decision that
    handed it over). An Enter on an out-of-date copy is refused by the host (its decision number is
    behind), or, when the copy still shows another player's decision, answered by the app alone: either
    way Enter is pressed again."""
    game, conn = table.game, conn_of(host, key)
    n = len(game.log)
    if handed_over:
        await term.shows("YOUR TURN", since, "the player's banner")
    for _ in range(20):
        before = refusals(conn)
        term.press(ENTER)
        try:
            await until(lambda: len(game.log) > n or refusals(conn) > before, "the decision or its refusal",
                        timeout=10)
        except AssertionError:
            pass
        if len(game.log) > n:
            return game.log[n]
    raise AssertionError("the decision was never taken")


async def play(host, table, terms, keys, count: int, watcher=None) -> None:
    """``count`` decisions, each by the player whose it is (the Automa's by the host)."""
    game = table.game
    marks = {name: 0 for name in terms}  # taken before the decision that came before
    last = None
    for _ in range(count):
        await until(lambda: game.prompt.kind != "automa", "the host to take the Automa's step")
        seat = game.prompt.seat
        name = "anna" if seat == 0 else "ben"
        n = len(game.log)
        now = {other: t.mark() for other, t in terms.items()}
        key = await decide(host, table, terms[name], keys[name], marks[name], handed_over=last not in (None, seat))
        marks, last = now, seat
        assert table.seats_of_keys[n] == seat
        if watcher is not None:
            await until(lambda: any(m["t"] == "key" and m["at"] == n and m["key"] == key for m in watcher.sent),
                        "the watcher to be sent the key")


def test_two_players_take_turns_and_a_watcher_follows(tmp_path):
    keys = make_keys(tmp_path, ["anna", "ben", "cleo"])

    async def scenario():
        async with running_host(tmp_path) as host:
            table, anna, ben = await two_at_a_table(host, keys)
            cleo = await lobby(host, "cleo", keys["cleo"])
            await cleo.shows(r"round 1", what="the playing table in cleo's lobby")
            cleo.press(b"w")
            watcher = await until(lambda: conn_of(host, keys["cleo"]).table == table.id and conn_of(host, keys["cleo"]),
                                  "cleo watching")
            since = cleo.mark()
            await play(host, table, {"anna": anna, "ben": ben}, keys, 7, watcher)
            assert {s for s in table.seats_of_keys} == {0, 1, 2}  # both people and the Automa decided
            # the watcher's screen follows: ben's turn was announced, then anna's
            await cleo.shows(r"ben \(\w+ \w\) is deciding…", since, "ben's turn on the watcher's screen")
            await cleo.shows(r"Anna \(\w+ \w\) is deciding…", since, "anna's turn on the watcher's screen")
            assert not [m for m in watcher.sent if m["t"] == "refused"]
            saved = saves.load_game(host.tables.store.autosave_path(table.game))
            assert saved.log == table.game.log
            cleo.press(ENTER)  # a watcher's Enter is nobody's decision
            await cleo.shows("Watching: nothing to choose", since, "the watcher told so")
            assert saved.log == table.game.log

    run(scenario)


def test_a_link_cut_mid_turn_keeps_the_seat_and_loses_no_decision(tmp_path):
    keys = make_keys(tmp_path, ["anna", "ben"])

    async def scenario():
        async with running_host(tmp_path) as host:
            table, anna, ben = await two_at_a_table(host, keys)
            game = table.game
            for _ in range(20):  # decisions until anna has made the first choice of a turn of hers
                if game.prompt.kind != "automa" and game.prompt.seat == 0 and game.turn_start < len(game.log):
                    break
                await play(host, table, {"anna": anna, "ben": ben}, keys, 1)
            assert game.prompt.seat == 0 and game.turn_start < len(game.log)  # mid-turn
            log, state = list(game.log), game.state.copy()
            since = ben.mark()
            anna.conn.abort()  # the link is cut: no goodbye
            await until(lambda: conn_of(host, keys["anna"]) is None, "the host to notice")
            await ben.shows("away: Anna", since, "ben told that anna is away")
            assert table.holders[0] == f"key:{keys['anna'].get_fingerprint()}"
            assert game.log == log and game.state == state
            back = await open_terminal(host, "anna", keys["anna"])  # the same key: straight back at the table
            await until(lambda: (conn_of(host, keys["anna"]) or None) and conn_of(host, keys["anna"]).table == table.id,
                        "anna back at her table")
            await back.shows(r"Anna \(\w+ \w\) to play", what="anna's own decision on her screen")
            key = await decide(host, table, back, keys["anna"], 0, handed_over=False)
            assert game.log == log + [key]
            assert saves.load_game(host.tables.store.autosave_path(game)).log == log + [key]

    run(scenario)


def test_an_unknown_key_is_refused_at_the_ssh_level(tmp_path):
    keys = make_keys(tmp_path, ["anna", "xmallory"])

    async def scenario():
        async with running_host(tmp_path) as host:
            with pytest.raises(asyncssh.PermissionDenied):
                await open_terminal(host, "anna", keys["xmallory"])
            assert not host.tables.conns

    run(scenario)


def test_commands_sftp_and_forwarding_are_refused(tmp_path):
    keys = make_keys(tmp_path, ["anna"])

    async def scenario():
        async with running_host(tmp_path) as host:
            async with asyncssh.connect("127.0.0.1", host.port, username="anna", client_keys=[keys["anna"]],
                                        known_hosts=None, agent_path=None, config=()) as conn:
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.run("cat /etc/passwd", check=True)
                with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
                    await conn.start_sftp_client()
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_connection("127.0.0.1", host.port)
                no_terminal = await conn.run(None, input="")  # a shell without a terminal: told, not served
                assert no_terminal.exit_status == 1 and b"needs a terminal" in no_terminal.stdout.encode()
            assert not host.tables.conns

    run(scenario)


def test_the_openssh_client_cannot_run_a_command(tmp_path):
    keys = make_keys(tmp_path, ["anna"])
    (tmp_path / "id").write_bytes(keys["anna"].export_private_key())
    (tmp_path / "id").chmod(0o600)

    async def scenario():
        async with running_host(tmp_path) as host:
            proc = await asyncio.create_subprocess_exec(
                "/usr/bin/ssh", "-p", str(host.port), "-i", str(tmp_path / "id"), "-o", "BatchMode=yes",
                "-o", "StrictHostKeyChecking=no", "-o", f"UserKnownHostsFile={tmp_path / 'known'}",
                "-o", "IdentitiesOnly=yes", "-F", "/dev/null", "anna@127.0.0.1", "id",
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            out, err = await asyncio.wait_for(proc.communicate(), 60)
            assert proc.returncode != 0 and out == b""
            assert b"exec request failed" in err

    run(scenario)


def test_a_resized_window_reaches_the_app(tmp_path):
    keys = make_keys(tmp_path, ["anna"])

    async def scenario():
        async with running_host(tmp_path) as host:
            anna = await lobby(host, "anna", keys["anna"])
            app = next(iter(host._sessions)).app
            since = anna.mark()
            anna.chan.change_terminal_size(100, 30)
            await until(lambda: pty_size(app.master) == (30, 100), "the app's terminal resized")
            await anna.shows("You play as anna", since, "the lobby drawn again at the new size")

    run(scenario)


def pty_size(fd: int) -> tuple[int, int]:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return rows, cols


def test_connections_per_address_are_limited(tmp_path, monkeypatch):
    keys = make_keys(tmp_path, ["anna"])
    monkeypatch.setattr(server, "PER_ADDRESS", 1)

    async def scenario():
        async with running_host(tmp_path) as host:
            await lobby(host, "anna", keys["anna"])
            with pytest.raises((asyncssh.Error, ConnectionError, OSError)):
                await open_terminal(host, "anna", keys["anna"])
            assert len(host.tables.conns) == 1

    run(scenario)


def test_typing_beyond_the_limit_is_dropped(monkeypatch):
    from barrage_tui.host import tables

    monkeypatch.setattr(tables.time, "monotonic", lambda: 1000.0)  # no time passes: no token comes back
    typed = []
    session = server._Session(host=None, server=None)
    session.app = type("App", (), {"write": lambda self, data: typed.append(data)})()
    for _ in range(100):
        session.data_received(b"x" * 4096, None)
    assert sum(map(len, typed)) == server.TYPING_BURST
