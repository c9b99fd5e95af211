"""The China Challenge's setup (seed 002; digest sammelbecken.md 1.2): on a board with landscape spaces (the
Yellow River), with the "china" module on. The facts are data/china-challenge.toml; what a landscape, a yield
tile or one of China's tiles does is the landscapes module's (rules/landscapes.py), which reads what this
lays out in the state:

- ``landscape_tiles``: landscape space -> the tile on it (step 2: each tile on the space with its code, so
  the tile's id is the code); a built landscape's tile leaves it (the landscapes module);
- ``yield_tiles``: yield space -> the tile on it (step 3), drawn per colour, the spaces the player count
  skips left empty;
- ``landscape_objectives``: landscape code -> the objective tiles laid beside it (step 9: 3 beside A5);
- ``patents_removed``: the advanced tiles taken out of the level piles (step 6, one per pile).

China's bonus tile and objective tile join the game's draws (steps 4-5), its advanced tiles the level piles
(step 6), and each person's company gets the "Landscape" technology tile (step 10), for each of those tiles
the data has (the landscapes module defines them; the base game's draws never see them: ``bonus_pool``,
``objective_pool``, ``advanced_pile``, ``is_china_tile``).
The 2 neutral Powerhouses stand beside the board (step 11): a covered neutral powerhouse space gets one when
its landscape is built (board_features.uncover).

Every draw comes from the game's seeded draws, after the base game's, the Geological tokens' and the Duel's
(setup.new_state), so a game without the module is drawn exactly as before.

Decisions (UNVERIFIED: the rulebook does not say; also in the data and docs/yellow-river.md):
- the setup applies to any board with landscape spaces when the module is on (a corrected Yellow River, or
  another board); on a board without landscapes the module brings only the China company;
- the 18 yield tiles' colours are invented (data); a board whose yield spaces of one colour outnumber the
  tiles of that colour is refused at setup (``problem``);
- an Automa gets no Landscape tile: it never builds a landscape (automa/README.md); the tile goes with the
  seat's company when a person takes an Automa's drawn pair (setup._reseated);
- China's bonus tile is drawn like the others also in the introductory game (where no advanced tile is
  used, so no pile loses a tile);
- the objective tiles beside A5 are drawn from all those left after the game's objective, China's included.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from .boards import YIELD_COLOURS, Board
from .components import components, load_data
from .draws import rng
from .state import GameState

MODULE = "china"


@dataclass(frozen=True)
class ChinaTiles:
    """China's tiles' ids in the other data files."""

    bonus_tile: int
    objective_tile: int
    advanced_tiles: tuple[str, ...]
    technology_tile: str


@dataclass(frozen=True)
class Box:
    objectives_beside: str
    objectives_laid_out: int
    removed_per_pile: int
    neutral_powerhouses: int
    tiles: ChinaTiles
    yield_colours: Mapping[str, str]  # yield tile -> its colour


@cache
def box() -> Box:
    raw = load_data("china-challenge")
    s, t = raw["setup"], raw["china_tiles"]
    tiles = ChinaTiles(t["bonus_tile"], t["objective_tile"], tuple(t["advanced_tiles"]), t["technology_tile"])
    colours = {y["id"]: y["colour"] for y in raw["yield_tile"]}
    return Box(s["objectives_beside"], s["objectives_laid_out"], s["removed_per_pile"], s["neutral_powerhouses"],
               tiles, MappingProxyType(colours))


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
    b = box()
    neutral = sum(p.neutral for p in board.powerhouses.values())
    if neutral > b.neutral_powerhouses:
        return f"{neutral} neutral powerhouse spaces, but the box has {b.neutral_powerhouses} neutral Powerhouses"
    colour_of = {y.id: y.colour for y in board.yield_spaces}
    for colour in YIELD_COLOURS:
        spaces = sum(colour_of[y] == colour for y in used_yield_spaces(board, players))
        tiles = sum(c == colour for c in b.yield_colours.values())
        if spaces > tiles:
            return f"{spaces} {colour} yield spaces with {players} players, but only {tiles} {colour} yield tiles"
    return ""


def bonus_pool(introductory: bool) -> list[int]:
    """The bonus tiles the base game draws its 5 from (the introductory game: its introductory ones)."""
    return [t.id for t in components().bonus_tiles.values()
            if (t.introductory or not introductory) and t.id != box().tiles.bonus_tile]


def objective_pool() -> list[int]:
    return sorted(o for o in components().objective_tiles if o != box().tiles.objective_tile)


def advanced_pile(level: int) -> list[str]:
    """The base game's advanced tiles of ``level``, in the data's order (before shuffling)."""
    return [t.id for t in components().advanced_tiles.values()
            if t.level == level and t.id not in box().tiles.advanced_tiles]


def lay_out(state: GameState, board: Board, automas: Collection[int]) -> None:
    """Steps 2-11, after the base game's draws: the tiles on the board, China's tiles in the draws and
    piles, a Landscape tile for each company but the Automas' (``automas``: their seats)."""
    b, comps = box(), components()
    tiles = b.tiles
    r = rng(state)
    state.landscape_tiles = {code: code for code in board.landscapes}
    colour_of = {y.id: y.colour for y in board.yield_spaces}
    pools = {colour: sorted((t for t, c in b.yield_colours.items() if c == colour), key=int)
             for colour in YIELD_COLOURS}
    for pool in pools.values():
        r.shuffle(pool)
    state.yield_tiles = {y: pools[colour_of[y]].pop() for y in used_yield_spaces(board, state.seats)}
    # Steps 4-5: the game's draws again, China's tiles among them (the base game's draw had them out).
    bonus = bonus_pool(state.introductory) + [tiles.bonus_tile] * (tiles.bonus_tile in comps.bonus_tiles)
    r.shuffle(bonus)
    state.bonus_tiles = bonus[:len(state.bonus_tiles)]
    objectives = objective_pool() + [tiles.objective_tile] * (tiles.objective_tile in comps.objective_tiles)
    state.objective = r.choice(objectives)
    left = [o for o in objectives if o != state.objective]
    r.shuffle(left)
    if b.objectives_beside in board.landscapes:  # step 9
        state.landscape_objectives = {b.objectives_beside: sorted(left[:b.objectives_laid_out])}
    if state.patent_piles:  # step 6 (the full game)
        _patent_piles(state, r)
    if _known(tiles.technology_tile):  # step 10
        for c in state.companies:
            if c.seat not in automas:
                c.tiles.append(tiles.technology_tile)


def is_china_tile(tile: str) -> bool:
    """One of China's technology tiles (none of them is a company's basic tile in the base game)."""
    t = box().tiles
    return tile == t.technology_tile or tile in t.advanced_tiles


def _known(tile: str) -> bool:
    comps = components()
    return any(tile in table for table in (comps.basic_tiles, comps.advanced_tiles, comps.special_tiles))


def _patent_piles(state: GameState, r: random.Random) -> None:
    """Step 6: China's advanced tiles (each in its level's pile), each pile shuffled and ``removed_per_pile``
    taken out to the box; then the Patent Office's 3 tiles of level I again (setup.new_state's rule)."""
    comps, own = components(), box().tiles.advanced_tiles
    state.patents_removed = []
    for level in sorted(state.patent_piles, key=int):
        pile = advanced_pile(int(level)) + [t for t in own if t in comps.advanced_tiles
                                            and comps.advanced_tiles[t].level == int(level)]
        r.shuffle(pile)
        state.patents_removed += [pile.pop() for _ in range(box().removed_per_pile)]
        state.patent_piles[level] = pile
    offered = len(state.patent_offer)
    state.patent_offer = [state.patent_piles["1"].pop() for _ in range(offered)]
