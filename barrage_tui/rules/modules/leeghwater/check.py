"""What a position's Leeghwater Project must be (a saved or running game), and what must hold while it is played."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...components import components
from ...validation import _seat, fail, key_path, one_of
from .buildings import ACTION_SPACE, built_by, open_spaces, space_id
from .facts import box
from .state import LeeghwaterState, leeghwater_of
from .works import SPACE

if TYPE_CHECKING:
    from ...game import Game
    from ...state import GameState


def check_state(st: GameState, own: LeeghwaterState, p: Callable[[str], str]) -> None:
    """The rows: distinct buildings of the box; a built space: an open space of a row, by a seat, each company
    once per building and at most its pieces; each External Work in one place (a pile of its letter, the
    display, a company); the module's spaces taken and the buildings used: by seats; the tiles out of the
    piles: advanced tiles in no pile."""
    b = box()
    for i, building in enumerate(own.rows):
        one_of(f"{p('rows')}[{i}]", building, b.buildings, "private building")
    if len(set(own.rows)) != len(own.rows) or len(own.rows) > b.drawn:
        raise fail(p("rows"), f"needs at most {b.drawn} distinct buildings")
    spaces = {space_id(r, n) for r in own.rows for n in open_spaces(st.seats)}
    for space, seat in own.built.items():
        at = key_path(p("built"), space)
        one_of(at, space, spaces, "open building space")
        _seat(at, seat, st.seats)
    for seat in range(st.seats):
        mine = built_by(own, seat)
        if len(set(mine)) != len(mine) or len(mine) > b.pieces:
            raise fail(p("built"), f"seat {seat} built {sorted(mine)}: each building once, at most {b.pieces}")
    where: Counter[str] = Counter()
    for letter, pile in own.piles.items():
        for i, w in enumerate(pile):
            at = f"{key_path(p('piles'), letter)}[{i}]"
            one_of(at, w, b.works, "External Work")
            if b.works[w].letter != letter:
                raise fail(at, f"{w} is not of pile {letter}")
            where[w] += 1
    if len(own.works) != b.display_size:
        raise fail(p("works"), f"needs {b.display_size} positions (\"\" = empty)")
    for i, w in enumerate(own.works):
        if w:
            one_of(f"{p('works')}[{i}]", w, b.works, "External Work")
            where[w] += 1
    for w, seat in own.fulfilled.items():
        at = key_path(p("fulfilled"), w)
        one_of(at, w, b.works, "External Work")
        _seat(at, seat, st.seats)
        where[w] += 1
    if twice := sorted(w for w, n in where.items() if n > 1):
        raise fail(p("works"), f"External Works in two places: {twice}")
    used = own.machinery_this_round
    if len(used) > st.seats or any(not isinstance(n, int) or n < 0 for n in used):
        raise fail(p("machinery_this_round"), f"needs a count of 0 or more for each of {st.seats} seats at most")
    ours = {SPACE.format(i + 1) for i in range(b.display_size)} | {
        ACTION_SPACE.format(r, n) for r in own.rows for n in range(1, 5)}
    for space, seat in own.occupied.items():
        at = key_path(p("occupied"), space)
        one_of(at, space, ours, "action space of the module")
        _seat(at, seat, st.seats)
    for building, seats in own.used.items():
        at = key_path(p("used"), building)
        one_of(at, building, own.rows, "private building of the rows")
        for seat in seats:
            _seat(at, seat, st.seats)
    advanced = set(components().every_advanced_tile)
    in_piles = {*(t for pile in st.patent_piles.values() for t in pile), *st.patent_offer,
                *(t for c in st.companies for t in c.tiles)}
    for i, t in enumerate(own.tiles_removed):
        at = f"{p('tiles_removed')}[{i}]"
        if t not in advanced:
            raise fail(at, f"{t!r} is not an advanced technology tile")
        if t in in_piles or t in own.tiles_removed[:i]:
            raise fail(at, f"technology tile {t!r} is in two places")


def invariants(game: Game) -> list[str]:
    """The rows never change; a building space once built stays its builder's; a fulfilled External Work stays
    its taker's; the tiles out of the piles stay out; a space of the module taken this round holds its taker's
    Engineers."""
    st, origin = leeghwater_of(game.state), leeghwater_of(game.origin)
    if st is None or origin is None:
        return [] if st is origin else ["leeghwater: laid out in only one of the state and its origin"]
    found = []
    if st.rows != origin.rows:
        found.append(f"leeghwater: the rows are {st.rows}, {origin.rows} at the start")
    if moved := {s: w for s, w in origin.built.items() if st.built.get(s) != w}:
        found.append(f"leeghwater: building spaces {moved} changed hands")
    if moved := {w: s for w, s in origin.fulfilled.items() if st.fulfilled.get(w) != s}:
        found.append(f"leeghwater: External Works {moved} changed hands")
    if st.tiles_removed != origin.tiles_removed:
        found.append(f"leeghwater: the tiles out of the game are {st.tiles_removed}, {origin.tiles_removed} at setup")
    on = game.state.engineers_on
    if empty := sorted(s for s, seat in st.occupied.items() if not on.get(s, [0] * game.state.seats)[seat]):
        found.append(f"leeghwater: spaces {empty} are taken but hold none of their taker's Engineers")
    return found
