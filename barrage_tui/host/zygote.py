"""The players' apps, forked from one process that has imported the app already (a fork server).

A fresh Python process per player costs its start (~1 s of imports and data) and its own copy of every
module (~30-55 MB). The host starts this process once (``python -P -m barrage_tui.host.zygote FD``, from
``/``, as terminal.py starts an app); it imports the app and the rules' data, then waits. For each player the
host sends, over its socket, the terminal's type and two open files: the pseudo-terminal's player end and
the app's end of the tables socket. The server forks: the child takes the terminal as its own (a session
of its own, fds 0-2, controlling terminal) and runs the table client; it shares the imported modules with
the server page for page until it writes to them (``gc.freeze`` keeps the collector from touching them).

The server runs no thread and no event loop (neither survives a fork); it reaps its children and tells the
host each one's end. Its messages to the host, one JSON object a line: ``{"pid": N}`` when an app started
(in the order asked), ``{"ended": N, "status": S}`` when one ended.
"""

from __future__ import annotations

import gc
import json
import os
import selectors
import signal
import socket
import sys
from typing import Any

MAX_ASK = 4096


def warm() -> None:
    """Import what every app needs, and load the data the rules and Rich read, before any fork (what a
    child imports or loads itself is its own, not shared)."""
    import concurrent.futures.thread  # noqa: F401 - (Textual's workers)
    import queue  # noqa: F401
    import tty  # noqa: F401

    import rich._emoji_codes  # noqa: F401
    import textual._xterm_parser  # noqa: F401
    import textual.drivers._writer_thread  # noqa: F401
    import textual.drivers.linux_driver  # noqa: F401
    import textual.layouts.factory  # noqa: F401
    import textual.scrollbar  # noqa: F401
    from rich._unicode_data import load as cell_table

    import automa  # noqa: F401
    import saves  # noqa: F401
    from barrage_tui.rules import builtin_boards, facts, known_modules, levels
    from barrage_tui.ui import table_app  # noqa: F401
    from barrage_tui.ui.screens import dialogs, help, lobby, new_table, table  # noqa: F401

    cell_table("auto")
    facts(), levels(), known_modules(), builtin_boards()


def child(ask: dict[str, Any], terminal: int, table_fd: int,
          servers: list[socket.socket | selectors.BaseSelector | int]) -> None:
    """In the forked child: the terminal made this process's own, then the table client. Never returns."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        for thing in servers:  # the server's own files: its socket to the host, its wakeup pipe, its selector
            thing.close() if hasattr(thing, "close") else os.close(thing)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # (as in any Python; the server ignores it)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        os.close(terminal)
        # (typeshed makes sys.__stdin__ etc. Final; the child replaces them on purpose, for its new terminal)
        sys.stdin = sys.__stdin__ = open(0, "r", encoding="utf-8", closefd=False)  # type: ignore[misc]
        sys.stdout = sys.__stdout__ = open(1, "w", buffering=1, encoding="utf-8", closefd=False)  # type: ignore[misc]
        sys.stderr = sys.__stderr__ = open(2, "w", buffering=1, encoding="utf-8",  # type: ignore[misc]
                                           errors="backslashreplace", closefd=False)
        os.environ["TERM"] = str(ask.get("term", "xterm-256color"))
        gc.enable()  # (for the app's own objects: the server's stay frozen)
        from barrage_tui.ui.table_app import run_table_client

        code = run_table_client(table_fd)
    except BaseException:  # noqa: BLE001 - a child must never return into the server's loop
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def serve(control: socket.socket) -> int:
    # No collection in the server: one would free objects among the shared ones, and each child would
    # fill those holes (writing, so copying, the pages around them); what is frozen stays put for good.
    gc.disable()
    warm()
    gc.freeze()
    read_wakeup, write_wakeup = os.pipe()
    os.set_blocking(write_wakeup, False)
    signal.set_wakeup_fd(write_wakeup)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # (the wakeup pipe says a child ended)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C at the host's console: the host ends us
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ)
    selector.register(read_wakeup, selectors.EVENT_READ)

    def tell(message: dict[str, int]) -> None:
        control.sendall(json.dumps(message).encode() + b"\n")

    while True:
        for key, _ in selector.select():
            if key.fileobj is read_wakeup:
                os.read(read_wakeup, 512)
                while True:
                    try:
                        pid, status = os.waitpid(-1, os.WNOHANG)
                    except ChildProcessError:
                        break
                    if pid == 0:
                        break
                    tell({"ended": pid, "status": os.waitstatus_to_exitcode(status)})
                continue
            try:
                data, fds, _flags, _addr = socket.recv_fds(control, MAX_ASK, 2)
            except OSError:
                return 0
            if not data:
                return 0  # the host is gone
            if len(fds) != 2:
                for fd in fds:
                    os.close(fd)
                continue
            try:
                ask = json.loads(data)
            except ValueError:
                ask = {}
            pid = os.fork()
            if pid == 0:
                child(ask if isinstance(ask, dict) else {}, fds[0], fds[1],
                      [control, selector, read_wakeup, write_wakeup])
            for fd in fds:
                os.close(fd)
            tell({"pid": pid})


def main() -> int:
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        print("barrage_tui.host.zygote is for the host's own use", file=sys.stderr)
        return 2
    return serve(socket.socket(fileno=int(sys.argv[1])))


if __name__ == "__main__":
    sys.exit(main())
