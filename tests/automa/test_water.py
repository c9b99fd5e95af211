"""The Water Management box and every drop the Automa places (reference automa.md 5.2): only drops that end
in its own dams with room, headstreams in the criteria card's letter order, the drops already waiting
counted first, two drops together when another dam upstream catches the first."""

import pytest

from automa.boxes.water import next_headstream
from automa.context import Context

from .helpers import (AUTOMA, HUMAN, NEUTRAL, automa_game, clear_map, decide, ops, put_dam, put_powerhouse,
                      set_cards, wait_drops)

FLOWING = 2  # card 2: Production (impossible here), then Water Management: 1 drop that flows at once
WAITING = 1  # card 1: Production, then Water Management: 2 drops that wait for the Water Flow


@pytest.fixture
def game():
    g = automa_game()
    clear_map(g)
    return g


def water_ops(choice):
    i = next(i for i, op in enumerate(ops(choice)) if op.startswith("water:"))
    answers = []
    for op in ops(choice)[i + 1:]:
        if not op.startswith("="):
            break
        answers.append(op[1:])
    return ops(choice)[i - 1:i + 1], answers


def test_a_flowing_drop_goes_where_it_reaches_its_own_dam(game):
    put_dam(game, "B5L", AUTOMA)  # HB -> basin 2 -> basin 5
    set_cards(game, action=FLOWING, criteria=1)  # letters A B C
    choice = decide(game)
    assert water_ops(choice) == (["eng:water-p2:1", "water:1:flow"], ["headstream:HB"])
    game.choose(choice.key)
    assert game.state.dams["B5L"].drops == 1


def test_no_drop_reaches_a_dam_with_room_no_water_box(game):
    put_dam(game, "B5L", AUTOMA, drops=1)  # full
    put_dam(game, "B8L", NEUTRAL)  # neutral dams do not count
    set_cards(game, action=FLOWING, criteria=1)
    choice = decide(game)
    assert not any(op.startswith("water") for op in ops(choice))
    assert "Water Management (1 drop, flowing): skipped, no drop would reach one of its dams with room" in choice.label


@pytest.mark.parametrize("criteria, head", [(1, "HC"), (4, "HD"), (6, "HC"), (7, "HD")])
def test_equal_headstreams_are_chosen_by_the_card_letters(game, criteria, head):
    put_dam(game, "B10L", AUTOMA)  # reached from HC (basins 3, 6) and from HD (basins 4, 7)
    set_cards(game, action=FLOWING, criteria=criteria)  # letters: 1 ABC, 4 DAB, 6 CBA, 7 BAD
    assert water_ops(decide(game))[1] == [f"headstream:{head}"]


def test_the_fourth_letter_counts_when_the_printed_three_do_not_reach(game):
    put_dam(game, "B7L", AUTOMA)  # only HD reaches basin 7
    set_cards(game, action=FLOWING, criteria=1)  # A B C, then D
    assert water_ops(decide(game))[1] == ["headstream:HD"]


def test_drops_already_waiting_take_the_room_first(game):
    put_dam(game, "B5L", AUTOMA)  # room for 1
    wait_drops(game, "HB", 1)  # this drop will fill it at the Water Flow
    set_cards(game, action=WAITING, criteria=1)
    choice = decide(game)
    assert "Water Management (2 drops): skipped, no drop would reach one of its dams with room" in choice.label


def test_it_places_only_the_drops_that_reach_its_dams(game):
    put_dam(game, "B5L", AUTOMA)  # room for 1 of the 2 drops
    set_cards(game, action=WAITING, criteria=1)
    choice = decide(game)
    assert water_ops(choice) == (["eng:water-p2:1", "water:2:wait"], ["headstream:HB", "done"])
    game.choose(choice.key)
    assert game.state.headstream_drops["HB"] == 1 and sum(game.state.headstream_drops.values()) == 1


def test_two_drops_together_when_a_dam_upstream_catches_the_first(game):
    put_dam(game, "B2U", HUMAN)  # room 1, above the Automa's dam in basin 5
    put_dam(game, "B5L", AUTOMA)
    set_cards(game, action=WAITING, criteria=1)
    assert water_ops(decide(game))[1] == ["headstream:HB", "headstream:HB"]


def test_a_single_flowing_drop_caught_upstream_is_not_placed(game):
    put_dam(game, "B2U", HUMAN)
    put_dam(game, "B5L", AUTOMA)
    set_cards(game, action=FLOWING, criteria=1)
    assert not any(op.startswith("water") for op in ops(decide(game)))


def test_the_usa_at_hard_prefers_the_headstream_whose_drops_pass_its_powerhouses():
    def position(level):
        g = automa_game(level=level, company="usa", human=("italy", "wilhelm"))
        clear_map(g)
        put_dam(g, "B10L", AUTOMA)
        for ph in ("P7_0", "P11_0", "P12_0"):  # 3 powerhouses: the ability is on (at Hard)
            put_powerhouse(g, ph, AUTOMA)
        set_cards(g, action=FLOWING, criteria=1)  # letters A B C D: HC before HD
        return g

    assert water_ops(decide(position("medium")))[1] == ["headstream:HC"]
    assert water_ops(decide(position("hard")))[1] == ["headstream:HD"]  # HD passes P7: 1 energy


def test_reward_drops_follow_the_same_rule(game):
    put_dam(game, "B5L", AUTOMA)
    put_dam(game, "B7L", AUTOMA)
    set_cards(game, action=FLOWING, criteria=4)
    ctx = Context(game, AUTOMA)
    ctx.do("flip")
    assert next_headstream(ctx, 2, flowing=True) == "HD"  # letters D A B
    game.state.dams["B7L"].drops = 1
    ctx = Context(game, AUTOMA)
    assert next_headstream(ctx, 2, flowing=True) == "HB"
