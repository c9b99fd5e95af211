"""The 4-5 player map (boards/five.toml) against the reference (../shared/reference/leeghwater-5p.md B.2: its
river list and conduit table, typed in here from the prose, not from the data file the board was made from),
and the fifth seat it brings."""

from __future__ import annotations

import random

import pytest

import automa
from barrage_tui.rules import SeatSetup, Setup, SetupError, seat_choices, seat_problem
from barrage_tui.rules.board_files import load
from barrage_tui.rules.game import Game
from barrage_tui.rules import setup as setup_rules
from barrage_tui.rules.sim import play_random, random_setup
from barrage_tui.rules.water import flow_drops

from .helpers import clear_map

FIVE = {"board": "five"}
FIVE_OVERSEAS = {"board": "five", "modules": ["overseas"]}

# B.2 "Rivers": where the water leaving a valley goes (a valley, or the sea's exit below 14, 15, 16).
RIVERS = {1: 6, 2: 7, 3: 8, 4: 12, 5: 9, 6: 10, 7: 11, 8: 12, 9: 13, 10: 14, 11: 15, 12: 15, 13: 16,
          14: "EXIT_L", 15: "EXIT_C", 16: "EXIT_R"}
# B.2 "Conduits": valley -> (left value, left target), (right value, right target).
CONDUITS = {1: ((3, 6), (5, 11)), 2: ((3, 7), (5, 12)), 3: ((4, 10), (2, 8)), 4: ((3, 8), (4, 9)),
            5: ((5, 7), (4, 13)), 6: ((3, 10), (4, 12)), 7: ((2, 6), (5, 14)), 8: ((3, 10), (2, 9)),
            9: ((3, 12), (4, 16)), 10: ((3, 14), (2, 11)), 11: ((1, 14), (2, 16)), 12: ((3, 15), (2, 13)),
            13: ((3, 15), (1, 16))}
# B.2 "Valleys": the powerhouse spaces' extra credits (0: free; 3: the red-outlined ones).
POWERHOUSES = {6: [0, 3], 7: [0, 3], 8: [0, 3], 9: [0, 3], 10: [0, 0, 3], 11: [0, 3], 12: [0, 0, 3], 13: [0, 3],
               14: [0, 3, 3], 15: [0, 0, 3], 16: [0, 0, 3]}


def test_the_counts_of_the_table():
    board = load("five")
    assert len(board.headstreams) == 5 and len(board.exits) == 3
    assert len([z for z in board.zones.values() if z.dam_spaces]) == 13
    assert [len([z for z in board.zones.values() if z.area == a and z.dam_spaces])
            for a in ("mountain", "hill", "plain")] == [5, 4, 4]
    assert (len(board.conduits), len(board.powerhouses)) == (26, 27)


def test_every_river_edge_is_the_reference_s():
    board = load("five")
    for valley, to in RIVERS.items():
        below = board.zones[valley].outflow_to
        assert below == (f"P{to}" if isinstance(to, int) else to), valley
    assert {h: board.downstream[h] for h in board.headstreams} == {
        "HA": "B1U", "HB": "B2U", "HC": "B3U", "HD": "B4U", "HE": "B5U"}


def test_every_conduit_s_value_and_target_is_the_reference_s():
    board = load("five")
    for valley, sides in CONDUITS.items():
        for side, (value, target) in zip("LR", sides):
            conduit = board.conduits[f"C{valley}{side}"]
            assert (conduit.zone, conduit.production, conduit.targets) == (valley, value, (target,)), conduit.id
    assert len(board.conduits) == 2 * len(CONDUITS)


def test_every_dam_and_powerhouse_space_and_its_red_outline():
    board = load("five")
    for valley in range(1, 14):
        upper, lower = (board.dams[s] for s in board.zones[valley].dam_spaces)
        assert (upper.upper, upper.extra_credits, lower.upper, lower.extra_credits) == (True, 3, False, 0)
    for valley, credits in POWERHOUSES.items():
        assert [board.powerhouses[p].extra_credits for p in board.zones[valley].powerhouse_spaces] == credits
    assert not any(board.zones[v].powerhouse_spaces for v in range(1, 6))


def _five_seats(options=FIVE_OVERSEAS, companies=("usa", "germany", "italy", "france", "japan")) -> Setup:
    return Setup(tuple(SeatSetup(f"P{i + 1}", company=c, officer="")
                       for i, c in enumerate(companies)), seed=3, options=options)


@pytest.mark.parametrize("head, valleys, exit_", [
    ("HA", [1, 6, 10, 14], "EXIT_L"), ("HB", [2, 7, 11, 15], "EXIT_C"), ("HC", [3, 8, 12, 15], "EXIT_C"),
    ("HD", [4, 12, 15], "EXIT_C"), ("HE", [5, 9, 13, 16], "EXIT_R")])
def test_a_drop_flows_down_the_reference_s_river(head, valleys, exit_):
    """A drop on an empty map passes every valley of its river (mountain 4's straight past the hills into 12)."""
    game = Game.new(_five_seats())
    clear_map(game)
    (path,) = flow_drops(game, head, 1)
    assert [n for n in path.nodes if n.startswith("P")] == [f"P{v}" for v in valleys if v > 5]
    assert path.nodes[-1] == exit_


