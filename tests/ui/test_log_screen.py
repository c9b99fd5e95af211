"""The log screen (L): the whole game by round and turn, scrolled by keys, Automa turns opened to say why,
one company's turns at a time."""

from __future__ import annotations

import random

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.ui import storage
from barrage_tui.ui.history import entries
from barrage_tui.ui.screens.game import GameScreen
from barrage_tui.ui.screens.help import HelpScreen
from barrage_tui.ui.screens.log import LogScreen
from barrage_tui.ui.texts import company_name
from barrage_tui.ui.widgets.history import HistoryView

from .conftest import screen_text
from .driver import pick


def automa_game(rounds: int = 3, seed: int = 5) -> Game:
    """A person and an Automa, ``rounds`` rounds played (the game waits in the next one)."""
    setup = Setup(seats=(SeatSetup("Ann"), SeatSetup("Bot", kind="automa", difficulty="medium")), seed=seed)
    game = storage.attach_automa(Game.new(setup))
    rng = random.Random(1)
    while game.prompt is not None and game.state.round <= rounds:
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    return game


def test_the_events_are_grouped_by_round_and_turn():
    game = automa_game()
    grouped = entries(game.events)
    # every event once, in order (an Automa turn begins with its step)
    assert [e for entry in grouped for e in ([entry.reasoning] if entry.automa else []) + entry.events] \
        == list(game.events)
    assert {entry.round for entry in grouped} >= {1, 2, 3}
    automa_turns = [x for x in grouped if x.automa]
    assert automa_turns and all(x.seat == 1 for x in automa_turns)
    scoring = {"round_scored", "scoring", "game_over"}  # the table's, though each names a company
    for x in grouped:  # a company's deeds are in its own turns (a drop it places too)
        assert all(e.seat == x.seat for e in x.events if e.seat >= 0 and e.kind not in scoring)
    assert any(e.kind == "water" and e.seat >= 0 for e in game.events)
    for x in grouped:  # a person's entry is one turn: at most one placement
        assert x.automa or sum(e.kind == "place" for e in x.events) <= 1


async def test_the_log_screen_shows_round_one_and_scrolls(app_factory):
    game = automa_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert "Log" in screen_text(app)  # the key is in the footer
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        history = app.screen.query_one(HistoryView)
        first_event = game.events[0].text
        assert all(f"── Round {n} " in "\n".join(history.plain_lines) for n in (1, 2, 3))
        assert first_event not in screen_text(app)  # it opens at the newest turn
        bottom = history.scroll_offset.y
        assert bottom > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert history.scroll_offset.y < bottom
        await pilot.press("home")
        await pilot.pause()
        assert history.scroll_offset.y == 0
        text = screen_text(app)
        assert first_event in text and "Round 1" in text
        await pilot.press("down", "down")
        await pilot.pause()
        assert history.position == 2
        await pilot.press("end")
        await pilot.pause()
        assert history.scroll_offset.y == bottom and first_event not in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_an_automa_turn_opens_to_say_why(app_factory):
    game = automa_game()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("L", "home")
        await pilot.pause()
        history = app.screen.query_one(HistoryView)
        while not history.entries[history.selected].automa:
            await pilot.press("down")
        reasoning = history.entries[history.selected].reasoning.text
        why = reasoning[reasoning.index("."):][:40]  # past "Action side of card ..": the boxes and why
        assert why not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert why in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert why not in screen_text(app)


async def test_the_filter_shows_one_company_at_a_time(app_factory):
    game = automa_game()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        history = app.screen.query_one(HistoryView)
        everyone = "\n".join(history.plain_lines).replace("▶", " ")  # the selection's mark aside
        assert "Bot (Automa)" in everyone and "· Ann" in everyone
        await pilot.press("f")
        await pilot.pause()
        person = "\n".join(history.plain_lines)
        assert "· Ann" in person and "Bot (Automa)" not in person
        ann = next(c for c in game.state.companies if c.player == "Ann")
        assert f"{company_name(ann.company)} only" in screen_text(app)
        await pilot.press("f")
        await pilot.pause()
        automa = "\n".join(history.plain_lines)
        assert "Bot (Automa)" in automa and "· Ann" not in automa
        await pilot.press("f")
        await pilot.pause()
        assert "\n".join(history.plain_lines).replace("▶", " ") == everyone


async def test_the_help_lists_the_log_key(app_factory):
    app = app_factory(game=automa_game(rounds=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "L (Shift+l)  The whole log" in app.screen.plain_text()


async def test_the_log_screen_lists_its_own_keys(app_factory):
    app = app_factory(game=automa_game(rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("L", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.plain_text()
        assert "Open or close an Automa turn's reasoning" in text and "Every company, then each company" in text
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
