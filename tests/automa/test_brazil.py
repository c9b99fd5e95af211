"""The Automa as Brazil (seed 002's company; the Automa's rules say nothing of it, so these are decisions,
documented at automa/boxes/construction.choice and automa/answers.py): it takes the leftmost column whose
lost machinery it can pay, always pays a priced income (in VP), never negotiates; whole games never get
stuck nor break an invariant."""

import random

import pytest

import automa
from automa import income as automa_income
from barrage_tui.rules import company_board
from barrage_tui.rules.invariants import violations
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.sim import play_random

from .helpers import AUTOMA, automa_game, clear_map, decide, put_dam, set_cards

LEVELS = ("easy", "medium", "hard", "very_hard")


def brazil(excavators=6, mixers=4, level="hard"):
    """The Automa (seat 1) as Brazil, on an empty map, to act; its machinery counted as received."""
    game = automa_game(level=level, company="brazil")
    clear_map(game)
    a = game.state.companies[AUTOMA]
    a.excavators, a.mixers = excavators, mixers
    a.machinery_gained = [excavators, mixers]
    game.state.private_display["green"] = []  # (a dashed Contract Office box changes nothing here)
    return game, a


def test_it_takes_the_leftmost_column():
    game, a = brazil()
    set_cards(game, action=2, criteria=1)  # Base in the hills: 4 Excavators
    game.choose(decide(game).key)
    assert company_board.taken(a, "base") == [1] and a.machinery_lost == [0, 0, 0]
    assert violations(game) == []


def test_it_passes_a_column_whose_loss_it_cannot_pay_and_pays_a_priced_income_in_vp():
    game, a = brazil(excavators=4, mixers=1)
    put_dam(game, "B1L", AUTOMA)
    put_dam(game, "B2L", AUTOMA)  # columns 1 and 2 gone
    set_cards(game, action=2, criteria=1)  # a hills Base takes all 4 Excavators: column 3's loss can't be paid
    vp = a.vp
    choice = decide(game)
    assert "=column:4" in choice.key and "=income:base:4" in choice.key
    game.choose(choice.key)
    assert company_board.taken(a, "base") == [1, 2, 4] and a.machinery_lost == [0, 1, 0] and a.mixers == 0
    assert a.vp == vp - 2 + 6 and a.credits == 0  # its price and its credits, both as VP (the box is free)
    assert violations(game) == []


def test_no_column_it_can_pay_for_skips_the_box():
    game, a = brazil(excavators=4, mixers=0)
    put_dam(game, "B1L", AUTOMA)
    put_dam(game, "B2L", AUTOMA)
    set_cards(game, action=2, criteria=1)
    choice = decide(game)
    assert "skipped, not enough machinery for a Base" in choice.label
    game.choose(choice.key)
    assert violations(game) == []


def test_its_income_pays_every_priced_income():
    game, a = brazil()
    put_dam(game, "B1L", AUTOMA)
    company_board.take(a, "elevation", 4)  # 2 VP + 4 energy for 1 credit
    game.state.dams["B1L"].height = 2
    choice = automa_income.plan(game, AUTOMA)
    assert "=income:elevation:4" in choice.key, choice.key


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_with_the_automa_as_brazil(level):
    r = random.Random(level)
    for _ in range(2):
        seats = (SeatSetup("P1", company=r.choice(("usa", "italy", "france")), officer="wilhelm"),
                 SeatSetup("A", "automa", "brazil", "anton" if level == "very_hard" else "", level))
        result = play_random(Setup(seats, seed=r.randrange(2**31)), r.randrange(2**31), check=True,
                             attach=automa.attach)
        assert not result.error and not result.violations, (result.error, result.violations[:3])
        assert result.state.companies[1].pieces != {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}
