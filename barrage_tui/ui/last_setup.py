"""The start screen's memory: the form as it was when the last game was started from it.

Kept beside the saves as a hidden file (the save list skips hidden files). It is a convenience: a file
that is missing, unreadable, too big or not what we wrote is ignored, and the form keeps its defaults.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from saves import SaveStore

FILE_NAME = ".last-setup.toml"
MAX_BYTES = 4096  # the form of four seats is ~0.5 KB

Form = dict[str, Any]  # StartScreen.form_values: field id -> value, as TOML keeps it (read back unchecked)


def path(store: SaveStore | None) -> Path | None:
    folder = getattr(store, "directory", None)
    return Path(folder) / FILE_NAME if folder is not None else None


def read(store: SaveStore | None) -> Form:
    """The remembered form (see ``StartScreen.form_values``), or {}."""
    where = path(store)
    try:
        with where.open("rb") as fh:  # type: ignore[union-attr]
            data = fh.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            return {}
        form = tomllib.loads(data.decode("utf-8"))
    except (AttributeError, OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return form if isinstance(form.get("seat"), list) else {}


def write(store: SaveStore | None, form: Form) -> None:
    """Remember ``form``; a folder that cannot be written only means the next start uses the defaults."""
    import tomli_w

    from saves.atomic import write_atomic

    where = path(store)
    if where is None:
        return
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(where, tomli_w.dumps(form).encode("utf-8"))
    except (OSError, TypeError, ValueError):
        pass
