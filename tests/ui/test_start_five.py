"""The start screen's fifth seat: offered on the 4-5 player map with a fifth company (the Overseas Companies),
never elsewhere; and a name wider than its field cut with …, never blank."""

from __future__ import annotations

from textual.app import App, ComposeResult

from barrage_tui.ui.widgets.cycler import Cycler

from .conftest import game_screen, make_app, screen_text, start_screen_ready
from .test_chief_engineers import pick
from .test_start_modules import toggle


def counts(start) -> list[int]:
    return [v for _, v in start.query_one("#seats", Cycler).options]


async def test_five_seats_on_the_five_map_with_a_fifth_company_only(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        assert counts(start) == [1, 2, 3, 4]  # the base map
        await pick(pilot, start, "board", "five")
        await pilot.pause()
        assert counts(start) == [4] and start.query_one("#seats").value == 4  # the base game's 4 companies
        await toggle(pilot, start, "overseas")
        assert counts(start) == [4, 5]
        await pick(pilot, start, "seats", 5)
        await pilot.pause()
        assert len(start.query(".seat-company")) == 5
        await pick(pilot, start, "company-4", "japan")
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).session.game
        assert game.state.seats == 5 and game.board.id == "five"


async def test_the_introductory_game_and_the_base_map_take_the_fifth_seat_back(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        await pick(pilot, start, "board", "five")
        await toggle(pilot, start, "overseas")
        await pick(pilot, start, "seats", 5)
        await pick(pilot, start, "mode", True)
        await pilot.pause()
        assert counts(start) == [4] and len(start.query(".seat-company")) == 4
        await pick(pilot, start, "mode", False)
        await pick(pilot, start, "seats", 5)
        await pick(pilot, start, "board", "")
        await pilot.pause()
        assert counts(start) == [1, 2, 3, 4] and start.query_one("#seats").value == 1
        assert "Cannot start" not in screen_text(app)


class _Narrow(App):
    CSS = "Cycler { width: 13; }"

    def compose(self) -> ComposeResult:
        yield Cycler([("Netherlands", "netherlands"), ("USA", "usa")], "netherlands")


async def test_a_name_wider_than_its_field_is_cut_not_blank():
    app = _Narrow()
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        assert app.query_one(Cycler).render().plain == "◀ Nether… ▶"
        assert "◀ Nether… ▶" in screen_text(app)
