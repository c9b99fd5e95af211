"""Advanced Technology tiles and the Patent Office (reference base-game.md sections 10.1 and 10.2)."""

import pytest

from barrage_tui.rules import patents
from barrage_tui.rules.components import components
from barrage_tui.rules.state import NEUTRAL, DamState, Segment

from .helpers import build, drive, empty_map_game, new_game, own, play, put_drops, restart


def with_tile(tile, companies=("italy", "france"), officers=("graziano", "viktor"), **supply):
    """Seat 0 to act on an empty map, holding ``tile`` (the basic tile of its type set aside)."""
    game, seat = empty_map_game(companies, officers, **supply)
    c = game.state.companies[seat]
    c.tiles = [t for t in c.tiles if t != components().tile(tile).builds] + [tile]
    return restart(game), seat


def test_there_are_five_tiles_per_level_one_of_each_type():
    adv = components().advanced_tiles
    for level in (1, 2, 3):
        assert sorted(t.builds for t in adv.values() if t.level == level) == [
            "any", "base", "conduit", "elevation", "powerhouse"]
    assert {t.id for t in adv.values() if t.engineer_free} == {"L1_POWERHOUSE", "L3_BASE"}


# ---------------------------------------------------------------- level I

def test_l1_base_puts_a_drop_in_each_of_your_dams_holding_no_water():
    # Rule: 1 drop in each of your dams holding no water, the new one included; not in neutral dams.
    game, seat = with_tile("L1_BASE")
    st = game.state
    own(game, seat, "base", "B1L")
    own(game, seat, "base", "B2L", height=2)
    put_drops(game, "B2L", 2)
    own(game, 1 - seat, "base", "B3L")
    st.dams["B5L"] = DamState(owner=NEUTRAL, height=2)
    game = restart(game)
    created = st.drops_created
    build(game, "tile:L1_BASE", "B8L")
    assert {s: d.drops for s, d in st.dams.items()} == {"B1L": 1, "B2L": 2, "B3L": 0, "B5L": 0, "B8L": 1}
    assert st.drops_created == created + 2


def test_l1_elevation_turns_the_wheel_once_per_elevation_on_the_map():
    # Rule: 1 turn per Elevation you have on the map (new one included), after the construction's own turn.
    game, seat = with_tile("L1_ELEVATION")
    c = game.state.companies[seat]
    own(game, seat, "base", "B1L", height=3)  # 2 Elevations
    own(game, seat, "base", "B2L")
    c.wheel[3] = Segment(["base"], excavators=2)
    c.tiles.remove("base")
    game = restart(game)
    exc = c.excavators
    build(game, "tile:L1_ELEVATION", "B2L")
    assert c.wheel_open == 1 + 3
    assert "base" in c.tiles and c.excavators == exc + 2


def test_l1_conduit_gains_twice_the_production_in_credits():
    game, seat = with_tile("L1_CONDUIT")
    c = game.state.companies[seat]
    spent = build(game, "tile:L1_CONDUIT", "C2R")  # production 5
    assert spent == (10, 0, -10) and c.credits == 30


def test_l1_powerhouse_builds_without_engineers_even_with_none_left():
    # Rule: engineer-free turn; machinery paid, tile on the wheel, wheel turns, +3 on a red space still due.
    game, seat = with_tile("L1_POWERHOUSE", credits=5)
    c = game.state.companies[seat]
    c.engineers = 0
    game = restart(game)
    assert sorted(game.prompt.keys()) == ["build-free", "pass"]
    spent = build(game, "tile:L1_POWERHOUSE", "P5_1", place="build-free")
    assert spent == (0, 2, 3)
    assert game.state.powerhouses["P5_1"] == seat
    assert c.wheel[0].tiles == ["L1_POWERHOUSE"] and c.wheel[0].mixers == 2 and c.wheel_open == 1
    assert c.construction_used == 0 and c.engineers == 0


def test_an_engineer_free_turn_is_offered_beside_the_action_spaces():
    game, seat = with_tile("L1_POWERHOUSE")
    c = game.state.companies[seat]
    assert "build-free" in game.prompt.keys() and "place:construct" in game.prompt.keys()
    engineers = c.engineers
    game.choose("build-free")
    assert game.prompt.kind == "build_space"  # the only engineer-free tile is chosen for you
    game.choose("space:P11_0")
    assert c.engineers == engineers and not game.state.engineers_on


def test_only_engineer_free_tiles_give_an_engineer_free_turn():
    game, seat = with_tile("L1_BASE")
    c = game.state.companies[seat]
    c.engineers = 0
    game = restart(game)
    assert c.passed and game.prompt.seat != seat  # nothing to do: the company passes


