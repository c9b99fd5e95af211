"""The chief engineers (reference base-game.md section 12; barrage_tui/rules/officers/)."""

import pytest

from barrage_tui.rules import actions, contracts, patents, water
from barrage_tui.rules.components import components
from barrage_tui.rules.setup import SeatSetup, Setup, new_state
from barrage_tui.rules.state import Segment

from .helpers import build, empty_map_game, keys_with, own, play, put_drops, restart


def officer_game(officer, company="italy", other=("france", "graziano"), **supply):
    """Seat 0 (``company`` with ``officer``) to act on an empty map, rich in machinery and credits."""
    if officer == "graziano" and other[1] == "graziano":
        other = (other[0], "viktor")
    return empty_map_game((company, other[0]), (officer, other[1]), **supply)


def production_position(game, seat, conduit="C9L", dam="B9U", powerhouse="P11_0", drops=1):
    own(game, seat, "base", dam, height=2)
    put_drops(game, dam, drops)
    own(game, seat, "conduit", conduit)
    own(game, seat, "powerhouse", powerhouse)
    return restart(game)


# ---------------------------------------------------------------- Wilhelm Adler

@pytest.mark.parametrize("space", ["B1L", "B4U", "B5L", "B7L", "B8L", "B10U"])
def test_wilhelm_bases_cost_three_excavators_everywhere(space):
    game, seat = officer_game("wilhelm")
    spent = build(game, "tile:base", space)
    assert spent[:2] == (3, 0)


def test_wilhelm_elevations_cost_as_usual():
    game, seat = officer_game("wilhelm")
    own(game, seat, "base", "B1L")
    game = restart(game)
    assert build(game, "tile:elevation", "B1L") == (0, 4, 0)


def test_wilhelm_l3_base_still_costs_nothing():
    # Officer first, then tile: L3 Base makes the Base free of Excavators.
    game, seat = officer_game("wilhelm")
    c = game.state.companies[seat]
    c.tiles = ["L3_BASE", "conduit"]
    game = restart(game)
    assert build(game, "tile:L3_BASE", "B1L") == (0, 0, 0)


# ---------------------------------------------------------------- Graziano Del Monte

def test_graziano_height_three_dams_hold_four_drops():
    game, seat = officer_game("graziano")
    own(game, seat, "base", "B1U", height=3)
    own(game, seat, "base", "B2U", height=2)
    own(game, seat, "base", "B3U", height=1)
    own(game, 1 - seat, "base", "B4U", height=3)
    assert [water.capacity(game, s) for s in ("B1U", "B2U", "B3U", "B4U")] == [4, 2, 1, 3]


def test_graziano_a_flowing_drop_stops_in_his_full_looking_dam():
    game, seat = officer_game("graziano")
    st = game.state
    own(game, seat, "base", "B1U", height=3)
    put_drops(game, "B1U", 3)
    game = restart(game)
    play(game, "place:water-d1", "headstream:HA")
    assert st.dams["B1U"].drops == 4


def test_without_graziano_a_full_height_three_dam_lets_the_drop_pass():
    game, seat = officer_game("viktor")
    st = game.state
    own(game, seat, "base", "B1U", height=3)
    put_drops(game, "B1U", 3)
    own(game, seat, "base", "B8U")
    game = restart(game)
    play(game, "place:water-d1", "headstream:HA")
    assert st.dams["B1U"].drops == 3 and st.dams["B8U"].drops == 1


# ---------------------------------------------------------------- Viktor Fiesler

@pytest.mark.parametrize("space, energy", [("turbine-0", 4), ("turbine-m2", 2), ("turbine-b2", 6)])
def test_viktor_counts_a_small_production_as_four_before_the_bonus(space, energy):
    # Rule: if drops x conduit value is below 4 it counts as 4; then add the action's bonus.
    game, seat = officer_game("viktor", company="usa")
    game = production_position(game, seat)  # 1 drop x conduit value 1
    play(game, f"place:{space}")
    assert game.state.companies[seat].energy == energy


def test_without_viktor_the_same_production_is_small():
    game, seat = officer_game("graziano", company="usa")
    game = production_position(game, seat)
    assert "place:turbine-m2" not in game.prompt.keys()  # 1 - 2 < 1
    play(game, "place:turbine-b2")
    assert game.state.companies[seat].energy == 3


