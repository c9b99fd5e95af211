"""Germany: after each production action it may at once produce again with a different Powerhouse of its
own, without the action space's or the board's bonus; that one may fulfil a contract of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import production
from ..engine.decisions import Flow
from .base import Ability

if TYPE_CHECKING:
    from ..game import Game


class SecondProduction(Ability):
    id = "second_production"

    def after_production(self, game: Game, seat: int, powerhouse: str, dams: tuple[str, ...] = ()) -> Flow[None]:
        if production.systems(game, seat, 0, second=True, exclude_powerhouse=powerhouse):
            yield from production.produce(game, seat, 0, optional=True, second=True, exclude_powerhouse=powerhouse)
