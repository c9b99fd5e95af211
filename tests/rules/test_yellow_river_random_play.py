"""Soak test of the Yellow River with the China Challenge: 200 whole random games with the "china" module on
the reconstructed board, 1-4 seats, 0-3 Automas, checked after every decision; its lakes, its branching
conduits, the China Challenge's setup and its game seen at work: every landscape built at least once over
the run, yield tiles taken, never by an Automa. ``SEEN`` is the table of what the games must have shown: add
a row for a new rule."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from barrage_tui.rules.modules.china import china

from ..soak import failures, mixed, play_many, shortfalls


pytestmark = pytest.mark.slow

GAMES = int(os.environ.get("SOAK_GAMES", 200))
BOARD = "yellow-river"
MODULES = ("china",)
BRANCHES = {"C2R": "P12_", "C7L": "P11_"}  # the branches open from the start -> their second valley's powerhouses


def lakes(game) -> Counter:
    """The natural lakes holding more water at the end than at setup (drops flowed into them and stayed)."""
    return Counter(lake for lake, drops in game.state.lakes.items() if drops > game.board.lakes[lake].drops)


def branches(game) -> Counter:
    """Productions through a branching conduit's branch (its second valley's powerhouse)."""
    produced = [e.refs for e in game.events if e.kind == "production"]
    return Counter(c for refs in produced for c, p in BRANCHES.items() if c in refs and refs[-1].startswith(p))


def setup_laid_out(game) -> Counter:
    """The China Challenge's setup, by player count: the yield tiles laid out, the objectives beside A5."""
    st = game.origin
    return Counter({f"{len(china(st).yields)} yield tiles with {st.seats} seats": 1,
                    "3 objectives beside A5": len(china(st).objectives) == 3})


def landscapes(game) -> Counter:
    """The landscapes built (by their space), the yield tiles taken, and those an Automa built (none)."""
    st = game.state
    by_automa = sum(game.state.companies[seat].kind == "automa" for seat in china(st).built.values())
    return Counter({**{space: 1 for space in china(st).built}, "yield tiles taken": len(china(st).taken),
                    "by an Automa": by_automa})


# What the games must have shown: a counter of a finished game, and how often each key must have been seen
# over the run.
SEEN = {
    "lakes": (lakes, {"LAKE_N": 20, "LAKE_S": 5}),
    "branches": (branches, {"C2R": 2, "C7L": 10}),
    "setup": (setup_laid_out, {"9 yield tiles with 1 seats": 1, "9 yield tiles with 2 seats": 1,
                               "15 yield tiles with 3 seats": 1, "18 yield tiles with 4 seats": 1,
                               "3 objectives beside A5": GAMES}),
    "landscapes": (landscapes, {**{f"{a}{n}": 1 for a in "ABC" for n in range(1, 7)},
                                "yield tiles taken": GAMES}),
}


@pytest.fixture(scope="module")
def run():
    return play_many(GAMES, 14, mixed(MODULES, BOARD), SEEN)


def test_200_games_on_the_yellow_river_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}
    assert {sum(s.kind == "automa" for s in x.setup.seats) for x in results} == {0, 1, 2, 3}
    assert all(x.state is not None and china(x.state).landscapes for x in results)


def test_the_boards_and_the_china_challenges_things_were_seen(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
    assert totals["landscapes", "by an Automa"] == 0
