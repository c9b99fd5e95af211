"""The random-play test (after OpenSpiel's random_sim_test): whole games of random legal choices for every
module and board, checked after every decision (rules/sim.py ``play_random(check=True)``: the invariants of
rules/invariants.py, and now and then a second offered choice tried on a copy).

The cases are computed from the data, so a new module or board is played without an edit here: every board
(the shipped ones, ``builtin_boards()``, and the test boards tests/boards/*.toml) with the modules of
modules.toml offered to players (``known_modules()``) none, each alone, all at once, and all but each one; a
module still being built (``offered = false``) alone on every shipped board. A case's games go
round its tables: every seat count its board and modules allow, with 0 Automas up to the most the table takes
(3; 4 at a fifth seat; the Duel: one person at least); the people-only games full or introductory at random.

Two tiers: ``QUICK`` games a case in the default suite (one without Automas, one with), and the soak
(``-m slow``): ``SOAK`` games a case, more for a case with expectations in ``EXPECTED``: what its games must
have shown over the run (a rule of its module or board seen at work), counted from each finished game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

import automa
from barrage_tui.rules import board_files, preparation
from barrage_tui.rules.companies import china
from barrage_tui.rules.automa_levels import is_automa
from barrage_tui.rules.components import (BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, builtin_boards,
                                          components)
from barrage_tui.rules.game import Game
from barrage_tui.rules.plugin import every_module
from barrage_tui.rules.setup import Setup, SetupError, company_pool, known_modules, max_automas, seat_choices
from barrage_tui.rules.sim import GameResult, automa_setup, game_pieces_total, play_random, random_setup
from barrage_tui.rules.state import NEUTRAL
from barrage_tui.rules.modules.china import setup as china_challenge
from barrage_tui.rules.modules.china.state import ChinaState, china_of
from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.modules.duel.state import DuelEvent, duel as duel_state
from barrage_tui.rules.modules.geological import rules as geology
from barrage_tui.rules.modules.geological.state import tokens_of
from barrage_tui.rules.modules.leeghwater.prompts import LeeghwaterEvent

TEST_BOARDS = Path(__file__).parent / "boards"
QUICK = 2
SOAK = 24


@dataclass(frozen=True)
class Case:
    board: str  # a shipped board's id, or a board file's path
    modules: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{Path(self.board).stem}:{'+'.join(self.modules) or 'no-modules'}"

    def tables(self) -> list[tuple[int, int]]:
        """(seats, Automas) of every table the case is played at: none where the rules refuse the board
        and modules at setup (the China Challenge on a board whose landscapes have no tile)."""
        board = board_files.load(self.board)
        options = {"board": self.board, "modules": list(self.modules)}
        seats = list(seat_choices(options))
        # a module with its own seat counts (modules.toml: the Duel's 2): one person at least
        people = 1 if any(every_module()[m].seats for m in self.modules) else 0
        if china_challenge.applies(self.modules, board):
            seats = [n for n in seats if not china_challenge.problem(board, n)]
        return [(n, a) for n in seats for a in range(min(max_automas(options), n - people) + 1)]

    def setup(self, r: random.Random, table: tuple[int, int]) -> Setup:
        seats, automas = table
        if automas:
            return automa_setup(r, automas, seats, modules=self.modules, board=self.board)
        return random_setup(r, seats, None, modules=self.modules, board=self.board)


def module_mixes(board: str) -> list[tuple[str, ...]]:
    """The board's mixes of the modules offered that it can seat: a module with seat counts of its own (the
    Duel's 2, the extra board's 5) only where the board has a table for it with the modules that have none (so
    the extra board, never on a four-seat map, leaves the base map its mixes of all modules but one)."""
    known = tuple(known_modules())
    plain = [m for m in known if not every_module()[m].seats]
    every = tuple(m for m in known if m in plain or seat_choices({"board": board, "modules": [*plain, m]}))
    mixes = [(), *((m,) for m in every), every, *(tuple(x for x in every if x != m) for m in every)]
    return list(dict.fromkeys(mixes))  # (with one or two modules, some mixes are the same)


def boards() -> list[str]:
    return builtin_boards() + sorted(str(p) for p in TEST_BOARDS.glob("*.toml"))


def unoffered_cases() -> list[Case]:
    """Each module still being built (modules.toml ``offered = false``), alone on every shipped board: its rules
    are played whole before the start screen and sim offer it."""
    return [Case(board, (m,)) for m in every_module() if m not in known_modules() for board in builtin_boards()]


ALL_CASES = [Case(board, mix) for board in boards() for mix in module_mixes(board)] + unoffered_cases()
CASES = [c for c in ALL_CASES if c.tables()]


def play(case: Case, games: int, watch: Callable | None = None) -> list[GameResult]:
    """``games`` games of the case, seeded by its id: by turns round its tables (the quick tier: one table
    without Automas and one with, drawn)."""
    r = random.Random(case.id)
    tables = case.tables()
    if games < len(tables):
        tables = [r.choice([t for t in tables if not t[1]]), r.choice([t for t in tables if t[1]])]
    return [play_random(case.setup(r, tables[i % len(tables)]), r.randrange(2**31), check=True,
                        attach=automa.attach, watch=watch) for i in range(games)]


def assert_all_played(results: list[GameResult]) -> None:
    failed = [x for x in results if x.error or x.violations]
    assert not failed, (failed[0].setup, " ".join(failed[0].keys), failed[0].error or failed[0].violations)
    assert all(x.state is not None and x.state.phase == "over" for x in results)


def test_every_module_and_board_is_a_case():
    assert {c.board for c in CASES} == set(boards()) and set(builtin_boards()) < set(boards())
    assert {m for c in CASES for m in c.modules} == set(every_module())
    assert len({c.id for c in CASES}) == len(CASES)
    assert all(any(a for _, a in c.tables()) and any(not a for _, a in c.tables()) for c in CASES)


@pytest.mark.parametrize("case", [c for c in ALL_CASES if not c.tables()], ids=lambda c: c.id)
def test_a_case_left_out_is_one_the_rules_refuse_at_setup(case):
    if not seat_choices({"board": case.board, "modules": list(case.modules)}):
        # no seat count at all: a module's own (the Duel's 2, the extra board's 5) that the board or the
        # companies in play do not allow
        assert {"duel", "extra_board"} & set(case.modules)
        for seats in (2, 4):
            with pytest.raises(SetupError, match="is for|companies and"):
                Setup.validate(case.setup(random.Random(1), (seats, 0)))
        return
    # Only a test board may refuse a module otherwise: every shipped board takes every mix.
    assert case.board not in builtin_boards()
    with pytest.raises(SetupError, match="China Challenge"):
        Setup.validate(case.setup(random.Random(1), (2, 0)))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_random_games(case):
    results = play(case, QUICK)
    assert_all_played(results)
    assert {bool(sum(s.kind == "automa" for s in x.setup.seats)) for x in results} == {False, True}


# ---------------------------------------------------------------- the soak, and what its games must show

Count = Callable[..., Counter]  # a finished game -> what it showed


@dataclass(frozen=True)
class Expected:
    """What a case's soak must have shown: ``least`` times each key of ``count`` over ``games`` games, and
    never (0 times) the keys of ``never``."""
    count: Count
    least: Mapping[str, int]
    never: tuple[str, ...] = ()
    games: int = 200


def _all(games: int, what: str) -> dict[str, int]:
    """A property every game of the run must have: seen in all ``games`` of them."""
    return {what: games}


def base_game(game) -> Counter:
    st = game.state
    return Counter({**{f"company {c.company}": 1 for c in st.companies},
                    **{f"officer {c.officer}": 1 for c in st.companies if c.officer},
                    "introductory": game.setup.introductory, "full": not game.setup.introductory,
                    "structures": sum(sum(game_pieces_total().values()) - sum(c.pieces.values())
                                      for c in st.companies),
                    "productions": game.stats["productions"], "contracts": game.stats["contracts"]})


def small_board(game) -> Counter:
    """The small test board's own things: water in its lake, productions through its branching conduit's
    second valley and through its neutral powerhouse (which stays neutral)."""
    produced = [e.refs for e in game.events if e.kind == "production"]
    return Counter({"water in the lake": bool(game.state.lakes.get("L1")),
                    "a neutral powerhouse used": sum(refs[-1] == "Q3n" for refs in produced),
                    "a branch used": sum("K1" in refs and refs[-1].startswith("Q3") for refs in produced),
                    "Q3n neutral": game.state.powerhouses.get("Q3n") == NEUTRAL})


def china_company(game) -> Counter:
    """China at the table, its Powerhouse pieces' abilities (their events), and fees paid through a Conduit
    of China's (the payment events name the Conduit's owner), raised ones too."""
    st = game.state
    seen = Counter(e.data["ability"] for e in game.events if e.kind == china.EVENT)
    fees = [e.data for e in game.events if e.kind == "payment" and "owner" in e.data
            and st.companies[e.data["owner"]].company == "china"]
    seen.update({"china": any(c.company == "china" for c in st.companies), "fee paid": len(fees),
                 "raised fee paid": sum(1 for f in fees if f["credits"] > f["drops"])})
    return seen


def duel_board(game) -> Counter:
    """The Duel board: its Reward tiles taken (by an Automa too), its condition tiles moving a marker."""
    automas = {c.seat for c in game.state.companies if c.kind == "automa"}
    rewards = [e for e in game.events if e.kind == DuelEvent.REWARD]
    return Counter({**Counter(e.data["tile"] for e in rewards),
                    **Counter(e.data["condition"] for e in game.events if e.kind == DuelEvent.ROW
                              and e.data["steps"]),
                    "by an Automa": sum(e.seat in automas for e in rewards),
                    "every row": len(duel_state(game.state).markers) == duel.ROWS})


def duel_map(game) -> Counter:
    """The Duel map's preparation tiles laid, or sent back to the box (position 8)."""
    found = Counter({"prepared": bool(game.state.preparation)})
    for tile, _, space in preparation.laid(game.board, game.state.preparation):
        found[f"laid {tile.id}" if space else "back in the box"] += 1
    return found


