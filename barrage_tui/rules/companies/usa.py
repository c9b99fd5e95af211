"""USA: every drop that flows through a zone where it has a Powerhouse moves its Energy marker 1 step, in
any phase and whoever moved the drop (water.flow_drop asks ``passing_drop_nodes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability

if TYPE_CHECKING:
    from ..game import Game


class DropsThroughOwnPowerhouse(Ability):
    id = "water_through_own_powerhouse_gives_energy"

    def passing_drop_nodes(self, game: Game, seat: int) -> set[str] | None:
        board = game.board
        return {board.passage(board.powerhouses[p].zone) for p, o in game.state.powerhouses.items() if o == seat}
