"""Checks that must hold after every decision of every game (used by ``sim`` and the tests).

``sim`` runs them after every choice, so they are kept cheap: each part of the state is read once, and
what needs the officers in force (a dam's capacity, the hand limit) is only worked out for a count above
the least that any officer allows.
"""

from __future__ import annotations

from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING

from . import contracts, water
from .components import STRUCTURES, components
from .engine.decisions import PromptKind
from .officers import OFFICERS
from .preparation import blocked_spaces
from .state import CompanyState, DamState
from .validation import InvalidState, check_state

if TYPE_CHECKING:
    from .game import Game


COUNTED = ("vp", "credits", "excavators", "mixers", "energy", "engineers")
_counted = attrgetter(*COUNTED)


@cache
def _least(ability: str) -> int:
    """The smallest value of an officer's ``ability`` (the officers in force always include the own one)."""
    least: int = min(getattr(o, ability) for o in OFFICERS.values())
    return least


@cache
def _most(ability: str) -> int:
    """The largest value of an officer's ``ability``: what a copy of it may have left behind."""
    most: int = max(getattr(o, ability) for o in OFFICERS.values())
    return most


def _copies(company: CompanyState) -> bool:
    return components().officers[company.officer].copies_others


def _most_it_may_hold(game: Game, space: str, dam: DamState) -> int:
    """A 4th drop that came while Mahiri copied Graziano stays when the copy ends (Appendix 9: the
    capacity lasts until those drops are produced with)."""
    if dam.owner >= 0 and _copies(game.state.companies[dam.owner]):
        return max(water.capacity(game, space), dam.height + _most("tallest_dam_extra"))
    return water.capacity(game, space)


def violations(game: Game) -> list[str]:
    """Everything wrong with the game's state, in words (an empty list when all is well): what the state
    must be on its own (validation.check_state, which loading a save checks too), then what must hold
    between the states of a running game."""
    st = game.state
    common = components().common
    found: list[str] = []
    try:
        check_state(st, game.setup, game_board=game.board)
    except InvalidState as exc:
        found.append(exc.problem)
    on_map = sum(st.headstream_drops.values()) + sum(st.lakes.values())
    on_board = [[0, 0, 0, 0] for _ in st.companies]  # base, elevation, conduit, powerhouse per seat
    least_extra = _least("tallest_dam_extra")
    for space, dam in st.dams.items():
        height, drops = dam.height, dam.drops
        on_map += drops
        if not 1 <= height <= 3:
            found.append(f"map: {space} has height {height}")
        # A capacity is the height, or more for an owned dam at its company's greatest height (Graziano):
        # it is only worked out for a dam holding more than height + least_extra.
        elif drops < 0 or (drops > height + least_extra and drops > _most_it_may_hold(game, space, dam)):
            found.append(f"water: {space} holds {drops} drops, capacity {water.capacity(game, space)}")
        if dam.owner >= 0:
            board = on_board[dam.owner]
            board[0] += 1 if dam.base else 0  # an Elevation without a Base (Japan) is an Elevation piece
            board[1] += dam.elevations
    if st.drops_created != on_map + st.drops_exited:
        found.append(f"water: {st.drops_created} drops created, {on_map} on the map + {st.drops_exited} gone")
    if st.headstream_drops and min(st.headstream_drops.values()) < 0:
        found.append("water: a headstream holds fewer than 0 drops")
    for owner in st.conduits.values():
        on_board[owner][2] += 1
    for owner in st.powerhouses.values():
        if owner >= 0:  # not a neutral powerhouse (board_features.py)
            on_board[owner][3] += 1
    pieces = common["pieces"]
    all_engineers = common["engineers"]
    # Engineers on the Bank and on the action spaces, per seat: one pass over the spaces for all seats.
    placed = [sum(n) for n in zip(st.bank, *st.engineers_on.values())]
    between_turns = game.prompt is not None and game.prompt.kind == PromptKind.ACTION
    least_hand = _least("hand_limit")
    found += _token_engineers(game)
    for module_invariants in game.hooks.invariants:
        found += module_invariants(game)
    found += _preparation(game)
    for c in st.companies:
        who = f"seat {c.seat} ({c.company})"
        counted = _counted(c)
        if min(counted) < 0:
            for name, n in zip(COUNTED, counted):
                if n < 0 and not (name == "vp" and c.kind == "automa"):  # an Automa's VP may
                    found.append(f"{who}: {name} is {n}")
        board = on_board[c.seat]
        for i, s in enumerate(STRUCTURES):
            left = c.pieces[s]
            if left < 0 or board[i] + left != pieces[s]:
                found.append(f"{who}: {board[i]} {s}s on the map and {left} left of {pieces[s]}")
        excav, mix, excamix, tiles = c.excavators, c.mixers, c.excamixers, list(c.tiles)
        for seg in c.wheel:
            excav += seg.excavators
            mix += seg.mixers
            excamix += seg.excamixers
            tiles += seg.tiles
        lost = c.machinery_lost  # returned to the supply for good (Brazil's column loss)
        if [excav + lost[0], mix + lost[1]] != c.machinery_gained:
            found.append(f"{who}: machinery {excav} Excavators / {mix} mixers in supply and on the wheel and "
                         f"{lost[:2]} lost, but {c.machinery_gained} received")
        if excamix + lost[2] != c.excamixers_gained or c.excamixers < 0:
            found.append(f"{who}: {excamix} Excamixers in supply and on the wheel and {lost[2]} lost, "
                         f"{c.excamixers_gained} received")
        engineers = c.engineers + placed[c.seat] + (1 if c.architect else 0)
        if engineers != all_engineers:
            found.append(f"{who}: {engineers} Engineers in all, not {all_engineers}")
        held = len(c.contracts)
        # Mahiri may keep a 4th contract taken while she copied Simone (Appendix 9)
        if between_turns and held > least_hand and held > max(contracts.hand_limit(c),
                                                              _most("hand_limit") if _copies(c) else 0):
            found.append(f"{who}: {held} contracts in hand between turns")
        if len(tiles) != len(set(tiles)):
            found.append(f"{who}: a technology tile is in two places: {sorted(tiles)}")
    return found


def _token_engineers(game: Game) -> list[str]:
    """A person's Engineers stand on the company board only where a module lets them (its
    ``company_board_engineers``: a Geological token's extra Engineers for each of its Conduits in that
    token's valleys). (An Automa places its own there too, and so does a person's turn played the Automa way.)"""
    st = game.state
    found: list[str] = []
    if any(c.kind == "automa" and components().officers[c.officer].automa_first_action_for_others for c in st.companies):
        return found
    for c in st.companies:
        on_board = st.engineers_on.get(f"company-{c.seat}")
        if on_board is None or c.kind == "automa" or not on_board[c.seat]:
            continue
        allowed = sum(hook(game, c.seat) for hook in game.hooks.company_board_engineers)
        if on_board[c.seat] > allowed:
            found.append(f"seat {c.seat} ({c.company}): {on_board[c.seat]} Engineers on its company board, "
                         f"its modules allow at most {allowed}")
    return found


def _preparation(game: Game) -> list[str]:
    """The positional tiles stay as drawn; nothing is ever built on a space a preparation tile blocks."""
    st = game.state
    if st.preparation != game.origin.preparation:
        return [f"preparation: the positional tiles lie {st.preparation}, drawn {game.origin.preparation}"]
    built = blocked_spaces(game.board, st.preparation) & (st.dams.keys() | st.conduits.keys() | st.powerhouses.keys())
    return [f"preparation: {', '.join(sorted(built))} built on, but blocked by a preparation tile"] if built else []