def duel_map_wanted(games: int) -> dict[str, int]:
    tiles = board_files.load("duel").preparation_tiles
    return {**dict.fromkeys(["back in the box", *(f"laid {t.id}" for t in tiles)], 1), "prepared": games}


def geological(game) -> Counter:
    """A Geological token at work (or paid for), each token's effect, and tokens only on the board's valleys."""
    valleys = {str(z) for z in geology.valleys(game.board)}
    events = [e for e in game.events if e.kind == geology.EVENT]
    return Counter({"a token at work": sum("tokens" not in e.data for e in events),
                    **Counter(f"token {e.data['token']}" for e in events if "token" in e.data),
                    "tokens on valleys": bool(tokens_of(game.state)) and set(tokens_of(game.state)) <= valleys})


def overseas(game) -> Counter:
    """Japan and Brazil at the table, and their own rules at work: a dam without a Base standing, machinery
    lost for good."""
    st = game.state
    return Counter({**Counter(c.company for c in st.companies if c.company in ("japan", "brazil")),
                    "elevation without a base": sum(not d.base for d in st.dams.values()),
                    "machinery lost": sum(sum(c.machinery_lost) for c in st.companies)})


YR_BRANCHES = {"C2R": "P12_", "C7L": "P11_"}  # the branches open from the start -> their second valley's powerhouses