def test_viktor_does_not_lift_germanys_second_production():
    game, seat = officer_game("viktor", company="germany")
    st = game.state
    own(game, seat, "base", "B9U", height=2)
    put_drops(game, "B9U", 2)
    own(game, seat, "conduit", "C9L")  # value 1 into zone 11
    own(game, seat, "conduit", "C9R")  # value 3 into zone 12
    for ph in ("P11_0", "P12_0", "P5_0"):
        own(game, seat, "powerhouse", ph)
    game = restart(game)
    play(game, "place:turbine-0", "system:B9U:C9R:P12_0", "drops:1")
    assert st.companies[seat].energy == 4 + 1  # max(3, 4) + company bonus
    assert game.prompt.kind == "system"  # Germany's second production
    play(game, "system:B9U:C9L:P11_0")
    assert st.companies[seat].energy == 5 + 1  # 1 drop x 1: no minimum of 4


# ---------------------------------------------------------------- Jill McDowell

def test_jill_may_pay_a_conduit_with_one_mixer_per_production_point():
    # Rule: production x 1 mixer instead of 2 x production Excavators; all one kind, never mixed.
    game, seat = officer_game("jill")
    play(game, "place:construct", "tile:conduit", "space:C5R")  # production 4
    assert sorted(game.prompt.keys()) == ["pay:0:4:0", "pay:8:0:0"]
    c = game.state.companies[seat]
    game.choose("pay:0:4:0")
    assert (c.excavators, c.mixers) == (20, 16) and c.wheel[0].mixers == 4


def test_jill_with_few_excavators_pays_in_mixers():
    game, seat = officer_game("jill", excavators=1, mixers=3)
    play(game, "place:construct", "tile:conduit")
    spaces = {k.split(":")[1] for k in game.prompt.keys()}
    prod = components().map.conduits
    assert {prod[s].production for s in spaces} == {1, 2, 3}


def test_jill_pays_other_structures_as_usual():
    game, seat = officer_game("jill", excavators=0, mixers=10)
    game.choose("place:construct")
    assert "tile:base" not in game.prompt.keys()


# ---------------------------------------------------------------- Solomon P. Jordan

def test_solomon_may_pay_any_machinery_unit_with_three_credits():
    game, seat = officer_game("solomon", credits=9)
    play(game, "place:construct", "tile:base", "space:B8L")  # 3 Excavators in the plains
    assert sorted(game.prompt.keys()) == ["pay:0:0:9", "pay:1:0:6", "pay:2:0:3", "pay:3:0:0"]
    c = game.state.companies[seat]
    game.choose("pay:1:0:6")
    assert (c.excavators, c.credits) == (19, 3)
    assert (c.wheel[0].excavators, c.wheel[0].mixers) == (1, 0)  # the credits went to the supply


def test_solomon_builds_with_credits_alone():
    game, seat = officer_game("solomon", excavators=0, mixers=0, credits=9)
    assert "place:construct" in game.prompt.keys()
    assert build(game, "tile:base", "B8L") == (0, 0, 9)


def test_solomon_credits_count_with_the_red_fee():
    game, seat = officer_game("solomon", excavators=0, mixers=0, credits=9)
    play(game, "place:construct", "tile:base")
    spaces = {k.split(":")[1] for k in game.prompt.keys()}
    assert "B8L" in spaces and "B8U" not in spaces  # 9 + 3 > 9


def test_without_solomon_machinery_is_machinery():
    game, seat = officer_game("graziano", excavators=0, mixers=0, credits=30)
    assert "place:construct" not in game.prompt.keys()


# ---------------------------------------------------------------- Anton Krylov

def anton_game(on_wheel, **supply):
    game, seat = officer_game("anton", **supply)
    c = game.state.companies[seat]
    assert "anton" in c.tiles
    c.wheel[3] = Segment(list(on_wheel))
    for t in on_wheel:
        if t in c.tiles:
            c.tiles.remove(t)
    return restart(game), seat


def test_anton_copies_a_wheel_tile_with_its_effect():
    # Rule: the special tile copies a tile on his wheel: structure and effect; it goes on the wheel,
    # the copied tile stays.
    game, seat = anton_game(["L1_CONDUIT"])
    c = game.state.companies[seat]
    game.choose("place:construct")
    assert "tile:anton>L1_CONDUIT" in game.prompt.keys()
    spent = build(game, "tile:anton>L1_CONDUIT", "C2R", place="")
    assert spent == (10, 0, -10)  # the L1 Conduit effect: 2 x 5 credits
    assert game.state.conduits["C2R"] == seat
    assert c.wheel[0].tiles == ["anton"] and c.wheel[3].tiles == ["L1_CONDUIT"]
    assert "anton" not in c.tiles


