"""The game's events grouped as a person reads them: by round, then one entry per turn.

No Textual here: the log screen draws the entries, tests can check the grouping directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from barrage_tui.rules import Event, Game

AUTOMA_STEP = "automa"  # the Automa's step: both card sides, what it did and why boxes were skipped
PLACEMENT = "place"  # a person's turn is one placement (its follow-ups belong to it)
TABLE_KINDS = frozenset({"round", "round_scored", "game_over", "scoring"})  # the table's, not a turn's


@dataclass
class Entry:
    round: int  # 0: before the first round (the draft, the starting contracts)
    seat: int  # -1: the table (a round begins, water flows, the scoring)
    events: list[Event] = field(default_factory=list)
    reasoning: Event | None = None  # an Automa turn's step event (its text is the reasoning)

    @property
    def automa(self) -> bool:
        return self.reasoning is not None


def _table(event: Event) -> bool:
    return event.seat < 0 or event.kind in TABLE_KINDS


def entries(events: Sequence[Event]) -> list[Entry]:
    """The events in entries: a new one at a new round, a new seat, an Automa step or a person's next placement."""
    out: list[Entry] = []
    round_no = 0
    for e in events:
        if e.kind == "round":
            round_no = cast(int, e.data.get("round", round_no + 1))
        seat = -1 if _table(e) else e.seat
        cur = out[-1] if out else None
        new_turn = (cur is None or cur.round != round_no or cur.seat != seat or e.kind == AUTOMA_STEP
                    or (e.kind == PLACEMENT and not cur.automa and any(x.kind == PLACEMENT for x in cur.events)))
        if cur is None or new_turn:  # (new_turn when cur is None)
            cur = Entry(round_no, seat)
            out.append(cur)
        if e.kind == AUTOMA_STEP:
            cur.reasoning = e
        else:
            cur.events.append(e)
    return out


def since_last_turn(game: Game) -> list[Entry]:
    """The other seats' turns the person deciding now has not seen played: every turn after that seat's own
    last deed; none while an Automa decides, or once the person has acted."""
    from barrage_tui.rules import table_view

    prompt = game.prompt
    if prompt is None or table_view(game).companies[prompt.seat].kind != "human":
        return []
    events = game.events
    start = next((i + 1 for i in range(len(events) - 1, -1, -1)
                  if events[i].seat == prompt.seat and not _table(events[i])), 0)
    return [x for x in entries(events[start:]) if x.seat >= 0 and x.seat != prompt.seat]
