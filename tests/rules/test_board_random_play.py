"""Soak test of boards as data: 200 whole random games on the small test board (tests/boards/small.toml),
1-4 seats, 0-3 Automas, checked after every decision; water seen in its lake, productions through its
branching conduits' second valley and through its neutral powerhouse."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from barrage_tui.rules.state import NEUTRAL

from ..soak import failures, mixed, play_many, shortfalls

pytestmark = pytest.mark.slow

GAMES = 200
SMALL = str(Path(__file__).parents[1] / "boards" / "small.toml")


def board_things(game) -> Counter:
    """What a finished game showed of the board's own things."""
    produced = [e.refs for e in game.events if e.kind == "production"]
    return Counter({"water in the lake": bool(game.state.lakes.get("L1")),
                    "a neutral powerhouse used": sum(refs[-1] == "Q3n" for refs in produced),
                    "a branch used": sum("K1" in refs and refs[-1].startswith("Q3") for refs in produced)})


SEEN = {"the board": (board_things, {"water in the lake": 5, "a neutral powerhouse used": 5, "a branch used": 5})}


@pytest.fixture(scope="module")
def run():
    return play_many(GAMES, 13, mixed(board=SMALL, introductory=None), SEEN)


def test_200_games_on_the_small_board_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}
    assert all(x.state is not None and x.state.powerhouses.get("Q3n") == NEUTRAL for x in results)


def test_the_boards_own_things_were_at_work(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
