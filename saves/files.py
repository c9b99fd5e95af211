"""Saving a game to one TOML file and loading it back.

Loading only reads: a file that fails to load is left exactly as it was. Every failure, whatever its
cause, is a ``SaveError`` whose text names the file and the problem on one line.
"""

from __future__ import annotations

import os
import secrets
import time
import weakref
from pathlib import Path

from barrage_tui.rules import FileRefused, Game, read_regular

from . import codec, replay
from .atomic import write_atomic
from .errors import FormatProblem, SaveError, one_line
from .limits import MAX_BYTES


def game_id(game: Game) -> str:
    """The game's id (its autosave slot), given on first use and kept in ``setup.options["id"]``."""
    options = game.setup.options
    gid = options.get("id")
    if not isinstance(gid, str) or not gid:
        gid = options["id"] = new_game_id()
    return gid


def new_game_id() -> str:
    """A fresh game id: when it was made and a random part (a host gives one to a table before its game starts)."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


def save_game(game: Game, path: str | os.PathLike[str]) -> Path:
    """Write ``game`` to ``path`` atomically (the old file stays whole if anything fails)."""
    path = Path(path)
    game_id(game)
    try:
        replay.check_writable(game)
    except FormatProblem as exc:
        raise SaveError(path, f"is not written: the game reached a position its save would be refused for "
                              f"({exc.problem}); the file is left as it was") from None
    try:
        text = codec.dumps(game)
    except Exception as exc:  # a state the format cannot hold: a bug, reported plainly
        raise SaveError(path, f"cannot be written: the game cannot be encoded ({type(exc).__name__}: {exc})") from None
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise SaveError(path, f"cannot be written: {exc.strerror or exc}") from None
    return path


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, refused when over ``limit``. Anything else (a folder, a FIFO,
    a device) is refused from its stat, without being read, so that nothing can block or flood the reader
    (the rules' ``read_regular``, as for a board file). Raises SaveError."""
    try:
        return read_regular(path, limit, "save file")
    except FileRefused as exc:
        raise SaveError(path, str(exc)) from None


def decode(data: bytes, path: str | os.PathLike[str]) -> str:
    """The text of a save's bytes (a leading byte-order mark is dropped). Raises SaveError."""
    if not data:
        raise SaveError(path, "is empty (not a barrage-tui save)")
    if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark left by some editors
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not a text file (not UTF-8 at byte {exc.start}); not a barrage-tui save") from None


def read_text(path: str | os.PathLike[str]) -> str:
    return decode(read_bytes(path), path)


def loads_game(text: str, name: str = "<text>", attach: replay.Attach | None = None) -> Game:
    """A game from the text of a save; ``name`` stands for the file in messages; ``attach``: the Automa's
    hook, with which its recorded steps are checked against what it decides (replay.build)."""
    try:
        return replay.build(codec.loads(text), attach)
    except FormatProblem as exc:
        raise SaveError(name, exc.problem) from None
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(name, "cannot be loaded: the data is nested too deeply") from None
    except Exception as exc:  # never a traceback: anything unforeseen is still one plain line
        raise SaveError(name, f"cannot be loaded ({type(exc).__name__}: {one_line(exc, 200)})") from None


def load_game(path: str | os.PathLike[str], attach: replay.Attach | None = None) -> Game:
    """The game saved in ``path``, checked and ready to play on. Raises SaveError; never writes."""
    game = loads_game(read_text(path), os.fspath(path), attach)
    _opened[game] = Path(path)
    return game


_opened: "weakref.WeakKeyDictionary[Game, Path]" = weakref.WeakKeyDictionary()


def opened_from(game: Game) -> Path | None:
    """The file ``game`` was loaded from (its lock is held with the autosave's while it is played), or None."""
    return _opened.get(game)


def forget_opened(game: Game) -> None:
    """``game`` no longer plays on the file it was loaded from (it has an autosave slot of its own)."""
    _opened.pop(game, None)
