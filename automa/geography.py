"""How the pieces on the map relate: basins, conduits, the river (the vocabulary of automa.md 6.3).

A basin's Conduits are the conduit spaces that start in it; a Conduit delivers to the powerhouse spaces
of its end zone; water leaving a Powerhouse runs on down the river from the basin's powerhouse passage.
"Own" is the seat asking, "opponent" any other company, "neutral" the neutral dams (and powerhouses).
Everything is read from the game's own board (``geo(game)``).

Decision (the Automa rules know only the base map): a branching conduit (a board's ``branch``) counts, for
the Automa's criteria, as leading to its first target only; its productions still see every open branch
(they are the rules' systems).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from barrage_tui.rules import Board, GameState, NEUTRAL, course

if TYPE_CHECKING:
    from barrage_tui.rules import Game

OWN, NEUTRAL_OWNER, OPPONENT = "own", "neutral", "opponent"


def relation(owner: int, seat: int) -> str:
    if owner == seat:
        return OWN
    return NEUTRAL_OWNER if owner == NEUTRAL else OPPONENT


def geo(game: Game) -> Geography:
    """The geography of the game's board."""
    return _of(game.board)


@cache
def _of(board: Board) -> Geography:  # a board is hashed by identity: one Geography per board loaded
    return Geography(board)


class Geography:
    def __init__(self, board: Board):
        self.board = board

    def zone(self, space: str) -> int:
        return self.board.zone_of(space)

    def dam_relations(self, state: GameState, basin: int, seat: int) -> set[str]:
        """Who holds the Dams in a basin (own / neutral / opponent)."""
        return {relation(state.dams[s].owner, seat) for s in self.board.zones[basin].dam_spaces if s in state.dams}

    def powerhouse_relations(self, state: GameState, basin: int, seat: int) -> set[str]:
        return {relation(state.powerhouses[s], seat) for s in self.board.zones[basin].powerhouse_spaces
                if s in state.powerhouses}

    def conduits_from(self, basin: int) -> tuple[str, ...]:
        return self.board.zones[basin].conduits

    def conduits_into(self, basin: int) -> list[str]:
        return [c.id for c in self.board.conduits.values() if c.targets[0] == basin]

    def delivers_to(self, conduit: str) -> int:
        return self.board.conduits[conduit].targets[0]

    def value(self, conduit: str) -> int:
        return self.board.conduits[conduit].production

    def river_below(self, state: GameState, node: str) -> Iterator[str]:
        """The river nodes downstream of ``node`` (not ``node`` itself), down to the exit, along the course in
        force (a built landscape's diversion: board_features.course)."""
        down = course(self.board, state.uncovered)
        while True:
            node = down[node]
            if self.board.is_exit(node):
                return
            yield node

    def first_dam_below_powerhouses(self, state: GameState, basin: int) -> str | None:
        """The first built Dam that water leaving the Powerhouses of ``basin`` meets (any fill state)."""
        for node in self.river_below(state, self.board.passage(basin)):
            if node in state.dams:
                return node
        return None

    def basins_below_powerhouses(self, state: GameState, basin: int) -> set[int]:
        """Basins that water leaving the Powerhouses of ``basin`` reaches with no Dam in between: the walk
        stops at the first built Dam, whose basin is still reached (automa.md 6.3, 12 #24)."""
        dams = self.board.dams
        reached = set()
        for node in self.river_below(state, self.board.passage(basin)):
            if node in dams:
                reached.add(dams[node].zone)
                if node in state.dams:
                    break
        return reached
