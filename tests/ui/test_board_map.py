"""The map draws any board from its data (docs/board-format.md): the small test board's grid, its lake with
its drops, its branching conduits, its neutral powerhouse and the spaces still under a landscape."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.ui.widgets import map_parts as map_widget
from barrage_tui.ui.widgets.map import MapView

SMALL = str(Path(__file__).parents[1] / "boards" / "small.toml")

from .driver import people


def small_game() -> Game:
    return people(("Ann", "usa", "wilhelm"), ("Bob", "italy", "jill"), seed=5, options={"board": SMALL})


def test_a_board_without_a_layout_is_laid_out_by_area_four_to_a_row():
    base = components().map
    assert map_widget.grid(base) == ((1, 2, 3, 4), ("legend", 5, 6, 7), (8, 9, 10, (11, 12)))  # its layout
    small = small_game().board
    assert map_widget.grid(small) == ((1, 2), ("legend", 3, 4))
    assert map_widget.grid(replace(small, layout=())) == ((1, 2, 3, 4), ("legend",))


async def test_the_drawn_map_shows_lakes_branches_neutral_and_covered_spaces(app_factory):
    game = small_game()
    game.state.lakes["L1"] = 2
    game.state.drops_created += 2
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        text = "\n".join(app.screen.query_one(MapView).plain_lines)
        assert "~L1 lake ●●○ ▼3" in text  # its 2 drops and room for 1, draining into zone 3
        assert "║2 hill ▼L1" in text and "║4 plain ▼EXIT2" in text  # a valley's river, to a lake, to the sea
        assert "╠═K1   4→2/↘3 ·" in text  # a branching conduit toward either zone (2 beside it, 3 below right)
        assert "╠═K3   3↓3 ·" in text  # its branch to zone 4 is still under T1
        assert "Q3n N" in text  # the neutral powerhouse, in letters
        assert "Q4c [T1]" in text and "╪D3x    [T1]" in text  # covered spaces, naming their landscape
        assert "[A1] landscape tile" in text and "T1: K3→4" in text  # what T1 covers besides: K3's branch to 4


async def test_the_table_shows_lakes_branches_neutral_and_covered_spaces(app_factory):
    game = small_game()
    game.state.lakes["L1"] = 2
    game.state.drops_created += 2
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("m")  # the table
        await pilot.pause(0.1)
        lines = app.screen.query_one(MapView).plain_lines
        text = "\n".join(lines)
        assert "L1 lake ●●○ ↓3" in text  # its 2 drops and room for 1, draining into zone 3
        assert "2 hill ↓L1" in text and "4 plain ↓exit" in text
        assert "K1   4→2/3" in text  # a branching conduit: either zone
        assert "K3   3→3" in text  # its branch to zone 4 is still under T1
        assert "Q3n   N" in text  # the neutral powerhouse, in letters
        assert "Q4c   [T1]" in text and "D3x    [T1]" in text  # covered spaces, naming their landscape
        assert "N neutral powerhouse" in text and "[A1] landscape tile" in text
