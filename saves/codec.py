"""A game as a TOML document and back (the format is described in docs/save-format.md).

    text = dumps(game)          # the whole save file as text
    data = loads(text)          # SaveData: setup, snapshot, origin, tail, history (schema-checked)

``loads`` checks the header (format and version) first, then every field's type against the rules'
dataclasses; problems are raised as ``FormatProblem`` with the path of the field. It does not run the
game: ``replay.build`` does that and checks that snapshot and log agree.
"""

from __future__ import annotations

import datetime
import hashlib
import re
import tomllib
import weakref
from dataclasses import asdict, dataclass, replace
from typing import Any

import tomli_w

from barrage_tui.rules import (
    BoardProblem, CompanyState, DRAFT_OPTION, DamState, Game, GameState, OFFICERS, STRUCTURES, SeatSetup, Segment,
    Setup, board_ref, facts, key_path, load_board, new_state, registered_modules,
)

from .errors import FormatProblem, one_line
from .limits import prescan

from .schema import Reader, wrong_type

FORMAT = "barrage-tui"
VERSION = 4  # the format version this code writes and the newest it reads
# Version 2 brought the setup draft (rules/setup.py): a version 1 game was dealt its company + chief
# engineer pairs, so it is read with the draft off and replays exactly as it was played.
# Version 3 records the board's content hash (``board_sha256``); a file without one is not checked.
# Version 4 keeps each module's state in its own table, ``[state.modules.<id>]``; a version 3 file's flat
# module fields are moved there on reading (``migrate_module_fields``, each module's ``old_fields``).
BEFORE_THE_DRAFT = 1
BEFORE_MODULE_STATES = 3
HEADER = "# A saved game of barrage-tui. The format is described in docs/save-format.md.\n"
TOP_LEVEL = ("format", "version", "saved", "choices", "summary", "board_sha256", "setup", "state", "origin", "log")

# The fields a file must hold; any other field may be left out (a hand-written position) and then takes
# its dataclass default, or the value derived from the rest (see ``derive``). Fields the rules core adds
# later are thus optional, and files written before them still load.
REQUIRED = {
    Setup: frozenset({"seats"}),
    SeatSetup: frozenset({"name"}),
    GameState: frozenset({
        "companies", "round", "phase", "turn_order", "headstream_tiles", "headstream_drops", "dams",
        "national", "private_piles", "private_display", "bonus_tiles", "objective",
    }),
    CompanyState: frozenset({"company", "officer", "vp", "credits", "excavators", "mixers", "tiles"}),
    DamState: frozenset({"owner", "height"}),
    Segment: frozenset(),
}


@dataclass
class SaveData:
    """What a save file holds, read and type-checked but not yet played."""

    setup: Setup
    state: GameState  # the snapshot at the last turn boundary
    origin: GameState | None  # where ``history`` starts; None: the setup's fresh game (or the snapshot)
    tail: list[str]  # keys chosen since the snapshot
    history: list[str] | None  # the whole log from the origin (ends with ``tail``); None: just ``tail``
    saved: str = ""
    summary: dict[str, Any] | None = None
    board_warning: str = ""  # the board file changed since the save (the game is loaded on it as it is now)


# ------------------------------------------------------------------------------------------ writing

_fresh_origin: "weakref.WeakKeyDictionary[Game, tuple[GameState, bool]]" = weakref.WeakKeyDictionary()


def origin_is_fresh(game: Game) -> bool:
    """Whether the game's log starts from the setup's own starting position (cached per game)."""
    cached = _fresh_origin.get(game)
    if cached is not None and cached[0] is game.origin:
        return cached[1]
    try:
        fresh = new_state(game.setup) == game.origin
    except Exception:  # a setup that cannot start a game on its own (a hand-made position)
        fresh = False
    _fresh_origin[game] = (game.origin, fresh)
    return fresh


def written_origin(game: Game, snapshot: GameState) -> GameState | None:
    """The [origin] a save of ``game`` holds: where its log starts, unless that is the snapshot itself or
    the setup's own starting position."""
    return game.origin if game.origin != snapshot and not origin_is_fresh(game) else None


