"""Random play: whole games where every seat picks among the legal choices, checked after every step.

The pick is weighted (see ``WEIGHTS``) so that random players build, produce and fulfil contracts
instead of banking every turn.
"""

from __future__ import annotations

import random
import time
from functools import cache
from dataclasses import dataclass, field

from .components import BASE_OFFICERS, PROMO_OFFICERS
from .game import Game
from .invariants import violations
from .setup import COMPANY_ORDER, SeatSetup, Setup

# At about one turn start in three, a second offered choice (picked at random) is tried on a copy of the
# game: over many games every kind of choice gets applied, at a fraction of the cost of trying them all.
CHOICE_CHECK_EVERY = 3

# Relative weights by the start of a choice key; anything else weighs 1.
WEIGHTS = {
    "place:bank-b": 0.15, "skip": 0.1, "done": 0.3, "pass": 0.05,
    "place:construct": 6.0, "place:turbine": 4.0, "contract:": 5.0, "build-free": 3.0,
    "place:patent": 1.5, "place:contract": 1.5,
}


@cache
def weight(key: str) -> float:
    for prefix, w in WEIGHTS.items():
        if key.startswith(prefix):
            return w
    return 1.0


def random_setup(r: random.Random, players: int | None = None, introductory: bool | None = None,
                 officers: tuple[str, ...] = BASE_OFFICERS + PROMO_OFFICERS) -> Setup:
    n = players or r.randint(1, 4)
    intro = r.random() < 0.25 if introductory is None else introductory
    if intro:
        seats = tuple(SeatSetup(f"P{i + 1}") for i in range(n))
    else:
        companies = r.sample(COMPANY_ORDER, n)
        chosen = r.sample(officers, n)
        seats = tuple(SeatSetup(f"P{i + 1}", company=companies[i], officer=chosen[i]) for i in range(n))
    return Setup(seats=seats, introductory=intro, seed=r.randrange(2**31))


@dataclass
class GameResult:
    setup: Setup
    keys: list[str]
    decisions: int
    error: str = ""
    violations: list[str] = field(default_factory=list)
    structures: int = 0
    productions: int = 0
    contracts: int = 0
    scores: list[int] = field(default_factory=list)


def play_random(setup: Setup, seed: int, check: bool = True, max_decisions: int = 20000) -> GameResult:
    r = random.Random(seed)
    result = GameResult(setup, [], 0)
    try:
        game = Game.new(setup, keep_undo=False)
        while game.prompt is not None and result.decisions < max_decisions:
            choices = game.prompt.choices
            key = r.choices(choices, weights=[weight(c.key) for c in choices])[0].key
            if check and game.turn_start == len(game.log) and result.decisions % CHOICE_CHECK_EVERY == 0:
                found = unplayable(game, r.choice(choices).key)
                if found:
                    result.violations = found
                    return result
            result.keys.append(key)
            game.choose(key)
            result.decisions += 1
            if check:
                found = violations(game)
                if found:
                    result.violations = found
                    return result
        if game.prompt is not None:
            result.error = f"no end after {max_decisions} decisions"
    except Exception as exc:  # a bug in the engine: report it with the log to replay
        import traceback
        result.error = "".join(traceback.format_exception(exc))
        return result
    st = game.state
    result.structures = sum(sum(game_pieces_total() .values()) - sum(c.pieces.values()) for c in st.companies)
    result.productions = game.stats["productions"]
    result.contracts = game.stats["contracts"]
    result.scores = [c.vp for c in st.companies]
    return result


def game_pieces_total() -> dict[str, int]:
    from .components import components
    return dict(components().common["pieces"])


def unplayable(game: Game, key: str) -> list[str]:
    """An offered choice must apply without error: try it on a copy of the game."""
    trial = Game(game.setup, game.state.copy(), keep_undo=False)
    try:
        trial.choose(key)
    except Exception as exc:  # noqa: BLE001 - any failure is what this check reports
        return [f"offered choice {key!r} fails: {exc!r}"]
    return []


def run(games: int, players: int | None, seed: int, introductory: bool | None = None, check: bool = True,
        out=print) -> int:
    r = random.Random(seed)
    start = time.perf_counter()
    results = []
    for _ in range(games):
        setup = random_setup(r, players, introductory)
        results.append(play_random(setup, r.randrange(2**31), check))
    elapsed = time.perf_counter() - start
    errors = [x for x in results if x.error]
    bad = [x for x in results if x.violations]
    decisions = sum(x.decisions for x in results)
    n = max(1, games)
    out(f"avg_structures={sum(x.structures for x in results) / n:.1f} "
        f"avg_productions={sum(x.productions for x in results) / n:.1f} "
        f"avg_contracts={sum(x.contracts for x in results) / n:.1f} "
        f"avg_decisions={decisions / n:.0f}")
    first = (errors + bad)[:1]
    for x in first:
        out(f"first failing game: setup={x.setup!r}")
        out(f"choice log: {' '.join(x.keys)}")
        out(x.error or "\n".join(x.violations))
    out(f"games={games} errors={len(errors)} violations={len(bad)} "
        f"games_per_s={games / elapsed:.1f} decisions_per_s={decisions / elapsed:.0f}")
    return 1 if errors or bad else 0
