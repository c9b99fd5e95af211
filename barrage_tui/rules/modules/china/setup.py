"""The China Challenge's setup (seed 002; digest sammelbecken.md 1.2): on a board with landscape spaces (the
Yellow River), with the "china" module on. How the pieces are laid out is data/china-challenge.toml; the
tiles themselves, and what a landscape, a yield tile or one of China's tiles does, are the landscapes
module's (data.py: landscapes.toml, yield-tiles.toml; tech-tiles.toml [[china]]), which reads what
this lays out in its state (``ChinaState``, made here: ``data.in_play``):

- ``landscapes``: landscape space -> the tile on it (step 2: each tile on the space with its code);
- ``yields``: yield space -> the tile on it (step 3), drawn per colour, the spaces the player count
  skips left empty;
- ``objectives``: the objective tiles laid beside A5 (step 9, 3 of them; A5's rule picks one);
- ``tiles_removed``: the advanced tiles taken out of the level piles (step 6, one per pile).

China's bonus tile and objective tile join the game's draws (steps 4-5), its advanced tiles the level piles
of their level (step 6), and each person's company gets the level-0 China tile, the "Landscape" technology
tile (step 10). The base game's tables never hold China's tiles, so its draws never see them.
The 2 neutral Powerhouses stand beside the board (step 11): a covered neutral powerhouse space gets one when
its landscape is built (board_features.uncover).

Every draw comes from the game's seeded draws, after the base game's, the Geological tokens', the Duel's and
the preparation tiles' (the ``lay_out_last`` hook, setup.new_state), so a game without the module is drawn exactly as before.

Decisions (UNVERIFIED: the rulebook does not say; also in the data and docs/yellow-river.md):
- the setup applies to any board with landscape spaces when the module is on (a corrected Yellow River, or
  another board); on a board without landscapes the module brings only the China company;
- a board whose yield spaces of one colour outnumber the yield tiles of that colour, or whose landscape
  with a channel or lake tile marks no headstream or lake, or whose new-source (A4) or river-diversion (A6)
  landscape covers no headstream or changes no course, is refused at setup (``problem``);
- an Automa gets no Landscape tile: it never builds a landscape (automa/README.md); the tile goes with the
  seat's company when a person takes an Automa's drawn pair (setup._reseated);
- China's bonus tile is drawn like the others also in the introductory game (where no advanced tile is
  used, so no pile loses a tile);
- the objective tiles beside A5 are drawn from all those left after the game's objective, China's included.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cache

from ...boards import YIELD_COLOURS, Board
from ...components import components, load_data
from ...engine.draws import rng
from ...plugin import Hooks
from ...setup import draw_bonus_tiles, reshuffle_patent_piles
from ...state import GameState
from .data import box as landscape_box
from .state import ChinaState

MODULE = "china"
NEEDS_MARK = {"channels": "headstreams", "lake_release": "lake"}  # a tile's effect -> its space's board key
NEEDS_OPENING: dict[str, tuple[str, Callable[[Board, str], bool]]] = {  # a tile's effect -> what the board gives
    "new_source": ("a headstream under it", lambda board, code: code in board.headstream_covers.values()),
    "river_diversion": ("a river course it changes",
                        lambda board, code: any(d.landscape == code for d in board.diversions.values())),
}


@dataclass(frozen=True)
class Box:
    objectives_beside: str
    objectives_laid_out: int
    removed_per_pile: int
    neutral_powerhouses: int


@cache
def box() -> Box:
    s = load_data("china/china-challenge")["setup"]
    return Box(s["objectives_beside"], s["objectives_laid_out"], s["removed_per_pile"], s["neutral_powerhouses"])


def applies(switched_on: Collection[str], board: Board) -> bool:
    """Whether a game gets the China Challenge's setup: the module on, and a board with landscape spaces."""
    return MODULE in switched_on and bool(board.landscapes)


def used_yield_spaces(board: Board, players: int) -> list[str]:
    """The yield spaces a game of ``players`` uses: "4" only with 4, "3+" with 3 or 4 (step 3)."""
    def used(mark: str) -> bool:
        return mark == "" or (mark == "4" and players >= 4) or (mark == "3+" and players >= 3)
    return [y.id for y in board.yield_spaces if used(y.players)]


def problem(board: Board, players: int) -> str:
    """Why the China Challenge cannot be set up on ``board`` ("": it can)."""
    b, tiles = box(), landscape_box()
    neutral = sum(p.neutral for p in board.powerhouses.values())
    if neutral > b.neutral_powerhouses:
        return f"{neutral} neutral powerhouse spaces, but the box has {b.neutral_powerhouses} neutral Powerhouses"
    for code, space in board.landscapes.items():
        if code not in tiles.landscapes:
            return f"landscape {code} has no landscape tile (landscapes.toml has {', '.join(tiles.landscapes)})"
        mark = NEEDS_MARK.get(tiles.landscapes[code].effect)
        if mark and not getattr(space, mark):
            return f"landscape {code}'s tile ({tiles.landscapes[code].name}) needs the board to give its {mark}"
        opening = NEEDS_OPENING.get(tiles.landscapes[code].effect)
        if opening and not opening[1](board, code):
            return f"landscape {code}'s tile ({tiles.landscapes[code].name}) needs the board to give {opening[0]}"
    colour_of = {y.id: y.colour for y in board.yield_spaces}
    for colour in YIELD_COLOURS:
        spaces = sum(colour_of[y] == colour for y in used_yield_spaces(board, players))
        have = sum(t.colour == colour for t in tiles.yields.values())
        if spaces > have:
            return f"{spaces} {colour} yield spaces with {players} players, but only {have} {colour} yield tiles"
    return ""


def lay_out(state: GameState, board: Board, automas: Collection[int], hooks: Hooks) -> None:
    """Steps 2-11, after the base game's draws: the tiles on the board, China's tiles in the draws and
    piles, a Landscape tile for each company but the Automas' (``automas``: their seats)."""
    b, comps, china = box(), components(), landscape_box()
    r = rng(state)
    own = state.modules[ChinaState.module] = ChinaState()
    own.landscapes = {code: code for code in board.landscapes}
    colour_of = {y.id: y.colour for y in board.yield_spaces}
    pools = {colour: sorted((t.id for t in china.yields.values() if t.colour == colour), key=int)
             for colour in YIELD_COLOURS}
    for pool in pools.values():
        r.shuffle(pool)
    own.yields = {y: pools[colour_of[y]].pop() for y in used_yield_spaces(board, state.seats)}
    # Steps 4-5: the game's draws again, China's tiles among them (and any other module's: added_bonus_tiles).
    draw_bonus_tiles(state, hooks, r)
    objectives = [*sorted(comps.objective_tiles), china.objective.id]
    state.objective = r.choice(objectives)
    left = [o for o in objectives if o != state.objective]
    r.shuffle(left)
    if b.objectives_beside in board.landscapes:  # step 9
        own.objectives = sorted(left[:b.objectives_laid_out])
    if state.patent_piles:  # step 6 (the full game): China's advanced tiles in their levels' piles
        own.tiles_removed = reshuffle_patent_piles(state, r, {level: [t.id for t in comps.china_tiles.values()
                                                                      if t.level == level] for level in (1, 2, 3)},
                                                   box().removed_per_pile)
    basic = [t.id for t in comps.china_tiles.values() if t.level == 0]  # step 10: the Landscape tile
    for c in state.companies:
        if c.seat not in automas:
            c.tiles += basic
