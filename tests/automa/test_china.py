"""The Automa as China (seed 002's company; the Automa's rules say nothing of it, so these are decisions,
documented at automa/boxes/construction.choice, automa/boxes/production.py and rules/companies/china.py): it keeps
China's construction rules (a Conduit's extra Mixer, fixed piece costs), builds the leftmost Powerhouse piece
it can pay for, counts the pipelines' value and its pieces' abilities (Medium and up) when it weighs a
production, and pays a China fee like any payment - in VP; whole games never get stuck nor break an
invariant."""

import random

import pytest

import automa
from automa.boxes import construction as construction_box
from automa.boxes import production as production_box
from barrage_tui.rules import company_board, production
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.sim import play_random

from .helpers import AUTOMA, HUMAN, NEUTRAL, automa_game, clear_map, put_conduit, put_dam, put_powerhouse, view

LEVELS = ("easy", "medium", "hard", "very_hard")


def china(mixers=6, level="hard"):
    """The Automa (seat 1) as China, on an empty map; its machinery counted as received."""
    game = automa_game(level=level, company="china")
    clear_map(game)
    a = game.state.companies[AUTOMA]
    a.mixers = mixers
    a.machinery_gained = [a.excavators, mixers]
    return game, a


def test_it_builds_the_cheapest_powerhouse_piece_it_can_pay_for():
    game, a = china(mixers=6)
    assert construction_box.plan(view(game, 1), "powerhouse").column == 1
    company_board.take(a, "powerhouse", 1)
    game.state.powerhouses["P5_0"] = AUTOMA
    game.state.powerhouse_pieces["P5_0"] = 1
    a.mixers = 3
    assert construction_box.plan(view(game, 1), "powerhouse").column == 2
    company_board.take(a, "powerhouse", 2)
    assert construction_box.plan(view(game, 1), "powerhouse") == "not enough machinery for a Powerhouse"


def test_its_conduit_needs_the_extra_mixer():
    game, a = china(mixers=0)
    assert construction_box.plan(view(game, 1), "conduit") == "not enough machinery for a Conduit"
    a.mixers = 1
    build = construction_box.plan(view(game, 1), "conduit")
    assert build.payment.mixers == 1


def weighed(level):
    """The Energy the Automa as China expects from 2 neutral drops through its C5R (value 4 + 1) into its
    5-Mixer piece (one drop more)."""
    game, a = china(level=level)
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)
    put_conduit(game, "C5R", AUTOMA)
    put_powerhouse(game, "P10_0", AUTOMA)
    game.state.powerhouse_pieces["P10_0"] = 4
    a.columns_taken = {"powerhouse": [4]}
    system = production.systems(game, AUTOMA, 0)[0]
    return production_box.system_energy(view(game, 1), system, 0)


def test_it_weighs_the_pipeline_value_and_its_pieces_ability_from_medium_on():
    assert weighed("medium") == 15  # (2 + 1) x 5
    assert weighed("easy") == 10  # no piece ability, as no Powerhouse-row bonus at Easy


def test_an_automa_pays_a_china_fee_in_vp():
    game = automa_game(level="hard", company="italy", human=("china", "wilhelm"))
    clear_map(game)
    put_conduit(game, "C1L", HUMAN)
    put_conduit(game, "C5R", HUMAN)  # China's 2nd: 2 credits per drop
    put_dam(game, "B5L", AUTOMA, height=2, drops=2)
    put_powerhouse(game, "P10_0", AUTOMA)
    st = game.state
    vp, credits = st.companies[AUTOMA].vp, st.companies[HUMAN].credits
    gen = production.produce(game, AUTOMA, 0)
    prompt = next(gen)
    try:
        while True:
            prompt = gen.send(prompt.keys()[-1])
    except StopIteration:
        pass
    assert st.companies[AUTOMA].vp == vp - 4 and st.companies[HUMAN].credits == credits + 4


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_with_the_automa_as_china(level):
    r = random.Random(level)
    for _ in range(2):
        seats = (SeatSetup("P1", company=r.choice(("usa", "italy", "france")), officer="wilhelm"),
                 SeatSetup("A", "automa", "china", "anton" if level == "very_hard" else "", level))
        result = play_random(Setup(seats, seed=r.randrange(2**31)), r.randrange(2**31), check=True,
                             attach=automa.attach)
        assert not result.error and not result.violations, (result.error, result.violations[:3])
        assert result.state.companies[1].pieces["powerhouse"] < 4
