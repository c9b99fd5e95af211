"""The other box types and the turn procedure (reference automa.md 4 and 5.3-5.9): boxes in printed order,
dashed boxes that do not end the turn, where the Engineers go, what each box costs in VP."""

import pytest

from barrage_tui.rules.state import Segment

from .helpers import AUTOMA, HUMAN, automa_game, clear_map, decide, ops, put_dam, set_cards


@pytest.fixture
def game():
    """The Automa with nothing it can produce, water or build (no tiles), and an empty wheel."""
    g = automa_game()
    clear_map(g)
    g.state.companies[AUTOMA].tiles = []
    return g


def play(game):
    choice = decide(game)
    game.choose(choice.key)
    return choice


# ---------------------------------------------------------------- Bank, Machinery Shop, Workshop

def test_the_bank_is_the_last_resort_one_engineer_and_one_vp(game):
    game.state.round = 5  # no Machinery Shop in round 5
    set_cards(game, action=1, criteria=1)
    a = game.state.companies[AUTOMA]
    vp = a.vp
    choice = play(game)
    assert ops(choice) == ["flip", "eng:bank-b:1", "vp:1"]
    assert "Machinery Shop (any): not in round 5" in choice.label
    assert a.vp == vp + 1 and game.state.bank[AUTOMA] == 1 and a.credits == 0


@pytest.mark.parametrize("supply, gained", [((6, 4), "machinery:0:1"), ((3, 4), "machinery:1:0"),
                                            ((4, 4), "machinery:1:0")])
def test_a_wild_machine_is_the_type_it_has_fewer_of_an_excavator_on_a_tie(game, supply, gained):
    a = game.state.companies[AUTOMA]
    a.excavators, a.mixers = supply
    a.machinery_gained = list(supply)
    set_cards(game, action=1, criteria=1)  # Workshop impossible (empty wheel): Machinery Shop, -3 VP
    vp = a.vp
    choice = play(game)
    assert ops(choice) == ["flip", "eng:machinery-e:1", "vp:-3", gained]
    assert a.vp == vp - 3


def test_the_machinery_shop_box_of_card_18_takes_an_excavator_and_a_mixer_for_5_vp(game):
    set_cards(game, action=18, criteria=1)  # Production, Water, Base, (Building, External Works), Machinery
    assert ops(decide(game))[1:] == ["eng:machinery-e:2", "vp:-5", "machinery:1:1"]


def test_the_workshop_needs_something_on_the_wheel(game):
    a = game.state.companies[AUTOMA]
    a.wheel[3] = Segment(tiles=[], excavators=2)
    a.excavators -= 2
    set_cards(game, action=2, criteria=1)  # ..., Workshop: turn 2 for 2 VP
    choice = play(game)
    assert ops(choice)[1:] == ["eng:workshop-r1:1", "vp:-2", "wheel:2"]
    assert a.wheel_open == 2


# ---------------------------------------------------------------- Patent Office

@pytest.mark.parametrize("offer, slot", [(["L1_JOKER", "L2_BASE", "L1_BASE"], 2),
                                         (["L1_JOKER", "L2_CONDUIT", "L3_JOKER"], 3),
                                         (["L1_BASE", "L3_CONDUIT", "L1_BASE"], 1)])
def test_the_patent_office_takes_the_printed_type_else_a_joker_highest_level_lower_slot(game, offer, slot):
    game.state.patent_offer = list(offer)
    set_cards(game, action=3, criteria=1)  # Production, Contract Office (dashed), Base, Patent Office: Base
    choice = play(game)
    assert ops(choice)[3:6] == [f"eng:patent-p{slot}:1", "vp:-2", f"patent:{slot}"]
    assert offer[slot - 1] in game.state.companies[AUTOMA].tiles


def test_no_tile_of_the_type_nor_a_joker_no_patent(game):
    game.state.patent_offer = ["L1_CONDUIT", "L2_CONDUIT", "L3_ELEVATION"]
    set_cards(game, action=3, criteria=1)
    choice = decide(game)
    assert "Patent Office (Base tile): skipped, no Base or Joker tile in the Patent Office" in choice.label


# ---------------------------------------------------------------- Contract Office and the dashed boxes

def test_the_contract_office_replaces_the_colour_and_gives_2_energy_and_the_turn_goes_on(game):
    st = game.state
    st.patent_offer = ["", "", ""]
    shown = list(st.private_display["green"])
    set_cards(game, action=3, criteria=1)
    choice = play(game)
    assert ops(choice)[1:3] == ["eng:contract-o:1", "office:green"]
    assert ops(choice)[3:] == ["eng:workshop-r1:1", "wheel:1"] or ops(choice)[3:] == ["eng:bank-b:1", "vp:1"]
    assert st.companies[AUTOMA].energy == 2
    assert not set(shown) & set(st.private_display["green"]) and len(st.private_display["green"]) == 2
    assert st.contract_discards["green"] == shown


def test_a_dashed_box_that_uses_the_last_engineer_ends_the_turn(game):
    a = game.state.companies[AUTOMA]
    a.engineers = 1
    game.state.engineers_on["workshop-r1"] = [0, 11]  # where the other 11 are (the count must hold)
    game.state.occupied["workshop-r1"] = AUTOMA
    set_cards(game, action=3, criteria=1)
    choice = decide(game)
    assert ops(choice) == ["flip", "eng:contract-o:1", "office:green"]
    assert choice.label.endswith("No Engineers left: the turn ends.")


