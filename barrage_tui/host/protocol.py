"""The tables protocol: JSON objects, one per line, between the host and the app it runs for a player.

The app (table-client mode) sends requests, each an object with an ``op``:

    {"op": "lobby"}                                     the list of tables, again
    {"op": "name", "name": "Anna"}                      play under another name than the SSH user name
    {"op": "new", "setup": {...}, "mine": [0]}          a new table (setup_to_wire); the sender sits at ``mine``
    {"op": "join", "table": ID, "seats": [1]}           take open seats ([]: sit down at the seats held)
    {"op": "watch", "table": ID}                        follow a table without a seat
    {"op": "leave"}                                     back to the lobby (the seats stay held)
    {"op": "release", "table": ID, "seats": [1]}        give up seats held ([]: all of the sender's there)
    {"op": "choose", "table": ID, "key": K, "at": N}    take choice K as the game's decision number N
    {"op": "undo", "table": ID, "at": N, "back": B}     undo one choice (``back``: back to the action)

The host answers and tells (``t``):

    {"t": "hello", "name": ...}                         the name the player plays under
    {"t": "lobby", "tables": [...]}                     every table: its seats, who sits, whose turn
    {"t": "table", "table": ID, "save": TEXT, "seats": [...], "you": [...]}   a table from its save
    {"t": "key", "table": ID, "at": N, "key": K}        decision number N was taken: K
    {"t": "undo", "table": ID, "to": N}                 choices were undone; the game has N again
    {"t": "seats", "table": ID, "seats": [...], "you": [...]}   who sits where changed
    {"t": "refused", "text": ...} / {"t": "notice", "text": ...}

The ``at`` of a request is the number of decisions the sender's copy of the game has: a request made on
an out-of-date copy is refused instead of being applied to a decision the sender has not seen.
Everything read from the wire is checked here (types, sizes); every name is made plain text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from barrage_tui.visible import visible

if TYPE_CHECKING:
    from barrage_tui.rules import Setup

MAX_REQUEST = 16 * 1024  # bytes of one line from an app
MAX_MESSAGE = 8 * 1024 * 1024  # bytes of one line from the host (a table's save is ~10-50 KB)
NAME_LENGTH = 20  # characters of a player's name (the start screen's field holds as many)
MAX_ID = 64
MAX_KEY = 400
MAX_AT = 10**6
MAX_SEED = 10**9

_STR, _INT, _BOOL, _SEATS, _DICT = "str", "int", "bool", "seats", "dict"
OPS = {
    "lobby": {},
    "name": {"name": _STR},
    "new": {"setup": _DICT, "mine": _SEATS},
    "join": {"table": _STR, "seats": _SEATS},
    "watch": {"table": _STR},
    "leave": {},
    "release": {"table": _STR, "seats": _SEATS},
    "choose": {"table": _STR, "key": _STR, "at": _INT},
    "undo": {"table": _STR, "at": _INT, "back": _BOOL},
}

# One message, a JSON object: its values are whatever the sender wrote (``request`` and ``setup_from_wire``
# check what an app sends; the app reads the host's own messages).
Message = dict[str, Any]


class ProtocolError(Exception):
    """A line that is not a well-formed message; the text is plain and names the problem."""


def encode(message: Message) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


class Lines:
    """Cuts a byte stream into messages; a line longer than ``limit`` is an error (never buffered whole)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buffer = b""

    def feed(self, data: bytes) -> list[Message]:
        self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        if len(self._buffer) > self.limit:
            raise ProtocolError(f"a line longer than {self.limit} bytes")
        return [decode(line, self.limit) for line in lines if line.strip()]


def decode(line: bytes, limit: int = MAX_REQUEST) -> Message:
    if len(line) > limit:
        raise ProtocolError(f"a line longer than {limit} bytes")
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("a line that is not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a line that is not a JSON object")
    return message


_MARKUP = str.maketrans({"[": "(", "]": ")"})


def plain(text: object, limit: int = 200) -> str:
    """``text`` as plain text for any screen: control characters shown as escapes (saves.errors.visible),
    no square brackets (Rich and Textual read ``[b]`` as markup), at most ``limit`` characters."""
    text = visible(text).translate(_MARKUP)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def player_name(text: object) -> str:
    """A player's name from the network (an SSH user name, a typed name): plain, on one line, 1-20 characters."""
    name = " ".join(plain(text, 10 * NAME_LENGTH).split())[:NAME_LENGTH].strip()
    if not name:
        raise ProtocolError("a name needs at least one letter")
    return name


def request(message: Message) -> Message:
    """The request ``message`` checked field by field (an unknown op or field, a wrong type or size is a
    ProtocolError); returns it."""
    op = message.get("op")
    fields = OPS.get(op) if isinstance(op, str) else None
    if fields is None or not isinstance(op, str):  # (op is a str when fields is not None)
        raise ProtocolError(f"unknown request {plain(op, 40)!r}")
    extra = set(message) - set(fields) - {"op"}
    if extra:
        raise ProtocolError(f"unknown field {plain(sorted(extra)[0], 40)!r} in {op!r}")
    for name, kind in fields.items():
        if name not in message:
            raise ProtocolError(f"{op!r} needs {name!r}")
        _check(op, name, kind, message[name])
    return message


