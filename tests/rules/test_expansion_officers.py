"""The six new chief engineers of the expansion box (seed 002, Appendix 8; barrage_tui/rules/officers/):
Elon Audia, Wu Fang, Dr. Octavius, Gennardo Grasso, Amir Zahir and Franz de Lasse, each on a position
built here, with the interactions the rulebook names and Mahiri Sekibo's copy ("Copying:" lines).
Angelo Alberti needs the Geological Factor: he is in the data but never offered."""

import random

import pytest

from barrage_tui.rules import contracts, rounds, scoring, wheel
from barrage_tui.rules.components import (BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, components)
from barrage_tui.rules.officers import OFFICERS, in_force
from barrage_tui.rules.setup import EXPANSION_OPTION, SeatSetup, Setup, SetupError, new_state, officer_pool
from barrage_tui.rules.sim import play_random, random_setup
from barrage_tui.rules.state import NEUTRAL

from .helpers import (build, drive, empty_map_game, give_contracts, keys_with, own, play, put_dam, put_drops,
                      restart, violations)

OTHER = "graziano"


def officer_game(officer, company="italy", other=("france", OTHER), **supply):
    """Seat 0 (``company`` with ``officer``) to act on an empty map, rich in machinery and credits."""
    return counted(*empty_map_game((company, other[0]), (officer, other[1]), **supply))


def counted(game, seat):
    """The machinery a test gave counts as received (for the conservation check)."""
    c = game.state.companies[seat]
    c.machinery_gained = [c.excavators, c.mixers]
    return game, seat


def mahiri_copying(officer, company="usa", **supply):
    """Mahiri (seat 0) to act, with ``officer`` among the officers she may copy (a drawn spare)."""
    game, seat = counted(*empty_map_game((company, "germany"), ("mahiri", "wilhelm"), **supply))
    game.state.spare_officers = [officer, "jill"]
    return restart(game), seat


def other_banks(game, seat):
    """The other company's turn: one Engineer on the Bank."""
    assert game.prompt.seat != seat
    play(game, "place:bank-b", "engineers:1")
    assert game.prompt.seat == seat


def end_round(game, seat):
    """End the round from a turn boundary and start the next one at ``seat``'s first action."""
    rounds.end_of_round(game)
    st = game.state
    st.phase, st.turn_index = "actions", st.turn_order.index(seat)
    return restart(game)


# ================================================================ Elon Audia

def test_elon_starts_with_eight_excamixers_and_no_other_machinery():
    st = new_state(Setup(seats=(SeatSetup("A", company="usa", officer="elon"),
                                SeatSetup("B", company="italy", officer="jill")), seed=3))
    elon, other = st.companies
    assert (elon.excavators, elon.mixers, elon.excamixers) == (0, 0, 8)
    assert elon.machinery_gained == [0, 0] and elon.excamixers_gained == 8
    assert (other.excavators, other.mixers, other.excamixers) == (6, 4, 0)


def elon_game(excavators=0, mixers=0, excamixers=8, credits=20):
    game, seat = officer_game("elon", excavators=excavators, mixers=mixers, credits=credits)
    c = game.state.companies[seat]
    c.excamixers = c.excamixers_gained = excamixers
    c.machinery_gained = [excavators, mixers]
    return restart(game), seat


def test_elon_pays_a_base_with_excamixers_as_excavators():
    game, seat = elon_game()
    c = game.state.companies[seat]
    play(game, "place:construct", "tile:base", "space:B1L")  # a mountain Base: 5 Excavators
    assert game.prompt is None or game.prompt.kind != "payment"  # the one way: 5 Excamixers
    assert c.excamixers == 3 and c.wheel[0].excamixers == 5 and game.state.dams["B1L"].owner == seat
    assert not violations(game)


def test_elon_pays_an_elevation_with_excamixers_as_mixers():
    game, seat = elon_game()
    own(game, seat, "base", "B8L")
    game = restart(game)
    c = game.state.companies[seat]
    build(game, "tile:elevation", "B8L")  # plains: 2 mixers
    assert (c.excamixers, c.wheel[0].excamixers, c.wheel[0].mixers) == (6, 2, 0)


