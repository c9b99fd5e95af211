"""The Duel in the app (``barrage_tui.ui.module_parts``; the rules never import this): the Duel board's panel
(three tug-of-war tracks, each with its condition and both players' counts now, the marker, the Reward tiles
still on the track, and what the marker's place scores at the game's end), its section of the help screen and
its Check phase in the round summary."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from barrage_tui.rules.game import Game
from barrage_tui.ui.module_parts import ModuleParts
from barrage_tui.ui.palette import BOLD, DIM, TITLE, badge
from barrage_tui.ui.texts import reward_short
from barrage_tui.ui.view import Panel, View
from barrage_tui.ui.widgets.textutil import plain, wrap

from . import rules as duel
from .state import DuelEvent
from .state import duel as duel_state

MARKER = "●"
TILE_MARK = {1: "Ⅰ", 2: "Ⅱ"}  # a Reward tile I or II still on its space


class DuelBoard(Panel):
    TITLE = "Duel"
    TAB = "Duel"

    def fingerprint(self, view: View) -> object:
        d = duel_state(view.game.state)
        return (tuple(d.markers), tuple(sorted(d.tiles.items())), tuple(d.conditions),
                tuple(duel.counts(view.game, row) for row in range(1, len(d.conditions) + 1)))

    def lines(self, view: View, width: int) -> list[Text]:
        st = view.game.state
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
        st = view.game.state
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
        st = view.game.state
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


def duel_help(game: Game) -> list[tuple[str, list[RenderableType]]]:
    """The Duel board: each row's condition (and the decision taken where the rules are unclear), the VP a
    marker's place scores, and every Reward tile still on a track (an invented one says so)."""
    b = duel.board()
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for row, cid in enumerate(duel_state(game.state).conditions, start=1):
        c = b.conditions[cid]
        table.add_row(plain(f"Row {row}: {c.name}"), plain(f"One time for {c.unit}." + (f" {c.note}" if c.note else "")))
    table.add_row("VP", plain("A marker on a side scores, from the centre out: " + ", ".join(map(str, b.vp))
                              + ". The check phase after each Water Flow moves each row's marker toward the "
                                "player who met its condition more often, by the difference; a Reward tile "
                                "reached (or passed) is taken at once."))
    for space, tile_id in sorted(duel_state(game.state).tiles.items()):
        tile = b.tiles[tile_id]
        text = tile.text + (f" ({tile.assumed})" if tile.assumed else "")
        table.add_row(plain(f"{space} {tile.id}"), plain(text))
    if b.assumed:
        table.add_row("", plain(b.assumed, style="yellow"))
    return [("The Duel board", [table])]


def duel_check(game: Game, round_no: int) -> list[str]:
    """The Duel board's Check phase of ``round_no``, row by row (its events' texts), or [] without one."""
    rows: list[str] = []
    for e in game.events:
        if e.kind in (DuelEvent.ROW, DuelEvent.REWARD):
            rows.append(e.text)
        elif e.kind == DuelEvent.CHECKED:
            if e.data.get("round") == round_no:
                return rows
            rows = []
    return []


def _summary(game: Game, round_no: int) -> list[tuple[str, list[str]]]:
    check = duel_check(game, round_no)
    return [("Duel check", check)] if check else []


PARTS = ModuleParts(panels=(lambda: DuelBoard(id="duel", classes="module-panel"),), help=duel_help, round_summary=_summary)
