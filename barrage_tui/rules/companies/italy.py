"""Italy: after each production action its Energy marker moves ``ability_amount`` (3) more steps; they do not
count toward the contract fulfilled with that production."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.decisions import Flow
from . import amount
from .base import Ability

if TYPE_CHECKING:
    from ..game import Game


class EnergyAfterProduction(Ability):
    id = "plus_3_energy_after_production"

    def after_production(self, game: Game, seat: int, powerhouse: str, dams: tuple[str, ...] = ()) -> Flow[None]:
        extra = amount(game, seat)
        game.state.companies[seat].energy += extra
        game.event(f"{game.name(seat)} gains {extra} more energy (its company ability).", seat, "energy")
        return
        yield
