"""A Very Hard Automa's chief engineer (reference automa.md section 10): the ability works through the rules
as for anyone, and the Automa decides with it by its own rules - for every chief engineer in the game."""

import pytest

from barrage_tui.rules.state import Segment

from .helpers import (AUTOMA, HUMAN, automa_game, clear_map, decide, ops, put_conduit, put_dam, put_powerhouse,
                      restart, set_cards)


def position(officer, level="very_hard", company="italy"):
    g = automa_game(level=level, company=company, officer=officer if level == "very_hard" else "",
                    human=("usa", "viktor" if officer != "viktor" else "jill"))
    clear_map(g)
    return g


def own_dams(g):
    return sorted(s for s, d in g.state.dams.items() if d.owner == AUTOMA)


def test_wilhelm_prefers_the_mountains_for_a_base_before_the_card_criteria():
    results = {}
    for level in ("medium", "very_hard"):
        g = position("wilhelm", level)
        set_cards(g, action=1, criteria=13)  # criteria 13: the red-outlined space, walk from basin 6
        g.choose(decide(g).key)
        results[level] = own_dams(g)
    assert results == {"medium": ["B6U"], "very_hard": ["B1U"]}


def test_graziano_builds_an_elevation_instead_of_the_cards_structure():
    for level, height, conduits in (("medium", 1, 1), ("very_hard", 2, 0)):
        g = position("graziano", level)
        put_dam(g, "B5L", AUTOMA)
        set_cards(g, action=9, criteria=1)  # Production, Water, Conduit 3+, Elevation
        choice = decide(g)
        g.choose(choice.key)
        assert g.state.dams["B5L"].height == height
        assert sum(1 for o in g.state.conduits.values() if o == AUTOMA) == conduits
        if level == "very_hard":
            assert "Elevation instead (chief engineer)" in choice.label


def test_viktor_produces_with_one_drop_through_a_conduit_of_value_2():
    for level, drops in (("medium", "=drops:2"), ("very_hard", "=drops:1")):
        g = position("viktor", level)
        put_powerhouse(g, "P7_0", AUTOMA)
        put_conduit(g, "C6R", AUTOMA)  # value 2, basin 6 -> basin 7
        put_dam(g, "B6L", AUTOMA, drops=2)
        g.state.private_display["green"] = [209, 213]  # 3 and 4
        set_cards(g, action=5, criteria=1)
        choice = decide(g)
        assert drops in ops(choice)
        g.choose(choice.key)
        assert g.state.companies[AUTOMA].energy == 4  # Viktor: 1 x 2 counts as 4


@pytest.mark.parametrize("supply, paid_with", [((6, 6), "mixers"), ((6, 3), "excavators")])
def test_jill_pays_a_conduit_with_mixers_while_she_has_as_many_mixers_as_excavators(supply, paid_with):
    g = position("jill")
    a = g.state.companies[AUTOMA]
    a.excavators, a.mixers = supply
    a.machinery_gained = list(supply)
    set_cards(g, action=10, criteria=15)  # Production, Water, Conduit
    g.choose(decide(g).key)
    (conduit,) = [c for c, o in g.state.conduits.items() if o == AUTOMA]
    spent = (supply[0] - a.excavators, supply[1] - a.mixers)
    assert (spent[1] > 0 and spent[0] == 0) == (paid_with == "mixers"), (conduit, spent)


def test_jill_takes_mixers_as_machinery_of_her_choice():
    g = position("jill")
    a = g.state.companies[AUTOMA]
    a.tiles = []
    a.excavators, a.mixers, a.machinery_gained = 3, 6, [3, 6]
    set_cards(g, action=1, criteria=1)  # ... Machinery Shop: 1 of its choice
    assert "machinery:0:1" in ops(decide(g))


@pytest.mark.parametrize("excavators, built", [(4, True), (3, False)])
def test_solomon_pays_3_vp_for_one_missing_machine_never_for_two(excavators, built):
    g = position("solomon")
    a = g.state.companies[AUTOMA]
    a.excavators, a.machinery_gained = excavators, [excavators, 4]
    set_cards(g, action=4, criteria=1)  # Production, Base in the mountains (5 Excavators)
    vp = a.vp
    choice = decide(g)
    g.choose(choice.key)
    assert bool(own_dams(g)) == built, choice.label
    if built:
        assert "=pay:4:0:3" in ops(choice) and a.vp == vp - 3


