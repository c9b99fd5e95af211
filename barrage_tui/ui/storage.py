"""The app's link to saved games (the ``saves`` package) and to the Automa.

Both are imported on first use, not at start-up, so that the start screen paints as fast as a bare
Textual app (see tests/bench_ui.py); ``preload`` imports them in the background meanwhile.
"""

from __future__ import annotations

from pathlib import Path


def preload() -> None:
    import automa  # noqa: F401
    import saves  # noqa: F401


def attach_automa(game):
    """Let the Automa decide for the Automa seats of ``game`` (a no-op without Automa seats)."""
    if any(c.kind == "automa" for c in game.state.companies):
        import automa

        automa.attach(game)
    return game


def open_store(save_dir=None):
    """The SaveStore of ``save_dir`` (default: the user's data folder)."""
    import saves

    return saves.SaveStore(Path(save_dir) if save_dir else None)


class LoadFailed(Exception):
    """A save could not be opened; the message is one plain line."""


def load(path):
    import saves

    try:
        return saves.load_game(Path(path), attach=attach_automa)
    except saves.SaveError as exc:
        raise LoadFailed(_line(exc)) from None
    except OSError as exc:
        raise LoadFailed(f"cannot read {path}: {exc.strerror or exc}") from None


def latest(store):
    """The newest save's path, or None (also when the folder cannot be read)."""
    try:
        return store.latest() if store is not None else None
    except OSError:
        return None


def latest_info(store):
    """The newest save's SaveInfo, or None."""
    saves = list_saves(store)
    return saves[0] if saves else None


def list_saves(store) -> list:
    try:
        return store.list() if store is not None else []
    except OSError:
        return []


def describe(info) -> str:
    """One line about a save: name, when, who, round, scores."""
    from barrage_tui.rules.components import components

    names = components().companies
    seats = ", ".join(f"{name} ({names[company].name})" for name, company in info.seats)
    state = "finished" if info.over else f"round {info.round}"
    scores = "/".join(str(s) for s in info.scores)
    return f"{info.path.stem} · {info.modified:%Y-%m-%d %H:%M} · {seats} · {state} · VP {scores}"


def _line(exc) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else exc.__class__.__name__


class InUse(Exception):
    """The game is played by another barrage-tui (``pid`` when known); the message is one plain line."""

    def __init__(self, message: str, pid: int | None) -> None:
        super().__init__(message)
        self.pid = pid


def claim(store, game):
    """Lock ``game`` for this app (saves/lock.py), or raise InUse. None when there is no save folder; a
    folder that cannot hold the lock plays on unlocked, as its autosave would fail and say so anyway."""
    import saves

    if store is None:
        return None
    try:
        return store.claim(game)
    except saves.GameInUse as exc:
        raise InUse(_line(exc), exc.pid) from None
    except (saves.SaveError, OSError):
        return None


def autosave_path(store, game):
    return store.autosave_path(game) if store is not None else None
