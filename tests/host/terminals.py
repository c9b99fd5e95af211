"""A host on 127.0.0.1 and SSH terminals on it, for the tests and the benchmark (asyncssh's client).

Every wait is bounded (``until``); none is a timing threshold: a slow machine only waits longer.
"""

from __future__ import annotations

import asyncio
import re
import time
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh

from barrage_tui.host.server import Host, HostOptions

WAIT = 60.0  # seconds any one condition may take on a loaded machine before the test gives up
SIZE = (160, 50)
ENTER, DOWN = b"\r", b"\x1b[B"
_ESCAPES = re.compile(rb"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|P[^\x1b]*\x1b\\|[()][A-Z0-9]|[=>78])")


def screen_text(data: bytes) -> str:
    """What was written, without the escape sequences (text drawn in one go stays in one piece)."""
    return _ESCAPES.sub(b"", data).decode("utf-8", "replace")


async def until(condition, what: str, timeout: float = WAIT, poll: float = 0.02):
    """Wait until ``condition()`` is true (returns its value); fails naming ``what`` after ``timeout``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = condition()
        if value:
            return value
        if loop.time() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        await asyncio.sleep(poll)


def make_keys(folder: Path, names) -> dict:
    """A client key per name; ``authorized_keys`` in ``folder`` lets in the ones not starting with "x"."""
    keys = {n: asyncssh.generate_private_key("ssh-ed25519") for n in names}
    lines = [k.export_public_key().decode().strip() for n, k in keys.items() if not n.startswith("x")]
    (folder / "authorized_keys").write_text("\n".join(lines) + "\n")
    return keys


@asynccontextmanager
async def running_host(folder: Path, **options):
    """A host on 127.0.0.1 (a free port), its saves and keys in ``folder``; the connections' messages
    are recorded on each Conn as ``sent`` (to see what each app was told)."""
    opts = HostOptions(bind="127.0.0.1", port=0, host_key=folder / "host_key",
                       authorized_keys=folder / "authorized_keys", save_dir=folder / "saves", automa_delay=0.0)
    for name, value in options.items():
        setattr(opts, name, value)
    host = Host(opts, log=lambda text: None)
    await host.start()
    connect = host.tables.connect

    def recording(conn) -> None:
        send, conn.sent = conn.send, []

        def record(message) -> None:
            conn.sent.append(message)
            send(message)

        conn.send = record
        connect(conn)

    host.tables.connect = recording
    try:
        yield host
    finally:
        await host.close()


class Terminal(asyncssh.SSHClientSession):
    """One player's terminal: everything the host wrote, and keys to send."""

    def __init__(self) -> None:
        self.output = bytearray()
        self.closed = asyncio.Event()
        self.chan = None
        self.conn = None
        self.last = 0.0  # time.perf_counter() of the last bytes received

    def connection_made(self, chan) -> None:
        self.chan = chan

    def data_received(self, data, datatype) -> None:
        self.output += data
        self.last = time.perf_counter()

    def connection_lost(self, exc) -> None:
        self.closed.set()

    def mark(self) -> int:
        return len(self.output)

    def text(self, since: int = 0) -> str:
        return screen_text(bytes(self.output[since:]))

    def press(self, keys: bytes) -> None:
        self.chan.write(keys)

    async def shows(self, pattern: str, since: int = 0, what: str = "") -> re.Match:
        return await until(lambda: re.search(pattern, self.text(since)), what or f"the screen to show {pattern!r}")


async def open_terminal(host: Host, user: str, key, size=SIZE) -> Terminal:
    conn = await asyncssh.connect("127.0.0.1", host.port, username=user, client_keys=[key], known_hosts=None,
                                  agent_path=None, config=())
    _, term = await conn.create_session(Terminal, term_type="xterm-256color", term_size=size, encoding=None)
    term.conn = conn
    return term


def conn_of(host: Host, key):
    """The host's connection of the player with ``key`` (None: not connected)."""
    identity = f"key:{key.get_fingerprint()}"
    return next((c for c in host.tables.conns if c.identity == identity), None)
