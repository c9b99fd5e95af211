"""Action spaces (rulebook "Actions phase"; reference base-game.md sections 5 and 6)."""

import pytest

from barrage_tui.rules import actions
from barrage_tui.rules.components import components
from barrage_tui.rules.state import DamState, Segment

from .helpers import at_turn, clear_map, keys_with, new_game, play, put_drops, restart

FOUR = dict(companies=("usa", "germany", "italy", "france"), officers=("wilhelm", "jill", "solomon", "graziano"))

EVERY_COUNT = {
    "turbine-b2", "turbine-b2c", "turbine-0", "turbine-0c", "turbine-m2", "turbine-m2bis",
    "water-p2", "water-p2c", "water-d1", "water-d1c",
    "workshop-r1", "workshop-r1bis", "workshop-r3", "workshop-r3c",
    "machinery-e", "machinery-ec", "machinery-b", "machinery-bc",
    "contract-o", "contract-oc", "contract-t", "contract-tbis",
    "bank-b", "patent-p1", "patent-p2", "patent-p3",
}
THREE_UP = {"turbine-m1", "turbine-m1c", "workshop-r2", "workshop-r2c"}
FOUR_ONLY = {"turbine-b1", "turbine-b1c", "machinery-a", "machinery-abis", "contract-ob", "contract-obc"}

# space: (Engineers, red-outline fee + the action's own credits), reference section 6
COSTS = {
    "turbine-b2": (2, 0), "turbine-b2c": (3, 3), "turbine-b1": (2, 0), "turbine-b1c": (3, 3),
    "turbine-0": (2, 0), "turbine-0c": (3, 3), "turbine-m1": (2, 0), "turbine-m1c": (3, 3),
    "turbine-m2": (1, 0), "turbine-m2bis": (2, 0),
    "water-p2": (1, 0), "water-p2c": (2, 3), "water-d1": (1, 0), "water-d1c": (2, 3),
    "workshop-r1": (1, 0), "workshop-r1bis": (2, 0), "workshop-r2": (2, 2), "workshop-r2c": (3, 5),
    "workshop-r3": (2, 5), "workshop-r3c": (3, 8),
    "machinery-e": (1, 2), "machinery-ec": (1, 5), "machinery-a": (1, 4), "machinery-abis": (2, 4),
    "machinery-b": (2, 5), "machinery-bc": (3, 8),
    "contract-o": (1, 0), "contract-oc": (1, 3), "contract-ob": (1, 0), "contract-obc": (1, 3),
    "contract-t": (2, 1), "contract-tbis": (3, 1),
    "patent-p1": (2, 5), "patent-p2": (2, 5), "patent-p3": (2, 5),
}


def production_system(game, seat, drops=2):
    """Own dam B5U with water, own conduit C5R (value 4), own powerhouse P10_0."""
    st = game.state
    clear_map(game)
    st.dams["B5U"] = DamState(owner=seat, height=2)
    put_drops(game, "B5U", drops)
    st.conduits["C5R"] = seat
    st.powerhouses["P10_0"] = seat
    for c in st.companies:
        c.contracts = []
    st.national = []


def rich(game, seat, credits=30):
    game.state.companies[seat].credits = credits
    return restart(game)


# ---------------------------------------------------------------- which spaces exist

@pytest.mark.parametrize("n, expected", [(1, EVERY_COUNT), (2, EVERY_COUNT), (3, EVERY_COUNT | THREE_UP),
                                         (4, EVERY_COUNT | THREE_UP | FOUR_ONLY)])
def test_action_spaces_by_number_of_companies(n, expected):
    # Rule (section 6): Turbine +1, Machinery "1 of either" and Contract row 2 need 4 companies;
    # Turbine -1 and Workshop "pay 2, turn 2" need 3.
    companies = ("usa", "germany", "italy", "france")[:n]
    officers = ("wilhelm", "jill", "solomon", "graziano")[:n]
    game = new_game(companies=companies, officers=officers)
    exist = {s.id for s in components().spaces.values() if actions.space_exists(game, s)}
    assert exist == expected


