"""The start screen: one person against a Medium Automa on a first run, then the last setup remembered."""

from __future__ import annotations

from barrage_tui.rules.automa_levels import levels
from barrage_tui.rules.setup import SeatSetup, automa_difficulty
from barrage_tui.ui import last_setup
from barrage_tui.ui.screens.start import DEFAULT_OPPONENT, automa_kinds

from .conftest import game_screen, make_app, screen_text, start_screen_ready


def test_the_first_runs_opponent_is_the_automas_default_level():
    assert DEFAULT_OPPONENT in automa_kinds()
    assert DEFAULT_OPPONENT[1] == f"automa:{automa_difficulty(SeatSetup('A', 'automa'))}"
    assert automa_difficulty(SeatSetup("A", "automa")) in levels()


async def test_a_first_run_offers_one_person_against_a_medium_automa(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        setup = start.setup()
        assert [(s.name, s.kind, s.difficulty) for s in sorted(setup.seats, key=lambda s: s.kind)] == [
            ("Automa", "automa", "medium"), ("Player 1", "human", "")]


async def test_a_seat_with_its_default_name_is_renamed_with_its_kind(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        start.query_one("#kind-1").focus()
        await pilot.press("left", "left")  # Automa easy, then Human
        await pilot.pause()
        assert start.query_one("#name-1").value == "Player 2"
        assert "Seat 2  Player 2" in screen_text(app)  # shown, not only set
        start.query_one("#name-1").focus()
        await pilot.press("ctrl+u", *"Bea")
        start.query_one("#kind-1").focus()
        await pilot.press("right")  # an Automa again: a typed name stays
        await pilot.pause()
        assert start.query_one("#name-1").value == "Bea"


async def test_the_start_screen_shows_the_last_setup_again(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        start.query_one("#seats").focus()
        await pilot.press("right")  # 3 seats
        await pilot.pause()
        start.query_one("#name-0").focus()
        await pilot.press("ctrl+u", *"Ann")
        start.query_one("#kind-2").focus()
        await pilot.press("right", "right", "right")  # Automa hard
        start.query_one("#company-0").focus()
        await pilot.press("right", "right")  # Germany
        start.query_one("#confirm").focus()
        await pilot.press("right")  # off
        wanted = start.form_values()
        assert wanted["seat"][2]["kind"] == "automa:hard" and wanted["seat"][0]["company"] == "germany"
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        game_screen(app)
    app = make_app(tmp_path, seed=99)
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        for _ in range(5):
            await pilot.pause()
        assert start.form_values() == wanted
        assert start.query_one("#seed").value == "99"  # a new seed all the same


async def test_a_broken_or_foreign_memory_is_ignored(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    for text in ("not toml [", 'seat = "x"', "x" * (last_setup.MAX_BYTES + 10),
                 'seats = 9\nseat = [{kind = "robot", name = 3}]\nmode = "maybe"'):
        (folder / last_setup.FILE_NAME).write_text(text)
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            start = await start_screen_ready(pilot)
            for _ in range(3):
                await pilot.pause()
            seats = start.setup().seats
            assert sorted(s.kind for s in seats) == ["automa", "human"], text
            assert "Skipped" not in str(start.query_one("#continue-info").render())  # not listed as a save