def yellow_river(game) -> Counter:
    """The Yellow River with the China Challenge: lakes holding more water at the end than at setup, productions
    through a branch, the Challenge's setup by player count, landscapes built (never by an Automa), yield
    tiles taken."""
    st, origin = game.state, china_of(game.origin) or ChinaState()
    produced = [e.refs for e in game.events if e.kind == "production"]
    return Counter({**{lake: 1 for lake, drops in st.lakes.items() if drops > game.board.lakes[lake].drops},
                    **Counter(c for refs in produced for c, p in YR_BRANCHES.items()
                              if c in refs and refs[-1].startswith(p)),
                    f"{len(origin.yields)} yield tiles with {game.origin.seats} seats": 1,
                    "3 objectives beside A5": len(origin.objectives) == 3,
                    **landscapes(game), "landscape tiles": bool((china_of(st) or ChinaState()).landscapes)})


def landscapes(game) -> Counter:
    st = china_of(game.state) or ChinaState()
    return Counter({**{f"built {s}": 1 for s in st.built}, "yield tiles taken": len(st.taken),
                    "by an Automa": sum(is_automa(game, seat) for seat in st.built.values()),
                    "second objective": bool(st.objective_chosen)})


def leeghwater(game) -> Counter:
    """The Leeghwater Project at work: External Works taken (onto Leslie's wheel too), private buildings built
    (with each Building tile) and used (through Margot's space too), the Netherlands' drop; by Automas too (their
    cards' boxes, Margot's and Leslie's overrides: onto an Automa's wheel)."""
    automas = {c.seat for c in game.state.companies if c.kind == "automa"}
    kinds = Counter(e.kind for e in game.events)
    built = [e for e in game.events if e.kind == LeeghwaterEvent.BUILDING]
    taken = [e for e in game.events if e.kind == LeeghwaterEvent.EXTERNAL_WORK]
    return Counter({"external works taken": len(taken), "private buildings built": len(built),
                    "building actions": kinds[LeeghwaterEvent.BUILDING_ACTION],
                    "onto the wheel": sum(bool(e.data["paid"].get("wheel")) for e in taken),
                    "paid in credits": sum(bool(e.data["paid"]["credits"]) for e in taken),
                    "netherlands": any(c.company == "netherlands" for c in game.state.companies),
                    **{f"officer {c.officer}": 1 for c in game.state.companies if c.officer in ("margot", "leslie")},
                    "built by an Automa": sum(e.seat in automas for e in built),
                    "taken by an Automa": sum(e.seat in automas for e in taken),
                    "onto an Automa's wheel": sum(e.seat in automas and bool(e.data["paid"].get("wheel"))
                                                  for e in taken),
                    # with the China Challenge in play: its Winch and its orders (External Works "china_*")
                    "winch built": sum(e.data["building"] == "winch" for e in built),
                    "china orders taken": sum(str(e.data["work"]).startswith("china") for e in taken)})


