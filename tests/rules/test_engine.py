"""The decision engine: determinism, replay, refusal of illegal choices."""

import random

import pytest

from barrage_tui.rules.game import Game, IllegalChoice
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.sim import play_random, random_setup


def test_same_setup_and_keys_give_the_same_game():
    setup = random_setup(random.Random(5), players=4, introductory=False)
    result = play_random(setup, seed=11)
    assert not result.error and not result.violations
    a = Game.replay(setup, result.keys)
    b = Game.replay(setup, result.keys, keep_undo=False)
    assert a.over and b.over
    assert a.state == b.state
    assert [c.vp for c in a.state.companies] == result.scores


def test_illegal_keys_are_refused_and_change_nothing():
    r = random.Random(3)
    setup = Setup(seats=(SeatSetup("A"), SeatSetup("B"), SeatSetup("C")), seed=7)
    game = Game.new(setup)
    for _ in range(150):
        if game.over:
            break
        before = game.state.copy()
        log = list(game.log)
        bad = r.choice(["", "pass!", "place:nowhere", "space:B99U", "drops:-1", "contract:9999",
                        game.prompt.choices[0].key + "x"])
        with pytest.raises(IllegalChoice):
            game.choose(bad)
        assert game.state == before and game.log == log
        game.choose(r.choice(game.prompt.choices).key)


def test_undo_takes_back_the_last_choice_of_the_turn():
    setup = Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3)
    game = Game.new(setup)
    game.choose(game.prompt.choices[0].key)  # company and chief engineer of the first picker
    game.choose(game.prompt.choices[0].key)  # its starting contract
    assert not game.can_undo  # a new turn began: nothing to undo yet
    before = game.state.copy()
    prompt = game.prompt
    game.choose(next(c.key for c in prompt.choices if c.key.startswith("place:water-p2")))
    assert game.state != before
    assert game.undo()
    assert game.state == before
    assert game.prompt == prompt
    assert not game.undo()


def test_the_log_names_places_in_words():
    from barrage_tui.rules.actions import place_name

    assert place_name("turbine-b2") == "the Produce (+2) space"
    assert place_name("company-1-2") == "its construction space 2"
    assert place_name("mahiri-2") == "Mahiri Sekibo's space 2"
    assert place_name("wu-1") == "Wu Fang's space"
    setup = Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3)
    game = Game.new(setup)
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    events = game.choose("place:workshop-r1")
    assert "places 1 Engineer on the Turn the wheel 1 space" in events[0].text
