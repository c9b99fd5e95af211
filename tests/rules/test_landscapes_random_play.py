"""Soak test of the China Challenge's landscapes: 200 whole random games on the landscapes test board
(tests/boards/landscapes.toml) with the "china" module, 1-4 seats, 0-3 Automas, laid out by the China
Challenge's setup, checked after every decision; the landscapes are built and yield tiles taken, the Automas
never build one."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import automa
from barrage_tui.rules.automa_levels import is_automa
from barrage_tui.rules.sim import automa_setup, play_random, random_setup

from .landscape_setup import BOARD

pytestmark = pytest.mark.slow

MODULES = ("china",)
GAMES = int(__import__("os").environ.get("SOAK_GAMES", 200))


def seen(game) -> Counter:
    st = game.state
    return Counter({**{f"built {s}": 1 for s in st.landscapes_built},
                    "yield tiles taken": len(st.yields_taken),
                    "by an Automa": sum(is_automa(game, seat) for seat in st.landscapes_built.values()),
                    "second objective": bool(st.extra_objective)})


@pytest.fixture(scope="module")
def run():
    r = random.Random(29)
    totals: Counter = Counter()
    results = []
    for i in range(GAMES):
        automas = i % 4
        setup = (automa_setup(r, automas, modules=MODULES, board=BOARD) if automas
                 else random_setup(r, None, None, modules=MODULES, board=BOARD))
        results.append(play_random(setup, r.randrange(2**31), check=True, attach=automa.attach,
                                   watch=lambda game: totals.update(seen(game))))
    return results, totals


def test_200_games_with_landscapes_without_error_or_violation(run):
    results, _ = run
    failed = [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}


def test_landscapes_were_built_and_yield_tiles_taken(run):
    _, totals = run
    built = {k for k in totals if k.startswith("built ")}
    assert len(built) == 18 and totals["yield tiles taken"] >= 100 and totals["second objective"], totals
    assert totals["by an Automa"] == 0
