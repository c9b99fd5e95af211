"""The start screen's Modules: the Overseas Companies and the Geological Factor, and what they bring."""

from __future__ import annotations

from barrage_tui.rules.setup import MODULES_OPTION
from barrage_tui.rules.modules.geological.state import tokens_of

from .conftest import game_screen, help_text, make_app, screen_text, start_screen_ready
from .test_chief_engineers import offered, pick


async def toggle(pilot, start, module: str) -> None:
    """Turn ``module`` on or off with the keys a player would use: Tab to the field, ←/→ to it, Space."""
    field = start.query_one("#modules")
    field.focus()
    for _ in range(len(field.items)):
        if field.current == module:
            break
        await pilot.press("right")
    assert field.current == module
    await pilot.press("space")
    await pilot.pause()


async def test_the_modules_are_off_and_japan_and_brazil_may_be_chosen(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        assert "[ ] Overseas" in screen_text(app) and "[ ] Geological" in screen_text(app)
        assert MODULES_OPTION not in start.setup().options
        companies = [v for _, v in start.query_one("#company-0").options]
        assert {"japan", "brazil"} <= set(companies)
        await pick(pilot, start, "company-0", "japan")
        assert "japan" in {s.company for s in start.setup().seats}


async def test_the_geological_factor_brings_angelo_alberti_and_says_what_it_does(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        assert "angelo" not in offered(start, 0)
        await toggle(pilot, start, "geological")
        assert "[x] Geological" in screen_text(app)
        assert "A Geological token on most valleys" in screen_text(app)  # the focused field's meaning
        assert "angelo" in offered(start, 0)
        await pick(pilot, start, "officer-0", "angelo")
        await toggle(pilot, start, "overseas")
        setup = start.setup()
        assert setup.options[MODULES_OPTION] == ["geological", "overseas"]
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).session.game
        assert tokens_of(game.state)  # the tokens are laid out
        assert "angelo" in {c.officer for c in game.state.companies}


async def test_switching_the_module_off_takes_angelo_back(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        await toggle(pilot, start, "geological")
        await pick(pilot, start, "officer-0", "angelo")
        await toggle(pilot, start, "geological")
        assert start.query_one("#officer-0").value == "" and "angelo" not in offered(start, 0)


async def test_the_duel_and_its_map_set_two_seats(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        await pick(pilot, start, "seats", 3)
        await toggle(pilot, start, "duel")
        assert start.query_one("#seats").value == 2 and len(start.setup().seats) == 2
        await toggle(pilot, start, "duel")
        await pick(pilot, start, "seats", 4)
        await pick(pilot, start, "board", "duel")
        await pilot.pause()
        assert start.query_one("#seats").value == 2
        assert start.setup().options["board"] == "duel"


async def test_the_help_names_a_reconstructed_board(app_factory):
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import SeatSetup, Setup

    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"), SeatSetup("B", company="italy",
                                                                                          officer="jill")),
                          seed=3, options={"board": "duel"}))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot)
        assert f"The board: {game.board.name}" in text and " ".join(game.board.assumed.split()) in text


async def test_at_80_columns_every_module_is_reached_in_its_one_line(tmp_path):
    """Six modules are wider than the form's line at 80x24: those around the cursor are shown, ‹ and › say more
    are to each side, and ←/→ bring the last one into view to be switched on."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await start_screen_ready(pilot)
        field = start.query_one("#modules")
        assert len(field.items) >= 6
        line = next(row for row in screen_text(app).splitlines() if "Modules" in row)
        assert line.rstrip(" │").endswith("›") and "‹" not in line  # the first ones, more to the right
        last = field.items[-1][0]
        await toggle(pilot, start, last)
        line = next(row for row in screen_text(app).splitlines() if "Modules" in row)
        assert f"[x] {field.items[-1][1]}" in line and "‹" in line and not line.rstrip(" │").endswith("›")
        assert last in start.setup().options[MODULES_OPTION]
        await pilot.press("tab")  # away: the first ones again, the mark says one out of view is on
        field.first, field.cursor = 0, 0
        field.refresh()
        await pilot.pause()
        line = next(row for row in screen_text(app).splitlines() if "Modules" in row)
        assert line.rstrip(" │").endswith("[x]›") and "[x] " not in line.split("Modules", 1)[1].rsplit("[x]›", 1)[0]
