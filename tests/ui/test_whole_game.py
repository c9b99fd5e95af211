"""A whole game played through the app's keys by a seeded random driver, to the end-of-game screen."""

from __future__ import annotations

import random

from barrage_tui.ui.screens.end import EndScreen
from barrage_tui.ui.screens.summary import RoundSummaryScreen

from .conftest import game_screen, screen_text, start_screen_ready
from .driver import default_setup, keys_for, pick


async def play_to_the_end(pilot, rng, limit=2000):
    """Answer every decision with key presses; returns (decisions, round summaries seen)."""
    app = pilot.app
    decisions = summaries = 0
    while decisions < limit:
        screen = app.screen
        if isinstance(screen, RoundSummaryScreen):
            summaries += 1
            await pilot.press("enter")
            await pilot.pause()
            continue
        if isinstance(screen, EndScreen):
            return decisions, summaries
        game = game_screen(app).session.game
        prompt = game.prompt
        assert prompt is not None, "the game ended without the end-of-game screen"
        index = pick(rng, prompt)
        choice_list = screen.choice_list
        keys = keys_for(index, choice_list.index, len(prompt.choices))
        await pilot.press(*keys)
        assert choice_list.index == index
        await pilot.press("enter")
        decisions += 1
    raise AssertionError(f"no end after {limit} decisions")


async def test_a_whole_game_through_the_keys(app_factory):
    app = app_factory(seed=20)
    rng = random.Random(20)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_screen_ready(pilot)
        app.screen.query_one("#seats").focus()
        await pilot.press("left")  # one seat: a shorter game for the test suite
        app.screen.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).session.game
        assert game.setup.seats == default_setup(seats=1, seed=20).seats and game.setup.seed == 20
        decisions, summaries = await play_to_the_end(pilot, rng)
        assert summaries == 5
        assert game.over and game.state.winner
        text = screen_text(app)
        assert "Final scores" in text
        for label in ("Energy places", "Bonus tiles", "Contracts", "Conduit use", "Income", "Objective",
                      "Resources", "Water", "Total VP"):
            assert label in text
        for c in game.state.companies:
            assert str(c.vp) in text
        assert ("wins" in text) or ("share the victory" in text)
        # the table stays readable after the game: back to it and again to the scores
        await pilot.press("l")
        await pilot.pause()
        assert "The game is over" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


async def test_the_final_scores_fit_a_small_screen_or_scroll_to_the_totals(app_factory):
    """With an Automa and the Leeghwater Project the table has more rows than 80x24 shows: the winner's line gives
    every total, and the box scrolls down to the table's last row."""
    from barrage_tui.rules import Game, SeatSetup, Setup, scores
    from barrage_tui.ui import storage

    setup = Setup(seats=(SeatSetup("Ann"), SeatSetup("Bot", kind="automa", difficulty="medium")), seed=5,
                  options={"modules": ["leeghwater", "geological"]})
    game = storage.attach_automa(Game.new(setup))
    rng = random.Random(1)
    while game.prompt is not None:
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        shown = screen_text(app)
        assert "Total VP" not in shown  # (the premise: the table is taller than the screen)
        assert all(f"{c.vp} VP" in shown.split("Score by source")[0] for c in scores(game))  # above the table
        assert "↑↓ Scroll" in shown.splitlines()[-1]  # its keys are in the footer
        await pilot.press("end")
        await pilot.pause()
        assert "Total VP" in screen_text(app)
        await pilot.press("question_mark")  # ? helps here too
        await pilot.pause()
        assert "Scroll the scores down" in screen_text(app)
