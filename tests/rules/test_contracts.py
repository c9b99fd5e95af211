"""Contracts (rulebook "Contract Office", "National Contracts"; base-game.md 9).

Hand limit 3 (Simone 4), discard down after taking; the Contract Office's 2-contract row takes exactly 2;
one contract per production (Simone: several); National contracts only through a production; France needs
3 less with production energy, National included; the display is refilled before the next placement;
energy from rewards never fulfils a contract.
"""

import pytest

from barrage_tui.rules import contracts, production

from .helpers import clear_map, drive, new_game, play, put_conduit, put_dam, put_powerhouse, restart

ME, THEM = 1, 0  # seat 1 plays first in round 1


def position(companies=("usa", "germany"), officers=("wilhelm", "jill"), hand=(), national=()):
    game = new_game(companies=companies, officers=officers)
    assert game.prompt.seat == ME
    clear_map(game)
    for c in game.state.companies:
        c.contracts = []
    st = game.state
    st.companies[ME].contracts = list(hand)
    st.national = list(national)
    for cid in hand:  # each tile exists once: take the hand out of the piles and the display
        for pile in list(st.private_piles.values()) + list(st.private_display.values()):
            if cid in pile:
                pile.remove(cid)
    contracts.refill(game)
    return game


def producer(game, value_drops=(5, 1)):
    """ME gets one system: own dam in zone 2 holding ``drops`` drops -> C2R (value 5) or C2L (value 3) -> own
    powerhouse. One powerhouse: no company-board bonus."""
    value, drops = value_drops
    conduit, end = {5: ("C2R", "P10_0"), 3: ("C2L", "P6_0")}[value]
    put_dam(game, "B2U", ME, height=3, drops=drops)
    put_conduit(game, conduit, ME)
    put_powerhouse(game, end, ME)


def everywhere(game) -> list[int]:
    st = game.state
    found = list(st.national) + [c for c in contracts.display(game)]
    found += [c for pile in st.private_piles.values() for c in pile]
    for c in st.companies:
        found += c.contracts + c.fulfilled
    return found


def contract_prompt_keys(game, seat, energy, production_energy=True):
    gen = contracts.fulfil(game, seat, energy, production=production_energy)
    try:
        prompt = next(gen)
    except StopIteration:
        return set()
    return set(prompt.keys()) - {"skip"}


# ---------------------------------------------------------------- the hand limit

def test_hand_limit_is_3_and_you_discard_down_after_taking():
    game = position(hand=(200, 201, 202))
    game = restart(game)
    shown = contracts.display(game)
    play(game, "place:contract-t", f"take:{shown[0]}", f"take:{shown[2]}")
    prompt = game.prompt
    assert prompt.kind == "discard_contract" and prompt.seat == ME
    assert set(prompt.keys()) == {f"discard:{c}" for c in (200, 201, 202, shown[0], shown[2])}
    play(game, "discard:200")
    assert game.prompt.kind == "discard_contract"  # still 4
    play(game, f"discard:{shown[0]}")  # a new one may be discarded too
    company = game.state.companies[ME]
    assert sorted(company.contracts) == sorted([201, 202, shown[2]])
    assert game.prompt.kind == "action" and game.prompt.seat == THEM


def test_discarded_contracts_leave_the_game():
    game = position(hand=(200, 201, 202))
    game = restart(game)
    shown = contracts.display(game)
    play(game, "place:contract-o", f"take:{shown[0]}", "discard:201")
    assert 201 not in everywhere(game)
    assert len(game.state.companies[ME].contracts) == 3


def test_fulfilled_contracts_do_not_count_toward_the_hand_limit():
    game = position(hand=(200, 201))
    game.state.companies[ME].fulfilled = [1, 2, 4]  # starting contracts, face down
    game = restart(game)
    shown = contracts.display(game)
    play(game, "place:contract-o", f"take:{shown[0]}")
    assert game.prompt.kind == "action" and game.prompt.seat == THEM  # no discard: 3 in hand
    assert len(game.state.companies[ME].contracts) == 3


def test_simone_hand_limit_is_4():
    game = position(officers=("wilhelm", "simone"), hand=(200, 201, 202))
    game = restart(game)
    shown = contracts.display(game)
    play(game, "place:contract-t", f"take:{shown[0]}", f"take:{shown[1]}")
    assert game.prompt.kind == "discard_contract"  # 5 in hand
    play(game, "discard:200")
    assert game.prompt.kind == "action" and game.prompt.seat == THEM
    assert len(game.state.companies[ME].contracts) == 4
    assert contracts.hand_limit(game.state.companies[ME]) == 4
    assert contracts.hand_limit(game.state.companies[THEM]) == 3


# ---------------------------------------------------------------- the Contract Office