def both(*counts: Count) -> Count:
    return lambda game: sum((c(game) for c in counts), Counter())


SMALL, LANDSCAPES = str(TEST_BOARDS / "small.toml"), str(TEST_BOARDS / "landscapes.toml")
EVERY_OFFICER = BASE_OFFICERS + PROMO_OFFICERS + EXPANSION_OFFICERS
TOKENS = {f"token {t}": 1 for t in geology.box().tokens}

# By case id: what the soak of that case must show (the rest of the cases: no error, no broken invariant).
EXPECTED: dict[str, Expected] = {
    "base:no-modules": Expected(base_game, {
        **{f"company {c}": 1 for c in company_pool({})}, **{f"officer {o}": 1 for o in EVERY_OFFICER},
        "introductory": 1, "full": 1,
        # random play reaches rich positions, not just the Bank: per game, 10 structures, 3 productions...
        "structures": 10 * 200, "productions": 3 * 200, "contracts": 1 * 200},
        never=("company japan", "company brazil", "company china")),
    "small:no-modules": Expected(small_board, {"water in the lake": 5, "a neutral powerhouse used": 5,
                                               "a branch used": 5, **_all(200, "Q3n neutral")}),
    "base:china": Expected(china_company, {"china": 30, "production_plus_2": 1, "vp_per_2_energy": 1,
                                           "one_extra_drop": 1, "fee paid": 1, "raised fee paid": 1}),
    "base:duel": Expected(duel_board, {**dict.fromkeys(duel.board().tiles, 1),
                                       **dict.fromkeys(set(duel.COUNTERS) - {"external_works"}, 1),  # (its module's)
                                       "by an Automa": 20, **_all(200, "every row")}),
    "base:overseas+geological+duel+leeghwater": Expected(both(duel_board, geological, leeghwater), {
        **dict.fromkeys(duel.board().tiles, 1), **_all(200, "every row"), "a token at work": 1,
        "external_works": 1, "external works taken": 100}),
    "duel:no-modules": Expected(duel_map, duel_map_wanted(200)),
    "duel:duel": Expected(both(duel_map, duel_board), {**duel_map_wanted(200), **dict.fromkeys(duel.board().tiles, 1)}),
    "base:overseas+geological+china+leeghwater": Expected(both(overseas, geological), {
        "japan": 20, "brazil": 20, "elevation without a base": 1, "machinery lost": 1, **TOKENS,
        **_all(200, "tokens on valleys")}),
    **{f"{Path(b).stem}:geological": Expected(geological, {"a token at work": 1, **_all(40, "tokens on valleys")},
                                              games=40) for b in ("base", "duel", SMALL)},
    "yellow-river:overseas+geological+china+leeghwater": Expected(both(geological, leeghwater), {
        "a token at work": 1, **_all(40, "tokens on valleys"), "winch built": 1, "china orders taken": 1},
        games=40),
    "base:leeghwater": Expected(leeghwater, {
        "external works taken": 200, "private buildings built": 200, "building actions": 200, "onto the wheel": 1,
        "paid in credits": 1, "netherlands": 20, "officer margot": 5, "officer leslie": 5,
        "built by an Automa": 50, "taken by an Automa": 50, "onto an Automa's wheel": 1}),
    "landscapes:china": Expected(landscapes, {
        **{f"built {code}": 1 for code in board_files.load(LANDSCAPES).landscapes},
        "yield tiles taken": 100, "second objective": 1}, never=("by an Automa",)),
    "yellow-river:china": Expected(yellow_river, {
        "LAKE_N": 20, "LAKE_S": 5, "C2R": 2, "C7L": 10,
        "9 yield tiles with 1 seats": 1, "9 yield tiles with 2 seats": 1, "15 yield tiles with 3 seats": 1,
        "18 yield tiles with 4 seats": 1, **_all(200, "3 objectives beside A5"), **_all(200, "landscape tiles"),
        **{f"built {a}{n}": 1 for a in "ABC" for n in range(1, 7)}, "yield tiles taken": 200},
        never=("by an Automa",)),
}


