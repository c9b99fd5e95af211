"""France: a contract fulfilled with the Energy of a production action needs ``ability_amount`` (3) less
(national contracts too; not Energy from tiles or other effects)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import amount
from .base import Ability

if TYPE_CHECKING:
    from ..game import Game


class CheaperContracts(Ability):
    id = "contracts_minus_3"

    def contract_reduction(self, game: Game, seat: int) -> int:
        return amount(game, seat)
