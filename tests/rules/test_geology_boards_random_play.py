"""Soak test of the Geological Factor on every shipped board (base, yellow-river, duel) and on the small test
board (tests/boards/small.toml, 3 valleys): whole random games, by turns without and with an Automa, checked
after every decision; every game lays one token per valley at most (validation checks where they lie) and
some Geological token acts on each board. ``GAMES`` per board (the issue's check: the "all game boards" line)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from barrage_tui.rules import board_files
from barrage_tui.rules.sim import automa_setup, random_setup
from barrage_tui.rules.modules.geological.state import tokens_of
from barrage_tui.rules.modules.geological import rules as geology

from ..soak import failures, play_many, shortfalls

pytestmark = pytest.mark.slow

GAMES = 24  # per board
SMALL = str(Path(__file__).parents[1] / "boards" / "small.toml")
BOARDS = ("base", "yellow-river", "duel", SMALL)


def token_events(game) -> Counter:
    """Whether a Geological token acted or was paid for in the game (its events)."""
    return Counter("a token at work" for e in game.events if e.kind == geology.EVENT and "tokens" not in e.data)


SEEN = {"geology": (token_events, {"a token at work": 1})}


@pytest.fixture(scope="module", params=BOARDS, ids=lambda b: Path(b).stem)
def run(request):
    board = request.param
    modules = ("geological", "china") if board == "yellow-river" else ("geological",)

    def setup_of(r, i):  # every second game against an Automa (one: the Duel map seats only 2)
        if i % 2:
            return automa_setup(r, 1, modules=modules, board=board)
        return random_setup(r, None, False, modules=modules, board=board)
    return board, play_many(GAMES, 19, setup_of, SEEN)


def test_games_with_the_geological_factor_on_every_board_without_error_or_violation(run):
    board, (results, totals) = run
    failed = failures(results)
    assert not failed, failed[0]
    valleys = {str(z) for z in geology.valleys(board_files.load(board))}
    assert all(tokens_of(x.state) and set(tokens_of(x.state)) <= valleys for x in results)
    assert {sum(s.kind == "automa" for s in x.setup.seats) for x in results} == {0, 1}
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
