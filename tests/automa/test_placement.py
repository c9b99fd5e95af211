"""Where the Automa builds (reference automa.md section 6): each criterion of the three columns, step 0, the
order of the criteria, and the location-code walk with its wrap-around and inside-a-basin orders - on
positions built in the test."""

import pytest

from automa import criteria, placement
from automa.geography import Geography
from barrage_tui.rules.components import components
from automa.cards import cards

from .helpers import (AUTOMA, HUMAN, NEUTRAL, automa_game, clear_map, put_conduit, put_dam, put_powerhouse, view,
                      wait_drops)


@pytest.fixture
def game():
    g = automa_game(attach=False)
    clear_map(g)
    return g


def keep(game, column, key, spaces, card=1):
    return getattr(criteria, column.upper())[key](view(game, card), spaces)


# ---------------------------------------------------------------- Dam / Elevation column (6.3)

def test_dam_most_powerful_conduit_keeps_the_basin_of_the_highest_built_conduit(game):
    put_conduit(game, "C1R", HUMAN)  # value 4
    put_conduit(game, "C2R", HUMAN)  # value 5
    put_conduit(game, "C3L", AUTOMA)  # value 4
    assert keep(game, "dam", "most_powerful_conduit", ["B1L", "B2L", "B3L", "B4L"]) == ["B2L"]


def test_dam_most_powerful_conduit_an_own_conduit_wins_a_tie(game):
    put_conduit(game, "C1R", HUMAN)  # 4
    put_conduit(game, "C3L", AUTOMA)  # 4
    assert keep(game, "dam", "most_powerful_conduit", ["B1L", "B3L"]) == ["B3L"]


def test_dam_most_powerful_conduit_without_any_built_conduit_keeps_nothing(game):
    assert keep(game, "dam", "most_powerful_conduit", ["B1L", "B3L"]) == []


def test_dam_owned_powerhouse_keeps_basins_whose_conduit_spaces_lead_to_its_powerhouse(game):
    put_powerhouse(game, "P5_0", AUTOMA)  # C1R (basin 1) and C3L (basin 3) deliver to basin 5, built or not
    assert keep(game, "dam", "owned_powerhouse", ["B1L", "B2L", "B3U"]) == ["B1L", "B3U"]


def test_dam_upstream_powerhouse_follows_the_water_until_the_first_dam(game):
    put_powerhouse(game, "P5_0", HUMAN)  # any owner; water runs P5 -> basin 5 -> P9 -> basin 9 -> exit
    assert keep(game, "dam", "upstream_powerhouse", ["B5L", "B9L", "B8L"]) == ["B5L", "B9L"]
    put_dam(game, "B5U", NEUTRAL)  # a Dam in basin 5 stops the walk there
    assert keep(game, "dam", "upstream_powerhouse", ["B5L", "B9L", "B8L"]) == ["B5L"]


def test_dam_red_outline_space(game):
    assert keep(game, "dam", "red_outline_space", ["B1L", "B1U", "B9U"]) == ["B1U", "B9U"]


def test_dam_downstream_dam_prefers_conduits_leading_to_its_own_dam(game):
    put_dam(game, "B5L", AUTOMA)  # C1R leads from basin 1 to basin 5
    assert keep(game, "dam", "downstream_dam", ["B1L", "B2L", "B4L"]) == ["B1L"]


def test_dam_downstream_dam_otherwise_keeps_basins_none_of_whose_conduits_lead_to_an_opponent_dam(game):
    put_dam(game, "B6L", HUMAN)  # C2L (basin 2) and C3R (basin 3) lead to basin 6
    put_dam(game, "B7L", NEUTRAL)  # neutral dams are not opponents (C4L leads to 7)
    assert keep(game, "dam", "downstream_dam", ["B2L", "B3L", "B4L"]) == ["B4L"]


def test_dam_most_water_drops_counts_the_waiting_drops_that_would_flow_through(game):
    wait_drops(game, "HA", 2)  # HA -> basin 1 -> basin 8
    wait_drops(game, "HB", 1)  # HB -> basin 2 -> basin 5 -> basin 9
    assert keep(game, "dam", "most_water_drops", ["B1L", "B2L", "B8L", "B9L"]) == ["B1L", "B8L"]


