"""The golden games play exactly as pinned (tests/golden.py says why and how to re-pin)."""

from pathlib import Path

import pytest

from tests.golden import GAMES, first_round_log, fingerprint, pins

# The hash says *that* a golden game changed; these say *what*, in the words a player reads: the log of the
# first round of a few of them (the base game against the Automa, every module at once, the Duel, the China
# Challenge). `pytest --snapshot-update` after an intended change, and read the diff.
LOGGED = ("graziano-vs-medium", "all-modules-four", "duel-board", "china-challenge-yellow-river")


def test_every_chief_engineer_and_seat_count_is_in_a_golden_game():
    officers = {s.officer for setup in GAMES.values() for s in setup.seats}
    from barrage_tui.rules.components import BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, components

    assert set(BASE_OFFICERS + PROMO_OFFICERS + EXPANSION_OFFICERS) <= officers
    low, high = components().seats
    assert {len(setup.seats) for setup in GAMES.values()} == set(range(low, high + 1))
    assert {s.difficulty for setup in GAMES.values() for s in setup.seats if s.kind == "automa"} == {
        "easy", "medium", "hard", "very_hard"}
    assert set(pins()) == set(GAMES)


def test_every_module_and_shipped_board_is_in_a_golden_game():
    from barrage_tui.rules.board_files import board_ref
    from barrage_tui.rules.components import builtin_boards
    from barrage_tui.rules.setup import known_modules, modules

    played = [(modules(setup.options), board_ref(setup.options)) for setup in GAMES.values()]
    assert set(known_modules()) <= {m for switched_on, _ in played for m in switched_on}
    assert set(builtin_boards()) <= {board for _, board in played}
    assert any(len(switched_on) >= 3 for switched_on, _ in played), "a game with several modules at once"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_plays_as_pinned(name):
    pinned = pins()[name]
    assert fingerprint(GAMES[name]) == (pinned["decisions"], pinned["hash"])


@pytest.mark.parametrize("name", LOGGED)
def test_golden_games_first_round_reads_as_pinned(name, snapshot):
    snapshot.snapshot_dir = Path(__file__).parent / "snapshots" / "golden_first_round"
    snapshot.assert_match(first_round_log(GAMES[name]), f"{name}.txt")