def test_l1_powerhouse_in_a_normal_construction_does_nothing_extra():
    game, seat = with_tile("L1_POWERHOUSE")
    c = game.state.companies[seat]
    before = (c.vp, c.credits, c.energy)
    build(game, "tile:L1_POWERHOUSE", "P11_0")
    assert (c.vp, c.credits, c.energy) == before and c.engineers == 11
    assert game.prompt.kind == "action" and game.prompt.seat != seat


@pytest.mark.parametrize("structure, space", [("base", "B1U"), ("powerhouse", "P5_1")])
def test_l1_joker_builds_any_type_without_the_red_space_fee(structure, space):
    # Rule: L1 Joker builds any structure; no +3 for a red-outlined building space.
    game, seat = with_tile("L1_JOKER", companies=("usa", "italy"))  # USA's 2nd Base turns the wheel only
    own(game, seat, "base", "B2L")
    game = restart(game)
    game.choose("place:construct")
    assert {"tile:L1_JOKER:base", "tile:L1_JOKER:elevation", "tile:L1_JOKER:conduit",
            "tile:L1_JOKER:powerhouse"} <= set(game.prompt.keys())
    spent = build(game, f"tile:L1_JOKER:{structure}", space, place="")
    assert spent[2] == 0


def test_l1_joker_does_not_waive_the_fourth_construction_space_fee():
    game, seat = with_tile("L1_JOKER")
    c = game.state.companies[seat]
    c.construction_used = 3
    game = restart(game)
    spent = build(game, "tile:L1_JOKER:base", "B1U")
    assert spent == (5, 0, 3)


# ---------------------------------------------------------------- level II

def test_l2_base_gives_energy_per_base_and_may_fulfil_a_hand_contract():
    # Rule: Energy = your Bases (new one included); it may fulfil one hand contract.
    game, seat = with_tile("L2_BASE")
    c = game.state.companies[seat]
    own(game, seat, "base", "B1L")
    own(game, seat, "base", "B2L")
    c.contracts = [1, 209]  # 3 energy each
    game = restart(game)
    play(game, "place:construct", "tile:L2_BASE", "space:B8L")
    assert c.energy == 3
    assert game.prompt.kind == "contract"
    assert sorted(game.prompt.keys()) == ["contract:1", "contract:209", "skip"]
    game.choose("contract:209")
    assert c.fulfilled == [209] and c.contracts == [1]
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_l2_base_energy_gets_no_france_reduction():
    # Rule: not a production: France's -3 does not apply.
    game, seat = with_tile("L2_BASE", companies=("france", "italy"))
    c = game.state.companies[seat]
    for space in ("B1L", "B2L", "P5_0", "P6_0"):
        own(game, seat, "base" if space.startswith("B") else "powerhouse", space)
    own(game, seat, "powerhouse", "P7_0")  # 3 powerhouses: France's ability is on
    c.contracts = [300]  # 5 energy: 5 - 3 = 2 would do with a production
    game = restart(game)
    assert game.ability_active(seat)
    build(game, "tile:L2_BASE", "B8L")
    assert c.energy == 3 and c.contracts == [300]
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_l2_base_energy_fulfils_one_contract_only_even_for_simone():
    game, seat = with_tile("L2_BASE", officers=("simone", "viktor"))
    c = game.state.companies[seat]
    for space in ("B1L", "B2L", "B3L"):
        own(game, seat, "base", space)
    c.contracts = [200, 202]  # 2 energy each; 4 energy would pay both with a production
    game = restart(game)
    play(game, "place:construct", "tile:L2_BASE", "space:B8L", "contract:200")
    assert c.energy == 4 and c.fulfilled == [200] and c.contracts == [202]
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_energy_from_a_tile_never_fulfils_a_national_contract():
    # Rule: L2 Base / L3 Conduit energy fulfils hand contracts only.
    game, seat = empty_map_game()
    c = game.state.companies[seat]
    game.state.national = [104]
    c.contracts = [202]
    _, prompts = drive(game, patents.energy_for_hand_contract(game, seat, 20), ["skip"])
    assert sorted(prompts[0].keys()) == ["contract:202", "skip"]
    assert c.energy == 20


def test_l2_elevation_fills_the_raised_dam():
    # Rule: fill the dam you just raised to capacity from the supply.
    game, seat = with_tile("L2_ELEVATION", officers=("wilhelm", "viktor"))
    st = game.state
    own(game, seat, "base", "B1L", height=2)
    put_drops(game, "B1L", 1)
    own(game, seat, "base", "B2L")
    game = restart(game)
    created = st.drops_created
    build(game, "tile:L2_ELEVATION", "B1L")
    assert (st.dams["B1L"].height, st.dams["B1L"].drops) == (3, 3)
    assert st.dams["B2L"].drops == 0 and st.drops_created == created + 2


