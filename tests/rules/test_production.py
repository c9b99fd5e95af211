"""Production (rulebook "Turbine Station"; base-game.md 8).

A system is a dam holding water (your own or neutral, never an opponent's), a built conduit (anyone's)
starting in that dam's zone, and your own powerhouse where that conduit ends. Energy = drops x conduit
value (Viktor: at least 4), then the action's bonus once and the company-board bonus; it must be at
least 1. The drops flow on from the powerhouse's zone; an opponent's conduit costs 1 credit per drop,
paid to its owner, who also scores 1 VP per drop.
"""

import pytest

from barrage_tui.rules import production
from barrage_tui.rules.state import NEUTRAL

from .helpers import clear_map, drive, new_game, play, put_conduit, put_dam, put_powerhouse, restart

ME, THEM = 1, 0  # seat 1 plays first in round 1 (the first to pick plays last)


def position(companies=("usa", "germany"), officers=("wilhelm", "jill")):
    """An empty map, no contracts anywhere (so no contract prompt follows a production)."""
    game = new_game(companies=companies, officers=officers)
    assert game.prompt.seat == ME
    clear_map(game)
    for c in game.state.companies:
        c.contracts = []
    game.state.national = []
    return game


def system_keys(game, seat=ME, bonus=0):
    return {s.key for s in production.systems(game, seat, bonus)}


def produce(game, keys, seat=ME, bonus=0):
    """Run one production of ``seat``; returns the energy it gained."""
    before = game.state.companies[seat].energy
    drive(game, production.produce(game, seat, bonus), keys)
    return game.state.companies[seat].energy - before


# ---------------------------------------------------------------- what makes a system

def test_system_is_own_dam_conduit_of_its_zone_and_own_powerhouse_at_the_conduits_end():
    game = position()
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", ME)  # zone 5 -> zone 10
    put_powerhouse(game, "P10_0", ME)
    assert system_keys(game) == {"system:B5U:C5R:P10_0"}


def test_neutral_dam_may_be_used_and_its_water_is_free():
    game = position()
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    assert system_keys(game) == {"system:B5L:C5R:P10_0"}
    credits = [c.credits for c in game.state.companies]
    vp = [c.vp for c in game.state.companies]
    assert produce(game, ["drops:2"]) == 8
    assert [c.credits for c in game.state.companies] == credits
    assert [c.vp for c in game.state.companies] == vp


def test_an_opponents_dam_is_never_used():
    game = position()
    put_dam(game, "B5U", THEM, drops=1)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    assert system_keys(game) == set()
    game = restart(game)
    assert not any(k.startswith("place:turbine") for k in game.prompt.keys())


def test_an_opponents_conduit_may_be_used():
    game = position()
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", THEM)
    put_powerhouse(game, "P10_0", ME)
    assert system_keys(game) == {"system:B5U:C5R:P10_0"}


def test_the_powerhouse_must_be_your_own():
    game = position()
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", THEM)
    assert system_keys(game) == set()


def test_the_powerhouse_must_be_where_the_conduit_ends():
    game = position()
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", ME)  # ends in zone 10
    put_powerhouse(game, "P8_0", ME)  # zone 8 is C5L's end, not C5R's
    assert system_keys(game) == set()


def test_a_conduit_draws_only_from_the_dams_of_the_zone_it_starts_in():
    game = position()
    put_dam(game, "B6U", ME, drops=1)  # zone 6
    put_conduit(game, "C5R", ME)  # starts in zone 5
    put_powerhouse(game, "P10_0", ME)
    assert system_keys(game) == set()


def test_both_dams_of_a_zone_reach_both_its_conduits():
    game = position()
    put_dam(game, "B5L", NEUTRAL, height=2, drops=1)
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5L", ME)  # -> zone 8
    put_conduit(game, "C5R", THEM)  # -> zone 10
    put_powerhouse(game, "P8_0", ME)
    put_powerhouse(game, "P10_1", ME)
    assert system_keys(game) == {f"system:{d}:{c}:{p}" for d in ("B5U", "B5L")
                                 for c, p in (("C5L", "P8_0"), ("C5R", "P10_1"))}


def test_an_empty_dam_gives_no_system():
    game = position()
    put_dam(game, "B5U", ME, drops=0)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    assert system_keys(game) == set()


# ---------------------------------------------------------------- the energy

def test_energy_is_drops_times_conduit_value():
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", ME)  # value 4
    put_powerhouse(game, "P10_0", ME)
    _, prompts = drive(game, production.produce(game, ME, 0), ["drops:3"])
    assert [c.data["energy"] for c in prompts[0].choices] == [4, 8, 12]
    assert [c.label.split(": ")[1] for c in prompts[0].choices] == ["4 energy (1×4)", "8 energy (2×4)", "12 energy (3×4)"]
    assert game.state.companies[ME].energy == 12
    assert game.state.dams["B5U"].drops == 0