def test_anton_copies_the_highest_wheel_tile_only_when_no_tile_can_build():
    g = position("anton")
    a = g.state.companies[AUTOMA]
    a.tiles = ["anton"]
    a.wheel[2] = Segment(tiles=["base", "L2_BASE"])
    set_cards(g, action=3, criteria=1)
    assert "=tile:anton>L2_BASE" in ops(decide(g))
    a.tiles = ["anton", "base"]
    a.wheel[2] = Segment(tiles=["L2_BASE"])
    choice = decide(restart(g))
    assert "build" in ops(choice) and "anton" not in choice.key


@pytest.mark.parametrize("drops, fulfilled", [(3, {200, 205, 306}), (2, {205, 306})])
def test_simone_fulfils_as_many_contracts_as_the_energy_covers(drops, fulfilled):
    # The reference's worked example: face-up 2, 3, 6, 6, 9, 10; 12 energy: 2 + 3 + the right 6;
    # 9 energy: 3 + the right 6.
    g = position("simone")
    st = g.state
    st.private_display = {"green": [200, 205], "yellow": [305, 306], "red": [405, 411]}
    st.national = []
    if drops == 3:
        put_powerhouse(g, "P10_0", AUTOMA)
        put_conduit(g, "C5R", AUTOMA)  # 4 x 3 = 12
        put_dam(g, "B5L", AUTOMA, height=3, drops=3)
    else:
        put_powerhouse(g, "P6_0", AUTOMA)
        put_conduit(g, "C2L", AUTOMA)  # 3 x 3 = 9
        put_dam(g, "B2L", AUTOMA, height=3, drops=3)
    set_cards(g, action=5, criteria=1)
    g.choose(decide(g).key)
    assert set(st.companies[AUTOMA].fulfilled) == fulfilled


def test_tommaso_uses_the_architect_on_a_one_engineer_box_and_plays_again():
    g = position("tommaso")
    a = g.state.companies[AUTOMA]
    a.tiles = []
    assert a.architect and a.engineers == 11
    set_cards(g, action=1, criteria=1)  # Production, Water, Base, Elevation impossible; Machinery Shop (1)
    choice = decide(g)
    steps = ops(choice)
    assert steps.count("flip") == 2 and "eng:machinery-e:1:architect" in steps
    assert "The Architect gives another turn." in choice.label
    g.choose(choice.key)
    assert not a.architect


@pytest.mark.parametrize("officer, step", [("wilhelm", "eng:machinery-e:1:architect"),  # he has no Architect
                                            ("tommaso", "eng:workshop-r1bis:2:architect"),  # not alone
                                            ("tommaso", "eng:machinery-e:1:bogus")])  # no such way
def test_a_step_places_the_architect_only_as_the_rules_offer_it_to_a_person(officer, step):
    from barrage_tui.rules.automa_step import apply
    from barrage_tui.rules.engine.decisions import IllegalChoice

    g = position(officer)
    a = g.state.companies[AUTOMA]
    before = (a.engineers, a.architect, dict(g.state.occupied), dict(g.state.engineers_on))
    with pytest.raises(IllegalChoice, match="cannot place"):
        apply(g, AUTOMA, step)
    assert (a.engineers, a.architect, dict(g.state.occupied), dict(g.state.engineers_on)) == before
    g = position("tommaso")
    a = g.state.companies[AUTOMA]
    apply(g, AUTOMA, "eng:machinery-e:1:architect")
    assert (a.engineers, a.architect, g.state.occupied["machinery-e"]) == (11, False, AUTOMA)
    assert g.events[-1].text.endswith("to block it (its card says what it does) (the Architect alone: another turn "
                                      "follows).")


def test_mahiri_makes_each_humans_first_action_of_a_round_an_automa_turn():
    g = automa_game(level="very_hard", officer="mahiri")
    g.choose(decide(g).key)  # the Automa's own turn
    prompt = g.prompt
    assert prompt.kind == "automa" and prompt.seat == HUMAN
    human = g.state.companies[HUMAN]
    g.choose(prompt.choices[0].key)
    assert sum(n[HUMAN] for n in g.state.engineers_on.values()) + g.state.bank[HUMAN] >= 1
    assert human.credits >= 0
    g.choose(decide(g).key)  # the Automa again
    assert g.prompt.kind == "action" and g.prompt.seat == HUMAN  # the human's second action is their own


def test_below_very_hard_the_automa_has_no_chief_engineer():
    g = automa_game(level="hard")
    assert g.state.companies[AUTOMA].officer == "none"
