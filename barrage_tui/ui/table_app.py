"""The app as a host runs it for a player who connected with ssh: the lobby, then a table's game.

The host hands the app one end of a socket (``--table-fd``, a hidden option); the tables protocol
(barrage_tui/host/protocol.py) runs over it. A worker thread reads the host's messages and hands each to
the app's thread, which shows it: the lobby's list, a table's game (a copy built from its save), each
decision taken at the table. The app's own choices are requests; the host decides whether they count.
"""

from __future__ import annotations

import fcntl
import os
import socket
import termios
from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal, TypedDict, Unpack

from textual import work

from barrage_tui.host import protocol

from . import storage
from .app import BarrageApp

if TYPE_CHECKING:
    from barrage_tui.rules import Game
    from saves import SaveStore

    from .screens.lobby import LobbyScreen
    from .screens.table import TableScreen
    from .storage import PathArg


class AppOptions(TypedDict, total=False):
    """BarrageApp's keywords."""

    store: SaveStore | None
    save_dir: PathArg | Literal[False] | None
    game: Game | None
    opened: PathArg | None
    seed: int | None
    cursor_blink: bool
    automa_delay: float
    confirm: bool
    board: str


class Link:
    """The socket to the host: ``send`` a request; ``messages()`` yields what the host says until it closes."""

    def __init__(self, fd: int) -> None:
        self.sock = socket.socket(fileno=fd)

    def send(self, message: protocol.Message) -> None:
        try:
            self.sock.sendall(protocol.encode(message))
        except OSError:
            pass  # the host is gone: the reader sees the end and says so

    def close(self) -> None:
        """Ends ``messages()`` too (a thread blocked reading sees the end)."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def messages(self) -> Iterator[protocol.Message]:
        lines = protocol.Lines(protocol.MAX_MESSAGE)
        while True:
            try:
                data = self.sock.recv(1 << 16)
            except OSError:
                return
            if not data:
                return
            yield from lines.feed(data)


class TableApp(BarrageApp):
    def __init__(self, link: Link, **kw: Unpack[AppOptions]) -> None:
        kw.setdefault("save_dir", False)  # the host saves; nothing is written here
        super().__init__(**kw)
        self.link = link
        self.player = ""
        self.tables: list[protocol.Message] = []  # the lobby's rows, as the host sent them

    def get_default_screen(self) -> LobbyScreen:
        from .screens.lobby import LobbyScreen

        return LobbyScreen()

    def on_mount(self) -> None:  # (BarrageApp's on_mount runs too)
        self._listen()

    def on_unmount(self) -> None:
        self.link.close()  # the reading thread ends, so the app's exit does not wait for it

    @work(thread=True, exit_on_error=False)
    def _listen(self) -> None:
        ending = "The host closed the connection."
        try:
            for message in self.link.messages():
                self.call_from_thread(self.on_host_message, message)
        except protocol.ProtocolError:
            ending = "The host sent something this app cannot read."
        except RuntimeError:  # the app is closing already
            return
        try:
            self.call_from_thread(self.exit, None, 1, ending)
        except RuntimeError:
            pass

    # ------------------------------------------------------------ what the host says

    def on_host_message(self, msg: protocol.Message) -> None:
        try:
            self._on_host_message(msg)
        except Exception as exc:  # noqa: BLE001 - one message the app cannot show must not stop the link
            self.notify(f"Cannot show what the host said: {protocol.plain(exc)}", severity="error", markup=False)

    def _on_host_message(self, msg: protocol.Message) -> None:
        kind = msg.get("t")
        if kind == "hello":
            self.player = str(msg.get("name", ""))
            self._lobby().show_player(self.player)
        elif kind == "lobby":
            self.tables = list(msg.get("tables", []))
            self._lobby().show_tables(self.tables)
        elif kind == "table":
            self._show_table(msg)
        elif kind in ("key", "undo", "seats"):
            screen = self._table_screen(msg.get("table"))
            if screen is not None and not screen.on_host_message(msg):
                self.link.send({"op": "watch", "table": screen.table_id})  # out of step: the table again
        elif kind in ("refused", "notice"):
            self.notify(protocol.plain(msg.get("text", "")), severity="warning" if kind == "refused" else "information",
                        timeout=6, markup=False)

    def _show_table(self, msg: protocol.Message) -> None:
        import saves

        from .screens.table import TableScreen

        try:
            game = saves.loads_game(msg["save"], "the table", attach=storage.attach_automa)
        except saves.SaveError as exc:
            self.notify(f"Cannot show the table: {protocol.plain(exc)}", severity="error", markup=False)
            return
        screen = self._table_screen(msg["table"])
        if screen is not None:
            screen.replace_game(game, msg.get("you", ()))
            screen.show_seats(msg.get("seats", []))
            return
        self.switch_to(TableScreen(game, msg["table"], msg.get("you", ()), msg.get("seats", []), self.link))

    def _table_screen(self, table_id: object) -> TableScreen | None:
        from .screens.table import TableScreen

        return next((s for s in self.screen_stack if isinstance(s, TableScreen) and s.table_id == table_id), None)

    def _lobby(self) -> LobbyScreen:
        from .screens.lobby import LobbyScreen

        base = self.screen_stack[0] if self.screen_stack else None
        return base if isinstance(base, LobbyScreen) else LobbyScreen()  # (a stand-in before the first frame)

    # ------------------------------------------------------------ requests

    def new_game_screen(self) -> None:
        """The end screen's "new game", a table left: back to the lobby."""
        self.show_lobby()

    def show_lobby(self) -> None:
        """Leave the table shown (the seats stay held) for the lobby."""
        self.link.send({"op": "leave"})
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._lobby().show_tables(self.tables)


def take_terminal() -> None:
    """Make the terminal this app's controlling terminal (the host started it in a session of its own), so
    that the kernel tells it of window size changes (SIGWINCH) and of the link's end (SIGHUP)."""
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass


def run_table_client(fd: int) -> int:
    try:
        os.fstat(fd)
    except OSError:
        print("barrage-tui: --table-fd is for the host's own use", flush=True)
        return 2
    take_terminal()
    app = TableApp(Link(fd), automa_delay=0.0)
    app.run()
    return app.return_code or 0
