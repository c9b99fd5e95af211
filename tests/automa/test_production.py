"""The Production box (reference automa.md 5.1): its three conditions, the system it picks, the drops, and
the contract it fulfils - which need not be of the colour printed on the box."""

import pytest

from .helpers import (AUTOMA, HUMAN, NEUTRAL, automa_game, clear_map, decide, ops, put_conduit, put_dam,
                      put_powerhouse, set_cards)

CARD_5 = 5  # action side: Production (2 Engineers, no modifier, green), Water, Elevation, Conduit, ...


@pytest.fixture
def game():
    """The Automa (Italy) with a powerhouse in basin 5 and its conduit C3L (value 4) from basin 3."""
    g = automa_game()
    clear_map(g)
    st = g.state
    st.private_display = {"green": [209, 213], "yellow": [310, 311], "red": [406, 400]}
    st.national = [104]
    put_powerhouse(g, "P5_0", AUTOMA)
    put_conduit(g, "C3L", AUTOMA)
    set_cards(g, action=CARD_5, criteria=1)
    return g


def produce_op(choice):
    return next(i for i, op in enumerate(ops(choice)) if op.startswith("produce:"))


def test_it_produces_with_all_the_drops_and_places_its_engineers_on_the_first_turbine_space(game):
    put_dam(game, "B3L", AUTOMA, drops=2)
    choice = decide(game)
    assert ops(choice)[:3] == ["flip", "eng:turbine-b2:2", "produce:0"]
    game.choose(choice.key)
    st = game.state
    assert st.companies[AUTOMA].energy == 8 and st.dams["B3L"].drops == 0
    assert st.occupied["turbine-b2"] == AUTOMA and st.companies[AUTOMA].engineers == 10


def test_the_contract_fulfilled_is_the_highest_it_covers_of_any_colour(game):
    # The box is green; 8 energy covers red #400 (8), the highest face-up contract it covers.
    put_dam(game, "B3L", AUTOMA, drops=2)
    choice = decide(game)
    assert "=contract:400" in ops(choice)
    game.choose(choice.key)
    a = game.state.companies[AUTOMA]
    assert a.fulfilled == [400] and a.contracts == []
    assert 400 not in game.state.private_display["red"] and len(game.state.private_display["red"]) == 2  # refilled


def test_between_equal_values_the_rightmost_contract(game):
    game.state.private_display["green"] = [212, 213]  # both need 4
    put_dam(game, "B3L", AUTOMA, drops=1)  # 4 energy
    assert "=contract:213" in ops(decide(game))


def test_a_national_contract_may_be_fulfilled(game):
    put_powerhouse(game, "P10_0", AUTOMA)
    put_conduit(game, "C2R", AUTOMA)  # value 5 into basin 10
    put_dam(game, "B2L", AUTOMA, height=3, drops=3)  # 15 energy
    choice = decide(game)  # 3 x 5, +1 for its second powerhouse: 16
    assert "16 energy, B2L -> C2R -> P10_0" in choice.label and "=contract:104" in ops(choice)


def test_the_contract_test_uses_the_printed_colour(game):
    put_dam(game, "B3L", AUTOMA, drops=1)  # 4 energy: no yellow contract (5-7) is covered
    set_cards(game, action=7, criteria=1)  # Production: yellow; then the dashed Contract Office box
    choice = decide(game)
    assert not any(op.startswith("produce") for op in ops(choice))
    assert "its best production (4 energy) covers no face-up yellow contract" in choice.label
    assert ops(choice)[1:3] == ["eng:contract-o:1", "office:yellow"]  # the dashed box, and the walk goes on


def test_no_production_system_no_production(game):
    put_dam(game, "B3L", AUTOMA, drops=0)
    choice = decide(game)
    assert "Production (+0, green contract): skipped, no production system" in choice.label


def test_it_picks_the_system_giving_the_most_energy(game):
    put_conduit(game, "C1R", AUTOMA)  # value 4 from basin 1 to basin 5
    put_dam(game, "B1L", AUTOMA, drops=1)  # 4 energy
    put_dam(game, "B3L", AUTOMA, drops=2)  # 8 energy
    assert "=system:B3L:C3L:P5_0" in ops(decide(game))


