"""Boards as data (docs/board-format.md): the base board as a board file, a game's own board, and what a
board may add: natural lakes, branching conduits, neutral powerhouses, spaces covered by a landscape.

The small test board (tests/boards/small.toml):
    HA -> valley 1 (M1U, M1L) -> valley 2 (P2: Q2a Q2b; H2U, H2L) -> lake L1 (3) -> valley 3 (P3: Q3a, Q3n
    neutral; D3, D3x under T1) -> EXIT;   HB -> valley 2;   valley 4 (Q4a, Q4c neutral under T1) -> EXIT2
    conduits: K1 (4) valley 1 -> 2 or 3; K2 (2) 1 -> 4; K3 (3) 2 -> 3, or 4 once T1 is built; K4 (1) 3 -> 4
"""

from __future__ import annotations

from pathlib import Path

import pytest

from barrage_tui.rules import board_features, board_files, boards, build_spaces, production, water
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup, SetupError
from barrage_tui.rules.state import NEUTRAL

from .helpers import clear_map, drive, put_conduit, put_dam, put_powerhouse, violations

SMALL = str(Path(__file__).parents[1] / "boards" / "small.toml")
ME = 1  # seat 1 plays first in round 1


def small_game(board: str = SMALL) -> Game:
    setup = Setup(seats=(SeatSetup("P1", company="usa", officer="wilhelm"),
                         SeatSetup("P2", company="germany", officer="jill")), seed=1, options={"board": board})
    game = Game.new(setup)
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


@pytest.fixture
def game():
    g = small_game()
    clear_map(g)
    for c in g.state.companies:
        c.contracts = []
    g.state.national = []
    return g


# ---------------------------------------------------------------- the base board is one board file

def test_the_base_board_is_the_shipped_board_file():
    base = components().map
    assert board_files.load("base") is base and base.id == "base"
    assert boards.summary(base) == ("board 'base' (Barrage: the standard map): 12 valleys, 20 dam spaces, 20 conduits, "
                                    "23 powerhouse spaces, 4 headstreams, 2 exits")
    assert base.downstream["HB"] == "B2U" and base.downstream["B2L"] == "P5" and base.downstream["P11"] == "EXIT_L"
    assert base.zones[10].outflow_to == "P12" and base.conduits["C2R"].targets == (10,)
    assert [(n.area, n.height, n.eligible) for n in base.neutral_dams][1] == ("hill", 2, ("B5L", "B6L", "B7L"))
    assert base.headstream_tiles == tuple(range(1, 9)) and not base.lakes and not base.landscapes


def test_a_game_without_a_board_option_is_played_on_the_base_board():
    g = Game.new(Setup(seats=(SeatSetup("P1", company="usa", officer="wilhelm"),), seed=3))
    assert g.board is components().map


def test_each_game_keeps_its_own_board():
    small, base = small_game(), Game.new(Setup(seats=(SeatSetup("P1", company="usa", officer="wilhelm"),), seed=3))
    assert small.board.id == "small" and base.board.id == "base"
    assert set(small.state.headstream_tiles) == {"HA", "HB"} and set(base.state.headstream_tiles) == {"HA", "HB", "HC", "HD"}
    assert set(small.state.headstream_tiles.values()) <= {1, 4, 7}
    assert list(small.state.dams) == ["M1L"] and small.state.dams["M1L"].owner == NEUTRAL  # its neutral dam rule
    assert small.board.downstream["HA"] == "M1U" and base.board.downstream["HA"] == "B1U"


def test_a_setup_on_a_missing_or_broken_board_is_refused(tmp_path):
    with pytest.raises(SetupError, match=r"^board /nowhere/x.toml: the board file is missing$"):
        Setup(seats=(SeatSetup("P1"),), options={"board": "/nowhere/x.toml"}).validate()
    bad = tmp_path / "bad.toml"
    bad.write_text(Path(SMALL).read_text().replace("capacity = 3", "capacity = 0"))
    with pytest.raises(SetupError, match="lake L1: capacity 0: a lake holds at least 1 drop"):
        Setup(seats=(SeatSetup("P1"),), options={"board": str(bad)}).validate()


