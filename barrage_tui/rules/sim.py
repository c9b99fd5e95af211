"""Random play: whole games where every seat picks among the legal choices, checked after every step.

The pick is weighted (see ``WEIGHTS``) so that random players build, produce and fulfil contracts
instead of banking every turn.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
import traceback
from bisect import bisect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate
from operator import attrgetter

from .automa_levels import levels
from .board_files import BOARD_OPTION
from .components import BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, components
from .engine.decisions import Choice, Prompt, PromptKind
from .game import AutomaHook, Game
from .engine.keys import Key
from .officers import OFFICERS
from .plugin import every_module
from .invariants import violations
from .state import GameState
from .plugin import MODULES_OPTION
from .setup import (EXPANSION_OPTION, Options, SeatSetup, Setup, automa_plays_company, company_pool,
                    module_officers, seat_choices, seat_problem)

# At about one turn start in five, a second offered choice (picked at random) is tried on a copy of the
# game: over many games every kind of choice gets applied, at a fraction of the cost of trying them all.
# When it is the choice the game goes on with, the game itself applies it and no copy is needed.
CHOICE_CHECK_EVERY = 5

# Relative weights by a choice key's verb, or by its verb and the family of the action space placed on
# (the space id before its "-": turbine-b2 is a turbine space); anything else weighs 1.
WEIGHTS: dict[tuple[str, ...], float] = {
    ("place", "bank"): 0.15, ("skip",): 0.1, ("done",): 0.3, ("pass",): 0.05,
    ("place", "construct"): 6.0, ("place", "turbine"): 4.0, ("contract",): 5.0, ("build-free",): 3.0,
    ("place", "patent"): 1.5, ("place", "contract"): 1.5,
}


@cache
def weight(key: str) -> float:
    k = Key.parse(key)
    family = k.arg(0).split("-")[0]
    return WEIGHTS.get((k.verb, family), WEIGHTS.get((k.verb,), 1.0))


_key = attrgetter("key")


def pick(r: random.Random, prompt: Prompt) -> str:
    """The key of a choice drawn by ``WEIGHTS`` among the legal ones. Of an Offer (an action turn's), a
    candidate is drawn and checked alone; one that is not legal is set aside and the draw made again among the
    rest: the same odds as a draw among the legal choices, asking only about the choices drawn (as a chess
    engine's random playout tries its pseudo-legal moves)."""
    offered = prompt.offered
    if isinstance(offered, tuple):
        return offered[_draw(r, map(weight, map(_key, offered)))].key
    candidates = offered.candidates
    weights = list(map(weight, map(_key, candidates)))
    while not offered.legal(candidates[i := _draw(r, weights)]):
        weights[i] = 0  # (set aside: never drawn again)
    return candidates[i].key


def _draw(r: random.Random, weights: Iterable[float]) -> int:
    """The index drawn by ``weights``: ``r.choices(range(len(weights)), weights)`` with the same random draw,
    without its per-call overhead (this runs at every decision)."""
    cum_weights = list(accumulate(weights))
    if cum_weights[-1] <= 0:
        raise RuntimeError("no legal choice offered")
    return bisect(cum_weights, r.random() * cum_weights[-1], 0, len(cum_weights) - 1)


def _options(officers: tuple[str, ...], modules: tuple[str, ...], board: str = "") -> Options:
    options: Options = {EXPANSION_OPTION: True} if set(EXPANSION_OFFICERS) & set(officers) else {}
    if modules:
        options[MODULES_OPTION] = list(modules)
    if board:  # a board's id or file (board_files.py); none: the base board
        options[BOARD_OPTION] = board
    return options


def _officers(officers: tuple[str, ...], modules: tuple[str, ...]) -> tuple[str, ...]:
    """The officers to draw from: also those the modules bring (Angelo Alberti with the Geological Factor)."""
    return officers + tuple(o for o in module_officers(frozenset(modules)) if o not in officers)


def random_setup(r: random.Random, players: int | None = None, introductory: bool | None = None,
                 officers: tuple[str, ...] = BASE_OFFICERS + PROMO_OFFICERS + EXPANSION_OFFICERS,
                 modules: tuple[str, ...] = (), board: str = "") -> Setup:
    """Human seats with random companies and chief engineers (the expansion's too, also as Mahiri's spares;
    with ``modules`` on, what they bring: Japan and Brazil, Angelo Alberti), on ``board`` ("": the base)."""
    n = players or _seats(r, 1, modules, board)
    options = _options(officers, modules, board)
    intro = (r.random() < 0.25 if introductory is None else introductory) and all(
        every_module()[m].introductory for m in modules) and (  # (a module not played in it: modules.toml)
        seat_problem(options, n, introductory=True) is None)  # (its 4 fixed companies: not at a fifth seat)
    if intro:
        seats = tuple(SeatSetup(f"P{i + 1}") for i in range(n))
    else:
        companies = r.sample(company_pool(options), n)
        chosen = r.sample(_officers(officers, modules), n)
        seats = tuple(SeatSetup(f"P{i + 1}", company=companies[i], officer=chosen[i]) for i in range(n))
    return Setup(seats=seats, introductory=intro, seed=r.randrange(2**31), options=options)


def automa_setup(r: random.Random, automas: int, players: int | None = None, level: str | None = None,
                 officers: tuple[str, ...] = BASE_OFFICERS + PROMO_OFFICERS + EXPANSION_OFFICERS,
                 modules: tuple[str, ...] = (), board: str = "") -> Setup:
    """A full game with ``automas`` Automa seats (level given or random) and random human seats, shuffled.
    A Very Hard Automa keeps its drawn chief engineer only if it can play it (else setup draws one)."""

    n = players or _seats(r, max(1, automas), modules, board)
    options = _options(officers, modules, board)
    companies = r.sample(company_pool(options), n)
    chosen = r.sample(_officers(officers, modules), n)
    kinds = ["automa"] * automas + ["human"] * (n - automas)
    r.shuffle(kinds)
    companies = _people_take_what_automas_cannot_play(companies, kinds)
    seats: list[SeatSetup] = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(SeatSetup(f"P{i + 1}", company=companies[i], officer=chosen[i]))
            continue
        difficulty = level or r.choice(sorted(levels()))
        officer = chosen[i] if levels()[difficulty].officer and OFFICERS[chosen[i]].automa_ready else ""
        company = companies[i] if automa_plays_company(companies[i]) else ""  # (else setup draws one)
        seats.append(SeatSetup(f"A{i + 1}", "automa", company, officer, difficulty))
    return Setup(seats=tuple(seats), seed=r.randrange(2**31), options=options)


def _people_take_what_automas_cannot_play(companies: list[str], kinds: list[str]) -> list[str]:
    """Each company drawn for an Automa seat that an Automa cannot play (the Netherlands) swapped with one a
    person drew that it can: so one person and four Automas with the Leeghwater Project's Netherlands in play
    is a table the setup takes (the person plays the Netherlands)."""
    out = list(companies)
    for i, kind in enumerate(kinds):
        if kind == "automa" and not automa_plays_company(out[i]):
            j = next((j for j, k in enumerate(kinds) if k == "human" and automa_plays_company(out[j])), None)
            if j is not None:
                out[i], out[j] = out[j], out[i]
    return out


def _seats(r: random.Random, least: int, modules: tuple[str, ...], board: str = "") -> int:
    """A random seat count of those the board and the modules switched on allow (``seat_choices``: the Duel's
    2; a fifth seat on the 4-5 player map with a fifth company), at least ``least``."""
    allowed = [n for n in seat_choices(_options((), modules, board)) if n >= least]
    return r.choice(allowed) if allowed else least


class _TimedHook:
    """Measures the Automa's decisions (its turn = deciding + applying, see ``play_random``)."""

    def __init__(self, hook: AutomaHook) -> None:
        self.hook, self.last = hook, 0.0

    def decide(self, game: Game, prompt: Prompt) -> Prompt:
        start = time.perf_counter()
        try:
            return self.hook.decide(game, prompt)
        finally:
            self.last = time.perf_counter() - start


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
    automa_turn_s: list[float] = field(default_factory=list)  # each Automa step: decide + apply
    engine_s: float = 0.0  # time spent in the engine alone (setup, choices, the Automa's decisions)
    state: GameState | None = None  # the final state of a finished game


Attach = Callable[[Game], object]  # the automa package's ``attach``: gives a game its Automa hook


def play_random(setup: Setup, seed: int, check: bool = True, max_decisions: int = 20000,
                attach: Attach | None = None, watch: Callable[[Game], object] | None = None) -> GameResult:
    """``attach``: the Automa's attach function (the rules core does not import the automa package);
    ``watch``: called with the game once it is over (to count what happened in it, from its events)."""
    r = random.Random(seed)
    result = GameResult(setup, [], 0)
    try:
        start = time.perf_counter()
        game = Game.new(setup, keep_undo=False, words=False)
        result.engine_s += time.perf_counter() - start
        if attach is not None:
            attach(game)
            assert game.automa is not None, "attach gives the game its Automa hook"
            game.automa = timer = _TimedHook(game.automa)
        while (prompt := game.prompt) is not None and result.decisions < max_decisions:
            start = time.perf_counter()
            key = pick(r, prompt)  # (engine time: a draw asks the offer's checks)
            result.engine_s += time.perf_counter() - start
            if check and result.decisions % CHOICE_CHECK_EVERY == 0 and game.turn_start == len(game.log):
                other = r.choice(prompt.choices).key
                found = unplayable(game, other) if other != key else []
                if found:
                    result.violations = found
                    return result
            result.keys.append(key)
            automa_step = prompt.kind == PromptKind.AUTOMA
            start = time.perf_counter()
            game.choose(key)
            spent = time.perf_counter() - start
            result.engine_s += spent + (timer.last if automa_step and attach is not None else 0.0)
            if automa_step and attach is not None:
                result.automa_turn_s.append(timer.last + spent)
            result.decisions += 1
            if check:
                found = violations(game)
                if found:
                    result.violations = found
                    return result
        if game.prompt is not None:
            result.error = f"no end after {max_decisions} decisions"
        elif watch is not None:
            watch(game)
    except Exception as exc:  # a bug in the engine: report it with the log to replay
        result.error = "".join(traceback.format_exception(exc))
        return result
    st = game.state
    result.structures = sum(sum(game_pieces_total() .values()) - sum(c.pieces.values()) for c in st.companies)
    result.productions = game.stats["productions"]
    result.contracts = game.stats["contracts"]
    result.scores = [c.vp for c in st.companies]
    result.state = st
    return result


def game_pieces_total() -> dict[str, int]:
    return dict(components().common["pieces"])


def unplayable(game: Game, key: str) -> list[str]:
    """An offered choice must apply without error: try it on a copy of the game."""
    trial = Game(game.setup, game.state.copy(), keep_undo=False, board=game.board)
    try:
        trial.choose(key)
    except Exception as exc:  # noqa: BLE001 - any failure is what this check reports
        return [f"offered choice {key!r} fails: {exc!r}"]
    finally:
        trial.close()
    return []


def run(games: int, players: int | None, seed: int, introductory: bool | None = None, check: bool = True,
        out: Callable[[str], object] = print, automas: int = 0, level: str | None = None,
        attach: Attach | None = None, modules: tuple[str, ...] = (), board: str = "", jobs: int = 1) -> int:
    """``jobs``: the processes the games are played on (1: this one). The setups and seeds are drawn here,
    game by game as a one-process run draws them, so every game and the summary are the same whatever
    ``jobs`` is; only the figures differ."""
    r = random.Random(seed)
    start = time.perf_counter()
    planned = []
    for _ in range(games):
        setup = (automa_setup(r, automas, players, level, modules=modules, board=board) if automas
                 else random_setup(r, players, introductory, modules=modules, board=board))
        planned.append((setup, r.randrange(2**31), check, attach))
    jobs = max(1, min(jobs, games))
    if jobs == 1:
        results = list(map(_play, planned))
    else:
        with multiprocessing.get_context(_START).Pool(jobs) as pool:
            results = pool.map(_play, planned, chunksize=1)
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
    if automas:
        automa_report(results, out)
    played = [x for x in results if x.engine_s]  # (a game whose setup failed never ran the engine)
    engine = sum(x.engine_s for x in played)  # (over every process: the figure is one process's rate)
    per = f"; per process, {jobs} processes" if jobs > 1 else ""
    out(f"engine alone (without the checks{per}): " + (
        _speed(len(played), decisions, engine) if played else
        "games_per_s=n/a decisions_per_s=n/a (no game was set up)"))
    out(f"games={games} errors={len(errors)} violations={len(bad)} "
        + (_speed(games, decisions, elapsed) if played else "games_per_s=0 decisions_per_s=0"))
    return 1 if errors or bad else 0


# How worker processes start: a fork shares the loaded rules data at no cost, where the platform has it.
_START = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def _play(planned: tuple[Setup, int, bool, Attach | None]) -> GameResult:
    """One planned game; its final state is dropped (the summary does not read it, and a worker process
    would send it back for nothing)."""
    setup, seed, check, attach = planned
    result = play_random(setup, seed, check, attach=attach)
    result.state = None
    return result


def _speed(games: int, decisions: int, seconds: float) -> str:
    seconds = max(seconds, 1e-9)
    return f"games_per_s={games / seconds:.1f} decisions_per_s={decisions / seconds:.0f}"


def automa_scores(results: Sequence[GameResult]) -> dict[str, list[int]]:
    """Final scores of the Automa seats of finished games, by difficulty level."""
    by_level: dict[str, list[int]] = {}
    for x in results:
        if x.error or x.violations or not x.scores:
            continue
        for seat, score in zip(x.setup.seats, x.scores):
            if seat.kind == "automa":
                by_level.setdefault(seat.difficulty or "medium", []).append(score)
    return by_level


def automa_report(results: Sequence[GameResult], out: Callable[[str], object] = print) -> None:

    by_level = automa_scores(results)
    out("automa_avg_score " + (" ".join(
        f"{lv}={statistics.fmean(by_level[lv]):.1f}(n={len(by_level[lv])})" for lv in levels() if lv in by_level)
        or "n/a (no finished game)"))
    turns = [t for x in results for t in x.automa_turn_s]
    if turns:  # (quantiles need two turns: with one, it is its own 95th percentile)
        p95 = statistics.quantiles(turns, n=20)[-1] if len(turns) > 1 else turns[0]
        out(f"automa_turns={len(turns)} automa_turn_median_ms={1000 * statistics.median(turns):.2f} "
            f"automa_turn_p95_ms={1000 * p95:.2f}")
    else:
        out("automa_turns=0")
