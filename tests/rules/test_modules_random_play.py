"""Soak test of the expansion modules: 200 whole random games with "overseas" and "geological" on, 1-4 seats,
0-3 Automas, checked after every decision; every Geological token's effect seen (counted from the games'
events), Japan and Brazil each in at least 20 games, and their own construction rules at work."""

from __future__ import annotations

from collections import Counter

import pytest

from barrage_tui.rules.modules.geological import rules as geology
from barrage_tui.rules.modules.geological.state import tokens_of

from ..soak import failures, mixed, play_many, shortfalls

pytestmark = pytest.mark.slow

GAMES = 200
MODULES = ("overseas", "geological")


def token_effects(game) -> Counter:
    """The Geological tokens whose effect acted (their effect events carry ``data["token"]``)."""
    return Counter(e.data["token"] for e in game.events if e.kind == geology.EVENT and "token" in e.data)


def companies(game) -> Counter:
    return Counter(c.company for c in game.state.companies)


def overseas_rules(game) -> Counter:
    """Japan's and Brazil's own rules at work: a dam without a Base standing, machinery lost for good."""
    return Counter({"elevation without a base": sum(not d.base for d in game.state.dams.values()),
                    "machinery lost": sum(sum(c.machinery_lost) for c in game.state.companies)})


# What the games must have shown: a counter of a finished game, and how often each key must have been seen
# over the run.
SEEN = {
    "token effects": (token_effects, dict.fromkeys(geology.box().tokens, 1)),
    "companies": (companies, {"japan": 20, "brazil": 20}),
    "overseas rules": (overseas_rules, {"elevation without a base": 1, "machinery lost": 1}),
}


@pytest.fixture(scope="module")
def run():
    return play_many(GAMES, 12, mixed(MODULES), SEEN)


def test_200_games_with_the_modules_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}
    assert {sum(s.kind == "automa" for s in x.setup.seats) for x in results} == {0, 1, 2, 3}
    assert all(tokens_of(x.state) for x in results)


def test_every_token_effect_and_the_rest_was_seen(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
