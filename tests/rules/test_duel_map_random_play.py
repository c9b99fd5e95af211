"""Soak test of the Duel map: 200 whole random 2-player games on data/boards/duel.toml (like ``sim --board
duel`` and ``sim --board duel --modules duel``), by turns without and with the Duel board, with and without
an Automa, checked after every decision (the invariants include: nothing built on a blocked space); every
Reward tile of the Duel board taken, every preparation tile laid and a Powerhouse tile sent back to the box
at position 8 at least once over the run."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import automa
from barrage_tui.rules import board_files, duel, preparation
from barrage_tui.rules.decisions import EventKind
from barrage_tui.rules.sim import automa_setup, play_random, random_setup

pytestmark = pytest.mark.slow

GAMES = 200


def seen(game) -> Counter:
    """The Duel board's Reward tiles taken, the preparation tiles laid, and those sent back to the box."""
    found = Counter(e.data["tile"] for e in game.events if e.kind == EventKind.DUEL_REWARD)
    for tile, _, space in preparation.laid(game.board, game.state.preparation):
        found[f"laid {tile.id}" if space else "back in the box"] += 1
    return found


@pytest.fixture(scope="module")
def run():
    r = random.Random(142)
    totals: Counter = Counter()
    results = []
    for i in range(GAMES):
        modules = () if i % 8 < 2 else ("duel",)  # 3 games in 4 with the Duel board: its 14 tiles to take
        setup = (automa_setup(r, 1, modules=modules, board="duel") if i % 2
                 else random_setup(r, None, False, modules=modules, board="duel"))
        results.append(play_random(setup, r.randrange(2**31), check=True, attach=automa.attach,
                                   watch=lambda game: totals.update(seen(game))))
    return results, totals


def test_200_games_on_the_duel_map_without_error_or_violation(run):
    results, _ = run
    failed = [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {2}
    assert {(bool(x.state.duel_markers), sum(s.kind == "automa" for s in x.setup.seats)) for x in results} == {
        (False, 0), (False, 1), (True, 0), (True, 1)}
    assert all(x.state.preparation for x in results)


def test_every_reward_tile_taken_and_every_preparation_tile_at_work(run):
    _, totals = run
    wanted = [*duel.board().tiles, "back in the box", *(f"laid {t.id}" for t in board_files.load("duel").preparation_tiles)]
    short = [key for key in wanted if totals[key] < 1]
    assert not short, (short, totals)
