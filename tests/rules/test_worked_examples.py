"""The worked examples of the rules texts, each rebuilt as a position and checked against the numbers
the text gives.

Sources: the English rulebook text (seeds/004_*.txt) and the Chinese summary (seeds/000_*.txt). Where an
example disagrees with the reference (reference/base-game.md section 17), the reference wins and the test
says so.
"""

import pytest

from barrage_tui.rules import build_costs, build_tiles, scoring, water
from barrage_tui.rules.components import components
from barrage_tui.rules.state import NEUTRAL

from .helpers import clear_map, new_game, play, put_conduit, put_dam, put_powerhouse, restart, violations

FOUR = dict(companies=("usa", "germany", "italy", "france"), officers=("wilhelm", "jill", "solomon", "viktor"))


def tile_id(key: str) -> int:
    return next(t.id for t in components().bonus_tiles.values() if t.key == key)


# ---------------------------------------------------------------- seed 004, "III. Water Flow"

def test_water_flow_example_drops_1_to_5():
    """Drops 1 and 2 pass the full level-1 mountain dam; the level-3 plains dam has room for one: drop 1
    stays, drop 2 leaves the map. Drop 3 fills a level-2 mountain dam; drop 4 fills the upper hills dam;
    drop 5 passes it and ends in the lower level-2 neutral dam."""
    game = new_game()
    clear_map(game)
    st = game.state
    # The HA river: mountains level-1 neutral dam (full), plains level-3 neutral dam with room for one.
    put_dam(game, "B1L", NEUTRAL, height=1, drops=1)
    put_dam(game, "B8L", NEUTRAL, height=3, drops=2)
    # The HC river: a player's level-2 mountain dam with room for one, an upper hills dam with room for
    # one, then the hills' level-2 neutral dam on the lower space.
    put_dam(game, "B3U", 0, height=2, drops=1)
    put_dam(game, "B6U", 1, height=1, drops=0)
    put_dam(game, "B6L", NEUTRAL, height=2, drops=1)

    assert water.add_drop_to_headstream(game, "HA", flowing=True) == "B8L"  # drop 1
    assert water.add_drop_to_headstream(game, "HA", flowing=True) == "EXIT_L"  # drop 2
    assert water.add_drop_to_headstream(game, "HC", flowing=True) == "B3U"  # drop 3
    assert water.add_drop_to_headstream(game, "HC", flowing=True) == "B6U"  # drop 4
    assert water.add_drop_to_headstream(game, "HC", flowing=True) == "B6L"  # drop 5
    assert {s: d.drops for s, d in st.dams.items()} == {"B1L": 1, "B8L": 3, "B3U": 2, "B6U": 1, "B6L": 2}
    assert st.drops_exited == 1
    assert not violations(game)


def test_water_flow_example_in_the_water_flow_phase():
    """The same five drops, waiting on the headstreams until the Water Flow phase, end the same way."""
    game = new_game()
    clear_map(game)
    st = game.state
    put_dam(game, "B1L", NEUTRAL, height=1, drops=1)
    put_dam(game, "B8L", NEUTRAL, height=3, drops=2)
    put_dam(game, "B3U", 0, height=2, drops=1)
    put_dam(game, "B6U", 1, height=1, drops=0)
    put_dam(game, "B6L", NEUTRAL, height=2, drops=1)
    st.headstream_drops.update(HA=2, HC=3)
    st.drops_created += 5
    water.water_flow_phase(game)
    assert {s: d.drops for s, d in st.dams.items()} == {"B1L": 1, "B8L": 3, "B3U": 2, "B6U": 1, "B6L": 2}
    assert st.drops_exited == 1