def test_elon_may_mix_excamixers_with_bought_machinery():
    # Rule: "You may place Mixer Excavators on your Construction Wheel and combine them with the usual machinery."
    game, seat = elon_game(excavators=2)
    play(game, "place:construct", "tile:base", "space:B1L")
    assert sorted(game.prompt.keys()) == ["pay:0:0:0:5", "pay:1:0:0:4", "pay:2:0:0:3"]
    assert "2 Excavators + 3 Excamixers" in [ch.label for ch in game.prompt.choices]
    c = game.state.companies[seat]
    game.choose("pay:2:0:0:3")
    assert (c.excavators, c.excamixers) == (0, 5)
    assert (c.wheel[0].excavators, c.wheel[0].excamixers) == (2, 3)
    assert not violations(game)


def test_elon_excamixers_come_back_with_their_wheel_segment():
    game, seat = elon_game()
    c = game.state.companies[seat]
    build(game, "tile:base", "B8L")  # 3 Excamixers on the wheel
    assert c.excamixers == 5
    wheel.turn(c, 5)
    assert c.excamixers == 8 and "base" in c.tiles and wheel.excamixers_on_wheel(c) == 0


def test_elon_may_still_buy_ordinary_machinery():
    game, seat = elon_game()
    c = game.state.companies[seat]
    play(game, "place:machinery-b")
    assert (c.excavators, c.mixers, c.excamixers) == (1, 1, 8)
    assert not violations(game)


def test_excamixers_count_for_the_final_resources_vp():
    game, seat = elon_game(credits=3)
    st = game.state
    st.round = 5
    for c in st.companies:
        c.credits = c.excavators = c.mixers = 0
    st.companies[seat].credits = 3
    vp = st.companies[seat].vp_by_source.get("resources", 0)
    scoring.final_scoring(game)
    assert st.companies[seat].vp_by_source["resources"] - vp == (3 + 8) // 5


def test_a_lost_excamixer_is_a_violation():
    game, seat = elon_game()
    game.state.companies[seat].excamixers -= 1
    assert any("Excamixers" in v for v in violations(game))


def test_without_elon_nobody_has_excamixers():
    game, seat = officer_game("jill", excavators=0, mixers=10)
    game.choose("place:construct")
    assert "tile:base" not in game.prompt.keys()


def test_mahiri_copying_elon_pays_with_either_machinery_until_the_end_of_the_round():
    # Copying: "your machinery counts as Mixer Excavators until the end of this round".
    game, seat = mahiri_copying("elon", excavators=10, mixers=0)
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:elon")
    assert c.copied_for_round == ["elon"]
    play(game, "place:construct", "tile:powerhouse", "space:P8_0")  # 2 mixers, paid with Excavators
    assert (c.excavators, c.mixers) == (8, 0) and game.state.powerhouses["P8_0"] == seat
    assert c.wheel[0].excavators == 2
    assert not violations(game)


def test_mahiri_copying_elon_later_in_the_round_and_not_the_next():
    game, seat = mahiri_copying("elon", excavators=10, mixers=0)
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:elon", "place:bank-b", "engineers:1")  # the extra action: Bank
    other_banks(game, seat)
    assert build(game, "tile:powerhouse", "P8_0") == (2, 0, 0)  # a later action: mixers still paid with Excavators
    assert any(o.machinery_wild for o in in_force(c))
    other_banks(game, seat)
    game = end_round(game, seat)
    c = game.state.companies[seat]
    assert c.copied_for_round == [] and not any(o.machinery_wild for o in in_force(c))
    game.choose("place:construct")
    assert "tile:powerhouse" not in game.prompt.keys()  # 3 mixers needed, she has none


# ================================================================ Wu Fang

def wu_game(company="italy", **supply):
    game, seat = officer_game("wu", company=company, **supply)
    own(game, seat, "base", "B1U", height=3)
    put_drops(game, "B1U", 3)
    own(game, seat, "base", "B5U")
    put_drops(game, "B5U", 1)
    put_dam(game, "B8L", NEUTRAL, drops=1)  # a neutral dam's drop is not his
    return restart(game), seat


def test_wu_produces_energy_equal_to_the_drops_behind_his_dams_which_stay():
    game, seat = wu_game()
    st = game.state
    c = st.companies[seat]
    assert "place:wu-1" in game.prompt.keys()
    play(game, "place:wu-1")
    assert c.energy == 4 and c.engineers == 11
    assert (st.dams["B1U"].drops, st.dams["B5U"].drops, st.dams["B8L"].drops) == (3, 1, 1)
    assert c.private_spaces_used[0] and st.engineers_on["wu-1"][seat] == 1
    assert not violations(game)


