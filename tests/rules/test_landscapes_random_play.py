"""Soak test of the China Challenge's landscapes: 200 whole random games on the landscapes test board
(tests/boards/landscapes.toml), 1-4 seats, 0-3 Automas, laid out as tests/rules/landscape_setup.py does (and
China's advanced tiles in the level piles, 3 objective tiles beside A5), checked after every decision; the
landscapes are built and yield tiles taken, the Automas never build one."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import automa
from barrage_tui.rules.automa_levels import is_automa
from barrage_tui.rules.sim import automa_setup, play_random, random_setup

from .landscape_setup import BOARD, lay_out

pytestmark = pytest.mark.slow

GAMES = int(__import__("os").environ.get("SOAK_GAMES", 200))


def china_layout(game) -> None:
    """What the China Challenge's setup adds (the test's stand-in), then the Automa's hook."""
    st = game.state
    lay_out(game, st.seed)
    r = random.Random(st.seed)
    for level, tile in (("1", "CHINA_1"), ("2", "CHINA_2"), ("3", "CHINA_3")):
        if st.patent_piles.get(level):
            st.patent_piles[level].insert(r.randrange(len(st.patent_piles[level]) + 1), tile)
    st.landscape_objectives = r.sample(sorted({1, 2, 3, 4, 5, 6} - {st.objective}), 3)
    automa.attach(game)


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
        setup = (automa_setup(r, automas, board=BOARD) if automas else random_setup(r, None, None, board=BOARD))
        results.append(play_random(setup, r.randrange(2**31), check=True, attach=china_layout,
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