def test_every_expectation_is_of_a_case():
    # (a case renamed or gone would drop its expectations without a word)
    assert set(EXPECTED) <= {c.id for c in CASES}


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_random_games_soak(case):
    expected = EXPECTED.get(case.id)
    totals: Counter = Counter()
    results = play(case, expected.games if expected else SOAK,
                   watch=(lambda game: totals.update(expected.count(game))) if expected else None)
    assert_all_played(results)
    assert {(len(x.setup.seats), sum(s.kind == "automa" for s in x.setup.seats)) for x in results} == set(
        case.tables())
    if expected:
        short = {k: totals[k] for k, least in expected.least.items() if totals[k] < least}
        assert not short, f"seen less often than wanted over {len(results)} games: {short}"
        seen = {k: totals[k] for k in expected.never if totals[k]}
        assert not seen, f"seen, never wanted: {seen}"


# ---------------------------------------------------------------- the fifth seat (the 4-5 player map)

def five_seat_mixes() -> list[tuple[str, ...]]:
    """Every mix of the modules that allows a fifth seat on the 4-5 player map (a fifth company in the pool)."""
    mixes = module_mixes("five") + [("overseas", "geological"), ("leeghwater",), ("overseas", "leeghwater"),
                              ("overseas", "extra_board"), ("leeghwater", "extra_board")]
    return [m for m in mixes if 5 in seat_choices({"board": "five", "modules": list(m)})]


def five_seats(mix: tuple[str, ...], automas: int, seed: str) -> GameResult:
    r = random.Random(f"five:{'+'.join(mix)}:{automas}:{seed}")
    return play_random(Case("five", mix).setup(r, (5, automas)), r.randrange(2**31), check=True, attach=automa.attach)


def automas_on_the_extra_board(result: GameResult) -> int:
    """How often the game's Automas blocked a space of the extra action board (their steps' ``eng:extra-``)."""
    return sum(key.count("eng:extra-") for key in result.keys)


def test_five_seats_on_the_five_map():
    """The quick tier's fifth seat: the Overseas Companies with five people, and with four Automas; four Automas
    with the extra action board, whose spaces they block."""
    results = [five_seats(("overseas",), automas, "quick") for automas in (0, 4)]
    extra = five_seats(("overseas", "extra_board"), 4, "quick")
    assert_all_played(results + [extra])
    assert [x.state.seats for x in results] == [5, 5] and [sum(s.kind == "automa" for s in x.setup.seats)
                                                           for x in results] == [0, 4]
    assert Game.new(results[0].setup).state.starting_offer == [1, 2, 3, 4, 5]  # the fifth starting contract
    assert automas_on_the_extra_board(extra) > 0


def test_the_five_seat_mixes():
    assert ("overseas",) in five_seat_mixes() and ("leeghwater",) in five_seat_mixes()
    assert all("duel" not in m for m in five_seat_mixes())


@pytest.mark.slow
@pytest.mark.parametrize("mix", five_seat_mixes(), ids=lambda m: "+".join(m))
def test_five_seats_soak(mix):
    """Five seats with every mix that allows them, 0 to 4 Automas, a few games each."""
    results = [five_seats(mix, automas, str(n)) for automas in range(5) for n in range(3)]
    assert_all_played(results)
    assert all(x.state.seats == 5 for x in results)
    assert ("extra_board" in mix) == (sum(map(automas_on_the_extra_board, results)) > 0)
