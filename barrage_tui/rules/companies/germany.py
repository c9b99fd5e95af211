"""Germany: after each production action it may at once produce again with a different Powerhouse of its
own, without the action space's or the board's bonus; that one may fulfil a contract of its own."""

from .. import production
from .base import Ability


class SecondProduction(Ability):
    id = "second_production"

    def after_production(self, game, seat: int, powerhouse: str):
        if production.systems(game, seat, 0, second=True, exclude_powerhouse=powerhouse):
            yield from production.produce(game, seat, 0, optional=True, second=True, exclude_powerhouse=powerhouse)
