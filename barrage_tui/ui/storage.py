"""The link to the ``saves`` package: used when it is there, quietly absent when it is not."""

from __future__ import annotations

import importlib
from datetime import datetime
from pathlib import Path


def saves_module():
    try:
        mod = importlib.import_module("saves")
    except ImportError:
        return None
    if not all(hasattr(mod, name) for name in ("SaveStore", "load_game", "SaveError")):
        return None
    return mod


def automa_module():
    """The ``automa`` package when it can play (it has ``attach``), else None."""
    try:
        mod = importlib.import_module("automa")
    except ImportError:
        return None
    return mod if callable(getattr(mod, "attach", None)) else None


def attach_automa(game):
    """Let the Automa decide for the Automa seats of ``game`` (a no-op without Automa seats)."""
    if any(c.kind == "automa" for c in game.state.companies):
        mod = automa_module()
        if mod is not None:
            mod.attach(game)
    return game


def default_dir() -> Path:
    mod = saves_module()
    for name in ("default_save_dir", "default_dir", "DEFAULT_DIR"):
        value = getattr(mod, name, None) if mod else None
        if callable(value):
            return Path(value())
        if value:
            return Path(value)
    from platformdirs import user_data_dir

    return Path(user_data_dir("barrage-tui")) / "saves"


def open_store(save_dir=None):
    """A SaveStore for ``save_dir`` (or the default folder); None if saves are not available."""
    mod = saves_module()
    if mod is None:
        return None
    return mod.SaveStore(Path(save_dir) if save_dir else default_dir())


class LoadFailed(Exception):
    """A save could not be opened; the message is one plain line."""


def load(path):
    mod = saves_module()
    if mod is None:
        raise LoadFailed("saved games are not available in this build")
    try:
        return mod.load_game(Path(path))
    except mod.SaveError as exc:
        raise LoadFailed(_line(exc)) from None
    except OSError as exc:
        raise LoadFailed(f"cannot read {path}: {exc.strerror or exc}") from None
    except Exception as exc:  # noqa: BLE001 - a broken file must never show a traceback
        raise LoadFailed(f"cannot load {path}: {_line(exc)}") from None


def latest(store):
    """The newest save's path, or None."""
    if store is None:
        return None
    try:
        found = store.latest()
    except Exception:  # noqa: BLE001
        return None
    return getattr(found, "path", found)


def latest_info(store):
    """The newest save's SaveInfo, or None."""
    saves = list_saves(store)
    return saves[0] if saves else None


def list_saves(store) -> list:
    if store is None:
        return []
    try:
        return list(store.list())
    except Exception:  # noqa: BLE001
        return []


def describe(info) -> str:
    """One line about a save: name, when, who, round, scores."""
    path = Path(getattr(info, "path", ""))
    modified = getattr(info, "modified", None)
    if isinstance(modified, (int, float)):
        modified = datetime.fromtimestamp(modified)
    when = modified.strftime("%Y-%m-%d %H:%M") if isinstance(modified, datetime) else str(modified or "")
    seats = getattr(info, "seats", ())
    if isinstance(seats, (list, tuple)):
        seats = ", ".join(_seat(s) for s in seats)
    scores = getattr(info, "scores", ())
    if isinstance(scores, (list, tuple)):
        scores = "/".join(str(s) for s in scores)
    state = "finished" if getattr(info, "over", False) else f"round {getattr(info, 'round', '?')}"
    return f"{path.stem} · {when} · {seats} · {state} · VP {scores}"


def _seat(seat) -> str:
    if isinstance(seat, (list, tuple)) and len(seat) == 2:
        name, company = seat
        return f"{name} ({str(company).capitalize() if company != 'usa' else 'USA'})"
    return str(seat)


def _line(exc) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else exc.__class__.__name__
