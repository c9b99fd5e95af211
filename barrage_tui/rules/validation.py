"""Does a state make sense for the rules? Every id must name a real component, every seat a real seat,
every count be in range. Loading a save checks this before the rules are given the state, so that a
hand-written or damaged position is refused with the path of the bad field rather than failing later;
the random-play checks run it after every decision too (``invariants.violations``, which adds what must
hold between two states of a running game: water conserved, pieces counted, ...).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Container
from functools import cache, partial

from . import company_board, scoring
from .actions import BANK
from .contracts import COLOURS
from .automa_deck import DECK_SIZE
from .board_files import board_of
from .boards import Board
from .components import STRUCTURES, Toml, components
from .officers import OFFICERS
from .rounds import CHECK, ROUNDS
from .plugin import hooks_for, modules
from .setup import SEAT_KINDS, Setup
from .state import NEUTRAL, WHEEL_SEGMENTS, CompanyState, GameState

PHASES = ("pick", "income", "actions", CHECK, "over")
LEVELS = ("1", "2", "3")
NO_OFFICER = "none"  # an Automa below Very Hard plays without a chief engineer

# Bounds of the counts the rules leave open (credits, machinery and water drops are unlimited,
# game-flow.toml supply_limits; VP and Energy have no end of track): far above any game -- random and
# Automa games reach about 180 VP, 20 credits, 45 Energy, 20 machines of a kind, 20 random draws -- and
# low enough that no count can keep the rules engine busy. docs/save-format.md ("Limits") lists them.
MAX_VP = 1_000  # an Automa's VP may also go down to -MAX_VP; a source of VP (vp_by_source) likewise
MAX_CREDITS = 1_000
MAX_ENERGY = 1_000
MAX_MACHINERY = 200  # Excavators, mixers or Excamixers of a company: in supply, on a wheel segment, received
MAX_RANDOM_DRAWS = 100_000  # state.rng_counter
GIFTS_PER_TURN = 2  # drop gifts one Engineer placed can bring (e.g. a contract's and the company ability's)
COMPANY_COUNTS = {"credits": MAX_CREDITS, "energy": MAX_ENERGY, "energy_next_round": MAX_ENERGY,
                  "excavators": MAX_MACHINERY, "mixers": MAX_MACHINERY, "excamixers": MAX_MACHINERY,
                  "excamixers_gained": MAX_MACHINERY}  # (the Engineers: the rules' count, common.engineers)
MACHINES = ("excavators", "mixers", "excamixers")


def growing(high: int, start: bool) -> int:
    """The bound of a count that grows in play (VP, credits, Energy, machinery, random draws, drops created).

    Decision (issue 19: a position that loads stays loadable): a game's starting position (``start``: a
    hand-written one, or a save's [origin]) holds at most half of the bound, and the other half is more than
    a whole game adds (the figures above; for the drops the rules-data bound of a whole game), so legal play
    from any position that loads never reaches a bound and its every autosave loads too."""
    return high // 2 if start else high


class InvalidState(ValueError):
    """A state (or setup) that the rules cannot play: ``problem`` names the field and what is wrong."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def key_path(path: str, key: str) -> str:
    """The TOML path of ``key`` inside ``path`` (quoted where it is not a bare key): names a bad field."""
    part = key if _BARE.match(key) else '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"{path}.{part}" if path else part


def fail(path: str, problem: str) -> InvalidState:
    return InvalidState(f"{path}: {problem}")


def one_of(path: str, value: object, allowed: Container[object], what: str) -> None:
    if value not in allowed:
        raise fail(path, f"unknown {what} {value!r}")


class _Known:
    """The ids a lookup knows (``in``: it finds the id), for ``one_of``: the base game's tiles and the modules'."""

    def __init__(self, lookup: Callable[[int], object]) -> None:
        self.lookup = lookup

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int):
            return False
        try:
            self.lookup(value)
        except KeyError:
            return False
        return True


def within(path: str, value: int, low: int, high: int, start: bool = False) -> None:
    if not low <= value <= high:
        why = "; a game's starting position leaves room for a whole game" if start else ""
        raise fail(path, f"{value} is out of range (must be from {low} to {high}{why})")


def _drop_gifts(reward: Toml) -> list[int]:
    return [v for k, v in reward.items() if k.startswith("drops") and type(v) is int]


