"""Every random draw of a game: a generator seeded from (the game's seed, a counter kept in the state), so a
state holds all of its randomness and the same choices always give the same game."""

from __future__ import annotations

import random
from typing import Protocol


class Drawn(Protocol):
    """What a draw needs of a game's state (``GameState`` is one)."""

    seed: int
    rng_counter: int


def rng(state: Drawn) -> random.Random:
    """The next random generator of this game."""
    state.rng_counter += 1
    return random.Random(f"{state.seed}:{state.rng_counter}")
