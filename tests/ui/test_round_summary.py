"""The round summary (issue 22, item 5): a key pressed before it appeared (the Enter that ended the round's
last turn) does not dismiss it unread; r shows the last round's summary again."""

from __future__ import annotations

from textual import events

from barrage_tui.ui.screens.summary import RoundSummaryScreen
from barrage_tui.ui.session import last_round_summary

from .conftest import game_screen, screen_text
from .test_log_screen import automa_game
from .test_map_water import before_the_water_flow


async def test_a_key_typed_before_the_summary_appeared_leaves_it_up(app_factory):
    game = automa_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.push_screen(RoundSummaryScreen(game, last_round_summary(game.events)))
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, RoundSummaryScreen)
        early = events.Key("enter", "\r")
        early.time = summary._shown_at - 0.5  # typed half a second before it appeared, handled only now
        app.post_message(early)  # as the terminal driver delivers a key
        await pilot.pause()
        assert app.screen is summary, "a key typed before the summary dismissed it"
        await pilot.press("enter")  # a key pressed after it appeared
        await pilot.pause()
        assert not isinstance(app.screen, RoundSummaryScreen)


async def test_the_key_that_ends_the_water_before_the_summary_leaves_it_up(app_factory):
    """The round's summary waits for the water; a key ends the show, and the summary that comes up then stays
    (the key looked up its binding once back at the app, on the summary by then: it was dismissed unread)."""
    game, key = before_the_water_flow()
    app = app_factory(game=game, automa_delay=30.0)  # a show that would last minutes
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.choose(key)
        await pilot.pause()
        assert screen.query_one("#map").flowing and app.screen is screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen), "the key that ended the water dismissed the summary"
        await pilot.press("enter")  # a key pressed after it appeared
        await pilot.pause()
        assert app.screen is screen


async def test_r_shows_the_last_rounds_summary_again(app_factory):
    game = automa_game(rounds=2)  # two rounds scored: the second is the last
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        assert "End of round 2" in screen_text(app) and "r shows this again" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RoundSummaryScreen)


async def test_r_before_any_round_ended_says_so(app_factory):
    game = automa_game(rounds=0)
    assert last_round_summary(game.events) is None
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, RoundSummaryScreen)
        assert "No round has ended yet." in screen_text(app)
