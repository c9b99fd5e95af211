"""The engine's speed beside an older commit's, measured side by side in one run (printed figures, not a test).

    .venv/bin/python tests/bench_engine.py [--commit cf552ea] [--games 40] [--rounds 3] [--seed 1]

The older commit is checked out in a temporary ``git worktree`` (removed afterwards); each round plays
``barrage-tui sim --players 4 --no-check`` in the older tree and in this one, one after the other, so that
a busy machine slows both alike. Each figure is the best of the rounds (the least disturbed), each ratio
the median of the rounds' own ratios.

``--exact N`` counts the instructions instead (valgrind's callgrind, when installed): N games beyond the
first in each tree, the same games, so the ratio is free of the shared machine's noise (a count is not a
time: Python's memory traffic is not in it; it takes about a minute per tree for N = 3).

Goals (issue 20, item 7): the engine alone, base game, 4 random players, at least 2 times the older commit's
games/s (cf552ea: the rules core before the expansions); with every module on, no slower than 1.5 times the
base game; an Automa turn's median (``--automa 2``) under 1 ms.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOX_MODULES = "overseas,geological,china"  # the expansion box's at four seats (the Duel and the extra board: 2, 5)
ALL_MODULES = BOX_MODULES + ",leeghwater"  # and the Leeghwater Project's
MODULE_SETS = {"box modules": BOX_MODULES, "all modules": ALL_MODULES}
SPEED_GOAL, MODULES_GOAL, AUTOMA_GOAL_MS = 2.0, 1.5, 1.0


def one_process(tree: Path) -> list[str]:
    """``sim``'s flag for playing in one process, where the tree's sim has it (an older one may not: it then
    plays in one anyway): else its games run on every core, and a count of the parent process misses them."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-m", "barrage_tui", "sim", "--help"], cwd=tree, env=env,
                          capture_output=True, text=True)
    return ["--jobs", "1"] if "--jobs" in done.stdout else []


def sim(tree: Path, games: int, seed: int, *args: str) -> str:
    """The output of one ``sim`` run with the code of ``tree`` (its own directory first on the path)."""
    command = [sys.executable, "-m", "barrage_tui", "sim", "--games", str(games), "--players", "4",
               "--seed", str(seed), "--no-check", *args]
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"sim failed in {tree}: {done.stderr.strip().splitlines()[-1:] or done.stdout}")
    return done.stdout


def figure(out: str, line: str, name: str) -> float:
    """The number after ``name=`` on the output line starting with ``line``."""
    found = next(x for x in out.splitlines() if x.startswith(line))
    match = re.search(rf"\b{name}=([\d.]+)", found)
    assert match, found
    return float(match.group(1))


def engine(out: str) -> float:
    return figure(out, "engine alone", "games_per_s")


def automa_median(out: str) -> float:
    return figure(out, "automa_turns", "automa_turn_median_ms")


def measure(old: Path, games: int, rounds: int, seed: int) -> tuple[dict[str, float], dict[str, float]]:
    """The best figure of each measure, and the median of each round's ratios (a round's runs follow one
    another, so they share the machine's load of the moment: their ratio varies less than the figures)."""
    best: dict[str, float] = {}
    ratios: dict[str, list[float]] = {"speed": [], **{name: [] for name in MODULE_SETS}}

    def keep(name: str, value: float, high: bool = True) -> float:
        best[name] = value if name not in best else (max if high else min)(best[name], value)
        return value

    one, theirs = ("--jobs", "1"), one_process(old)  # both trees on one process
    for i in range(rounds):
        was = keep("old", engine(sim(old, games, seed, *theirs)))
        now = keep("new", engine(sim(ROOT, games, seed, *one)))
        ratios["speed"].append(now / was)
        for name, ids in MODULE_SETS.items():
            ratios[name].append(now / keep(name, engine(sim(ROOT, games, seed, *one, "--modules", ids))))
        keep("automa_old", automa_median(sim(old, games // 2, seed, *theirs, "--automa", "2")), high=False)
        keep("automa_new", automa_median(sim(ROOT, games // 2, seed, *one, "--automa", "2")), high=False)
        print(f"round {i + 1}/{rounds}: " + " ".join(f"{k}={v:.2f}" for k, v in best.items()), file=sys.stderr)
    return best, {k: statistics.median(v) for k, v in ratios.items()}


def instructions(tree: Path, games: int, *args: str) -> int:
    """Instructions (valgrind's Ir) of ``games`` games of ``sim`` in ``tree``, the start-up taken off."""
    def count(n: int) -> int:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m",
                   "barrage_tui", "sim", "--games", str(n), "--players", "4", "--seed", "1", "--no-check", *args]
        done = subprocess.run(command, cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True,
                              text=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise SystemExit(f"valgrind gave no count in {tree}: {done.stderr.strip().splitlines()[-1:]}")
        return int(found.group(1))
    return count(games + 1) - count(1)


def exact(old: Path, commit: str, games: int) -> list[str]:
    """The instruction counts of the base game in both trees, and of each set of modules in this one."""
    mine, theirs = instructions(ROOT, games, "--jobs", "1"), instructions(old, games, *one_process(old))
    return [f"base game, {games} games beyond the first: this tree {mine / 1e6:.0f} M instructions, {commit} "
            f"{theirs / 1e6:.0f} M: ratio {theirs / mine:.2f} (goal >= {SPEED_GOAL})",
            *(f"{modules_words(name)}: {n / 1e6:.0f} M instructions: {name} / base = {n / mine:.2f}{goal_words(name)}"
              for name, n in ((name, instructions(ROOT, games, "--jobs", "1", "--modules", ids))
                              for name, ids in MODULE_SETS.items()))]


def report(commit: str, best: dict[str, float], ratio: dict[str, float]) -> list[str]:
    return [
        f"base game, 4 random players, engine alone: this tree {best['new']:.1f} games/s, {commit} "
        f"{best['old']:.1f} games/s (best of each): ratio {ratio['speed']:.2f} (median of the rounds' ratios; "
        f"goal >= {SPEED_GOAL})",
        *(f"{modules_words(name)}: {best[name]:.1f} games/s: base / {name} = {ratio[name]:.2f}{goal_words(name)}"
          for name in MODULE_SETS),
        f"Automa turn median (--automa 2): this tree {best['automa_new']:.2f} ms, {commit} "
        f"{best['automa_old']:.2f} ms (goal < {AUTOMA_GOAL_MS} ms)",
    ]


def modules_words(name: str) -> str:
    return f"{name} ({MODULE_SETS[name]})"


def goal_words(name: str) -> str:
    """The goal where it is set: on the expansion box's modules (the Leeghwater Project's figure is beside it)."""
    return f" (goal <= {MODULES_GOAL})" if name == "box modules" else " (no goal set: see the module docstring)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commit", default="cf552ea", help="the older commit (default cf552ea)")
    parser.add_argument("--games", type=int, default=40, help="games per run (default 40)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exact", type=int, metavar="N", default=0,
                        help="count instructions of N games instead of timing them (needs valgrind)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(old), args.commit],
                       check=True)
        try:
            if args.exact:
                lines = exact(old, args.commit, args.exact)
            else:
                best, ratio = measure(old, args.games, args.rounds, args.seed)
                lines = report(args.commit, best, ratio)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=True)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
