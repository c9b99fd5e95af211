"""The income phase of a human company (rulebook "Income"): every income slot its Bases, Elevations and
Conduits have uncovered gives its reward again. An income with a price (Brazil) is taken after the free
ones, each when the player pays for it (construction.take_priced). (An Automa's income: automa_turns.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import company_board, rewards
from .construction import take_priced
from .decisions import Flow

if TYPE_CHECKING:
    from .game import Game


def income(game: Game, seat: int) -> Flow[None]:
    incomes = company_board.uncovered(game.state.companies[seat])
    for found in incomes:
        if not found.price:
            game.event(f"{game.name(seat)} takes income: {rewards.describe(found.reward)}.", seat, "income")
            yield from rewards.gain(game, seat, found.reward, "income")
    priced = [i for i in incomes if i.price]
    if priced:
        yield from take_priced(game, seat, priced, "the Income phase")
