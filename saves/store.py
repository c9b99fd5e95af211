"""The folder of saves: one autosave slot per game, named saves, and the list the start screen shows.

    store = SaveStore()                 # platformdirs.user_data_dir("barrage-tui")/saves, or SaveStore(dir)
    store.autosave(game)                # after every decision: autosave-<game id>.toml
    store.save_as(game, "before the flood")   # -> .../before the flood.toml
    store.list()                        # [SaveInfo, ...], newest first
    store.latest()                      # the most recently written save (for --continue), or None
"""

from __future__ import annotations

import datetime
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from barrage_tui.rules.game import Game

from . import codec
from .atomic import is_temp_file, remove_stale_temp_files
from .errors import FormatProblem, SaveError
from .files import game_id, read_text, save_game

APP_NAME = "barrage-tui"
AUTOSAVE_PREFIX = "autosave-"
SUFFIX = ".toml"


def default_save_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


@dataclass(frozen=True)
class SaveInfo:
    """One save file as the start screen lists it (read without replaying the game)."""

    path: Path
    modified: datetime.datetime  # when the file was last written (local time)
    seats: tuple[tuple[str, str], ...]  # (player name, company id) in seat order
    round: int
    scores: tuple[int, ...]  # VP in seat order
    over: bool
    phase: str = ""
    game_id: str = ""
    autosave: bool = False
    error: str = ""  # only for list(include_broken=True): why the file cannot be loaded


def safe_name(name: str) -> str:
    """A file name from what the player typed: letters, digits, space, - _ . kept; the rest becomes -."""
    name = name.strip()
    if name.lower().endswith(SUFFIX):
        name = name[: -len(SUFFIX)]
    name = re.sub(r"[^\w .-]", "-", name, flags=re.UNICODE).strip(" .")
    return name[:80] or "game"


class SaveStore:
    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = Path(directory).expanduser() if directory is not None else default_save_dir()
        self._ready = False

    # ------------------------------------------------------------------ writing

    def _ensure_folder(self) -> None:
        if self._ready and self.directory.is_dir():
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(self.directory, f"cannot create the save folder: {exc.strerror or exc}") from None
        remove_stale_temp_files(self.directory)  # left by a write that was killed before its rename
        self._ready = True

    def autosave_path(self, game: Game) -> Path:
        return self.directory / f"{AUTOSAVE_PREFIX}{safe_name(game_id(game))}{SUFFIX}"

    def autosave(self, game: Game) -> Path:
        """Write the game to its own autosave slot (atomic; call after every decision)."""
        self._ensure_folder()
        return save_game(game, self.autosave_path(game))

    def branch(self, game: Game) -> Path:
        """Give ``game`` an autosave slot of its own (a new game id) and return it: an older save of a game,
        played on, then no longer replaces the newer autosave of the game it came from."""
        game.setup.options.pop("id", None)
        game_id(game)
        return self.autosave_path(game)

    def path_for(self, name: str) -> Path:
        """Where ``save_as(game, name)`` writes (to ask before overwriting)."""
        return self.directory / f"{safe_name(name)}{SUFFIX}"

    def save_as(self, game: Game, name: str) -> Path:
        """Write the game to a named file in the folder (replacing one of the same name)."""
        self._ensure_folder()
        return save_game(game, self.path_for(name))

    # ------------------------------------------------------------------ reading

    def files(self) -> list[Path]:
        try:
            entries = list(self.directory.iterdir())
        except OSError:
            return []
        return [p for p in entries if p.suffix == SUFFIX and not is_temp_file(p) and not p.name.startswith(".")
                and p.is_file()]

    def list(self, include_broken: bool = False) -> list[SaveInfo]:
        """The saves in the folder, newest first. Damaged files are left out unless ``include_broken``."""
        infos = []
        for path in self.files():
            info = read_info(path)
            if info.error and not include_broken:
                continue
            infos.append(info)
        infos.sort(key=lambda i: i.modified, reverse=True)
        return infos

    def latest(self) -> Path | None:
        """The most recently written save (what ``barrage-tui --continue`` resumes)."""
        infos = self.list()
        return infos[0].path if infos else None


def read_info(path: Path) -> SaveInfo:
    try:
        modified = datetime.datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        modified = datetime.datetime.fromtimestamp(0)
    autosave = path.name.startswith(AUTOSAVE_PREFIX)
    try:
        text = read_text(path)
        doc = _head(text)
        info = _from_summary(doc) or _from_state(text)
    except SaveError as exc:
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave, error=exc.problem)
    except FormatProblem as exc:
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave, error=exc.problem)
    except Exception as exc:  # noqa: BLE001 - a listing never fails
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave, error=f"{type(exc).__name__}: {exc}")
    seats, rnd, scores, over, phase, gid = info
    return SaveInfo(path, modified, seats, rnd, scores, over, phase, gid, autosave)


def _head(text: str) -> dict:
    """The header, summary and setup: the part of the file before [state] (fast), else the whole file."""
    cut = text.find("\n[state]\n")
    if cut >= 0:
        try:
            doc = tomllib.loads(text[: cut + 1])
            codec.check_header(doc)
            return doc
        except tomllib.TOMLDecodeError:
            pass
    doc = codec.parse(text)
    codec.check_header(doc)
    return doc


def _options_id(doc: dict) -> str:
    setup = doc.get("setup")
    options = setup.get("options") if isinstance(setup, dict) else None
    gid = options.get("id") if isinstance(options, dict) else ""
    return gid if isinstance(gid, str) else ""


def _from_summary(doc: dict):
    s = doc.get("summary")
    if not isinstance(s, dict):
        return None
    players, companies, scores = s.get("players"), s.get("companies"), s.get("scores")
    rnd, over, phase = s.get("round"), s.get("over"), s.get("phase", "")
    ok = (isinstance(players, list) and isinstance(companies, list) and isinstance(scores, list)
          and len(players) == len(companies) == len(scores)
          and all(isinstance(x, str) for x in players + companies)
          and all(type(x) is int for x in scores)
          and type(rnd) is int and type(over) is bool and isinstance(phase, str))
    if not ok:
        return None
    return tuple(zip(players, companies)), rnd, tuple(scores), over, phase, _options_id(doc)


def _from_state(text: str):
    """No usable summary (a hand-written file): read the snapshot, without replaying."""
    data = codec.loads(text)
    st = data.state
    seats = tuple((c.player, c.company) for c in st.companies)
    gid = data.setup.options.get("id", "")
    return (seats, st.round, tuple(c.vp for c in st.companies), st.phase == "over", st.phase,
            gid if isinstance(gid, str) else "")