def test_wu_adds_no_bonus_of_any_kind():
    # "Do not add any bonuses to this production": no company-board bonus, no Italy +3.
    game, seat = wu_game(company="italy")
    for ph in ("P5_0", "P9_0", "P10_0"):
        own(game, seat, "powerhouse", ph)
    game = restart(game)
    assert game.ability_active(seat)
    play(game, "place:wu-1")
    assert game.state.companies[seat].energy == 4


def test_wu_may_fulfil_one_contract_from_his_hand():
    game, seat = wu_game()
    c = game.state.companies[seat]
    c.contracts = [205, 209]  # 3 and 3 energy
    game = restart(game)
    play(game, "place:wu-1")
    assert game.prompt.kind == "contract"
    assert sorted(game.prompt.keys()) == ["contract:205", "contract:209", "skip"]
    game.choose("contract:205")
    assert c.fulfilled == [205] and game.prompt.seat != seat  # one contract only


def test_wus_energy_is_not_a_production_no_national_contract():
    # Decision (wu.py): like the L2 Base energy, one hand contract; no National contract.
    game, seat = officer_game("wu")
    st = game.state
    for dam in ("B1U", "B2U", "B3U", "B4U", "B5U"):
        own(game, seat, "base", dam, height=3)
        put_drops(game, dam, 3)
    st.national = [104]  # 15 energy
    st.companies[seat].contracts = [400]  # 8 energy
    game = restart(game)
    play(game, "place:wu-1")
    assert st.companies[seat].energy == 15
    assert sorted(game.prompt.keys()) == ["contract:400", "skip"]
    assert game.stats["productions"] == 0


def test_wu_space_once_a_round_and_not_without_drops():
    game, seat = wu_game()
    play(game, "place:wu-1")
    other_banks(game, seat)
    assert not keys_with(game, "place:wu")
    game, seat = officer_game("wu")
    assert not keys_with(game, "place:wu")  # no drop held: nothing to produce


def test_wu_space_comes_back_next_round():
    game, seat = wu_game()
    play(game, "place:wu-1")
    other_banks(game, seat)
    game = end_round(game, seat)
    assert "place:wu-1" in game.prompt.keys()
    assert game.state.companies[seat].engineers == 12


def test_other_officers_have_no_wu_space():
    game, seat = officer_game("jill")
    own(game, seat, "base", "B1U")
    put_drops(game, "B1U", 1)
    game = restart(game)
    assert not keys_with(game, "place:wu")


def test_mahiri_copying_wu_places_one_engineer_on_the_bank_for_no_credits():
    # Copying: "use it by placing 1 of your workers on the bank and carrying out the action. You receive no money."
    game, seat = mahiri_copying("wu")
    own(game, seat, "base", "B5U", height=2)
    put_drops(game, "B5U", 2)
    game = restart(game)
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:wu")
    assert "place:wu-bank" in game.prompt.keys() and "place:wu-1" not in game.prompt.keys()
    credits = c.credits
    play(game, "place:wu-bank")
    st = game.state
    assert c.energy == 2 and st.dams["B5U"].drops == 2
    assert st.bank[seat] == 1 and c.credits == credits and c.engineers == 10
    assert c.copied_officer == "" and game.prompt.seat != seat
    assert not violations(game)


def test_mahiri_copying_wu_without_drops_has_no_bank_action():
    game, seat = mahiri_copying("wu")
    play(game, "place:mahiri-1", "copy:wu")
    assert not keys_with(game, "place:wu")


# ================================================================ Dr. Octavius

def octavius_game(officer="octavius", company="italy", **supply):
    """Seat 0's powerhouse P10_0 is reached by C5R (value 4, his) from zone 5 and C2R (value 5, the other
    company's) from zone 2; his dam B5U holds 2 drops, a neutral B2L 1 drop, a neutral B5L 1 drop."""
    game, seat = officer_game(officer, company=company, **supply)
    own(game, seat, "base", "B5U", height=2)
    put_drops(game, "B5U", 2)
    put_dam(game, "B5L", NEUTRAL, drops=1)
    put_dam(game, "B2L", NEUTRAL, drops=1)
    own(game, seat, "conduit", "C5R")
    own(game, 1 - seat, "conduit", "C2R")
    own(game, seat, "powerhouse", "P10_0")
    return restart(game), seat


