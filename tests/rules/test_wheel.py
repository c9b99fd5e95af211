"""The Construction Wheel (rulebook "Construction"; reference base-game.md section 7.4)."""

import pytest

from barrage_tui.rules import contracts, rewards, wheel
from barrage_tui.rules.state import WHEEL_SEGMENTS, CompanyState, DamState, Segment

from .helpers import at_turn, build, clear_map, drive, new_game, play, restart


def company() -> CompanyState:
    return CompanyState(seat=0, player="A", kind="human", company="usa", officer="graziano",
                        tiles=["base", "elevation", "conduit", "powerhouse"])


def test_the_wheel_has_six_segments_one_open():
    c = company()
    assert WHEEL_SEGMENTS == 6 and len(c.wheel) == 6 and c.wheel_open == 0


def test_the_tile_and_machinery_go_into_the_open_segment():
    c = company()
    c.wheel_open = 4
    c.tiles.remove("base")
    wheel.load_open_segment(c, ["base"], 3, 1)
    assert (c.wheel[4].tiles, c.wheel[4].excavators, c.wheel[4].mixers) == (["base"], 3, 1)
    assert all(seg.is_empty() for i, seg in enumerate(c.wheel) if i != 4)


def test_a_turn_opens_the_next_segment_and_returns_what_it_holds():
    # Rule: every single-segment turn opens the next segment; you take back everything in it.
    c = company()
    c.tiles.remove("conduit")
    c.wheel[1] = Segment(["conduit"], excavators=4, mixers=2)
    c.wheel[2] = Segment(["x"], excavators=9)
    exc, mix = c.excavators, c.mixers
    back = wheel.turn(c)
    assert back == ["conduit"] and c.wheel_open == 1
    assert "conduit" in c.tiles and (c.excavators, c.mixers) == (exc + 4, mix + 2)
    assert c.wheel[1].is_empty() and c.wheel[2].tiles == ["x"]


def test_the_wheel_goes_round_from_the_last_segment_to_the_first():
    c = company()
    c.wheel_open = 5
    c.wheel[0] = Segment(["t"], mixers=1)
    assert wheel.turn(c) == ["t"] and c.wheel_open == 0


def test_several_turns_return_every_segment_they_open():
    c = company()
    for i in range(1, 6):
        c.wheel[i] = Segment([f"t{i}"], excavators=1)
    back = wheel.turn(c, 3)
    assert back == ["t1", "t2", "t3"] and c.wheel_open == 3
    assert [s.tiles for s in c.wheel[4:]] == [["t4"], ["t5"]]


@pytest.mark.parametrize("further, back", [(4, False), (5, True)])
def test_a_tile_returns_on_the_sixth_turn_counted_from_its_construction(further, back):
    # Rule: the construction's own turn is the first; the tile comes back after 5 further turns.
    c = company()
    c.tiles.remove("base")
    wheel.load_open_segment(c, ["base"], 5, 0)
    wheel.turn(c)  # the construction's turn
    wheel.turn(c, further)
    assert ("base" in c.tiles) is back
    assert wheel.tiles_on_wheel(c) == ([] if back else ["base"])


def test_machinery_on_the_wheel_is_counted_apart_from_the_supply():
    c = company()
    c.wheel[2] = Segment([], excavators=3, mixers=1)
    c.wheel[5] = Segment([], excavators=1)
    assert wheel.machinery_on_wheel(c) == (4, 1)


# ---------------------------------------------------------------- through the engine

def test_a_construction_loads_the_open_segment_then_turns_the_wheel():
    game = new_game(companies=("italy", "france"), officers=("graziano", "viktor"))
    clear_map(game)
    game = at_turn(game, 0)
    c = game.state.companies[0]
    c.wheel_open = 3
    c.wheel[4] = Segment(["conduit"], excavators=2)
    c.tiles.remove("conduit")
    c.machinery_gained[0] += 2
    game = restart(game)
    exc = c.excavators
    build(game, "tile:base", "B8L")  # plain: 3 Excavators
    assert (c.wheel[3].tiles, c.wheel[3].excavators) == (["base"], 3)
    assert c.wheel_open == 4 and c.wheel[4].is_empty()
    assert "conduit" in c.tiles and c.excavators == exc - 3 + 2


