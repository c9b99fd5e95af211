"""The Duel board on screen: the tracks with their conditions, both players' counts, the markers and the
Reward tiles; the check in the round summary; the board's rules and tiles in ?."""

from __future__ import annotations

import random

import automa
from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
from barrage_tui.rules.modules.duel.app import MARKER, TILE_MARK, DuelBoard, duel_check
from barrage_tui.ui.widgets.lines import SCROLL_HINT

from .conftest import game_screen, help_text
from barrage_tui.rules.modules.duel.state import duel as duel_state


def duel_game(rounds_played: int = 1) -> Game:
    setup = Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                         SeatSetup("Bot", "automa", difficulty="medium")), seed=5, options={MODULES_OPTION: ["duel"]})
    game = automa.attach(Game.new(setup))
    r = random.Random(3)
    while game.state.round <= rounds_played:
        game.choose(r.choice(game.prompt.choices).key)
    return game


async def test_the_duel_board_shows_each_row_its_counts_marker_and_tiles(app_factory):
    game = duel_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        lines = game_screen(app).query_one(DuelBoard).plain_lines
        text = "\n".join(lines)
        st = game.state
        for row, cid in enumerate(duel_state(st).conditions, start=1):
            counts = duel.counts(game, row)
            assert f"{row} {duel.board().conditions[cid].name}: U {counts[0]} · F {counts[1]}" in text.replace("\n  ", " ")
        tracks = [line for line in lines if line.startswith("  U ") and line.endswith(" F")]
        assert len(tracks) == 3
        for track, position in zip(tracks, duel_state(st).markers):
            cells = track[4:-2]
            assert cells.index(MARKER) == position + duel.board().length
        assert TILE_MARK[1] in text or TILE_MARK[2] in text


def test_the_round_summary_tells_the_duel_check():
    game = duel_game()
    check = duel_check(game, 1)
    assert len([line for line in check if line.startswith("Duel row")]) == 3


async def test_the_round_summary_shows_the_duel_check_a_row_a_line(app_factory):
    """The rows were joined by a newline that the summary then showed as the two characters \\n."""
    from .conftest import round_summary_text

    game = duel_game()
    text = await round_summary_text(app_factory, game)
    assert "Duel check" in text and "\\n" not in text
    lines = text.splitlines()
    for row in duel_check(game, 1):  # each row starts a line of its own
        assert any(row[:40] in line for line in lines), row


async def test_the_help_explains_the_duel_board_and_its_tiles(app_factory):
    game = duel_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot)
        assert "The Duel board" in text and "Row 1:" in text
        some = next(iter(duel_state(game.state).tiles.values()))
        assert " ".join(duel.board().tiles[some].text.split()) in text


async def test_with_the_duel_board_the_decision_keeps_room_in_every_layout(app_factory):
    from barrage_tui.ui.widgets.prompt import ChoiceList

    game = duel_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        for size in ((160, 50), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause()
            choices = game_screen(app).query_one(ChoiceList)
            assert choices.region.height >= 3, size  # the choices are in view, not squeezed out


async def test_enter_with_a_side_panel_focused_gives_the_keys_back_and_confirms_nothing(app_factory):
    """Tab to the Duel panel, the arrows scroll it: Enter used to confirm the decision's highlighted choice,
    one the player never selected. It now gives the keys back to the choices (the footer said so); the next
    Enter confirms."""
    from .conftest import screen_text

    for size in ((160, 50), (80, 24)):
        game = duel_game()
        app = app_factory(game=game)
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.2)
            screen = game_screen(app)
            for _ in range(12):
                if screen.focused is not None and screen.focused.id == "duel":
                    break
                await pilot.press("tab")
                await pilot.pause(0.1)
            assert screen.focused.id == "duel", size
            assert screen.focused.border_subtitle == SCROLL_HINT, size  # its border says the keys are its own
            panel = screen.focused
            footer = screen_text(app).splitlines()[-1]
            decisions = len(game.log)
            await pilot.press("down", "down", "enter")
            await pilot.pause()
            assert len(game.log) == decisions, size  # nothing confirmed
            assert "⏎/Esc Choices" in footer and "Confirm" not in footer, footer  # as the footer said
            assert screen.focused is None
            assert panel.border_subtitle != SCROLL_HINT, size  # and no longer, once they are given back
            assert "⏎ Confirm" in screen_text(app).splitlines()[-1]
            await pilot.press("enter")
            await pilot.pause()
            assert len(game.log) > decisions, size
