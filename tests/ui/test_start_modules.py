"""The start screen's Modules: the Overseas Companies and the Geological Factor, and what they bring."""

from __future__ import annotations

from barrage_tui.rules.setup import MODULES_OPTION

from .conftest import game_screen, make_app, screen_text, start_screen_ready
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
        for _ in range(3):
            await pilot.pause()
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
        for _ in range(3):
            await pilot.pause()
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
        assert game.state.geology  # the tokens are laid out
        assert "angelo" in {c.officer for c in game.state.companies}


async def test_switching_the_module_off_takes_angelo_back(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        for _ in range(3):
            await pilot.pause()
        await toggle(pilot, start, "geological")
        await pick(pilot, start, "officer-0", "angelo")
        await toggle(pilot, start, "geological")
        assert start.query_one("#officer-0").value == "" and "angelo" not in offered(start, 0)