def test_contract_office_two_contract_row_takes_exactly_2_and_costs_1_credit():
    game = position()
    game = restart(game)
    shown = contracts.display(game)
    play(game, "place:contract-t", f"take:{shown[0]}")
    prompt = game.prompt
    assert prompt.kind == "take_contract"  # the second one is not optional
    assert not any(k in prompt.keys() for k in ("skip", "done"))
    # The first tile taken is not replaced before the second choice.
    assert set(prompt.keys()) == {f"take:{c}" for c in shown[1:]}
    play(game, f"take:{shown[3]}")
    company = game.state.companies[ME]
    assert company.contracts == [shown[0], shown[3]]
    assert company.credits == 6 - 1


def test_two_contract_row_needs_two_contracts_on_display():
    game = position()
    st = game.state
    st.private_display = {"green": [200], "yellow": [], "red": []}
    st.private_piles = {"green": [], "yellow": [], "red": []}
    game = restart(game)
    keys = game.prompt.keys()
    assert "place:contract-t" not in keys and "place:contract-tbis" not in keys
    assert "place:contract-o" in keys


def test_national_contracts_cannot_be_taken_at_the_contract_office():
    game = position(national=(100, 101))
    game = restart(game)
    play(game, "place:contract-o")
    assert not {"take:100", "take:101"} & set(game.prompt.keys())


def test_display_is_refilled_before_the_next_placement():
    game = position()
    st = game.state
    game = restart(game)
    green = list(st.private_display["green"])
    top = st.private_piles["green"][-1]
    play(game, "place:contract-o", f"take:{green[0]}")
    assert game.prompt.kind == "action" and game.prompt.seat == THEM
    assert sorted(st.private_display["green"]) == sorted([green[1], top])
    assert top not in st.private_piles["green"]
    assert all(len(shown) == 2 for shown in st.private_display.values())


def test_an_exhausted_pile_leaves_a_gap():
    game = position()
    st = game.state
    st.private_piles["red"] = []
    game = restart(game)
    red = list(st.private_display["red"])
    play(game, "place:contract-o", f"take:{red[0]}")
    assert st.private_display["red"] == [red[1]]


# ---------------------------------------------------------------- fulfilling

def test_fulfilling_gives_the_reward_at_once_and_turns_the_contract_face_down():
    game = position(hand=(209,))  # 3 energy: 4 VP + 2 credits
    producer(game)
    company = game.state.companies[ME]
    drive(game, production.produce(game, ME, 0), ["contract:209"])
    assert company.vp == 10 + 4 and company.credits == 6 + 2
    assert company.contracts == [] and company.fulfilled == [209]


def test_one_contract_per_production():
    game = position(hand=(203, 205, 310))  # needs 2, 3, 7
    producer(game, (5, 2))  # 10 energy: enough for all three together
    _, prompts = drive(game, production.produce(game, ME, 0), ["drops:2", "contract:205"])
    assert set(prompts[1].keys()) == {"contract:203", "contract:205", "contract:310", "skip"}
    company = game.state.companies[ME]
    assert company.fulfilled == [205] and sorted(company.contracts) == [203, 310]


def test_a_contract_needs_the_energy_of_one_action_not_of_the_round():
    game = position(hand=(300,))  # needs 5
    producer(game, (3, 1))
    game.state.companies[ME].energy = 5  # earlier in the round
    _, prompts = drive(game, production.produce(game, ME, 0), [])  # 3 energy: no contract prompt
    assert game.state.companies[ME].energy == 8
    assert game.state.companies[ME].contracts == [300]


def test_you_may_fulfil_no_contract():
    game = position(hand=(209,))
    producer(game)
    drive(game, production.produce(game, ME, 0), ["skip"])
    assert game.state.companies[ME].contracts == [209]


def test_national_contract_is_fulfilled_by_a_production_and_not_replaced():
    game = position(national=(102, 104))  # 14 and 15
    producer(game, (5, 3))  # 15 energy
    _, prompts = drive(game, production.produce(game, ME, 0), ["drops:3", "contract:102"])
    assert set(prompts[1].keys()) == {"contract:102", "contract:104", "skip"}
    st = game.state
    assert st.national == [104]
    assert st.companies[ME].fulfilled == [102]
    assert st.companies[ME].vp == 10 + 8 and st.companies[ME].credits == 6 + 8


def test_national_contracts_only_through_a_production():
    """Energy that is not a production (L2 Base, L3 Conduit) fulfils one hand contract only."""
    game = position(hand=(200,), national=(100, 101))
    assert contract_prompt_keys(game, ME, 20, production_energy=False) == {"contract:200"}
    assert contract_prompt_keys(game, ME, 20, production_energy=True) == {"contract:200", "contract:100",
                                                                         "contract:101"}


# ---------------------------------------------------------------- France and Simone

def france(powerhouses, hand=(), national=()):
    game = position(companies=("usa", "france"), officers=("wilhelm", "jill"), hand=hand, national=national)
    for space in ("P5_0", "P6_0", "P7_0")[:powerhouses]:
        put_powerhouse(game, space, ME)
    return game


