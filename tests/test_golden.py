"""The golden games play exactly as pinned (tests/golden.py says why and how to re-pin)."""

import pytest

from tests.golden import GAMES, fingerprint, pins


def test_every_chief_engineer_and_seat_count_is_in_a_golden_game():
    officers = {s.officer for setup in GAMES.values() for s in setup.seats}
    from barrage_tui.rules.components import BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS

    assert set(BASE_OFFICERS + PROMO_OFFICERS + EXPANSION_OFFICERS) <= officers
    assert {len(setup.seats) for setup in GAMES.values()} == {1, 2, 3, 4}
    assert {s.difficulty for setup in GAMES.values() for s in setup.seats if s.kind == "automa"} == {
        "easy", "medium", "hard", "very_hard"}
    assert set(pins()) == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_plays_as_pinned(name):
    pinned = pins()[name]
    assert fingerprint(GAMES[name]) == (pinned["decisions"], pinned["hash"])