def test_octavius_produces_from_two_dams_into_one_powerhouse():
    # Energy: each dam's drops x its conduit's value, added up; the action's bonus once.
    game, seat = octavius_game()
    st = game.state
    c, other = st.companies[seat], st.companies[1 - seat]
    play(game, "place:turbine-b2", "system:B5U:C5R:P10_0", "drops:2")
    assert game.prompt.kind == "more_dams" and "done" in game.prompt.keys()
    assert set(game.prompt.keys()) == {"system:B5L:C5R:P10_0", "system:B2L:C2R:P10_0", "done"}
    play(game, "system:B2L:C2R:P10_0")  # its 1 drop is the lone choice
    assert game.prompt.kind == "more_dams" and set(game.prompt.keys()) == {"system:B5L:C5R:P10_0", "done"}
    vp, credits = other.vp, c.credits
    play(game, "done")
    assert c.energy == 2 * 4 + 1 * 5 + 2
    assert (st.dams["B5U"].drops, st.dams["B2L"].drops, st.dams["B5L"].drops) == (0, 0, 1)
    assert c.credits == credits - 1 and other.vp == vp + 1  # 1 drop through the other's conduit
    assert game.stats["productions"] == 1
    assert not violations(game)


def test_octavius_two_dams_of_one_zone_through_one_conduit():
    game, seat = octavius_game()
    c = game.state.companies[seat]
    play(game, "place:turbine-0", "system:B5L:C5R:P10_0", "system:B5U:C5R:P10_0", "drops:2", "done")
    assert c.energy == (1 + 2) * 4


def test_octavius_the_drops_flow_on_from_the_powerhouse():
    game, seat = octavius_game()
    st = game.state
    own(game, seat, "base", "B10U", height=3)  # downstream of zone 10's powerhouses
    game = restart(game)
    st = game.state
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:2", "system:B2L:C2R:P10_0", "done")
    assert st.dams["B10U"].drops == 3
    assert not violations(game)


def test_octavius_may_stop_after_one_dam():
    game, seat = octavius_game()
    c = game.state.companies[seat]
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:1", "done")
    assert c.energy == 4 and game.state.dams["B5U"].drops == 1


def test_octavius_a_malus_production_may_need_a_second_dam():
    # Alone, 1 drop x value 2 - 2 is 0 (illegal); with another dam it reaches 1 or more.
    game, seat = officer_game("octavius")
    own(game, seat, "base", "B7U")
    put_drops(game, "B7U", 1)
    own(game, seat, "conduit", "C7L")  # value 2 into zone 10
    own(game, seat, "base", "B5U")
    put_drops(game, "B5U", 1)
    own(game, seat, "conduit", "C5R")  # value 4 into zone 10
    own(game, seat, "powerhouse", "P10_0")
    game = restart(game)
    c = game.state.companies[seat]
    play(game, "place:turbine-m2", "system:B7U:C7L:P10_0")
    assert game.prompt.kind == "action" and game.prompt.seat != seat  # the second dam was the one way on
    assert c.energy == 2 + 4 - 2


def test_without_octavius_a_production_uses_one_dam():
    game, seat = octavius_game(officer="viktor")
    c = game.state.companies[seat]
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:2")
    assert game.prompt.seat != seat and c.energy == 8


def test_octavius_with_germany_only_the_first_production_uses_several_dams():
    game, seat = officer_game("octavius", company="germany")
    st = game.state
    own(game, seat, "base", "B5U", height=2)
    put_drops(game, "B5U", 2)
    own(game, seat, "base", "B7U", height=2)
    put_drops(game, "B7U", 2)
    own(game, seat, "base", "B9U", height=2)
    put_drops(game, "B9U", 2)
    for conduit in ("C5R", "C7L", "C7R", "C9R"):  # 4 and 2 into zone 10; 3 and 3 into zone 12
        own(game, seat, "conduit", conduit)
    for ph in ("P10_0", "P12_0", "P5_0"):
        own(game, seat, "powerhouse", ph)
    game = restart(game)
    c = game.state.companies[seat]
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:1", "system:B7U:C7L:P10_0", "drops:1")
    assert c.energy == 4 + 2 + 1  # the company bonus with 3 powerhouses
    assert game.prompt.kind == "system" and "skip" in game.prompt.keys()  # Germany's second production
    play(game, "system:B9U:C9R:P12_0", "drops:2")
    assert c.energy == 7 + 6
    assert game.prompt.seat != seat  # no second dam for the second production
    assert st.dams["B7U"].drops == 1


