"""The Leeghwater Project's setup (reference leeghwater-5p.md A.2), after the base game's draws: 5 of the
private buildings into the expansion board's rows; the External Works in their piles A, B, C, 3 face up;
its 2 bonus tiles in the bonus draw; its 3 Building advanced tiles in the level piles, then one tile of each
pile out to the box; each company's basic Building tile. Not in the introductory game (modules.toml).

With the China Challenge in play (seed 002, setup steps 7-8) its Winch is shuffled in with the buildings and
its three orders join the External Works' piles (the data's ``requires``); the bonus tiles and the level
piles are drawn from both modules' tiles (rules/setup.py draw_bonus_tiles, reshuffle_patent_piles), whichever
lays out last.

An Automa gets the basic Building tile too (automa.md 2.2: "+ basic Building tile with LWP").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...components import components
from ...plugin import Hooks
from ...setup import draw_bonus_tiles, reshuffle_patent_piles
from ...engine.draws import rng
from .facts import BUILDING, box
from .state import LeeghwaterState
from .works import refill

if TYPE_CHECKING:
    from ...setup import Setup
    from ...state import GameState

BASIC_TILE = BUILDING  # the basic Building tile's id (data/tech-tiles.toml)


def lay_out(state: GameState, setup: Setup, hooks: Hooks) -> None:
    b, r = box(), rng(state)
    own = state.modules[LeeghwaterState.module] = LeeghwaterState()
    in_play = {m.id for m in hooks.modules}  # (a building or work another module brings needs it in play)
    rows = sorted(k for k, building in b.buildings.items() if building.requires in ("", *in_play))
    r.shuffle(rows)
    own.rows = rows[:b.drawn]
    for letter in b.piles:
        pile = sorted(w.id for w in b.works.values() if w.letter == letter and w.requires in ("", *in_play))
        r.shuffle(pile)
        own.piles[letter] = pile
    own.works = [""] * b.display_size
    refill(own)
    draw_bonus_tiles(state, hooks, r)  # its 2 bonus tiles among them (added_bonus_tiles)
    own.tiles_removed = reshuffle_patent_piles(state, r, {t.level: [t.id] for t in components().module_tiles.values()
                                                          if t.builds == BUILDING}, 1)
    for c in state.companies:
        c.tiles.append(BASIC_TILE)
