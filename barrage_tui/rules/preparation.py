"""The Duel map's preparation and positional tiles (rulebook "Duell", setup steps 3-5; sammelbecken.md 3.2).

A board with ``[[preparation_tile]]`` tables (docs/board-format.md) lays them at setup: the positional tiles
1..N are shuffled (a draw of the game's seeded draws, after every other) and one lies under each
preparation tile, in the board file's order. A tile goes on its slot of the position its number names:
a neutral-dam tile builds a neutral dam there with its drops; any other tile blocks the space (nobody may
build on it, for the whole game); a tile whose position has no such slot (a Powerhouse tile at position 8
of the Duel map) goes back to the box. The draw is ``GameState.preparation`` (tile -> number), so a save
holds it; the blocked spaces are worked out from it and the board.
"""

from __future__ import annotations

from functools import lru_cache

from .boards import Board, PreparationTile
from .engine.draws import rng
from .state import NEUTRAL, DamState, GameState


def lay_out(state: GameState, board: Board) -> None:
    """Setup: the positional tiles shuffled under the preparation tiles, the neutral dams built."""
    if not board.preparation_tiles:
        return
    numbers = sorted(board.positions)
    rng(state).shuffle(numbers)
    state.preparation = {t.id: n for t, n in zip(board.preparation_tiles, numbers)}
    for tile in board.preparation_tiles:
        space = space_of(board, tile, state.preparation[tile.id])
        if tile.neutral_dam and space:
            state.dams[space] = DamState(owner=NEUTRAL, height=tile.neutral_dam, drops=tile.drops)
            state.drops_created += tile.drops


def space_of(board: Board, tile: PreparationTile, number: int) -> str:
    """The space a tile lies on at position ``number`` ("": back in the box, the position lacks its slot)."""
    return board.positions[number].get(tile.slot, "")


@lru_cache(maxsize=256)  # one board's draws; a host plays many tables
def _blocked(board: Board, drawn: tuple[tuple[str, int], ...]) -> frozenset[str]:
    tiles = {t.id: t for t in board.preparation_tiles}
    return frozenset(space_of(board, tiles[t], n) for t, n in drawn if not tiles[t].neutral_dam) - {""}


def blocked_spaces(board: Board, preparation: dict[str, int]) -> frozenset[str]:
    """The spaces under a blocking preparation tile."""
    return _blocked(board, tuple(sorted(preparation.items()))) if preparation else frozenset()


def laid(board: Board, preparation: dict[str, int]) -> list[tuple[PreparationTile, int, str]]:
    """Each preparation tile with its positional number and its space ("": back in the box), for the app."""
    return [(t, preparation[t.id], space_of(board, t, preparation[t.id]))
            for t in board.preparation_tiles if t.id in preparation]
