"""What a position's China Challenge must be (a saved or running game), and what must hold while it is played."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...components import components
from ...validation import _seat, fail, key_path, one_of
from .data import box
from .state import ChinaState, china_of

if TYPE_CHECKING:
    from ...boards import Board
    from ...game import Game
    from ...state import GameState

COLOURS = ("green", "yellow", "red")


def check_state(st: GameState, own: ChinaState, board: Board, p: Callable[[str], str], where: str) -> None:
    """Each landscape tile once, on a landscape space of the board; each yield tile once, on a yield space of
    the board or taken by a seat; a built landscape laid out, by a seat, open (``<where>.uncovered``); a
    contract stack's contracts on a built landscape, in no other place; the tiles out of the piles advanced
    tiles in no pile; the objective tiles beside A5 and the one chosen objective tiles."""
    b, comps = box(), components()
    for space, tile in own.landscapes.items():
        at = key_path(p("landscapes"), space)
        one_of(at, space, board.landscapes, "landscape space of the board")
        one_of(at, tile, b.landscapes, "landscape tile")
        if tile != space:
            raise fail(at, f"holds {tile!r}: each landscape tile lies on the space of its code")
    if len(set(own.landscapes.values())) != len(own.landscapes):
        raise fail(p("landscapes"), "a landscape tile lies in two places")
    spaces = {y.id for y in board.yield_spaces}
    for space, tile in own.yields.items():
        at = key_path(p("yields"), space)
        one_of(at, space, spaces, "yield space of the board")
        one_of(at, tile, b.yields, "yield tile")
    for tile, seat in own.taken.items():
        at = key_path(p("taken"), tile)
        one_of(at, tile, b.yields, "yield tile")
        _seat(at, seat, st.seats)
    placed = [*own.yields.values(), *own.taken]
    if len(set(placed)) != len(placed):
        raise fail(p("yields"), "a yield tile is in two places")
    for space, seat in own.built.items():
        at = key_path(p("built"), space)
        one_of(at, space, own.landscapes, "landscape laid out")
        _seat(at, seat, st.seats)
        if space not in st.uncovered:
            raise fail(at, f"built, but the spaces under it are still covered ({where}.uncovered)")

    elsewhere = {*st.national, *st.starting_offer, *(c for co in st.companies for c in co.contracts + co.fulfilled),
                 *(c for pile in st.private_piles.values() for c in pile),
                 *(c for shown in st.private_display.values() for c in shown),
                 *(c for ids in st.contract_discards.values() for c in ids)}
    stacked: Counter[int] = Counter()
    for space, ids in own.contract_stacks.items():  # a built landscape's stack (B1)
        path = key_path(p("contract_stacks"), space)
        one_of(path, space, own.built, "built landscape")
        for i, cid in enumerate(ids):
            at = f"{path}[{i}]"
            if cid not in comps.contracts:
                raise fail(at, f"unknown contract {cid}")
            if comps.contracts[cid].kind not in ("national", *COLOURS):
                raise fail(at, f"contract {cid} is a {comps.contracts[cid].kind} contract, not national or a colour")
            stacked[cid] += 1
            if cid in elsewhere or stacked[cid] > 1:
                raise fail(at, f"contract {cid} is in two places")

    advanced = set(comps.every_advanced_tile)  # (another module's tiles join the piles too)
    in_piles = {*(t for pile in st.patent_piles.values() for t in pile), *st.patent_offer,
                *(t for c in st.companies for t in c.tiles)}
    for i, t in enumerate(own.tiles_removed):  # out of the level piles at setup
        at = f"{p('tiles_removed')}[{i}]"
        if t not in advanced:
            raise fail(at, f"{t!r} is not an advanced technology tile")
        if t in in_piles or t in own.tiles_removed[:i]:
            raise fail(at, f"technology tile {t!r} is in two places")

    objectives = {*comps.objective_tiles, b.objective.id}
    for i, tile_id in enumerate(own.objectives):
        one_of(f"{p('objectives')}[{i}]", tile_id, objectives, "objective tile")
    if own.objective_chosen:
        one_of(p("objective_chosen"), own.objective_chosen, objectives, "objective tile")


def invariants(game: Game) -> list[str]:
    """The landscape tiles stay on their spaces (a built one too: ``built`` says whose); yield tiles and
    the objectives beside A5 only leave the board (taken, never moved or added); the advanced tiles taken out
    at setup stay out."""
    st, origin = china_of(game.state), china_of(game.origin)
    if st is None or origin is None:
        return [] if st is origin else ["china challenge: laid out in only one of the state and its origin"]
    found = []
    if st.landscapes != origin.landscapes:
        found.append(f"china challenge: the landscape tiles lie {st.landscapes}, laid out {origin.landscapes}")
    if moved := {s: t for s, t in st.yields.items() if origin.yields.get(s) != t}:
        found.append(f"china challenge: yield_tiles {moved} were not there at the start")
    if added := set(st.objectives) - set(origin.objectives):
        found.append(f"china challenge: objective tiles {sorted(added)} were not beside A5 at the start")
    if st.tiles_removed != origin.tiles_removed:
        found.append(f"china challenge: the tiles out of the game are {st.tiles_removed}, "
                     f"{origin.tiles_removed} at setup")
    return found
