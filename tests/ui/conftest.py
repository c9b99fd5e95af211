"""Fixtures for the app's tests: an app that never touches the user's save folder, and key-press helpers."""

from __future__ import annotations

import asyncio
import gc
import inspect

import pytest

from barrage_tui.ui.app import BarrageApp
from barrage_tui.ui.screens.game import GameScreen
from barrage_tui.ui.screens.summary import RoundSummaryScreen

from .driver import keys_for


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests in a fresh event loop (no asyncio plugin is installed)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None


async def start_screen_ready(pilot):
    """Wait until the start screen has filled in what it loads in the background (chief engineers, saves).

    A fixed pause is not enough on a cold machine, where the first imports take longer.
    """
    from barrage_tui.ui.screens.start import StartScreen

    for _ in range(200):
        screen = pilot.app.screen
        if isinstance(screen, StartScreen) and screen.automa_ready:
            await pilot.pause()
            return screen
        await pilot.pause(0.05)
    raise AssertionError(f"the start screen did not finish loading; on screen: {pilot.app.screen!r}")


def make_app(tmp_path=None, **kw) -> BarrageApp:
    """An app for tests: saves in ``tmp_path`` (or none), a fixed seed, no blinking, no Automa delay."""
    kw.setdefault("seed", 4242)
    kw.setdefault("cursor_blink", False)
    kw.setdefault("automa_delay", 0.0)
    return BarrageApp(save_dir=(tmp_path / "saves") if tmp_path is not None else False, **kw)


@pytest.fixture(autouse=True)
def unfrozen_heap():
    """The app freezes what is alive where no key waits (screens/game.py: settle_heap): in the tests' process
    every finished test's app would stay; each test lets its own go."""
    yield
    gc.unfreeze()


@pytest.fixture
def app_factory(tmp_path):
    return lambda **kw: make_app(tmp_path, **kw)


def game_screen(app) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, got {screen!r}"
    return screen


async def choose(pilot, key: str) -> None:
    """Pick the choice ``key`` of the pending decision with the keys a player would press."""
    screen = game_screen(pilot.app)
    prompt = screen.session.game.prompt
    index = prompt.keys().index(key)
    for k in keys_for(index, screen.choice_list.index, len(prompt.choices)):
        await pilot.press(k)
    assert screen.choice_list.index == index
    await pilot.press("enter")
    await pilot.pause()


async def close_summaries(pilot) -> int:
    n = 0
    while isinstance(pilot.app.screen, RoundSummaryScreen):
        await pilot.press("enter")
        await pilot.pause()
        n += 1
    return n


def screen_text(app) -> str:
    """Everything on the screen as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def round_summary_text(app_factory, game) -> str:
    """The screen's text with the round summary of ``game``'s last scored round open over its table (160x50)."""
    from barrage_tui.ui.session import round_summary

    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.push_screen(RoundSummaryScreen(game, round_summary(game.events)))
        await pilot.pause()
        return screen_text(app)


async def hotseat(pilot, screen) -> None:
    """Make every seat of the start form a person, with the keys a player would use (the first run's
    form has an Automa in seat 2)."""
    from barrage_tui.ui.widgets.cycler import Cycler

    for kind in screen.query(".seat-kind").results(Cycler):
        kind.focus()
        while kind.value != "human":
            await pilot.press("left")
    await pilot.pause()


async def help_text(pilot, width: int = 300) -> str:
    """Open ``?`` as a player would and return all of its text, its white space folded (rows wrap)."""
    from barrage_tui.ui.screens.help import HelpScreen

    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    return " ".join(pilot.app.screen.plain_text(width).split())
