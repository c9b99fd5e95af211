"""The Duel map (data/boards/duel.toml, issue 14 item 3): a 2-seat board whose preparation tiles, placed by
the shuffled positional tiles 1-8 at setup, build two neutral dams and block spaces nobody may build on; a
Powerhouse tile at position 8 goes back to the box. The board format's keys for it: ``seats``, ``assumed``,
``[[position]]``, ``[[preparation_tile]]``."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import automa
from automa import placement
from automa.cards import cards
from barrage_tui.rules import board_files, boards, build_spaces, preparation
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup, SetupError
from barrage_tui.cli import main
from barrage_tui.rules.state import NEUTRAL
from barrage_tui.rules.validation import InvalidState, check_state
from saves import load_game, save_game

from .helpers import violations
from barrage_tui.rules.modules.duel.state import duel as duel_state

DUEL_MAP = board_files.load("duel")
SMALL = Path(__file__).parents[1] / "boards" / "small.toml"
TILES = {t.id: t for t in DUEL_MAP.preparation_tiles}
STRUCTURES = ("base", "conduit", "powerhouse")


def duel_map_game(seed: int = 1, modules: tuple[str, ...] = (), automa_seat: bool = False) -> Game:
    second = (SeatSetup("A", "automa", "germany", difficulty="medium") if automa_seat
              else SeatSetup("B", company="germany", officer="jill"))
    setup = Setup(seats=(SeatSetup("P", company="usa", officer="wilhelm"), second), seed=seed,
                  options={"board": "duel", "modules": list(modules)})
    game = Game.new(setup)
    if automa_seat:
        automa.attach(game)
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


def offered(game: Game) -> set[str]:
    """Every space any seat could build on now (pieces aside)."""
    return {s for seat in range(game.state.seats) for kind in STRUCTURES
            for s in build_spaces.legal_spaces(game, seat, kind)}


# ---------------------------------------------------------------- the board file

def test_the_duel_map_is_a_labelled_reconstruction_for_two_seats():
    assert DUEL_MAP.seats == (2,) and "RECONSTRUCTION" in DUEL_MAP.assumed
    assert len(DUEL_MAP.zones) < len(components().map.zones)  # fewer valleys than the base map
    assert sorted(DUEL_MAP.positions) == list(range(1, 9)) and len(DUEL_MAP.preparation_tiles) == 8
    assert not any(slot.startswith("powerhouse") for slot in DUEL_MAP.positions[8])  # position 8: none
    assert all("powerhouse_top" in DUEL_MAP.positions[n] for n in range(1, 8))
    dearer = [d.extra_credits for d in DUEL_MAP.dams.values()] + [p.extra_credits for p in DUEL_MAP.powerhouses.values()]
    assert max(dearer) > 3  # the base map's red outline costs 3


def test_four_of_the_eight_invented_duel_headstream_tiles_are_drawn():
    heads = components().headstreams
    assert len(DUEL_MAP.headstream_tiles) == 8 and all(heads[t].assumed for t in DUEL_MAP.headstream_tiles)
    assert not any(heads[t].assumed for t in components().map.headstream_tiles)
    game = duel_map_game()
    assert len(game.state.headstream_tiles) == 4
    assert set(game.state.headstream_tiles.values()) <= set(DUEL_MAP.headstream_tiles)


# ---------------------------------------------------------------- the preparation and positional tiles

@pytest.mark.parametrize("seed", range(1, 13))
def test_each_preparation_tile_lies_where_its_positional_tile_says(seed):
    game = duel_map_game(seed)
    st = game.state
    assert sorted(st.preparation) == sorted(TILES) and sorted(st.preparation.values()) == list(range(1, 9))
    blocked = preparation.blocked_spaces(game.board, st.preparation)
    for tile_id, number in st.preparation.items():
        tile, spaces = TILES[tile_id], DUEL_MAP.positions[number]
        space = spaces.get(tile.slot, "")
        if tile.neutral_dam:  # on the lower dam space of the position's valley, with 1 drop
            dam = st.dams[spaces["dam_bottom"]]
            assert (dam.owner, dam.height, dam.drops) == (NEUTRAL, tile.neutral_dam, 1)
            assert space not in blocked
        elif space:
            assert space in blocked and space not in offered(game)
        else:  # a Powerhouse tile at position 8: back in the box
            assert tile.slot.startswith("powerhouse") and number == 8
    neutral = {s for s, d in st.dams.items() if d.owner == NEUTRAL}
    assert len(neutral) == 2 and sorted(st.dams[s].height for s in neutral) == [1, 2]
    assert st.drops_created == 2 + sum(st.headstream_drops.values())  # and round 1's on the headstreams
    assert violations(game) == []


def test_the_neutral_dams_tiles_use_one_drop_each_and_the_other_tiles_none():
    assert {t.id: (t.neutral_dam, t.drops) for t in DUEL_MAP.preparation_tiles if t.neutral_dam} == {
        "neutral_base": (1, 1), "neutral_base_elevation": (2, 1)}
    blockers = [t.slot for t in DUEL_MAP.preparation_tiles if not t.neutral_dam]
    assert sorted(blockers) == sorted(["powerhouse_top", "powerhouse_bottom", "dam_top", "dam_bottom",
                                       "conduit_left", "conduit_right"])


def test_a_powerhouse_tile_at_position_8_goes_back_to_the_box_and_blocks_nothing():
    drawn = {"powerhouse_top": 8, "powerhouse_bottom": 3, "neutral_base": 1, "neutral_base_elevation": 2,
             "base_top": 4, "base_bottom": 5, "conduit_left": 6, "conduit_right": 7}
    assert preparation.blocked_spaces(DUEL_MAP, drawn) == {"P3_1", "B4U", "B5L", "C6L", "C7R"}
    laid = {t.id: space for t, _, space in preparation.laid(DUEL_MAP, drawn)}
    assert laid["powerhouse_top"] == "" and laid["powerhouse_bottom"] == "P3_1"


def test_a_blocked_space_is_never_offered_to_anyone():
    game = duel_map_game(3)
    blocked = preparation.blocked_spaces(game.board, game.state.preparation)
    assert len(blocked) >= 5
    assert not blocked & offered(game)
    game.state.preparation = {}  # without the tiles, the same spaces are open (the blocking is what closes them)
    assert blocked - {s for s in blocked if s in game.state.dams} <= offered(game)


def test_the_positional_tiles_are_drawn_from_the_seed_after_every_other_draw():
    a, b = duel_map_game(5), duel_map_game(5)
    assert a.state.preparation == b.state.preparation
    with_duel = duel_map_game(5, modules=("duel",))  # the base game's draws stay as they were
    assert with_duel.state.headstream_tiles == a.state.headstream_tiles
    assert with_duel.state.bonus_tiles == a.state.bonus_tiles
    assert len({tuple(sorted(duel_map_game(s).state.preparation.items())) for s in range(1, 6)}) > 1


def test_a_game_elsewhere_has_no_preparation_tiles():
    setup = Setup(seats=(SeatSetup("P", company="usa", officer="wilhelm"), SeatSetup("Q", company="italy",
                                                                                    officer="jill")), seed=1)
    assert Game.new(setup).state.preparation == {}


# ---------------------------------------------------------------- two seats, with or without the Duel board

@pytest.mark.parametrize("seats", [1, 3, 4])
def test_the_duel_map_refuses_another_seat_count(seats):
    setup = Setup(seats=tuple(SeatSetup(f"P{i}") for i in range(seats)), seed=1, options={"board": "duel"})
    with pytest.raises(SetupError) as info:
        setup.validate()
    assert str(info.value) == ("the board Barrage Duel: the two-player map (reconstructed) is for exactly 2 "
                               f"players; this game has {seats} seat(s)")


@pytest.mark.parametrize("modules", [(), ("duel",)])
def test_two_players_play_the_duel_map_with_or_without_the_duel_board(modules):
    game = duel_map_game(2, modules=modules, automa_seat=True)
    assert game.board.id == "duel" and ("duel" in game.state.modules) == bool(modules)
    assert game.state.preparation and violations(game) == []


# ---------------------------------------------------------------- saves

def test_a_duel_map_game_saves_and_loads_with_its_tiles(tmp_path):
    game = duel_map_game(4, modules=("duel",))
    for _ in range(12):
        game.choose(game.prompt.choices[0].key)
    loaded = load_game(save_game(game, tmp_path / "duel.toml"))
    assert loaded.board is DUEL_MAP and loaded.state == game.state
    assert loaded.state.preparation == game.state.preparation
    assert not preparation.blocked_spaces(loaded.board, loaded.state.preparation) & offered(loaded)


# ---------------------------------------------------------------- the Automa on the Duel map

def test_every_automa_card_walks_every_space_of_the_duel_map():
    """A card's start names a base-map valley or conduit the Duel map may lack: the walk then starts from
    the map's first (docs/board-format.md, "The Automa on another board"), and still meets every space."""
    for card in cards().values():
        for structure, table in (("base", DUEL_MAP.dams), ("conduit", DUEL_MAP.conduits),
                                 ("powerhouse", DUEL_MAP.powerhouses)):
            assert sorted(placement.walk_order(card.criteria, structure, DUEL_MAP)) == sorted(table)
    missing = next(c for c in cards().values() if c.criteria.dam_start not in DUEL_MAP.zones)
    assert placement.walk_order(missing.criteria, "base", DUEL_MAP)[:2] == ("B1L", "B1U")


