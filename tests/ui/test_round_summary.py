"""The round summary (issue 22, item 5): a key pressed before it appeared (the Enter that ended the round's
last turn) does not dismiss it unread; r shows the last round's summary again."""

from __future__ import annotations

from textual import events
from textual.widgets import Footer

from barrage_tui.ui.screens.summary import RoundSummaryScreen, summary_screen
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


async def test_closing_the_summary_lays_out_nothing_again_and_leaves_the_footer_be(app_factory, monkeypatch):
    """Closing the summary costs one repaint of the table below (issue 22, item 7): the dismissed screen is kept
    (removing it laid out and repainted the whole table again) and the footer, whose keys did not change, is not
    composed anew (twice, each a layout and a repaint of its row)."""
    game = automa_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        for _ in range(2):  # the summary shown first, and shown again
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RoundSummaryScreen)
            footer = screen.query_one(Footer)
            layouts: list[dict[str, object]] = []
            composed: list[Footer] = []
            refresh, compose = screen.refresh, footer.compose

            def counted_refresh(*regions, **kw):
                if kw.get("layout"):
                    layouts.append(kw)
                return refresh(*regions, **kw)

            def counted_compose():
                composed.append(footer)
                return compose()

            monkeypatch.setattr(screen, "refresh", counted_refresh)
            monkeypatch.setattr(footer, "compose", counted_compose)
            await pilot.press("enter")
            await pilot.pause(0.2)
            assert app.screen is screen
            assert not layouts, "closing the summary laid the table out again"
            assert not composed, "closing the summary composed the footer anew"
            assert "Confirm" in screen_text(app)  # (the footer is there)
            monkeypatch.undo()


async def test_the_summary_shown_again_tells_the_new_round_and_waits_for_a_new_key(app_factory):
    """The one summary screen kept by the app, shown for another round, tells that round; a key typed before it
    came up again does not dismiss it."""
    first = last_round_summary(automa_game(rounds=1).events)
    assert first is not None and first.round == 1
    game = automa_game(rounds=2)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.push_screen(summary_screen(app, game, first))
        await pilot.pause()
        assert "End of round 1" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        shown_before = app.screen
        await pilot.press("r")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, RoundSummaryScreen) and summary is not shown_before
        text = screen_text(app)
        assert "End of round 2" in text and "End of round 1" not in text
        early = events.Key("enter", "\r")
        early.time = summary._shown_at - 0.5
        app.post_message(early)
        await pilot.pause()
        assert app.screen is summary, "a key typed before the summary came up again dismissed it"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is shown_before


async def test_the_summary_shown_again_after_a_resize_fits_the_new_size(app_factory):
    game = automa_game(rounds=2)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, RoundSummaryScreen) and summary.size == (80, 24)
        dialog = summary.query_one(".dialog")
        assert dialog.region.right <= 80 and dialog.region.bottom <= 24
        assert "End of round 2" in screen_text(app)


async def test_the_automa_waits_while_the_summary_is_up(app_factory):
    """The Automa's step waited for a screen on top only if it hid the table: behind a dialog (the summary) the
    game screen is still "current" in Textual's sense, and the Automa played under it."""
    game = automa_game(rounds=2)  # the Automa plays next
    assert game.prompt is not None and game.prompt.kind == "automa"
    app = app_factory(game=game, automa_delay=1.0)
    async with app.run_test(size=(160, 50)) as pilot:
        played = len(game.log)
        for key in ("r", "enter", "r"):  # shown, closed, and shown again (the screen kept), before the Automa's step
            await pilot.press(key)
        await pilot.pause(1.6)
        assert isinstance(app.screen, RoundSummaryScreen) and len(game.log) == played, "the Automa did not wait"
        await pilot.press("enter")
        await pilot.pause(1.6)
        assert len(game.log) > played, "the Automa did not play once the summary was closed"