def test_a_drop_stops_at_a_dam_with_room_on_the_long_river():
    from .helpers import put_dam
    game = Game.new(_five_seats())
    clear_map(game)
    put_dam(game, "B12U", 0)
    (path,) = flow_drops(game, "HD", 1)
    assert path.nodes[-1] == "B12U" and "P12" in path.nodes and not {"P8", "P9"} & set(path.nodes)


def test_the_seat_counts_of_the_map():
    assert seat_choices(FIVE) == (4,)  # the base game's 4 companies: no fifth seat
    assert seat_choices(FIVE_OVERSEAS) == (4, 5)
    assert seat_choices({"board": "five", "modules": ["leeghwater"]}) == (4, 5)  # the Netherlands
    assert seat_choices({"modules": ["overseas"]}) == (1, 2, 3, 4)  # the base map: 4 at most


@pytest.mark.parametrize("options, seats, problem", [
    ({}, 5, "the board Barrage: the standard map is for 1 to 4 players; this game has 5 seat(s) "
            "(5 play on Barrage 4-5 players: the 5-player box's map)"),
    (FIVE, 5, "5 seats need 5 companies and 4 are in play: switch on The Overseas Companies, "
              "The China Challenge or The Leeghwater Project for another"),
    (FIVE_OVERSEAS, 3, "the board Barrage 4-5 players: the 5-player box's map is for 4 or 5 players; this game has 3 seat(s)"),
    (FIVE_OVERSEAS, 6, "a game has 1 to 5 seats"),
])
def test_an_impossible_seat_count_is_refused_with_one_clear_message(options, seats, problem):
    assert seat_problem(options, seats) == problem
    with pytest.raises(SetupError) as info:
        Setup(tuple(SeatSetup(f"P{i}") for i in range(seats)), seed=1, options=options).validate()
    assert str(info.value) == problem


def test_the_introductory_game_has_no_fifth_seat():
    with pytest.raises(SetupError, match="the introductory game has 4 companies; this game has 5 seats"):
        Setup(tuple(SeatSetup(f"P{i}") for i in range(5)), introductory=True, options=FIVE_OVERSEAS).validate()


def test_five_seats_draw_five_starting_contracts_and_four_seats_four():
    five = Game.new(_five_seats())
    assert five.state.starting_offer == [1, 2, 3, 4, 5]
    four = Game.new(Setup(tuple(SeatSetup(f"P{i}") for i in range(4)), seed=3, options=FIVE_OVERSEAS))
    assert len(four.state.starting_offer) == 4 and 5 not in four.state.starting_offer


def test_four_automas_with_one_person_at_a_fifth_seat_only():
    people_and = [SeatSetup("P1")] + [SeatSetup(f"A{i}", "automa") for i in range(2, 6)]
    Setup(tuple(people_and), seed=1, options=FIVE_OVERSEAS).validate()
    with pytest.raises(SetupError, match="at most 3 Automas"):
        Setup(tuple(SeatSetup(f"A{i}", "automa") for i in range(4)), seed=1).validate()


@pytest.mark.parametrize("seats, automas", [(5, 0), (4, 0), (5, 2)])
def test_a_whole_random_game_on_the_map(seats, automas):
    r = random.Random(f"five:{seats}:{automas}")
    setup = random_setup(r, seats, False, modules=("overseas",), board="five")
    if automas:
        setup = Setup(tuple(SeatSetup(s.name, "automa", s.company if s.company not in ("japan",) else "", "")
                            if i < automas else s for i, s in enumerate(setup.seats)),
                      seed=setup.seed, options=setup.options)
    result = play_random(setup, r.randrange(2**31), check=True, attach=automa.attach)
    assert not result.error and not result.violations
    assert result.state is not None and result.state.phase == "over" and result.state.seats == seats


@pytest.fixture
def netherlands_not_the_automas(monkeypatch):
    """Every company of the data is the Automa's today: as if the Netherlands (a fifth company) were not."""
    monkeypatch.setattr(setup_rules, "automa_plays_company", lambda company: company != "netherlands")


def test_a_person_takes_the_company_the_automas_cannot_play(netherlands_not_the_automas):
    """A company no Automa plays at a fifth seat with four Automas: the person is dealt it."""
    seats = (SeatSetup("P1"),) + tuple(SeatSetup(f"A{i}", "automa") for i in range(2, 6))
    for seed in range(12):
        game = Game.new(Setup(seats, seed=seed, options={"board": "five", "modules": ["leeghwater"]}))
        assert game.state.companies[0].company == "netherlands"


def test_too_few_companies_for_the_automas_is_a_clear_message(netherlands_not_the_automas):
    seats = (SeatSetup("P1", company="usa"),) + tuple(SeatSetup(f"A{i}", "automa") for i in range(2, 6))
    with pytest.raises(SetupError, match="4 Automas draw a company and 3 of those in play are ones the Automa plays"):
        Setup(seats, seed=1, options={"board": "five", "modules": ["leeghwater"]}).validate()
