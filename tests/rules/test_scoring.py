"""Round scoring on the Energy Track and final scoring (rulebook "Scoring", "End of the game";
base-game.md 13 and 14)."""

import pytest

from barrage_tui.rules import scoring
from barrage_tui.rules.components import components
from barrage_tui.rules.state import NEUTRAL, Segment

from .helpers import clear_map, new_game, put_conduit, put_dam, put_powerhouse

FOUR = dict(companies=("usa", "germany", "italy", "france"), officers=("wilhelm", "jill", "solomon", "viktor"))


def tile_id(key: str, table="bonus") -> int:
    tiles = components().bonus_tiles if table == "bonus" else components().objective_tiles
    return next(t.id for t in tiles.values() if t.key == key)


def track(energies, round_no=1, tile="contracts"):
    """A 4-company game at the end of round ``round_no`` with these energies; the bonus tile counts
    fulfilled contracts, and nobody has any unless a test gives some."""
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    st.round = round_no
    st.bonus_tiles[round_no - 1] = tile_id(tile)
    for c, e in zip(st.companies, energies):
        c.energy = e
    return game


def scored(game):
    """seat -> (place VP, credits, bonus VP) and the VP change of each seat."""
    before = [c.vp for c in game.state.companies]
    rows = scoring.score_round(game)
    return {s: (p, cr, b) for s, p, cr, b in rows}, [c.vp - v for c, v in zip(game.state.companies, before)]


def places(energies):
    rows, _ = scored(track(energies))
    return [rows[s][0] for s in range(4)]


# ---------------------------------------------------------------- first and second place

def test_most_energy_scores_6_vp_second_most_2_vp():
    assert places([10, 7, 3, 1]) == [6, 2, 0, 0]
    assert places([1, 3, 12, 7]) == [0, 0, 6, 2]


@pytest.mark.parametrize("energies, expected", [
    ([10, 10, 7, 1], [4, 4, 0, 0]),  # 8 / 2
    ([5, 5, 5, 1], [3, 3, 3, 0]),  # 8 / 3 = 2.67, rounded up
    ([4, 4, 4, 4], [2, 2, 2, 2]),
])
def test_tie_for_first_shares_6_plus_2_rounded_up_and_nobody_is_second(energies, expected):
    assert places(energies) == expected


@pytest.mark.parametrize("energies, expected", [
    ([10, 5, 5, 1], [6, 1, 1, 0]),
    ([10, 5, 5, 5], [6, 1, 1, 1]),
])
def test_tie_for_second_gives_each_tied_company_1_vp(energies, expected):
    assert places(energies) == expected


def test_places_need_at_least_1_energy():
    assert places([0, 0, 0, 0]) == [0, 0, 0, 0]
    assert places([3, 0, 0, 0]) == [6, 0, 0, 0]  # nobody is second with 0 energy


def test_0_energy_gives_3_credits_and_costs_3_vp():
    rows, delta = scored(track([0, 4, 2, 1]))
    assert rows[0][1] == 3
    assert delta[0] == -3
    assert delta[1] == 6 and delta[2] == 2 and delta[3] == 0


def test_vp_never_go_below_0():
    game = track([0, 4, 2, 1])
    game.state.companies[0].vp = 2
    scoring.score_round(game)
    assert game.state.companies[0].vp == 0


@pytest.mark.parametrize("energy, credits", [
    (0, 3), (1, 1), (2, 2), (3, 2), (4, 3), (6, 3), (7, 4), (10, 4), (11, 5), (15, 5),
    (16, 6), (21, 6), (22, 7), (28, 7), (29, 8), (30, 8), (45, 8),
])
def test_credits_by_energy(energy, credits):
    game = track([energy, 0, 0, 0])
    rows, _ = scored(game)
    assert rows[0][1] == credits
    assert game.state.companies[0].credits == 6 + credits


# ---------------------------------------------------------------- the bonus tile

