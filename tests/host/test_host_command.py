"""``barrage-tui host`` from the command line, and an --open host (players by name, no keys)."""

from __future__ import annotations

import asyncio
import signal
import stat
import subprocess
import sys
from pathlib import Path

import asyncssh

from .helpers import two_and_automa
from .terminals import Terminal, running_host, until

ROOT = Path(__file__).resolve().parents[2]


def host_command(*args) -> list[str]:
    return [sys.executable, "-m", "barrage_tui", "host", "--port", "0", *args]


def test_without_authorized_keys_the_host_does_not_start(tmp_path):
    done = subprocess.run(host_command("--authorized-keys", str(tmp_path / "none"), "--host-key",
                                       str(tmp_path / "hk"), "--save-dir", str(tmp_path / "saves")),
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "no authorized keys file" in done.stdout and "Traceback" not in done.stdout + done.stderr


def test_an_open_host_says_so_loudly_and_how_to_connect(tmp_path):
    proc = subprocess.Popen(host_command("--open", "--host-key", str(tmp_path / "hk"), "--save-dir",
                                         str(tmp_path / "saves")),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        while not lines or "Players connect with" not in lines[-1]:
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        text = "".join(lines)
        assert "OPEN HOST" in text and "anyone" in text
        assert "ssh -p " in text and "NAME@127.0.0.1" in text
        assert stat.S_IMODE((tmp_path / "hk").stat().st_mode) == 0o600  # the host key, made on first start
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0


def test_on_an_open_host_a_player_is_their_name(tmp_path):
    async def connect(host, user):
        conn = await asyncssh.connect("127.0.0.1", host.port, username=user, client_keys=None, known_hosts=None,
                                      agent_path=None, config=(), preferred_auth="none,keyboard-interactive")
        _, term = await conn.create_session(Terminal, term_type="xterm", term_size=(120, 40), encoding=None)
        term.conn = conn
        return term

    def conn_named(host, user):
        return next((c for c in host.tables.conns if c.identity == f"name:{user}"), None)

    async def scenario():
        async with running_host(tmp_path, open=True) as host:
            dora = await connect(host, "dora")
            await until(lambda: conn_named(host, "dora"), "dora in")
            host.tables.handle(conn_named(host, "dora"), {"op": "new", "setup": two_and_automa(), "mine": [0, 1]})
            table = await until(lambda: next(iter(host.tables.tables.values()), None), "the table")
            await until(lambda: conn_named(host, "dora").table == table.id, "dora at her table")
            dora.conn.abort()
            await until(lambda: conn_named(host, "dora") is None, "dora gone")
            eve = await connect(host, "eve")
            await until(lambda: conn_named(host, "eve"), "eve in")
            assert conn_named(host, "eve").table is None  # another name: the lobby
            again = await connect(host, "dora")
            await until(lambda: conn_named(host, "dora") and conn_named(host, "dora").table == table.id,
                        "dora back at her table")
            for term in (eve, again):
                term.conn.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_port_in_use_is_said_plainly_and_the_host_ends_with_its_app_server(tmp_path):
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:  # (an app server left running would hold the output pipe open: run would wait for it)
        done = subprocess.run([sys.executable, "-m", "barrage_tui", "host", "--port", str(port), "--open",
                               "--host-key", str(tmp_path / "hk"), "--save-dir", str(tmp_path / "saves")],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        taken.close()
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