def _check(op: str, name: str, kind: str, value: object) -> None:
    ok: Callable[[Any], bool] = {
        _STR: lambda v: isinstance(v, str) and 0 < len(v) <= (MAX_KEY if name == "key" else MAX_ID
                                                             if name == "table" else 10 * NAME_LENGTH),
        _INT: lambda v: type(v) is int and 0 <= v <= MAX_AT,
        _BOOL: lambda v: type(v) is bool,
        _SEATS: lambda v: isinstance(v, list) and len(v) <= _most_seats() and len(set(v)) == len(v)
        and all(type(s) is int and 0 <= s < _most_seats() for s in v),
        _DICT: lambda v: isinstance(v, dict),
    }[kind]
    if not ok(value):
        raise ProtocolError(f"{op!r}: {name!r} is not valid")


# ------------------------------------------------------------------ a new table's setup on the wire

_SEAT_FIELDS = ("name", "kind", "company", "officer", "difficulty")
_WORD = re.compile(r"[a-z_]{0,32}")


_SETUP_FIELDS = {"seats", "introductory", "seed", "expansion", "confirm", "modules", "board"}


def _most_seats() -> int:
    """The most seats a game has (the rules' fact, game-flow.toml)."""
    from barrage_tui.rules import facts
    return facts().seats[1]


def setup_to_wire(setup: Setup) -> Message:
    """Every choice of the start screen: the seats, mode, seed, officer set, End turn step, modules, board."""
    from barrage_tui.rules import CONFIRM_OPTION, EXPANSION_OPTION, board_ref, modules_on

    return {"seats": [{f: getattr(s, f) for f in _SEAT_FIELDS} for s in setup.seats],
            "introductory": setup.introductory, "seed": setup.seed,
            "expansion": bool(setup.options.get(EXPANSION_OPTION)), "confirm": bool(setup.options.get(CONFIRM_OPTION)),
            "modules": sorted(modules_on(setup.options)), "board": board_ref(setup.options)}


def setup_from_wire(data: Message) -> Setup:
    """The Setup a client asks for, checked by the rules (``Setup.validate``); names made plain. The host
    gives it its id. Raises ProtocolError with the reason."""
    from barrage_tui.rules import (
        BASE_BOARD, BOARD_OPTION, CONFIRM_OPTION, EXPANSION_OPTION, MODULES_OPTION, SeatSetup, Setup, SetupError,
        is_builtin, known_modules,
    )

    if set(data) != _SETUP_FIELDS:
        raise ProtocolError("a setup needs seats, introductory, seed, expansion, confirm, modules and board")
    seats, seed, chosen, board = data["seats"], data["seed"], data["modules"], data["board"]
    flags = (data["introductory"], data["expansion"], data["confirm"])
    if not isinstance(seats, list) or not 1 <= len(seats) <= _most_seats() or type(seed) is not int \
            or not 0 <= seed <= MAX_SEED or any(type(f) is not bool for f in flags) \
            or not isinstance(chosen, list) or len(chosen) > 32 \
            or not all(isinstance(m, str) and _WORD.fullmatch(m) for m in chosen):
        raise ProtocolError("a setup with wrong seats, seed or options")
    # Only the host's shipped boards: a player names no file on the host.
    if not isinstance(board, str) or len(board) > MAX_ID or not is_builtin(board):
        raise ProtocolError(f"this host has no board {plain(board, 40)!r}")
    # Only the modules offered to players: one still being built (modules.toml offered = false) is the rules'
    # tests' alone, as on the start screen and in sim.
    if unoffered := sorted(set(chosen) - set(known_modules())):
        raise ProtocolError(f"this host offers no module {plain(unoffered[0], 40)!r}")
    out = []
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) != set(_SEAT_FIELDS) \
                or not all(isinstance(seat[f], str) for f in _SEAT_FIELDS) \
                or not all(_WORD.fullmatch(seat[f]) for f in _SEAT_FIELDS[1:]):
            raise ProtocolError("a seat needs name, kind, company, officer and difficulty")
        out.append(SeatSetup(player_name(seat["name"]), seat["kind"], seat["company"], seat["officer"],
                             seat["difficulty"]))
    options: dict[str, object] = {k: True for k, on in ((EXPANSION_OPTION, flags[1]), (CONFIRM_OPTION, flags[2])) if on}
    if chosen:
        options[MODULES_OPTION] = sorted(set(chosen))
    if board != BASE_BOARD:
        options[BOARD_OPTION] = board
    setup = Setup(seats=tuple(out), introductory=flags[0], seed=seed, options=options)
    try:
        setup.validate()
    except (SetupError, ValueError, KeyError) as exc:  # (SetupError is a ValueError; a bad id a KeyError)
        raise ProtocolError(f"this game cannot be set up: {plain(exc)}") from None
    return setup
