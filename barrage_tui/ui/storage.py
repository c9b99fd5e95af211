"""The app's link to saved games (the ``saves`` package) and to the Automa.

Both are imported on first use, not at start-up, so that the start screen paints as fast as a bare
Textual app (see tests/bench_ui.py); ``preload`` imports them in the background meanwhile.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from barrage_tui.rules import Game
    from saves import GameLock, SaveInfo, SaveStore

PathArg = str | os.PathLike[str]  # a path as the command line or a dialog gives it


def preload() -> None:
    import automa  # noqa: F401
    import saves  # noqa: F401


def attach_automa(game: Game) -> Game:
    """Let the Automa decide for the Automa seats of ``game`` (a no-op without Automa seats)."""
    from barrage_tui.rules import table_view

    if any(c.automa for c in table_view(game).companies):
        import automa

        automa.attach(game)
    return game


def save_folder_problem(save_dir: PathArg | None) -> str:
    """Why ``--save-dir`` cannot hold saves (it names a file, or a file stands in its path), or ''."""
    if not save_dir:
        return ""
    path = Path(save_dir).expanduser()
    for part in (path, *path.parents):
        if part.exists():
            if not part.is_dir():
                what = "is a file, not a folder" if part == path else f"cannot be a folder: {part} is a file"
                return f"--save-dir {path} {what}; name a folder (it is made if need be)"
            return ""
    return ""


def open_store(save_dir: PathArg | None = None) -> SaveStore:
    """The SaveStore of ``save_dir`` (default: the user's data folder)."""
    import saves

    return saves.SaveStore(Path(save_dir) if save_dir else None)


def board_warning(game: Game) -> str:
    """What to tell about a loaded game's board ("" when nothing): its file changed since the save."""
    import saves

    return saves.board_warning(game)


class LoadFailed(Exception):
    """A save could not be opened; the message is one plain line."""


def load(path: PathArg) -> Game:
    import saves

    try:
        return saves.load_game(Path(path), attach=attach_automa)
    except saves.SaveError as exc:
        raise LoadFailed(_line(exc)) from None
    except OSError as exc:
        raise LoadFailed(f"cannot read {path}: {exc.strerror or exc}") from None


class SaveFailed(Exception):
    """A save could not be written; the message is one plain line."""


def save_to(game: Game, path: PathArg) -> None:
    """Write ``game`` to ``path`` (atomic). Raises saves.SaveError."""
    import saves

    saves.save_game(game, Path(path))


def save_as(store: SaveStore, game: Game, text: str) -> Path:
    """Write ``game`` where the player asked (the ``s`` dialog) and return the file. Raises SaveFailed.

    A name goes into the save folder; text with a / (or starting with ~) is a path: a folder (existing,
    or written with a final /) gets the game's own autosave file name in it, so that ``--save-dir`` there
    continues it; any other path is the file (.toml added)."""
    import saves

    try:
        if not is_path(text):
            return store.save_as(game, text)  # (the store makes its folder if need be)
        return saves.save_game(game, save_target(store, game, text))
    except saves.SaveError as exc:
        raise SaveFailed(_line(exc)) from None
    except OSError as exc:  # e.g. a path the system refuses to look at
        raise SaveFailed(f"cannot save to {text}: {exc.strerror or exc}") from None


def is_path(text: str) -> bool:
    """What the player typed in the ``s`` dialog names a file or folder (else a save name)."""
    text = text.strip()
    return "/" in text or os.sep in text or text.startswith("~")


def save_target(store: SaveStore, game: Game, text: str) -> Path:
    """The file ``save_as`` writes for what the player typed (to ask before replacing one)."""
    text = text.strip()
    if not is_path(text):
        return store.path_for(text)
    path = Path(text).expanduser()
    if text.endswith(("/", os.sep)) or path.is_dir():
        return path / store.autosave_path(game).name
    return path if path.suffix == ".toml" else path.with_name(path.name + ".toml")


def newer_autosave(store: SaveStore | None, game: Game, path: PathArg | None) -> tuple[Path, Game] | None:
    """The game's own autosave when the save ``path`` is older (fewer decisions, or written before it) and
    differs from it: ``(autosave path, its game)``; None when there is none or it cannot be read.
    Playing the older save on would otherwise replace that autosave at the first decision."""
    if store is None or path is None:
        return None
    auto = store.autosave_path(game)
    try:
        if not auto.is_file() or auto.samefile(path):
            return None
        newer = load(auto)
        older = len(game.log) < len(newer.log) or Path(path).stat().st_mtime < auto.stat().st_mtime
    except (OSError, LoadFailed):
        return None
    return (auto, newer) if older and newer.log != game.log else None


def progress(game: Game, path: PathArg) -> str:
    """How far a saved game is, and when its file was written: 'round 2, 31 decisions, saved 2026-12-01 15:04'."""
    import datetime

    try:
        when = datetime.datetime.fromtimestamp(Path(path).stat().st_mtime).strftime(", saved %Y-%m-%d %H:%M")
    except OSError:
        when = ""
    from barrage_tui.rules import table_view

    state = "finished" if game.over else f"round {table_view(game).round}"
    return f"{state}, {len(game.log)} decisions{when}"


def latest(store: SaveStore | None) -> Path | None:
    """The newest save's path; when no file of the folder loads, the newest of those skipped (opening it
    says why it does not load); None when there is none (also when the folder cannot be read)."""
    found, skipped = listing(store)
    if found:
        return found[0].path
    newest = max(skipped, key=lambda info: info.modified, default=None)
    return newest.path if newest is not None else None


def latest_info(store: SaveStore | None) -> SaveInfo | None:
    """The newest save's SaveInfo, or None."""
    saves = list_saves(store)
    return saves[0] if saves else None


def list_saves(store: SaveStore | None) -> list[SaveInfo]:
    return listing(store)[0]


def listing(store: SaveStore | None) -> tuple[list[SaveInfo], list[SaveInfo]]:
    """(the saves, newest first; the files skipped as not loadable, each SaveInfo with its ``error``)."""
    try:
        found = store.listing() if store is not None else None
    except OSError:
        found = None
    return (found.saves, found.skipped) if found is not None else ([], [])


def skipped_line(skipped: Sequence[SaveInfo]) -> str:
    """One line naming the files of the save folder that are not saves (each is said on the load list)."""
    if not skipped:
        return ""
    names = ", ".join(info.path.name for info in skipped[:3]) + (", ..." if len(skipped) > 3 else "")
    return f"Skipped {len(skipped)} file(s) that are not saves: {names}"


def describe(info: SaveInfo) -> str:
    """One line about a save: name, when, who, round, scores."""
    from barrage_tui.rules import facts

    names = facts().companies
    # a hand-edited summary may name any company: an unknown one is shown as it is
    seats = ", ".join(f"{name} ({names[c].name if c in names else c})" for name, c in info.seats)
    state = "finished" if info.over else f"round {info.round}"
    scores = "/".join(str(s) for s in info.scores)
    unchecked = "" if info.checked else " · not checked yet (edited or older file)"
    return f"{info.path.stem} · {info.modified:%Y-%m-%d %H:%M} · {seats} · {state} · VP {scores}{unchecked}"


def _line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else exc.__class__.__name__


class InUse(Exception):
    """The game is played by another barrage-tui (``pid`` when known), which writes ``path`` (the file to
    watch, when known); the message is one plain line."""

    def __init__(self, message: str, pid: int | None, path: Path | None = None) -> None:
        super().__init__(message)
        self.pid, self.path = pid, path


def claim(store: SaveStore | None, game: Game) -> GameLock | None:
    """Lock ``game`` for this app (saves/lock.py), or raise InUse. None when there is no save folder; a
    folder that cannot hold the lock plays on unlocked, as its autosave would fail and say so anyway."""
    import saves

    if store is None:
        return None
    try:
        return store.claim(game)
    except saves.GameInUse as exc:
        raise InUse(_line(exc), exc.pid, exc.path) from None
    except (saves.SaveError, OSError):
        return None


def autosave_path(store: SaveStore | None, game: Game) -> Path | None:
    return store.autosave_path(game) if store is not None else None