@cache
def water_bounds(seats: int, board: Board) -> tuple[int, int, int]:
    """(drops a dam, a headstream and a whole game hold at most), from the rules data.

    A dam holds at most its height, a height-3 dam the largest capacity a chief engineer gives. Drops wait
    on a headstream only until the round's Water Flow; in one round a headstream receives its tile's drops
    and at most all the drops the players place: each company's income and each Engineer placed bring at
    most GIFTS_PER_TURN times the largest gift of drops (of an action space, a contract, an income slot).
    A game starts with the neutral dams' drops and brings, each round, the four headstreams' worth and,
    per Engineer placed, a technology tile filling every dam of the map."""
    comps = components()
    dam = 3 + max(o.tallest_dam_extra for o in OFFICERS.values())
    gifts = [p.get("drops", 0) for p in (s.params for s in comps.spaces.values())]
    gifts += [g for c in comps.contracts.values() for g in _drop_gifts(c.reward)]
    gifts += [g for co in comps.companies.values() for row in co.income.values() for reward in row.values()
              for g in _drop_gifts(reward)]
    turns = seats * (comps.common["engineers"] + 1)  # Engineers placed, and the income, per round
    tile = max(max(t.drops_by_round) for t in comps.headstreams.values())
    headstream = tile + turns * GIFTS_PER_TURN * max(gifts)
    fill = len(board.dams) * dam
    game = (sum(n.initial_drops for n in board.neutral_dams) + sum(lake.drops for lake in board.lakes.values())
            + sum(t.drops for t in board.preparation_tiles)
            + ROUNDS * (len(board.headstreams) * headstream + turns * fill))
    return dam, headstream, game


def _seat(path: str, value: int, seats: int, neutral: bool = False) -> None:
    if not (0 <= value < seats or (neutral and value == NEUTRAL)):
        extra = f" or {NEUTRAL} (neutral)" if neutral else ""
        raise fail(path, f"{value} is not a seat (0 to {seats - 1}{extra})")


def _permutation(path: str, order: list[int], seats: int) -> None:
    if sorted(order) != list(range(seats)):
        raise fail(path, f"{order} must list each seat 0 to {seats - 1} once")


def _columns_taken(path: str, c: CompanyState) -> None:
    """A row listed in ``columns_taken`` (Brazil's, taken in any order): its columns, once each, as many as
    its pieces built, and not simply the leftmost ones (those are not listed)."""
    any_order = components().companies[c.company].any_order
    for structure, columns in c.columns_taken.items():
        at = key_path(path, structure)
        if structure not in any_order:
            raise fail(at, f"{c.company}'s {structure}s are taken from the left; nothing to list")
        built = company_board.built(c, structure)
        if sorted(set(columns)) != columns or not all(1 <= k <= company_board.columns(structure) for k in columns):
            raise fail(at, f"{columns} must list columns 1 to {company_board.columns(structure)} once each, in order")
        if len(columns) != built:
            raise fail(at, f"lists {len(columns)} columns but {built} {structure}s are built")
        if columns == list(range(1, built + 1)):
            raise fail(at, "the leftmost columns are not listed (a row taken from the left)")


def check_setup(setup: Setup) -> None:
    try:
        setup.validate()
    except ValueError as exc:
        raise InvalidState(f"setup: {exc}") from None