def test_dam_most_water_drops_ties_are_broken_by_the_card_letters(game):
    wait_drops(game, "HA", 1)
    wait_drops(game, "HB", 1)
    assert keep(game, "dam", "most_water_drops", ["B1L", "B2L"], card=1) == ["B1L"]  # letters A B C
    assert keep(game, "dam", "most_water_drops", ["B1L", "B2L"], card=2) == ["B2L"]  # letters B C D


def test_dam_most_water_drops_a_full_dam_passes_drops_on_and_a_dam_with_room_stops_them(game):
    put_dam(game, "B1U", HUMAN, drops=1)  # full: the drop passes basin 1 and reaches basin 8
    wait_drops(game, "HA", 1)
    assert keep(game, "dam", "most_water_drops", ["B8L", "B2L"]) == ["B8L"]
    game.state.dams["B1U"].drops = 0  # room: the drop stays in basin 1
    assert keep(game, "dam", "most_water_drops", ["B8L", "B2L"]) == []


# ---------------------------------------------------------------- Conduit column

def test_conduit_most_powerful(game):
    assert keep(game, "conduit", "most_powerful", ["C1R", "C2R", "C3R"]) == ["C2R"]


def test_conduit_second_most_powerful_is_the_second_distinct_value(game):
    assert keep(game, "conduit", "second_most_powerful", ["C1L", "C2R", "C1R", "C3R"]) == ["C1R"]  # 5 5 4 3
    assert keep(game, "conduit", "second_most_powerful", ["C1R", "C3L"]) == ["C1R", "C3L"]  # all 4


def test_conduit_own_neutral_opponent_dam_in_that_order(game):
    put_dam(game, "B5L", AUTOMA)
    put_dam(game, "B6L", NEUTRAL)
    put_dam(game, "B7L", HUMAN)
    assert keep(game, "conduit", "owned_neutral_opponent_dam", ["C5L", "C6L", "C7L", "C5R"]) == ["C5L", "C5R"]
    assert keep(game, "conduit", "owned_neutral_opponent_dam", ["C6L", "C7L"]) == ["C6L"]
    assert keep(game, "conduit", "owned_neutral_opponent_dam", ["C7L", "C8L"]) == ["C7L"]
    assert keep(game, "conduit", "owned_neutral_opponent_dam", ["C8L", "C9L"]) == []


def test_conduit_opponent_neutral_own_dam_in_that_order(game):
    put_dam(game, "B5L", AUTOMA)
    put_dam(game, "B6L", NEUTRAL)
    put_dam(game, "B7L", HUMAN)
    assert keep(game, "conduit", "opponent_neutral_owned_dam", ["C5L", "C6L", "C7L"]) == ["C7L"]
    assert keep(game, "conduit", "opponent_neutral_owned_dam", ["C5L", "C6L"]) == ["C6L"]
    assert keep(game, "conduit", "opponent_neutral_owned_dam", ["C5L", "C8L"]) == ["C5L"]


def test_conduit_own_then_opponent_powerhouse_and_the_reverse(game):
    put_powerhouse(game, "P5_0", AUTOMA)  # C1R, C3L deliver to 5
    put_powerhouse(game, "P6_0", HUMAN)  # C2L, C3R deliver to 6
    assert keep(game, "conduit", "owned_opponent_powerhouse", ["C1R", "C2L", "C4L"]) == ["C1R"]
    assert keep(game, "conduit", "owned_opponent_powerhouse", ["C2L", "C4L"]) == ["C2L"]
    assert keep(game, "conduit", "opponent_owned_powerhouse", ["C1R", "C2L", "C4L"]) == ["C2L"]
    assert keep(game, "conduit", "opponent_owned_powerhouse", ["C1R", "C4L"]) == ["C1R"]


# ---------------------------------------------------------------- Powerhouse column

def test_powerhouse_feeding_own_dam_first_else_not_an_opponent_dam(game):
    put_dam(game, "B5L", AUTOMA)  # below P5
    put_dam(game, "B6U", HUMAN)  # below P6
    assert keep(game, "powerhouse", "feeding_owned_dam", ["P5_0", "P6_0", "P7_0"]) == ["P5_0"]
    assert keep(game, "powerhouse", "feeding_owned_dam", ["P6_0", "P7_0"]) == ["P7_0"]


