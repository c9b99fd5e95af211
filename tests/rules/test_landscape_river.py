"""A4 (New Source) and A6 (River Diversion) with their board parts: a headstream covered by a landscape
(closed until built, then refilled from its own tile) and a river course a landscape changes
(rules/board_features.py: headstream_open, river; tests/boards/landscapes.toml: HD under A4, valley 1's
water to valley 3 once A6 is built; the Yellow River: HE under A4, valley 3 to valley 7 by A6)."""

from __future__ import annotations

from types import SimpleNamespace

from automa.locations import headstream_order
from automa.watersim import Outcomes
from barrage_tui.rules import board_features, board_files, water
from barrage_tui.rules.modules.china import setup as china_challenge
from barrage_tui.rules.components import components

from .helpers import answer, own, put_dam, restart, violations
from .landscape_setup import landscape_game
from .test_landscapes import build_landscape, machinery, put_yields, seated


def test_a_covered_headstream_takes_no_drop_until_its_landscape_is_built():
    game = landscape_game()
    assert game.state.headstream_tiles["HD"] == 201  # its own tile, not drawn
    assert "HD" not in board_features.open_headstreams(game)
    assert "HD" not in water.reaches(game, flowing=True)  # so place_drops never offers it
    game.state.round = 2
    water.fill_headstreams(game)
    assert game.state.headstream_drops["HD"] == 0
    game.state.headstream_drops["HD"] = 1  # a drop on it while it is closed is a broken state
    game.state.drops_created += 1
    assert any("lies under landscape A4" in v for v in violations(game))


def test_a4_opens_its_headstream_its_drops_may_go_there_and_it_fills_from_the_next_round():
    game = landscape_game()
    seat = seated(game)
    own(game, seat, "base", "M1U")
    machinery(game.state.companies[seat], 0, 2)  # A4: green, 2 Mixers
    put_yields(game, Mg1=8)
    game = restart(game)
    build_landscape(game, "A4")
    assert game.prompt.kind == "headstream_drop" and game.prompt.find("headstream:HD").data["reaches"] == "L1"
    game.choose("headstream:HD")  # flows at once down its river: valley 2 (no dam) into the lake
    assert game.state.lakes["L1"] == 3
    answer(game, "headstream_drop", "done")
    assert board_features.headstream_open(game, "HD") and not violations(game)
    round_ = game.state.round
    game.state.round = round_ + 1
    water.fill_headstreams(game)
    assert game.state.headstream_drops["HD"] == components().headstreams[201].drops_by_round[round_] == 1
    water.water_flow_phase(game)  # its drop flows down its river too: the lake is full, on to valley 3
    assert game.state.headstream_drops["HD"] == 0 and not violations(game)


def test_a6_diverts_the_water_from_valley_1_to_valley_3():
    game = landscape_game()
    seat = seated(game)
    own(game, seat, "base", "M1U")  # full below: the neutral dam on M1L holds its 1 drop
    game.state.dams["M1U"].drops = 1
    game.state.drops_created += 1
    assert water.reaches(game, flowing=True)["HA"] == "L1"  # valley 1 -> valley 2 -> the lake
    machinery(game.state.companies[seat], 0, 3)  # A6: yellow, 3 Mixers
    put_yields(game, My1=16)
    game = restart(game)
    build_landscape(game, "A6")
    choice = game.prompt.find("headstream:HA")
    assert choice.data["reaches"] == "EXIT"  # the drops it gives already take the new course
    exited, lake = game.state.drops_exited, game.state.lakes["L1"]
    game.choose("headstream:HA")
    passed: list[str] = []
    assert water.flow_drop(game, "M1x", passed) == "EXIT" and passed == ["P3", "D3", "D3x"]
    assert game.state.drops_exited == exited + 2 and game.state.lakes["L1"] == lake
    assert board_features.river(game)["M1x"] == "P3" and game.board.downstream["M1x"] == "P2"


def test_the_automa_places_water_along_the_course_in_force_and_never_on_a_closed_headstream():
    game = landscape_game()
    automa = 1
    put_dam(game, "D3", automa)
    game.state.dams["M1L"].drops = 1  # the neutral dam is full: a drop from HA runs on below valley 1
    view = SimpleNamespace(game=game, criteria=SimpleNamespace(headstreams_full=("D", "A", "B", "C")))
    assert headstream_order(view) == ("HA", "HB", "HC")
    assert Outcomes(game, automa, flowing=True).more("HA", 1)[0] == 0  # it stops in the lake
    board_features.uncover(game, "A6")
    board_features.uncover(game, "A4")
    assert headstream_order(view) == ("HD", "HA", "HB", "HC")
    assert Outcomes(game, automa, flowing=True).more("HA", 1)[0] == 1  # valley 1 -> valley 3: its dam D3


def test_on_the_yellow_river_a4_covers_he_and_a6_sends_valley_3_to_valley_7():
    board = board_files.load("yellow-river")
    assert board.headstream_covers == {"HE": "A4"} and board.headstream_fixed == {"HE": 201}
    last = board.zones[3].dam_spaces[-1]  # where water leaves valley 3
    assert board_features.course(board, [])[last] == "P6" and board_features.course(board, ["A6"])[last] == "P7"
    assert china_challenge.problem(board, 4) == ""


def test_the_china_challenge_refuses_a_board_where_a4_or_a6_opens_nothing():
    board = board_files.load(str(landscape_game().setup.options["board"]))
    without_source = SimpleNamespace(**{**vars(board), "headstream_covers": {}})
    without_course = SimpleNamespace(**{**vars(board), "diversions": {}})
    assert "needs the board to give a headstream under it" in china_challenge.problem(without_source, 4)
    assert "needs the board to give a river course it changes" in china_challenge.problem(without_course, 4)
