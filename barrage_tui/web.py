"""``barrage-tui serve``: the app in a web browser (textual-serve runs one app per browser tab).

Each tab gets the normal app (hotseat or solo, with this machine's saves and the same one-game-one-owner
lock: a game open in another tab or terminal can be watched, not played twice). The web page has no
login, so it listens on this machine only unless told otherwise; the host's SSH tables are not offered here
(see README: Play together).
"""

from __future__ import annotations

import shlex
import sys


def command(save_dir: str | None) -> str:
    """The shell command textual-serve runs for each tab."""
    words = [sys.executable, "-m", "barrage_tui"] + (["--save-dir", save_dir] if save_dir else [])
    return " ".join(shlex.quote(w) for w in words)


def serve(bind: str, port: int, save_dir: str | None = None) -> int:
    from textual_serve.server import Server

    if bind not in ("127.0.0.1", "localhost", "::1"):
        print(f"barrage-tui serve: the page has no login: anyone who reaches {bind}:{port} plays with your saves",
              flush=True)
    Server(command(save_dir), host=bind, port=port, title="Barrage").serve()
    return 0
