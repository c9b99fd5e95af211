"""The price and the yield of a choice, before it is chosen: in the choice list and in `?`; the spaces
shown but not affordable, dimmed with why."""

from __future__ import annotations

from barrage_tui.ui.screens.help import HelpScreen
from tests.rules.helpers import empty_map_game

from .conftest import choose, game_screen


async def test_building_spaces_show_their_price_and_the_unaffordable_ones_say_why(app_factory):
    game, seat = empty_map_game(excavators=4, credits=3)  # a hill Base (4 Ex) yes, a mountain one (5 Ex) no
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await choose(pilot, "place:construct")
        await choose(pilot, "tile:base")
        assert screen.session.game.prompt.kind == "build_space"
        await pilot.pause()
        text = "\n".join(line.plain for line in screen.choice_list.build(200))
        assert "B5U: zone 5 (hill, red +3) · costs 4 Ex + 3 cr" in text  # the red +3 counted in the price
        assert "✗ B1L: zone 1 (mountain): needs 5 Ex, you have 4" in text  # legal, not affordable: why
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = " ".join(app.screen.plain_text(width=400).split())
        assert "Costs 4 Excavators + 3 credits (3 of them for the red outline)." in help_text
        assert "Not offered: needs 5 Ex, you have 4" in help_text
