"""The Automa's turn goes through the engine as ONE recorded step (its key), so a replay, an undo or a saved
game needs only the log - not the automa package."""

import pytest

from barrage_tui.rules import automa_deck
from barrage_tui.rules.engine.decisions import IllegalChoice
from barrage_tui.rules.game import Game
from barrage_tui.rules.invariants import violations

from .helpers import AUTOMA, HUMAN, automa_game, clear_map, decide, ops, set_cards


def play_rounds(game, decisions=60):
    """Play on: the Automa by its cards, the human always the first offered choice."""
    for _ in range(decisions):
        if game.prompt is None:
            break
        game.choose(game.prompt.choices[0].key)
    return game


def test_an_automa_turn_is_one_prompt_with_one_choice_and_one_log_entry():
    game = automa_game()
    prompt = game.prompt
    assert (prompt.kind, prompt.seat, len(prompt.choices)) == ("automa", AUTOMA, 1)
    game.choose(prompt.choices[0].key)
    assert game.log == [prompt.choices[0].key]
    assert game.prompt.seat == HUMAN


def test_the_label_tells_the_card_sides_the_box_taken_and_why_earlier_boxes_were_skipped():
    game = automa_game()
    clear_map(game)
    set_cards(game, action=3, criteria=12)
    choice = decide(game)
    assert choice.label.startswith("Action side of card 3, criteria side of card 12.")
    assert "Production (-1, green contract): skipped, no production system." in choice.label
    assert "Construction: Base: built on" in choice.label
    built = next(op for op in ops(choice) if op.startswith("=space:"))[len("=space:"):]
    assert built in choice.refs and f"company-{AUTOMA}" in choice.refs


def test_the_turn_is_logged_as_an_event_with_its_label():
    game = automa_game()
    choice = decide(game)
    events = game.choose(choice.key)
    assert events[0].kind == "automa" and choice.label in events[0].text


def test_a_replay_without_the_automa_package_rebuilds_the_same_game():
    game = play_rounds(automa_game(level="hard", seed=4), 120)
    replay = Game.replay(game.setup, game.log)  # no hook attached: each step is checked by applying it
    assert replay.state == game.state
    # the same events, but for the headline with the label the Automa's reasoning wrote
    assert [e for e in replay.events if e.kind != "automa"] == [e for e in game.events if e.kind != "automa"]
    assert (replay.prompt.kind, replay.prompt.seat) == (game.prompt.kind, game.prompt.seat)


def test_without_the_hook_the_automa_prompt_offers_no_choice_but_accepts_its_step():
    game = automa_game(attach=False)
    assert game.prompt.kind == "automa" and game.prompt.choices == ()
    hooked = automa_game()
    key = decide(hooked).key
    hooked.choose(key)
    game.choose(key)
    assert game.state == hooked.state and game.log == [key] and not violations(game)


@pytest.mark.parametrize("key", ["", "flip;flip;nonsense", "flip;eng:bank-b:99", "flip;=space:B1L",
                                 "flip;produce:0", "flip;build;=tile:base;=space:B1L;=space:B2L",
                                 "flip;eng:turbine-b1:2"])
def test_a_step_that_cannot_be_carried_out_is_refused_and_changes_nothing(key):
    for attach in (False, True):
        game = automa_game(attach=attach)
        clear_map(game)
        before = game.state.copy()
        with pytest.raises(IllegalChoice):
            game.choose(key)
        assert game.state == before and game.log == []


@pytest.mark.parametrize("key", ["vp:100", "flip;eng:bank-b:1;vp:1", "eng:bank-b:12;vp:50"])
def test_with_the_automa_attached_only_the_step_its_cards_give_is_accepted(key):
    game = automa_game()
    before = game.state.copy()
    with pytest.raises(IllegalChoice):
        game.choose(key)
    assert game.state == before and game.log == []
    game.choose(decide(game).key)
    assert game.log == [decide(automa_game()).key]


def test_without_the_automa_the_rules_core_alone_accepts_a_step_that_applies():
    game = automa_game(attach=False)
    game.choose("flip;eng:bank-b:1;vp:1")
    assert game.state.companies[AUTOMA].vp == 17 and game.state.bank[AUTOMA] == 1
    assert "bank-b" not in game.state.occupied  # the Bank stays open to everyone


def test_the_flip_reads_the_action_side_on_the_draw_pile_and_the_criteria_side_just_flipped():
    game = automa_game()
    st = game.state
    top, second = st.automa_draw[-1], st.automa_draw[-2]
    game.choose(decide(game).key)
    assert st.automa_discard == [top] and st.automa_draw[-1] == second
    assert decide(automa_game()).label.startswith(f"Action side of card {second}, criteria side of card {top}.")


def test_when_the_draw_pile_runs_out_the_rest_is_reshuffled_and_the_criteria_card_stays():
    game = automa_game()
    st = game.state
    st.automa_draw, st.automa_discard = [7], list(range(8, 21)) + list(range(1, 7))
    automa_deck.flip(st)
    assert st.automa_discard == [7] and sorted(st.automa_draw) == [c for c in range(1, 21) if c != 7]


def test_the_automas_turn_is_a_turn_boundary_the_humans_undo_stops_there():
    game = automa_game()
    step = decide(game).key
    game.choose(step)
    assert not game.can_undo  # the human's turn starts here
    game.choose("place:bank-b")  # the Bank asks how many Engineers
    assert game.prompt.kind == "bank" and game.can_undo
    assert game.undo() and game.log == [step] and game.prompt.kind == "action"
    assert not game.undo()


@pytest.mark.parametrize("level, officer, seed", [("very_hard", "graziano", 9), ("easy", "", 3), ("hard", "", 5),
                                                  ("very_hard", "mahiri", 2)])
def test_an_automa_is_only_ever_asked_through_its_own_steps_and_every_invariant_holds(level, officer, seed):
    game = automa_game(level=level, officer=officer, seed=seed)
    while game.prompt is not None:
        prompt = game.prompt
        if game.state.companies[prompt.seat].kind == "automa":
            assert prompt.kind == "automa" and len(prompt.choices) == 1
        game.choose(prompt.choices[-1].key)
        assert not violations(game)
    assert game.state.phase == "over"
