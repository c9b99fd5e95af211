"""Japan (The Overseas Companies; seed 002 "Japan", sammelbecken.md 2.2 and 2.4): Elevations paid in
Excavators, an Elevation without a Base, dams at most height 2, five Elevation incomes, and its ability,
connection chains, with the box's worked example."""

import pytest

from barrage_tui.rules import construction, production, water
from barrage_tui.rules.build_spaces import base_less as is_base_less, legal_spaces
from barrage_tui.rules.components import components
from barrage_tui.rules.officers import octavius
from barrage_tui.rules.state import NEUTRAL, DamState, GameState
from barrage_tui.rules.validation import InvalidState, check_state

from .helpers import answer, build, drive, empty_map_game, put_conduit, put_dam, put_powerhouse, restart, violations
from .test_data import edited_data  # noqa: F401  (a fixture)

JAPAN, OTHER = 0, 1


def japan_game(officers=("viktor", "jill"), tiles=None, **supply):
    """Japan (seat 0) to act on an empty map, rich in machinery and credits."""
    game, seat = empty_map_game(("japan", "germany"), officers, **supply)
    company = game.state.companies[seat]
    company.machinery_gained = [company.excavators, company.mixers]
    if tiles is not None:
        company.tiles = list(tiles)
    return restart(game)


def base_less(game, space, seat=JAPAN, drops=0):
    """A Japanese Elevation standing without a Base on ``space``, as if built."""
    game.state.dams[space] = DamState(owner=seat, height=1, drops=drops, base=False)
    game.state.companies[seat].pieces["elevation"] -= 1
    game.state.drops_created += drops


def build_spaces(game, tile="elevation"):
    """The spaces the construction offers for ``tile`` (keys without the verb)."""
    game.choose("place:construct")
    answer(game, "build_tile", tile)
    return [k.split(":", 1)[1] for k in game.prompt.keys() if k.startswith("space:")]


# ---------------------------------------------------------------- Elevations: cost and placement

@pytest.mark.parametrize("dam, excavators", [("B1L", 4), ("B5L", 3), ("B8L", 2)])
def test_an_elevation_costs_excavators_2_3_4_by_area_not_mixers(dam, excavators):
    game = japan_game()
    put_dam(game, dam, JAPAN)
    game = restart(game)
    assert build(game, "tile:elevation", dam)[:2] == (excavators, 0)
    assert game.state.dams[dam].height == 2


@pytest.mark.parametrize("dam, excavators", [("B1U", 4), ("B5L", 3), ("B8L", 2)])
def test_wilhelms_fixed_base_cost_does_not_change_japans_elevations_base_less_ones_included(dam, excavators):
    game = japan_game(officers=("wilhelm", "jill"))
    assert build(game, "tile:elevation", dam)[:2] == (excavators, 0)


def test_an_elevation_may_stand_on_an_empty_dam_space_as_a_height_1_dam_holding_1():
    game = japan_game()
    pieces = dict(game.state.companies[JAPAN].pieces)
    assert build(game, "tile:elevation", "B8L")[:2] == (2, 0)
    dam = game.state.dams["B8L"]
    assert (dam.owner, dam.height, dam.base) == (JAPAN, 1, False)
    assert is_base_less(game, "B8L")
    assert water.capacity(game, "B8L") == 1
    left = game.state.companies[JAPAN].pieces
    assert (pieces["base"] - left["base"], pieces["elevation"] - left["elevation"]) == (0, 1)
    assert violations(game) == []


FIRST_ELEVATION_CREDITS = components().companies["japan"].income["elevation"][1]["credits"]


def test_a_base_less_elevation_on_a_red_outlined_space_costs_3_credits():
    game = japan_game()
    assert build(game, "tile:elevation", "B8U") == (2, 0, 3 - FIRST_ELEVATION_CREDITS)
    assert build(japan_game(), "tile:elevation", "B8L") == (2, 0, -FIRST_ELEVATION_CREDITS)


def test_the_space_offered_says_it_is_a_new_dam_without_a_base_with_its_red_fee():
    game = japan_game()
    game.choose("place:construct")
    game.choose("tile:elevation")
    choice = game.prompt.find("space:B8U")
    assert choice.data["without_base"] is True and choice.data["red"] == 3
    assert "without a Base" in choice.label and "red +3" in choice.label