@pytest.mark.parametrize("n, present, absent", [
    (2, set(), THREE_UP | FOUR_ONLY),
    (3, {"workshop-r2", "workshop-r2c"}, FOUR_ONLY),
    (4, {"workshop-r2", "workshop-r2c", "machinery-a", "machinery-abis", "contract-ob", "contract-obc"}, set()),
])
def test_spaces_missing_at_a_count_are_never_offered(n, present, absent):
    companies = ("usa", "germany", "italy", "france")[:n]
    game = new_game(companies=companies, officers=("wilhelm", "jill", "solomon", "graziano")[:n])
    game = rich(game, game.prompt.seat)
    offered = {k.split(":")[1] for k in keys_with(game, "place:")}
    assert present <= offered
    assert not absent & offered


# ---------------------------------------------------------------- Engineers and credits taken

@pytest.mark.parametrize("space", sorted(COSTS))
def test_each_space_takes_its_engineers_and_credits(space):
    # Rule: a space takes exactly its printed Engineers; a red outline costs 3 credits on top of the
    # action's own cost.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    production_system(game, seat)
    game = rich(game, seat)
    c = game.state.companies[seat]
    assert f"place:{space}" in game.prompt.keys()
    engineers, credits = c.engineers, c.credits
    game.choose(f"place:{space}")
    need, pay = COSTS[space]
    assert (engineers - c.engineers, credits - c.credits) == (need, pay)
    assert game.state.occupied[space] == seat
    assert game.state.engineers_on[space][seat] == need


def test_the_data_agrees_with_the_printed_board():
    spaces = components().spaces
    for sid, (need, pay) in COSTS.items():
        s = spaces[sid]
        assert (s.engineers, s.extra_credits + s.cost_credits) == (need, pay), sid
        assert s.extra_credits in (0, 3)
    assert components().construction_spaces == ((1, 0), (2, 0), (3, 0), (3, 3))


@pytest.mark.parametrize("space, need", [
    ("workshop-r3c", 8), ("machinery-ec", 5), ("machinery-b", 5), ("machinery-bc", 8), ("contract-t", 1),
    ("contract-oc", 3), ("water-p2c", 3), ("patent-p1", 5), ("workshop-r2", 2), ("machinery-a", 4),
])
def test_a_space_is_offered_only_if_everything_can_be_paid(space, need):
    # Rule: you may only place if you can pay the red fee and the action's cost.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    game = rich(game, seat, need - 1)
    assert f"place:{space}" not in game.prompt.keys()
    game = rich(game, seat, need)
    assert f"place:{space}" in game.prompt.keys()


def test_a_space_the_company_cannot_pay_for_is_listed_with_why():
    game = new_game(**FOUR)
    seat = game.prompt.seat
    game = rich(game, seat, 4)
    why = dict(game.prompt.data["unavailable"])
    machinery_b = actions.space_short(components().spaces["machinery-b"])
    assert why[machinery_b] == "needs 5 credits, you have 4"
    assert actions.space_short(components().spaces["machinery-a"]) not in why  # 4 credits: offered


def test_the_fourth_construction_space_without_its_credits_is_listed_with_why():
    game = new_game(**FOUR)
    seat = game.prompt.seat
    game.state.companies[seat].construction_used = 3  # the next is the fourth: 3 Engineers and 3 credits
    game = rich(game, seat, 2)
    why = dict(game.prompt.data["unavailable"])
    assert why["Construction (company space 4: 3E, 3cr)"] == "needs 3 credits, you have 2"


def test_a_space_needs_its_engineers_in_the_supply():
    # Rule: a space takes exactly its number of Engineers.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    production_system(game, seat)
    game.state.companies[seat].engineers = 1
    game = rich(game, seat)
    offered = {k.split(":")[1] for k in keys_with(game, "place:")}
    one = {sid for sid, (need, _) in COSTS.items() if need == 1}
    assert offered == one | {"construct", "bank-b"}
    game.state.companies[seat].engineers = 2
    game = restart(game)
    offered = {k.split(":")[1] for k in keys_with(game, "place:")}
    assert offered == {sid for sid, (need, _) in COSTS.items() if need <= 2} | {"construct", "bank-b"}


# ---------------------------------------------------------------- the action must be possible

def test_no_production_space_without_a_production():
    # Rule: a production space needs a production of at least 1 Energy.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    clear_map(game)
    game = rich(game, seat)
    assert not keys_with(game, "place:turbine")