def test_anton_copies_basic_tiles_too():
    game, seat = anton_game(["base"])
    build(game, "tile:anton>base", "B8L")
    assert game.state.dams["B8L"].owner == seat


def test_anton_copying_a_joker_builds_any_type():
    game, seat = anton_game(["L1_JOKER"])
    game.choose("place:construct")
    assert {"tile:anton>L1_JOKER:base", "tile:anton>L1_JOKER:conduit",
            "tile:anton>L1_JOKER:powerhouse"} <= set(game.prompt.keys())
    spent = build(game, "tile:anton>L1_JOKER:base", "B1U", place="")
    assert spent == (5, 0, 0)  # the Joker's effect: no red fee


def test_anton_cannot_use_the_tile_while_it_is_on_the_wheel():
    game, seat = anton_game(["L1_CONDUIT", "anton"])
    game.choose("place:construct")
    assert not [k for k in game.prompt.keys() if "anton" in k]


def test_anton_with_an_empty_wheel_has_nothing_to_copy():
    game, seat = officer_game("anton")
    game.choose("place:construct")
    assert not [k for k in game.prompt.keys() if "anton" in k]


def test_anton_can_copy_an_engineer_free_tile():
    game, seat = anton_game(["L1_POWERHOUSE"])
    c = game.state.companies[seat]
    c.engineers = 0
    game = restart(game)
    assert sorted(game.prompt.keys()) == ["build-free", "pass"]
    game.choose("build-free")
    assert game.prompt.kind == "build_space"  # the copy is the one engineer-free tile
    game.choose("space:P8_0")
    assert game.state.powerhouses["P8_0"] == seat and c.engineers == 0
    assert c.wheel[0].tiles == ["anton"] and c.wheel[3].tiles == ["L1_POWERHOUSE"]


def test_antons_tile_is_not_an_advanced_tile():
    game, seat = anton_game(["L1_CONDUIT"])
    c = game.state.companies[seat]
    assert patents.advanced_tiles_owned(c) == 1


# ---------------------------------------------------------------- Mahiri Sekibo

def mahiri_game(n=2, **supply):
    companies = ("usa", "germany", "italy", "france")[:n]
    officers = ("mahiri", "wilhelm", "solomon", "jill")[:n]
    game, seat = empty_map_game(companies, officers, **supply)
    return game, seat


def test_mahiri_has_two_private_spaces_one_engineer_each_the_second_three_credits():
    game, seat = mahiri_game()
    c = game.state.companies[seat]
    assert {"place:mahiri-1", "place:mahiri-2"} <= set(game.prompt.keys())
    play(game, "place:mahiri-2")
    assert (c.engineers, c.credits) == (11, 17)
    assert game.prompt.kind == "copy_officer"


def test_mahiris_second_space_needs_three_credits():
    game, seat = mahiri_game(credits=2)
    assert "place:mahiri-1" in game.prompt.keys() and "place:mahiri-2" not in game.prompt.keys()


def test_other_officers_have_no_private_spaces():
    game, seat = empty_map_game(("usa", "germany"), ("wilhelm", "jill"))
    assert not keys_with(game, "place:mahiri")


def test_mahiri_copies_an_officer_then_acts_again_under_it():
    # Rule: she copies another officer's ability, then at once takes another action under it.
    game, seat = mahiri_game()
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:wilhelm")
    assert c.copied_officer == "wilhelm"
    assert game.prompt.kind == "action" and game.prompt.seat == seat
    spent = build(game, "tile:base", "B1L")
    assert spent[:2] == (5 - 2, 0)  # Wilhelm's 3 Excavators in the mountains
    assert c.copied_officer == "" and game.prompt.seat != seat


def test_mahiris_copy_ends_after_the_extra_action():
    game, seat = mahiri_game()
    c = game.state.companies[seat]
    play(game, "place:mahiri-1", "copy:wilhelm", "place:bank-b", "engineers:1")
    assert c.copied_officer == ""
    play(game, "place:bank-b", "engineers:1")  # the other company
    assert game.prompt.seat == seat
    assert build(game, "tile:base", "B1L")[:2] == (5, 0)