def test_water_flow_example_tells_each_drops_way_and_stop():
    """The example's Water Flow as the engine tells it: one event per headstream, each drop's way down the
    river as data (the app animates it) and where each one stopped in words."""
    game = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"))
    clear_map(game)
    put_dam(game, "B1L", NEUTRAL, height=1, drops=1)
    put_dam(game, "B8L", NEUTRAL, height=3, drops=2)
    put_dam(game, "B3U", 0, height=2, drops=1)
    put_dam(game, "B6U", 1, height=1, drops=0)
    put_dam(game, "B6L", NEUTRAL, height=2, drops=1)
    game.state.headstream_drops.update(HA=2, HB=0, HC=3, HD=0)
    game.state.drops_created += 5
    game.events.clear()
    water.water_flow_phase(game)
    flows = [e for e in game.events if "paths" in e.data]
    assert [e.text for e in flows] == [
        "2 drops from HA: 1 stops at neutral B8L (full), 1 leaves.",
        "3 drops from HC: 1 stops at USA's B3U (full), 1 at Germany's B6U (full), 1 at neutral B6L (full), 0 leave.",
    ]
    ha, hc = (e.data["paths"] for e in flows)
    # drops 1 and 2 pass the full mountain dam (B1U empty, B1L full) and the plains' upper space; drop 2 leaves
    assert [p.nodes for p in ha] == [("B1U", "B1L", "P8", "B8U", "B8L"),
                                     ("B1U", "B1L", "P8", "B8U", "B8L", "P11", "EXIT_L")]
    assert [p.stop for p in hc] == ["B3U", "B6U", "B6L"]  # drops 3, 4 and 5
    assert hc[2].nodes == ("B3U", "B3L", "P6", "B6U", "B6L")  # drop 5 passes the dam it filled, valley 6's powerhouses
    assert all(e.kind == "water" and e.seat == -1 for e in flows)


# ---------------------------------------------------------------- seed 004, "Boosting Production"

def test_paul_produces_7_energy_and_picks_the_3_energy_contract():
    """"I'm Paul, and today I've generated 7 Energy Units. In the past, I've already produced 5 ... my marker
    now shows a total of 12." He could fulfil two contracts, may pick only one, and takes the one needing 3
    (#208: 2 energy + turn the wheel 2), moving his marker 2 more steps."""
    game = new_game()
    clear_map(game)
    st = game.state
    paul = st.companies[game.prompt.seat]
    seat = paul.seat
    put_dam(game, "B2U", seat, height=1, drops=1)
    put_conduit(game, "C2R", seat)  # value 5
    put_powerhouse(game, "P10_0", seat)  # one powerhouse: no company-board bonus
    paul.energy = 5  # produced earlier this round
    paul.contracts = [208, 310, 406]  # needs 3, 7 and 9
    st.national = []
    wheel_before = paul.wheel_open
    game = restart(game)
    play(game, "place:turbine-b2")  # 1 drop x 5 + 2 = 7
    assert paul.energy == 12
    prompt = game.prompt
    assert prompt.kind == "contract"
    assert set(prompt.keys()) == {"contract:208", "contract:310", "skip"}  # 406 needs 9 > 7
    play(game, "contract:208")
    assert paul.energy == 14  # "two more steps"
    assert paul.wheel_open == (wheel_before + 2) % 6  # "rotate my Construction Wheel by two segments"
    assert paul.fulfilled == [208] and sorted(paul.contracts) == [310, 406]
    assert game.prompt.kind == "action" and game.prompt.seat != seat  # only one contract per action


def test_contract_of_3_energy_pays_4_vp_and_2_credits():
    """"you can earn 4 VPs (along with 2 Credits) by fulfilling a Contract that requires a production of 3
    Energy Units" (#209)."""
    game = new_game()
    clear_map(game)
    st = game.state
    seat = game.prompt.seat
    c = st.companies[seat]
    put_dam(game, "B2U", seat, height=1, drops=1)
    put_conduit(game, "C2L", seat)  # value 3
    put_powerhouse(game, "P6_0", seat)
    c.contracts = [209]
    st.national = []
    game = restart(game)
    play(game, "place:turbine-0", "contract:209")
    assert c.energy == 3 and c.vp == 10 + 4 and c.credits == 6 + 2


