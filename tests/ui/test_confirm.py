"""The End turn step (setup option confirm_turns): on for new games from the start screen, off with
--no-confirm; on the End turn decision Enter ends the turn and u takes it back, one choice at a time, whole."""

from __future__ import annotations

from barrage_tui.cli import build_parser
from barrage_tui.rules.engine.decisions import PromptKind
from barrage_tui.rules.setup import CONFIRM_OPTION
from barrage_tui.ui.texts import END_TURN_KEYS, NOTHING_TO_UNDO

from .conftest import game_screen, hotseat, screen_text, start_screen_ready


async def _enter_until(pilot, game, kind: str, limit: int = 60) -> None:
    """Take the first choice of every decision until one of ``kind`` is pending."""
    for _ in range(limit):
        if game.prompt.kind == kind:
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError(f"no {kind} decision came; pending: {game.prompt}")


async def test_a_turn_is_confirmed_and_taken_back_whole(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await hotseat(pilot, await start_screen_ready(pilot))
        app.screen.query_one("#start-game").focus()
        await pilot.press("enter")  # Confirm turns is on by default
        await pilot.pause()
        game = game_screen(app).session.game
        assert game.setup.options.get(CONFIRM_OPTION) is True
        await _enter_until(pilot, game, "action")
        seat, before_log, before_events = game.prompt.seat, len(game.log), list(game.events)
        await _enter_until(pilot, game, PromptKind.END_TURN)
        assert game.prompt.seat == seat and len(game.log) > before_log + 1
        assert END_TURN_KEYS in screen_text(app)  # the decision says how to end it and how to take it back
        while game.prompt.kind != "action":
            await pilot.press("u")
            await pilot.pause()
        assert len(game.log) == before_log and list(game.events) == before_events  # the whole turn is gone
        await pilot.press("u")  # the turn's start: no further back
        await pilot.pause()
        assert len(game.log) == before_log and NOTHING_TO_UNDO in screen_text(app)
        await _enter_until(pilot, game, PromptKind.END_TURN)
        await pilot.press("enter")  # the confirm ends the turn: the next seat decides
        await pilot.pause()
        assert game.prompt.kind != PromptKind.END_TURN and game.prompt.seat != seat


async def test_confirm_turns_can_be_turned_off_on_the_start_screen(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        start = await start_screen_ready(pilot)
        start.query_one("#confirm").focus()
        await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        assert CONFIRM_OPTION not in game_screen(app).session.game.setup.options


def test_no_confirm_reaches_the_app(monkeypatch):
    from barrage_tui import cli
    from barrage_tui.ui import app

    seen = {}
    monkeypatch.setattr(app, "run_app", lambda **kw: seen.update(kw) or 0)
    assert cli.main([]) == 0 and seen["confirm"] is True
    assert cli.main(["--no-confirm"]) == 0 and seen["confirm"] is False


async def test_no_confirm_on_the_command_line_turns_the_step_off(app_factory):
    assert build_parser().parse_args(["--no-confirm"]).confirm is False
    app = app_factory(confirm=False)  # what run_app builds for --no-confirm
    async with app.run_test(size=(100, 30)) as pilot:
        start = await start_screen_ready(pilot)
        assert start.query_one("#confirm").value is False and "◀ off ▶" in screen_text(app)
        await hotseat(pilot, start)
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).session.game
        assert CONFIRM_OPTION not in game.setup.options
        await _enter_until(pilot, game, "action")
        seat = game.prompt.seat
        for _ in range(40):  # the turn ends without the step
            assert game.prompt.kind != PromptKind.END_TURN
            if game.prompt.seat != seat:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert game.prompt.seat != seat
