"""The random player itself (rules/sim.py): the sim command's report, a copy of a state, trying an offered
choice, the weighted pick. The random games are tests/test_random_play.py's."""

import dataclasses
import random
import time
from collections import Counter

from barrage_tui.rules import actions, buildable, production, sim
from barrage_tui.rules.engine.decisions import Prompt, PromptKind
from barrage_tui.rules.game import Game


def test_sim_command_reports_one_summary_line_last():
    lines = []
    code = sim.run(3, 2, 9, out=lines.append)
    assert code == 0
    assert lines[-1].startswith("games=3 errors=0 violations=0 games_per_s=")
    assert "decisions_per_s=" in lines[-1]
    assert lines[0].startswith("avg_structures=")


def test_sim_reports_a_failing_game_with_its_log(monkeypatch):
    # An engine that breaks an invariant mid-game: the run fails and prints what is needed to replay it.
    from barrage_tui.rules import invariants

    monkeypatch.setattr(sim, "violations", lambda game: ["water: a drop vanished"] if len(game.log) > 5 else [])
    lines = []
    assert sim.run(2, 2, 4, out=lines.append) == 1
    text = "\n".join(lines)
    assert "first failing game: setup=Setup(" in text and "choice log: " in text
    assert "water: a drop vanished" in text
    assert lines[-1].startswith("games=2 errors=0 violations=2")
    assert invariants.violations  # the real check is untouched


def _mutable_parts(x, found):
    """Every list, dict and dataclass object inside ``x``."""
    if isinstance(x, (list, dict)) or dataclasses.is_dataclass(x):
        found.append(x)
        parts = x if isinstance(x, list) else x.values() if isinstance(x, dict) else vars(x).values()
        for part in parts:
            _mutable_parts(part, found)
    return found


def test_a_copy_of_a_state_is_deep():
    # Undo and the offered-choice check play on copies: a copy equals the state and shares nothing with it.
    r = random.Random(7)
    for players in (1, 4):
        setup = sim.random_setup(r, players=players)
        keys = sim.play_random(setup, r.randrange(2**31), check=False).keys
        for n in (0, len(keys) // 2, len(keys)):
            state = Game.replay(setup, keys[:n], keep_undo=False).state
            copied = state.copy()
            assert copied == state and type(copied) is type(state)
            assert not {id(x) for x in _mutable_parts(state, [])} & {id(x) for x in _mutable_parts(copied, [])}


def test_trying_an_offered_choice_leaves_the_game_as_it_was():
    setup = sim.random_setup(random.Random(3), players=3)
    game = Game.new(setup, keep_undo=False)
    before = game.state.copy()
    assert all(sim.unplayable(game, c.key) == [] for c in game.prompt.choices)
    assert game.state == before
    assert sim.unplayable(game, "no-such-choice")[0].startswith("offered choice 'no-such-choice' fails")


def test_the_weighted_pick_draws_as_random_choices_does():
    # Same random draw as r.choices(..., weights): the same seed still plays the same games.
    game = Game.new(sim.random_setup(random.Random(5), players=2), keep_undo=False)
    choices = game.prompt.choices
    mine, theirs = random.Random(11), random.Random(11)
    for _ in range(200):
        expected = theirs.choices(choices, weights=[sim.weight(c.key) for c in choices])[0].key
        assert sim.pick(mine, game.prompt) == expected


def _first_turn() -> Game:
    """A 4-player game at its first action turn: nobody has a Dam, so no production space is legal yet."""
    r = random.Random(21)
    game = Game.new(sim.random_setup(r, 4, False), keep_undo=False, words=False)
    while game.prompt.kind != PromptKind.ACTION:
        game.choose(sim.pick(r, game.prompt))
    return game


def test_a_draw_from_a_turns_offer_keeps_the_odds_of_a_draw_among_the_legal_choices():
    game = _first_turn()
    seat = game.prompt.seat
    offer = actions.turn_offer(game, seat)
    legal = offer.choices()
    assert len(legal) < len(offer.candidates)  # (the production spaces are candidates, not legal)
    prompt = Prompt(seat, PromptKind.ACTION, "", offer)
    r, draws = random.Random(7), 6000
    drawn = Counter(sim.pick(r, prompt) for _ in range(draws))
    assert set(drawn) <= {c.key for c in legal}
    total = sum(sim.weight(c.key) for c in legal)
    for c in legal:
        assert abs(drawn[c.key] / draws - sim.weight(c.key) / total) < 0.02, c.key


class _FirstAlways(random.Random):
    def random(self) -> float:
        return 0.0  # (every draw takes the first candidate left)


def test_a_draw_from_a_turns_offer_asks_only_about_the_candidates_drawn(monkeypatch):
    game = _first_turn()
    seat = game.prompt.seat
    asked = []
    for module, name in ((production, "best_energy"), (buildable, "can_build"), (actions, "action_possible")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, real=real, name=name, **k: asked.append(name) or real(*a, **k))
    key = sim.pick(_FirstAlways(), Prompt(seat, PromptKind.ACTION, "", actions.turn_offer(game, seat)))
    drawing = list(asked)
    asked.clear()
    legal = actions.turn_offer(game, seat).choices()
    assert key == legal[0].key  # the first legal candidate: those before it (production spaces) set aside
    assert "best_energy" in drawing and "can_build" not in drawing
    assert "can_build" in asked and len(drawing) < len(asked)  # reading every choice asks about every one


def test_the_engines_time_counts_the_draw_which_asks_the_offers_checks(monkeypatch):
    real = sim.pick

    def slow_pick(r, prompt):
        time.sleep(0.002)
        return real(r, prompt)
    monkeypatch.setattr(sim, "pick", slow_pick)
    result = sim.play_random(sim.random_setup(random.Random(2), players=2), 5, check=False, max_decisions=40)
    assert result.decisions == 40 and result.engine_s >= 40 * 0.002
