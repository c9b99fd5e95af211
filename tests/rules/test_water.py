"""Water flow (rulebook "III. Water Flow"; base-game.md 2.4-2.5).

Drops run down the river one node at a time and stop in the first dam that has room; the upper dam
space of a zone comes before the lower one; full dams pass the water on; a drop that finds no room
leaves the board at an exit.
"""

import pytest

from barrage_tui.rules import rounds, water
from barrage_tui.rules.state import NEUTRAL

from .helpers import clear_map, new_game, play, put_conduit, put_dam, put_powerhouse, restart, violations


@pytest.fixture
def game():
    g = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"))
    clear_map(g)
    return g


def flow_from_headstream(game, head: str, n: int = 1) -> list[str]:
    """``n`` flowing drops put on ``head``; where each one stops."""
    return [water.add_drop_to_headstream(game, head, flowing=True) for _ in range(n)]


# ---------------------------------------------------------------- where a drop stops

def test_drop_stops_in_first_dam_with_room(game):
    put_dam(game, "B2L", 0)  # first dam on the HB river
    put_dam(game, "B5U", 1)  # further down
    assert flow_from_headstream(game, "HB") == ["B2L"]
    assert game.state.dams["B2L"].drops == 1 and game.state.dams["B5U"].drops == 0


def test_upper_dam_space_is_reached_before_the_lower_one(game):
    put_dam(game, "B5L", 0)
    put_dam(game, "B5U", 1)
    assert flow_from_headstream(game, "HB") == ["B5U"]  # HB -> B2U -> B2L -> P5 -> B5U
    assert flow_from_headstream(game, "HB") == ["B5L"]  # B5U is full now


def test_full_dam_passes_water_on(game):
    put_dam(game, "B2L", 0, height=2, drops=2)
    put_dam(game, "B5L", 1)
    assert flow_from_headstream(game, "HB") == ["B5L"]
    assert game.state.dams["B2L"].drops == 2


@pytest.mark.parametrize("head, exit_", [("HA", "EXIT_L"), ("HB", "EXIT_L"), ("HC", "EXIT_R"), ("HD", "EXIT_R")])
def test_drop_that_finds_no_room_leaves_at_its_rivers_exit(game, head, exit_):
    assert flow_from_headstream(game, head) == [exit_]
    assert game.state.drops_exited == 1
    assert water.drops_on_map(game) == 0


@pytest.mark.parametrize("head, path", [
    ("HA", ["B1L", "B8L"]),
    ("HB", ["B2L", "B5L", "B9L"]),
    ("HC", ["B3L", "B6L", "B10L"]),
    ("HD", ["B4L", "B7L", "B10L"]),  # zones 6 and 7 both run into zone 10
])
def test_river_fills_its_dams_from_top_to_bottom(game, head, path):
    """River graph (base-game.md 2.4): with a height-1 dam in every lower space, drops fill the river's dams
    in downstream order, then leave the board."""
    for space in ("B1L", "B2L", "B3L", "B4L", "B5L", "B6L", "B7L", "B8L", "B9L", "B10L"):
        put_dam(game, space, NEUTRAL)
    exit_ = "EXIT_L" if head in ("HA", "HB") else "EXIT_R"
    assert flow_from_headstream(game, head, len(path) + 1) == path + [exit_]


def test_neutral_dam_holds_water_like_any_dam(game):
    put_dam(game, "B1L", NEUTRAL)
    put_dam(game, "B8U", 0)
    assert flow_from_headstream(game, "HA") == ["B1L"]


def test_empty_dam_space_holds_nothing(game):
    put_dam(game, "B8L", 0)  # B1U, B1L and B8U have no dam
    assert flow_from_headstream(game, "HA") == ["B8L"]


# ---------------------------------------------------------------- capacity

@pytest.mark.parametrize("height", [1, 2, 3])
def test_dam_capacity_is_its_height(game, height):
    put_dam(game, "B3U", 0, height=height)
    assert water.capacity(game, "B3U") == height
    assert flow_from_headstream(game, "HC", height + 1) == ["B3U"] * height + ["EXIT_R"]


