"""Soak test of the Duel board: 200 whole random 2-player games with "duel" on (every second one a person
against an Automa; every fourth pair also with the other modules), checked after every decision; every
Reward tile taken and every condition tile moving a marker at least once over the run."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import automa
from barrage_tui.rules import duel
from barrage_tui.rules.decisions import EventKind
from barrage_tui.rules.sim import automa_setup, play_random, random_setup

pytestmark = pytest.mark.slow

GAMES = 200


def rewards_taken(game) -> Counter:
    return Counter(e.data["tile"] for e in game.events if e.kind == EventKind.DUEL_REWARD)


def conditions_that_moved(game) -> Counter:
    return Counter(e.data["condition"] for e in game.events if e.kind == EventKind.DUEL_ROW and e.data["steps"])


def automa_rewards(game) -> Counter:
    automas = {c.seat for c in game.state.companies if c.kind == "automa"}
    return Counter("by an Automa" for e in game.events if e.kind == EventKind.DUEL_REWARD and e.seat in automas)


SEEN = {
    "reward tiles": (rewards_taken, dict.fromkeys(duel.board().tiles, 1)),
    "conditions": (conditions_that_moved, dict.fromkeys(duel.COUNTERS, 1)),
    "automa": (automa_rewards, {"by an Automa": 20}),
}


@pytest.fixture(scope="module")
def run():
    r = random.Random(14)
    totals = {name: Counter() for name in SEEN}

    def watch(game):
        for name, (count, _) in SEEN.items():
            totals[name].update(count(game))

    results = []
    for i in range(GAMES):
        modules = ("duel",) if i % 4 < 2 else ("duel", "overseas", "geological")
        setup = (automa_setup(r, 1, modules=modules) if i % 2 else random_setup(r, None, False, modules=modules))
        results.append(play_random(setup, r.randrange(2**31), check=True, attach=automa.attach, watch=watch))
    return results, totals


def test_200_duel_games_without_error_or_violation(run):
    results, _ = run
    failed = [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {2}
    assert {sum(s.kind == "automa" for s in x.setup.seats) for x in results} == {0, 1}
    assert all(len(x.state.duel_markers) == duel.ROWS for x in results)


def test_every_reward_tile_taken_and_every_condition_at_work(run):
    _, totals = run
    for name, (_, wanted) in SEEN.items():
        short = {key: totals[name][key] for key, least in wanted.items() if totals[name][key] < least}
        assert not short, (name, short)
