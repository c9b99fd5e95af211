"""Margot Fouche (The Leeghwater Project): a private space (1 Engineer, once a round): the action of one private
building her company built, even one it already used this round through the building's own action spaces.

The private buildings are the module's: their action is its (the hook ``officer_action``;
rules/modules/leeghwater/buildings.py). Without the module she is never dealt (officers.toml
``requires``).

Decision (the issue's dispute): the rulebook's "placing 1 of your workers on the bank ... no money" is Mahiri's
copy of her (officers.toml ``copying``): the copied space is used through the Bank, no credits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.decisions import Flow
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game


class Margot(Officer):
    id = "margot"
    private_spaces = ((1, 0),)
    private_action_label = "the action of a private building you built, once more"
    copied_spaces_on_bank = True

    def private_action_possible(self, game: Game, seat: int) -> bool:
        return any(action(game, seat, self.id) is not None for action in game.hooks.officer_action)

    def private_action(self, game: Game, seat: int) -> Flow[None]:
        for action_of in game.hooks.officer_action:
            if (action := action_of(game, seat, self.id)) is not None:
                yield from action()
                return
