"""A step with one possible answer is taken at once, and the log says what was taken (issue 22, item 5):
"Germany: the only way to pay: 5 Excavators." - nothing is applied unseen."""

from barrage_tui.rules import production
from barrage_tui.rules.engine.decisions import Choice, EventKind, PromptKind
from barrage_tui.rules.game import Game

from .helpers import new_game
from .test_production import ME, position, put_conduit, put_dam, put_powerhouse


def take(game: Game, kind: str, choices: list[Choice]) -> str:
    """Run ``game.ask`` for a decision that never stops: the key it takes."""
    flow = game.ask(ME, kind, "How do you pay for the base?", choices)
    try:
        next(flow)
    except StopIteration as done:
        return str(done.value)
    raise AssertionError("a lone choice stopped for a decision")


def test_a_lone_choice_is_taken_at_once_and_logged_with_what_it_was():
    game = new_game()
    before = len(game.events)
    assert take(game, PromptKind.PAYMENT, [Choice("pay:5:0", "5 Excavators", ("B1U",))]) == "pay:5:0"
    [said] = game.events[before:]
    assert said.text == f"{game.name(ME)}: the only way to pay: 5 Excavators."
    assert (said.kind, said.seat, said.refs) == (EventKind.ONLY_CHOICE, ME, ("B1U",))
    assert said.data == {"prompt": PromptKind.PAYMENT, "key": "pay:5:0"}


def test_a_kind_without_words_of_its_own_is_the_only_choice():
    game = new_game()
    take(game, "a_module_kind", [Choice("x", "The one thing")])
    assert game.events[-1].text == f"{game.name(ME)}: the only choice: The one thing."


def test_a_production_with_one_path_says_the_path_it_took_worded_before_the_water_left():
    game = position()
    put_dam(game, "B5U", ME, drops=2)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    before = len(game.events)
    flow = production.produce(game, ME, 0)
    prompt = next(flow)  # the path is taken at once; the drops are asked
    assert prompt.kind == PromptKind.PRODUCTION_DROPS
    said = [e for e in game.events[before:] if e.kind == EventKind.ONLY_CHOICE]
    assert [e.data["key"] for e in said] == ["system:B5U:C5R:P10_0"]
    assert said[0].text.startswith(f"{game.name(ME)}: the only way its water can run: B5U (your, 2 drops) -> C5R")


def test_a_headless_run_and_a_trial_leave_them_unworded():
    game = new_game()
    assert game.scratch().words is False
    quiet = Game(game.setup, game.state.copy(), words=False)
    before = len(quiet.events)
    take(quiet, PromptKind.PAYMENT, [Choice("pay:5:0", "5 Excavators")])
    assert len(quiet.events) == before


def test_an_automas_steps_are_its_cards_and_not_worded_again():
    game = new_game()
    game.state.companies[ME].kind = "automa"
    before = len(game.events)
    take(game, PromptKind.PAYMENT, [Choice("pay:5:0", "5 Excavators")])
    assert len(game.events) == before