def test_you_may_use_fewer_drops_than_the_dam_holds():
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    assert produce(game, ["drops:1"]) == 4
    assert game.state.dams["B5U"].drops == 2


@pytest.mark.parametrize("space, bonus", [("turbine-b2", 2), ("turbine-0", 0), ("turbine-m2", -2)])
def test_action_bonus_is_added_once_not_per_drop(space, bonus):
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    game = restart(game)
    play(game, f"place:{space}", "drops:3")
    assert game.state.companies[ME].energy == 12 + bonus


@pytest.mark.parametrize("powerhouses, bonus", [(1, 0), (2, 1), (3, 1), (4, 3)])
def test_company_board_bonus_plus_1_with_2_or_3_powerhouses_plus_3_with_4(powerhouses, bonus):
    game = position(companies=("usa", "france"), officers=("wilhelm", "jill"))  # France: no energy ability
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", ME)
    for space in ("P10_0", "P5_0", "P6_0", "P7_0")[:powerhouses]:
        put_powerhouse(game, space, ME)
    assert produce(game, []) == 4 + bonus


def test_company_bonus_and_action_bonus_add_up():
    game = position(companies=("usa", "france"), officers=("wilhelm", "jill"))
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", ME)
    for space in ("P10_0", "P5_0", "P6_0", "P7_0"):
        put_powerhouse(game, space, ME)
    game = restart(game)
    play(game, "place:turbine-b2")
    assert game.state.companies[ME].energy == 4 + 2 + 3


@pytest.mark.parametrize("space, drops, expected", [
    ("turbine-0", 1, 4),  # 1 x 1 counts as 4
    ("turbine-b2", 1, 6),  # the floor comes before the action bonus
    ("turbine-m2", 1, 2),
    ("turbine-0", 3, 4),  # 3 x 1 = 3 still counts as 4
])
def test_viktor_counts_drops_times_value_below_4_as_4_before_bonuses(space, drops, expected):
    game = position(companies=("usa", "france"), officers=("wilhelm", "viktor"))
    put_dam(game, "B9U", ME, height=3, drops=3)
    put_conduit(game, "C9L", ME)  # value 1, zone 9 -> zone 11
    put_powerhouse(game, "P11_0", ME)
    game = restart(game)
    play(game, f"place:{space}", f"drops:{drops}")
    assert game.state.companies[ME].energy == expected


def test_viktor_floor_does_not_touch_productions_of_4_or_more():
    game = position(companies=("usa", "france"), officers=("wilhelm", "viktor"))
    put_dam(game, "B5U", ME, height=2, drops=2)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    assert produce(game, ["drops:2"]) == 8


def test_a_production_below_1_energy_is_not_offered():
    game = position()
    put_dam(game, "B9U", ME, height=2, drops=2)
    put_conduit(game, "C9L", ME)  # value 1
    put_powerhouse(game, "P11_0", ME)
    game = restart(game)
    keys = game.prompt.keys()
    assert "place:turbine-m2" not in keys  # 1 - 2 < 1 and 2 - 2 < 1
    assert "place:turbine-0" in keys
    assert production.drop_counts(game, ME, production.System("B9U", "C9L", "P11_0"), -2) == []


def test_only_the_drop_counts_giving_at_least_1_energy_are_offered():
    game = position()
    put_dam(game, "B9U", ME, height=3, drops=3)
    put_conduit(game, "C9L", ME)
    put_powerhouse(game, "P11_0", ME)
    game = restart(game)
    play(game, "place:turbine-m2")  # only 3 drops give 1 energy: chosen at once
    assert game.state.companies[ME].energy == 1
    assert game.state.dams["B9U"].drops == 0


# ---------------------------------------------------------------- where the water goes

def test_used_drops_flow_on_from_the_powerhouse_zone():
    """After using C2R (zone 2 -> zone 10) the drops enter B10U, not zone 2's own river (zone 5)."""
    game = position()
    put_dam(game, "B2U", ME, height=2, drops=2)
    put_conduit(game, "C2R", ME)
    put_powerhouse(game, "P10_0", ME)
    put_dam(game, "B5U", THEM, height=3)  # zone 2's natural downstream
    put_dam(game, "B10U", THEM, height=3)
    assert produce(game, ["drops:2"]) == 10
    st = game.state
    assert st.dams["B2U"].drops == 0
    assert st.dams["B10U"].drops == 2  # caught by any dam downstream, an opponent's included
    assert st.dams["B5U"].drops == 0