@pytest.mark.parametrize("round_no, energy, expected", [
    (1, 5, 0),  # below 6: nothing
    (1, 6, 15), (1, 40, 15),
    (2, 11, 11), (2, 12, 15),  # one section behind: -4
    (3, 6, 7), (3, 11, 7), (3, 12, 11), (3, 17, 11), (3, 18, 15),
    (4, 6, 3), (4, 12, 7), (4, 23, 11), (4, 24, 15),
    (5, 6, 0), (5, 29, 11), (5, 30, 15),  # four behind: 15 - 16 is not below 0
])
def test_bonus_tile_loses_4_vp_per_section_behind(round_no, energy, expected):
    """Powerhouses tile, 3 powerhouses x 5 VP = 15 VP at full value; round r needs 6r energy for it."""
    game = track([energy, 0, 0, 0], round_no=round_no, tile="powerhouses")
    for space in ("P5_0", "P6_0", "P7_0"):
        put_powerhouse(game, space, 0)
    rows, _ = scored(game)
    assert rows[0][2] == expected


def test_bonus_tile_counts_what_was_built_all_game():
    game = track([20, 20, 20, 20], round_no=3, tile="bases")
    put_dam(game, "B1U", 0)
    put_dam(game, "B2U", 0, height=3)
    put_dam(game, "B3U", 1)
    rows, _ = scored(game)
    assert [rows[s][2] for s in range(4)] == [8, 4, 0, 0]


@pytest.mark.parametrize("key, expected", [
    ("contracts", 2 * 3), ("bases", 4 * 2), ("elevations", 4 * 3), ("conduits", 4 * 1), ("powerhouses", 5 * 2),
    ("advanced_tiles", 4 * 2),
])
def test_each_bonus_tile_counts_its_own_thing(key, expected):
    game = track([30, 0, 0, 0], round_no=5, tile=key)
    c = game.state.companies[0]
    c.fulfilled = [1, 200, 100]  # starting, private and National all count
    put_dam(game, "B1U", 0, height=3)
    put_dam(game, "B5U", 0, height=2)
    put_dam(game, "B9L", NEUTRAL, height=3)  # not hers
    put_conduit(game, "C1L", 0)
    put_powerhouse(game, "P8_0", 0)
    put_powerhouse(game, "P9_0", 0)
    c.tiles.append("L1_BASE")  # one advanced tile in the supply, one on the wheel; basic ones do not count
    c.wheel[3] = Segment(tiles=["L2_CONDUIT", "conduit"])
    rows, _ = scored(game)
    assert rows[0][2] == expected


# ---------------------------------------------------------------- passing 30

def test_energy_above_30_counts_30_for_credits_and_the_bonus_but_exactly_for_places():
    game = track([35, 31, 2, 0], round_no=5, tile="powerhouses")
    put_powerhouse(game, "P5_0", 0)
    put_powerhouse(game, "P6_0", 1)
    rows, _ = scored(game)
    assert rows[0] == (6, 8, 5)  # 35 beats 31: no tie for first
    assert rows[1] == (2, 8, 5)
    assert game.state.companies[0].energy_by_round == [35]


# ---------------------------------------------------------------- the objective tile

@pytest.mark.parametrize("quantities, expected", [
    ({0: 5, 1: 4, 2: 3, 3: 1}, {0: 15, 1: 10, 2: 5, 3: 0}),
    ({0: 5, 1: 5, 2: 3, 3: 1}, {0: 13, 1: 13, 2: 5, 3: 0}),  # the rulebook's example
    ({0: 5, 1: 4, 2: 4, 3: 1}, {0: 15, 1: 8, 2: 8, 3: 0}),  # 10 + 5 shared
    ({0: 5, 1: 4, 2: 3, 3: 3}, {0: 15, 1: 10, 2: 3, 3: 3}),  # 5 + 0 shared, rounded up
    ({0: 2, 1: 2, 2: 2, 3: 1}, {0: 10, 1: 10, 2: 10, 3: 0}),
    ({0: 2, 1: 2, 2: 2, 3: 2}, {0: 8, 1: 8, 2: 8, 3: 8}),
    ({0: 2, 1: 0, 2: 0}, {0: 15, 1: 8, 2: 8}),  # a quantity of 0 still ranks
])
def test_objective_places_15_10_5_shared_by_tied_groups_rounded_up(quantities, expected):
    assert scoring.rank_awards(quantities, (15, 10, 5)) == expected