def test_mahiri_copying_octavius_uses_it_for_the_production_of_her_extra_action():
    game, seat = mahiri_copying("octavius")
    own(game, seat, "base", "B5U", height=2)
    put_drops(game, "B5U", 2)
    put_dam(game, "B5L", NEUTRAL, drops=1)
    own(game, seat, "conduit", "C5R")
    own(game, seat, "powerhouse", "P10_0")
    game = restart(game)
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:octavius", "place:turbine-0", "system:B5U:C5R:P10_0", "drops:1")
    play(game, "system:B5L:C5R:P10_0")
    assert c.energy == (1 + 1) * 4 and c.copied_officer == ""
    other_banks(game, seat)
    play(game, "place:turbine-b2")  # the copy is over: one dam, its last drop
    assert game.prompt.seat != seat and c.energy == 8 + 4 + 2


# ================================================================ Gennardo Grasso

def test_gennaro_builds_once_more_on_his_two_engineer_space():
    game, seat = officer_game("gennaro")
    st = game.state
    c = st.companies[seat]
    assert "place:gennaro-1" in game.prompt.keys()
    spent = build(game, "tile:base", "B8L", place="place:gennaro-1")
    assert spent == (3, 0, 0) and st.dams["B8L"].owner == seat
    assert c.engineers == 10 and c.construction_used == 0 and c.private_spaces_used[0]
    assert st.engineers_on["gennaro-1"][seat] == 2
    assert c.wheel[0].tiles == ["base"]  # the usual construction: tile and machinery on the wheel
    assert not violations(game)


def test_gennaro_up_to_five_constructions_a_round():
    game, seat = officer_game("gennaro")
    c = game.state.companies[seat]
    c.tiles.append("L1_JOKER")
    game = restart(game)
    c = game.state.companies[seat]
    builds = [("place:construct", "tile:base", "B8L"), ("place:construct", "tile:conduit", "C8R"),
              ("place:gennaro-1", "tile:powerhouse", "P9_0"), ("place:construct", "tile:elevation", "B8L"),
              ("place:construct", "tile:L1_JOKER:base", "B9L")]
    for place, tile, space in builds:
        assert place in game.prompt.keys()
        build(game, tile, space, place=place)
        other_banks(game, seat)
    assert sum(components().common["pieces"].values()) - sum(c.pieces.values()) == 5  # five pieces built
    assert c.construction_used == 4 and c.engineers == 12 - (1 + 2 + 3 + 3 + 2)
    assert not keys_with(game, "place:construct") and not keys_with(game, "place:gennaro")


def test_gennaro_space_only_when_something_can_be_built():
    game, seat = officer_game("gennaro", excavators=0, mixers=0, credits=0)
    assert not keys_with(game, "place:gennaro") and not keys_with(game, "place:construct")


def test_gennaro_space_needs_two_engineers():
    game, seat = officer_game("gennaro")
    game.state.companies[seat].engineers = 1
    game = restart(game)
    assert "place:construct" in game.prompt.keys() and not keys_with(game, "place:gennaro")


def test_mahiri_copying_gennaro_builds_with_two_engineers_on_the_bank_for_no_credits():
    # Copying: "placing 2 of your workers on the bank and carrying out the build. You receive no money."
    game, seat = mahiri_copying("gennaro")
    st = game.state
    c = st.companies[seat]
    play(game, "place:mahiri-1", "copy:gennaro")
    assert "place:gennaro-bank" in game.prompt.keys() and "place:gennaro-1" not in game.prompt.keys()
    credits = c.credits
    spent = build(game, "tile:base", "B8L", place="place:gennaro-bank")
    assert spent == (3, 0, 0) and st.dams["B8L"].owner == seat
    assert st.bank[seat] == 2 and c.credits == credits and c.engineers == 12 - 1 - 2
    assert c.construction_used == 0
    assert not violations(game)


# ================================================================ Amir Zahir

def amir_game(officer="amir"):
    game, seat = officer_game(officer)
    own(game, seat, "base", "B9U")  # room for 1
    own(game, seat, "base", "B5U")
    put_drops(game, "B5U", 1)  # full
    return restart(game), seat


