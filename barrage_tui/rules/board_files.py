"""Which board a game is played on: ``Setup.options["board"]`` names it, ``board_of`` loads it.

The option holds a board's id (a file shipped in ``rules/data/boards``, e.g. "base") or the path of a board
file; a game without the option is played on the base board (every game saved before boards were data).
Each game keeps its own board (``Game.board``): the host runs several tables, on different boards, in one
process, so nothing here is a "current" board.
"""

from __future__ import annotations

import os

from .boards import MAX_BYTES, Board, BoardProblem, parse_bytes, sha256
from .components import BASE_BOARD, builtin_board_bytes, builtin_boards, components
from .engine.file_limits import FileRefused, read_regular

BOARD_OPTION = "board"  # Setup.options key: the board's id or file path ("base" when left out)

_cache: dict[tuple[str, str], Board] = {}  # (ref, sha256) -> the board: a changed file is read anew
_CACHE_MAX = 64


def board_ref(options: object) -> str:
    """The board an options table names ("base" when it names none)."""
    ref = options.get(BOARD_OPTION, BASE_BOARD) if isinstance(options, dict) else BASE_BOARD
    return ref if isinstance(ref, str) and ref else BASE_BOARD


def is_builtin(ref: str) -> bool:
    return ref in builtin_boards()


def read_bytes(ref: str) -> bytes:
    """A board file's bytes, by id or path (``BoardProblem`` when there is no such board or file). Only a
    regular file of at most the board's size is read: a FIFO, a device or a folder is refused from its stat
    (``board check``, ``sim --board``, the app's ``--board`` and a save naming a board all read through here)."""
    if is_builtin(ref):
        return builtin_board_bytes(ref)
    if not _looks_like_a_file(ref):
        raise BoardProblem("", f"no board {ref!r} (the boards: {', '.join(builtin_boards())}; or a .toml file's path)")
    try:
        return read_regular(ref, MAX_BYTES, "board file")
    except FileRefused as exc:
        raise BoardProblem("", str(exc)) from None


def load(ref: str) -> Board:
    """The board ``ref`` names, checked (``BoardProblem``); a file is read each time, parsed once per content."""
    if ref == BASE_BOARD:
        return components().map
    data = read_bytes(ref)
    key = (ref, sha256(data))
    if key not in _cache:
        board = parse_bytes(data, components().headstreams, components().seats)
        if len(_cache) >= _CACHE_MAX:
            _cache.clear()
        _cache[key] = board
    return _cache[key]


def board_of(options: object) -> Board:
    """The board of a game with these setup options."""
    return load(board_ref(options))


def file_ref(path: str) -> str:
    """What ``--board`` stores for an argument: a shipped board's id as it is, a file's absolute path (a save
    is found again from another working folder)."""
    if is_builtin(path) or not _looks_like_a_file(path):
        return path  # an id (a wrong one is refused with the list of boards)
    return os.path.realpath(os.path.expanduser(path))  # never raises: a symlink loop is refused on reading


def _looks_like_a_file(ref: str) -> bool:
    return ref.endswith(".toml") or "/" in ref or "\\" in ref
