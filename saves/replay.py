"""From the data of a save to a running game, checking that the file agrees with itself.

A save holds the snapshot at the last turn boundary, the keys chosen since (the tail) and the whole log
(the history, ending with the tail). Loading

1. replays the history up to the tail from its origin (the setup's fresh game, or ``[origin]``) and
   checks that this reaches the snapshot, at a turn boundary;
2. replays the tail on that game (this is the game returned: it has the whole log, its events and undo);
3. restores the snapshot on its own, replays the tail on it, and checks that both give the same state
   and the same legal choices;
4. checks the rules' invariants on the result.

A file with no history before the tail and no ``[origin]``, whose snapshot is not where the setup's own
game starts (a hand-written position), starts at its snapshot: the tail is replayed on it, then 4.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from barrage_tui.rules import (
    Board, Game, GameState, IllegalChoice, InvalidState, Setup, check_setup, check_state, check_turn, key_path,
    new_state, violations,
)

from .codec import SaveData, written_origin
from .errors import FormatProblem, one_line

Attach = Callable[[Game], Game]  # the Automa's hook (automa.attach)


_board_warnings: "weakref.WeakKeyDictionary[Game, str]" = weakref.WeakKeyDictionary()


def board_warning(game: Game) -> str:
    """What the app should show about a loaded game's board ("" when nothing): its file changed since the save."""
    return _board_warnings.get(game, "")


def build(data: SaveData, attach: Attach | None = None) -> Game:
    """``attach(game)``: the Automa's decision hook (automa.attach). With it, each recorded Automa step must
    be the one the Automa gives in that position; a save whose step differs is refused, naming the entry."""
    setup = data.setup
    tail = data.tail
    history = data.history if data.history is not None else tail
    head = history[: len(history) - len(tail)]
    check_states(setup, data.state, data.origin, bool(head))
    log_name = "log.history" if data.history is not None else "log.tail"

    def where(i: int) -> str:  # the path of the i-th key of the history
        return f"{log_name}[{i}]"

    origin = data.origin
    if origin is None:
        try:
            origin = new_state(setup)
        except Exception as exc:
            if head:
                raise FormatProblem(f"setup: cannot start a game ({one_line(exc, 200)})") from None
            origin = data.state  # a hand-written position whose setup cannot start a game by itself

    game = _start(setup, origin, keep_undo=not head, attach=attach)
    for i, key in enumerate(head):
        if i == len(head) - 1:
            game.keep_undo = True  # keep the snapshot of the turn the tail belongs to (for undo and saves)
        _choose(game, key, where(i))
    snap, rest = game.turn_snapshot()
    from_snapshot = origin is data.state
    if not from_snapshot and (rest or snap != data.state):
        if data.origin is None and not head:
            # No history before the snapshot and no [origin]: a position that starts at the snapshot.
            game = _start(setup, data.state, attach=attach)
            from_snapshot = True
        elif rest:
            raise FormatProblem(f"the snapshot is not at a turn boundary of its log ({log_name} has "
                                f"{len(rest)} choice(s) past the last turn boundary before log.tail)")
        else:
            raise FormatProblem(f"the snapshot does not match its log: {difference(data.state, snap)}")
    for j, key in enumerate(tail):
        _choose(game, key, where(len(head) + j))

    if not from_snapshot:
        check = _start(setup, data.state, attach=attach)
        for j, key in enumerate(tail):
            try:
                _choose(check, key, where(len(head) + j))
            except FormatProblem as exc:
                raise FormatProblem(f"the snapshot and its log disagree: from the snapshot, {exc.problem}") from None
        if check.state != game.state:
            raise FormatProblem(f"the snapshot and its log disagree after log.tail: "
                                f"{difference(check.state, game.state, 'snapshot')}")
        if _keys(check) != _keys(game):
            raise FormatProblem("the snapshot and its log disagree after log.tail: they offer different choices")

    try:
        found = violations(game)
    except Exception as exc:
        raise FormatProblem(f"the position cannot be checked ({type(exc).__name__}: {one_line(exc, 200)})") from None
    if found:
        raise FormatProblem(f"the position breaks the rules: {found[0]}")
    if data.board_warning:
        _board_warnings[game] = data.board_warning
    return game


def check_states(setup: Setup, state: GameState, origin: GameState | None, played: bool,
                 board: Board | None = None) -> None:
    """The rules' own checks of a save's states, before any rule runs on them (FormatProblem): the snapshot
    and the [origin] at a turn's start; ``played``: the log has choices before the snapshot's turn. Without
    them and without an origin the snapshot may be where the game starts (a hand-written position), whose
    growing counts must leave room for a whole game (validation.growing)."""
    try:
        check_setup(setup)
        check_state(state, setup, "state", board, start=origin is None and not played)
        check_turn(state, "state")
        if origin is not None:
            check_state(origin, setup, "origin", board, start=True)
            check_turn(origin, "origin")
    except InvalidState as exc:
        raise FormatProblem(exc.problem) from None


def check_writable(game: Game) -> None:
    """Refuse (FormatProblem) to save a game whose file its own loader would refuse by its checks of the
    states: the snapshot, the [origin], and the current state with the rules' invariants (legal play never
    gets there; if a rule ever does, the last good save is kept). The replay itself is not run: a
    decision's autosave stays quick."""
    snapshot, tail = game.turn_snapshot()
    check_states(game.setup, snapshot, written_origin(game, snapshot), len(game.log) > len(tail), game.board)
    found = violations(game)
    if found:
        raise FormatProblem(f"the position breaks the rules: {found[0]}")


def _keys(game: Game) -> tuple[str, ...] | None:
    return None if game.prompt is None else game.prompt.keys()


def _start(setup: Setup, state: GameState, keep_undo: bool = True, attach: Attach | None = None) -> Game:
    try:
        game = Game(setup, state.copy(), keep_undo=keep_undo)
        return attach(game) if attach is not None else game
    except Exception as exc:
        raise FormatProblem(f"the position cannot be played ({type(exc).__name__}: {one_line(exc, 200)})") from None


def _choose(game: Game, key: str, where: str) -> None:
    try:
        game.choose(key)
    except IllegalChoice:
        prompt = game.prompt
        if prompt is None:
            raise FormatProblem(f"{where}: illegal choice {key!r}: the game is already over") from None
        legal = ", ".join(prompt.keys())
        raise FormatProblem(f"{where}: illegal choice {key!r} ({one_line(prompt.text, 80)}; "
                            f"legal: {one_line(legal, 160)})") from None
    except Exception as exc:
        raise FormatProblem(f"{where}: the game cannot go on with {key!r} "
                            f"({type(exc).__name__}: {one_line(exc, 200)})") from None


def difference(a: GameState, b: GameState, a_name: str = "the file", b_name: str = "the log") -> str:
    """Where two states first differ, e.g. ``state.companies[1].vp is 12 in the file, 14 by the log``."""
    found = _diff(a.to_dict(), b.to_dict(), "state")
    if found is None:
        return "the states differ"
    path, x, y = found
    return f"{path} is {_show(x)} in {a_name}, {_show(y)} by {b_name}"


def _show(value: object) -> str:
    return "absent" if value is _ABSENT else one_line(repr(value), 60)


_ABSENT = object()


def _diff(a: object, b: object, path: str) -> tuple[str, object, object] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            found = _diff(a.get(k, _ABSENT), b.get(k, _ABSENT), key_path(path, str(k)))
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _diff(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else (path, a, b)
