"""What a position's Duel board must be (a saved or running game), and what must hold while it is played."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...plugin import modules
from ...validation import fail, key_path, one_of, within
from .rules import LEVEL_NAMES, LEVELS, ROWS, SIDES, asking_part, board, drawable, reward_spaces, side_seat
from .state import DuelState

if TYPE_CHECKING:
    from ...game import Game
    from ...setup import Setup
    from ...state import GameState


def check_state(st: GameState, d: DuelState, setup: Setup, at: Callable[[str], str], in_check: bool) -> None:
    """A marker on its track; each condition tile once and drawable; each Reward tile once, on a space of its
    level; no tile left between the centre and a marker on the marker's side (it was reached on the way); the
    contract marks in range; a question only during the Check phase (``in_check``)."""
    b = board()
    if len(d.markers) != ROWS:
        raise fail(at("markers"), f"needs {ROWS} markers, has {len(d.markers)}")
    for i, position in enumerate(d.markers):
        within(f"{at('markers')}[{i}]", position, -b.length, b.length)
    if len(d.conditions) != ROWS or len(set(d.conditions)) != ROWS:
        raise fail(at("conditions"), f"needs {ROWS} different condition tiles")
    for i, c in enumerate(d.conditions):
        where = f"{at('conditions')}[{i}]"
        one_of(where, c, b.conditions, "Duel condition tile")
        if not drawable(b.conditions[c], modules(setup.options)):
            raise fail(where, f"{c!r} needs the module {b.conditions[c].requires!r}")
    places = {s: level for level in LEVELS for s in reward_spaces(level)}
    for space, tile_id in d.tiles.items():
        where = key_path(at("tiles"), space)
        one_of(where, space, places, "Duel reward space")
        one_of(where, tile_id, b.tiles, "Reward tile")
        if b.tiles[tile_id].level != places[space]:
            raise fail(where, f"{tile_id} lies on a space for Reward tiles {LEVEL_NAMES[places[space]]}")
        row, side, distance = int(space[0]), space[1], int(space[2:])
        position = d.markers[row - 1]
        if position and SIDES[side_seat(position)] == side and distance <= abs(position):
            raise fail(where, f"the row {row} marker went past this space: its tile was taken")
    if len(set(d.tiles.values())) != len(d.tiles):
        raise fail(at("tiles"), "a Reward tile lies on two spaces")
    if len(d.contracts_before) != st.seats:
        raise fail(at("contracts_before"), f"needs one count per seat ({st.seats})")
    for i, (mark, company) in enumerate(zip(d.contracts_before, st.companies)):
        within(f"{at('contracts_before')}[{i}]", mark, 0, len(company.fulfilled))
    within(at("rows_done"), d.rows_done, 0, ROWS)
    if (d.rows_done or d.asking) and not in_check:
        raise fail(at("rows_done"), f"a Check phase under way, but the phase is {st.phase!r}")
    for i, entry in enumerate(d.asking):
        where = f"{at('asking')}[{i}]"
        seat, _, tile_id = entry.partition(":")
        if not seat.isdigit() or int(seat) >= st.seats or tile_id not in b.tiles:
            raise fail(where, f"{entry!r} is not <seat>:<Reward tile>")
        if tile_id in d.tiles.values() or not asking_part(b.tiles[tile_id]):
            raise fail(where, f"{tile_id} is still on the board or asks nothing")


def invariants(game: Game, d: DuelState, origin: DuelState) -> list[str]:
    """The condition tiles stay as drawn; Reward tiles only leave the board (taken, never moved)."""
    found = []
    if d.conditions != origin.conditions:
        found.append(f"duel: the condition tiles are {d.conditions}, drawn {origin.conditions}")
    moved = {s: t for s, t in d.tiles.items() if origin.tiles.get(s) != t}
    if moved:
        found.append(f"duel: Reward tiles {moved} were not on those spaces at the start")
    return found