def test_one_own_dam_per_valley_holds_for_base_less_elevations_too():
    game = japan_game()
    put_dam(game, "B8L", JAPAN)
    game = restart(game)
    spaces = build_spaces(game, "tile:elevation")
    assert "B8L" in spaces  # raising the Base
    assert "B8U" not in spaces  # a second dam in valley 8
    assert "B9U" in spaces and "B9L" in spaces


def test_never_an_elevation_on_an_elevation():
    game = japan_game()
    put_dam(game, "B5L", JAPAN, height=2)  # Base + Elevation: height 2, Japan's most
    base_less(game, "B6L")  # an Elevation alone: never raised
    game = restart(game)
    spaces = build_spaces(game, "tile:elevation")
    assert "B5L" not in spaces and "B6L" not in spaces
    assert legal_spaces(game, JAPAN, "elevation") == [
        s for s in legal_spaces(game, JAPAN, "base")]


def test_other_companies_build_no_elevation_without_a_base():
    game = japan_game()
    assert legal_spaces(game, OTHER, "elevation") == []


def test_a_contract_free_elevation_may_stand_without_a_base_and_pays_the_red_fee():
    game = japan_game()
    credits = game.state.companies[JAPAN].credits
    drive(game, construction.free_build(game, JAPAN, "elevation"), ["space:B5U"])
    assert not game.state.dams["B5U"].base
    assert game.state.companies[JAPAN].credits == credits - 3 + FIRST_ELEVATION_CREDITS  # the red +3, the income


# ---------------------------------------------------------------- incomes

def test_each_of_the_five_elevations_uncovers_an_income():
    board = components().companies["japan"]
    assert board.income_slots("elevation") == (1, 2, 3, 4, 5)
    assert board.assumed.startswith("Board incomes assumed")
    game = japan_game()
    vp = game.state.companies[JAPAN].vp
    before = game.state.companies[JAPAN].credits
    build(game, "tile:elevation", "B8L")
    assert game.state.companies[JAPAN].credits == before + board.income["elevation"][1]["credits"]
    assert game.state.companies[JAPAN].vp == vp


def test_an_edited_income_is_the_one_the_game_pays(edited_data):
    def richer(data):
        japan = next(c for c in data["company"] if c["id"] == "japan")
        japan["income_elevation"]["1"] = {"credits": 9}
    edited_data("companies", richer)
    game = japan_game()
    before = game.state.companies[JAPAN].credits
    build(game, "tile:elevation", "B8L")
    assert game.state.companies[JAPAN].credits == before + 9


def test_an_edited_elevation_cost_is_the_one_the_game_asks(edited_data):
    def dearer(data):
        next(c for c in data["company"] if c["id"] == "japan")["elevation_cost"]["plain"] = 5
    edited_data("companies", dearer)
    assert build(japan_game(), "tile:elevation", "B8L")[:2] == (5, 0)


# ---------------------------------------------------------------- advanced tiles and officers (2.4)

def test_joker_i_waives_the_red_fee_of_a_base_less_elevation():
    game = japan_game(tiles=["L1_JOKER"])
    assert build(game, "tile:L1_JOKER:elevation", "B8U") == (2, 0, -FIRST_ELEVATION_CREDITS)


def test_base_i_gives_no_drop_to_a_base_less_elevation():
    game = japan_game(tiles=["L1_BASE"])
    base_less(game, "B6L")
    game = restart(game)
    build(game, "tile:L1_BASE", "B8L")
    assert game.state.dams["B8L"].drops == 1
    assert game.state.dams["B6L"].drops == 0


def test_base_ii_counts_no_base_less_elevation_as_a_base():
    game = japan_game(tiles=["L2_BASE"])
    base_less(game, "B6L")
    put_dam(game, "B5L", JAPAN)
    game = restart(game)
    energy = game.state.companies[JAPAN].energy
    build(game, "tile:L2_BASE", "B8L")
    assert game.state.companies[JAPAN].energy == energy + 2  # B5L and B8L, not B6L


def test_elevation_i_counts_no_base_less_elevation_for_its_own_effect():
    game = japan_game(tiles=["L1_ELEVATION"])
    base_less(game, "B6L")
    put_dam(game, "B5L", JAPAN)
    game = restart(game)
    build(game, "tile:L1_ELEVATION", "B5L")
    # B5L is now Base + Elevation: 1 Elevation for the tile; B6L, an Elevation alone, is not counted
    turned = [e.text for e in game.events if "per Elevation" in e.text]
    assert turned == [f"{game.name(JAPAN)} turns the wheel 1 (1 per Elevation)."]