def test_a_board_file_is_read_anew_when_it_changed(tmp_path):
    path = tmp_path / "b.toml"
    path.write_text(Path(SMALL).read_text())
    first = board_files.load(str(path))
    path.write_text(Path(SMALL).read_text().replace("capacity = 3", "capacity = 2"))
    second = board_files.load(str(path))
    assert first.lakes["L1"].capacity == 3 and second.lakes["L1"].capacity == 2
    assert first.sha256 != second.sha256


# ---------------------------------------------------------------- natural lakes

def test_the_lake_worked_example(game):
    """Issue 13: 3 drops enter a valley with an empty height-1 dam -> 1 stays; 2 reach the lake, which holds
    2 of its 3 -> 1 stays, 1 flows on."""
    put_dam(game, "H2L", 0)
    game.state.lakes["L1"] = 2
    game.state.drops_created += 2
    ends = [water.add_drop_to_headstream(game, "HB", flowing=True) for _ in range(3)]
    assert ends == ["H2L", "L1", "EXIT"]
    assert game.state.dams["H2L"].drops == 1 and game.state.lakes["L1"] == 3 and game.state.drops_exited == 1
    assert violations(game) == []


def test_a_lake_starts_with_its_drops_and_a_choice_says_a_drop_reaches_it(game):
    assert small_game().state.lakes == {"L1": 0}
    choice = water.headstream_choice(game, "HB", flowing=True)
    assert choice.data["reaches"] == "L1" and "reaches L1" in choice.label


# ---------------------------------------------------------------- branching conduits, neutral powerhouses

def test_a_branching_conduit_lets_the_production_choose_its_powerhouse(game):
    put_dam(game, "M1U", ME, drops=2)
    put_conduit(game, "K1", ME)
    put_powerhouse(game, "Q2a", ME)
    put_powerhouse(game, "Q3a", ME)
    keys = {s.key for s in production.systems(game, ME, 0)}
    assert {"system:M1U:K1:Q2a", "system:M1U:K1:Q3a"} <= keys
    drive(game, production.produce(game, ME, 0), ["system:M1U:K1:Q3a", "drops:2"])
    assert game.state.companies[ME].energy == 9  # 2 drops x value 4, +1 with 2 powerhouses built
    assert game.state.lakes.get("L1", 0) == 0 and game.state.drops_exited == 2  # they flowed on from valley 3
    assert violations(game) == []


def test_anyone_may_produce_with_a_neutral_powerhouse_and_nobody_is_paid_for_it(game):
    game.state.powerhouses["Q3n"] = NEUTRAL  # (clear_map keeps the powerhouses)
    put_dam(game, "M1U", ME, drops=2)
    put_conduit(game, "K1", ME)
    credits = [c.credits for c in game.state.companies]
    vp = [c.vp for c in game.state.companies]
    assert {s.key for s in production.systems(game, ME, 0)} == {"system:M1U:K1:Q3n"}
    drive(game, production.produce(game, ME, 0), ["drops:2"])
    assert game.state.companies[ME].energy == 8
    assert [c.credits for c in game.state.companies] == credits and [c.vp for c in game.state.companies] == vp
    assert production.company_bonus(game, ME) == 0  # it is nobody's powerhouse: not counted as ME's
    assert violations(game) == []


# ---------------------------------------------------------------- covered spaces

def test_a_covered_space_is_not_buildable_until_its_landscape_is_built(game):
    assert "D3x" not in build_spaces.legal_spaces(game, ME, "base")
    assert "Q4c" not in build_spaces.legal_spaces(game, ME, "powerhouse")
    assert "Q4c" not in game.state.powerhouses and board_features.open_targets(game, "K3") == (3,)
    board_features.uncover(game, "T1")
    assert "D3x" in build_spaces.legal_spaces(game, ME, "base")
    assert game.state.powerhouses["Q4c"] == NEUTRAL  # its neutral powerhouse stands now
    assert board_features.open_targets(game, "K3") == (3, 4)
    assert game.state.uncovered == ["T1"] and violations(game) == []