def test_machinery_returned_by_the_construction_turn_cannot_pay_for_that_construction():
    # The machinery is paid before the wheel turns: 3 Excavators in the supply and 3 coming back are not 6.
    game = new_game(companies=("italy", "france"), officers=("graziano", "viktor"))
    clear_map(game)
    c = game.state.companies[0]
    c.excavators = 3
    c.wheel[1] = Segment([], excavators=3)
    game = at_turn(game, 0)
    play(game, "place:construct", "tile:base")
    spaces = {k.split(":")[1] for k in game.prompt.keys()}
    assert spaces == {"B8U", "B8L", "B9U", "B9L", "B10U", "B10L"}  # plains only (3 Excavators)


def test_a_tile_built_in_round_one_comes_back_through_five_further_turns():
    # Rule: 6 turns from the construction's own turn; workshop turns count.
    game = new_game(companies=("italy", "france"), officers=("graziano", "viktor"))
    clear_map(game)
    game = at_turn(game, 0)
    c = game.state.companies[0]
    c.credits = 30
    build(game, "tile:base", "B8L")
    play(game, "place:bank-b", "engineers:1")
    game.choose("place:workshop-r3")  # 3 more turns
    assert "base" not in c.tiles
    play(game, "place:bank-b", "engineers:1")
    game.choose("place:workshop-r1")  # the 5th turn
    assert "base" not in c.tiles and c.wheel_open == 5 and c.excavators == 3
    play(game, "place:bank-b", "engineers:1")
    game.choose("place:workshop-r1bis")  # the 6th
    assert "base" in c.tiles and c.wheel_open == 0 and c.excavators == 6


def test_a_contract_wheel_turn_returns_items():
    # Rule: "turn the wheel N" rewards turn it segment by segment, returning each segment's contents.
    game = new_game()
    c = game.state.companies[0]
    c.wheel[1] = Segment(["base"], excavators=2)
    c.wheel[2] = Segment(["elevation"], mixers=3)
    c.tiles = ["conduit", "powerhouse"]
    exc, mix = c.excavators, c.mixers
    drive(game, rewards.gain(game, 0, {"credits": 1, "wheel_rotations": 2}, "contracts"))
    assert sorted(c.tiles) == ["base", "conduit", "elevation", "powerhouse"]
    assert (c.excavators, c.mixers) == (exc + 2, mix + 3) and c.wheel_open == 2


def test_starting_contract_two_turns_the_wheel_once():
    # Starting contract #2: 3 energy for 2 credits + turn the wheel 1.
    game = new_game()
    c = game.state.companies[0]
    c.wheel[1] = Segment(["base"], excavators=1)
    c.tiles.remove("base")
    c.contracts = [2]
    drive(game, contracts.fulfil(game, 0, 3, production=True), ["contract:2"])
    assert "base" in c.tiles and c.wheel_open == 1 and c.fulfilled == [2]


def test_an_income_wheel_turn_returns_items_at_once():
    # USA's 2nd Base uncovers "turn the wheel 1", gained at once: two turns in one construction.
    game = new_game(companies=("usa", "italy"), officers=("graziano", "viktor"))
    clear_map(game)
    c = game.state.companies[0]
    c.pieces["base"] -= 1
    game.state.dams["B2L"] = DamState(owner=0, height=1)
    c.wheel[2] = Segment(["conduit"], mixers=2)
    c.tiles.remove("conduit")
    game = at_turn(game, 0)
    mixers = c.mixers
    build(game, "tile:base", "B8L")
    assert c.wheel_open == 2 and "conduit" in c.tiles and c.mixers == mixers + 2