def test_powerhouse_feeding_looks_only_at_the_first_dam_reached(game):
    put_dam(game, "B5U", HUMAN)  # water from P5 meets the opponent's B5U before the Automa's B5L
    put_dam(game, "B5L", AUTOMA)
    assert keep(game, "powerhouse", "feeding_owned_dam", ["P5_0", "P8_0"]) == ["P8_0"]


def test_powerhouse_not_feeding_opponent_dam_else_feeding_own(game):
    put_dam(game, "B5L", AUTOMA)
    put_dam(game, "B6U", HUMAN)
    assert keep(game, "powerhouse", "not_feeding_opponent_dam", ["P5_0", "P6_0", "P7_0"]) == ["P5_0", "P7_0"]
    assert keep(game, "powerhouse", "not_feeding_opponent_dam", ["P6_0"]) == []


def test_powerhouse_most_powerful_conduit_own_wins_ties(game):
    put_conduit(game, "C3L", AUTOMA)  # 4 -> basin 5
    put_conduit(game, "C2R", HUMAN)  # 5 -> basin 10
    assert keep(game, "powerhouse", "most_powerful_conduit", ["P5_0", "P10_0"]) == ["P10_0"]
    put_conduit(game, "C2L", AUTOMA)  # 3 -> basin 6
    put_conduit(game, "C4L", HUMAN)  # 3 -> basin 7
    assert keep(game, "powerhouse", "most_powerful_conduit", ["P6_0", "P7_0"]) == ["P6_0"]


def test_powerhouse_owned_dam_fed_from_a_basin_with_its_dam(game):
    put_dam(game, "B1L", AUTOMA)  # C1L -> basin 8, C1R -> basin 5
    assert keep(game, "powerhouse", "owned_dam", ["P5_0", "P6_0", "P8_0"]) == ["P5_0", "P8_0"]


def test_powerhouse_plains_and_hill_basins(game):
    spaces = ["P5_0", "P6_0", "P7_0", "P8_0", "P12_0"]
    assert keep(game, "powerhouse", "plains", spaces) == ["P8_0", "P12_0"]
    assert keep(game, "powerhouse", "hills_basin_6", spaces) == ["P6_0"]
    assert keep(game, "powerhouse", "hills_basin_7", spaces) == ["P7_0"]


# ---------------------------------------------------------------- the procedure

def test_criteria_apply_in_order_and_one_that_keeps_nothing_is_skipped(game):
    # Card 3 dam: most powerful conduit, owned powerhouse, downstream dam.
    put_powerhouse(game, "P5_0", AUTOMA)  # no built conduit: criterion 1 keeps nothing, skipped
    why = []
    kept = placement.apply_criteria(view(game, 3), "dam", ["B1L", "B2L", "B3L", "B4L"], why)
    assert kept == ["B1L", "B3L"] and why == [criteria.NAMES["owned_powerhouse"]]


def test_the_criteria_stop_as_soon_as_one_candidate_is_left(game):
    put_conduit(game, "C2R", HUMAN)
    why = []
    assert placement.apply_criteria(view(game, 3), "dam", ["B1L", "B2L"], why) == ["B2L"]
    assert len(why) == 1


def test_step_0_a_space_that_completes_a_system_comes_before_every_criterion(game):
    put_powerhouse(game, "P5_0", AUTOMA)
    put_conduit(game, "C3L", HUMAN)  # a built conduit from basin 3 to the Automa's powerhouse
    put_conduit(game, "C2R", HUMAN)  # criterion 1 of card 1 would want basin 2
    space, why = placement.choose(view(game, 1), "base", ["B2L", "B3L", "B4L", "B3U"])
    assert space == "B3L" and why[0] == "it completes a production system"


def test_step_0_for_a_conduit_and_a_powerhouse(game):
    put_dam(game, "B3L", NEUTRAL)
    put_powerhouse(game, "P5_0", AUTOMA)
    assert placement.completes_system(view(game, 1), "conduit", "C3L")  # neutral dam + own powerhouse
    assert not placement.completes_system(view(game, 1), "conduit", "C3R")  # leads to basin 6
    put_conduit(game, "C2L", HUMAN)
    put_dam(game, "B2L", AUTOMA)
    assert placement.completes_system(view(game, 1), "powerhouse", "P6_0")  # fed by C2L from its dam
    assert not placement.completes_system(view(game, 1), "powerhouse", "P7_0")


