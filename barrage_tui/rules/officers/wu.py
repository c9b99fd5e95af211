"""Wu Fang: a private space (1 Engineer, once a round): produce Energy equal to the drops held behind
your own dams, at once and without moving them, with no bonus of any kind. The Energy moves the marker and
may fulfil 1 contract.

Decision (UNVERIFIED in the reference): this is not a production through a Powerhouse, so it fulfils a
contract like the L2 Base / L3 Conduit energy does: one from your hand, no National contract, no France
reduction, and no company ability (Germany, Italy, USA) follows. Neutral dams are not "your Dams". With no
drop held the space gives nothing and is not offered (an action must really be done).

Mahiri copying him: she places 1 Engineer on the Bank, takes no credit for it, and does the action
(actions.py offers it as the space "wu-bank").

A Very Hard Automa with him: automa/officer_wu.py (his action before the card) and his Base-then-Elevation
override (automa/data/officers.toml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contracts import fulfil
from ..engine.decisions import Flow
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game


def held_drops(game: Game, seat: int) -> int:
    return sum(d.drops for d in game.state.dams.values() if d.owner == seat)


class Wu(Officer):
    id = "wu"
    private_spaces = ((1, 0),)
    private_action_label = "produce energy equal to the drops held behind your dams (they stay)"
    copied_spaces_on_bank = True

    def private_action_possible(self, game: Game, seat: int) -> bool:
        return held_drops(game, seat) >= 1

    def private_action(self, game: Game, seat: int) -> Flow[None]:
        energy = held_drops(game, seat)
        game.state.companies[seat].energy += energy
        game.event(f"{game.name(seat)} produces {energy} energy from the drops held behind their dams "
                   f"(Wu Fang); the drops stay.", seat, "energy")
        yield from fulfil(game, seat, energy, production=False)
