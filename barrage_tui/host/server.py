"""``barrage-tui host``: an SSH server whose only program is the game.

Each SSH session with a terminal gets the normal app (terminal.py), at the host's tables (tables.py).
Nothing else is served: no shell, no commands (``ssh host ls`` is refused), no subsystem (so no SFTP or
scp), no port, agent or X11 forwarding, no passwords. A client is let in by its key (the authorized keys
file, read again at every login) unless the host is ``--open``; an open host still knows the keys of
that file (when there is one) and keeps them a reserve of places. Connections, sessions (per connection,
per player, in all), logins and typing are limited; a client refused for a limit is told why in words
(the SSH banner comes first, then the reason). A player's terminal is put back (main screen, mouse off,
cursor on) whenever their app ends, and told when the host stops.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import platformdirs

from .protocol import ProtocolError, plain, player_name
from .tables import Bucket, Tables
from .terminal import AppProcess, Zygote

DEFAULT_PORT = 2222
DEFAULT_BIND = "127.0.0.1"  # this machine only; --bind 0.0.0.0 (or an address) to let others in
MAX_CONNECTIONS = 16
PER_ADDRESS = 6
MAX_APPS = 16  # players' apps at once (each is a process) ...
RESERVE_APPS = 4  # ... of which these are kept for keys (an --open host's names cannot take them)
PER_CONNECTION = 3  # apps of one SSH connection (one multiplexed by ControlMaster may carry several)
PER_PLAYER = 4  # apps of one player (key, or name on an --open host), over all their connections
LOGIN_SECONDS = 30
KEEPALIVE_SECONDS = 15  # a dead link is noticed after 4 unanswered keepalives
TYPING_RATE = 8 * 1024  # bytes a second a player's terminal may send (keys, mouse, pastes) ...
TYPING_BURST = 32 * 1024  # ... and at once; the rest is dropped
# What a player's terminal is left in when their app ends however it ends: the main screen, no mouse
# reporting (any of its modes), no bracketed paste or focus reports, the cursor shown, default colours.
RESTORE = (b"\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[?1004l"
           b"\x1b[0m\x1b[?25h\r\n")


@dataclass
class HostOptions:
    bind: str = DEFAULT_BIND
    port: int = DEFAULT_PORT
    host_key: Path | None = None  # default: host_key in the data folder, made on first start
    authorized_keys: Path | None = None  # default: ~/.ssh/authorized_keys
    open: bool = False  # anyone may connect, under any name
    save_dir: Path | None = None
    automa_delay: float = 0.6


def default_host_key() -> Path:
    return Path(platformdirs.user_data_dir("barrage-tui", appauthor=False)) / "host_key"


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host's key, made (ed25519, readable by its owner only) when there is none yet."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(key.export_private_key())
        return key
    return asyncssh.read_private_key(path)


class Host:
    """The running server: ``await host.start()``, then ``host.port``; ``host.close()`` ends it."""

    def __init__(self, options: HostOptions, log: Callable[[str], object] = print) -> None:
        self.options = options
        self.log = log
        self.tables: Tables | None = None
        self.host_key: asyncssh.SSHKey | None = None
        self._server: asyncssh.SSHAcceptor | None = None
        self._peers: dict[str, int] = {}
        self._sessions: set[_Session] = set()
        self._conns: set[asyncssh.SSHServerConnection] = set()  # every SSH connection (said goodbye to at the end)
        self.refusing = 0  # connections over a limit, being told so
        self.zygote = Zygote(log)  # the players' apps are forked from it

    @property
    def authorized_keys(self) -> Path:
        return self.options.authorized_keys or Path.home() / ".ssh" / "authorized_keys"

    async def start(self) -> None:
        """Raises HostError with a plain message when the host cannot start."""
        import saves

        o = self.options
        try:
            self.host_key = load_host_key(o.host_key or default_host_key())
        except (OSError, asyncssh.KeyImportError) as exc:
            raise HostError(f"cannot use the host key {o.host_key or default_host_key()}: {exc}") from None
        if not o.open and not self.authorized_keys.is_file():
            raise HostError(f"no authorized keys file at {self.authorized_keys}: give --authorized-keys FILE "
                            f"(one public key per player), or --open")
        loop = asyncio.get_running_loop()
        try:
            await self.zygote.start()  # (it imports the app meanwhile: the first player does not wait for it)
        except OSError as exc:
            raise HostError(f"cannot start the players' app server: {exc}") from None
        store = saves.SaveStore(o.save_dir)
        self.tables = Tables(store, automa_delay=o.automa_delay, later=loop.call_later, log=self.log)
        if not self.keys_known():
            self.tables.reserve = 0
        try:
            self._server = await asyncssh.create_server(
                lambda: _Server(self), o.bind, o.port, server_host_keys=[self.host_key],
                line_editor=False, encoding=None, allow_pty=True,
                agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
                password_auth=False, kbdint_auth=o.open, host_based_auth=False, gss_auth=False, gss_kex=False,
                rdns_lookup=False, login_timeout=LOGIN_SECONDS, keepalive_interval=KEEPALIVE_SECONDS,
                keepalive_count_max=4)
        except OSError as exc:
            await self.zygote.close()
            raise HostError(f"cannot listen on {o.bind}:{o.port}: {exc.strerror or exc}") from None

    @property
    def port(self) -> int:
        assert self._server is not None  # (once started)
        port: int = self._server.sockets[0].getsockname()[1]  # (SSHAcceptor passes sockets on untyped)
        return port

    async def close(self) -> None:
        """Stop: no new connections; every player's app ended, their terminal put back and told; the
        connections closed once that is sent."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        sessions = list(self._sessions)
        for session in sessions:
            session.end("The Barrage host stopped. Your seats stay yours: connect again when it is back.")
        await asyncio.gather(*(s.app.ended() for s in sessions if s.app is not None))
        if self.tables is not None:
            self.tables.close()
        await self.zygote.close()
        if sessions:  # the goodbyes reach the terminals (each channel closes once it has sent them)
            await asyncio.wait([asyncio.ensure_future(s.chan.wait_closed()) for s in sessions], timeout=5)
        conns = list(self._conns)
        for conn in conns:
            conn.close()
        if conns:
            await asyncio.wait([asyncio.ensure_future(c.wait_closed()) for c in conns], timeout=5)

    def apps_of(self, server: _Server | None = None, identity: str | None = None) -> int:
        return sum(1 for s in self._sessions
                   if (server is None or s.server is server) and (identity is None or s.server.identity == identity))

    def keys_known(self) -> bool:
        """Whether players may come with keys (then names leave them a reserve of places)."""
        return not self.options.open or self.authorized_keys.is_file()

    def session_refusal(self, server: _Server) -> str:
        """Why a new session of ``server``'s connection gets no app ("" when it gets one)."""
        keyed = server.identity.startswith("key:")
        if self.apps_of(server) >= PER_CONNECTION:
            return f"this connection has as many games open as one may ({PER_CONNECTION}); close one first"
        if self.apps_of(identity=server.identity) >= PER_PLAYER:
            return f"you have as many games open as a player may ({PER_PLAYER}); close one first"
        if len(self._sessions) >= MAX_APPS - (0 if keyed or not self.keys_known() else RESERVE_APPS):
            return "the host is full; try again later"
        return ""

    # ------------------------------------------------------------------ connection limits

    def admit(self, address: str) -> bool:
        if sum(self._peers.values()) >= MAX_CONNECTIONS or self._peers.get(address, 0) >= PER_ADDRESS:
            return False
        self._peers[address] = self._peers.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        n = self._peers.get(address, 0) - 1
        if n > 0:
            self._peers[address] = n
        else:
            self._peers.pop(address, None)


