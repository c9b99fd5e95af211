"""The figures behind the save file limits (saves/limits.py, docs/save-format.md "Limits"), printed.

    .venv/bin/python tests/saves/limit_figures.py [--games 12] [--seed 1]

1. Finished 4-player games (random players, and 1-3 Automas), saved: their size and shape (the deepest
   dotted key, the deepest nesting, the number of values), against the limits.
2. Files at the limits: the time and peak memory of loading each (refused or not), to show that what the
   limits let through to the parser stays cheap.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
import re
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from automa import attach  # noqa: E402
from barrage_tui.rules.game import Game  # noqa: E402
from barrage_tui.rules.sim import automa_setup, play_random, random_setup  # noqa: E402
from saves import SaveError, codec, loads_game  # noqa: E402
from saves import limits  # noqa: E402

LONG_NAME = "W" * 20  # the start screen's longest name


def shape(text: str) -> dict:
    skeleton = limits._STRINGS_AND_COMMENTS.sub("_", text)
    keys = re.findall(r"(?<![\w-])[\w-]+(?:[ \t]*\.[ \t]*[\w-]+)*", skeleton)
    depth = deepest = 0
    for ch in limits._BRACKETS.sub("", skeleton):
        depth += 1 if ch in "[{" else -1
        deepest = max(deepest, depth)
    return {"bytes": len(text.encode()), "key parts": max(len(k.split(".")) for k in keys), "depth": deepest,
            "values": sum(skeleton.count(c) for c in "=,[{")}


def finished_games(games: int, seed: int):
    r = random.Random(seed)
    for i in range(games):
        automas = i % 4
        setup = automa_setup(r, automas, players=4) if automas else random_setup(r, players=4, introductory=False)
        setup = replace(setup, seats=tuple(replace(s, name=LONG_NAME[:-1] + str(n)) for n, s in enumerate(setup.seats)))
        result = play_random(setup, r.randrange(2**31), check=False, attach=attach if automas else None)
        if result.error:
            continue
        game = Game.replay(setup, list(result.keys))
        if automas:
            attach(game)
        yield automas, len(result.keys), codec.dumps(game)


def _load(name: str, text: str) -> str:
    try:
        loads_game(text, name)
        return "loaded"
    except SaveError as exc:
        return exc.problem[:60]


def measure(name: str, text: str) -> None:
    """Time one load, then trace the memory of another (tracing slows it down)."""
    start = time.perf_counter()
    outcome = _load(name, text)
    spent = time.perf_counter() - start
    tracemalloc.start()
    _load(name, text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"  {name:<36} {len(text.encode()) / 1024:6.0f} KB {spent * 1000:6.0f} ms  peak {peak / 2**20:5.1f} MB  "
          f"{outcome}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    header = 'format = "barrage-tui"\nversion = 2\n'

    print(f"limits: {limits.MAX_BYTES:,} bytes, {limits.MAX_KEY_PARTS} key parts, depth {limits.MAX_DEPTH}, "
          f"{limits.MAX_VALUES:,} values")
    print("finished 4-player games (names of 20 characters):")
    worst: dict = {}
    real = ""
    for automas, decisions, text in finished_games(args.games, args.seed):
        figures = shape(text)
        print(f"  {automas} Automa(s), {decisions:4} decisions: "
              + ", ".join(f"{k} {v:,}" for k, v in figures.items()))
        for k, v in figures.items():
            worst[k] = max(worst.get(k, 0), v)
        real = max(real, text, key=len)
    print("  largest: " + ", ".join(f"{k} {v:,}" for k, v in worst.items()))

    print("loading files at the limits:")
    measure("the largest finished game", real)
    padding = limits.MAX_BYTES - len(real.encode()) - 10
    measure("it, padded with a comment to 1 MB", real.replace("\n[state]\n", f"\n# {'x' * padding}\n[state]\n", 1))
    measure(f"{limits.MAX_VALUES:,} values", header + "junk = [" + "1," * (limits.MAX_VALUES - 4) + "]\n")
    keys = ".".join(["k"] * (limits.MAX_KEY_PARTS - 1))
    measure(f"{limits.MAX_KEY_PARTS}-part keys, 5,000 of them",
            header + "".join(f"a{i}.{keys} = 1\n" for i in range(5_000)))
    measure(f"nesting {limits.MAX_DEPTH} deep, 5,000 times", header + "".join(
        f"a{i} = " + "[" * limits.MAX_DEPTH + "]" * limits.MAX_DEPTH + "\n" for i in range(5_000)))
    measure("one value more", header + "junk = [" + "1," * (limits.MAX_VALUES - 3) + "]\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