def test_on_a_tie_a_neutral_dams_water_comes_first(game):
    put_conduit(game, "C1R", AUTOMA)
    put_dam(game, "B1L", AUTOMA, drops=2)  # 8 energy from its own dam
    put_dam(game, "B3L", NEUTRAL, height=2, drops=2)  # 8 energy from a neutral dam
    assert "=system:B3L:C3L:P5_0" in ops(decide(game))


@pytest.mark.parametrize("criteria, system", [(1, "B1L:C1R"), (3, "B3L:C3L")])
def test_a_remaining_tie_is_broken_by_the_conduit_criteria_and_location_code(game, criteria, system):
    # Card 1: conduit walk from 1A reaches C1R first; card 3: from 2A it reaches C3L first.
    put_conduit(game, "C1R", AUTOMA)
    put_dam(game, "B1L", AUTOMA, drops=2)
    put_dam(game, "B3L", AUTOMA, drops=2)
    set_cards(game, action=CARD_5, criteria=criteria)
    assert f"=system:{system}:P5_0" in ops(decide(game))


def test_leading_the_energy_track_in_the_rounds_section_blocks_the_box(game):
    put_dam(game, "B3L", AUTOMA, drops=2)
    game.state.companies[AUTOMA].energy = 6  # round 1: the section starts at 6
    choice = decide(game)
    assert "skipped, it leads the Energy track" in choice.label


def test_a_tie_for_the_lead_or_being_below_the_section_lets_it_produce(game):
    put_dam(game, "B3L", AUTOMA, drops=2)
    game.state.companies[AUTOMA].energy = 6
    game.state.companies[HUMAN].energy = 6  # a tie is not leading
    assert any(op.startswith("produce") for op in ops(decide(game)))


def test_below_the_section_it_produces_even_when_leading():
    g = automa_game()
    clear_map(g)
    put_powerhouse(g, "P5_0", AUTOMA)
    put_conduit(g, "C3L", AUTOMA)
    put_dam(g, "B3L", AUTOMA, drops=2)
    g.state.companies[AUTOMA].energy = 5
    set_cards(g, action=CARD_5, criteria=1)
    assert any(op.startswith("produce") for op in ops(decide(g)))


def test_using_another_companys_conduit_costs_vp_and_pays_its_owner(game):
    game.state.conduits["C3L"] = HUMAN  # the conduit is the human's
    game.state.companies[AUTOMA].pieces["conduit"] += 1
    game.state.companies[HUMAN].pieces["conduit"] -= 1
    put_dam(game, "B3L", AUTOMA, drops=2)
    a, h = game.state.companies[AUTOMA], game.state.companies[HUMAN]
    vp, hvp, hcredits = a.vp, h.vp, h.credits
    choice = decide(game)
    game.choose(choice.key)
    contract_vp = 4  # red #400's reward is 4 VP and a wheel turn of 3
    assert a.vp == vp - 2 + contract_vp and a.credits == 0
    assert (h.vp, h.credits) == (hvp + 2, hcredits + 2)


def test_an_automa_owning_the_conduit_scores_2_vp_per_drop():
    g = automa_game()
    clear_map(g)
    put_powerhouse(g, "P5_0", HUMAN)
    put_conduit(g, "C3L", AUTOMA)
    put_dam(g, "B3L", HUMAN, drops=2)
    a = g.state.companies[AUTOMA]
    before = a.vp
    from barrage_tui.rules.production import produce

    answers = {"production_drops": "drops:2", "contract": "skip"}
    gen = produce(g, HUMAN, 0)
    prompt = next(gen)
    with pytest.raises(StopIteration):
        while True:
            prompt = gen.send(answers[prompt.kind])
    assert a.vp == before + 4 and a.credits == 0  # 1 "credit" + 1 VP per drop, both as VP
    paid = next(e.text for e in g.events if e.kind == "payment")
    assert "2 credits" in paid and "gains 2 VP for its credits and 2 VP" in paid  # said in the Automa's terms
