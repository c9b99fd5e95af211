"""One player's app on the host: the normal barrage-tui app in a child process under a pseudo-terminal.

The SSH session's bytes go to the pseudo-terminal and its output back (``on_output``); a window size
change is passed on with TIOCSWINSZ (the app gets its SIGWINCH from the kernel). The app talks to the
tables over one end of a socket pair, handed to it as an open file (its only link to the host: nothing
of the filesystem is named by the player). The app runs in its own session and takes the terminal as its
controlling terminal itself (``ui/table_app.py``), so that it gets SIGWINCH and SIGHUP.

The app imports the very packages the host runs (``package_roots``, first on its PYTHONPATH), with
``python -P`` in the root folder: nothing in the folder the host was started from (a ``saves/`` folder of
games, say) can stand in for one of them.
"""

from __future__ import annotations

import asyncio
import collections
import fcntl
import json
import os
import re
import signal
import socket
import struct
import sys
import termios
from collections.abc import Callable
from typing import cast

from . import protocol
from .tables import Conn, Tables

MAX_SIZE = 1000  # columns or rows: anything larger is a lie
STUCK_BYTES = 16 * 1024 * 1024  # an app that reads nothing of what the tables send is ended
STOP_SECONDS = 3.0  # an app asked to end is killed after this


def terminal_type(term: str) -> str:
    """The client's TERM as the app's environment may take it."""
    return term if re.fullmatch(r"[A-Za-z0-9._+-]{1,64}", term or "") else "xterm-256color"


def package_roots() -> list[str]:
    """The folders the host's own packages were imported from (barrage_tui, saves, automa)."""
    import automa
    import saves

    import barrage_tui

    roots = [os.path.dirname(os.path.dirname(os.path.abspath(cast(str, m.__file__))))  # (regular packages)
             for m in (barrage_tui, saves, automa)]
    return list(dict.fromkeys(roots))


def child_env(term: str) -> dict[str, str]:
    """Only what the app needs: the client's TERM, UTF-8, and the host's own paths and theme."""
    env = {"TERM": terminal_type(term), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    for name in ("PATH", "HOME", "BARRAGE_THEME", "TMPDIR"):
        if name in os.environ:
            env[name] = os.environ[name]
    paths = package_roots() + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if os.path.isabs(p)]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def set_size(fd: int, width: int, height: int) -> None:
    width, height = (max(1, min(MAX_SIZE, int(v))) for v in (width, height))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


class Child:
    """An app forked by the zygote (not this process's child): its pid, and its end as the zygote tells it
    (the same ``pid``, ``returncode`` and ``wait()`` as an asyncio subprocess)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._ended = asyncio.get_running_loop().create_future()

    def ended(self, status: int) -> None:
        if self.returncode is None:
            self.returncode = status
            self._ended.set_result(status)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)


class Zygote:
    """The host's fork server (zygote.py), started once: ``await spawn(term, terminal_fd, table_fd)``."""

    def __init__(self, log: Callable[[str], object] | None = None) -> None:
        self.log = log or (lambda text: None)
        self.proc: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self._asked: collections.deque[asyncio.Future[int]] = collections.deque()  # the pids asked for, in order
        self._children: dict[int, Child] = {}
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        ours, theirs = socket.socketpair()
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-P", "-m", "barrage_tui.host.zygote", str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL, pass_fds=(theirs.fileno(),), env=child_env("xterm-256color"),
                cwd="/")
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self._reader = asyncio.get_running_loop().create_task(self._read(ours))

    async def spawn(self, term: str, terminal: int, table: int) -> Child:
        """Fork an app on ``terminal`` (the pseudo-terminal's app end) and ``table`` (its tables socket)."""
        if self.sock is None:
            await self.start()
        assert self.sock is not None  # (start sets it)
        asked: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        try:
            socket.send_fds(self.sock, [json.dumps({"term": terminal_type(term)}).encode()], [terminal, table])
        except OSError:  # (BlockingIOError too: the zygote is stuck) the next player gets a new one
            self._gone()
            raise
        self._asked.append(asked)
        pid = await asked
        child = self._children[pid] = Child(pid)
        return child

    async def _read(self, sock: socket.socket) -> None:
        loop, lines = asyncio.get_running_loop(), protocol.Lines(protocol.MAX_REQUEST)
        try:
            while data := await loop.sock_recv(sock, 65536):
                for message in lines.feed(data):
                    if "pid" in message and self._asked:
                        self._asked.popleft().set_result(int(message["pid"]))
                    elif "ended" in message and message["ended"] in self._children:
                        self._children.pop(message["ended"]).ended(int(message["status"]))
        except (OSError, protocol.ProtocolError, ValueError, TypeError) as exc:
            self.log(f"the app server broke off: {protocol.plain(exc)}")
        if self.sock is sock:
            self._reader = None
            self._gone()

    def _gone(self) -> None:
        """The zygote ended (or broke): what it had not told is given up; its apps are watched by their pids."""
        self._stop_reading()
        sock, self.sock = self.sock, None
        if sock is not None:
            sock.close()
        while self._asked:
            self._asked.popleft().set_exception(OSError("the app server ended"))
        orphans, self._children = self._children, {}
        if orphans:
            asyncio.get_running_loop().create_task(_watch(orphans))

    def _stop_reading(self) -> None:
        """(Before its socket is closed: a reader left on a closed file would get the next one of that number.)"""
        reader, self._reader = self._reader, None
        if reader is not None and reader is not asyncio.current_task():
            reader.cancel()

    async def close(self) -> None:
        reader = self._reader
        self._stop_reading()
        if reader is not None:
            await asyncio.gather(reader, return_exceptions=True)
        sock, self.sock = self.sock, None
        if sock is not None:
            sock.close()  # the zygote sees the end and exits
        if self.proc is not None:
            try:
                await asyncio.wait_for(self.proc.wait(), STOP_SECONDS)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def _watch(orphans: dict[int, Child]) -> None:
    """Apps whose zygote is gone: each has ended when its pid is gone or a zombie (nobody may reap it)."""
    while orphans:
        await asyncio.sleep(1.0)
        for pid in list(orphans):
            try:
                with open(f"/proc/{pid}/stat", "rb") as fh:
                    gone = fh.read().rsplit(b")", 1)[1].split()[0] in (b"Z", b"X")
            except (OSError, IndexError):
                gone = True
            if gone:
                orphans.pop(pid).ended(-1)


