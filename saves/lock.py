"""One game, one owner: a game's files are played by one process at a time, whatever its save folder.

A process that plays a game holds an exclusive lock on a hidden file beside each file it plays: its
autosave, and the save it was opened from (``--load``, ``--continue``). The lock follows the file, not the
folder: it is named after the file's real path (symlinks resolved), so two processes that reach one file
through different save folders, or a link, see each other. The lock file says which process holds it and
which file that process writes (the file to watch). The operating system drops the lock when the process
ends, however it ends (a ``kill -9`` too), so a stale lock never blocks a game. (POSIX ``flock``; where the
system has none, games are not locked.)
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: no locking
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"  # .<file name>.lock: hidden, and no save (*.toml) by its name


class GameInUse(Exception):
    """The game is open in another process (``pid``, when it said so), which writes ``path`` (when known)."""

    def __init__(self, game_id: str, pid: int | None, path: Path | None = None):
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"this game is open in another barrage-tui ({who}): watch it, or wait until it closes")
        self.game_id, self.pid, self.path = game_id, pid, path


class GameLock:
    """Held while this process plays the game; ``release()`` (or the end of the process) lets it go."""

    def __init__(self, path: Path, fds: list[int]):
        self.path, self._fds = path, fds  # path: the first lock file (the autosave's)

    @property
    def held(self) -> bool:
        return bool(self._fds)

    def release(self) -> None:
        for fd in self._fds:
            os.close(fd)  # closing the file drops the lock
        self._fds = []


def lock_path(file: str | os.PathLike[str]) -> Path:
    """The lock file of the save ``file``: beside its real path, named after it."""
    real = Path(os.path.realpath(file))
    return real.parent / f".{real.name}{LOCK_SUFFIX}"


def claim(game_id: str, writes: Path, *also: Path | None) -> GameLock:
    """Lock the file ``writes`` (the game's autosave) and the files ``also`` (the save it was opened from)
    for this process, or raise GameInUse (nothing is then held). A lock that cannot be made beside a file
    ``also`` (a read-only folder) is left out; one beside ``writes`` raises OSError."""
    paths = list(dict.fromkeys(lock_path(p) for p in (writes, *also) if p is not None))
    if fcntl is None:
        return GameLock(paths[0], [])
    note = f"{os.getpid()}\n{os.path.realpath(writes)}\n".encode("utf-8", "surrogateescape")
    fds: list[int] = []
    try:
        for i, path in enumerate(paths):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                if i == 0:
                    raise
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid, written = _note(fd)
                os.close(fd)
                raise GameInUse(game_id, pid, written) from None
            except BaseException:
                os.close(fd)
                raise
            fds.append(fd)
            os.ftruncate(fd, 0)
            os.write(fd, note)
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise
    return GameLock(paths[0], fds)


def holder(*files: Path | None) -> int | None:
    """The pid of the process that plays one of ``files`` now, or None when nobody does (or it cannot be
    told: -1 when one does but did not say who)."""
    if fcntl is None:
        return None
    for file in files:
        if file is None:
            continue
        try:
            fd = os.open(lock_path(file), os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _note(fd)[0] or -1
        finally:
            os.close(fd)  # (a shared lock taken here is dropped with the file)
    return None


def _note(fd: int) -> tuple[int | None, Path | None]:
    """What a lock file says: the holder's pid and the file it writes (each None when it cannot be told)."""
    try:
        text = os.pread(fd, 4096, 0).decode("utf-8", "surrogateescape")
    except OSError:
        return None, None
    pid, _, rest = text.partition("\n")
    written = rest.rstrip("\n")
    return (int(pid) if pid.strip().isdigit() else None), (Path(written) if written else None)
