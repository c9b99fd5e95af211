"""Boards in the app: --board on the command line, the start screen's Board field, a changed board's warning."""

from __future__ import annotations

import re
import shutil
from itertools import takewhile
from pathlib import Path

from barrage_tui.cli import main
from barrage_tui.rules.board_files import BOARD_OPTION
from barrage_tui.rules.modules.china import china
from saves import save_game

from .conftest import game_screen, help_text, make_app, screen_text, start_screen_ready
from .test_plain_text import toasts
from .test_chief_engineers import pick

SMALL = Path(__file__).parents[1] / "boards" / "small.toml"


def test_a_board_the_app_cannot_read_is_refused_before_it_starts(tmp_path, capsys):
    assert main(["--board", str(tmp_path / "nowhere.toml"), "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("barrage-tui: --board ") and "missing" in err and len(err.splitlines()) == 1
    assert main(["--board", "atlantis"]) == 2
    assert "no board 'atlantis'" in capsys.readouterr().err


async def test_the_start_screen_offers_the_board_given_and_starts_a_game_on_it(tmp_path):
    app = make_app(tmp_path, board=str(SMALL))
    async with app.run_test(size=(120, 40)) as pilot:
        start = await start_screen_ready(pilot)
        for _ in range(3):
            await pilot.pause()
        assert start.query_one("#board").value == str(SMALL) and "Small test board" in screen_text(app)
        assert start.setup().options[BOARD_OPTION] == str(SMALL)
        await pick(pilot, start, "board", "")  # back to the base map: no board option
        assert BOARD_OPTION not in start.setup().options
        await pick(pilot, start, "board", str(SMALL))
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).session.game.board.id == "small"


async def test_a_save_whose_board_changed_opens_with_a_warning(tmp_path):
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import SeatSetup, Setup

    board = tmp_path / "board.toml"
    shutil.copy(SMALL, board)
    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),), seed=5,
                          options={BOARD_OPTION: str(board)}))
    path = save_game(game, tmp_path / "g.toml")
    board.write_text(SMALL.read_text().replace('name = "Small test board"', 'name = "Small test board, edited"'))
    app = make_app(tmp_path)
    messages: list = []
    async with app.run_test(size=(160, 50), notifications=True, message_hook=messages.append) as pilot:
        await start_screen_ready(pilot)
        app.open_save(path)
        for _ in range(40):  # the warning comes a refresh after the game screen
            if any("has changed since this game was saved" in t for t in toasts(messages)):
                break
            await pilot.pause(0.05)
        assert any("has changed since this game was saved" in t for t in toasts(messages))


async def test_a_china_challenge_on_the_yellow_river_is_drawn_with_chinas_tiles(app_factory):
    from barrage_tui.rules.modules.china import data as landscape_data
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup

    china_bonus = landscape_data.box().bonus.id
    for seed in range(1, 40):  # a game whose rounds include China's bonus tile
        setup = Setup(seats=tuple(SeatSetup(f"P{i}") for i in range(3)), seed=seed,
                      options={MODULES_OPTION: ["china"], BOARD_OPTION: "yellow-river"})
        game = Game.new(setup)
        if china_bonus in game.state.bonus_tiles:
            break
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "VP per landscape" in text  # China's bonus tile, named
        assert game_screen(app).session.game.board.id == "yellow-river"


async def test_the_yield_tiles_are_shown_by_area_and_explained_in_the_help(app_factory):
    from barrage_tui.rules.modules.china import rules as landscapes
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
    from barrage_tui.ui.widgets.map import MapView

    game = Game.new(Setup(seats=tuple(SeatSetup(f"P{i}") for i in range(3)), seed=2,
                          options={MODULES_OPTION: ["china"], BOARD_OPTION: "yellow-river"}))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.3)
        lines = game_screen(app).query_one(MapView).plain_lines
        areas = {y.id: y.area for y in game.board.yield_spaces}

        def marks(area: str) -> list[str]:  # an area's marks: its line and those going on under it ("  #5 #7")
            at = next(i for i, x in enumerate(lines) if x.startswith(f"Yield {area}:"))
            beside = [re.split("[╪╠╟║╔╚]", x, maxsplit=1)[0] for x in lines[at:]]  # (the legend's cell)
            return [beside[0], *takewhile(lambda x: x.startswith("  #"), beside[1:])]

        for space, tile in china(game.state).yields.items():
            assert f"#{tile}" in " ".join(marks(areas[space])).split()
        text = await help_text(pilot)
        some = next(iter(china(game.state).landscapes))
        assert f"{some} covered" in text
        assert " ".join(landscapes.landscape_text(china(game.state).landscapes[some]).split()) in text


async def test_the_map_shows_a_covered_headstream_and_a_diverted_course(app_factory):
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
    from barrage_tui.ui.widgets.map import MapView

    game = Game.new(Setup(seats=tuple(SeatSetup(f"P{i}") for i in range(2)), seed=2,
                          options={MODULES_OPTION: ["china"], BOARD_OPTION: "yellow-river"}))
    board = game.board
    head, code = next(iter(board.headstream_covers.items()))
    node, diversion = next(iter(board.diversions.items()))
    zone = board.zone_of(node)
    title = f"{zone} {board.zones[zone].area} ▼"
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.3)
        lines = game_screen(app).query_one(MapView).plain_lines
        assert any(f"~{head} [{code}≈]" in line for line in lines)  # closed until built (its tile partly assumed)
        before = next(line for line in lines if title in line)
        assert f"{title}{board.zones[zone].outflow_to[1:]} " in before
        game.state.uncovered.append(diversion.landscape)  # as if its landscape were built
        game_screen(app).refresh_table()
        await pilot.pause(0.3)
        after = next(line for line in game_screen(app).query_one(MapView).plain_lines if title in line)
        assert f"{title}{diversion.to[1:]} " in after  # the course in force
