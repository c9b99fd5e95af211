"""China on screen: its four Powerhouse pieces on its company board, with their Mixers, abilities and spaces."""

from __future__ import annotations

from barrage_tui.rules import map_view
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import MODULES_OPTION
from barrage_tui.ui.widgets.company import CompanyBoard
from barrage_tui.ui.widgets.map import MapView

from .conftest import game_screen
from .driver import people


def china_game() -> Game:
    return people(("Wei", "china", "wilhelm"), ("Bob", "usa", "jill"), seed=4)


async def test_chinas_board_shows_its_powerhouse_pieces_and_where_they_stand(app_factory):
    game = china_game()
    china = next(c for c in game.state.companies if c.company == "china")
    game.state.powerhouses["P8_0"] = china.seat  # its 4-Mixer piece (column 3) stands on P8_0
    game.state.powerhouse_pieces["P8_0"] = 3
    china.pieces["powerhouse"] -= 1
    china.columns_taken["powerhouse"] = [3]
    app = app_factory(game=game)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause(0.2)
        text = " ".join(game_screen(app).query_one(f"#company-{china.seat}", CompanyBoard).plain_lines)
        assert "Powerhouses 2Mx - · 3Mx +2en · 4Mx 1VP/2en @P8_0 · 5Mx +1 drop" in text
        assert "(from 3rd powerhouse)" not in text  # China's rules work all game


async def test_a_space_under_an_assumed_landscape_tile_is_marked_on_the_map(app_factory):
    game = people(("Wei", "usa", "wilhelm"), ("Bob", "italy", "jill"), seed=2,
                  options={MODULES_OPTION: ["china"], "board": "yellow-river"})
    m = map_view(game)
    assumed = [s for s in (*m.dams.values(), *m.powerhouses.values()) if s.cover_assumed]
    assert assumed
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        mp = game_screen(app).query_one(MapView)
        drawn = "\n".join(mp.plain_lines)
        mp.switch()
        await pilot.pause()
        table = "\n".join(mp.plain_lines)
    for text in (drawn, table):
        for s in assumed:  # the landscape covering it, ≈: its tile is partly invented
            assert f"[{s.covered}≈]" in text
        assert all(f"[{h.covered}≈]" in text for h in m.headstreams if h.covered)  # HE, under A4