def test_amir_may_let_a_waiting_drop_flow_at_once_drop_by_drop():
    game, seat = amir_game()
    st = game.state
    own(game, seat, "base", "B1U", height=2)
    game = restart(game)
    st = game.state
    play(game, "place:water-p2")
    keys = set(game.prompt.keys())
    assert {"headstream:HA", "headstream:HA:flow", "dam:B9U", "dam:B1U"} <= keys and "dam:B5U" not in keys
    play(game, "headstream:HA:flow")
    assert st.dams["B1U"].drops == 1 and st.headstream_drops["HA"] == 0
    play(game, "headstream:HA")  # the second one waits
    assert st.headstream_drops["HA"] == 1 and st.dams["B1U"].drops == 1
    assert not violations(game)


def test_amir_may_put_a_drop_straight_behind_his_dam_with_room():
    game, seat = amir_game()
    st = game.state
    play(game, "place:water-d1")  # a flowing drop
    keys = set(game.prompt.keys())
    assert "dam:B9U" in keys and "dam:B5U" not in keys and not [k for k in keys if k.endswith(":flow")]
    play(game, "dam:B9U")
    assert st.dams["B9U"].drops == 1 and st.drops_created == 2
    assert game.prompt.seat != seat
    assert not violations(game)


def test_amir_dams_offered_only_while_they_have_room():
    game, seat = amir_game()
    play(game, "place:water-p2", "dam:B9U")
    assert not keys_with(game, "dam:")


def test_amir_also_places_contract_reward_drops_freely():
    game, seat = amir_game()
    st = game.state
    from barrage_tui.rules import rewards
    drive(game, rewards.gain(game, seat, {"drops_delayed": 1}, "contracts"), ["dam:B9U"])
    assert st.dams["B9U"].drops == 1


def test_without_amir_drops_go_on_headstreams():
    game, seat = amir_game(officer="jill")
    play(game, "place:water-p2")
    assert not keys_with(game, "dam:") and not [k for k in game.prompt.keys() if k.endswith(":flow")]


def test_mahiri_copying_amir_has_the_ability_until_the_end_of_the_round():
    game, seat = mahiri_copying("amir")
    own(game, seat, "base", "B9U", height=3)
    game = restart(game)
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:amir", "place:water-d1", "dam:B9U")
    assert c.copied_officer == "" and c.copied_for_round == ["amir"]
    other_banks(game, seat)
    play(game, "place:water-p2")  # a later action of the round: still hers
    assert "dam:B9U" in game.prompt.keys() and "headstream:HA:flow" in game.prompt.keys()
    play(game, "dam:B9U", "done")
    other_banks(game, seat)
    game = end_round(game, seat)
    play(game, "place:water-d1")
    assert not keys_with(game, "dam:")


# ================================================================ Franz de Lasse

def franz_game(officer="franz", company="italy", drops=2):
    """Seat 0 produces 2 x 4 = 8 (turbine-0) from B5U through C5R into P10_0."""
    game, seat = officer_game(officer, company=company, other=("usa", OTHER))
    own(game, seat, "base", "B5U", height=2)
    put_drops(game, "B5U", drops)
    own(game, seat, "conduit", "C5R")
    own(game, seat, "powerhouse", "P10_0")
    return restart(game), seat


@pytest.mark.parametrize("contract, energy", [(300, 8 - 5), (400, 0), (None, 8)])
def test_franz_marker_advances_only_by_the_energy_the_contract_leaves(contract, energy):
    # "move your Energy marker forward ... only by the value of the excess Energy"; equal: "do not move".
    game, seat = franz_game()
    c = game.state.companies[seat]
    c.contracts = []
    give_contracts(game, seat, [300, 400])  # 5 and 8 energy
    game = restart(game)
    c = game.state.companies[seat]
    play(game, "place:turbine-0", "drops:2", f"contract:{contract}" if contract else "skip")
    assert c.energy == energy
    assert not violations(game)


def test_franz_with_frances_reduction_the_contract_takes_what_it_needs():
    # Decision (franz.py): with France the contract needs 3 less, and takes 3 less off the marker.
    game, seat = franz_game(company="france")
    for ph in ("P5_0", "P9_0"):
        own(game, seat, "powerhouse", ph)
    game = restart(game)
    c = game.state.companies[seat]
    c.contracts = [411]  # 10 energy, 7 for France
    play(game, "place:turbine-0", "drops:2", "contract:411")
    assert c.energy == (8 + 1) - 7


