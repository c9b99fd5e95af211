"""Saving a game to one TOML file and loading it back.

Loading only reads: a file that fails to load is left exactly as it was. Every failure, whatever its
cause, is a ``SaveError`` whose text names the file and the problem on one line.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

from barrage_tui.rules.game import Game

from . import codec, replay
from .atomic import write_atomic
from .errors import FormatProblem, SaveError, one_line

MAX_BYTES = 16 * 1024 * 1024  # far above any real save (a finished 4-player game is ~40 KB)


def game_id(game: Game) -> str:
    """The game's id (its autosave slot), given on first use and kept in ``setup.options["id"]``."""
    options = game.setup.options
    gid = options.get("id")
    if not isinstance(gid, str) or not gid:
        gid = time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)
        options["id"] = gid
    return gid


def save_game(game: Game, path: str | os.PathLike) -> Path:
    """Write ``game`` to ``path`` atomically (the old file stays whole if anything fails)."""
    path = Path(path)
    game_id(game)
    try:
        text = codec.dumps(game)
    except Exception as exc:  # a state the format cannot hold: a bug, reported plainly
        raise SaveError(path, f"cannot be written: the game cannot be encoded ({type(exc).__name__}: {exc})") from None
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise SaveError(path, f"cannot be written: {exc.strerror or exc}") from None
    return path


def read_text(path: str | os.PathLike) -> str:
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise SaveError(path, f"is too large to be a save (over {MAX_BYTES // (1024 * 1024)} MB)")
    if not data:
        raise SaveError(path, "is empty (not a barrage-tui save)")
    if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark left by some editors
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not a text file (not UTF-8 at byte {exc.start}); not a barrage-tui save") from None


def loads_game(text: str, name: str = "<text>") -> Game:
    """A game from the text of a save; ``name`` stands for the file in messages."""
    try:
        return replay.build(codec.loads(text))
    except FormatProblem as exc:
        raise SaveError(name, exc.problem) from None
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(name, "cannot be loaded: the data is nested too deeply") from None
    except Exception as exc:  # never a traceback: anything unforeseen is still one plain line
        raise SaveError(name, f"cannot be loaded ({type(exc).__name__}: {one_line(exc, 200)})") from None


def load_game(path: str | os.PathLike) -> Game:
    """The game saved in ``path``, checked and ready to play on. Raises SaveError; never writes."""
    return loads_game(read_text(path), os.fspath(path))
