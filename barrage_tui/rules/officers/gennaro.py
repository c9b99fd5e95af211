"""Gennardo Grasso (the Automa rules print "Gennaro"): a private construction space needing 2 Engineers,
once a round. The usual construction rules apply (Technology tile, machinery, wheel), so a company may make
up to five constructions a round from action spaces.

Mahiri copying him: she places 2 Engineers on the Bank, takes no credits for them, and builds
(actions.py offers it as the space "gennaro-bank").

A Very Hard Automa with him never uses the space; its column order and cheaper first construction of a
round: automa/officers.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..buildable import can_build
from ..construction import construct
from ..engine.decisions import Flow
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game


class Gennaro(Officer):
    id = "gennaro"
    private_spaces = ((2, 0),)
    private_action_label = "one more construction"
    copied_spaces_on_bank = True

    def private_action_possible(self, game: Game, seat: int) -> bool:
        return can_build(game, seat, game.state.companies[seat].credits)

    def private_action(self, game: Game, seat: int) -> Flow[None]:
        yield from construct(game, seat)