def check_state(st: GameState, setup: Setup, where: str = "state", game_board: Board | None = None,
                start: bool = False) -> None:
    """``game_board``: a running game's board; None: the one the setup names (a save being loaded).
    ``start``: the position a game starts from (a hand-written one): the growing counts leave room for a
    whole game (``growing``)."""
    comps = components()
    game_map = game_board or board_of(setup.options)
    p = partial(key_path, where)
    n = st.seats

    low, high = comps.seats
    if not low <= n <= high:
        raise fail(p("seats"), f"{n} seats; a game has {low} to {high}")
    if n != len(setup.seats):
        raise fail(p("seats"), f"{n} seats but the setup has {len(setup.seats)}")
    if len(st.companies) != n:
        raise fail(p("companies"), f"{len(st.companies)} companies for {n} seats")
    if st.introductory != setup.introductory:
        raise fail(p("introductory"), "differs from setup.introductory")
    if st.seed != setup.seed:
        raise fail(p("seed"), f"{st.seed} differs from setup.seed ({setup.seed})")
    within(p("round"), st.round, 1, ROUNDS)
    one_of(p("phase"), st.phase, PHASES, "phase")
    _permutation(p("turn_order"), st.turn_order, n)
    within(p("turn_index"), st.turn_index, 0, n if st.phase == "income" else n - 1)
    for i, s in enumerate(st.pick_order):  # the seats that pick a starting contract (not the Automas)
        _seat(f"{p('pick_order')}[{i}]", s, n)
    if len(set(st.pick_order)) != len(st.pick_order):
        raise fail(p("pick_order"), f"{st.pick_order} lists a seat twice")
    within(p("pick_index"), st.pick_index, 0, len(st.pick_order))
    still_to_pick = st.pick_order[st.pick_index:] if st.phase == "pick" else []
    for i, s in enumerate(st.drafting):  # seats yet to pick a company and chief engineer
        if s not in still_to_pick:
            raise fail(f"{p('drafting')}[{i}]", f"seat {s} has no pick to come (pick_order from pick_index)")
    if len(set(st.drafting)) != len(st.drafting):
        raise fail(p("drafting"), f"{st.drafting} lists a seat twice")
    within(p("rng_counter"), st.rng_counter, 0, growing(MAX_RANDOM_DRAWS, start), start)
    _check_flow(st, p)
    most_in_dam, most_in_headstream, most_in_game = water_bounds(n, game_map)
    scored = ROUNDS if st.phase == "over" else st.round - 1  # rounds whose Energy is scored

    # The map.
    if set(st.headstream_tiles) != set(game_map.headstreams):
        raise fail(p("headstream_tiles"), f"needs exactly the headstreams {', '.join(game_map.headstreams)}")
    for h, head_tile in st.headstream_tiles.items():
        one_of(key_path(p("headstream_tiles"), h), head_tile, comps.headstreams, "headstream tile")
    if len(set(st.headstream_tiles.values())) != len(st.headstream_tiles):
        raise fail(p("headstream_tiles"), "a headstream tile is used twice")
    if set(st.headstream_drops) != set(game_map.headstreams):
        raise fail(p("headstream_drops"), f"needs exactly the headstreams {', '.join(game_map.headstreams)}")
    for h, drops in st.headstream_drops.items():
        within(key_path(p("headstream_drops"), h), drops, 0, most_in_headstream)
    for space, dam in st.dams.items():
        at = key_path(p("dams"), space)
        one_of(at, space, game_map.dams, "dam space")
        _seat(f"{at}.owner", dam.owner, n, neutral=True)
        builder = comps.companies.get(st.companies[dam.owner].company) if dam.owner >= 0 else None  # checked below
        board = builder.construction if builder else None
        within(f"{at}.height", dam.height, 1, board.max_dam_height if board else 3)
        if not dam.base and (board is None or not board.elevation_without_base or dam.height != 1):
            raise fail(f"{at}.base", "only a company whose board allows it has an Elevation without a Base, "
                                     "and that dam is never raised (height 1)")
        within(f"{at}.drops", dam.drops, 0, most_in_dam)  # the exact capacity: the rules' invariants
    # after the places (they say more); a start holds at most one whole game's worth, a game two
    within(p("drops_created"), st.drops_created, 0, growing(2 * most_in_game, start), start)
    within(p("drops_exited"), st.drops_exited, 0, st.drops_created)
    for table, spaces, what in ((st.conduits, game_map.conduits, "conduit space"),
                                (st.powerhouses, game_map.powerhouses, "powerhouse space")):
        name = "conduits" if table is st.conduits else "powerhouses"
        for space, owner in table.items():
            at = key_path(p(name), space)
            one_of(at, space, spaces, what)
            _seat(at, owner, n, neutral=table is st.powerhouses and game_map.powerhouses[space].neutral)
    _check_board_extras(st, game_map, p)
    _check_powerhouse_pieces(st, p("powerhouse_pieces"))
    _check_modules(st, setup, game_map, p, where)

    # The management board.
    engineers = comps.common["engineers"]
    for space, seat in st.occupied.items():
        at = key_path(p("occupied"), space)
        one_of(at, space, comps.spaces, "action space")
        _seat(at, seat, n)
    for space, counts in st.engineers_on.items():  # action spaces, company spaces, an Automa's places...
        at = key_path(p("engineers_on"), space)
        if space == BANK:
            raise fail(at, f"Engineers on the Bank are counted in {p('bank')}")
        if len(counts) != n:
            raise fail(at, f"needs one count per seat ({n}), has {len(counts)}")
        for i, count in enumerate(counts):
            within(f"{at}[{i}]", count, 0, engineers)
    if len(st.bank) != n:
        raise fail(p("bank"), f"needs one count per seat ({n}), has {len(st.bank)}")
    for i, count in enumerate(st.bank):
        within(f"{p('bank')}[{i}]", count, 0, engineers)

    # Contracts: each one in at most one place.
    places: Counter[int] = Counter()

    def contracts(path: str, ids: list[int], kinds: tuple[str, ...]) -> None:
        for i, cid in enumerate(ids):
            at = f"{path}[{i}]"
            if cid not in comps.contracts:
                raise fail(at, f"unknown contract {cid}")
            if comps.contracts[cid].kind not in kinds:
                raise fail(at, f"contract {cid} is a {comps.contracts[cid].kind} contract, not {' or '.join(kinds)}")
            places[cid] += 1
            if places[cid] > 1:
                raise fail(at, f"contract {cid} is in two places")

    contracts(p("national"), st.national, ("national",))
    contracts(p("starting_offer"), st.starting_offer, ("starting",))
    for name, piles in (("private_piles", st.private_piles), ("private_display", st.private_display)):
        if set(piles) != set(COLOURS):
            raise fail(p(name), "needs exactly the colours green, yellow and red")
        for colour, ids in piles.items():
            contracts(key_path(p(name), colour), ids, (colour,))
    for colour, shown in st.private_display.items():
        if len(shown) > 2:
            raise fail(key_path(p("private_display"), colour), f"shows {len(shown)} contracts; at most 2")
    for colour, ids in st.contract_discards.items():  # by an Automa's Contract Office box
        one_of(key_path(p("contract_discards"), colour), colour, COLOURS, "contract colour")
        contracts(key_path(p("contract_discards"), colour), ids, (colour,))

    # The Automa's deck: each card once, in the draw pile or the discard pile.
    cards: Counter[int] = Counter()
    for name, pile in (("automa_draw", st.automa_draw), ("automa_discard", st.automa_discard)):
        for i, card in enumerate(pile):
            at = f"{p(name)}[{i}]"
            within(at, card, 1, DECK_SIZE)
            cards[card] += 1
            if cards[card] > 1:
                raise fail(at, f"Automa card {card} is in two places")

    # The Patent Office.
    advanced = {**comps.advanced_tiles, **{t: c for t, c in (*comps.china_tiles.items(), *comps.module_tiles.items())
                                           if c.level > 0}}
    tiles_seen: Counter[str] = Counter()

    def tile(path: str, tile_id: str, allow_empty: bool = False) -> None:
        if tile_id == "" and allow_empty:
            return
        try:
            t = comps.tile(tile_id)
        except KeyError:
            raise fail(path, f"unknown technology tile {tile_id!r}") from None
        if t.level > 0:  # advanced tiles exist once
            tiles_seen[tile_id] += 1
            if tiles_seen[tile_id] > 1:
                raise fail(path, f"technology tile {tile_id!r} is in two places")

    if st.introductory:
        if st.patent_piles or st.patent_offer:
            raise fail(p("patent_piles"), "the introductory game has no Patent Office")
    else:
        if set(st.patent_piles) != set(LEVELS):
            raise fail(p("patent_piles"), 'needs exactly the levels "1", "2" and "3"')
        for level, tiles_pile in st.patent_piles.items():
            for i, t in enumerate(tiles_pile):
                at = f"{key_path(p('patent_piles'), level)}[{i}]"
                if t not in advanced or str(advanced[t].level) != level:
                    raise fail(at, f"{t!r} is not a level {level} technology tile")
                tile(at, t)
        if len(st.patent_offer) != 3:
            raise fail(p("patent_offer"), f"needs 3 slots (\"\" = empty), has {len(st.patent_offer)}")
        for i, t in enumerate(st.patent_offer):
            at = f"{p('patent_offer')}[{i}]"
            if t and t not in advanced:
                raise fail(at, f"{t!r} is not an advanced technology tile")
            tile(at, t, allow_empty=True)

    if len(st.bonus_tiles) != ROUNDS:
        raise fail(p("bonus_tiles"), f"needs {ROUNDS} tiles (one per round), has {len(st.bonus_tiles)}")
    for i, b in enumerate(st.bonus_tiles):  # (a module's may be drawn too: scoring.bonus_tile knows them)
        one_of(f"{p('bonus_tiles')}[{i}]", b, _Known(scoring.bonus_tile), "bonus tile")
        if b in st.bonus_tiles[:i]:  # drawn from the box, one per round: a round with a repeated tile has none of its own
            raise fail(f"{p('bonus_tiles')}[{i}]", f"bonus tile {b} is drawn for two rounds")
    one_of(p("objective"), st.objective, _Known(scoring.objective_tile), "objective tile")
    in_play = {c.officer for c in st.companies}
    for i, o in enumerate(st.spare_officers):
        one_of(f"{p('spare_officers')}[{i}]", o, OFFICERS, "chief engineer")
        if o in in_play:
            raise fail(f"{p('spare_officers')}[{i}]", f"{o!r} is drawn but not dealt, yet a company plays with them")
    for i, s in enumerate(st.winner):
        _seat(f"{p('winner')}[{i}]", s, n)

    # The companies.
    seen_company: set[str] = set()
    seen_officer: set[str] = set()
    for i, c in enumerate(st.companies):
        at = f"{p('companies')}[{i}]"
        q = partial(key_path, at)
        if c.seat != i:
            raise fail(q("seat"), f"is {c.seat}; the companies are listed in seat order, so it must be {i}")
        one_of(q("company"), c.company, comps.companies, "company")
        one_of(q("kind"), c.kind, SEAT_KINDS, "seat kind")
        if not (c.officer == NO_OFFICER and c.kind == "automa"):
            one_of(q("officer"), c.officer, OFFICERS, "chief engineer")
        if c.company in seen_company:
            raise fail(q("company"), f"{c.company!r} is played by two seats")
        if c.officer in seen_officer and c.officer != NO_OFFICER:
            raise fail(q("officer"), f"{c.officer!r} works for two companies")
        seen_company.add(c.company)
        seen_officer.add(c.officer)
        seat_setup = setup.seats[i]
        if seat_setup.company and seat_setup.company != c.company:
            raise fail(q("company"), f"{c.company!r} differs from setup.seats[{i}].company ({seat_setup.company!r})")
        if seat_setup.officer and seat_setup.officer != c.officer:
            raise fail(q("officer"), f"{c.officer!r} differs from setup.seats[{i}].officer ({seat_setup.officer!r})")
        for name, high in COMPANY_COUNTS.items():
            within(q(name), getattr(c, name), 0, growing(high, start), start)
        within(q("engineers"), c.engineers, 0, engineers)
        most_vp = growing(MAX_VP, start)
        within(q("vp"), c.vp, -most_vp if c.kind == "automa" else 0, most_vp, start)  # an Automa's may go below 0
        if len(c.energy_by_round) > scored:  # one entry per round scored (a hand-written position may leave them out)
            raise fail(q("energy_by_round"), f"has {len(c.energy_by_round)} rounds, but {scored} "
                                             f"{'is' if scored == 1 else 'are'} scored by {_progress(st)}")
        for j, e in enumerate(c.energy_by_round):
            within(f"{q('energy_by_round')}[{j}]", e, 0, MAX_ENERGY)
        for source, v in c.vp_by_source.items():
            within(key_path(q("vp_by_source"), source), v, -most_vp, most_vp, start)
        within(q("construction_used"), c.construction_used, 0, len(comps.construction_spaces))
        if set(c.pieces) != set(STRUCTURES):
            raise fail(q("pieces"), f"needs exactly {', '.join(STRUCTURES)}")
        for structure, k in c.pieces.items():
            within(key_path(q("pieces"), structure), k, 0, comps.common["pieces"][structure])
        _columns_taken(q("columns_taken"), c)
        own_tiles: Counter[str] = Counter()  # a company has each of its tiles once (in supply or on its wheel)

        def own_tile(path: str, tile_id: str) -> None:
            tile(path, tile_id)
            own_tiles[tile_id] += 1
            if own_tiles[tile_id] > 1:
                raise fail(path, f"technology tile {tile_id!r} is in two places")

        for j, t in enumerate(c.tiles):
            own_tile(f"{q('tiles')}[{j}]", t)
        if len(c.wheel) != WHEEL_SEGMENTS:
            raise fail(q("wheel"), f"needs {WHEEL_SEGMENTS} segments, has {len(c.wheel)}")
        within(q("wheel_open"), c.wheel_open, 0, WHEEL_SEGMENTS - 1)
        for j, seg in enumerate(c.wheel):
            w = f"{q('wheel')}[{j}]"
            for k, t in enumerate(seg.tiles):
                own_tile(f"{w}.tiles[{k}]", t)
            if len(seg.tiles) > 1:  # a construction puts its one tile on the open segment
                raise fail(f"{w}.tiles", f"{len(seg.tiles)} technology tiles on one segment; a segment holds one")
            for name in MACHINES:
                within(f"{w}.{name}", getattr(seg, name), 0, growing(MAX_MACHINERY, start), start)
        contracts(q("contracts"), c.contracts, ("starting", "national", *COLOURS))
        contracts(q("fulfilled"), c.fulfilled, ("starting", "national", *COLOURS))
        if len(c.private_spaces_used) != 2:
            raise fail(q("private_spaces_used"), "needs 2 booleans (the chief engineer's private spaces)")
        copies = c.officer in components().officers and components().officers[c.officer].copies_others
        if c.copied_officer:
            one_of(q("copied_officer"), c.copied_officer, OFFICERS, "chief engineer")
            if not copies:
                raise fail(q("copied_officer"), f"{c.officer!r} copies no other chief engineer's ability")
        for j, o in enumerate(c.copied_for_round):
            one_of(f"{q('copied_for_round')}[{j}]", o, OFFICERS, "chief engineer")
            if not copies:
                raise fail(f"{q('copied_for_round')}[{j}]", f"{c.officer!r} copies no other chief engineer's ability")
        if len(c.machinery_gained) != 2:
            raise fail(q("machinery_gained"), "needs 2 counts (excavators, mixers)")
        for j, k in enumerate(c.machinery_gained):
            within(f"{q('machinery_gained')}[{j}]", k, 0, growing(MAX_MACHINERY, start), start)
        if len(c.machinery_lost) != 3:
            raise fail(q("machinery_lost"), "needs 3 counts (Excavators, mixers, Excamixers)")
        for j, k in enumerate(c.machinery_lost):
            within(f"{q('machinery_lost')}[{j}]", k, 0, growing(MAX_MACHINERY, start), start)
        if c.architect and not (c.officer in OFFICERS and OFFICERS[c.officer].architect):
            raise fail(q("architect"), f"{c.officer!r} has no Architect")
    if st.phase == "over" and st.winner != scoring.winners(st.companies):
        best = scoring.winners(st.companies)
        raise fail(p("winner"), f"{st.winner} after the final scoring, but seat(s) {best} have the most VP "
                                f"(then Energy)")