def test_mahiris_spaces_are_used_once_a_round_each():
    game, seat = mahiri_game()
    play(game, "place:mahiri-1", "copy:wilhelm", "place:bank-b", "engineers:1")
    play(game, "place:bank-b", "engineers:1")
    assert "place:mahiri-1" not in game.prompt.keys() and "place:mahiri-2" in game.prompt.keys()
    play(game, "place:mahiri-2", "copy:wilhelm", "place:bank-b", "engineers:1")
    play(game, "place:bank-b", "engineers:1")
    assert not keys_with(game, "place:mahiri")


def test_mahiri_cannot_use_her_other_space_for_the_extra_action():
    game, seat = mahiri_game()
    play(game, "place:mahiri-1", "copy:wilhelm")
    assert not keys_with(game, "place:mahiri")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_mahiri_always_has_three_officers_to_copy(n):
    # Rule: the other companies' officers plus, in 2-3 company games, the drawn officers not dealt.
    game, seat = mahiri_game(n)
    st = game.state
    game.choose("place:mahiri-1")
    targets = {k.split(":")[1] for k in game.prompt.keys()}
    others = {c.officer for c in st.companies if c.seat != seat}
    assert len(targets) == 3 and others <= targets
    assert targets - others == set(st.spare_officers) and "mahiri" not in targets


def test_mahiri_copying_tommaso_uses_one_engineer_as_the_architect():
    # Rule: copying Tommaso lets one ordinary Engineer act once as the Architect.
    game, seat = mahiri_game()
    st = game.state
    c = st.companies[seat]
    st.spare_officers = ["tommaso", "anton"]
    game = restart(game)
    play(game, "place:mahiri-1", "copy:tommaso")
    assert "place:water-p2:architect" in game.prompt.keys()
    assert not [k for k in game.prompt.keys() if k.endswith(":architect") and "bank" in k]
    play(game, "place:water-p2:architect", "headstream:HA", "done")
    assert game.prompt.kind == "action" and game.prompt.seat == seat  # the Architect's extra turn
    assert c.engineers == 10 and not c.architect and c.copied_officer == ""
    assert not [k for k in game.prompt.keys() if k.endswith(":architect")]


def test_mahiri_copying_anton_copies_a_wheel_tile_without_a_tile_going_on_the_wheel():
    game, seat = mahiri_game()
    st = game.state
    c = st.companies[seat]
    st.spare_officers = ["anton", "tommaso"]
    c.wheel[3] = Segment(["L1_CONDUIT"])
    game = restart(game)
    play(game, "place:mahiri-1", "copy:anton", "place:construct")
    assert "tile:copy>L1_CONDUIT" in game.prompt.keys()
    tiles = sorted(c.tiles)
    spent = build(game, "tile:copy>L1_CONDUIT", "C2R", place="")
    assert spent == (10, 0, -10)
    assert sorted(c.tiles) == tiles and c.wheel[0].tiles == [] and c.wheel[0].excavators == 10
    assert c.wheel[3].tiles == ["L1_CONDUIT"] and c.wheel_open == 1


def test_mahiri_copying_simone_may_keep_four_contracts():
    game, seat = mahiri_game()
    st = game.state
    c = st.companies[seat]
    st.spare_officers = ["simone", "anton"]
    c.contracts = [1, 200, 201]
    game = restart(game)
    shown = st.private_display["red"][0]
    play(game, "place:mahiri-1", "copy:simone", "place:contract-o", f"take:{shown}")
    assert len(c.contracts) == 4 and game.prompt.seat != seat


def test_mahiri_starts_with_the_usual_credits():
    # Decision (mahiri.py): the rules texts give her no extra credits (BGA's 9 is UNVERIFIED).
    st = new_state(Setup(seats=(SeatSetup("A", company="usa", officer="mahiri"),
                                SeatSetup("B", company="italy", officer="jill")), seed=1))
    assert st.companies[0].credits == 6


# ---------------------------------------------------------------- Simone Luciani

