"""The water on the map: drops that move are shown going down the rivers valley by valley, at the Automa's
pace (``automa_delay``), on a Textual timer; any key ends the show at once (and does what it does); the
round's summary waits for the water; the log says where each drop stopped."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from textual.pilot import Pilot

from barrage_tui.rules.game import Game
from barrage_tui.ui.screens.game import GameScreen
from barrage_tui.ui.widgets.map import DRAWN, TABLE, MapView

from .conftest import game_screen, screen_text
from .driver import default_setup, people, pick


def flowing_drop_game() -> Game:
    """Ann to place a flowing drop on a headstream (the Water management's 1-drop space)."""
    game = people(("Ann", "usa", "wilhelm"), ("Bob", "italy", "jill"), seed=5)
    seat = game.prompt.seat
    game.choose("place:water-d1")
    assert game.prompt.seat == seat and "headstream:HD" in game.prompt.keys()
    return game


def before_the_water_flow(seed: int = 8) -> tuple[Game, str]:
    """A game at the decision that ends round 1's actions (then the water flows), and that decision's key."""
    rng, keys = random.Random(seed), []
    game = Game.new(default_setup(2, seed))
    while True:
        key = game.prompt.choices[pick(rng, game.prompt)].key
        if any("paths" in e.data and e.seat < 0 for e in game.choose(key)):
            break
        keys.append(key)
    replay = Game.new(default_setup(2, seed))
    for k in keys:
        replay.choose(k)
    return replay, key


async def test_a_flowing_drop_goes_down_the_river_and_the_show_ends(app_factory):
    app = app_factory(game=flowing_drop_game(), automa_delay=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        mp = screen.query_one(MapView)
        assert mp.mode == DRAWN
        screen.choose("headstream:HD")
        assert mp.flowing
        assert any("●HD" in line for line in mp.plain_lines)  # the drop on its headstream, the first step
        for _ in range(40):
            if not mp.flowing:
                break
            await pilot.pause(0.05)
        assert not mp.flowing  # the show ended by itself
        assert not any("●HD" in line for line in mp.plain_lines)
        assert re.search(r"puts a drop on HD; it (stops at|leaves the board at) ", screen_text(app))  # the log


@asynccontextmanager
async def a_long_show(app_factory) -> AsyncIterator[tuple[Pilot, GameScreen, MapView]]:
    """A drop placed flowing, its show under way at a pace that would last minutes."""
    app = app_factory(game=flowing_drop_game(), automa_delay=30.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        mp = screen.query_one(MapView)
        screen.choose("headstream:HD")
        await pilot.pause()
        yield pilot, screen, mp


async def test_any_key_ends_the_show_and_still_does_what_it_does(app_factory):
    async with a_long_show(app_factory) as (pilot, screen, mp):
        assert mp.flowing
        index = screen.choice_list.index
        await pilot.press("down")
        assert not mp.flowing  # skipped: the drop is where it stopped
        assert screen.choice_list.index == index + 1  # and the key moved the selection as ever


async def test_the_key_that_ends_the_show_draws_the_map_with_what_it_does(app_factory):
    """The stopped drops are drawn with the key's own redraws, not before them: a map drawn alone in the key's
    handler could be painted alone, and the key's frame would then wait for Textual's next one."""
    async with a_long_show(app_factory) as (pilot, screen, mp):
        assert mp.flowing
        order: list[str] = []
        redraw, select = mp.redraw, screen._select
        mp.redraw = lambda: (order.append("map"), redraw())[1]
        screen._select = lambda index: (order.append("action"), select(index))[1]
        await pilot.press("down")
        assert order == ["action", "map"]
        assert not any("●HD" in line for line in mp.plain_lines)  # the drop where it stopped


async def test_a_key_that_draws_nothing_still_shows_where_the_water_stopped(app_factory):
    async with a_long_show(app_factory) as (pilot, screen, mp):
        assert any("●HD" in line for line in mp.plain_lines)
        await pilot.press("x")  # no key of the game's
        assert not mp.flowing
        await pilot.pause(0.3)
        assert not any("●HD" in line for line in mp.plain_lines)


async def test_the_rounds_summary_waits_for_the_water_and_the_log_says_where_each_drop_stopped(app_factory):
    from barrage_tui.ui.screens.summary import RoundSummaryScreen

    game, key = before_the_water_flow()
    app = app_factory(game=game, automa_delay=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        mp = screen.query_one(MapView)
        screen.choose(key)
        flowed = [e for e in game.events if "paths" in e.data and e.seat < 0]
        assert flowed and all(e.text.startswith(f"{len(e.data['paths'])} drop") for e in flowed)
        assert mp.flowing and not isinstance(app.screen, RoundSummaryScreen)
        for _ in range(100):
            if isinstance(app.screen, RoundSummaryScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, RoundSummaryScreen) and not mp.flowing
        for e in flowed:  # each drop's stop named, the ones that left counted ("..., 1 leaves.")
            stops = [p.stop for p in e.data["paths"]]
            left = sum(s in game.board.exits for s in stops)
            assert all(s in e.text for s in stops if s not in game.board.exits), e.text
            assert e.text.endswith(f"{left} leaves." if left == 1 else f"{left} leave."), e.text


async def test_m_switches_between_the_drawn_map_and_the_table_and_a_new_layout_keeps_it(app_factory):
    app = app_factory(game=flowing_drop_game())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        mp = game_screen(app).query_one(MapView)
        assert any(line.startswith("║1 mountain ▼") for line in mp.plain_lines)
        await pilot.press("m")
        await pilot.pause(0.1)
        assert mp.mode == TABLE and any(line.startswith("1 mountain ↓") for line in mp.plain_lines)
        assert "m Map" in screen_text(app).splitlines()[-1]  # the footer names the key
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.3)
        mp = game_screen(app).query_one(MapView)
        assert mp.mode == TABLE  # the compact layout's map too
        assert "m Map" not in screen_text(app).splitlines()[-1]  # no room there: ? lists it
        await pilot.press("m")
        await pilot.pause(0.1)
        assert mp.mode == DRAWN  # the key works there all the same


async def test_the_table_shows_no_water_moving_and_keeps_nobody_waiting(app_factory):
    app = app_factory(game=flowing_drop_game(), automa_delay=30.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("m")
        screen = game_screen(app)
        screen.choose("headstream:HD")
        assert screen.query_one(MapView).mode == TABLE and not screen.query_one(MapView).flowing
