"""Soak test of the China Challenge's company: 200 whole random games with the module "china" on, 1-4 seats,
0-3 Automas, checked after every decision; China in at least 30 of them, each of its Powerhouse pieces'
abilities at work and a pipeline fee paid (counted from the games' events)."""

from __future__ import annotations

from collections import Counter

import pytest

from barrage_tui.rules import china

from ..soak import failures, mixed, play_many, shortfalls

pytestmark = pytest.mark.slow

GAMES = 200
MODULES = ("china",)


def china_seats(game) -> Counter:
    return Counter({"china": 1} if any(c.company == "china" for c in game.state.companies) else {})


def china_rules(game) -> Counter:
    """China's rules at work: its pieces' abilities (their events), and fees paid through a Conduit of a
    company whose fee rises (the payment events name the Conduit's owner)."""
    st = game.state
    seen = Counter(e.data["ability"] for e in game.events if e.kind == china.EVENT)
    fees = [e.data for e in game.events if e.kind == "payment" and "owner" in e.data
            and st.companies[e.data["owner"]].company == "china"]
    seen["fee paid"] = len(fees)
    seen["raised fee paid"] = sum(1 for f in fees if f["credits"] > f["drops"])
    return seen


SEEN = {
    "games with China": (china_seats, {"china": 30}),
    "China's rules": (china_rules, {"production_plus_2": 1, "vp_per_2_energy": 1, "one_extra_drop": 1,
                                    "fee paid": 1, "raised fee paid": 1}),
}


@pytest.fixture(scope="module")
def run():
    return play_many(GAMES, 13, mixed(MODULES), SEEN)


def test_200_games_with_china_without_error_or_violation(run):
    results, _ = run
    failed = failures(results)
    assert not failed, failed[0]
    assert {len(x.setup.seats) for x in results} == {1, 2, 3, 4}
    assert {sum(s.kind == "automa" for s in x.setup.seats) for x in results} == {0, 1, 2, 3}


def test_china_played_its_pieces_and_was_paid_its_fee(run):
    _, totals = run
    assert not shortfalls(totals, SEEN), shortfalls(totals, SEEN)