@pytest.mark.parametrize("conduit, excavators", [("C1L", 5), ("C1R", 5), ("C2L", 5), ("C6R", 4), ("C9L", 2)])
def test_l2_conduit_costs_at_most_five_excavators(conduit, excavators):
    game, seat = with_tile("L2_CONDUIT")
    assert build(game, "tile:L2_CONDUIT", conduit) == (excavators, 0, 0)


def l2_powerhouse_position(national=(), drops=1):
    game, seat = with_tile("L2_POWERHOUSE", companies=("france", "italy"), officers=("graziano", "jill"))
    st = game.state
    own(game, seat, "base", "B1U", height=2)
    put_drops(game, "B1U", drops)
    own(game, seat, "conduit", "C1L")  # value 5, into zone 8
    own(game, seat, "powerhouse", "P12_0")
    st.national = list(national)
    return restart(game), seat


def test_l2_powerhouse_offers_an_optional_production_with_plus_two():
    game, seat = l2_powerhouse_position()
    c = game.state.companies[seat]
    play(game, "place:construct", "tile:L2_POWERHOUSE", "space:P8_0")
    assert game.prompt.kind == "system" and "skip" in game.prompt.keys()
    game.choose("system:B1U:C1L:P8_0")
    # 5 x 1, +2 for the tile, +1 company bonus (2nd powerhouse built)
    assert c.energy == 8 and game.state.dams["B1U"].drops == 0


def test_l2_powerhouse_production_may_be_declined():
    game, seat = l2_powerhouse_position()
    c = game.state.companies[seat]
    play(game, "place:construct", "tile:L2_POWERHOUSE", "space:P8_0", "skip")
    assert c.energy == 0 and game.state.dams["B1U"].drops == 1
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_l2_powerhouse_production_is_a_full_production():
    # Rule: company bonus, any contract (National included), abilities.
    game, seat = l2_powerhouse_position(national=[100], drops=2)
    c = game.state.companies[seat]
    play(game, "place:construct", "tile:L2_POWERHOUSE", "space:P8_0", "system:B1U:C1L:P8_0", "drops:2")
    assert c.energy == 13
    assert "contract:100" in game.prompt.keys()
    game.choose("contract:100")
    assert 100 in c.fulfilled and game.state.national == []


def test_l2_powerhouse_without_a_production_asks_nothing():
    game, seat = with_tile("L2_POWERHOUSE")
    build(game, "tile:L2_POWERHOUSE", "P8_0")
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_l2_joker_lets_excavators_and_mixers_stand_in_for_each_other():
    game, seat = with_tile("L2_JOKER", excavators=1, mixers=5)
    play(game, "place:construct", "tile:L2_JOKER:base", "space:B8L")
    assert sorted(game.prompt.keys()) == ["pay:0:3:0", "pay:1:2:0"]
    c = game.state.companies[seat]
    game.choose("pay:1:2:0")
    assert (c.excavators, c.mixers) == (0, 3) and (c.wheel[0].excavators, c.wheel[0].mixers) == (1, 2)


def test_without_l2_joker_the_kinds_do_not_mix():
    game, seat = with_tile("L1_JOKER", excavators=1, mixers=5)
    play(game, "place:construct")
    assert "tile:L1_JOKER:base" not in game.prompt.keys() and "tile:base" not in game.prompt.keys()


# ---------------------------------------------------------------- level III

def test_l3_base_builds_without_engineers_and_without_excavators():
    # Rule: engineer-free turn building a Base with no Excavators; tile on the wheel, wheel turns, red +3 due.
    game, seat = with_tile("L3_BASE", excavators=0, credits=3)
    c = game.state.companies[seat]
    c.engineers = 0
    game = restart(game)
    assert sorted(game.prompt.keys()) == ["build-free", "pass"]
    spent = build(game, "tile:L3_BASE", "B1U", place="build-free")
    assert spent == (0, 0, 3)
    assert game.state.dams["B1U"].owner == seat
    assert c.wheel[0].tiles == ["L3_BASE"] and c.wheel_open == 1


def test_l3_base_in_a_normal_construction_also_costs_no_excavators():
    game, seat = with_tile("L3_BASE", excavators=0)
    c = game.state.companies[seat]
    spent = build(game, "tile:L3_BASE", "B4L")
    assert spent == (0, 0, 0) and c.engineers == 11 and c.construction_used == 1


def test_l3_elevation_scores_three_per_raised_dam():
    # Rule: 3 VP per dam of yours with height >= 2, the new one included.
    game, seat = with_tile("L3_ELEVATION")
    c = game.state.companies[seat]
    own(game, seat, "base", "B1L", height=3)
    own(game, seat, "base", "B2L")
    own(game, seat, "base", "B3L")
    own(game, 1 - seat, "base", "B4L", height=2)
    game = restart(game)
    build(game, "tile:L3_ELEVATION", "B2L")
    assert c.vp == 10 + 6