def test_national_contract_with_14_energy_in_one_production():
    """"to produce at least 14 Energy Units in a single production action ... I have the power to choose one
    of the National Contracts shown to me." (#102 and #103 need 14; #104 needs 15.)"""
    game = new_game()
    clear_map(game)
    st = game.state
    seat = game.prompt.seat
    c = st.companies[seat]
    put_dam(game, "B1U", seat, height=3, drops=3)
    put_conduit(game, "C1R", seat)  # value 4 -> zone 5
    put_powerhouse(game, "P5_0", seat)
    c.contracts = []
    st.national = [102, 103, 104]
    game = restart(game)
    play(game, "place:turbine-b2", "drops:3")  # 3 x 4 + 2 = 14
    assert c.energy == 14
    assert set(game.prompt.keys()) == {"contract:102", "contract:103", "skip"}
    play(game, "contract:103")
    assert st.national == [102, 104] and c.fulfilled == [103]


# ---------------------------------------------------------------- seed 004, the Energy Track

def test_energy_track_tie_example():
    """Paul leads the Energy Track: 6 VP. Joanna and Sophia share a spot behind him: 1 VP each. "I gain 4
    Credits, while Joanna and Sophia gain 3 Credits each. Viktor also gains 3 Credits, but he loses 3
    victory points." (Paul 7-10 energy, Joanna and Sophia 4-6, Viktor 0.)"""
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    paul, joanna, sophia, viktor = st.companies
    st.round = 1
    st.bonus_tiles[0] = tile_id("contracts")  # nobody has fulfilled one: no bonus-tile VP
    for c in st.companies:
        c.fulfilled = []
    paul.energy, joanna.energy, sophia.energy, viktor.energy = 8, 5, 5, 0
    rows = {s: (place, credits) for s, place, credits, _ in scoring.score_round(game)}
    assert rows == {paul.seat: (6, 4), joanna.seat: (1, 3), sophia.seat: (1, 3), viktor.seat: (0, 3)}
    assert [c.vp for c in st.companies] == [16, 11, 11, 7]


def test_round_3_powerhouse_bonus_tile_example():
    """End of round 3, Powerhouses tile (5 VP each). "I" built 2 and reached section 3: 10 VP. Viktor built
    3, one section behind: 15 - 4 = 11. Joanna built 1, two sections behind: 5 - 8, so 0. Paul built 3 but
    produced less than 6: 0."""
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    me, viktor, joanna, paul = st.companies
    st.round = 3
    st.bonus_tiles[2] = tile_id("powerhouses")
    for c, spaces, energy in ((me, ("P5_0", "P6_0"), 18),
                              (viktor, ("P5_1", "P6_1", "P7_0"), 12),
                              (joanna, ("P8_0",), 11),
                              (paul, ("P9_0", "P10_0", "P11_0"), 5)):
        for space in spaces:
            put_powerhouse(game, space, c.seat)
        c.energy = energy
    bonus = {s: b for s, _, _, b in scoring.score_round(game)}
    assert bonus == {me.seat: 10, viktor.seat: 11, joanna.seat: 0, paul.seat: 0}


@pytest.mark.parametrize("energy, expected", [
    (24, 12), (30, 12),  # section 4 or beyond: full value
    (18, 8), (23, 8),  # one section behind: -4
    (12, 4), (17, 4),  # two behind: -8
    (6, 0),  # three behind: 12 - 12
    (5, 0), (0, 0),  # below 6: nothing
])
def test_round_4_elevation_bonus_tile_example(energy, expected):
    """Seed 000: round 4, Elevations tile: 4 x 6 = 24 energy for the full value, 18-23 loses 4, 12-17
    loses 8, and so on; 0-5 scores nothing. The summary pays "5 VP" per Elevation; the printed tile and
    BGA pay 4 (reference/base-game.md section 17), so a company with 3 Elevations gets 12 at full value."""
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    c = st.companies[0]
    put_dam(game, "B1U", 0, height=3)
    put_dam(game, "B5U", 0, height=2)  # 3 Elevations
    st.round = 4
    st.bonus_tiles[3] = tile_id("elevations")
    c.energy = energy
    bonus = {s: b for s, _, _, b in scoring.score_round(game)}
    assert bonus[0] == expected
    assert components().bonus_tiles[tile_id("elevations")].vp_each == 4