def test_france_needs_3_less_energy_for_contracts_national_included():
    game = france(3, hand=(411, 412), national=(102, 104))  # 10, 10 | 14, 15
    assert contract_prompt_keys(game, ME, 7) == {"contract:411", "contract:412"}
    assert contract_prompt_keys(game, ME, 11) == {"contract:411", "contract:412", "contract:102"}
    assert contract_prompt_keys(game, ME, 6) == set()


def test_france_reduction_needs_the_ability():
    game = france(2, hand=(411,), national=(102,))
    assert contract_prompt_keys(game, ME, 7) == set()
    assert contract_prompt_keys(game, ME, 11) == {"contract:411"}


def test_france_reduction_is_not_for_energy_that_is_not_a_production():
    game = france(3, hand=(411,))
    assert contract_prompt_keys(game, ME, 7, production_energy=False) == set()
    assert contract_prompt_keys(game, ME, 10, production_energy=False) == {"contract:411"}


def test_simone_may_fulfil_several_contracts_whose_needs_add_up_to_the_energy():
    game = position(officers=("wilhelm", "simone"), hand=(203, 205, 310), national=(100,))  # 2, 3, 7 | 13
    producer(game, (3, 3))  # 9 energy
    _, prompts = drive(game, production.produce(game, ME, 0), ["drops:3", "contract:203", "contract:205"])
    assert set(prompts[1].keys()) == {"contract:203", "contract:205", "contract:310", "skip"}
    assert set(prompts[2].keys()) == {"contract:205", "contract:310", "skip"}  # 9 - 2 = 7 left
    # 9 - 2 - 3 = 4 left: 310 (7) no longer fits, so no third prompt.
    company = game.state.companies[ME]
    assert sorted(company.fulfilled) == [203, 205] and company.contracts == [310]


def test_simone_several_contracts_only_with_a_production():
    game = position(officers=("wilhelm", "simone"), hand=(200, 201))  # 2 and 2
    gen = contracts.fulfil(game, ME, 10, production=False)
    _, prompts = drive(game, gen, ["contract:200"])
    assert len(prompts) == 1
    assert game.state.companies[ME].contracts == [201]


# ---------------------------------------------------------------- energy that is not production

def test_energy_from_a_contract_reward_never_fulfils_a_contract():
    """Simone produces 2, fulfils #203 (2 VP + 3 energy): the 3 energy do not pay for #206 (needs 3)."""
    game = position(officers=("wilhelm", "simone"), hand=(203, 206))
    put_dam(game, "B8U", ME, drops=1)
    put_conduit(game, "C8R", ME)  # value 2, zone 8 -> zone 9
    put_powerhouse(game, "P9_0", ME)
    _, prompts = drive(game, production.produce(game, ME, 0), ["contract:203"])
    assert len(prompts) == 1
    assert game.state.companies[ME].energy == 2 + 3
    assert game.state.companies[ME].contracts == [206]


def test_energy_from_income_never_fulfils_a_contract():
    """Italy's 4th Elevation income is 4 energy; it moves the marker in the Income phase and no more."""
    game = position(companies=("italy", "usa"), officers=("wilhelm", "jill"))
    st = game.state
    italy = st.companies[0]
    italy.contracts = [3]  # needs 2
    put_dam(game, "B1U", 0, height=3)
    put_dam(game, "B2U", 0, height=3)  # 4 Elevations built
    st.round, st.phase, st.turn_index = 2, "income", 0
    game = restart(game)
    assert game.prompt.kind == "action"
    assert italy.energy == 4
    assert italy.contracts == [3] and italy.fulfilled == []


# ---------------------------------------------------------------- rewards

def test_waiting_drops_of_a_reward_are_optional_and_wait_on_the_headstreams():
    game = position(hand=(204,))  # 3 credits, 2 waiting drops
    _, prompts = drive(game, contracts.fulfil(game, ME, 2, production=True),
                       ["contract:204", "headstream:HA", "done"])
    assert "done" in prompts[1].keys()  # even the first drop may be left out
    st = game.state
    assert st.headstream_drops["HA"] == 1
    assert st.companies[ME].credits == 6 + 3


def test_flowing_drop_of_a_reward_flows_at_once():
    game = position(hand=(207,))  # 4 credits, 1 flowing drop
    put_dam(game, "B4L", THEM)
    drive(game, contracts.fulfil(game, ME, 3, production=True), ["contract:207", "headstream:HD"])
    assert game.state.headstream_drops["HD"] == 0
    assert game.state.dams["B4L"].drops == 1


def test_reward_plain_gains_first_then_the_rest_in_printed_order():
    """#303: 2 VP, 1 flowing drop, turn the wheel 2. The VP are there when the drop is placed; the wheel
    turns after the drop."""
    game = position(hand=(303,))
    company = game.state.companies[ME]
    gen = contracts.fulfil(game, ME, 5, production=True)
    next(gen)
    prompt = gen.send("contract:303")
    assert prompt.kind == "headstream_drop"
    assert company.vp == 10 + 2 and company.wheel_open == 0
    with pytest.raises(StopIteration):
        gen.send("headstream:HA")
    assert company.wheel_open == 2