def test_graziano_height_3_dam_holds_4():
    game = new_game(companies=("usa", "germany"), officers=("graziano", "jill"))
    clear_map(game)
    put_dam(game, "B3U", 0, height=3)
    assert water.capacity(game, "B3U") == 4
    assert flow_from_headstream(game, "HC", 5) == ["B3U"] * 4 + ["EXIT_R"]


@pytest.mark.parametrize("height", [1, 2])
def test_graziano_lower_dams_are_unchanged(height):
    """Only height 3 changes (base-game.md 12.1, following BGA and the ability line of Appendix 9)."""
    game = new_game(companies=("usa", "germany"), officers=("graziano", "jill"))
    clear_map(game)
    put_dam(game, "B3U", 0, height=height)
    assert water.capacity(game, "B3U") == height


def test_graziano_does_not_raise_other_dams():
    game = new_game(companies=("usa", "germany"), officers=("graziano", "jill"))
    clear_map(game)
    put_dam(game, "B3U", 1, height=3)  # the other company's height-3 dam
    put_dam(game, "B8L", NEUTRAL, height=3)  # the plains neutral dam
    assert water.capacity(game, "B3U") == 3
    assert water.capacity(game, "B8L") == 3


def test_capacity_of_a_space_without_a_dam_is_0(game):
    assert water.capacity(game, "B3U") == 0 and water.room(game, "B3U") == 0


# ---------------------------------------------------------------- waiting and flowing drops

def test_waiting_drops_stay_on_the_headstream_until_the_water_flow_phase(game):
    put_dam(game, "B2L", 0, height=2)
    game = restart(game)
    play(game, "place:water-p2", "headstream:HB", "headstream:HB")
    st = game.state
    assert st.headstream_drops["HB"] == 2
    assert st.dams["B2L"].drops == 0
    water.water_flow_phase(game)
    assert st.headstream_drops["HB"] == 0
    assert st.dams["B2L"].drops == 2


def test_place_two_waiting_drops_means_one_or_two(game):
    game = restart(game)
    play(game, "place:water-p2", "headstream:HA")
    assert "done" in game.prompt.keys()  # the second drop may be left out
    play(game, "done")
    assert game.state.headstream_drops["HA"] == 1


def test_flowing_drop_moves_at_once(game):
    put_dam(game, "B4L", 0)
    game = restart(game)
    play(game, "place:water-d1", "headstream:HD")
    assert game.state.headstream_drops["HD"] == 0
    assert game.state.dams["B4L"].drops == 1


def test_a_flowing_drop_is_told_with_its_way_and_where_it_stopped(game):
    put_dam(game, "B4L", 0)
    game = restart(game)
    events = play(game, "place:water-d1", "headstream:HD")
    told = next(e for e in events if "paths" in e.data)
    assert told.kind == "water" and told.text.endswith("puts a drop on HD; it stops at USA's B4L (full).")
    (path,) = told.data["paths"]
    assert (path.start, path.nodes, path.stop) == ("HD", ("B4U", "B4L"), "B4L")


def test_a_productions_drops_are_told_going_on_down_the_river(game):
    """Two drops through C1R to valley 5's powerhouse: one fills the neutral B5L, the other leaves the board."""
    put_dam(game, "B1U", 1, height=2, drops=2)
    put_dam(game, "B5L", NEUTRAL, height=2, drops=1)
    put_dam(game, "B8L", NEUTRAL, height=3, drops=3)
    put_conduit(game, "C1R", 1)
    put_powerhouse(game, "P5_0", 1)
    game = restart(game)
    events = play(game, "place:turbine-0", "drops:2", "skip")
    produced = next(i for i, e in enumerate(events) if e.kind == "production")
    told = next(e for e in events[produced:] if "paths" in e.data)  # after the production's own line
    assert told.text == "2 drops from P5_0: 1 stops at neutral B5L (full), 1 leaves."
    assert [p.nodes for p in told.data["paths"]] == [("B5U", "B5L"), ("B5U", "B5L", "P9", "B9U", "B9L", "P11", "EXIT_L")]


