"""Soak test of the Duel board: 200 whole random 2-player games with "duel" on (every second one a person
against an Automa; every fourth pair also with the other modules), checked after every decision; every
Reward tile taken and every condition tile moving a marker at least once over the run."""

from __future__ import annotations

from collections import Counter

import pytest

from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.decisions import EventKind
from barrage_tui.rules.sim import automa_setup, random_setup

from ..soak import failures, play_many, shortfalls
from barrage_tui.rules.modules.duel.state import DuelEvent, duel as duel_state

pytestmark = pytest.mark.slow

GAMES = 200


def rewards_taken(game) -> Counter:
    return Counter(e.data["tile"] for e in game.events if e.kind == DuelEvent.REWARD)


def conditions_that_moved(game) -> Counter:
    return Counter(e.data["condition"] for e in game.events if e.kind == DuelEvent.ROW and e.data["steps"])


def automa_rewards(game) -> Counter:
    automas = {c.seat for c in game.state.companies if c.kind == "automa"}
    return Counter("by an Automa" for e in game.events if e.kind == DuelEvent.REWARD and e.seat in automas)


SEEN = {
    "reward tiles": (rewards_taken, dict.fromkeys(duel.board().tiles, 1)),
    "conditions": (conditions_that_moved, dict.fromkeys(duel.COUNTERS, 1)),
    "automa": (automa_rewards, {"by an Automa": 20}),
}


@pytest.fixture(scope="module")
def run():
    def setup_of(r, i):  # every second game against an Automa; every fourth pair with the other modules
        modules = ("duel",) if i % 4 < 2 else ("duel", "overseas", "geological")
        return automa_setup(r, 1, modules=modules) if i % 2 else random_setup(r, None, False, modules=modules)
    return play_many(GAMES, 14, setup_of, SEEN)


def test_200_duel_games_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {2}
    assert {sum(s.kind == "automa" for s in x.setup.seats) for x in results} == {0, 1}
    assert all(len(duel_state(x.state).markers) == duel.ROWS for x in results)


def test_every_reward_tile_taken_and_every_condition_at_work(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
