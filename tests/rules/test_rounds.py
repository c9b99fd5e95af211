"""The round structure (rulebook "Game play", "I. Income and Headstreams", "End of Round";
base-game.md 4): income in reverse turn order from round 2 on, the end of round (turn order, Engineers
home, energy reset, Patent Office refresh) and the end of the game after round 5."""

import pytest

from barrage_tui.rules import Game, PromptKind, SeatSetup, Setup, rounds
from barrage_tui.rules.components import components

from .helpers import clear_map, new_game, play, put_conduit, put_dam, restart

FOUR = dict(companies=("usa", "germany", "italy", "france"), officers=("wilhelm", "jill", "solomon", "viktor"))


def at_end_of_round(energies, order, round_no=1, **kw):
    game = new_game(**(kw or FOUR))
    clear_map(game)
    st = game.state
    st.round = round_no
    st.turn_order = list(order)
    for c, e in zip(st.companies, energies):
        c.energy = e
    return game


# ---------------------------------------------------------------- turn order

def test_least_energy_plays_first_most_energy_last():
    game = at_end_of_round([3, 12, 0, 7], order=[0, 1, 2, 3])
    rounds.end_of_round(game)
    assert game.state.turn_order == [2, 0, 3, 1]


def test_tied_companies_reverse_their_previous_relative_order():
    game = at_end_of_round([5, 5, 9, 5], order=[3, 0, 2, 1])
    rounds.end_of_round(game)
    # 5 energy: 3, 0, 1 played in that order; now 1, 0, 3. Then 2 with 9.
    assert game.state.turn_order == [1, 0, 3, 2]


def test_turn_order_uses_the_exact_energy_above_30():
    game = at_end_of_round([35, 31, 30, 0], order=[0, 1, 2, 3])
    rounds.end_of_round(game)
    assert game.state.turn_order == [3, 2, 1, 0]


def test_next_round_is_played_in_the_new_turn_order():
    game = at_end_of_round([9, 2, 0, 0], order=[0, 1, 2, 3])
    rounds.end_of_round(game)
    game = restart(game)
    assert game.state.round == 2
    assert game.prompt.kind == "action" and game.prompt.seat == 3


# ---------------------------------------------------------------- the rest of the end of round

def test_engineers_go_home_and_action_spaces_are_freed():
    game = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"))
    play(game, "place:water-p2", "headstream:HA", "done")  # seat 1
    play(game, "place:bank-b", "engineers:3")  # seat 0
    play(game, "place:workshop-r3")  # seat 1, 2 Engineers
    st = game.state
    assert [c.engineers for c in st.companies] == [9, 9]
    rounds.end_of_round(game)
    assert [c.engineers for c in st.companies] == [12, 12]
    assert st.occupied == {} and st.engineers_on == {} and st.bank == [0, 0]
    assert all(not c.passed and c.construction_used == 0 for c in st.companies)


def test_energy_markers_go_back_to_0():
    game = at_end_of_round([3, 12, 0, 7], order=[0, 1, 2, 3])
    rounds.end_of_round(game)
    assert [c.energy for c in game.state.companies] == [0, 0, 0, 0]
    assert [c.energy_by_round for c in game.state.companies] == [[3], [12], [0], [7]]


def test_patent_office_unbought_tiles_leave_and_three_new_are_drawn():
    game = at_end_of_round([1, 2, 3, 4], order=[0, 1, 2, 3])
    st = game.state
    st.patent_offer[1] = ""  # bought this round
    unbought = [t for t in st.patent_offer if t]
    rounds.end_of_round(game)
    assert len(st.patent_offer) == 3 and all(st.patent_offer)
    for tile in unbought:
        assert tile not in st.patent_offer
        assert all(tile not in pile for pile in st.patent_piles.values())


def test_patent_office_levels_come_from_pile_1_then_2_then_3():
    game = at_end_of_round([1, 2, 3, 4], order=[0, 1, 2, 3])
    st = game.state
    level = {t.id: t.level for t in components().advanced_tiles.values()}
    seen = [sorted(level[t] for t in st.patent_offer)]
    for _ in range(4):
        rounds.end_of_round(game)
        seen.append(sorted(level[t] for t in st.patent_offer))
    assert seen == [[1, 1, 1], [1, 1, 2], [2, 2, 2], [2, 3, 3], [3, 3, 3]]


def test_after_round_5_the_game_ends_with_final_scoring_and_energy_stays():
    game = at_end_of_round([3, 12, 0, 7], order=[0, 1, 2, 3], round_no=5)
    st = game.state
    rounds.end_of_round(game)
    assert st.phase == "over"
    assert st.turn_order == [0, 1, 2, 3]
    assert [c.energy for c in st.companies] == [3, 12, 0, 7]  # the tie-breaker
    assert all("objective" in c.vp_by_source for c in st.companies)
    assert st.winner
    game = restart(game)
    assert game.over


def test_a_game_has_5_rounds():
    game = at_end_of_round([3, 12, 0, 7], order=[0, 1, 2, 3], round_no=4)
    rounds.end_of_round(game)
    assert game.state.round == 5 and game.state.phase == "income"


