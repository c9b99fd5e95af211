"""The game screen's own history: the Log panel scrolls back through the whole game once clicked, and the
Automa's last turn stays above the person's choices until they answer it."""

from __future__ import annotations

from barrage_tui.ui.widgets.log import GameLog

from .conftest import game_screen, screen_text
from .test_log_screen import automa_game


async def test_the_log_panel_scrolls_through_the_whole_game_when_clicked(app_factory):
    game = automa_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        first = game.events[0].text
        assert first not in "\n".join(log.plain_lines)  # unfocused: the latest events only
        await pilot.click("#log")
        await pilot.pause()
        assert log.has_focus and first in "\n".join(log.plain_lines)
        bottom = log.scroll_offset.y
        assert bottom == log.max_scroll_y > 0  # it opens at the newest line
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_offset.y < bottom
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_offset.y == 0 and first in screen_text(app)
        choices = game_screen(app).choice_list
        assert choices.index == 0
        await pilot.press("escape")  # the keys go back to the choices
        await pilot.pause()
        assert not log.has_focus and first not in "\n".join(log.plain_lines)
        await pilot.press("down")
        await pilot.pause()
        assert choices.index == 1


async def _to_person_after_automa(pilot, game) -> None:
    for _ in range(60):
        if game.prompt.kind == "action" and game.state.companies[game.prompt.seat].kind == "human" \
                and any(e.kind == "automa" for e in game.events[-12:]):
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("no person's action came after an Automa turn")


async def test_the_automa_turn_stays_readable_until_the_person_decides(app_factory):
    game = automa_game(rounds=1)
    app = app_factory(game=game)  # the Automa plays at once (no delay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _to_person_after_automa(pilot, game)
        choices = game_screen(app).choice_list
        assert choices.recap_text
        text = screen_text(app)
        assert "(Automa):" in text and "why:" in text  # what it did, then why
        seat, events = game.prompt.seat, len(game.events)
        while not any(e.seat == seat for e in game.events[events:]):  # the person answers
            await pilot.press("enter")
            await pilot.pause()
        assert not choices.recap_text and "(Automa):" not in screen_text(app)