def test_an_elevation_never_uses_step_0(game):
    put_dam(game, "B1L", AUTOMA)
    put_dam(game, "B3L", AUTOMA)
    put_powerhouse(game, "P5_0", AUTOMA)
    put_conduit(game, "C1R", HUMAN)
    # card 6: most powerful conduit keeps basin 1 (C1R built) whatever step 0 would say
    assert placement.choose(view(game, 6), "elevation", ["B3L", "B1L"])[0] == "B1L"


def test_a_single_eligible_space_is_taken_at_once(game):
    assert placement.choose(view(game, 1), "base", ["B9U"]) == ("B9U", ["the only eligible space"])


# ---------------------------------------------------------------- the location-code walk (6.4)

def test_dam_walk_starts_at_the_card_code_and_wraps_round(game):
    v3 = view(game, 3)  # dam start 3
    assert placement.walk(v3, "base", ["B1L", "B4L", "B2U"]) == "B4L"
    assert placement.walk(v3, "base", ["B1L", "B2L"]) == "B1L"  # after 10 comes 1


def test_dam_walk_takes_the_lower_space_before_the_red_outlined_one(game):
    assert placement.walk(view(game, 3), "base", ["B4U", "B4L"]) == "B4L"


def test_conduit_walk_starts_at_the_card_code_and_wraps_round(game):
    v4 = view(game, 4)  # start 2B = C2R
    assert placement.walk(v4, "conduit", ["C1L", "C2L", "C3L"]) == "C3L"
    assert placement.walk(v4, "conduit", ["C1R", "C2L"]) == "C1R"


def test_conduit_walk_left_before_right_from_an_A_code_and_right_first_from_a_B_code(game):
    assert placement.walk(view(game, 9), "conduit", ["C5R", "C5L"]) == "C5L"  # start 5A
    assert placement.walk(view(game, 10), "conduit", ["C5L", "C5R"]) == "C5R"  # start 5B: C5L comes last


def test_powerhouse_walk_starts_at_the_card_code_and_wraps_round(game):
    assert placement.walk(view(game, 1), "powerhouse", ["P8_0", "P12_0"]) == "P8_0"  # start 5
    assert placement.walk(view(game, 8), "powerhouse", ["P5_0", "P8_0", "P12_0"]) == "P12_0"  # start 12
    assert placement.walk(view(game, 8), "powerhouse", ["P8_0", "P5_0"]) == "P5_0"  # 12, then 5


def test_powerhouses_are_one_per_basin_the_plain_space_with_the_lowest_index(game):
    assert placement.one_per_basin(Geography(components().map), ["P8_2", "P8_1", "P9_2"]) == ["P8_1", "P9_2"]
    space, _ = placement.choose(view(game, 1), "powerhouse", ["P8_2", "P8_1"])
    assert space == "P8_1"


def test_the_whole_procedure_on_the_worked_example_of_6_5(game):
    # Criteria card 9, a Conduit among C3L (4), C3R (3), C6L (4), C9R (3); the Automa has a Dam in basin 6.
    put_dam(game, "B6L", AUTOMA)
    assert placement.choose(view(game, 9), "conduit", ["C3L", "C3R", "C6L", "C9R"])[0] == "C6L"
    # Without it, and a neutral Dam in basin 3: criterion 1 keeps C3L, C3R; 2 is skipped; 3 keeps C3L.
    del game.state.dams["B6L"]
    put_dam(game, "B3L", NEUTRAL)
    assert placement.choose(view(game, 9), "conduit", ["C3L", "C3R", "C6L", "C9R"])[0] == "C3L"


def test_each_card_has_a_walk_through_every_space(game):
    for card in cards().values():
        assert len(placement.walk_order(card.criteria, "base", components().map)) == 20
        assert len(placement.walk_order(card.criteria, "conduit", components().map)) == 20
        assert len(placement.walk_order(card.criteria, "powerhouse", components().map)) == 23
