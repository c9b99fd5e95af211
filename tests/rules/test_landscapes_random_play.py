"""Soak test of the China Challenge's landscapes: 200 whole random games on the landscapes test board
(tests/boards/landscapes.toml) with the "china" module, 1-4 seats, 0-3 Automas, laid out by the China
Challenge's setup, checked after every decision; the landscapes are built and yield tiles taken, the Automas
never build one."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from barrage_tui.rules import board_files
from barrage_tui.rules.automa_levels import is_automa
from barrage_tui.rules.modules.china import china

from ..soak import failures, mixed, play_many, shortfalls

from .landscape_setup import BOARD

pytestmark = pytest.mark.slow

MODULES = ("china",)
GAMES = int(os.environ.get("SOAK_GAMES", 200))


def landscape_things(game) -> Counter:
    st = game.state
    return Counter({**{f"built {s}": 1 for s in china(st).built},
                    "yield tiles taken": len(china(st).taken),
                    "by an Automa": sum(is_automa(game, seat) for seat in china(st).built.values()),
                    "second objective": bool(china(st).objective_chosen)})


SEEN = {"landscapes": (landscape_things, {**{f"built {code}": 1 for code in board_files.load(BOARD).landscapes},
                                           "yield tiles taken": 100, "second objective": 1})}


@pytest.fixture(scope="module")
def run():
    return play_many(GAMES, 29, mixed(MODULES, BOARD, introductory=None), SEEN)


def test_200_games_with_landscapes_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}


def test_landscapes_were_built_and_yield_tiles_taken(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
    assert totals["landscapes", "by an Automa"] == 0
