"""Whole games against the Automa, checked after every decision: 100 games with 1-3 Automas at every level
(the other seats random players), with no error and no broken invariant; higher levels score more (the same tables played at each level, so the levels are compared on equal terms)."""

import random
import statistics
from dataclasses import replace

import pytest

pytestmark = pytest.mark.slow

import automa
from barrage_tui.cli import main
from barrage_tui.rules.sim import automa_scores, automa_setup, play_random

LEVELS = ("easy", "medium", "hard", "very_hard")
GAMES_PER_LEVEL = 25


@pytest.fixture(scope="module")
def results():
    """25 random tables (1-3 Automas, random human seats), each played at the four levels: 100 games."""
    r = random.Random(2026)
    out = []
    for i in range(GAMES_PER_LEVEL):
        table = automa_setup(r, 1 + i % 3, level="medium")
        seed = r.randrange(2**31)
        for level in LEVELS:
            seats = tuple(replace(s, difficulty=level) if s.kind == "automa" else s for s in table.seats)
            out.append(play_random(replace(table, seats=seats), seed, check=True, attach=automa.attach))
    return out


def test_100_whole_games_with_1_to_3_automas_at_every_level_without_error_or_violation(results):
    assert len(results) == 100
    failed = [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]
    assert not failed, failed[0]
    assert all(x.scores for x in results)
    kinds = {len([s for s in x.setup.seats if s.kind == "automa"]) for x in results}
    assert kinds == {1, 2, 3}


def test_every_automa_turn_is_timed_for_the_report(results):
    # the speed itself is a figure the sim prints (automa_turn_median_ms), not a threshold here
    steps = sum(1 for x in results for key in x.keys if key.startswith("flip;"))
    assert sum(len(x.automa_turn_s) for x in results) >= steps > 1000


def test_higher_levels_score_more(results):
    averages = [statistics.fmean(automa_scores(results)[level]) for level in LEVELS]
    assert averages == sorted(averages), dict(zip(LEVELS, averages))


def test_the_sim_command_plays_automa_games_and_prints_the_scores_per_level(capsys):
    assert main(["sim", "--games", "3", "--seed", "5", "--automa", "2", "--level", "hard"]) == 0
    out = capsys.readouterr().out
    assert "automa_avg_score hard=" in out and "automa_turn_median_ms=" in out
    assert "games=3 errors=0 violations=0" in out