# ---------------------------------------------------------------- income

def italy_with_bases(n, round_no=2):
    """Italy (seat 0) with ``n`` Bases built; the Income phase of ``round_no`` about to begin."""
    game = new_game(companies=("italy", "usa"), officers=("wilhelm", "jill"))
    clear_map(game)
    for space in ("B1U", "B2U", "B3U", "B4U", "B5U")[:n]:
        put_dam(game, space, 0)
    st = game.state
    st.round, st.phase, st.turn_index = round_no, "income", 0
    return game


@pytest.mark.parametrize("bases, credits, vp", [
    (1, 0, 0),
    (2, 3, 0),  # slot 2: 3 credits
    (3, 3, 0),
    (4, 3, 5),  # slot 4: 5 VP
    (5, 3, 12),  # slot 5: 7 VP, every company
])
def test_income_pays_every_uncovered_slot_2_4_5(bases, credits, vp):
    game = italy_with_bases(bases)
    italy = game.state.companies[0]
    game = restart(game)
    assert game.prompt.kind == "action"
    assert italy.credits == 6 + credits
    assert italy.vp == 10 + vp


def test_no_income_in_round_1():
    game = italy_with_bases(5, round_no=1)
    italy = game.state.companies[0]
    game = restart(game)
    assert game.prompt.kind == "action"
    assert italy.credits == 6 and italy.vp == 10


def test_income_energy_counts_for_this_round():
    """Italy's 4th Elevation income is 4 energy: the marker, reset at the end of the last round, moves."""
    game = new_game(companies=("italy", "usa"), officers=("wilhelm", "jill"))
    clear_map(game)
    put_dam(game, "B1U", 0, height=3)
    put_dam(game, "B2U", 0, height=3)
    st = game.state
    st.companies[0].energy = 9
    rounds.end_of_round(game)
    assert st.companies[0].energy == 0
    game = restart(game)
    assert st.round == 2 and st.companies[0].energy == 4


@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_income_is_taken_in_reverse_turn_order(order):
    """USA's 4th Elevation and Germany's 4th Conduit both pay 2 flowing drops: each asks where they go."""
    game = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"))
    clear_map(game)
    put_dam(game, "B1U", 0, height=3)
    put_dam(game, "B2U", 0, height=3)  # USA: 4 Elevations (slot 2: 1 machinery of choice; slot 4)
    for space in ("C1L", "C2L", "C3L", "C4L"):
        put_conduit(game, space, 1)  # Germany: 4 Conduits (slot 2: turn wheel 1; slot 4)
    st = game.state
    st.round, st.phase, st.turn_index, st.turn_order = 2, "income", 0, list(order)
    game = restart(game)
    seats = []
    while game.prompt.kind != "action":
        seats.append(game.prompt.seat)
        play(game, game.prompt.choices[0].key)
    first, last = order  # turn order: first plays first, so takes income last
    assert seats[0] == last and seats[-1] == first
    assert seats == sorted(seats, key=lambda s: s != last)  # all of one company's, then the other's
    assert st.companies[0].vp == 10 + 2 and st.companies[1].vp == 10 + 2


# ---------------------------------------------------------------- confirming a turn (setup option)

def confirming_game():
    from barrage_tui.rules.setup import CONFIRM_OPTION

    setup = Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),
                         SeatSetup("B", company="italy", officer="jill")), seed=4, options={CONFIRM_OPTION: True})
    game = Game.new(setup)
    while game.prompt.kind != PromptKind.ACTION:
        game.choose(game.prompt.choices[0].key)
    return game


def test_with_confirm_a_persons_turn_ends_with_end_turn_and_undo_reaches_its_first_choice():
    game = confirming_game()
    seat, start = game.prompt.seat, game.state.copy()
    game.choose("place:bank-b")
    game.choose("engineers:2")
    assert game.prompt.kind == PromptKind.END_TURN and game.prompt.seat == seat and game.prompt.keys() == ("end",)
    assert game.undo() and game.undo() and game.state == start and not game.can_undo
    game.choose("place:bank-b")
    game.choose("engineers:2")
    game.choose("end")
    assert game.prompt.seat != seat and not game.can_undo


def test_with_confirm_the_display_is_refilled_only_after_the_turn_is_ended():
    game = confirming_game()
    st = game.state
    take = next(k for k in game.prompt.keys() if k.startswith("place:contract-o"))
    game.choose(take)
    game.choose(game.prompt.choices[0].key)  # the contract taken
    assert game.prompt.kind == PromptKind.END_TURN
    assert sum(len(d) for d in st.private_display.values()) == 5  # one gone, not yet replaced
    assert game.can_undo
    game.choose("end")
    assert sum(len(d) for d in st.private_display.values()) == 6


def test_without_the_option_no_turn_asks_to_be_ended():
    game = new_game()
    for _ in range(40):
        assert game.prompt.kind != PromptKind.END_TURN
        game.choose(game.prompt.choices[0].key)
