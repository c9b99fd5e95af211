"""The Overseas Companies on screen: Japan's and Brazil's boards, their assumed incomes, Brazil's columns."""

from __future__ import annotations

from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.ui.widgets.company import CompanyBoard

from .conftest import game_screen, help_text
from .driver import people


def overseas_game() -> Game:
    return people(("Kei", "japan", "wilhelm"), ("Bia", "brazil", "jill"), seed=3)


def board_text(app, company: str) -> str:
    game = game_screen(app).session.game
    seat = next(c.seat for c in game.state.companies if c.company == company)
    return "\n".join(app.screen.query_one(f"#company-{seat}", CompanyBoard).plain_lines)


async def test_the_boards_show_every_income_column_with_its_price(app_factory):
    game = overseas_game()
    brazil = next(c for c in game.state.companies if c.company == "brazil")
    brazil.pieces["conduit"] -= 1
    brazil.columns_taken["conduit"] = [3]  # Brazil took its Conduit from the middle of the row
    app = app_factory(game=game)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause(0.2)
        text = board_text(app, "brazil")
        price = components().companies["brazil"].income_price["conduit"][3]
        assert f"3:3VP for {price}cr✓" in text and "1:1en " in text  # column 3 gone, column 1 not
        japan = board_text(app, "japan")
        elevations = next(line for line in japan.splitlines() if line.startswith("E income"))
        assert [f"{n}:" in elevations for n in range(1, 6)] == [True] * 5


async def test_the_help_says_which_board_incomes_are_assumed(app_factory):
    app = app_factory(game=overseas_game())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot, 200)
        for company in ("japan", "brazil"):
            assert components().companies[company].assumed in text
        assert "companies.toml" in text
        assert "column 5 loses 1 Excavator + 1 mixer" in text  # Brazil
