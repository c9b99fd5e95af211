"""Random games for the save tests: whole games played by the sim's weighted random bot, cached."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import Setup
from barrage_tui.rules.sim import play_random, random_setup

DATA = Path(__file__).parent / "data"
HANDMADE = DATA / "handmade-position.toml"


@cache
def random_game_log(seed: int, players: int | None = None, introductory: bool | None = None) -> tuple[Setup, tuple[str, ...]]:
    """The setup and whole choice log of one random game (deterministic in its arguments)."""
    r = random.Random(seed)
    setup = random_setup(r, players, introductory)
    result = play_random(setup, r.randrange(2**31), check=False)
    assert not result.error, result.error
    return setup, tuple(result.keys)


def game_at(setup: Setup, keys, n: int) -> Game:
    """A fresh copy of the game after its first ``n`` choices (with undo snapshots, as the app plays)."""
    fresh = Setup(setup.seats, setup.introductory, setup.seed, setup.promo_officers, dict(setup.options))
    return Game.replay(fresh, list(keys[:n]))


def keys_of(game: Game):
    return None if game.prompt is None else game.prompt.keys()


def assert_same_game(a: Game, b: Game) -> None:
    assert a.state == b.state
    assert keys_of(a) == keys_of(b)
    assert a.log == b.log
    assert a.over == b.over