def test_simone_holds_four_contracts():
    game, seat = empty_map_game(("usa", "germany"), ("simone", "jill"))
    st = game.state
    c = st.companies[seat]
    c.contracts = [1, 200, 201]
    game = restart(game)
    shown = st.private_display["green"][0]
    play(game, "place:contract-o", f"take:{shown}")
    assert len(c.contracts) == 4 and game.prompt.seat != seat
    assert contracts.hand_limit(c) == 4


def test_simone_discards_down_to_four():
    game, seat = empty_map_game(("usa", "germany"), ("simone", "jill"))
    st = game.state
    c = st.companies[seat]
    c.contracts = [1, 200, 201]
    game = restart(game)
    a, b = st.private_display["green"]
    play(game, "place:contract-t", f"take:{a}", f"take:{b}")
    assert game.prompt.kind == "discard_contract"
    game.choose("discard:1")
    assert sorted(c.contracts) == sorted([200, 201, a, b])


def test_simone_fulfils_several_contracts_with_one_production():
    # Rule: contracts whose requirements add up to at most the Energy.
    game, seat = empty_map_game(("usa", "germany"), ("simone", "jill"))
    c = game.state.companies[seat]
    game = production_position(game, seat, conduit="C5R", dam="B5U", powerhouse="P10_0", drops=2)
    c.contracts = [205, 209, 300]  # 3 + 3 + 5 energy
    game = restart(game)
    play(game, "place:turbine-0", "drops:2")  # 8 energy
    assert sorted(game.prompt.keys()) == ["contract:205", "contract:209", "contract:300", "skip"]
    game.choose("contract:300")
    assert sorted(game.prompt.keys()) == ["contract:205", "contract:209", "skip"]  # 3 left
    game.choose("contract:205")
    assert game.prompt.kind == "action" and game.prompt.seat != seat  # nothing left to spend
    assert sorted(c.fulfilled) == [205, 300] and c.contracts == [209]


def test_without_simone_one_production_fulfils_one_contract():
    game, seat = empty_map_game(("usa", "germany"), ("wilhelm", "jill"))
    c = game.state.companies[seat]
    game = production_position(game, seat, conduit="C5R", dam="B5U", powerhouse="P10_0", drops=2)
    c.contracts = [205, 209]
    game = restart(game)
    play(game, "place:turbine-0", "drops:2", "contract:205")
    assert c.fulfilled == [205] and c.contracts == [209]
    assert game.prompt.kind == "action" and game.prompt.seat != seat


# ---------------------------------------------------------------- Tommaso Battista

def tommaso_game(**supply):
    return empty_map_game(("usa", "germany"), ("tommaso", "jill"), **supply)


def test_tommaso_has_eleven_engineers_and_the_architect():
    st = new_state(Setup(seats=(SeatSetup("A", company="usa", officer="tommaso"),
                                SeatSetup("B", company="italy", officer="jill")), seed=1))
    c = st.companies[0]
    assert (c.engineers, c.architect) == (11, True)
    assert actions.engineers_available(c) == 12


def test_tommaso_architect_alone_on_a_one_engineer_space_gives_another_turn():
    game, seat = tommaso_game()
    c = game.state.companies[seat]
    one = {k.rsplit(":", 1)[0] for k in keys_with(game, "place:") if k.endswith(":architect")}
    spaces = components().spaces
    assert one == {f"place:{s}" for s in ("water-p2", "water-d1", "workshop-r1", "machinery-e", "machinery-ec",
                                          "contract-o", "contract-oc", "construct")}
    assert all(spaces[k.split(":")[1]].engineers == 1 for k in one if "construct" not in k)
    play(game, "place:workshop-r1:architect")
    assert game.prompt.kind == "action" and game.prompt.seat == seat
    assert (c.engineers, c.architect) == (11, False)
    assert game.state.engineers_on["workshop-r1"][seat] == 1
    play(game, "place:bank-b", "engineers:1")
    assert game.prompt.seat != seat


def test_tommaso_architect_on_the_bank_is_a_plain_engineer():
    game, seat = tommaso_game()
    c = game.state.companies[seat]
    assert "place:bank-b:architect" not in game.prompt.keys()
    play(game, "place:bank-b", "engineers:12")
    assert (c.engineers, c.architect, c.credits) == (0, False, 32)
    assert game.prompt.seat != seat


def test_tommaso_architect_with_other_engineers_is_a_plain_engineer():
    game, seat = tommaso_game()
    c = game.state.companies[seat]
    c.engineers = 1
    game = restart(game)
    play(game, "place:workshop-r1bis")  # 2 Engineers: the last Engineer and the Architect
    assert (c.engineers, c.architect) == (0, False)
    assert game.prompt.seat != seat