def test_l3_conduit_gives_twice_the_production_as_energy():
    # Rule: Energy = 2 x the new conduit's production; it moves the marker.
    game, seat = with_tile("L3_CONDUIT")
    c = game.state.companies[seat]
    c.contracts = [405, 410]  # 9 and 10 energy
    game = restart(game)
    build(game, "tile:L3_CONDUIT", "C1R")  # production 4: 8 energy
    assert c.energy == 8 and c.contracts == [405, 410]
    assert game.prompt.kind == "action" and game.prompt.seat != seat  # no contract fits: nothing asked


def test_l3_conduit_energy_is_not_a_production_for_france():
    game, seat = with_tile("L3_CONDUIT", companies=("france", "italy"))
    c = game.state.companies[seat]
    for space in ("P5_0", "P6_0", "P7_0"):
        own(game, seat, "powerhouse", space)
    c.contracts = [406]  # 9 energy; a production of 8 would do for France
    game = restart(game)
    build(game, "tile:L3_CONDUIT", "C3L")  # production 4: 8 energy
    assert c.energy == 8 and c.contracts == [406]
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_l3_conduit_energy_fulfils_a_hand_contract():
    game, seat = with_tile("L3_CONDUIT")
    c = game.state.companies[seat]
    c.contracts = [405, 410]
    game = restart(game)
    play(game, "place:construct", "tile:L3_CONDUIT", "space:C4R")  # production 5: 10 energy
    assert c.energy == 10
    assert sorted(game.prompt.keys()) == ["contract:405", "contract:410", "skip"]
    game.choose("contract:410")
    assert c.fulfilled == [410]


def test_l3_powerhouse_scores_three_per_powerhouse():
    game, seat = with_tile("L3_POWERHOUSE")
    c = game.state.companies[seat]
    own(game, seat, "powerhouse", "P5_0")
    own(game, seat, "powerhouse", "P6_0")
    own(game, 1 - seat, "powerhouse", "P7_0")
    game = restart(game)
    build(game, "tile:L3_POWERHOUSE", "P8_0")
    assert c.vp == 10 + 9


def test_l3_joker_scores_three_per_advanced_tile_owned():
    # Rule: 3 VP per Advanced tile you own, in supply or on the wheel, this one included.
    game, seat = with_tile("L3_JOKER")
    c = game.state.companies[seat]
    c.tiles.append("L1_BASE")
    c.wheel[4] = Segment(["L2_CONDUIT", "conduit"])
    c.tiles.remove("conduit")
    game = restart(game)
    build(game, "tile:L3_JOKER:powerhouse", "P8_0")
    assert c.vp == 10 + 9


# ---------------------------------------------------------------- the Patent Office

def test_patent_office_refills_from_pile_one_then_two_then_three():
    # Rule: 15 tiles, 3 a round: R1 I-I-I, R2 I-I-II, R3 II-II-II, R4 II-III-III, R5 III-III-III.
    game = new_game()
    st = game.state
    adv = components().advanced_tiles
    seen = list(st.patent_offer)
    levels = [[adv[t].level for t in st.patent_offer]]
    for _ in range(4):
        unbought = list(st.patent_offer)
        patents.refresh(game)
        levels.append(sorted(adv[t].level for t in st.patent_offer))
        assert not set(unbought) & set(st.patent_offer)  # the unbought ones leave the game
        seen += st.patent_offer
    assert levels == [[1, 1, 1], [1, 1, 2], [2, 2, 2], [2, 3, 3], [3, 3, 3]]
    assert sorted(seen) == sorted(adv)
    patents.refresh(game)
    assert st.patent_offer == ["", "", ""]


def test_patent_office_refresh_happens_at_the_end_of_the_round():
    game = new_game()
    st = game.state
    first = list(st.patent_offer)
    buyer = game.prompt.seat
    play(game, "place:patent-p1")
    assert first[0] in st.companies[buyer].tiles and st.patent_offer == ["", first[1], first[2]]
    while st.round == 1:  # everybody banks all Engineers, then passes
        seat = game.prompt.seat
        play(game, "place:bank-b", f"engineers:{st.companies[seat].engineers}")
    assert game.prompt.kind == "action"
    assert len([t for t in st.patent_offer if t]) == 3 and not set(first) & set(st.patent_offer)
    assert all(components().advanced_tiles[t].level == 1 for t in st.patent_offer[:2])


def test_buying_a_patent_puts_the_tile_in_your_supply_for_use():
    game, seat = empty_map_game(credits=7)
    st = game.state
    c = st.companies[seat]
    st.patent_offer[0] = "L1_CONDUIT"
    game = restart(game)
    play(game, "place:patent-p1")
    assert "L1_CONDUIT" in c.tiles and c.credits == 2 and c.engineers == 10
