"""Atomic file replacement: a crash or kill at any moment leaves the old file or the new one, never a mix.

The bytes go to a temporary file in the same folder (so the rename stays on one file system), are
flushed and fsynced, and the temporary file is then renamed over the target (``os.replace``, atomic on
POSIX and Windows). The folder is fsynced afterwards so the rename itself survives a power cut.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically. Raises OSError; the old file is then untouched."""
    path = Path(path)
    folder = path.parent
    fd, temp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":  # folders cannot be opened for fsync on Windows
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def is_temp_file(path: Path) -> bool:
    """A leftover temporary file of an interrupted write (never a save)."""
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def remove_stale_temp_files(folder: Path, older_than: float = 600.0) -> None:
    """Delete temporary files of interrupted writes older than ``older_than`` seconds (never a save)."""
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return
    now = time.time()
    for path in entries:
        if not is_temp_file(path):
            continue
        try:
            if now - path.stat().st_mtime > older_than:
                path.unlink()
        except OSError:
            pass
