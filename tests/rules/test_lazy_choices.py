"""Prices, reasons and labels are worked out when read (issue 20, item 7): a player that picks by key, as the
random player does, pays nothing for them; a client that reads them gets what the prompt always showed."""

from __future__ import annotations

import random

import pytest

from barrage_tui.rules import actions, construction, sim, water
from barrage_tui.rules.engine.decisions import Choice, LazyData, PromptKind, once
from barrage_tui.rules.game import Game


def _counting(monkeypatch, module, name: str) -> list[int]:
    """Count the calls of ``module.name`` (looked up at each call by the rules that use it)."""
    calls = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, counted)
    return calls


def _game_until(kind: str, seed: int = 4) -> Game:
    """A random 4-player game played on (picking by key) until a prompt of ``kind``."""
    r = random.Random(seed)
    game = Game.new(sim.random_setup(r, 4, False), keep_undo=False)
    while game.prompt is not None and game.prompt.kind != kind:
        game.choose(sim.pick(r, game.prompt))
    assert game.prompt is not None, f"no {kind} prompt"
    return game


def test_a_random_game_words_no_unaffordable_space_no_build_space_and_no_drop(monkeypatch):
    unaffordable = _counting(monkeypatch, actions, "unaffordable_spaces")
    space_label = _counting(monkeypatch, construction, "space_label")
    reaches = _counting(monkeypatch, water, "reaches")
    result = sim.play_random(sim.random_setup(random.Random(7), 4, False), 7, check=False)
    assert not result.error and result.structures > 10  # (it built, placed drops, took turns)
    assert any(k.startswith("headstream:") for k in result.keys)
    assert (unaffordable[0], space_label[0], reaches[0]) == (0, 0, 0)


def test_a_turns_unaffordable_spaces_are_worked_out_once_when_read(monkeypatch):
    game = _game_until(PromptKind.ACTION)
    calls = _counting(monkeypatch, actions, "unaffordable_spaces")
    prompt = game.prompt
    assert calls[0] == 0
    assert prompt.data["unavailable"] == actions.unaffordable_spaces(game, prompt.seat)
    assert dict(prompt.data) == {"unavailable": prompt.data["unavailable"]} and calls[0] == 2  # (one is ours)


def test_a_build_space_prompt_prices_its_spaces_when_read(monkeypatch):
    game = _game_until(PromptKind.BUILD_SPACE)
    calls = _counting(monkeypatch, construction, "space_label")
    prompt = game.prompt
    assert calls[0] == 0
    labels = [c.label for c in prompt.choices]
    assert calls[0] == len(prompt.choices)
    assert [c.label for c in prompt.choices] == labels and calls[0] == len(prompt.choices)  # worded once
    assert all(x.startswith(f"{c.refs[0]}: ") for x, c in zip(labels, prompt.choices))
    assert all("credits" in c.data and "red" in c.data for c in prompt.choices) and calls[0] == len(labels)
    assert isinstance(prompt.data["unavailable"], tuple)


def test_a_construction_lists_the_payments_of_the_chosen_space_only(monkeypatch):
    from barrage_tui.rules import buildable

    game = _game_until(PromptKind.BUILD_TILE)
    listed = _counting(monkeypatch, buildable, "each_payment")
    game.choose(game.prompt.choices[0].key)
    if game.prompt.kind != PromptKind.BUILD_SPACE:  # (Brazil: a column first)
        game.choose(game.prompt.choices[0].key)
    assert game.prompt.kind == PromptKind.BUILD_SPACE and listed[0] == 0  # offered: known payable, none listed
    game.choose(game.prompt.choices[-1].key)
    assert listed[0] == 1  # the chosen space's, for the payment's question
    assert game.prompt is not None


def test_a_choice_words_itself_once_and_compares_by_what_it_shows():
    worded = []

    def label() -> str:
        worded.append(1)
        return "Place 1 drop"
    lazy = Choice("drops:1", label, ("HA",), lambda: {"drops": 1})
    assert worded == []
    assert lazy.label == "Place 1 drop" and lazy.label == "Place 1 drop" and worded == [1]
    assert lazy == Choice("drops:1", "Place 1 drop", ("HA",), {"drops": 1})
    assert lazy != Choice("drops:1", "Place 2 drops", ("HA",), {"drops": 1})
    assert hash(lazy) == hash(Choice("drops:1", "Place 1 drop", ("HA",)))
    assert repr(lazy) == "Choice(key='drops:1', label='Place 1 drop', refs=('HA',), data={'drops': 1})"


def test_lazy_data_works_a_value_out_when_first_read():
    asked = []
    data = LazyData({"structure": "base"}, {"unavailable": lambda: asked.append(1) or (("B1", "why"),)})
    assert list(data) == ["structure", "unavailable"] and len(data) == 2 and asked == []
    assert data["unavailable"] == (("B1", "why"),) and data["unavailable"] == (("B1", "why"),) and asked == [1]
    assert data.get("missing") is None and dict(data) == {"structure": "base", "unavailable": (("B1", "why"),)}
    with pytest.raises(KeyError):
        data["missing"]


def test_once_does_its_work_at_the_first_call_only():
    done = []
    get = once(lambda: done.append(1) or len(done))
    assert (get(), get(), done) == (1, 1, [1])