def test_with_fewer_engineers_than_the_box_shows_it_places_all_it_has(game):
    game.state.occupied["workshop-r1"] = AUTOMA
    set_cards(game, action=12, criteria=1)  # Production, Contract Office, Conduit 4+, Machinery Shop (2 Engineers)
    game.state.companies[AUTOMA].engineers = 2
    game.state.engineers_on["workshop-r1"] = [0, 10]
    choice = decide(game)
    assert ops(choice) == ["flip", "eng:contract-o:1", "office:red", "eng:machinery-e:1", "vp:-4", "machinery:2:0"]


def test_without_engineers_it_passes_and_nothing_is_asked(game):
    a = game.state.companies[AUTOMA]
    game.state.engineers_on["workshop-r1"] = [0, a.engineers]
    a.engineers = 0
    from .helpers import restart

    g = restart(game)
    assert g.prompt.seat == HUMAN and g.state.companies[AUTOMA].passed


# ---------------------------------------------------------------- where the Engineers go (4.3)

def test_engineers_go_on_the_first_free_space_that_exists_at_this_player_count(game):
    game.state.occupied["contract-o"] = HUMAN  # contract-ob needs 4 companies: next is contract-t
    set_cards(game, action=3, criteria=1)
    assert ops(decide(game))[1] == "eng:contract-t:1"


def test_engineers_go_beside_a_full_section(game):
    for space in ("contract-o", "contract-t", "contract-oc", "contract-tbis"):
        game.state.occupied[space] = HUMAN
    set_cards(game, action=3, criteria=1)
    choice = play(game)
    assert ops(choice)[1] == "eng:contract-beside:1"
    assert game.state.engineers_on["contract-beside"][AUTOMA] == 1


def test_a_blocked_space_is_closed_to_the_human(game):
    set_cards(game, action=3, criteria=1)
    play(game)
    assert "place:contract-o" not in game.prompt.keys() and "place:contract-oc" in game.prompt.keys()


# ---------------------------------------------------------------- Construction (5.4)

@pytest.fixture
def builder():
    g = automa_game()
    clear_map(g)
    return g


def test_a_base_in_the_hills_only_goes_in_the_hills(builder):
    set_cards(builder, action=2, criteria=1)  # Production, Water, Base (hills only), ...
    choice = play(builder)
    assert ops(choice)[1:3] == ["eng:company-1:2", "build"]
    (space,) = [s for s, d in builder.state.dams.items() if d.owner == AUTOMA]
    assert space in ("B5L", "B6L", "B7L", "B5U", "B6U", "B7U")
    assert builder.state.engineers_on["company-1"][AUTOMA] == 2


def test_a_box_restricted_to_conduits_of_value_3_or_more(builder):
    a = builder.state.companies[AUTOMA]
    a.excavators, a.machinery_gained = 6, [6, 4]
    set_cards(builder, action=9, criteria=1)  # Production, Water, Conduit 3+, Elevation
    play(builder)
    (conduit,) = [c for c, o in builder.state.conduits.items() if o == AUTOMA]
    assert conduit == "C2L"  # value 3, affordable with 6 Excavators; walk from 1A: C2L is the first 3


def test_not_enough_machinery_skips_the_box(builder):
    a = builder.state.companies[AUTOMA]
    a.excavators, a.machinery_gained = 2, [2, 4]
    set_cards(builder, action=4, criteria=1)  # Production, Base (mountains: 5 Excavators), Machinery Shop
    choice = decide(builder)
    assert "Construction: Base in the mountains: skipped, not enough machinery for a Base" in choice.label


@pytest.mark.parametrize("tiles, used", [(["base", "L1_BASE", "L1_JOKER"], "L1_BASE"),
                                         (["base", "L1_JOKER"], "L1_JOKER"),
                                         (["L1_BASE", "L2_JOKER"], "L2_JOKER")])
def test_the_tile_is_the_highest_level_and_a_specific_one_before_a_joker(builder, tiles, used):
    builder.state.companies[AUTOMA].tiles = tiles
    set_cards(builder, action=3, criteria=1)
    choice = decide(builder)
    assert f"=tile:{used}" in choice.key or f"=tile:{used}:base" in choice.key


def test_a_red_outlined_base_costs_3_vp_and_it_places_no_credits(builder):
    set_cards(builder, action=3, criteria=2)  # Base; card 2's third dam criterion: the red-outlined space
    a = builder.state.companies[AUTOMA]
    vp = a.vp
    builder.state.private_display["green"] = []  # (the dashed Contract Office box changes nothing here)
    choice = play(builder)
    (space,) = [s for s, d in builder.state.dams.items() if d.owner == AUTOMA]
    assert space.endswith("U"), choice.label
    assert a.vp == vp - 3 and a.credits == 0


def test_the_income_a_construction_uncovers_is_gained_at_once_credits_as_vp(builder):
    put_dam(builder, "B1L", AUTOMA)  # Italy's 2nd Base uncovers 3 credits
    set_cards(builder, action=3, criteria=1)
    a = builder.state.companies[AUTOMA]
    vp = a.vp
    play(builder)
    assert a.vp == vp + 3 and a.credits == 0
