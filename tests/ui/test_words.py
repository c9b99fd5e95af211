"""Words a player reads on the app's screens: what the quit dialog of a finished game says, the legend's
samples."""

from __future__ import annotations

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.ui.app import GAME_OVER_SAVED
from barrage_tui.ui.screens.dialogs import ConfirmScreen

from .conftest import game_screen, help_text, screen_text
from .driver import default_setup


async def test_the_quit_dialog_of_a_finished_game_does_not_offer_to_continue_it(app_factory):
    game = Game.new(default_setup(2, 3))
    while not game.over:
        game.choose(game.prompt.choices[0].key)
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_request_quit()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = screen_text(app)
        assert GAME_OVER_SAVED in " ".join(text.split())
        assert "resumes" not in text and "--continue" not in text


async def test_the_legend_shows_a_company_of_this_game(app_factory):
    setup = Setup(seats=(SeatSetup("Ann", company="usa"), SeatSetup("Ben", company="italy")), seed=4)
    app = app_factory(game=Game.new(setup))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        game_screen(app)
        map_text = "\n".join(game_screen(app).query_one("#map").plain_lines)
        assert "U2 USA, 2 high" in map_text and "France" not in map_text  # the map's own legend
        text = await help_text(pilot)
        assert "USA's dam of height 2" in text and "USA has 2 Engineers on it" in text
        assert "France's" not in text and "France has" not in text