def final(game, objective="zones_with_1"):
    st = game.state
    st.round = 5
    st.objective = tile_id(objective, table="objective")
    before = {c.seat: dict(c.vp_by_source) for c in st.companies}
    scoring.final_scoring(game)
    return {c.seat: {k: v - before[c.seat].get(k, 0) for k, v in c.vp_by_source.items()
                     if v != before[c.seat].get(k, 0)} for c in st.companies}


def test_final_scoring_objective_tile_from_the_map():
    game = new_game(**FOUR)
    clear_map(game)
    put_dam(game, "B1U", 0)
    put_powerhouse(game, "P5_0", 0)
    put_powerhouse(game, "P6_0", 0)  # seat 0: zones 1, 5, 6
    put_conduit(game, "C2L", 1)
    put_powerhouse(game, "P11_0", 1)  # seat 1: zones 2, 11
    put_powerhouse(game, "P12_0", 2)  # seat 2: zone 12
    put_powerhouse(game, "P12_1", 3)  # seat 3: zone 12
    for c in game.state.companies:
        c.credits = c.excavators = c.mixers = 0
    gained = final(game)
    assert [gained[s].get("objective", 0) for s in range(4)] == [15, 10, 3, 3]


def test_final_scoring_one_vp_per_5_resources_in_the_supply_not_on_the_wheel():
    game = new_game(**FOUR)
    clear_map(game)
    c = game.state.companies[0]
    c.credits, c.excavators, c.mixers = 7, 5, 2  # 14: 2 VP
    c.wheel[2] = Segment(excavators=4, mixers=2)
    gained = final(game)
    assert gained[0]["resources"] == 2


def test_final_scoring_one_vp_per_drop_in_your_own_dams():
    game = new_game(**FOUR)
    clear_map(game)
    put_dam(game, "B1U", 0, height=2, drops=2)
    put_dam(game, "B5U", 0, height=1, drops=1)
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)  # neutral water scores for nobody
    put_dam(game, "B8U", 1, height=3, drops=3)
    gained = final(game)
    assert gained[0]["water"] == 3
    assert gained[1]["water"] == 3
    assert "water" not in gained[2]


def test_most_vp_wins_ties_broken_by_round_5_energy():
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    for c in st.companies:
        c.credits = c.excavators = c.mixers = 0
        c.vp = 40
    st.companies[3].vp = 30
    st.companies[0].energy, st.companies[1].energy, st.companies[2].energy = 12, 20, 5
    final(game)  # nobody has pieces: the objective gives everyone the same
    assert st.winner == [1]


def test_equal_vp_and_equal_round_5_energy_share_the_win():
    game = new_game(**FOUR)
    clear_map(game)
    st = game.state
    for c in st.companies:
        c.credits = c.excavators = c.mixers = 0
        c.vp, c.energy = 40, 10
    st.companies[3].energy = 11
    st.companies[3].vp = 39
    final(game)
    assert st.winner == [0, 1, 2]


@pytest.mark.parametrize("key, expected", [
    ("red_outlined_spaces", 2),  # B1U and P10_1; B5L and P8_0 are plain spaces
    ("most_structures_in_one_area", 4),  # mountains: Base + 2 Elevations on B1U, and C1L
    ("connected_bases", 1),  # B1U -> own C1L -> own P8_0; B5L only has an opponent's conduit
    ("fewest_structures_in_one_area", 1),  # hills: the Base on B5L
    ("zones_with_1", 4),  # zones 1, 5, 8, 10
    ("zones_with_3", 1),  # zone 1: 4 pieces, each Elevation one of them
])
def test_objective_quantity_of_each_tile(key, expected):
    """What each objective tile counts (base-game.md 14.1); a conduit counts in the zone where it starts."""
    game = new_game(**FOUR)
    clear_map(game)
    put_dam(game, "B1U", 0, height=3)
    put_dam(game, "B5L", 0)
    put_conduit(game, "C1L", 0)  # zone 1 -> zone 8
    put_powerhouse(game, "P8_0", 0)
    put_powerhouse(game, "P10_1", 0)
    put_conduit(game, "C5R", 1)  # zone 5 -> zone 10, the other company's
    assert scoring.objective_quantity(game, 0, key) == expected
