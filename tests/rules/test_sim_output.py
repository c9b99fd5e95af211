"""``barrage-tui sim``'s own output: its help lists the modules of modules.toml, a run whose games all fail at
setup says so honestly (and fails), and the Automa report copes with (almost) no Automa turn."""

from __future__ import annotations

import random

import pytest

import automa
from barrage_tui.cli import main
from barrage_tui.rules import sim
from barrage_tui.rules.setup import known_modules


def test_the_help_lists_every_module_of_the_data(capsys):
    with pytest.raises(SystemExit) as done:
        main(["sim", "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    listed = text.split("comma-separated: ")[1].split(" --")[0]
    assert listed == ", ".join(known_modules())  # china too, in the data's order


def test_a_run_whose_games_all_fail_at_setup_says_so_and_fails():
    lines: list[str] = []
    status = sim.run(2, 4, 1, modules=("duel",), out=lines.append)  # the Duel refuses 4 seats at setup
    assert status == 1
    engine, summary = lines[-2], lines[-1]
    assert "games_per_s=n/a" in engine and "no game was set up" in engine
    assert summary.startswith("games=2 errors=2 ") and "games_per_s=0 " in summary


def _with_automa_turns(n: int) -> sim.GameResult:
    """A game cut off after its first ``n`` Automa turns (no score: it did not end)."""
    setup = sim.automa_setup(random.Random(3), 1, 2, "medium")
    for most in range(400):
        result = sim.play_random(setup, 3, check=False, max_decisions=most, attach=automa.attach)
        if len(result.automa_turn_s) == n:
            return result
    raise AssertionError(f"no cut with {n} Automa turns")


@pytest.mark.parametrize("turns", [0, 1])
def test_the_automa_report_copes_with_almost_no_automa_turn(turns):
    lines: list[str] = []
    sim.automa_report([_with_automa_turns(turns)], lines.append)
    assert lines[0] == "automa_avg_score n/a (no finished game)"
    assert lines[1].startswith(f"automa_turns={turns}")


def _summary(lines: list[str]) -> list[str]:
    """A run's output without its timings: the averages, the Automa's scores, the game/error/violation counts."""
    return [line if line.startswith(("avg_", "automa_avg")) else line.split(" games_per_s")[0]
            for line in lines if not line.startswith(("engine alone", "automa_turns"))]


@pytest.mark.parametrize("automas", [0, 1])
def test_games_on_two_processes_are_the_games_of_one(automas):
    runs = {}
    for jobs in (1, 2):
        lines: list[str] = []
        assert sim.run(3, 2, 11, automas=automas, attach=automa.attach if automas else None, jobs=jobs,
                       out=lines.append) == 0
        runs[jobs] = lines
    assert _summary(runs[2]) == _summary(runs[1])
    assert runs[2][-1].startswith("games=3 errors=0 violations=0 ")
    assert "per process, 2 processes" in next(x for x in runs[2] if x.startswith("engine alone"))
