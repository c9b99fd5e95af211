"""The four difficulty levels (reference automa.md 2.4): Easy has no income and no production bonus; Medium
is the normal game without the company ability and tile effects; Hard adds both; Very Hard adds a chief
engineer (test_officers.py)."""

import pytest

from barrage_tui.rules import automa_levels
from barrage_tui.rules.components import components

from .helpers import (AUTOMA, automa_game, clear_map, decide, ops, put_conduit, put_dam, put_powerhouse, restart,
                      set_cards)


def position(level, company="italy"):
    g = automa_game(level=level, company=company, human=("usa", "wilhelm"))
    clear_map(g)
    return g


def test_the_levels_switch_exactly_the_documented_rules():
    lv = automa_levels.levels()
    flags = {k: (v.round_income, v.immediate_income, v.powerhouse_production_bonus, v.company_ability,
                 v.advanced_tile_effects, v.officer) for k, v in lv.items()}
    assert flags == {
        "easy": (False, False, False, False, False, False),
        "medium": (True, True, True, False, False, False),
        "hard": (True, True, True, True, True, False),
        "very_hard": (True, True, True, True, True, True),
    }


def start_of_round_2(game):
    st = game.state
    st.round, st.phase, st.turn_index = 2, "income", 0
    return restart(game)


@pytest.mark.parametrize("level, gain", [("easy", 0), ("medium", 3)])
def test_round_income_only_above_easy_credits_as_vp(level, gain):
    g = position(level)
    put_dam(g, "B1L", AUTOMA)
    put_dam(g, "B2L", AUTOMA)  # Italy's 2nd Base uncovered: 3 credits
    vp = g.state.companies[AUTOMA].vp
    g = start_of_round_2(g)
    if gain:
        assert g.prompt.kind == "automa" and g.prompt.choices[0].key == "income"
        g.choose(g.prompt.choices[0].key)
    a = g.state.companies[AUTOMA]
    assert a.vp == vp + gain and a.credits == 0
    assert g.prompt.kind != "automa" or g.state.phase == "actions"


def test_no_income_prompt_when_nothing_is_uncovered():
    g = start_of_round_2(position("medium"))
    assert g.state.phase == "actions"


@pytest.mark.parametrize("level, gain", [("easy", 0), ("medium", 3), ("hard", 3)])
def test_income_uncovered_by_a_construction_only_above_easy(level, gain):
    g = position(level)
    put_dam(g, "B1L", AUTOMA)
    set_cards(g, action=3, criteria=1)  # a Base: Italy's second
    a = g.state.companies[AUTOMA]
    vp = a.vp
    g.choose(decide(g).key)
    assert a.vp == vp + gain


def production_position(level, powerhouses):
    g = position(level)
    for ph in powerhouses:
        put_powerhouse(g, ph, AUTOMA)
    put_conduit(g, "C3L", AUTOMA)  # value 4 into basin 5
    put_dam(g, "B3L", AUTOMA, drops=2)
    g.state.private_display["green"] = [209, 213]
    set_cards(g, action=5, criteria=1)  # Production, no modifier, green
    return g


@pytest.mark.parametrize("level, energy", [("easy", 8), ("medium", 9), ("hard", 9)])
def test_the_powerhouse_production_bonus_only_above_easy(level, energy):
    g = production_position(level, ["P5_0", "P6_0"])  # 2 powerhouses: +1
    assert f"{energy} energy, B3L -> C3L -> P5_0" in decide(g).label


@pytest.mark.parametrize("level, extra", [("medium", 0), ("hard", 3), ("very_hard", 3)])
def test_the_company_ability_only_at_hard_and_above(level, extra):
    g = production_position(level, ["P5_0", "P6_0", "P7_0"])  # Italy's ability: +3 after a production
    g.choose(decide(g).key)
    assert g.state.companies[AUTOMA].energy == 8 + 1 + extra


@pytest.mark.parametrize("level, effects", [("medium", False), ("hard", True)])
def test_tile_effects_only_at_hard(level, effects):
    g = position(level)
    a = g.state.companies[AUTOMA]
    a.tiles = ["L1_CONDUIT"]  # after building: 2 x the conduit's value in credits (as VP)
    set_cards(g, action=11, criteria=13)  # Production, Contract Office (dashed), Conduit
    vp = a.vp
    choice = decide(g)
    g.choose(choice.key)
    (conduit,) = [c for c, o in g.state.conduits.items() if o == AUTOMA]
    value = components().map.conduits[conduit].production
    assert a.vp == vp + (2 * value if effects else 0), (conduit, choice.label)


@pytest.mark.parametrize("level, possible", [("medium", False), ("hard", True)])
def test_tile_cost_changes_only_at_hard(level, possible):
    g = position(level)
    a = g.state.companies[AUTOMA]
    a.tiles, a.excavators, a.machinery_gained = ["L2_CONDUIT"], 5, [5, 4]  # a 4+ conduit for 5 Excavators
    set_cards(g, action=12, criteria=1)  # Production, Contract Office, Conduit of value 4+
    choice = decide(g)
    assert ("build" in ops(choice)) == possible, choice.label


@pytest.mark.parametrize("level, engineers", [("medium", ["eng:company-1:2"]), ("hard", [])])
def test_an_engineer_free_tile_places_no_engineers_at_hard(level, engineers):
    g = position(level)
    g.state.companies[AUTOMA].tiles = ["L1_POWERHOUSE"]
    set_cards(g, action=15, criteria=1)  # Production, Powerhouse
    choice = decide(g)
    assert [op for op in ops(choice) if op.startswith("eng")] == engineers
    g.choose(choice.key)
    assert sum(1 for o in g.state.powerhouses.values() if o == AUTOMA) == 1


def test_a_base_with_joker_i_at_hard_takes_the_red_space_of_the_chosen_basin():
    for level, upper in (("medium", False), ("hard", True)):
        g = position(level)
        g.state.companies[AUTOMA].tiles = ["L1_JOKER"]
        set_cards(g, action=3, criteria=1)
        g.state.private_display["green"] = []
        g.choose(decide(g).key)
        (space,) = [s for s, d in g.state.dams.items() if d.owner == AUTOMA]
        assert space.endswith("U") == upper
