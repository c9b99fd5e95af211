"""One game being played in the app: the engine's game, its autosave, undo and back-out.

No Textual here: the screens call it, tests can drive it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from barrage_tui.rules import EventKind, table_view

from . import storage

if TYPE_CHECKING:
    from barrage_tui.rules import Event, Game
    from saves import SaveStore


@dataclass
class RoundSummary:
    round: int
    bonus_tile: int
    # seat, energy, place VP, credits, energy VP (malus), bonus VP, VP once the round was scored
    rows: list[tuple[int, int, int, int, int, int, int]]
    full_bonus_at: int = 0  # the energy that gets the whole bonus this round (the round's own track section)
    minimum: int = 0  # below this energy the bonus tile gives nothing
    malus_per_section: int = 0
    behind: dict[int, int] = field(default_factory=dict)  # seat -> track sections behind the round's own


@dataclass
class Outcome:
    events: list[Event] = field(default_factory=list)
    summary: RoundSummary | None = None
    over: bool = False
    handover: bool = False  # the decision passed to another human player


class Session:
    def __init__(self, game: Game, store: SaveStore | None = None, on_disk: bool = False) -> None:
        self.game = game
        self.store = store
        self.save_error = ""  # why the last autosave failed ('' while saving works)
        self.written = on_disk  # the game is in a file (it was loaded from one, or saved since)
        self.unsaved = 0  # changes (decisions, undos) made since the game was last written
        self.owed = False  # a change is not written yet (``choose(save=False)``): ``save_owed`` writes it
        self.target: Path | None = None  # a file the player saved to (s) while the autosave failed: autosaves go there
        self.last_seat = game.prompt.seat if game.prompt is not None else None

    @property
    def automa_turn(self) -> bool:
        """The pending decision is an Automa's: the app takes its one choice by itself."""
        p = self.game.prompt
        return p is not None and p.kind == "automa"

    @property
    def humans(self) -> int:
        return sum(1 for c in table_view(self.game).companies if c.kind == "human")

    def choose(self, key: str, save: bool = True) -> Outcome:
        """Apply a decision and save it at once; or, not ``save``, when ``save_owed`` is called (the screen calls it
        once the decision is on the terminal; at the latest the next decision does, before it is taken)."""
        assert self.game.prompt is not None  # (a decision is asked while the game is not over)
        self.save_owed()  # keys typed ahead: the decision before is on disk before this one is taken
        seat = self.game.prompt.seat
        events = self.game.choose(key)
        self._changed(save)
        out = Outcome(events=events, over=self.game.over, summary=round_summary(events))
        out.handover = self._handover(seat)
        return out

    def _handover(self, previous: int) -> bool:
        prompt = self.game.prompt
        if prompt is None:
            return False
        self.last_seat = prompt.seat
        companies = table_view(self.game).companies
        if prompt.seat == previous or companies[prompt.seat].kind != "human":
            return False
        return self.humans > 1 or companies[previous].kind != "human"

    def undo(self) -> bool:
        done = self.game.undo()
        if done:
            self._changed()
        return done

    def back(self) -> int:
        """Undo back to the start of the current action (its 'choose an action' decision)."""
        n = 0
        while self.game.can_undo and self.game.prompt is not None and self.game.prompt.kind != "action":
            self.game.undo()
            n += 1
        if n:
            self._changed()
        return n

    def _changed(self, save: bool = True) -> None:
        self.unsaved += 1
        self.owed = True
        if save:
            self.autosave()

    def save_owed(self) -> None:
        """Write the autosave a change still owes (nothing when none does)."""
        if self.owed:
            self.autosave()

    def autosave(self) -> None:
        """Write the autosave; on failure ``save_error`` says why (a save that fails never stops the game)."""
        self.owed = False
        if self.store is None:
            return
        try:
            if self.target is not None:
                storage.save_to(self.game, self.target)
            else:
                self.store.autosave(self.game)
        except Exception as exc:  # noqa: BLE001 - a full disk, a folder that went away, a bug: all the same here
            self.save_error = storage._line(exc)
            return
        self._saved()

    def _saved(self) -> None:
        self.save_error = ""
        self.written = True
        self.unsaved = 0

    def branch(self) -> None:
        """Play the game on in an autosave slot of its own (an older save of a game that has a newer autosave)."""
        assert self.store is not None  # (only a save with a newer autosave in the store is branched)
        self.store.branch(self.game)
        self.autosave()

    def save_as(self, text: str) -> Path:
        """Write the game under a name (in the save folder) or to a path; returns the file written.

        Raises storage.SaveFailed. While the autosave fails, the autosaves go to this file from now on."""
        assert self.store is not None  # (the game screen offers it with a save folder only)
        path = storage.save_as(self.store, self.game, text)
        if self.save_error:
            self.target = path
            self._saved()
        return path

    def not_saved(self) -> str:
        """While the autosave fails, what is not on disk: 'The last 2 decisions are not saved' ('' otherwise)."""
        if not self.save_error:
            return ""
        n = self.unsaved
        what = ("The game is" if not self.written or not n else
                f"The last {n} decisions are" if n > 1 else "The last decision is")
        return f"{what} not saved"

    def save_status(self) -> str:
        """Where the game is saved (or what is not, and why), as the quit dialog says it."""
        if self.store is None:
            return "Saving is off: this game is not saved."
        if self.save_error:
            return f"{self.not_saved()}: the autosave fails ({self.save_error}). s saves the game elsewhere."
        if self.target is not None:
            return f"The game is saved after every decision to {self.target}; barrage-tui --load resumes it."
        return "The game is saved after every decision; barrage-tui --continue resumes it."


def last_round_summary(events: Sequence[Event]) -> RoundSummary | None:
    """The summary of the last round scored in a whole game's ``events`` (None before the first)."""
    scored = [e for e in events if e.kind == EventKind.ROUND_SCORED]
    last = scored[-1].data.get("round") if scored else None
    return round_summary([e for e in scored if e.data.get("round") == last])


def round_summary(events: Sequence[Event]) -> RoundSummary | None:
    """The end-of-round scoring among ``events``, as the engine scored it (one ROUND_SCORED event a seat),
    or None when no round was scored."""
    scored = [e for e in events if e.kind == EventKind.ROUND_SCORED]
    if not scored:
        return None
    def n(e: Event, key: str) -> int:  # (the engine writes these as ints: rules/scoring.py)
        return cast(int, e.data[key])

    rows = [(e.seat, n(e, "energy"), n(e, "place_vp"), n(e, "credits"), n(e, "energy_vp"), n(e, "bonus_vp"), n(e, "vp"))
            for e in scored]
    rows.sort(key=lambda r: -r[1])
    first = scored[0]
    return RoundSummary(n(first, "round"), n(first, "bonus_tile"), rows, n(first, "full_bonus_at"),
                        n(first, "bonus_minimum"), n(first, "malus_per_section"),
                        {e.seat: n(e, "sections_behind") for e in scored})
