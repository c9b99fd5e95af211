"""The log panel: the newest events are always on screen, page by page, through a whole game."""

from __future__ import annotations

import random

from barrage_tui.rules.game import Game
from barrage_tui.ui.screens.game import GameScreen

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