def test_production_spaces_whose_malus_leaves_no_energy_are_not_offered():
    # Rule: the Energy (after the row's bonus/malus) must be at least 1.
    game = new_game(**FOUR)
    seat = 0  # USA with Wilhelm (no production minimum)
    clear_map(game)
    st = game.state
    st.dams["B9U"] = DamState(owner=seat, height=1)
    put_drops(game, "B9U", 1)
    st.conduits["C9L"] = seat  # value 1
    st.powerhouses["P11_0"] = seat
    game = at_turn(game, seat)
    game = rich(game, seat)
    turbines = {k.split(":")[1] for k in keys_with(game, "place:turbine")}
    assert turbines == {"turbine-b2", "turbine-b2c", "turbine-b1", "turbine-b1c", "turbine-0", "turbine-0c"}


def test_the_red_fee_is_deducted_before_checking_the_action():
    # Rule: the red fee is paid first; with an opponent's conduit you then need 1 credit per drop.
    game = new_game(**FOUR)
    seat, other = 0, 1
    clear_map(game)
    st = game.state
    st.dams["B5U"] = DamState(owner=seat, height=1)
    put_drops(game, "B5U", 1)
    st.conduits["C5R"] = other
    st.powerhouses["P10_0"] = seat
    game = at_turn(game, seat)
    game = rich(game, seat, 3)
    assert "place:turbine-0" in game.prompt.keys()
    assert "place:turbine-0c" not in game.prompt.keys()  # 3 credits fee leaves 0 for the conduit
    game = rich(game, seat, 4)
    assert "place:turbine-0c" in game.prompt.keys()


def test_taking_two_contracts_needs_two_in_the_display():
    # Rule: "take 2" means exactly 2.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    st = game.state
    st.private_display = {"green": [200], "yellow": [], "red": []}
    st.private_piles = {"green": [], "yellow": [], "red": []}
    game = rich(game, seat)
    assert "place:contract-o" in game.prompt.keys()
    assert "place:contract-t" not in game.prompt.keys()
    assert "place:contract-tbis" not in game.prompt.keys()


def test_an_empty_patent_slot_is_not_offered():
    game = new_game(**FOUR)
    seat = game.prompt.seat
    game.state.patent_offer[1] = ""
    game = rich(game, seat)
    assert {"place:patent-p1", "place:patent-p3"} <= set(game.prompt.keys())
    assert "place:patent-p2" not in game.prompt.keys()


# ---------------------------------------------------------------- passing

def test_no_pass_while_engineers_are_left():
    # Rule: a pass is only allowed with no Engineers left (the Bank is always there).
    game = new_game(**FOUR)
    assert "pass" not in game.prompt.keys()
    game.state.companies[game.prompt.seat].engineers = 1
    game.state.companies[game.prompt.seat].credits = 0
    game = restart(game)
    assert "pass" not in game.prompt.keys() and "place:bank-b" in game.prompt.keys()


def test_with_no_engineers_and_nothing_engineer_free_the_company_passes():
    game = new_game(**FOUR)
    seat = game.prompt.seat
    game.state.companies[seat].engineers = 0
    game = restart(game)
    assert game.state.companies[seat].passed
    assert game.prompt.seat != seat


def test_with_no_engineers_an_engineer_free_tile_still_gives_turns():
    # Rule: with no Engineers you may still build with an engineer-free tile, or pass.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    c = game.state.companies[seat]
    c.engineers = 0
    c.tiles.append("L1_POWERHOUSE")
    game = restart(game)
    assert sorted(game.prompt.keys()) == ["build-free", "pass"]
    game.choose("pass")
    assert c.passed and game.prompt.seat != seat


def test_a_passed_company_gets_no_more_turns_this_round():
    game = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"))
    st = game.state
    st.companies[1].engineers = 0
    st.companies[1].tiles.append("L1_POWERHOUSE")
    game = at_turn(game, 1)
    game.choose("pass")
    for _ in range(5):
        assert game.prompt.seat == 0
        play(game, "place:bank-b", "engineers:1")


# ---------------------------------------------------------------- exclusive spaces and the Bank

def test_an_exclusive_space_holds_one_company_for_the_round():
    game = new_game(**FOUR)
    first = game.prompt.seat
    game.choose("place:workshop-r1")
    assert game.prompt.seat != first
    assert "place:workshop-r1" not in game.prompt.keys()
    assert "place:workshop-r1bis" in game.prompt.keys()