def test_tommaso_plain_placement_keeps_the_architect():
    game, seat = tommaso_game()
    c = game.state.companies[seat]
    play(game, "place:workshop-r1")
    assert (c.engineers, c.architect) == (10, True) and game.prompt.seat != seat


def test_tommaso_architect_left_alone_still_gives_another_turn():
    # Rule: the Architect placed alone on a 1-Engineer space gives another turn, even as the last piece.
    game, seat = tommaso_game()
    c = game.state.companies[seat]
    c.engineers = 0
    c.tiles.append("L1_POWERHOUSE")  # so that the extra turn has something to do
    game = restart(game)
    assert "place:workshop-r1:architect" in game.prompt.keys()
    assert "place:workshop-r1" not in game.prompt.keys()  # placed alone, it is the Architect
    play(game, "place:workshop-r1:architect")
    assert not c.architect
    # An extra action may be given up; that is not a pass, so the tile stays usable on a later turn.
    assert game.prompt.seat == seat and sorted(game.prompt.keys()) == ["build-free", "skip"]
    play(game, "skip")
    assert not c.passed


def test_tommaso_architect_comes_home_at_the_end_of_the_round():
    game, seat = tommaso_game()
    st = game.state
    c = st.companies[seat]
    play(game, "place:workshop-r1:architect")
    while st.round == 1:
        s = game.prompt.seat
        play(game, "place:bank-b", f"engineers:{actions.engineers_available(st.companies[s])}")
    assert (c.engineers, c.architect) == (11, True)


def test_mahiri_copying_graziano_fills_a_height_three_dam_to_four_and_the_drop_stays():
    # Rule: while she copies Graziano her height-3 dams hold 4 (officers.toml: when the copy ends a 4th
    # drop already there stays; only the capacity goes back to 3).
    game, seat = mahiri_game()
    st = game.state
    st.spare_officers = ["graziano", "anton"]
    own(game, seat, "base", "B1U", height=3)
    put_drops(game, "B1U", 3)
    game = restart(game)
    play(game, "place:mahiri-1", "copy:graziano", "place:water-d1", "headstream:HA")
    assert st.dams["B1U"].drops == 4
    assert st.companies[seat].copied_officer == "" and water.capacity(game, "B1U") == 3


def test_mahiris_spaces_come_back_next_round():
    game, seat = mahiri_game()
    st = game.state
    play(game, "place:mahiri-1", "copy:wilhelm", "place:bank-b", "engineers:1")
    play(game, "place:bank-b", "engineers:1")
    play(game, "place:mahiri-2", "copy:wilhelm", "place:bank-b", "engineers:1")
    while st.round == 1:
        s = game.prompt.seat
        play(game, "place:bank-b", f"engineers:{st.companies[s].engineers}")
    while game.prompt.seat != seat:
        play(game, "place:bank-b", "engineers:1")
    assert {"place:mahiri-1", "place:mahiri-2"} <= set(game.prompt.keys())


def test_simone_may_fulfil_a_national_and_a_hand_contract_together():
    # Rule: several contracts, own and National, whose requirements sum to at most the Energy.
    game, seat = empty_map_game(("usa", "germany"), ("simone", "jill"))
    st = game.state
    c = st.companies[seat]
    game = production_position(game, seat, conduit="C1L", dam="B1U", powerhouse="P8_0", drops=3)
    c.contracts = [200]
    st.national = [100]
    game = restart(game)
    play(game, "place:turbine-0", "drops:3")  # 15 energy
    assert c.energy == 15
    play(game, "contract:100", "contract:200")
    assert sorted(c.fulfilled) == [100, 200] and st.national == []


def test_graziano_l2_elevation_fills_a_height_three_dam_to_four():
    # officers.toml: L2 Elevation's filling uses Graziano's capacity of 4.
    game, seat = officer_game("graziano")
    st = game.state
    c = st.companies[seat]
    c.tiles = ["L2_ELEVATION"]
    own(game, seat, "base", "B5L", height=2)
    game = restart(game)
    build(game, "tile:L2_ELEVATION", "B5L")
    assert (st.dams["B5L"].height, st.dams["B5L"].drops) == (3, 4)
