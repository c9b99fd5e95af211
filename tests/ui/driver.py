"""Playing the app through key presses, as a player would: helpers for the UI tests and the benchmark."""

from __future__ import annotations

import random

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup


def default_setup(seats: int = 2, seed: int = 7, introductory: bool = False) -> Setup:
    return Setup(seats=tuple(SeatSetup(f"Player {i + 1}") for i in range(seats)), introductory=introductory,
                 seed=seed)


def at_first_action(seats: int = 2, seed: int = 7) -> Game:
    """A game of ``default_setup`` past the picks before round 1 (each seat takes the first offered)."""
    return past_the_picks(default_setup(seats, seed))


def past_the_picks(setup: Setup) -> Game:
    """A new game of ``setup`` at its first action: each seat takes the first pair and contract offered."""
    game = Game.new(setup)
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


def people(*seats: tuple[str, str, str], seed: int, options: dict | None = None) -> Game:
    """People with chosen (name, company, chief engineer), past the picks."""
    return past_the_picks(Setup(seats=tuple(SeatSetup(n, company=c, officer=o) for n, c, o in seats), seed=seed,
                                options=dict(options or {})))


def keys_for(index: int, current: int, count: int) -> list[str]:
    """The key presses that select choice ``index`` (0-based) when ``current`` is selected."""
    if index == current:
        return []
    number = index + 1
    if number <= 9 and (count < 10 or number * 10 > count):
        return [str(number)]
    if number >= 10:
        return list(str(number))  # two digits typed quickly
    # a one-digit number that could start a two-digit one: arrows are unambiguous
    step = "down" if index > current else "up"
    return [step] * abs(index - current)


def pick(rng: random.Random, prompt) -> int:
    """A seeded random driver's choice, nudged away from passing and banking so that games move."""
    from barrage_tui.rules.sim import weight

    weights = [weight(c.key) for c in prompt.choices]
    return rng.choices(range(len(prompt.choices)), weights=weights)[0]
