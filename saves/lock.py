"""One game, one owner: a game (its autosave slot) is played by one process at a time.

A process that plays a game holds an exclusive lock on a hidden file beside the saves, named after the
game; the operating system drops the lock when the process ends, however it ends (a ``kill -9`` too), so
a stale lock never blocks a game. Another process asking for the same game is told who holds it and may
watch the autosave instead. (POSIX ``flock``; where the system has none, games are not locked.)
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: no locking
    fcntl = None  # type: ignore[assignment]

LOCK_PREFIX = ".lock-"


class GameInUse(Exception):
    """The game is open in another process (``pid``, when it said so)."""

    def __init__(self, game_id: str, pid: int | None):
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"this game is open in another barrage-tui ({who}): watch it, or wait until it closes")
        self.game_id, self.pid = game_id, pid


class GameLock:
    """Held while this process plays the game; ``release()`` (or the end of the process) lets it go."""

    def __init__(self, path: Path, fd: int | None):
        self.path, self._fd = path, fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file drops the lock
            self._fd = None


def lock_path(folder: Path, game_id: str) -> Path:
    return folder / f"{LOCK_PREFIX}{game_id}"


def claim(folder: Path, game_id: str) -> GameLock:
    """Lock ``game_id`` in ``folder`` for this process, or raise GameInUse."""
    path = lock_path(folder, game_id)
    if fcntl is None:
        return GameLock(path, None)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _pid(fd)
        os.close(fd)
        raise GameInUse(game_id, holder) from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return GameLock(path, fd)


def holder(folder: Path, game_id: str) -> int | None:
    """The pid of the process that plays ``game_id`` now, or None when nobody does (or it cannot be told)."""
    path = lock_path(folder, game_id)
    if fcntl is None or not path.exists():
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _pid(fd) or -1
    finally:
        os.close(fd)  # (a shared lock taken here is dropped with the file)
    return None


def _pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
