"""The Duel board: three tug-of-war tracks, each with its condition and both players' counts now, the marker,
the Reward tiles still on the track, and what the marker's place scores at the game's end."""

from __future__ import annotations

from rich.text import Text

from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.modules.duel.state import duel as duel_state

from ..palette import BOLD, DIM, TITLE, badge
from ..texts import reward_short
from ..view import Panel, View
from .textutil import wrap

MARKER = "●"
TILE_MARK = {1: "Ⅰ", 2: "Ⅱ"}  # a Reward tile I or II still on its space


class DuelBoard(Panel):
    TITLE = "Duel"
    TAB = "Duel"

    def fingerprint(self, view: View) -> object:
        d = duel_state(view.state)
        return (tuple(d.markers), tuple(sorted(d.tiles.items())), tuple(d.conditions),
                tuple(duel.counts(view.game, row) for row in range(1, len(d.conditions) + 1)))

    def lines(self, view: View, width: int) -> list[Text]:
        st = view.state
        b = duel.board()
        out: list[Text] = []
        for row, condition_id in enumerate(duel_state(st).conditions, start=1):
            condition = b.conditions[condition_id]
            counts = duel.counts(view.game, row)
            head = Text(f"{row} {condition.name}: ", style=TITLE)
            for seat in (0, 1):
                if seat:
                    head.append(" · ")
                head.append_text(badge(st, seat))
                head.append(f" {counts[seat]}", style=BOLD)
            head.append(f" ({condition.unit})", style=DIM)
            out += wrap(head, width, indent=2)
            out.append(self._track(view, row))
            out += wrap(self._where(view, row), width, indent=4)
        if b.assumed:
            out += wrap(Text(b.assumed, style=DIM), width, indent=0)
        return out

    def _track(self, view: View, row: int) -> Text:
        """Seat 0's end, the spaces from its far end to seat 1's far end, seat 1's end: ``●`` the marker,
        Ⅰ / Ⅱ a Reward tile still there, ``·`` an empty space, ``|`` the centre."""
        st = view.state
        position = duel_state(st).markers[row - 1]
        length = duel.board().length
        t = Text("  ")
        t.append_text(badge(st, 0))
        t.append(" ")
        for p in range(-length, length + 1):
            tile = duel_state(st).tiles.get(duel.space_at(row, p)) if p else None
            if p == position:
                t.append(MARKER, style="bold #ffd75f")
            elif tile is not None:
                t.append(TILE_MARK[duel.board().tiles[tile].level], style="bold #d7afff")
            else:
                t.append("|" if p == 0 else "·", style=None if p == 0 else DIM)
        t.append(" ")
        t.append_text(badge(st, 1))
        return t

    def _where(self, view: View, row: int) -> Text:
        """What the marker's place scores now, and the Reward tiles left on the row."""
        st = view.state
        position = duel_state(st).markers[row - 1]
        t = Text("  " + duel.describe_position(view.game, position)
                 + (f": {duel.board().vp[abs(position) - 1]} VP" if position else ": nobody scores"))
        left = [(space, tile) for space, tile in duel_state(st).tiles.items() if space.startswith(str(row))]
        for space, tile in sorted(left, key=lambda kv: (kv[0][1], int(kv[0][2:]))):  # left side, then right
            reward = duel.board().tiles[tile]
            seat = 0 if space[1] == duel.SIDES[0] else 1
            t.append(" · ")
            t.append(f"{TILE_MARK[reward.level]}{'←' if seat == 0 else '→'}{space[2:]} ", style="#d7afff")
            t.append(reward_short(reward.reward), style=DIM)
        return t
