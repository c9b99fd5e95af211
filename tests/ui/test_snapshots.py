"""Pictures of the key screens (SVG snapshots in tests/ui/snapshots/; `pytest --snapshot-update` after a
deliberate change). Each test: the app, the terminal size, the keys pressed, the file.

The app gets a fixed seed, no save folder and no blinking cursor, so the pictures do not change by
themselves."""

from __future__ import annotations

import random

from barrage_tui.rules.game import Game
from barrage_tui.ui.app import BarrageApp

from .conftest import start_screen_ready
from .screenshots import assert_screen
from .driver import default_setup, pick


def app_with(game=None, **kw) -> BarrageApp:
    return BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0, game=game, **kw)


def started_game(seats: int = 3, seed: int = 8, decisions: int = 12) -> Game:
    """A game some way into round 1 (a few buildings, engineers on the board)."""
    game = Game.new(default_setup(seats, seed))
    rng = random.Random(seed)
    for _ in range(decisions):
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    return game


def finished_game(seed: int = 31) -> Game:
    game = Game.new(default_setup(2, seed))
    rng = random.Random(seed)
    while game.prompt is not None:
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    return game


async def test_start_screen(snapshot):
    await assert_screen(snapshot, app_with(), (80, 24), [], "start_screen.svg", ready=start_screen_ready)


async def test_game_screen_160x50(snapshot):
    await assert_screen(snapshot, app_with(started_game()), (160, 50), [], "game_screen_160x50.svg")


async def test_game_screen_80x24(snapshot):
    await assert_screen(snapshot, app_with(started_game()), (80, 24), [], "game_screen_80x24.svg")


async def test_help_screen(snapshot):
    await assert_screen(snapshot, app_with(started_game()), (120, 40), ["question_mark"], "help_screen.svg")


async def test_end_of_game_screen(snapshot):
    await assert_screen(snapshot, app_with(finished_game()), (120, 40), [], "end_of_game_screen.svg")


async def test_log_screen(snapshot):
    from .test_log_screen import automa_game

    # the Automa's last turn from its cards, its reasoning open
    await assert_screen(snapshot, app_with(automa_game()), (100, 30), ["L", *["up"] * 5, "enter"], "log_screen.svg")


async def test_confirm_step_80x24(snapshot):
    from dataclasses import replace

    from barrage_tui.rules.engine.decisions import PromptKind
    from barrage_tui.rules.setup import CONFIRM_OPTION

    game = Game.new(replace(default_setup(2, 8), options={CONFIRM_OPTION: True}))
    rng = random.Random(8)
    while game.prompt.kind != PromptKind.END_TURN or game.state.round < 1:
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    await assert_screen(snapshot, app_with(game), (80, 24), [], "confirm_step_80x24.svg")