def test_franz_energy_that_is_not_a_production_is_unchanged():
    game, seat = franz_game()
    c = game.state.companies[seat]
    c.contracts = [300]
    c.energy = 6
    drive(game, contracts.fulfil(game, seat, 6, production=False), ["contract:300"])
    assert c.energy == 6 and c.fulfilled == [300]


def test_franz_a_national_contract_takes_its_energy_too():
    game, seat = franz_game()
    st = game.state
    st.national = [104]  # 15 energy
    c = st.companies[seat]
    c.energy = 16  # as the production moved it
    drive(game, contracts.fulfil(game, seat, 16, production=True), ["contract:104"])
    assert c.energy == 1 and c.fulfilled == [104]


@pytest.mark.parametrize("round_no, energy, after", [(1, 9, 6), (1, 6, 6), (1, 4, 4), (3, 25, 18), (3, 15, 15),
                                                     (4, 0, 0)])
def test_franz_marker_falls_back_to_the_start_of_the_rounds_section(round_no, energy, after):
    # "move your Energy marker back ... to the lower limit ... of the section for the current round, if you
    # have reached it. Otherwise do not move your marker back." The others go back to 0.
    game, seat = officer_game("franz")
    st = game.state
    st.round = round_no
    st.companies[seat].energy = energy
    st.companies[1 - seat].energy = 7
    rounds.end_of_round(game)
    assert st.companies[seat].energy == after and st.companies[1 - seat].energy == 0
    assert st.companies[seat].energy_by_round == [energy]


def test_franz_scores_the_round_on_his_whole_marker_and_orders_by_it():
    game, seat = officer_game("franz")
    st = game.state
    st.round = 2
    st.companies[seat].energy = 13  # e.g. 6 carried over from round 1 + 7 this round
    st.companies[1 - seat].energy = 12
    rounds.end_of_round(game)
    assert st.turn_order[-1] == seat  # most energy plays last
    assert st.companies[seat].energy == 12


def test_franz_marker_stays_after_the_last_round():
    game, seat = officer_game("franz")
    st = game.state
    st.round = 5
    st.companies[seat].energy = 40
    rounds.end_of_round(game)
    assert st.phase == "over" and st.companies[seat].energy == 40


def mahiri_copying_franz_with(contract: int):
    """Mahiri able to copy Franz, a system of hers making 8 energy (2 drops, value 4), ``contract`` in hand."""
    game, seat = mahiri_copying("franz")
    own(game, seat, "base", "B5U", height=2)
    put_drops(game, "B5U", 2)
    own(game, seat, "conduit", "C5R")
    own(game, seat, "powerhouse", "P10_0")
    game = restart(game)
    c = game.state.companies[seat]
    c.contracts = [contract]
    return game, seat, c


def test_mahiri_copying_franz_keeps_the_contract_energy_for_the_next_round():
    # Copying: "move your Energy marker only by the difference of the excess Energy ..., and keep the Contract.
    # Move your Energy marker at the start of the next round by the value of the Contract."
    game, seat, c = mahiri_copying_franz_with(300)  # 5 energy
    play(game, "place:mahiri-1", "copy:franz", "place:turbine-0", "drops:2", "contract:300")
    assert c.energy == 8 - 5 and c.energy_next_round == 5 and c.fulfilled == [300]
    other_banks(game, seat)
    game = end_round(game, seat)
    c = game.state.companies[seat]
    assert c.energy_by_round == [3]
    assert c.energy == 5 and c.energy_next_round == 0  # no fall-back of Franz's own: from 0, plus the contract


def test_mahiri_copying_franz_only_for_the_extra_action():
    game, seat, c = mahiri_copying_franz_with(205)  # 3 energy
    play(game, "place:mahiri-1", "copy:franz", "place:bank-b", "engineers:1")
    other_banks(game, seat)
    play(game, "place:turbine-0", "drops:2", "contract:205")
    assert c.energy == 8 and c.energy_next_round == 0


# ================================================================ the officer data, setup and the draw

@pytest.mark.parametrize("officer", EXPANSION_OFFICERS)
def test_each_new_officer_is_selectable_with_its_printed_ability(officer):
    data = components().officers[officer]
    assert officer in OFFICERS and data.selectable
    assert data.ability and data.ability_text and data.copying.startswith("If you copy this special ability")


def test_officer_names_as_printed():
    names = {o: components().officers[o].name for o in EXPANSION_OFFICERS}
    assert names == {"elon": "Elon Audia", "wu": "Wu Fang", "octavius": "Dr. Octavius",
                     "gennaro": "Gennardo Grasso", "amir": "Amir Zahir", "franz": "Franz de Lasse"}