class HostError(Exception):
    """The host cannot start; the message says why, plainly."""


class _Server(asyncssh.SSHServer):
    """One SSH connection: who it is (its key, or its user name on an --open host)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.address = ""
        self.admitted = False
        self.refused = False  # (counted in host.refusing while it is being told)
        self.username = ""
        self.identity = ""
        self.conn: asyncssh.SSHServerConnection  # (connection_made sets it, before anything else is asked)
        self._keys: asyncssh.SSHAuthorizedKeys | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.admitted = self.host.admit(self.address)
        if self.admitted:
            self.host._conns.add(conn)
        elif self.host.refusing >= MAX_CONNECTIONS:
            conn.abort()  # a flood: not even a banner
        else:  # the SSH banner goes first, so the client can read why it is refused (begin_auth)
            self.host.refusing += 1
            self.refused = True
            self.host.log(f"refused a connection from {plain(self.address)}: too many connections")

    def connection_lost(self, exc: Exception | None) -> None:
        self.host._conns.discard(self.conn)
        if self.admitted:
            self.host.release(self.address)
        elif self.refused:
            self.host.refusing -= 1

    def begin_auth(self, username: str) -> bool:
        if not self.admitted:
            self.conn.send_auth_banner("The Barrage host has too many connections now; try again later.\r\n")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections: try again later")
            return True
        self.username = username
        self._keys = None
        if self.host.options.open and not self.host.authorized_keys.is_file():
            self.identity = f"name:{username}"
            return False  # no authentication: --open
        try:
            self._keys = asyncssh.read_authorized_keys(str(self.host.authorized_keys))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            self.host.log(f"cannot read {self.host.authorized_keys}: {plain(exc)}")
        return True  # (an --open host: a key of the file, else the name by keyboard-interactive)

    def public_key_auth_supported(self) -> bool:
        return self.admitted

    def kbdint_auth_supported(self) -> bool:
        return self.admitted and self.host.options.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.identity = f"name:{username}"  # an --open host: anyone, by name, without a question
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # The last key validated before the login succeeds is the one it succeeded with (a signed request
        # validates its key again right before checking the signature).
        if self._keys is None or self._keys.validate(key, self.address, self.address) is None:
            return False
        self.identity = f"key:{key.get_fingerprint()}"
        return True

    def session_requested(self) -> _Session:
        return _Session(self.host, self)


class _Session(asyncssh.SSHServerSession[bytes]):
    """A session: with a terminal, the app; anything else is refused."""

    def __init__(self, host: Host, server: _Server) -> None:
        self.host = host
        self.server = server
        self.chan: asyncssh.SSHServerChannel[bytes]  # (connection_made sets it, before anything else is asked)
        self.term: str | None = None
        self.size = (80, 24)
        self.app: AppProcess | None = None
        self.typing = Bucket(TYPING_RATE, TYPING_BURST)
        # Keys reach the app as UTF-8 whatever the client's terminal sends (a Latin-1 byte becomes U+FFFD).
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._goodbye = b""

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = term_type or "xterm-256color"
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True  # the "shell" is the game

    def exec_requested(self, command: str) -> bool:
        self.host.log(f"refused a command from {self._who()}")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self.host.log(f"refused the subsystem {plain(subsystem, 40)!r} from {self._who()}")
        return False

    def session_started(self) -> None:
        if self.term is None:
            self.chan.write(b"barrage-tui needs a terminal: connect with ssh -t (or without a command)\r\n")
            self.chan.exit(1)
            return
        refusal = self.host.session_refusal(self.server)
        if refusal:
            self.host.log(f"refused a session of {self._who()}: {refusal}")
            self.chan.write(f"barrage-tui: {refusal}\r\n".encode())
            self.chan.exit(1)
            return
        try:
            name = player_name(self.server.username)
        except ProtocolError:
            name = "player"
        assert self.host.tables is not None  # (the host has started)
        self.app = AppProcess(self.host.tables, self.server.identity, name, self._output, self._ended, self.host.log,
                              self.host.zygote)
        self.host._sessions.add(self)
        self.host.log(f"{name} connected from {plain(self.server.address)}")
        asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        assert self.app is not None and self.term is not None  # (session_started sets them)
        try:
            await self.app.start(self.term, *self.size)
        except OSError as exc:
            self.host.log(f"cannot start the app: {exc}")
            self.chan.write(b"the host cannot start the game now\r\n")
            self.chan.exit(1)

    def _output(self, data: bytes) -> None:
        try:
            self.chan.write(data)
        except (OSError, asyncssh.Error, BrokenPipeError):  # the link is going: the app is ended with it
            pass

    def _ended(self, status: int) -> None:
        """The app ended: the terminal put back (whatever state the app left it in), and the session closed."""
        self.host._sessions.discard(self)
        try:
            self.chan.write(RESTORE + self._goodbye)
            self.chan.exit(max(0, status))
        except (OSError, asyncssh.Error, BrokenPipeError):
            pass

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self.app is not None and self.typing.take(len(data)):
            self.app.write(self._utf8.decode(data).encode("utf-8"))

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.app is not None:
            self.app.resize(*self.size)

    def pause_writing(self) -> None:
        if self.app is not None:
            self.app.pause_output()

    def resume_writing(self) -> None:
        if self.app is not None:
            self.app.resume_output()

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.end()

    def end(self, goodbye: str = "") -> None:
        """End the app; ``goodbye`` is said on the player's terminal after it is put back."""
        self.host._sessions.discard(self)
        if goodbye:
            self._goodbye = f"{goodbye}\r\n".encode()
        if self.app is not None:
            self.app.stop()

    def _who(self) -> str:
        return f"{plain(self.server.username, 40)} at {plain(self.server.address)}"