def test_the_automa_never_builds_on_a_blocked_space():
    game = duel_map_game(6, modules=("duel",), automa_seat=True)
    blocked = preparation.blocked_spaces(game.board, game.state.preparation)
    steps = 0
    while game.prompt is not None and steps < 3000:
        game.choose(game.prompt.choices[0].key)
        steps += 1
    st = game.state
    assert game.prompt is None and st.phase == "over"  # never stuck
    assert not blocked & (st.dams.keys() | st.conduits.keys() | st.powerhouses.keys())


# ---------------------------------------------------------------- the format's new keys, checked

GOOD = """
[[position]]
number = 1
dam_top = "M1U"
conduit_left = "K2"
[[position]]
number = 2
powerhouse_top = "Q2a"
[[preparation_tile]]
id = "nb"
slot = "dam_top"
neutral_dam = 2
drops = 1
[[preparation_tile]]
id = "ph"
slot = "powerhouse_top"
"""


def _parse(tables: str, seats: str = "seats = [2]") -> boards.Board:
    text = SMALL.read_text().replace('id = "small"', f'id = "small"\n{seats}', 1) + "\n" + tables
    return boards.parse(tomllib.loads(text), components().headstreams, components().seats)


def test_a_board_with_positions_and_preparation_tiles_is_accepted():
    board = _parse(GOOD)
    assert board.seats == (2,) and board.positions[1] == {"dam_top": "M1U", "conduit_left": "K2"}
    assert [t.id for t in board.preparation_tiles] == ["nb", "ph"]
    assert "2 preparation tiles" in boards.summary(board) and "for 2 seats" in boards.summary(board)


