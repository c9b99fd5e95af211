"""The map draws the Duel map (data/boards/duel.toml): its 3x3 grid, its dearer red outlines with their own
price, the spaces blocked by preparation tiles in letters ("[X]"), and that it is a reconstruction."""

from __future__ import annotations

import re

from barrage_tui.rules import preparation
from barrage_tui.rules.game import Game
from barrage_tui.ui.widgets import map_parts as map_widget
from barrage_tui.ui.widgets.map import MapView

from .driver import people


def duel_map_game() -> Game:
    return people(("Ann", "usa", "wilhelm"), ("Bob", "italy", "jill"), seed=3, options={"board": "duel"})


async def test_the_duel_map_shows_its_blocked_spaces_in_letters(app_factory):
    game = duel_map_game()
    blocked = preparation.blocked_spaces(game.board, game.state.preparation)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        text = "\n".join(app.screen.query_one(MapView).plain_lines)
    assert map_widget.grid(game.board) == ((1, 8, 2), ("legend", 3, 4, 5), (6, 7, 9))
    for space in blocked:
        assert re.search(rf"(^|[ ╪═]){space}[ +\d→↓↑←↗↘↙↖]*\[X\]", text, re.M), space
    assert text.count("[X]") == len(blocked) + 1  # and the legend
    assert "8 mountain ▼4" in text and "B8U +5" in text  # a dearer space shows its own price
    assert "[X] blocked" in text and "≈ reconstructed" in text and "+n red: n Credits" in text
    assert "N2" in text and "N1" in text  # the neutral dams of the preparation tiles


async def test_the_duel_maps_headstreams_are_marked_assumed_drawn_and_in_the_table(app_factory):
    game = duel_map_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        mp = app.screen.query_one(MapView)
        drawn = "\n".join(mp.plain_lines)
        mp.switch()
        await pilot.pause()
        table = "\n".join(mp.plain_lines)
    for head in game.board.headstreams:  # its invented drops end with ≈
        assert re.search(rf"{head} ▾\d \+[\d ]+≈", drawn), head
        assert re.search(rf"{head} ▾\d +\+[\d ]+≈", table), head