def summary(game: Game) -> dict[str, Any]:
    """What a listing of saves shows, from the live state (ignored when loading)."""
    st = game.state
    prompt = game.prompt
    return {
        "round": st.round,
        "phase": st.phase,
        "over": game.over,
        "players": [c.player for c in st.companies],
        "companies": [c.company for c in st.companies],
        "scores": [c.vp for c in st.companies],
        "winner": list(st.winner),
        "waiting_for": prompt.seat if prompt is not None else -1,
        "decision": prompt.text if prompt is not None else "",
    }


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    data = asdict(setup)
    return {"seed": data["seed"], "introductory": data["introductory"], "promo_officers": data["promo_officers"],
            "seats": data["seats"], "options": data["options"]}


def encode(game: Game, saved: datetime.datetime | None = None) -> dict[str, Any]:
    snapshot, tail = game.turn_snapshot()
    history = list(game.log)
    saved = saved or datetime.datetime.now().astimezone()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "saved": saved.isoformat(timespec="seconds"),
        "choices": len(history),
        "summary": summary(game),
        "board_sha256": game.board.sha256,  # of the board file's bytes: a changed board is noticed on loading
        "setup": setup_to_dict(game.setup),
        "state": snapshot.to_dict(),
    }
    origin = written_origin(game, snapshot)
    if origin is not None:
        doc["origin"] = origin.to_dict()
    doc["log"] = {"tail": list(tail), "history": history}  # last: a cut-off file loses it
    return doc


