"""Soak test of boards as data: 200 whole random games on the small test board (tests/boards/small.toml),
1-4 seats, 0-3 Automas, checked after every decision; water seen in its lake, productions through its
branching conduits' second valley and through its neutral powerhouse."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import automa
from barrage_tui.rules.sim import automa_setup, play_random, random_setup
from barrage_tui.rules.state import NEUTRAL

pytestmark = pytest.mark.slow

GAMES = 200
SMALL = str(Path(__file__).parents[1] / "boards" / "small.toml")


def seen(game) -> Counter:
    """What a finished game showed of the board's own things."""
    produced = [e.refs for e in game.events if e.kind == "production"]
    return Counter({"water in the lake": bool(game.state.lakes.get("L1")),
                    "a neutral powerhouse used": sum(refs[-1] == "Q3n" for refs in produced),
                    "a branch used": sum("K1" in refs and refs[-1].startswith("Q3") for refs in produced)})


@pytest.fixture(scope="module")
def run():
    r = random.Random(13)
    totals: Counter = Counter()
    results = []
    for i in range(GAMES):
        automas = i % 4
        setup = (automa_setup(r, automas, board=SMALL) if automas else random_setup(r, None, None, board=SMALL))
        results.append(play_random(setup, r.randrange(2**31), check=True, attach=automa.attach,
                                   watch=lambda game: totals.update(seen(game))))
    return results, totals


def test_200_games_on_the_small_board_without_error_or_violation(run):
    results, _ = run
    failed = [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}
    assert all(x.state is not None and x.state.powerhouses.get("Q3n") == NEUTRAL for x in results)


def test_the_boards_own_things_were_at_work(run):
    _, totals = run
    assert all(totals[k] >= 5 for k in ("water in the lake", "a neutral powerhouse used", "a branch used")), totals
