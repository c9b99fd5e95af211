"""The Leeghwater Project's setup (reference leeghwater-5p.md A.2), after the base game's draws: 5 of the
private buildings into the expansion board's rows; the External Works in their piles A, B, C, 3 face up;
its 2 bonus tiles in the bonus draw; its 3 Building advanced tiles in the level piles, then one tile of each
pile out to the box; each company's basic Building tile. Not in the introductory game (modules.toml).

An Automa gets the basic Building tile too (automa.md 2.2: "+ basic Building tile with LWP").
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...components import components
from ...plugin import modules
from ...engine.draws import rng
from .facts import BUILDING, box
from .state import LeeghwaterState
from .works import refill

if TYPE_CHECKING:
    from ...boards import Board
    from ...setup import Setup
    from ...state import GameState

BASIC_TILE = BUILDING  # the basic Building tile's id (data/tech-tiles.toml)


CHINA_CHALLENGE = "china"  # its setup draws the bonus tiles and the level piles again, without this module's


def problem(setup: Setup, board: Board) -> str | None:
    """(Not in the introductory game: modules.toml ``introductory = false``, checked by the base setup.)"""
    if CHINA_CHALLENGE in modules(setup.options) and board.landscapes:
        return "The Leeghwater Project is not played with the China Challenge yet (issue 23: their setups meet)"
    return None


def lay_out(state: GameState, setup: Setup) -> None:
    b, r = box(), rng(state)
    own = state.modules[LeeghwaterState.module] = LeeghwaterState()
    rows = sorted(b.buildings)
    r.shuffle(rows)
    own.rows = rows[:b.drawn]
    for letter in b.piles:
        pile = sorted(w.id for w in b.works.values() if w.letter == letter)
        r.shuffle(pile)
        own.piles[letter] = pile
    own.works = [""] * b.display_size
    refill(own)
    _bonus_tiles(state, r)
    _patent_piles(state, own, r)
    for c in state.companies:
        c.tiles.append(BASIC_TILE)


def _bonus_tiles(state: GameState, r: random.Random) -> None:
    """The module's bonus tiles join the base game's; the round's tiles are drawn again from them all."""
    pool = sorted(components().bonus_tiles)  # (the full game's: this module is not in the introductory game)
    pool += sorted(box().bonus_tiles)
    r.shuffle(pool)
    state.bonus_tiles = pool[:len(state.bonus_tiles)]


def _patent_piles(state: GameState, own: LeeghwaterState, r: random.Random) -> None:
    """Each level's Building tile joins its pile; each pile shuffled, one tile out to the box; then the Patent
    Office's 3 tiles of level I again (as the base game deals them)."""
    comps = components()
    for level in sorted(state.patent_piles, key=int):
        pile = [*state.patent_piles[level], *state.patent_offer] if level == "1" else list(state.patent_piles[level])
        pile += [t.id for t in comps.module_tiles.values() if t.builds == BUILDING and t.level == int(level)]
        pile.sort()
        r.shuffle(pile)
        own.tiles_removed.append(pile.pop())
        state.patent_piles[level] = pile
    offered = len(state.patent_offer)
    state.patent_offer = [state.patent_piles["1"].pop() for _ in range(offered)]