def test_angelo_alberti_is_never_offered_without_the_geological_factor():
    # "Angelo Alberti can only be played with the Geological Factor expansion and is not compatible with
    # the Automa rules." (With the module: tests/rules/test_angelo.py.)
    angelo = components().officers["angelo"]
    assert not angelo.selectable and "Geological Factor" in angelo.ability_text
    assert "angelo" not in officer_pool(True, True)
    with pytest.raises(SetupError, match="geological"):
        Setup(seats=(SeatSetup("A", officer="angelo"),)).validate()
    with pytest.raises(SetupError):
        Setup(seats=(SeatSetup("A", kind="automa", officer="angelo", difficulty="very_hard"),
                     SeatSetup("B"))).validate()


def test_the_expansion_officers_are_drawn_only_with_the_option():
    assert set(EXPANSION_OFFICERS) <= set(officer_pool(True, True))
    assert not set(EXPANSION_OFFICERS) & set(officer_pool(True))
    drawn, drawn_without = set(), set()
    for seed in range(40):
        seats = tuple(SeatSetup(f"P{i}") for i in range(4))
        st = new_state(Setup(seats=seats, seed=seed, options={EXPANSION_OPTION: True}))
        drawn |= {c.officer for c in st.companies}
        st = new_state(Setup(seats=seats, seed=seed))
        drawn_without |= {c.officer for c in st.companies}
    assert set(EXPANSION_OFFICERS) <= drawn
    assert not drawn_without & set(EXPANSION_OFFICERS) and drawn_without <= set(BASE_OFFICERS + PROMO_OFFICERS)


def test_mahiri_may_copy_a_drawn_expansion_officer():
    for seed in range(60):
        st = new_state(Setup(seats=(SeatSetup("A", officer="mahiri"), SeatSetup("B")), seed=seed,
                             options={EXPANSION_OPTION: True}))
        if set(st.spare_officers) & set(EXPANSION_OFFICERS):
            return
    pytest.fail("no expansion officer among Mahiri's spares in 60 draws")


def test_a_very_hard_automa_may_get_an_expansion_officer_but_never_angelo():
    # Each of the six has printed "Automa rules" (tests/automa/test_expansion_officers.py); Angelo
    # Alberti "is not compatible with the Automa rules".
    drawn = set()
    for seed in range(40):
        setup = Setup(seats=(SeatSetup("A", kind="automa", difficulty="very_hard"), SeatSetup("B"),
                             SeatSetup("C"), SeatSetup("D")), seed=seed, options={EXPANSION_OPTION: True})
        drawn.add(new_state(setup).companies[0].officer)
    assert set(EXPANSION_OFFICERS) <= drawn and "angelo" not in drawn
    assert all(OFFICERS[o].automa_ready for o in EXPANSION_OFFICERS)
    for officer in EXPANSION_OFFICERS:
        Setup(seats=(SeatSetup("A", kind="automa", officer=officer, difficulty="very_hard"),
                     SeatSetup("B"))).validate()
    with pytest.raises(SetupError):
        Setup(seats=(SeatSetup("A", kind="automa", officer="wu", difficulty="hard"), SeatSetup("B"))).validate()


def test_the_random_play_setup_draws_them():
    r = random.Random(6)
    seen = set()
    for _ in range(60):
        setup = random_setup(r, introductory=False)
        assert setup.options.get(EXPANSION_OPTION)
        seen |= {s.officer for s in setup.seats}
    assert set(EXPANSION_OFFICERS) <= seen


@pytest.mark.parametrize("officer", EXPANSION_OFFICERS)
def test_random_games_with_each_new_officer_and_mahiri(officer):
    r = random.Random(EXPANSION_OFFICERS.index(officer))
    for _ in range(3):
        companies = r.sample(("usa", "germany", "italy", "france"), 3)
        seats = tuple(SeatSetup(f"P{i}", company=c, officer=o)
                      for i, (c, o) in enumerate(zip(companies, (officer, "mahiri", "jill"))))
        result = play_random(Setup(seats=seats, seed=r.randrange(2**31), options={EXPANSION_OPTION: True}),
                             r.randrange(2**31))
        assert not result.error and not result.violations, result.error or result.violations
        assert result.scores  # the game ran to its end
