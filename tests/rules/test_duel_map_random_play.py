"""Soak test of the Duel map: 200 whole random 2-player games on data/boards/duel.toml (like ``sim --board
duel`` and ``sim --board duel --modules duel``), by turns without and with the Duel board, with and without
an Automa, checked after every decision (the invariants include: nothing built on a blocked space); every
Reward tile of the Duel board taken, every preparation tile laid and a Powerhouse tile sent back to the box
at position 8 at least once over the run."""

from __future__ import annotations

from collections import Counter

import pytest

from barrage_tui.rules import board_files, preparation
from barrage_tui.rules.decisions import EventKind
from barrage_tui.rules.sim import automa_setup, random_setup

from ..soak import failures, play_many, shortfalls
from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.modules.duel.state import DuelEvent, duel as duel_state

pytestmark = pytest.mark.slow

GAMES = 200


def duel_map_things(game) -> Counter:
    """The Duel board's Reward tiles taken, the preparation tiles laid, and those sent back to the box."""
    found = Counter(e.data["tile"] for e in game.events if e.kind == DuelEvent.REWARD)
    for tile, _, space in preparation.laid(game.board, game.state.preparation):
        found[f"laid {tile.id}" if space else "back in the box"] += 1
    return found


def wanted() -> dict[str, int]:
    tiles = board_files.load("duel").preparation_tiles
    return dict.fromkeys([*duel.board().tiles, "back in the box", *(f"laid {t.id}" for t in tiles)], 1)


SEEN = {"the Duel map": (duel_map_things, wanted())}


@pytest.fixture(scope="module")
def run():
    def setup_of(r, i):  # every second game against an Automa; 3 games in 4 with the Duel board (its 14 tiles)
        modules = () if i % 8 < 2 else ("duel",)
        if i % 2:
            return automa_setup(r, 1, modules=modules, board="duel")
        return random_setup(r, None, False, modules=modules, board="duel")
    return play_many(GAMES, 142, setup_of, SEEN)


def test_200_games_on_the_duel_map_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {2}
    assert {("duel" in x.state.modules, sum(s.kind == "automa" for s in x.setup.seats)) for x in results} == {
        (False, 0), (False, 1), (True, 0), (True, 1)}
    assert all(x.state.preparation for x in results)


def test_every_reward_tile_taken_and_every_preparation_tile_at_work(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