def test_water_flow_phase_moves_every_drop_on_every_headstream(game):
    st = game.state
    put_dam(game, "B1L", 0, height=3)
    put_dam(game, "B10L", 1, height=3)
    for head, n in (("HA", 2), ("HC", 1), ("HD", 1)):
        st.headstream_drops[head] += n
        st.drops_created += n
    water.water_flow_phase(game)
    assert st.headstream_drops == {"HA": 0, "HB": 0, "HC": 0, "HD": 0}
    assert st.dams["B1L"].drops == 2 and st.dams["B10L"].drops == 2


def test_drops_held_in_a_dam_do_not_move_in_the_water_flow_phase(game):
    put_dam(game, "B1U", 0, height=1, drops=1)
    put_dam(game, "B8L", 1, height=3)
    water.water_flow_phase(game)
    assert game.state.dams["B1U"].drops == 1 and game.state.dams["B8L"].drops == 0


def test_water_flow_phase_comes_at_the_end_of_the_round_before_scoring(game):
    """Round order (base-game.md 4): the headstreams flow, then the Energy Track is scored. Waiting drops
    that reach a USA powerhouse zone with the ability on count for this round's energy."""
    st = game.state
    for space in ("P10_0", "P12_0", "P5_0"):
        put_powerhouse(game, space, 0)  # USA's ability is on from the 3rd powerhouse
    st.headstream_drops["HC"] += 1
    st.drops_created += 1
    rounds.end_of_round(game)
    assert st.headstream_drops["HC"] == 0
    # HC -> ... P10 (USA) -> ... P12 (USA) -> EXIT_R: 2 energy, which scored 2 credits (band 2-3).
    assert st.companies[0].energy_by_round == [2]
    assert st.companies[0].credits == 6 + 2


def test_headstreams_fill_at_the_start_of_rounds_1_to_4_only(game):
    st = game.state
    st.headstream_tiles = {"HA": 1, "HB": 2, "HC": 3, "HD": 4}  # tile 1: 0/2/2/0, 2: 0/0/1/3, 3: 2/0/2/0, 4: 1/1/1/1
    st.round = 3
    water.fill_headstreams(game)
    assert st.headstream_drops == {"HA": 2, "HB": 1, "HC": 2, "HD": 1}
    st.headstream_drops = dict.fromkeys(st.headstream_drops, 0)
    st.round = 5
    water.fill_headstreams(game)
    assert sum(st.headstream_drops.values()) == 0


# ---------------------------------------------------------------- conservation

def test_water_is_conserved_through_flows_and_production(game):
    """Every drop put on the map is on a headstream, in a dam, or gone off the board: none is lost or made."""
    st = game.state
    put_dam(game, "B1U", 1, height=2, drops=2)
    put_dam(game, "B5L", NEUTRAL, height=2, drops=1)
    put_dam(game, "B8L", NEUTRAL, height=3, drops=1)
    put_conduit(game, "C1R", 1)
    put_powerhouse(game, "P5_0", 1)
    game = restart(game)
    assert game.prompt.seat == 1
    play(game, "place:water-d1", "headstream:HA")  # seat 1: a flowing drop, into B8L
    play(game, "place:water-p2", "headstream:HB", "headstream:HC")  # seat 0: two waiting drops
    # seat 1: B1U -> C1R -> P5; one drop fills B5L, the other runs on to EXIT_L.
    play(game, "place:turbine-0", "drops:2", "skip")
    st = game.state
    assert st.drops_created == water.drops_on_map(game) + st.drops_exited
    water.water_flow_phase(game)
    assert st.drops_created == water.drops_on_map(game) + st.drops_exited
    assert not violations(game)


def test_a_headstream_choice_says_which_dam_the_drop_reaches():
    from barrage_tui.rules.water import headstream_choice

    game = new_game()
    clear_map(game)
    put_dam(game, "B1L", 0)  # empty, height 1: room for one drop, below headstream HA
    choice = headstream_choice(game, "HA", flowing=True)
    assert choice.data["reaches"] == "B1L" and "reaches B1L" in choice.label
    game.state.headstream_drops["HA"] = 1  # a drop already waits there: it takes the room first
    assert headstream_choice(game, "HA", flowing=False).data["reaches"] != "B1L"
    assert headstream_choice(game, "HA", flowing=True).data["reaches"] == "B1L"  # flowing now, it comes first
