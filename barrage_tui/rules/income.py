"""The income phase of a human company (rulebook "Income"): every income slot its Bases, Elevations and
Conduits have uncovered gives its reward again. (An Automa's income: automa_turns.py.)"""

from __future__ import annotations

from . import rewards
from .components import components
from .construction import INCOME_SLOTS, built


def income(game, seat: int):
    company = game.state.companies[seat]
    income = components().companies[company.company].income
    for structure in ("base", "elevation", "conduit"):
        for slot in INCOME_SLOTS:
            if built(company, structure) >= slot:
                reward = income[structure][slot]
                game.event(f"{game.name(seat)} takes income: {rewards.describe(reward)}.", seat, "income")
                yield from rewards.gain(game, seat, reward, "income")