def test_a_company_may_use_both_spaces_of_a_row():
    game = new_game()
    first = game.prompt.seat
    game.choose("place:workshop-r1")
    play(game, "place:bank-b", "engineers:1")
    assert game.prompt.seat == first
    assert "place:workshop-r1bis" in game.prompt.keys()


def test_the_bank_is_open_to_everyone_and_pays_one_credit_per_engineer():
    # Rule: the Bank takes any number of Engineers (at least 1), 1 credit each; it is not exclusive.
    game = new_game()
    a = game.prompt.seat
    ca = game.state.companies[a]
    game.choose("place:bank-b")
    assert game.prompt.kind == "bank"
    assert game.prompt.keys() == tuple(f"engineers:{n}" for n in range(1, 13))
    game.choose("engineers:3")
    assert (ca.engineers, ca.credits) == (9, 9)
    b = game.prompt.seat
    assert b != a and "place:bank-b" in game.prompt.keys()
    play(game, "place:bank-b", "engineers:2")
    assert game.state.companies[b].credits == 8
    assert "place:bank-b" in game.prompt.keys()  # again, for the first company
    play(game, "place:bank-b", "engineers:1")
    assert (ca.engineers, ca.credits) == (8, 10)
    assert game.state.bank[a] == 4 and game.state.bank[b] == 2
    assert "bank-b" not in game.state.occupied


# ---------------------------------------------------------------- what the spaces do

def _wheel_with_loot(company):
    company.wheel = [Segment() for _ in range(6)]
    company.wheel_open = 0
    company.wheel[1] = Segment(["base"], excavators=2)
    company.wheel[2] = Segment(["conduit"], mixers=1)
    company.wheel[3] = Segment(["powerhouse"], excavators=1, mixers=1)
    for t in ("base", "conduit", "powerhouse"):
        company.tiles.remove(t)
    company.machinery_gained[0] += 3
    company.machinery_gained[1] += 2


@pytest.mark.parametrize("space, turns, back", [
    ("workshop-r1", 1, ["base"]), ("workshop-r1bis", 1, ["base"]),
    ("workshop-r2", 2, ["base", "conduit"]), ("workshop-r3", 3, ["base", "conduit", "powerhouse"]),
])
def test_the_workshop_turns_the_wheel_and_returns_what_it_opens(space, turns, back):
    # Rule: each single-segment turn opens the next segment; you take back what it holds.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    c = game.state.companies[seat]
    _wheel_with_loot(c)
    game = rich(game, seat, 10)
    exc, mix = c.excavators, c.mixers
    game.choose(f"place:{space}")
    assert c.wheel_open == turns
    assert [t for t in c.tiles if t in ("base", "conduit", "powerhouse")] == back
    got = {1: (2, 0), 2: (2, 1), 3: (3, 2)}[turns]
    assert (c.excavators - exc, c.mixers - mix) == got
    assert all(seg.is_empty() for seg in c.wheel[1:turns + 1])


@pytest.mark.parametrize("space, gained", [
    ("machinery-e", (1, 0)), ("machinery-ec", (1, 0)), ("machinery-b", (1, 1)), ("machinery-bc", (1, 1)),
])
def test_the_machinery_shop_sells_what_it_shows(space, gained):
    game = new_game(**FOUR)
    seat = game.prompt.seat
    c = game.state.companies[seat]
    game = rich(game, seat, 10)
    exc, mix = c.excavators, c.mixers
    game.choose(f"place:{space}")
    assert (c.excavators - exc, c.mixers - mix) == gained


@pytest.mark.parametrize("key, gained", [("machinery:1:0", (1, 0)), ("machinery:0:1", (0, 1))])
def test_the_machinery_shop_either_space_gives_one_of_your_choice(key, gained):
    game = new_game(**FOUR)
    seat = game.prompt.seat
    c = game.state.companies[seat]
    game = rich(game, seat, 10)
    exc, mix = c.excavators, c.mixers
    game.choose("place:machinery-a")
    assert sorted(game.prompt.keys()) == ["machinery:0:1", "machinery:1:0"]
    game.choose(key)
    assert (c.excavators - exc, c.mixers - mix) == gained and c.credits == 6