def _progress(st: GameState) -> str:
    return "the end of the game" if st.phase == "over" else f"round {st.round}"


def _check_flow(st: GameState, p: Callable[[str], str]) -> None:
    """Where the game is must agree with itself: the starting picks come before round 1's income, the game
    ends after the last round's scoring (and only then has a winner)."""
    if st.phase == "pick" and st.round != 1:
        raise fail(p("phase"), f"the starting picks come before round 1, not in round {st.round}")
    if st.starting_offer and st.phase != "pick":
        raise fail(p("starting_offer"), f"starting contracts still offered in round {st.round} ({st.phase} "
                                        f"phase); they are all picked before round 1's income")
    if st.phase == "over" and st.round != ROUNDS:
        raise fail(p("phase"), f"the game is over in round {st.round}; it ends after round {ROUNDS}")
    if st.phase == "over" and not st.winner:
        raise fail(p("winner"), "the game is over but has no winner")
    if st.phase != "over" and st.winner:
        raise fail(p("winner"), f"a winner in round {st.round}, before the game is over")


def check_turn(st: GameState, where: str = "state") -> None:
    """What holds where a turn starts (a save's snapshot, a hand-written position; not in the middle of a
    turn, when the seat that just passed may still end its turn): the seat to play in the action phase has
    not passed, so not every company has."""
    if st.phase != "actions":
        return
    p = partial(key_path, where)
    if all(c.passed for c in st.companies):
        raise fail(p("companies"), "every company has passed, yet the action phase goes on")
    seat = st.turn_order[st.turn_index]
    if st.companies[seat].passed:
        raise fail(p("turn_index"), f"points at seat {seat} to play, but it has passed")


