"""Simone Luciani (promo): hand limit 4; one production may fulfil several contracts whose needs add up
to no more than its Energy."""

from .base import Officer


class Simone(Officer):
    id = "simone"
    hand_limit = 4

    def energy_for_more_contracts(self, energy: int, need: int) -> int | None:
        return energy - need  # the contracts' needs add up to no more than the production's Energy