class AppProcess:
    """The app of one SSH session and its link to the tables (forked by ``zygote``, else a new process)."""

    def __init__(self, tables: Tables, identity: str, name: str, on_output: Callable[[bytes], object],
                 on_exit: Callable[[int], object], log: Callable[[str], object] | None = None,
                 zygote: Zygote | None = None) -> None:
        self.zygote = zygote
        self.tables = tables
        self.conn = Conn(identity, name, self._send)
        self.on_output = on_output  # bytes for the player's terminal
        self.on_exit = on_exit  # the app ended (its exit status)
        self.log = log or (lambda text: None)
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | Child | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._reading = False
        self._ended = False

    async def start(self, term: str, width: int, height: int) -> None:
        loop = asyncio.get_running_loop()
        master, slave = os.openpty()
        set_size(master, width, height)
        ours, theirs = socket.socketpair()
        try:
            if self.zygote is not None:
                self.proc = await self.zygote.spawn(term, slave, theirs.fileno())
            else:
                self.proc = await asyncio.create_subprocess_exec(
                    sys.executable, "-P", "-m", "barrage_tui", "--table-fd", str(theirs.fileno()),
                    stdin=slave, stdout=slave, stderr=slave, pass_fds=(theirs.fileno(),), start_new_session=True,
                    env=child_env(term), cwd="/")
        except BaseException:
            os.close(master)
            ours.close()
            raise
        finally:
            os.close(slave)
            theirs.close()
        self.master = master
        os.set_blocking(master, False)
        self.resume_output()
        reader, self._writer = await asyncio.open_connection(sock=ours, limit=protocol.MAX_REQUEST + 1)
        self.tables.connect(self.conn)
        self._tasks = [loop.create_task(self._requests(reader)), loop.create_task(self._wait())]

    # ------------------------------------------------------------------ the terminal

    def write(self, data: bytes) -> None:
        """Keys from the player (a full pseudo-terminal drops them: the player types again)."""
        if self.master is None:
            return
        try:
            os.write(self.master, data)
        except (BlockingIOError, OSError):
            pass

    def resize(self, width: int, height: int) -> None:
        if self.master is not None:
            set_size(self.master, width, height)

    def pause_output(self) -> None:
        """The SSH channel is full: stop reading the app (it then waits on its terminal)."""
        if self._reading and self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._output)
            self._reading = True

    def _output(self) -> None:
        assert self.master is not None  # (read only while the terminal is open: resume_output)
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal (it ended)
            data = b""
        if not data:
            self.pause_output()
            return
        self.on_output(data)

    # ------------------------------------------------------------------ the tables link

    def _send(self, message: protocol.Message) -> None:
        writer = self._writer
        if writer is None or writer.is_closing():
            return
        if writer.transport.get_write_buffer_size() > STUCK_BYTES:
            self.log(f"{self.conn.name}: the app reads nothing; ending it")
            self.stop()
            return
        writer.write(protocol.encode(message))

    async def _requests(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                try:
                    message = protocol.decode(line.strip())
                except protocol.ProtocolError as exc:
                    self._send({"t": "refused", "text": protocol.plain(exc)})
                    continue
                try:
                    self.tables.handle(self.conn, message)
                except Exception as exc:  # noqa: BLE001 - a bug: said on the host's console, the player told
                    self.log(f"{self.conn.name}: the request {protocol.plain(message.get('op'), 20)!r} "
                             f"failed: {protocol.plain(repr(exc))}")
                    self._send({"t": "refused", "text": "the host could not do that (its console says why)"})
        except (ValueError, asyncio.LimitOverrunError, ConnectionError):  # a line over the limit: a broken app
            self.log(f"{self.conn.name}: the app sent an overlong line; ending it")
        finally:
            self.stop()

    # ------------------------------------------------------------------ ending

    async def _wait(self) -> None:
        assert self.proc is not None  # (started once the app is)
        status = await self.proc.wait()
        while self.master is not None and self._reading:  # its last bytes (the terminal put back)
            try:
                data = os.read(self.master, 65536)
            except OSError:
                break
            if not data:
                break
            self.on_output(data)
        self.stop()
        self.on_exit(status)

    def stop(self) -> None:
        """End the app (the player left, or the link was cut): the tables let the connection go; its seats
        stay held by its identity."""
        if self._ended:
            return
        self._ended = True
        self.log(f"{self.conn.name} left")
        self.tables.disconnect(self.conn)
        if self._writer is not None:
            self._writer.close()
        self.pause_output()
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            asyncio.get_running_loop().call_later(STOP_SECONDS, self._kill)
        if self.master is not None:
            os.close(self.master)
            self.master = None

    async def ended(self) -> None:
        """Wait until the app has ended (killed if it does not within STOP_SECONDS)."""
        self.stop()
        if self.proc is None:
            return
        try:
            await asyncio.wait_for(self.proc.wait(), STOP_SECONDS)
        except asyncio.TimeoutError:
            self._kill()
            await self.proc.wait()
        if len(self._tasks) > 1:
            await self._tasks[1]  # (its end is told: on_exit)

    def _kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
