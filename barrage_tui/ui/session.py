"""One game being played in the app: the engine's game, its autosave, undo and back-out.

No Textual here: the screens call it, tests can drive it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from barrage_tui.rules import scoring


@dataclass
class RoundSummary:
    round: int
    bonus_tile: int
    rows: list[tuple[int, int, int, int, int, int]]  # seat, energy, place VP, credits, energy VP (malus), bonus VP


@dataclass
class Outcome:
    events: list = field(default_factory=list)
    summary: RoundSummary | None = None
    over: bool = False
    handover: bool = False  # the decision passed to another human player


class Session:
    def __init__(self, game, store=None) -> None:
        self.game = game
        self.store = store
        self.save_error = ""
        self.last_seat = game.prompt.seat if game.prompt is not None else None

    @property
    def automa_turn(self) -> bool:
        """The pending decision is an Automa's: the app takes its one choice by itself."""
        p = self.game.prompt
        return p is not None and p.kind == "automa"

    @property
    def humans(self) -> int:
        return sum(1 for c in self.game.state.companies if c.kind == "human")

    def choose(self, key: str) -> Outcome:
        st = self.game.state
        round_no = st.round
        before = {c.seat: dict(c.vp_by_source) for c in st.companies}
        seat = self.game.prompt.seat
        events = self.game.choose(key)
        out = Outcome(events=events, over=self.game.over)
        if any(e.kind == "scoring" and e.text.startswith(f"Round {round_no}:") for e in events):
            out.summary = round_summary(self.game, round_no, before)
        out.handover = self._handover(seat)
        return out

    def _handover(self, previous: int) -> bool:
        prompt = self.game.prompt
        if prompt is None:
            return False
        self.last_seat = prompt.seat
        st = self.game.state
        if prompt.seat == previous or st.companies[prompt.seat].kind != "human":
            return False
        return self.humans > 1 or st.companies[previous].kind != "human"

    def undo(self) -> bool:
        return self.game.undo()

    def back(self) -> int:
        """Undo back to the start of the current action (its 'choose an action' decision)."""
        n = 0
        while self.game.can_undo and self.game.prompt is not None and self.game.prompt.kind != "action":
            self.game.undo()
            n += 1
        return n

    def autosave(self) -> str:
        """Write the autosave. Returns an error message ('' when all went well or there is no store)."""
        if self.store is None:
            return ""
        try:
            self.store.autosave(self.game)
        except Exception as exc:  # noqa: BLE001 - a save that fails must not stop the game
            self.save_error = _one_line(exc)
            return self.save_error
        self.save_error = ""
        return ""

    def branch(self) -> None:
        """Play the game on in an autosave slot of its own (an older save of a game that has a newer autosave)."""
        self.store.branch(self.game)
        self.autosave()

    def save_as(self, name: str) -> str:
        if self.store is None:
            return "saving is not available"
        try:
            path = self.store.save_as(self.game, name)
        except Exception as exc:  # noqa: BLE001
            return _one_line(exc)
        return f"saved as {path}" if path else "saved"


def round_summary(game, round_no: int, before: dict) -> RoundSummary:
    st = game.state
    energies = {c.seat: c.energy_by_round[round_no - 1] if len(c.energy_by_round) >= round_no else 0
                for c in st.companies}
    awards = scoring.placement_awards(energies)
    rows = []
    for c in st.companies:
        e = energies[c.seat]
        credits, malus = scoring.credits_for_energy(min(e, scoring.ENERGY_CAP))
        bonus = c.vp_by_source.get("bonus_tiles", 0) - before[c.seat].get("bonus_tiles", 0)
        rows.append((c.seat, e, awards.get(c.seat, 0), credits, malus, bonus))
    rows.sort(key=lambda r: -r[1])
    return RoundSummary(round_no, st.bonus_tiles[round_no - 1], rows)


def _one_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else exc.__class__.__name__
