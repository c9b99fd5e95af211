"""The four company abilities (base-game.md 11.2), each on from the company's 3rd powerhouse:
USA +1 energy per drop passing a zone with a USA powerhouse; Germany a second production with a different
powerhouse; Italy +3 energy after each production; France -3 on contracts fulfilled with production."""

import pytest

from barrage_tui.rules import production, water
from barrage_tui.rules.state import NEUTRAL

from .helpers import clear_map, drive, new_game, play, put_conduit, put_dam, put_powerhouse, restart


def position(companies, officers=("wilhelm", "jill")):
    game = new_game(companies=companies, officers=officers)
    clear_map(game)
    for c in game.state.companies:
        c.contracts = []
    game.state.national = []
    return game


def powerhouses(game, seat, spaces):
    for space in spaces:
        put_powerhouse(game, space, seat)


@pytest.mark.parametrize("company", ["usa", "germany", "italy", "france"])
def test_ability_is_on_from_the_third_powerhouse(company):
    game = position((company, "usa" if company != "usa" else "germany"))
    powerhouses(game, 0, ["P5_0", "P6_0"])
    assert not game.ability_active(0)
    put_powerhouse(game, "P7_0", 0)
    assert game.ability_active(0)


# ---------------------------------------------------------------- USA

USA, OTHER = 0, 1


def usa(n_powerhouses=3):
    game = position(("usa", "germany"))
    powerhouses(game, USA, ["P5_0", "P9_0", "P12_0"][:n_powerhouses])
    return game


def test_usa_gains_1_energy_per_drop_per_zone_with_a_usa_powerhouse_passed():
    game = usa()
    assert water.add_drop_to_headstream(game, "HB", flowing=True) == "EXIT_L"  # passes P5, P9 (and P11)
    assert game.state.companies[USA].energy == 2
    water.add_drop_to_headstream(game, "HA", flowing=True)  # P8, P11: no USA powerhouse
    assert game.state.companies[USA].energy == 2


def test_usa_counts_a_drop_that_stops_just_after_its_zone():
    game = usa()
    put_dam(game, "B5U", OTHER)
    assert water.add_drop_to_headstream(game, "HB", flowing=True) == "B5U"
    assert game.state.companies[USA].energy == 1


def test_usa_does_not_count_a_drop_stopped_before_its_zone():
    game = usa()
    put_dam(game, "B2L", NEUTRAL)
    water.add_drop_to_headstream(game, "HB", flowing=True)
    assert game.state.companies[USA].energy == 0


def test_usa_ability_needs_3_powerhouses():
    game = usa(n_powerhouses=2)
    water.add_drop_to_headstream(game, "HB", flowing=True)
    assert game.state.companies[USA].energy == 0


def test_usa_counts_drops_in_the_water_flow_phase():
    game = usa()
    game.state.headstream_drops["HB"] = 3
    game.state.drops_created += 3
    water.water_flow_phase(game)
    assert game.state.companies[USA].energy == 6


def test_usa_counts_an_opponents_production_outflow():
    game = usa()
    put_dam(game, "B2U", OTHER, height=2, drops=2)
    put_conduit(game, "C2L", OTHER)  # zone 2 -> zone 6; outflow P6 -> P10 -> P12 (USA) -> exit
    put_powerhouse(game, "P6_0", OTHER)
    drive(game, production.produce(game, OTHER, 0), ["drops:2"])
    assert game.state.companies[OTHER].energy == 6
    assert game.state.companies[USA].energy == 2


def test_usa_does_not_count_the_zone_a_produced_drop_starts_from():
    """USA produces into P5 (its own powerhouse): the drops start there, then pass P9 (USA) and P11."""
    game = usa()
    put_dam(game, "B3U", USA, height=2, drops=2)
    put_conduit(game, "C3L", USA)  # zone 3 -> zone 5
    drive(game, production.produce(game, USA, 0), ["drops:2"])
    # 2 x 4 + 1 (3 powerhouses) = 9 for the production, + 1 per drop for P9 only.
    assert game.state.companies[USA].energy == 9 + 2


# ---------------------------------------------------------------- Germany

GER = 1  # seat 1 plays first in round 1


def germany(n_powerhouses=3, officers=("wilhelm", "jill")):
    """Germany: B5U (3 drops) with C5R -> P10_0 and C5L -> P8_0; B9U (1 drop) -> C9L -> P11_0."""
    game = position(("usa", "germany"), officers=officers)
    put_dam(game, "B5U", GER, height=3, drops=3)
    put_conduit(game, "C5R", GER)  # value 4 -> zone 10
    put_conduit(game, "C5L", GER)  # value 3 -> zone 8
    powerhouses(game, GER, ["P10_0", "P8_0", "P7_0"][:n_powerhouses])
    return game


def test_germany_may_produce_again_with_a_different_powerhouse():
    game = germany()
    game = restart(game)
    play(game, "place:turbine-b2", "system:B5U:C5R:P10_0", "drops:1")
    prompt = game.prompt
    assert prompt.kind == "system" and prompt.seat == GER
    # The first powerhouse is excluded; the same dam may be used again.
    assert set(prompt.keys()) == {"system:B5U:C5L:P8_0", "skip"}
    play(game, "system:B5U:C5L:P8_0", "drops:2")
    # First: 4 + 2 (action) + 1 (3 powerhouses) = 7. Second: 2 x 3 = 6, no bonus of any kind.
    assert game.state.companies[GER].energy == 7 + 6
    assert game.prompt.kind == "action" and game.prompt.seat != GER  # no third production


