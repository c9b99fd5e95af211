"""The folder of saves: one autosave slot per game, named saves, and the list the start screen shows.

    store = SaveStore()                 # platformdirs.user_data_dir("barrage-tui")/saves, or SaveStore(dir)
    store.autosave(game)                # after every decision: autosave-<game id>.toml
    store.save_as(game, "before the flood")   # -> .../before the flood.toml
    store.list()                        # [SaveInfo, ...], newest first
    store.listing()                     # SaveListing: .saves as list(), .skipped: files that are not saves
    store.latest()                      # the most recently written save (for --continue), or None
    lock = store.claim(game)            # this process plays the game (GameInUse if another one does)
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
import time
from dataclasses import dataclass
from typing import Any, cast
from pathlib import Path

import platformdirs

from barrage_tui.rules import Game

from . import codec
from .atomic import is_temp_file, remove_stale_temp_files
from .errors import FormatProblem, SaveError, one_line
from .files import forget_opened, game_id, loads_game, opened_from, read_text, save_game
from .lock import GameLock, claim, holder

APP_NAME = "barrage-tui"
AUTOSAVE_PREFIX = "autosave-"
SUFFIX = ".toml"
STATE_TABLE = "\n[state]\n"
CHECKED_CACHE = 256  # files checked by loading, remembered by path and content in this process
CHECK_SECONDS = 0.5  # a listing loads unsealed files for this long at most; the rest are listed unchecked


def default_save_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"

# What a listing reads from a file for its SaveInfo: seats, round, scores, over, phase, game id.
Info = tuple[tuple[tuple[str, str], ...], int, tuple[int, ...], bool, str, str]


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
    error: str = ""  # for a skipped file (listing().skipped, list(include_broken=True)): why, on one line
    checked: bool = True  # False: an unsealed file listed from what it says, not yet checked by loading


# A file name is at most 255 bytes on the usual file systems; a save's name also carries the suffix, the
# autosave prefix, and while it is written the temporary decoration of atomic.write_atomic (~20 bytes).
NAME_BYTES = 200


def safe_name(name: str) -> str:
    """A file name from what the player typed: letters, digits, space, - _ . kept; the rest becomes -.
    It never starts with a dot or a dash (a hidden file, an option) and is cut to NAME_BYTES bytes of
    UTF-8, never inside a character."""
    name = name.strip()
    if name.lower().endswith(SUFFIX):
        name = name[: -len(SUFFIX)]
    name = re.sub(r"[^\w .-]", "-", name, flags=re.UNICODE).lstrip(" .-")
    name = name.encode("utf-8")[:NAME_BYTES].decode("utf-8", "ignore")  # a cut character is dropped whole
    return name.rstrip(" .") or "game"


class SaveStore:
    def __init__(self, directory: str | os.PathLike[str] | None = None):
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

    def claim(self, game: Game) -> GameLock:
        """Lock the game for this process (raises GameInUse when another process plays it): its autosave
        file and the file it was loaded from, whatever folder another process reaches them from; autosave
        only while holding it. See lock.py."""
        self._ensure_folder()
        return claim(game_id(game), self.autosave_path(game), opened_from(game))

    def holder(self, game: Game) -> int | None:
        """The pid of the process playing this game (its autosave, or the file it was loaded from) now, or None."""
        return holder(self.autosave_path(game), opened_from(game))

    def branch(self, game: Game) -> Path:
        """Give ``game`` an autosave slot of its own (a new game id) and return it: an older save of a game,
        played on, then no longer replaces the newer autosave of the game it came from."""
        game.setup.options.pop("id", None)
        game_id(game)
        forget_opened(game)  # the file it came from is the other game's
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
        """The folder's ``*.toml`` entries other than folders, hidden files and writes in progress (a FIFO
        or device so named is listed here, to be reported as skipped, never opened)."""
        try:
            entries = list(self.directory.iterdir())
        except OSError:
            return []
        return [p for p in entries if p.suffix == SUFFIX and not is_temp_file(p) and not p.name.startswith(".")
                and not p.is_dir()]

    def listing(self) -> SaveListing:
        """The saves in the folder, newest first, and the files skipped as not loadable (each with its
        ``error``). A sealed save costs one bounded read; the others are checked by loading them within
        CHECK_SECONDS a listing (see ``read_info``)."""
        found = SaveListing([], [])
        deadline = time.monotonic() + CHECK_SECONDS
        for path in self.files():
            info = read_info(path, deadline)
            (found.skipped if info.error else found.saves).append(info)
        found.saves.sort(key=lambda i: i.modified, reverse=True)
        found.skipped.sort(key=lambda i: i.path.name)
        return found

    def list(self, include_broken: bool = False) -> list[SaveInfo]:
        """The saves in the folder, newest first. Damaged files are left out unless ``include_broken``."""
        found = self.listing()
        if not include_broken:
            return found.saves
        return sorted(found.saves + found.skipped, key=lambda i: i.modified, reverse=True)

    def latest(self) -> Path | None:
        """The most recently written save (what ``barrage-tui --continue`` resumes)."""
        infos = self.list()
        return infos[0].path if infos else None


@dataclass(frozen=True)
class SaveListing:
    saves: list[SaveInfo]  # loadable-looking saves, newest first
    skipped: list[SaveInfo]  # files that are not saves, by name; ``error`` says why (one line, printable)


def read_info(path: Path, deadline: float | None = None) -> SaveInfo:
    """What the listing shows of ``path``: a file as barrage-tui wrote it (its summary's seal holds,
    codec.sealed) by its summary, parsed up to [state]; any other file (edited, hand-written, written before
    the seal) by the game its loading checks and gives, remembered for as long as the file is unchanged; a
    file that does not load is skipped with its reason. Past ``deadline`` (time.monotonic) a file not yet
    checked is listed from its summary or state as it is, with ``checked`` False. Never raises."""
    try:
        modified = datetime.datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        modified = datetime.datetime.fromtimestamp(0)
    autosave = path.name.startswith(AUTOSAVE_PREFIX)
    try:
        text = read_text(path)
        info = _from_head(text) if codec.sealed(text) else None
        checked = (info is not None or deadline is None or time.monotonic() < deadline
                   or _is_checked(text, path))
        if info is None and checked:
            info = _checked_once(text, path)
        elif info is None:  # out of time: what the file says, marked unchecked (a later listing checks it)
            info = _from_summary(codec.parse(text)) or _from_state(text)
    except SaveError as exc:
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave, error=exc.problem)
    except FormatProblem as exc:
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave, error=one_line(exc.problem))
    except RecursionError:
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave, error="nested too deeply")
    except Exception as exc:  # noqa: BLE001 - a listing never fails
        return SaveInfo(path, modified, (), 0, (), False, autosave=autosave,
                        error=one_line(f"{type(exc).__name__}: {exc}"))
    seats, rnd, scores, over, phase, gid = info
    return SaveInfo(path, modified, seats, rnd, scores, over, phase, gid, autosave, checked=checked)


_checked: dict[tuple[Path, bytes], Info | SaveError] = {}  # (path, sha256 of the text) -> what _from_game gave, or the SaveError it raised


def _stamp(text: str, path: Path) -> tuple[Path, bytes]:
    return path, hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def _is_checked(text: str, path: Path) -> bool:
    return _stamp(text, path) in _checked


def _checked_once(text: str, path: Path) -> Info:
    """``_from_game``, remembered while the file holds the same text."""
    stamp = _stamp(text, path)
    found = _checked.get(stamp)
    if found is None:
        try:
            found = _from_game(text, path)
        except SaveError as exc:
            found = exc
        if len(_checked) >= CHECKED_CACHE:
            _checked.clear()
        _checked[stamp] = found
    if isinstance(found, SaveError):
        raise found
    return found


def _from_head(text: str) -> Info | None:
    """The summary from the part of a sealed save before [state], or None when that does not give it."""
    cut = text.find(STATE_TABLE)
    if cut < 0:
        return None
    try:
        doc = codec.parse(text[: cut + 1])
    except FormatProblem:  # e.g. "[state]" inside a multi-line string: the whole file decides
        return None
    codec.check_header(doc)
    return _from_summary(doc)


def _options_id(doc: dict[str, Any]) -> str:
    setup = doc.get("setup")
    options = setup.get("options") if isinstance(setup, dict) else None
    gid = options.get("id") if isinstance(options, dict) else ""
    return gid if isinstance(gid, str) else ""


def _from_summary(doc: dict[str, Any]) -> Info | None:
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
    seats = tuple(zip(cast(list[str], players), cast(list[str], companies)))  # ``ok`` checked the types
    return seats, cast(int, rnd), tuple(cast(list[int], scores)), cast(bool, over), phase, _options_id(doc)


def _from_state(text: str) -> Info:
    """What an unchecked file without a usable summary says: its snapshot, read but not checked."""
    data = codec.loads(text)
    st = data.state
    gid = data.setup.options.get("id", "")
    return (tuple((c.player, c.company) for c in st.companies), st.round, tuple(c.vp for c in st.companies),
            st.phase == "over", st.phase, gid if isinstance(gid, str) else "")


def _from_game(text: str, path: Path) -> Info:
    """No summary to trust: the game as loading checks it (SaveError when it does not load)."""
    game = loads_game(text, os.fspath(path))
    s = codec.summary(game)
    gid = game.setup.options.get("id", "")
    return (tuple(zip(s["players"], s["companies"])), s["round"], tuple(s["scores"]), s["over"], s["phase"],
            gid if isinstance(gid, str) else "")
