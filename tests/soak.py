"""Soaks: many whole random games, checked after every decision (rules/invariants.py), and what the run must
have shown, counted from each finished game. The slow tests ``test_*_random_play.py`` are built on it.

``SEEN`` tables map a name to (a counter of one finished game, the least count of each key over the run).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping

import automa
from barrage_tui.rules.setup import Setup
from barrage_tui.rules.sim import GameResult, automa_setup, play_random, random_setup

SetupOf = Callable[[random.Random, int], Setup]  # (the run's draws, the game's number) -> its setup
Seen = Mapping[str, tuple[Callable[..., Counter], Mapping[str, int]]]


def mixed(modules: tuple[str, ...] = (), board: str = "", introductory: bool | None = False) -> SetupOf:
    """By turns 0, 1, 2, 3 Automas; the seats 1-4 at random (at least as many as the Automas)."""
    def setup_of(r: random.Random, i: int) -> Setup:
        automas = i % 4
        if automas:
            return automa_setup(r, automas, modules=modules, board=board)
        return random_setup(r, None, introductory, modules=modules, board=board)
    return setup_of


def play_many(games: int, seed: int, setup_of: SetupOf, seen: Seen = {}) -> tuple[list[GameResult], Counter]:
    """The games' results, and the run's totals of ``seen`` (keyed (name, key))."""
    r = random.Random(seed)
    totals: Counter = Counter()

    def watch(game) -> None:
        for name, (count, _) in seen.items():
            totals.update({(name, key): n for key, n in count(game).items()})

    results = [play_random(setup_of(r, i), r.randrange(2**31), check=True, attach=automa.attach, watch=watch)
               for i in range(games)]
    return results, totals


def failures(results: list[GameResult]) -> list:
    """(setup, error or violations) of each game that broke a rule."""
    return [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]


def shortfalls(totals: Counter, seen: Seen) -> dict[str, dict[str, int]]:
    """What the run showed less often than ``seen`` wants: {name: {key: count}} (empty: all seen)."""
    short = {name: {key: totals[name, key] for key, least in wanted.items() if totals[name, key] < least}
             for name, (_, wanted) in seen.items()}
    return {name: keys for name, keys in short.items() if keys}