# ---------------------------------------------------------------- seed 004, "End of Round"

def test_end_of_round_turn_order_example():
    """Viktor produced least and plays first; Paul produced most and plays last; the two others produced
    the same and switch their places."""
    previous = ["paul", "joanna", "sophia", "viktor"]
    energy = {"paul": 20, "joanna": 9, "sophia": 9, "viktor": 2}
    seats = {name: i for i, name in enumerate(previous)}
    order = scoring.next_turn_order([seats[n] for n in previous], {seats[n]: e for n, e in energy.items()})
    assert [previous[s] for s in order] == ["viktor", "sophia", "joanna", "paul"]


# ---------------------------------------------------------------- final scoring

def test_objective_tie_example():
    """Two companies tied for first share 15 + 10 = 25: 13 each, rounded up. The next one is third: 5."""
    awards = scoring.rank_awards({0: 7, 1: 7, 2: 4, 3: 1}, components().objective_vp)
    assert awards == {0: 13, 1: 13, 2: 5, 3: 0}


def test_objective_places_are_15_10_5():
    assert components().objective_vp == (15, 10, 5)


def test_resources_example_15_items_score_3_vp():
    """"if you have 15 total items between these three categories, you'll earn 3 VP"."""
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    for c in st.companies:
        c.credits, c.excavators, c.mixers = 0, 0, 0
    st.companies[0].credits, st.companies[0].excavators, st.companies[0].mixers = 8, 4, 3
    st.round = 5
    scoring.final_scoring(game)
    assert st.companies[0].vp_by_source["resources"] == 3


# ---------------------------------------------------------------- seed 004 and 000, construction costs

@pytest.mark.parametrize("conduit, value, excavators", [("C1R", 4, 8), ("C2L", 3, 6)])
def test_conduit_cost_examples(conduit, value, excavators):
    """Seed 004: "if the Conduit has a production value of 4, it will require 8 Excavators"; seed 000: a
    yellow conduit (value 3) needs 6 Excavators."""
    game = new_game(companies=("usa", "italy"), officers=("wilhelm", "solomon"))
    assert components().map.conduits[conduit].production == value
    use = next(u for u in build_tiles.tile_uses(game, 0) if u.structure == "conduit")
    game.state.companies[0].excavators = 20
    pays = build_costs.payments(game, 0, use, conduit, credits=0)
    assert [(p.excavators, p.mixers, p.credits) for p in pays] == [(excavators, 0, 0)]


def test_fifth_piece_of_a_row_pays_7_vp_for_every_company():
    """"When you construct the fifth piece, you'll earn the third income ... the same for all companies,
    providing you with 7 VPs.\""""
    for company in components().companies.values():
        for structure in ("base", "elevation", "conduit"):
            assert dict(company.income[structure][5]) == {"vp": 7}


def test_advanced_tile_scores_3_vp_for_each_powerhouse():
    """Seed 004: an Advanced Technology tile gives "3 VPs for each Powerhouse you have built" (III Powerhouse,
    the new one included)."""
    game = new_game()
    clear_map(game)
    seat = game.prompt.seat
    c = game.state.companies[seat]
    put_powerhouse(game, "P5_0", seat)
    put_powerhouse(game, "P6_0", seat)
    c.tiles.append("L3_POWERHOUSE")
    c.mixers = 10
    game = restart(game)
    play(game, "place:construct", "tile:L3_POWERHOUSE", "space:P8_0")  # the 3rd costs 4 mixers: one way to pay
    assert game.state.powerhouses["P8_0"] == seat
    assert c.vp == 10 + 3 * 3
