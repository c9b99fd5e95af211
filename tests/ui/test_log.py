"""The log panel: the newest events are always on screen, page by page, through a whole game."""

from __future__ import annotations

import random

from textual.app import App

from barrage_tui.rules import Event
from barrage_tui.rules.game import Game
from barrage_tui.ui.screens.game import GameScreen
from barrage_tui.ui.view import View
from barrage_tui.ui.widgets.log import GameLog

from .conftest import game_screen
from .driver import default_setup, pick


async def test_the_newest_event_is_always_in_the_log(app_factory):
    # The log shows a window of the latest events that slides as old ones drop out; its page must
    # follow the events, not a line number (it once went blank when the window slid under it).
    game = Game.new(default_setup(2, 4))
    app = app_factory(game=game)
    rng = random.Random(4)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one("#log")
        while not game.over:
            screen.choose(game.prompt.choices[pick(rng, game.prompt)].key)
            await pilot.pause()
            while not game.over and not isinstance(app.screen, GameScreen):  # a round summary: close it
                await pilot.press("enter")
                await pilot.pause()
            shown = " ".join(log.render_line(y).text.strip() for y in range(log.size.height))
            newest = game.events[-1].text.split()
            assert " ".join(newest[:3]) in shown, (len(game.events), shown)



class _Game:
    """As much of a game as the log reads: its events."""

    def __init__(self) -> None:
        self.events: list[Event] = []


class _LogApp(App[None]):
    CSS = "GameLog { height: 8; border: round white; }"  # 6 rows inside the border, as at 160x50
    AUTO_FOCUS = None  # (focused, the log shows every event, scrolled by keys)

    def compose(self):
        yield GameLog(id="log")


async def test_the_log_adds_lines_below_and_jumps_by_half_when_full():
    # A jump scroll: new lines that fit are added below the old ones, which stay on their rows; lines that
    # do not fit start a page filled to half the panel, newest last (the rest is free for later ones), or
    # more when the lines not shown yet need it.
    game = _Game()
    app = _LogApp()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()

        async def add(*texts: str) -> list[str]:
            game.events += [Event(t) for t in texts]
            log.show(View(game))  # (the log reads only the events)
            await pilot.pause()
            rows = [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]
            assert len(rows) == 6
            return [r for r in rows if r]

        assert await add("e1", "e2", "e3") == ["e1", "e2", "e3"]
        assert await add("e4", "e5") == ["e1", "e2", "e3", "e4", "e5"]  # added below, the rest in place
        assert await add("e6") == ["e1", "e2", "e3", "e4", "e5", "e6"]
        assert await add("e7") == ["e5", "e6", "e7"]  # full: a page of half the panel, newest last
        assert await add("e8", "e9") == ["e5", "e6", "e7", "e8", "e9"]
        assert await add("e10", "e11") == ["e9", "e10", "e11"]
        assert await add("e12", "e13", "e14", "e15") == ["e12", "e13", "e14", "e15"]  # more than half: the new
        assert await add(*(f"f{i}" for i in range(8))) == [f"f{i}" for i in range(2, 8)]  # too many: the newest