def connect_hint(options: HostOptions, port: int) -> str:
    where = options.bind if options.bind not in ("0.0.0.0", "::", "") else "THIS-MACHINE"
    host = f"[{where}]" if ":" in where else where
    return f"ssh -p {port} NAME@{host}" if port != 22 else f"ssh NAME@{host}"


def run(options: HostOptions) -> int:
    """``barrage-tui host``: serve until Ctrl+C. Returns the exit code."""

    async def main() -> int:
        host = Host(options, log=lambda text: print(text, flush=True))
        try:
            await host.start()
        except HostError as exc:
            print(f"barrage-tui host: {plain(exc, 400)}", flush=True)
            return 2
        assert host.tables is not None and host.host_key is not None  # (start sets them)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        if options.open:
            print("!" * 72 + "\n!! OPEN HOST: anyone who can reach this port may connect, under any name,\n"
                  "!! and take the seats of that name. Use it only on a network you trust.\n" + "!" * 72,
                  flush=True)
        print(f"Barrage host on {options.bind}:{host.port}, saves in {host.tables.store.directory}", flush=True)
        print(f"Host key fingerprint: {host.host_key.get_fingerprint()}", flush=True)
        if not options.open:
            print(f"Players are let in by their keys in {host.authorized_keys}", flush=True)
        print(f"Players connect with:  {connect_hint(options, host.port)}    (Ctrl+C stops the host)", flush=True)
        await stop.wait()
        await host.close()
        return 0

    return asyncio.run(main())
