"""The income phase of a human company (rulebook "Income"): every income slot its Bases, Elevations and
Conduits have uncovered gives its reward again. (An Automa's income: automa_turns.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rewards
from .components import components
from .construction import built
from .decisions import Flow

if TYPE_CHECKING:
    from .game import Game


def income(game: Game, seat: int) -> Flow[None]:
    company = game.state.companies[seat]
    board = components().companies[company.company]
    for structure in ("base", "elevation", "conduit"):
        for slot in board.income_slots(structure):
            if built(company, structure) >= slot:
                reward = board.income[structure][slot]
                game.event(f"{game.name(seat)} takes income: {rewards.describe(reward)}.", seat, "income")
                yield from rewards.gain(game, seat, reward, "income")