def test_used_drops_that_find_no_dam_leave_the_board():
    game = position()
    put_dam(game, "B8U", ME, height=2, drops=2)
    put_conduit(game, "C8L", ME)  # zone 8 -> zone 11, the bottom left
    put_powerhouse(game, "P11_0", ME)
    produce(game, ["drops:2"])
    assert game.state.drops_exited == 2


# ---------------------------------------------------------------- paying for an opponent's conduit

def test_opponents_conduit_costs_1_credit_per_drop_and_gives_its_owner_1_vp_per_drop():
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", THEM)
    put_powerhouse(game, "P10_0", ME)
    st = game.state
    me, them = st.companies[ME], st.companies[THEM]
    my_vp, their_credits, their_vp = me.vp, them.credits, them.vp
    produce(game, ["drops:3"])
    assert me.credits == 6 - 3
    assert them.credits == their_credits + 3
    assert them.vp == their_vp + 3
    assert me.vp == my_vp


def test_your_own_conduit_costs_nothing():
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    produce(game, ["drops:3"])
    assert game.state.companies[ME].credits == 6
    assert game.state.companies[THEM].credits == 6


def test_drops_through_an_opponents_conduit_are_limited_by_your_credits():
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", THEM)
    put_powerhouse(game, "P10_0", ME)
    game.state.companies[ME].credits = 1
    _, prompts = drive(game, production.produce(game, ME, 0), [])  # one drop: taken at once
    assert game.state.companies[ME].energy == 4
    assert game.state.dams["B5U"].drops == 2
    game.state.companies[ME].credits = 2
    _, prompts = drive(game, production.produce(game, ME, 0), ["drops:2"])
    assert prompts[0].keys() == ("drops:1", "drops:2")


def test_no_credits_no_production_through_an_opponents_conduit():
    game = position()
    put_dam(game, "B5U", ME, height=3, drops=3)
    put_conduit(game, "C5R", THEM)
    put_powerhouse(game, "P10_0", ME)
    game.state.companies[ME].credits = 0
    assert system_keys(game) == set()


# ---------------------------------------------------------------- how the Energy adds up (issue 22, item 3)

def test_the_log_and_the_choices_add_a_production_up_drops_times_value_each_change_and_the_fee():
    """2 drops x value 4 = 8; the action space's +2; the company board's +1 for 2 Powerhouses built; the
    conduit's owner paid 1 credit a drop: the log line and the drops' choices say each term."""
    game = position()
    put_dam(game, "B5U", ME, drops=2)
    put_conduit(game, "C5R", THEM)  # value 4, the other company's
    put_powerhouse(game, "P10_0", ME)
    put_powerhouse(game, next(p for p, x in game.board.powerhouses.items() if x.zone != 10), ME)  # a second one: +1
    assert production.company_bonus(game, ME) == 1
    _, prompts = drive(game, production.produce(game, ME, 2), ["drops:2"])
    assert [c.label for c in prompts[0].choices] == [
        "1 drop: 7 energy (1×4 = 4, action space +2, company board +1)",
        "2 drops: 11 energy (2×4 = 8, action space +2, company board +1)"]
    made = next(e for e in game.events if e.kind == "production")
    assert made.text.endswith("to P10_0 (2×4 = 8, action space +2, company board +1; fee 2 credits to "
                              f"{game.name(THEM)}).")
    assert made.data["energy"] == 11 and made.data["fee"] == 2
    assert made.data["sum"] == {"water": ((2, 4),), "extra_drop": 0, "total": 11,
                                "changes": (("action space", 2), ("company board", 1))}


def test_a_minimum_is_a_term_of_the_sum_named_by_its_chief_engineer():
    """Viktor: drops x value below 4 count as 4 (1 x 3 = 3 -> +1), then the action space's -1."""
    game = position(officers=("wilhelm", "viktor"))
    m = game.board
    conduit = next(c for c, x in m.conduits.items() if x.production == 2)  # a conduit of value 2
    put_dam(game, m.zones[m.conduits[conduit].zone].dam_spaces[0], ME, drops=1)
    put_conduit(game, conduit, ME)
    put_powerhouse(game, m.zones[m.conduits[conduit].targets[0]].powerhouse_spaces[0], ME)
    system = production.systems(game, ME, -1)[0]
    added = production.energy_sum(game, ME, [(system, 1)], -1)
    assert added.text() == "1×2 = 2, Viktor Fiesler's minimum 4 +2, action space -1"
    assert added.total == 3 == production.system_energy(game, ME, system, 1, -1)  # the sum is the Energy made
