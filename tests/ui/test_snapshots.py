"""Pictures of the key screens (SVG snapshots; `pytest --snapshot-update` after a deliberate change).

The app gets a fixed seed, no save folder and no blinking cursor, so the pictures do not change by
themselves."""

from __future__ import annotations

import random

from barrage_tui.rules.game import Game
from barrage_tui.ui.app import BarrageApp

from .conftest import start_screen_ready
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


async def settle(pilot):
    await pilot.pause(0.3)


def test_start_screen(snap_compare):
    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=start_screen_ready)


def test_game_screen_160x50(snap_compare):
    assert snap_compare(app_with(started_game()), terminal_size=(160, 50), run_before=settle)


def test_game_screen_80x24(snap_compare):
    assert snap_compare(app_with(started_game()), terminal_size=(80, 24), run_before=settle)


def test_help_screen(snap_compare):
    async def open_help(pilot):
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(app_with(started_game()), terminal_size=(120, 40), run_before=open_help)


def test_end_of_game_screen(snap_compare):
    assert snap_compare(app_with(finished_game()), terminal_size=(120, 40), run_before=settle)