def test_germany_may_skip_the_second_production():
    game = germany()
    game = restart(game)
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:1", "skip")
    assert game.state.companies[GER].energy == 5
    assert game.state.dams["B5U"].drops == 2


def test_germany_second_production_has_no_viktor_minimum():
    game = position(("usa", "germany"), officers=("wilhelm", "viktor"))
    put_dam(game, "B9U", GER, height=2, drops=2)
    put_conduit(game, "C9L", GER)  # value 1 -> zone 11
    put_conduit(game, "C9R", GER)  # value 3 -> zone 12
    powerhouses(game, GER, ["P11_0", "P12_0", "P7_0"])
    drive(game, production.produce(game, GER, 0), ["system:B9U:C9R:P12_0", "drops:1", "system:B9U:C9L:P11_0"])
    # First: 1 x 3 counts as 4 (Viktor), + 1 company bonus = 5. Second: 1 x 1 = 1, not 4.
    assert game.state.companies[GER].energy == 5 + 1


def test_germany_second_production_needs_another_powerhouse_with_a_system():
    game = germany()
    game.state.dams["B5U"].drops = 1
    game.state.drops_created -= 2
    game = restart(game)
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0")  # the dam is empty now: nothing to offer
    assert game.prompt.kind == "action" and game.prompt.seat != GER


def test_germany_second_production_needs_3_powerhouses():
    game = germany(n_powerhouses=2)
    game = restart(game)
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:1")
    assert game.prompt.kind == "action" and game.prompt.seat != GER


def test_germany_fulfils_a_contract_with_each_production_energy_alone():
    game = germany()
    st = game.state
    st.companies[GER].contracts = [205, 300, 310]  # needs 3, 5, 7
    st.national = [100]  # 13: never reached by the two added together
    game = restart(game)
    play(game, "place:turbine-0", "system:B5U:C5R:P10_0", "drops:1")  # 4 + 1 = 5
    assert set(game.prompt.keys()) == {"contract:205", "contract:300", "skip"}
    play(game, "contract:300", "system:B5U:C5L:P8_0", "drops:2")  # 6
    assert game.prompt.kind == "contract"
    assert set(game.prompt.keys()) == {"contract:205", "skip"}  # 310 needs 7 > 6
    play(game, "contract:205")
    assert sorted(st.companies[GER].fulfilled) == [205, 300]


def test_germany_second_production_pays_for_an_opponents_conduit():
    game = position(("usa", "germany"))
    put_dam(game, "B5U", GER, height=3, drops=3)
    put_conduit(game, "C5R", GER)
    put_conduit(game, "C5L", 0)  # the USA's
    powerhouses(game, GER, ["P10_0", "P8_0", "P7_0"])
    drive(game, production.produce(game, GER, 0), ["system:B5U:C5R:P10_0", "drops:1", "system:B5U:C5L:P8_0",
                                                   "drops:2"])
    st = game.state
    assert st.companies[GER].credits == 6 - 2
    assert st.companies[0].credits == 6 + 2 and st.companies[0].vp == 10 + 2


# ---------------------------------------------------------------- Italy

ITA = 1


def italy(n_powerhouses=3, hand=()):
    game = position(("usa", "italy"))
    put_dam(game, "B5U", ITA, height=2, drops=1)
    put_conduit(game, "C5R", ITA)  # value 4
    powerhouses(game, ITA, ["P10_0", "P8_0", "P7_0"][:n_powerhouses])
    game.state.companies[ITA].contracts = list(hand)
    return game


def test_italy_gains_3_more_energy_after_each_production():
    game = italy()
    drive(game, production.produce(game, ITA, 0), [])
    assert game.state.companies[ITA].energy == 4 + 1 + 3


def test_italy_extra_3_energy_does_not_count_for_the_contract():
    game = italy(hand=(300, 310))  # needs 5 and 7
    _, prompts = drive(game, production.produce(game, ITA, 0), ["skip"])
    assert set(prompts[0].keys()) == {"contract:300", "skip"}  # 5 produced; the 3 extra do not help 310
    assert game.state.companies[ITA].energy == 8


def test_italy_needs_3_powerhouses():
    game = italy(n_powerhouses=2)
    drive(game, production.produce(game, ITA, 0), [])
    assert game.state.companies[ITA].energy == 4 + 1


# ---------------------------------------------------------------- France

FRA = 1


@pytest.mark.parametrize("n_powerhouses, offered", [(2, False), (3, True)])
def test_france_needs_3_less_for_a_contract_from_the_3rd_powerhouse(n_powerhouses, offered):
    game = position(("usa", "france"))
    put_dam(game, "B5U", FRA, height=2, drops=1)
    put_conduit(game, "C5R", FRA)
    powerhouses(game, FRA, ["P10_0", "P8_0", "P7_0"][:n_powerhouses])
    game.state.companies[FRA].contracts = [310]  # needs 7; France 4
    game.state.national = [104]  # needs 15; France 12
    _, prompts = drive(game, production.produce(game, FRA, 0), ["skip"] if offered else [])
    if offered:
        assert set(prompts[0].keys()) == {"contract:310", "skip"}  # 5 energy
    else:
        assert prompts == []