def _check_powerhouse_pieces(st: GameState, at: str) -> None:
    """China's Powerhouse pieces (rules/companies/china.py): each of its Powerhouses lists the piece standing there, a
    piece stands in one place at most, and the pieces standing are the columns gone from its board."""
    comps = components()
    for space, column in st.powerhouse_pieces.items():
        owner = st.powerhouses.get(space)
        pieces = comps.companies[st.companies[owner].company].powerhouse_pieces if owner is not None else ()
        if not pieces:
            raise fail(key_path(at, space), "lists a piece where no Powerhouse of a company with distinct pieces stands")
        within(key_path(at, space), column, 1, len(pieces))
    for c in st.companies:
        if not comps.companies[c.company].powerhouse_pieces:
            continue
        standing = sorted(st.powerhouse_pieces.get(s, 0) for s, o in st.powerhouses.items() if o == c.seat)
        if standing != company_board.taken(c, "powerhouse"):
            raise fail(at, f"seat {c.seat}'s Powerhouses hold the pieces {standing}, its board lacks "
                           f"{company_board.taken(c, 'powerhouse')}: each piece stands in one place")


def _check_board_extras(st: GameState, board: Board, p: Callable[[str], str]) -> None:
    """The natural lakes' drops (0 to each one's capacity), the landscapes uncovered (the board's), a covered
    headstream dry until its landscape is built, a headstream's own tile."""
    for lake, drops in st.lakes.items():
        at = key_path(p("lakes"), lake)
        one_of(at, lake, board.lakes, "natural lake")
        within(at, drops, 0, board.lakes[lake].capacity)
    for i, code in enumerate(st.uncovered):
        one_of(f"{p('uncovered')}[{i}]", code, board.landscapes, "landscape of the board")
    if len(set(st.uncovered)) != len(st.uncovered):
        raise fail(p("uncovered"), "a landscape is listed twice")
    for head, code in board.headstream_covers.items():  # closed until built (board_features.headstream_open)
        if code not in st.uncovered and st.headstream_drops.get(head, 0):
            raise fail(key_path(p("headstream_drops"), head), f"holds drops, but lies under landscape {code}")
    for head, tile in board.headstream_fixed.items():
        if st.headstream_tiles.get(head) != tile:
            raise fail(key_path(p("headstream_tiles"), head), f"must be its own tile {tile} (the board's)")
    if st.preparation or board.preparation_tiles:  # the positional tiles: one under each preparation tile
        tiles = sorted(t.id for t in board.preparation_tiles)
        if sorted(st.preparation) != tiles:
            raise fail(p("preparation"), f"needs exactly the board's preparation tiles {', '.join(tiles) or '(none)'}")
        if sorted(st.preparation.values()) != sorted(board.positions):
            raise fail(p("preparation"), f"{sorted(st.preparation.values())}: each positional tile "
                                         f"1 to {len(board.positions)} once")



def _check_modules(st: GameState, setup: Setup, board: Board, p: Callable[[str], str], where: str) -> None:
    """Each module's own state: there for every module switched on that keeps one (its setup lays it out),
    for no other; then the module's own checks (``Module.check_state``). The phase after Water Flow stops
    for a decision only in a module's phase there."""
    on, hooks = modules(setup.options), hooks_for(setup.options, board)
    in_play = {module.id for module in hooks.modules}
    for m in st.modules:
        if m not in on:
            raise fail(key_path(p("modules"), m), f"the state of module {m!r}, not switched on (setup.options.modules)")
        if m not in in_play:
            raise fail(key_path(p("modules"), m), f"the state of module {m!r}, which has no rules on board {board.id}")
    for module in hooks.modules:
        if module.id not in st.modules and module.keeps_state(setup, board):
            raise fail(key_path(p("modules"), module.id), "missing: the module is switched on (setup.options.modules)")
    if st.phase == CHECK and not hooks.after_water_flow:
        raise fail(p("phase"), "only a module's phase after Water Flow stops for a decision")
    for check in hooks.check_state:
        check(st, setup, board, where)

