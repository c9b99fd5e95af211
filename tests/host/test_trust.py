"""Shared tables a player can trust, over real SSH connections: seats kept across a restart, an app that
does not depend on the host's working folder, tables with their whole setup, no input that ends a
session, limits that hold, and a clean goodbye."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

import saves
from barrage_tui.host import server
from barrage_tui.rules import SeatSetup, Setup
from barrage_tui.host.protocol import setup_to_wire

from .terminals import conn_of, make_keys, open_terminal, running_host, until
from .test_ssh import lobby, run, two_at_a_table

ROOT = Path(__file__).resolve().parents[2]
OPENSSH = "/usr/bin/ssh"


def test_after_a_restart_a_held_seat_is_refused_to_another_key_and_given_back_to_its_holder(tmp_path):
    keys = make_keys(tmp_path, ["anna", "ben", "cleo"])

    async def scenario():
        async with running_host(tmp_path) as host:
            table, anna, ben = await two_at_a_table(host, keys)
            table_id, log = table.id, list(table.game.log)
        async with running_host(tmp_path) as host:  # the host restarted
            cleo = await lobby(host, "cleo", keys["cleo"])
            await cleo.shows(r"saved, round 1  ·  \S*Anna \(away\)", what="the saved table held in cleo's lobby")
            for seat in (0, 1):  # what any client may ask for, whatever its screen offers
                host.tables.handle(conn_of(host, keys["cleo"]), {"op": "join", "table": table_id, "seats": [seat]})
                await cleo.shows(f"seat {seat + 1} is taken", what="the refusal")
            assert table_id not in host.tables.tables  # not left open (and locked) with nobody at it
            assert saves.lock.holder(host.tables.store.directory, table_id) is None
            anna = await open_terminal(host, "anna", keys["anna"])
            await until(lambda: conn_of(host, keys["anna"]) and conn_of(host, keys["anna"]).table == table_id,
                        "anna straight back at her table")
            assert conn_of(host, keys["anna"]).sent[-1]["you"] == [0]
            await anna.shows("Anna", what="her table on her screen")
            assert host.tables.tables[table_id].game.log == log

    run(scenario)


def test_a_host_started_in_a_folder_with_a_saves_folder_plays_a_table_with_modules_on_another_board(
        tmp_path, monkeypatch):
    keys = make_keys(tmp_path, ["anna"])
    shadow = tmp_path / "here"
    (shadow / "saves").mkdir(parents=True)
    (shadow / "saves" / "__init__.py").write_text("")  # a folder of games that Python would take for a package
    (shadow / "automa").mkdir()
    (shadow / "automa" / "__init__.py").write_text("raise SystemExit('the wrong automa')\n")
    monkeypatch.chdir(shadow)
    setup = Setup(seats=(SeatSetup("anna"), SeatSetup("Automa", kind="automa", difficulty="medium")), seed=4,
                  options={"modules": ["overseas"], "board": "yellow-river"})

    async def scenario():
        async with running_host(tmp_path) as host:
            anna = await lobby(host, "anna", keys["anna"])
            since = anna.mark()
            host.tables.handle(conn_of(host, keys["anna"]), {"op": "new", "setup": setup_to_wire(setup), "mine": [0]})
            table = await until(lambda: next(iter(host.tables.tables.values()), None), "the table")
            assert table.game.setup.options["modules"] == ["overseas"]
            assert table.game.setup.options["board"] == "yellow-river"
            await anna.shows(r"u Undo  \? Help", since, "the table on anna's screen")
            assert "Cannot show" not in anna.text(since)

    run(scenario)


def test_bytes_that_are_not_utf8_a_2x2_terminal_and_a_resize_storm_leave_the_session_alive(tmp_path):
    keys = make_keys(tmp_path, ["anna"])

    async def scenario():
        async with running_host(tmp_path) as host:
            anna = await lobby(host, "anna", keys["anna"])
            app = next(iter(host._sessions)).app
            anna.press(b"\xe9t\xe9 \xff\xfe\x80")  # Latin-1 and stray bytes
            anna.chan.change_terminal_size(2, 2)
            for i in range(100):
                size = 5 if i % 2 else 1000
                anna.chan.change_terminal_size(size, size)
            since = anna.mark()
            anna.chan.change_terminal_size(79, 24)
            await anna.shows("needs at least 80x24", since, "the too-small screen")
            since = anna.mark()
            anna.chan.change_terminal_size(120, 40)
            await anna.shows("You play as anna", since, "the lobby again")
            assert app.proc.returncode is None and not anna.closed.is_set()

    run(scenario)


def test_a_connection_asking_for_40_sessions_gets_the_limit(tmp_path):
    keys = make_keys(tmp_path, ["anna"])

    async def scenario():
        async with running_host(tmp_path) as host:
            conn = await asyncssh.connect("127.0.0.1", host.port, username="anna", client_keys=[keys["anna"]],
                                          known_hosts=None, agent_path=None, config=())
            terms = []
            for _ in range(40):
                from .terminals import Terminal
                _, term = await conn.create_session(Terminal, term_type="xterm", term_size=(100, 30), encoding=None)
                terms.append(term)
            refused = await until(lambda: [t for t in terms if t.closed.is_set()] if sum(
                t.closed.is_set() for t in terms) >= 40 - server.PER_CONNECTION else None, "the refusals")
            assert len(refused) == 40 - server.PER_CONNECTION
            assert all("this connection has as many games open as one may" in t.text() for t in refused)
            assert host.apps_of() == server.PER_CONNECTION
            conn.close()

    run(scenario)


def test_sessions_per_player_and_a_reserve_for_keys(tmp_path, monkeypatch):
    monkeypatch.setattr(server, "MAX_APPS", 3)
    monkeypatch.setattr(server, "RESERVE_APPS", 1)
    monkeypatch.setattr(server, "PER_PLAYER", 1)
    keys = make_keys(tmp_path, ["anna"])

    async def open_as(host, user):
        conn = await asyncssh.connect("127.0.0.1", host.port, username=user, client_keys=None, known_hosts=None,
                                      agent_path=None, config=(), password="any",
                                      preferred_auth="keyboard-interactive")
        from .terminals import Terminal
        _, term = await conn.create_session(Terminal, term_type="xterm", term_size=(100, 30), encoding=None)
        return term

    async def scenario():
        async with running_host(tmp_path, open=True) as host:  # an open host that knows anna's key
            first = await open_as(host, "dora")
            await first.shows("You play as dora")
            again = await open_as(host, "dora")  # a second connection of the same player
            await until(lambda: again.closed.is_set(), "dora's second app refused")
            assert "as many games open as a player may (1)" in again.text()
            second = await open_as(host, "eve")
            await second.shows("You play as eve")
            third = await open_as(host, "mallory")  # the last place is kept for keys
            await until(lambda: third.closed.is_set(), "the stranger refused")
            assert "the host is full" in third.text()
            anna = await lobby(host, "anna", keys["anna"])
            assert conn_of(host, keys["anna"]) is not None  # known by her key on an open host
            assert anna

    run(scenario)


def ssh_command(port: int, folder: Path, user: str = "anna") -> list[str]:
    return [OPENSSH, "-p", str(port), "-i", str(folder / "id"), "-o", "StrictHostKeyChecking=no",
            "-o", f"UserKnownHostsFile={folder / 'known'}", "-o", "IdentitiesOnly=yes", "-F", "/dev/null",
            f"{user}@127.0.0.1"]


def write_client_key(folder: Path, key) -> None:
    (folder / "id").write_bytes(key.export_private_key())
    (folder / "id").chmod(0o600)


def test_a_connection_over_the_limit_is_told_why_in_words(tmp_path, monkeypatch):
    keys = make_keys(tmp_path, ["anna"])
    write_client_key(tmp_path, keys["anna"])
    monkeypatch.setattr(server, "PER_ADDRESS", 1)

    async def scenario():
        async with running_host(tmp_path) as host:
            await lobby(host, "anna", keys["anna"])
            proc = await asyncio.create_subprocess_exec(
                *ssh_command(host.port, tmp_path), "-o", "BatchMode=yes", "-T",
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            _, err = await asyncio.wait_for(proc.communicate(), 60)
            assert proc.returncode != 0
            assert b"too many connections" in err and b"banner line contains invalid characters" not in err

    run(scenario)


def tmux(*args) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=30, check=True).stdout


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_stopping_the_host_puts_every_players_terminal_back_and_says_so(tmp_path, stop):
    keys = make_keys(tmp_path, ["anna"])
    write_client_key(tmp_path, keys["anna"])
    host = subprocess.Popen([sys.executable, "-m", "barrage_tui", "host", "--port", "0", "--host-key",
                             str(tmp_path / "hk"), "--authorized-keys", str(tmp_path / "authorized_keys"),
                             "--save-dir", str(tmp_path / "saves")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    session = f"hosthelper-{os.getpid()}-{stop.name}"
    try:
        port = None
        while port is None:
            line = host.stdout.readline()
            assert line, "the host did not start"
            if line.startswith("Barrage host on"):
                port = int(line.split(",")[0].rsplit(":", 1)[1])
        command = " ".join(ssh_command(port, tmp_path)) + "; sleep 600"
        tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", command)
        deadline = time.monotonic() + 60
        while "You play as anna" not in tmux("capture-pane", "-p", "-t", session):
            assert time.monotonic() < deadline, "the lobby never showed"
            time.sleep(0.2)
        assert tmux("display", "-p", "-t", session, "#{alternate_on} #{mouse_any_flag}").split() == ["1", "1"]
        host.send_signal(stop)
        assert host.wait(30) == 0
        deadline = time.monotonic() + 30
        while "host stopped" not in tmux("capture-pane", "-p", "-t", session):
            assert time.monotonic() < deadline, "the player was not told"
            time.sleep(0.2)
        state = tmux("display", "-p", "-t", session, "#{alternate_on} #{mouse_any_flag} #{cursor_flag}").split()
        assert state == ["0", "0", "1"]  # main screen, no mouse reporting, the cursor shown
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, timeout=30)
        if host.poll() is None:
            host.kill()
            host.wait(30)


def test_the_host_seats_command_lists_frees_and_hands_over_a_seat(tmp_path):
    from barrage_tui.host import seats

    from .helpers import FakeConn, make_tables, started_table

    tables = make_tables(tmp_path)
    table_id = started_table(tables, FakeConn("key:SHA256:anna", "anna"), FakeConn("key:SHA256:ben", "ben"))
    save = tables.store.autosave_path(tables.tables[table_id].game)

    def seats_command(*args):
        return subprocess.run([sys.executable, "-m", "barrage_tui", "host", "seats", "--save-dir",
                               str(tmp_path / "saves"), *args], cwd=ROOT, capture_output=True, text=True, timeout=60)

    busy = seats_command(table_id, "2", "--free")  # the table is open at the host: left alone
    assert busy.returncode == 2 and "open at a running host" in busy.stdout
    tables.close()
    listed = seats_command()
    assert listed.returncode == 0 and table_id in listed.stdout and "key:SHA256:ben" in listed.stdout
    assert seats_command(table_id, "2", "--free").returncode == 0
    assert seats.read(save) == {0: "key:SHA256:anna"}
    handed = seats_command(table_id, "1", "--to", "SHA256:cleo")
    assert handed.returncode == 0 and seats.read(save) == {0: "key:SHA256:cleo"}
    wrong = seats_command(table_id, "1", "--to", "cleo")
    assert wrong.returncode == 2 and "fingerprint" in wrong.stdout and "Traceback" not in wrong.stderr


def parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat", "rb") as fh:
        return int(fh.read().rsplit(b")", 1)[1].split()[1])


def test_apps_are_forked_from_the_app_server_and_a_lost_server_is_replaced(tmp_path):
    keys = make_keys(tmp_path, ["anna", "ben"])

    async def scenario():
        async with running_host(tmp_path) as host:
            await lobby(host, "anna", keys["anna"])
            zygote = host.zygote.proc
            anna_app = next(iter(host._sessions)).app
            assert parent_of(anna_app.proc.pid) == zygote.pid  # forked, not a new Python
            zygote.kill()
            await zygote.wait()
            ben = await lobby(host, "ben", keys["ben"])  # a new app server for the next player
            assert host.zygote.proc is not zygote and anna_app.proc.returncode is None
            anna_app.stop()  # anna's app, whose server is gone, is still seen to end
            await until(lambda: anna_app.proc.returncode is not None, "anna's orphaned app seen ending")
            assert ben

    run(scenario)


def test_a_flood_of_connections_over_the_limit_is_cut_without_a_word(tmp_path, monkeypatch):
    keys = make_keys(tmp_path, ["anna"])
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 1)

    async def scenario():
        async with running_host(tmp_path) as host:
            await lobby(host, "anna", keys["anna"])
            told = await asyncio.open_connection("127.0.0.1", host.port)  # over the limit: told (banner first)
            assert (await asyncio.wait_for(told[0].readline(), 30)).startswith(b"SSH-2.0-")
            cut = await asyncio.open_connection("127.0.0.1", host.port)  # one more while it is told: cut
            assert await asyncio.wait_for(cut[0].read(), 30) == b""
            assert host.refusing == 1
            told[1].close()
            await until(lambda: host.refusing == 0, "the refused connection's end counted")
            assert len(host.tables.conns) == 1

    run(scenario)