def test_elevation_iii_counts_a_base_less_elevation_as_a_dam_with_an_elevation():
    game = japan_game(tiles=["L3_ELEVATION"])
    base_less(game, "B6L")
    put_dam(game, "B5L", JAPAN)
    game = restart(game)
    build(game, "tile:L3_ELEVATION", "B5L")
    assert game.state.companies[JAPAN].vp_by_source["tiles"] == 2 * 3


def test_graziano_makes_a_japanese_height_2_dam_hold_3_and_leaves_others_as_they_were():
    game = japan_game(officers=("graziano", "jill"))
    put_dam(game, "B5L", JAPAN, height=2)
    base_less(game, "B6L")
    put_dam(game, "B7L", OTHER, height=2)
    assert water.capacity(game, "B5L") == 3
    assert water.capacity(game, "B6L") == 1
    assert water.capacity(game, "B7L") == 2


# ---------------------------------------------------------------- the state

def test_a_base_less_dam_survives_a_save_and_base_dams_are_written_as_before():
    game = japan_game()
    base_less(game, "B6L")
    put_dam(game, "B5L", JAPAN)
    data = game.state.to_dict()
    assert data["dams"]["B6L"]["base"] is False and "base" not in data["dams"]["B5L"]
    again = GameState.from_dict(data)
    assert not again.dams["B6L"].base and again.dams["B5L"].base


def test_a_base_less_dam_of_a_company_that_cannot_build_one_is_refused():
    game = japan_game()
    base_less(game, "B6L", seat=OTHER)
    with pytest.raises(InvalidState, match="without a Base"):
        check_state(game.state, game.setup)


def test_a_japanese_dam_above_height_2_is_refused():
    game = japan_game()
    game.state.dams["B5L"] = DamState(owner=JAPAN, height=3)
    with pytest.raises(InvalidState, match="height"):
        check_state(game.state, game.setup)


# ---------------------------------------------------------------- connection chains: the box's example

def example(ability=True):
    """The box's picture on the base map: a neutral dam with 2 drops (B5L); a value-3 conduit (C5L) to
    Japan's powerhouse in valley 8 ("top left"); Japan's dam B8L; from it a value-2 conduit (C8R) to Japan's
    powerhouse in valley 9 ("top right") and another company's value-3 conduit (C8L; Brazil's in the box) to
    Japan's powerhouse in valley 11 ("bottom left")."""
    game = japan_game(credits=5)
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)
    put_conduit(game, "C5L", JAPAN)
    put_dam(game, "B8L", JAPAN)
    put_conduit(game, "C8R", JAPAN)
    put_conduit(game, "C8L", OTHER)
    put_powerhouse(game, "P8_0", JAPAN)
    put_powerhouse(game, "P9_0", JAPAN)
    if ability:
        put_powerhouse(game, "P11_0", JAPAN)
    return restart(game)


DIRECT = "system:B5L:C5L:P8_0"
TOP_RIGHT = "system:B5L:C5L:P9_0:P8_0:B8L:C8R"
BOTTOM_LEFT = "system:B5L:C5L:P11_0:P8_0:B8L:C8L"


def produced(game, system):
    """Energy of a production with all the drops on ``system``, less the company bonus (the box's
    figures have none)."""
    before = game.state.companies[JAPAN].energy
    drive(game, production.produce(game, JAPAN, 0), [system, "drops:2"])
    return game.state.companies[JAPAN].energy - before - production.company_bonus(game, JAPAN)


def test_worked_example_plain_production_makes_6():
    assert produced(example(), DIRECT) == 6


def test_worked_example_through_a_chain_with_a_further_value_2_conduit_makes_10():
    game = example()
    assert produced(game, TOP_RIGHT) == 10


def test_worked_example_through_another_companys_value_3_conduit_makes_12_paying_it_2_credits():
    game = example()
    st = game.state
    credits, other_credits, other_vp = st.companies[JAPAN].credits, st.companies[OTHER].credits, st.companies[OTHER].vp
    assert produced(game, BOTTOM_LEFT) == 12
    assert st.companies[JAPAN].credits == credits - 2
    assert st.companies[OTHER].credits == other_credits + 2
    assert st.companies[OTHER].vp == other_vp + 2


