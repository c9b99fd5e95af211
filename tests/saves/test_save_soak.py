"""Soak: whole random games (every module, Automas, the Duel, other boards) whose save is checked at every
decision as the writer checks it, and saved and loaded back every few decisions and at the end: the checks
of impossible positions (issue 19) refuse nothing that legal play reaches. ``SAVE_SOAK_GAMES`` sets the count."""

from __future__ import annotations

import os
import random

import pytest

import automa
from barrage_tui.rules.game import Game
from barrage_tui.rules.sim import automa_setup, pick, random_setup
from saves import load_game, save_game
from saves.replay import check_writable

pytestmark = pytest.mark.slow

GAMES = int(os.environ.get("SAVE_SOAK_GAMES", 40))
LOAD_EVERY = 40  # decisions between two whole loads (a load replays the game: the slow part)
SETUPS = [dict(), dict(modules=("china",)), dict(modules=("overseas", "geological")), dict(board="yellow-river"),
          dict(modules=("duel",), players=2)]


def a_setup(r: random.Random, i: int):
    kind = dict(SETUPS[i % len(SETUPS)])
    players = kind.pop("players", None)
    automas = (i // len(SETUPS)) % 3
    if automas:
        return automa_setup(r, 1 if players == 2 else automas, players, **kind)
    return random_setup(r, players, False, **kind)


@pytest.mark.parametrize("i", range(GAMES))
def test_every_position_of_random_play_can_be_saved_and_loaded(tmp_path, i):
    r = random.Random(1000 + i)
    game = automa.attach(Game.new(a_setup(r, i)))
    path = tmp_path / "game.toml"
    while game.prompt is not None:
        game.choose(pick(r, game.prompt))
        check_writable(game)  # what save_game refuses: the loader's checks of the states it writes
        if len(game.log) % LOAD_EVERY == 0 or game.prompt is None:
            save_game(game, path)
            assert load_game(path, automa.attach).state == game.state