def compact(text: str, width: int = 100) -> str:
    """Put short top-level arrays of plain values on one line (tomli-w writes one item per line)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.endswith(" = [") and not line.startswith(" "):
            items = []
            j = i + 1
            while j < len(lines) and lines[j].startswith("    ") and lines[j].endswith(","):
                item = lines[j][4:-1]
                if item[:1] in ("[", "{", " "):
                    break
                items.append(item)
                j += 1
            if j < len(lines) and lines[j] == "]":
                joined = f"{line}{', '.join(items)}]"
                if len(joined) <= width:
                    out.append(joined)
                    i = j + 1
                    continue
        out.append(line)
        i += 1
    return "\n".join(out)


def dumps(game: Game, saved: datetime.datetime | None = None) -> str:
    doc = encode(game, saved)
    doc["summary"]["seal"] = _UNSEALED
    text = HEADER + compact(tomli_w.dumps(doc))
    return text.replace(_seal_line(_UNSEALED), _seal_line(_seal_of(text)), 1)


# The summary's seal: the sha256 of the whole file as written, with the seal's own value as 64 zeros. The list
# of saves shows a summary only while its seal holds; any edit of the file breaks it, and the file is then
# checked as loading checks it (store.read_info). Not a protection against a forger: a check of honesty.
_UNSEALED = "0" * 64
_SEAL = re.compile(r'^seal = "([0-9a-f]{64})"$', re.MULTILINE)


def _seal_line(value: str) -> str:
    return f'\nseal = "{value}"\n'


def _seal_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def sealed(text: str) -> bool:
    """The file is exactly as barrage-tui wrote it (its summary's seal holds)."""
    found = _SEAL.search(text)
    if found is None:
        return False
    return _seal_of(text[: found.start(1)] + _UNSEALED + text[found.end(1):]) == found.group(1)


# ------------------------------------------------------------------------------------------ reading

def parse(text: str) -> dict[str, Any]:
    """TOML text to a table; a syntax error becomes a FormatProblem (saying so when the file is cut off).
    A text shaped unlike any save (too large, too deep, too many values) is refused before it is parsed."""
    prescan(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        if "end of document" in msg or _error_at_end(msg, text):
            raise FormatProblem(f"truncated or damaged: the TOML stops in the middle ({msg})") from None
        raise FormatProblem(f"not valid TOML: {msg}") from None
    except ValueError as exc:  # e.g. an integer too long to convert
        raise FormatProblem(f"not valid TOML: {exc}") from None
    except RecursionError:
        raise FormatProblem("not valid TOML: nested too deeply") from None


def _error_at_end(msg: str, text: str) -> bool:
    """Does the syntax error sit on the last line of a file that does not end with a newline?"""
    m = re.search(r"at line (\d+)", msg)
    if not m or text.endswith("\n"):
        return False
    return int(m.group(1)) >= text.count("\n") + 1


def check_header(doc: dict[str, Any]) -> None:
    if not doc:
        raise FormatProblem("not a barrage-tui save: the file is empty")
    if "format" not in doc:
        if "state" in doc or "setup" in doc:
            raise FormatProblem('not a barrage-tui save: field format is missing (format = "barrage-tui")')
        raise FormatProblem("not a barrage-tui save (no format field)")
    if doc["format"] != FORMAT:
        raise FormatProblem(f"not a barrage-tui save (format = {doc['format']!r})")
    if "version" not in doc:
        raise FormatProblem("field version is missing")
    version = doc["version"]
    if type(version) is not int:
        raise wrong_type("version", "an integer", version)
    if version > VERSION:
        raise FormatProblem(f"format version {version} is newer than this barrage-tui reads ({VERSION}); "
                            f"update barrage-tui to open it")
    if version < 1:
        raise FormatProblem(f"unknown format version {version}")


def loads(text: str) -> SaveData:
    doc = parse(text)
    check_header(doc)
    for key in doc:
        if key not in TOP_LEVEL:
            raise FormatProblem(f"{key_path('', key)}: unknown field")
    saved = doc.get("saved", "")
    if type(saved) is not str:
        raise wrong_type("saved", "a string", saved)
    summary_table = doc.get("summary")
    if summary_table is not None and not isinstance(summary_table, dict):
        raise wrong_type("summary", "a table", summary_table)

    choices = doc.get("choices")
    if choices is not None and type(choices) is not int:
        raise wrong_type("choices", "an integer", choices)
    if "log" not in doc and choices is not None:  # the writer always ends the file with [log]
        raise FormatProblem(f"truncated: the [log] table is missing (the file says it holds {choices} choices)")

    reader = Reader(REQUIRED)
    if "setup" not in doc:
        raise FormatProblem("the [setup] table is missing")
    setup = reader.read(Setup, doc["setup"], "setup")
    if doc["version"] == BEFORE_THE_DRAFT and DRAFT_OPTION not in setup.options:
        setup = replace(setup, options={**setup.options, DRAFT_OPTION: False})
    warning = check_board(setup, doc.get("board_sha256"))
    if "state" not in doc:
        raise FormatProblem("the [state] table is missing")
    if doc["version"] <= BEFORE_MODULE_STATES:
        for table in ("state", "origin"):
            if isinstance(doc.get(table), dict):
                doc[table] = migrate_module_fields(doc[table])
    state = reader.read(GameState, doc["state"], "state")
    derive(state, setup, reader.missing, "state")
    origin = None
    if "origin" in doc:
        origin = reader.read(GameState, doc["origin"], "origin")
        derive(origin, setup, reader.missing, "origin")

    if "log" not in doc:
        tail, history = [], None
    else:
        log = doc["log"]
        if not isinstance(log, dict):
            raise wrong_type("log", "a table", log)
        for key in log:
            if key not in ("tail", "history"):
                raise FormatProblem(f"{key_path('log', key)}: unknown field")
        tail = reader.read(list[str], log.get("tail", []), "log.tail")
        history = reader.read(list[str], log["history"], "log.history") if "history" in log else None
    if choices is not None and choices != len(history if history is not None else tail):
        found = len(history if history is not None else tail)
        raise FormatProblem(f"truncated or edited: log.history has {found} choices, the file says {choices}")
    if history is not None and (len(tail) > len(history) or history[len(history) - len(tail):] != tail):
        raise FormatProblem("log.tail is not the end of log.history")
    return SaveData(setup, state, origin, tail, history, saved, summary_table, warning)


def migrate_module_fields(state: dict[str, Any]) -> dict[str, Any]:
    """A version 3 state table with each module's flat fields (``duel_markers``, ...) moved into its own
    table ``modules.<id>`` under their new names (each module's ``old_fields``)."""
    moved = dict(state)
    for module in registered_modules().values():
        own = {new: moved.pop(old) for old, new in module.old_fields.items() if old in moved}
        if own:
            modules = moved.setdefault("modules", {})
            if isinstance(modules, dict):
                modules[module.id] = {**own, **modules.get(module.id, {})}
    return moved


_SHA256 = re.compile(r"[0-9a-fA-F]{64}")


def check_board(setup: Setup, recorded: object) -> str:
    """The game's board can be loaded (a missing or broken board file: FormatProblem). Returns a warning when
    its content differs from the hash the save recorded (Decision: the game is still loaded, on the board as
    it is now: replaying the log then refuses the save if the change makes a recorded choice illegal)."""
    if recorded is not None and type(recorded) is not str:
        raise wrong_type("board_sha256", "a string", recorded)
    if recorded is not None and not _SHA256.fullmatch(recorded):  # damaged: no hash to compare
        raise FormatProblem(f"board_sha256: {one_line(repr(recorded), 80)} is not a content hash (64 hexadecimal "
                            "digits): the file is damaged")
    ref = board_ref(setup.options)
    try:
        board = load_board(ref)
    except BoardProblem as exc:
        raise FormatProblem(f"the game's board {ref}: {exc}") from None
    if recorded is not None and recorded.lower() != board.sha256:
        return (f"the board {ref} has changed since this game was saved (its content hash differs); "
                "the game goes on on the board as it is now")
    return ""


def derive(st: GameState, setup: Setup, missing: set[str], where: str) -> None:
    """Fill the fields a hand-written position may leave out with the values they must have."""
    comps = facts()

    def gone(name: str, base: str = where) -> bool:
        return key_path(base, name) in missing

    if gone("seats"):
        st.seats = len(st.companies)
    if gone("introductory"):
        st.introductory = setup.introductory
    if gone("seed"):
        st.seed = setup.seed
    if gone("bank"):
        st.bank = [0] * st.seats
    if gone("patent_piles") and not st.introductory:
        st.patent_piles = {"1": [], "2": [], "3": []}
    if gone("patent_offer") and not st.introductory:
        st.patent_offer = ["", "", ""]
    if gone("drops_created"):
        st.drops_created = (sum(st.headstream_drops.values()) + sum(d.drops for d in st.dams.values())
                            + st.drops_exited)
    on_map = {i: dict.fromkeys(STRUCTURES, 0) for i in range(len(st.companies))}
    for dam in st.dams.values():
        if dam.owner in on_map:
            on_map[dam.owner]["base"] += 1
            on_map[dam.owner]["elevation"] += max(0, dam.height - 1)
    for table, name in ((st.conduits, "conduit"), (st.powerhouses, "powerhouse")):
        for owner in table.values():
            if owner in on_map:
                on_map[owner][name] += 1
    for i, c in enumerate(st.companies):
        base = f"{key_path(where, 'companies')}[{i}]"
        seat = setup.seats[i] if i < len(setup.seats) else None
        if gone("seat", base):
            c.seat = i
        if gone("player", base) and seat is not None:
            c.player = seat.name
        if gone("kind", base):
            c.kind = seat.kind if seat is not None else "human"
        if gone("difficulty", base) and seat is not None and hasattr(c, "difficulty"):
            c.difficulty = seat.difficulty
        if gone("architect", base) and c.officer in OFFICERS:
            c.architect = OFFICERS[c.officer].architect
        if gone("pieces", base):
            c.pieces = {s: comps.common["pieces"][s] - on_map[i][s] for s in STRUCTURES}
        if gone("engineers", base):
            placed = sum(n[i] for n in st.engineers_on.values() if i < len(n))
            placed += st.bank[i] if i < len(st.bank) else 0
            c.engineers = comps.common["engineers"] - placed - (1 if c.architect else 0)
        lost = c.machinery_lost  # Brazil's machinery lost for good was received too
        if gone("machinery_gained", base):
            c.machinery_gained = [c.excavators + sum(s.excavators for s in c.wheel) + lost[0],
                                  c.mixers + sum(s.mixers for s in c.wheel) + lost[1]]
        if gone("excamixers_gained", base) and hasattr(c, "excamixers_gained"):
            c.excamixers_gained = (getattr(c, "excamixers", 0) + sum(getattr(s, "excamixers", 0) for s in c.wheel)
                                   + lost[2])
