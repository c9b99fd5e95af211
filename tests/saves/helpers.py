"""Random games for the save tests: whole games played by the sim's weighted random bot, cached."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import Setup
from barrage_tui.rules.sim import play_random, random_setup

DATA = Path(__file__).parent / "data"
HANDMADE = DATA / "handmade-position.toml"


@cache
def random_game_log(seed: int, players: int | None = None, introductory: bool | None = None) -> tuple[Setup, tuple[str, ...]]:
    """The setup and whole choice log of one random game (deterministic in its arguments)."""
    r = random.Random(seed)
    setup = random_setup(r, players, introductory)
    result = play_random(setup, r.randrange(2**31), check=False)
    assert not result.error, result.error
    return setup, tuple(result.keys)


def game_at(setup: Setup, keys, n: int) -> Game:
    """A fresh copy of the game after its first ``n`` choices (with undo snapshots, as the app plays)."""
    fresh = Setup(setup.seats, setup.introductory, setup.seed, setup.promo_officers, dict(setup.options))
    return Game.replay(fresh, list(keys[:n]))


def game_in_round(setup: Setup, keys, round_: int, after: int = 5) -> Game:
    """A fresh copy of the game ``after`` choices into its round ``round_``."""
    probe, n = game_at(setup, keys, 0), 0
    while probe.state.round < round_:
        probe.choose(keys[n])
        n += 1
    game = game_at(setup, keys, n + after)
    assert game.state.round == round_
    return game


def keys_of(game: Game):
    return None if game.prompt is None else game.prompt.keys()


def assert_same_game(a: Game, b: Game) -> None:
    assert a.state == b.state
    assert keys_of(a) == keys_of(b)
    assert a.log == b.log
    assert a.over == b.over


ROOT = Path(__file__).resolve().parents[2]
HEADER = 'format = "barrage-tui"\nversion = 2\n'

# Run in a child whose CPU time (per step) and address space are capped: a regression to a slow or
# memory-hungry path then fails by hitting the cap, not by a timing assertion in the test.
_LIMITED = """
import json, resource, sys, tracemalloc
resource.setrlimit(resource.RLIMIT_AS, ({memory}, resource.getrlimit(resource.RLIMIT_AS)[1]))

def step(name, do):
    usage = resource.getrusage(resource.RUSAGE_SELF)
    budget = int(usage.ru_utime + usage.ru_stime) + 1 + {cpu}  # whole seconds: the step gets cpu to cpu + 1 s
    resource.setrlimit(resource.RLIMIT_CPU, (budget, resource.getrlimit(resource.RLIMIT_CPU)[1]))
    print("running", name, flush=True)  # the last line a killed child printed names the culprit
    tracemalloc.start()
    try:
        result = do()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    print(json.dumps({{"name": name, "result": result, "peak": peak}}), flush=True)
"""


def run_limited(body: str, *args: str, cpu_seconds: int = 1, memory: int = 2 << 30) -> list[dict]:
    """Run ``body`` (Python using ``step(name, function)``) in a capped child; the steps' results, each
    with its peak traced memory. Fails, naming the step, if the child is killed or blocks."""
    code = _LIMITED.format(cpu=cpu_seconds, memory=memory) + body
    try:
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    except subprocess.TimeoutExpired as exc:  # blocked (a FIFO opened for reading waits without using CPU)
        raise AssertionError(f"the child blocked; it printed: {exc.stdout!r}") from None
    lines = done.stdout.splitlines()
    assert done.returncode == 0, f"killed or failed at {lines[-1:]} ({done.returncode}): {done.stderr[-2000:]}"
    return [json.loads(line) for line in lines if line.startswith("{")]
