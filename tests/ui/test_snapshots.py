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


def test_log_screen(snap_compare):
    from .test_log_screen import automa_game

    async def open_log(pilot):
        await settle(pilot)
        await pilot.press("L", *["up"] * 5, "enter")  # the Automa's last turn from its cards, its reasoning open
        await settle(pilot)

    assert snap_compare(app_with(automa_game()), terminal_size=(100, 30), run_before=open_log)


def test_confirm_step_80x24(snap_compare):
    from dataclasses import replace

    from barrage_tui.rules.decisions import PromptKind
    from barrage_tui.rules.setup import CONFIRM_OPTION

    game = Game.new(replace(default_setup(2, 8), options={CONFIRM_OPTION: True}))
    rng = random.Random(8)
    while game.prompt.kind != PromptKind.END_TURN or game.state.round < 1:
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    assert snap_compare(app_with(game), terminal_size=(80, 24), run_before=settle)