def test_the_chain_choices_show_energy_value_and_who_is_paid():
    game = example()
    prompt = next(production.produce(game, JAPAN, 0))
    choice = prompt.find(BOTTOM_LEFT)
    bonus = production.company_bonus(game, JAPAN)
    assert choice.data["energy"] == 12 + bonus and choice.data["tolls"] == (OTHER,) and choice.data["value"] == 6
    assert f"pay {game.name(OTHER)} 1/drop" in choice.label and f"up to {12 + bonus} energy" in choice.label
    assert prompt.find(TOP_RIGHT).data["tolls"] == ()
    assert "chain" not in prompt.find(DIRECT).data


def test_the_drops_leave_the_start_dam_and_flow_on_from_the_activated_powerhouse_not_the_linking_dam():
    game = example()
    st = game.state
    st.dams["B8L"].drops = 1
    st.drops_created += 1
    exited = st.drops_exited
    produced(game, BOTTOM_LEFT)
    assert st.dams["B5L"].drops == 0
    assert st.dams["B8L"].drops == 1  # water held in a linking dam is neither used nor moved
    assert st.drops_exited == exited + 2  # valley 11's powerhouse: the water leaves the board
    assert violations(game) == []


def test_chains_need_the_ability_of_the_third_powerhouse():
    game = example(ability=False)
    keys = {s.key for s in production.systems(game, JAPAN, 0)}
    assert DIRECT in keys and TOP_RIGHT not in keys


def test_another_players_dam_above_the_linking_dam_breaks_the_link():
    game = example()
    put_dam(game, "B8U", OTHER)
    game = restart(game)
    keys = {s.key for s in production.systems(game, JAPAN, 0)}
    assert DIRECT in keys and TOP_RIGHT not in keys and BOTTOM_LEFT not in keys


def test_a_link_needs_japans_own_dam_in_the_powerhouses_valley():
    game = example()
    del game.state.dams["B8L"]
    game.state.companies[JAPAN].pieces["base"] += 1
    game = restart(game)
    assert {s.key for s in production.systems(game, JAPAN, 0)} == {DIRECT}


def test_a_chain_is_limited_by_the_credits_for_every_other_companys_conduit():
    game = example()
    game.state.companies[JAPAN].credits = 1
    prompt = next(production.produce(game, JAPAN, 0))
    assert prompt.find(BOTTOM_LEFT).data["drops"] == 1


def test_other_companies_never_produce_through_chains():
    game = japan_game()
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)
    put_conduit(game, "C5L", OTHER)
    put_dam(game, "B8L", OTHER)
    put_conduit(game, "C8R", OTHER)
    for space in ("P8_0", "P9_0", "P11_0"):
        put_powerhouse(game, space, OTHER)
    assert game.ability_active(OTHER)
    assert all(not s.links for s in production.systems(game, OTHER, 0))


def test_a_chain_key_reads_back_as_the_same_path():
    system = production.System.from_key(BOTTOM_LEFT)
    assert system.key == BOTTOM_LEFT and system.conduits == ("C5L", "C8L")
    assert system.refs == ("B5L", "C5L", "P8_0", "B8L", "C8L", "P11_0")


# ---------------------------------------------------------------- Dr. Octavius with Japan

def test_octavius_with_japan_adds_chained_dams_but_no_linking_dam_as_a_source():
    game = example()
    game.state.companies[JAPAN].officer = "octavius"
    st = game.state
    put_dam(game, "B6L", NEUTRAL, drops=1)  # a second source: C6L (value 4) into valley 9
    put_conduit(game, "C6L", JAPAN)
    st.dams["B8L"].drops = 1
    st.drops_created += 1
    game = restart(game)
    sources = {s.key for s in octavius.sources(game, JAPAN, "P9_0")}
    assert {TOP_RIGHT, "system:B6L:C6L:P9_0", "system:B8L:C8R:P9_0"} <= sources
    chained = production.System.from_key(TOP_RIGHT)
    first = [(chained, 2)]
    assert not octavius.joins(first, production.System.from_key("system:B8L:C8R:P9_0"))
    assert octavius.joins(first, production.System.from_key("system:B6L:C6L:P9_0"))
    before = st.companies[JAPAN].energy
    drive(game, production.produce(game, JAPAN, 0), [TOP_RIGHT, "drops:2", "system:B6L:C6L:P9_0"])
    assert st.companies[JAPAN].energy - before == 2 * 5 + 4 + production.company_bonus(game, JAPAN)
    assert st.dams["B8L"].drops == 1