def test_water_management_places_up_to_two_waiting_drops():
    # Rule: up to 2 drops on headstreams (same or different); they wait for the Water Flow phase.
    game = new_game(**FOUR)
    st = game.state
    before = dict(st.headstream_drops)
    game.choose("place:water-p2")
    assert "done" not in game.prompt.keys()  # at least one drop
    game.choose("headstream:HA")
    assert "done" in game.prompt.keys()
    game.choose("headstream:HA")
    assert game.prompt.kind == "action"
    assert st.headstream_drops["HA"] == before["HA"] + 2


def test_water_management_may_stop_after_one_drop():
    game = new_game(**FOUR)
    st = game.state
    before = dict(st.headstream_drops)
    play(game, "place:water-p2", "headstream:HC", "done")
    assert st.headstream_drops["HC"] == before["HC"] + 1
    assert sum(st.headstream_drops.values()) == sum(before.values()) + 1


def test_water_management_flowing_drop_flows_at_once():
    # Rule: 1 drop on a headstream; it flows at once.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    clear_map(game)
    game.state.dams["B1L"] = DamState(owner=seat, height=1)
    game = restart(game)
    play(game, "place:water-d1", "headstream:HA")
    assert game.state.dams["B1L"].drops == 1
    assert game.state.headstream_drops["HA"] == 0


def test_the_patent_office_sells_the_tile_of_its_slot():
    # Rule: 2 Engineers + 5 credits; the tile goes into your supply, usable at once.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    st = game.state
    c = st.companies[seat]
    tile = st.patent_offer[1]
    game = rich(game, seat, 7)
    game.choose("place:patent-p2")
    assert tile in c.tiles and st.patent_offer[1] == "" and c.credits == 2
    assert st.patent_offer[0] and st.patent_offer[2]


def test_the_contract_office_takes_one_face_up_contract_and_the_display_refills():
    # Rule: take 1 face-up private contract; the display is topped up to 2 before the next placement.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    st = game.state
    c = st.companies[seat]
    shown = st.private_display["yellow"][0]
    top = st.private_piles["yellow"][-1]
    game.choose("place:contract-o")
    assert game.prompt.kind == "take_contract"
    assert len(game.prompt.keys()) == 6
    game.choose(f"take:{shown}")
    assert shown in c.contracts and len(c.contracts) == 2
    assert shown not in st.private_display["yellow"]
    assert top in st.private_display["yellow"] and len(st.private_display["yellow"]) == 2
    assert game.prompt.kind == "action" and game.prompt.seat != seat


def test_the_contract_office_take_two_costs_one_credit_and_takes_exactly_two():
    game = new_game(**FOUR)
    seat = game.prompt.seat
    st = game.state
    c = st.companies[seat]
    green = st.private_display["green"]
    a, b = green
    game.choose("place:contract-t")
    game.choose(f"take:{a}")
    assert game.prompt.kind == "take_contract"  # a second one must be taken
    game.choose(f"take:{b}")
    assert {a, b} <= set(c.contracts) and len(c.contracts) == 3
    assert c.credits == 5


def test_the_contract_office_discards_down_to_the_hand_limit():
    # Rule: after taking, discard down to 3 (your choice, new ones included); discarded tiles leave the game.
    game = new_game(**FOUR)
    seat = game.prompt.seat
    st = game.state
    c = st.companies[seat]
    c.contracts = [1, 205]
    game = restart(game)
    a, b = st.private_display["red"]
    play(game, "place:contract-t", f"take:{a}", f"take:{b}")
    assert game.prompt.kind == "discard_contract"
    assert sorted(game.prompt.keys()) == sorted(f"discard:{x}" for x in (1, 205, a, b))
    game.choose(f"discard:{a}")
    assert sorted(c.contracts) == sorted([1, 205, b])
    everywhere = [x for v in st.private_display.values() for x in v] + \
                 [x for v in st.private_piles.values() for x in v]
    assert a not in everywhere


def test_a_chief_engineers_space_without_its_credits_is_listed_with_why():
    # Mahiri Sekibo's second space asks 3 credits (officers.toml); with 2 it is shown, not offered.
    game = new_game(companies=("usa", "germany"), officers=("mahiri", "jill"))
    seat = next(c.seat for c in game.state.companies if c.officer == "mahiri")
    game.state.companies[seat].credits = 2
    game = at_turn(game, seat)
    why = dict(game.prompt.data["unavailable"])
    assert [w for label, w in why.items() if "Mahiri Sekibo's space 2" in label] == ["needs 3 credits, you have 2"]
    assert not any("space 1" in label for label in why)  # no credits asked: offered