@pytest.mark.parametrize("change, problem", [
    (('dam_top = "M1U"', 'dam_top = "K2"'), "position 1: dam_top = 'K2': no dam space of the board"),
    (('powerhouse_top = "Q2a"', 'powerhouse_top = "Q4c"'), "position 2: Q4c is covered by landscape T1"),
    (('powerhouse_top = "Q2a"', 'powerhouse_top = "Q3n"'),
     "position 2: Q3n is a neutral dam's or powerhouse's space already"),
    (('number = 2', 'number = 3'), "position: numbered [1, 3]: positions are numbered 1 to 2"),
    (('powerhouse_top = "Q2a"', 'conduit_left = "K2"'), "position 2: K2 is also a space of position 1"),
    (('slot = "powerhouse_top"', 'slot = "roof"'), "preparation_tile ph: slot 'roof' is not one of dam_top, "
                                                   "dam_bottom, conduit_left, conduit_right, powerhouse_top, "
                                                   "powerhouse_bottom"),
    (('slot = "dam_top"', 'slot = "conduit_left"'),
     "preparation_tile nb: neutral_dam 2: a neutral dam is 1 to 3 high, on a dam slot"),
    (('drops = 1', 'drops = 3'), "preparation_tile nb: starts with 3 drops, but holds 0 to 2"),
    (('id = "ph"\nslot = "powerhouse_top"', 'id = "ph"\nslot = "powerhouse_top"\n[[preparation_tile]]\nid = "x"'),
     "preparation_tile x: key 'slot' is missing"),
])
def test_a_broken_position_or_preparation_tile_is_refused_with_one_line(change, problem):
    with pytest.raises(boards.BoardProblem) as info:
        _parse(GOOD.replace(*change))
    assert str(info.value) == problem


def test_a_board_for_six_seats_is_refused():
    with pytest.raises(boards.BoardProblem) as info:
        _parse(GOOD, "seats = [6]")
    assert str(info.value) == "seats: 6 seats: a game has 1 to 5"  # (5: the 4-5 player map's)


def test_as_many_preparation_tiles_as_positions():
    with pytest.raises(boards.BoardProblem) as info:
        _parse(GOOD.split("[[preparation_tile]]\nid = \"ph\"")[0])
    assert str(info.value) == ("preparation_tile: 1 preparation tiles for 2 positions: one positional tile lies "
                               "under each preparation tile")


@pytest.mark.parametrize("change, problem", [
    (lambda p: p.pop("conduit_left"), "state.preparation: needs exactly the board's preparation tiles"),
    (lambda p: p.update(conduit_left=p["conduit_right"]), "each positional tile 1 to 8 once"),
])
def test_a_save_with_a_wrong_positional_draw_is_refused(change, problem):
    game = duel_map_game(2)
    change(game.state.preparation)
    with pytest.raises(InvalidState) as info:
        check_state(game.state, game.setup, game_board=game.board)
    assert problem in str(info.value)


def test_board_check_accepts_the_duel_map(capsys):
    assert main(["board", "check", "duel"]) == 0
    assert capsys.readouterr().out == (
        "duel: ok: board 'duel' (Barrage Duel: the two-player map (reconstructed)): 9 valleys, 16 dam spaces, "
        "16 conduits, 18 powerhouse spaces, 4 headstreams, 2 exits, 8 preparation tiles, for 2 seats; "
        "partly invented (its 'assumed' says what)\n")


@pytest.mark.parametrize("args, problem", [
    (["--players", "3"], "--players 3: the board Barrage Duel: the two-player map (reconstructed) is for exactly 2 "
                         "players; this game has 3 seat(s) (allowed here: 2)"),
    (["--automa", "3"], "--automa 3: at most 2 here")])
def test_sim_refuses_another_seat_count_on_the_duel_map(args, problem, capsys):
    with pytest.raises(SystemExit) as info:
        main(["sim", "--board", "duel", "--games", "1", *args])
    assert info.value.code == 2
    assert capsys.readouterr().err.endswith(f"error: {problem}\n")
