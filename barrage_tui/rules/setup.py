"""Game setup: who sits where, and the table laid out from the seed (rulebook "Setup")."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from . import preparation
from .engine import keys
from .automa_deck import shuffle_deck
from .automa_levels import levels, rules
from .board_files import board_of, board_ref, load as load_board
from .board_features import board_setup
from .boards import Board, BoardProblem
from .components import BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, builtin_boards, components
from .engine.decisions import Choice, Flow, PromptKind
from .engine.draws import rng
from .officers import OFFICERS
from .plugin import MODULES_OPTION, Hooks, every_module, hooks_for, known_modules, modules
from .state import NEUTRAL, CompanyState, DamState, GameState

if TYPE_CHECKING:
    from .game import Game

SEAT_KINDS = ("human", "automa")
EXPANSION_OPTION = "expansion_officers"  # Setup.options key: draw the expansion box's chief engineers too
DRAFT_OPTION = "draft"  # Setup.options key, default true: people pick drawn pairs (games saved before: false)
CONFIRM_OPTION = "confirm_turns"  # Setup.options key, default false: a person ends each turn with "End turn"
NO_OFFICER = "none"

if TYPE_CHECKING:
    Options = dict[str, object]  # the *_OPTION flags; the saves keep the game's "id" there too
else:  # a bare dict at run time: saves/schema.py reads an untyped dict field as a free table
    Options = dict


class SetupError(ValueError):
    """A setup that cannot be played (wrong seat count, a company taken twice, ...)."""


@dataclass(frozen=True)
class SeatSetup:
    name: str
    kind: str = "human"
    company: str = ""  # "" = drawn at random
    officer: str = ""  # "" = drawn at random
    difficulty: str = ""  # for an Automa seat: easy | medium (the default) | hard | very_hard


@dataclass(frozen=True)
class Setup:
    """Seats are listed in picking order (``first_player_at_random`` draws who is first); in the full game
    round 1 is played in the reverse order, and a person who left company and chief engineer both to
    chance picks one of the drawn pairs in that order (``pick_matchup``)."""

    seats: tuple[SeatSetup, ...]
    introductory: bool = False
    seed: int = 0
    promo_officers: bool = True  # Simone Luciani and Tommaso Battista may be drawn
    options: Options = field(default_factory=dict)

    def validate(self) -> None:
        comps = components()
        low, high = components().seats
        if not low <= len(self.seats) <= high:
            raise SetupError(f"a game has {low} to {high} seats")
        try:
            board = board_of(self.options)  # (a board file is read once here)
        except BoardProblem as exc:
            raise SetupError(f"board {board_ref(self.options)}: {exc}") from None
        if not isinstance(self.options.get(MODULES_OPTION, []), (list, tuple)):
            raise SetupError(f"the option {MODULES_OPTION!r} is a list of module ids")
        unknown = set(modules(self.options)) - set(every_module())  # (one not yet offered too: its tests)
        if unknown:
            raise SetupError(f"unknown module(s) {', '.join(sorted(unknown))}: {', '.join(known_modules())}")
        if (why := seat_problem(self.options, len(self.seats), board, self.introductory)) is not None:
            raise SetupError(why)
        chosen = [s.company for s in self.seats if s.company]
        if len(set(chosen)) != len(chosen):
            raise SetupError("two seats chose the same company")
        officers = [s.officer for s in self.seats if s.officer]
        if len(set(officers)) != len(officers):
            raise SetupError("two seats chose the same chief engineer")
        self._validate_automas()
        self._validate_modules(board)
        for s in self.seats:
            if s.kind not in SEAT_KINDS:
                raise SetupError(f"unknown seat kind {s.kind!r}")
            if s.company and s.company not in comps.companies:
                raise SetupError(f"unknown company {s.company!r}")
            if s.officer and s.officer not in OFFICERS:
                raise SetupError(f"unknown chief engineer {s.officer!r}")
            missing = set(components().officers[s.officer].requires) - modules(self.options) if s.officer else set()
            if missing:
                raise SetupError(f"{components().officers[s.officer].name} needs the module(s) {', '.join(sorted(missing))}")
            if self.introductory and (s.company or s.officer):
                raise SetupError("the introductory game uses fixed companies and chief engineers")

    def _validate_modules(self, board: Board) -> None:
        """Each module switched on is played in the game (introductory or full) it allows, and takes the rest
        of the setup (``Module.problem``); the seats it allows are ``seat_problem``'s."""
        for m in sorted(modules(self.options)):
            facts = every_module()[m]
            if self.introductory and not facts.introductory:
                raise SetupError(f"{facts.name} is not played in the introductory game")
        for problem in hooks_for(self.options, board).problem:
            if (why := problem(self, board)) is not None:
                raise SetupError(why)

    def _validate_automas(self) -> None:
        """1 to ``max_automas`` Automas, full game only; a chief engineer only at Very Hard (reference automa.md 2)."""

        automas = [s for s in self.seats if s.kind == "automa"]
        if not automas:
            return
        if self.introductory:
            raise SetupError("the Automa does not play the introductory game")
        if len(automas) > (most := max_automas(self.options)):
            raise SetupError(f"at most {most} Automas" + (" (4: at a fifth seat)" if most < max_automas() else ""))
        for s in automas:
            level = levels().get(automa_difficulty(s))
            if level is None:
                raise SetupError(f"unknown Automa difficulty {s.difficulty!r}: {', '.join(levels())}")
            if s.officer and not level.officer:
                raise SetupError("only a Very Hard Automa has a chief engineer")
            if s.officer in OFFICERS and not OFFICERS[s.officer].automa_ready:  # (Angelo Alberti: never)
                raise SetupError(f"the Automa cannot play {s.officer!r} yet (no Automa rules for that chief engineer)")
            if not automa_plays_company(s.company):
                raise SetupError(f"the Automa cannot play {s.company!r} (companies.toml: automa_playable)")
        chosen = {s.company for s in self.seats if s.company}
        playable = [c for c in company_pool(self.options) if automa_plays_company(c) and c not in chosen]
        drawing = sum(1 for s in automas if not s.company)
        if drawing > len(playable):
            raise SetupError(f"{drawing} Automas draw a company and {len(playable)} of those in play are ones the "
                             f"Automa plays (companies.toml: automa_playable)")


def max_automas(options: Options | None = None) -> int:
    """The most Automas at a table with ``options`` (None: at any table): one person and the others of a full
    table: 3, the base game's 4 seats less one (reference automa.md 2); 4 where a fifth seat is allowed (the
    4-5 player map with a fifth company, leeghwater-5p.md B.4). A module's own seat rule (the Duel's) is its."""
    most = components().seats[1] if options is None else max(*seat_choices(options), components().board_seats[-1])
    return most - 1


def picking_order(seats: tuple[SeatSetup, ...], first: int) -> tuple[SeatSetup, ...]:
    """The seats in picking order: from seat ``first``, clockwise (the table's order, turned)."""
    return seats[first:] + seats[:first]


def first_player_at_random(seats: tuple[SeatSetup, ...], seed: int) -> tuple[SeatSetup, ...]:
    """Rulebook "Setup": pick a first player at random (drawn from the seed), then clockwise."""
    return picking_order(seats, random.Random(f"{seed}:first").randrange(len(seats)))


def automa_difficulty(seat: SeatSetup) -> str:
    return seat.difficulty or "medium"


def has_officer(seat: SeatSetup) -> bool:
    """Every human has a chief engineer; an Automa only at Very Hard."""

    return seat.kind != "automa" or levels()[automa_difficulty(seat)].officer


def officer_pool(promos: bool, expansion: bool = False, switched_on: frozenset[str] = frozenset()) -> list[str]:
    """The chief engineers drawn from; with the modules ``switched_on``, also those that need them
    (Angelo Alberti with the Geological Factor)."""
    return (list(BASE_OFFICERS) + (list(PROMO_OFFICERS) if promos else [])
            + (list(EXPANSION_OFFICERS) if expansion else []) + module_officers(switched_on))


def module_officers(switched_on: frozenset[str]) -> list[str]:
    """The officers that need a module, when all the modules they need are on (officers.toml ``requires``)."""
    return [o.id for o in components().officers.values() if o.requires and set(o.requires) <= switched_on]


def expansion_officers(setup: Setup) -> bool:
    """The option ``expansion_officers``: the six new chief engineers of the expansion box may be drawn."""
    return bool(setup.options.get(EXPANSION_OPTION, False))


def seat_choices(options: Options, board: Board | None = None, introductory: bool = False) -> tuple[int, ...]:
    """Every seat count a game with ``options`` may have: the one rule the setup, the start screen, sim and the
    host ask (``seat_problem`` says why another count is refused)."""
    low, high = components().seats
    return tuple(n for n in range(low, high + 1) if seat_problem(options, n, board, introductory) is None)


def seat_problem(options: Options, seats: int, board: Board | None = None, introductory: bool = False) -> str | None:
    """Why a game with ``options`` cannot have ``seats`` seats (None: it can): a game has game-flow.toml's
    ``players_min`` to ``players_max``; its board's counts (board format ``seats``; a board listing none:
    ``board_players_max`` at most, 4); each module's switched on (modules.toml ``seats``); and a company for
    each seat: a fifth seat needs a fifth company in the pool (the Leeghwater Project's Netherlands, the
    Overseas Companies' Japan and Brazil; the introductory game has its four fixed ones). ``BoardProblem``
    when ``options`` names a board that cannot be read."""
    low, high = components().seats
    if not low <= seats <= high:
        return f"a game has {low} to {high} seats"
    for m in sorted(modules(options) & set(every_module())):
        facts = every_module()[m]
        if facts.seats and not facts.seats[0] <= seats <= facts.seats[1]:
            return (f"{facts.name} is for {seat_counts(*facts.seats)} players; this game has {seats} seat(s)")
    board = board or board_of(options)
    counts = board.seats or components().board_seats
    if seats not in counts:
        elsewhere = [load_board(b).name for b in builtin_boards() if seats in load_board(b).seats]
        return (f"the board {board.name} is for {_counts_in_words(counts)} players; this game has {seats} seat(s)"
                + (f" ({seats} play on {' or '.join(elsewhere)})" if elsewhere and not board.seats else ""))
    pool = [c for c in components().companies.values() if c.introductory] if introductory else company_pool(options)
    if seats > len(pool):
        if introductory:
            return f"the introductory game has {len(pool)} companies; this game has {seats} seats"
        more = [f.name for m, f in known_modules().items()
                if m not in modules(options) and any(c.module == m for c in components().companies.values())]
        return (f"{seats} seats need {seats} companies and {len(pool)} are in play"
                + (f": switch on {', '.join(more[:-1]) + ' or ' if len(more) > 1 else ''}{more[-1]} for another"
                   if more else ""))
    return None


def _counts_in_words(counts: tuple[int, ...]) -> str:
    """(2,) "exactly 2"; (4, 5) "4 or 5"; (1, 2, 3, 4) "1 to 4"."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return seat_counts(counts[0], counts[-1])
    return ("exactly " if len(counts) == 1 else "") + " or ".join(map(str, counts))


def seat_counts(low: int, high: int) -> str:
    """"exactly 2", "1 to 4": a range of seat counts in words."""
    return f"exactly {low}" if low == high else f"{low} to {high}"


def company_pool(options: Options) -> tuple[str, ...]:
    """The companies drawn at random: the base game's, and each expansion company whose module is on (its
    ``module`` in companies.toml: Japan and Brazil with "overseas", China with "china")."""
    on = modules(options)
    return base_companies() + tuple(c for c in expansion_companies() if components().companies[c].module in on)


def base_companies() -> tuple[str, ...]:
    """The base game's companies, in the order of companies.toml (drawn at random in that order)."""
    return tuple(c.id for c in components().companies.values() if c.base_game)


def expansion_companies() -> tuple[str, ...]:
    """The modules' companies (companies.toml ``module``), in the data's order: each is drawn too when its
    module is switched on, and may always be chosen for a seat."""
    return tuple(c.id for c in components().companies.values() if c.module)


def automa_plays_company(company: str) -> bool:
    """Whether an Automa may play ``company`` (companies.toml ``automa_playable``; "" or unknown: yes, it is
    drawn or refused elsewhere)."""
    known = components().companies
    return company not in known or known[company].automa_playable


def draw_company(free: list[str], seat: SeatSetup, automas_after: int = 0) -> str:
    """The top company of the shuffled free ones that ``seat`` may have: an Automa only one it can play; a
    person the top one, unless the ``automas_after`` still to draw would then lack companies they can play
    (the Netherlands at a fifth seat): then the top one left for the person."""
    playable = sum(map(automa_plays_company, free))
    for i in range(len(free) - 1, -1, -1):
        if seat.kind == "automa":
            if automa_plays_company(free[i]):
                return free.pop(i)
        elif playable - automa_plays_company(free[i]) >= automas_after:
            return free.pop(i)
    raise SetupError("no company left to draw" + (" that an Automa can play" if seat.kind == "automa" else ""))


def draw_officer(pool: list[str], seat: SeatSetup) -> str:
    """The top officer of the shuffled pool that ``seat`` may have: an Automa only one with Automa rules."""
    for i in range(len(pool) - 1, -1, -1):
        if seat.kind != "automa" or OFFICERS[pool[i]].automa_ready:
            return pool.pop(i)
    raise SetupError("no chief engineer left to draw")


def new_company(seat: int, s: SeatSetup, company: str, officer: str, introductory: bool) -> CompanyState:
    """A company as it starts the game: the common supply, changed by its chief engineer and by the Automa."""
    comps = components()
    start = comps.officers[officer].start  # the common supply with the chief engineer's changes
    basic = [t.id for t in comps.basic_tiles.values() if introductory or not t.introductory_only]
    cs = CompanyState(
        seat=seat, player=s.name, kind=s.kind, company=company, officer=officer,
        vp=start.vp, credits=start.credits, excavators=start.excavators, mixers=start.mixers,
        excamixers=start.excamixers, excamixers_gained=start.excamixers,
        engineers=start.engineers, architect=start.architect,
        pieces=dict(comps.common["pieces"]), tiles=basic + list(start.extra_tiles),
    )
    if s.kind == "automa":  # 16 VP and no credits (automa.md 2.2)

        cs.vp, cs.credits, cs.difficulty = rules().starting_vp, rules().starting_credits, automa_difficulty(s)
    cs.vp_by_source = {"start": cs.vp}
    cs.machinery_gained = [cs.excavators, cs.mixers]
    return cs


def drafts(seat: SeatSetup) -> bool:
    """A seat that left both company and chief engineer to chance: a person picks a drawn pair at the
    table; an Automa's drawn pair is on offer to the people, and it takes the pair a person gave up."""
    return not seat.company and not seat.officer


def _offered_automas(game: Game, seat: int) -> list[tuple[int, str]]:
    """The Automa seats whose drawn pair ``seat`` may take, with the chief engineer that comes with it.

    Decision (the solo rules do not say how an Automa's pair is drawn): an Automa without a chief engineer
    offers its company with one of the officers drawn but not dealt (Mahiri's spares, in order); a Very Hard
    Automa offers its own, but only when it could play the person's chief engineer in exchange."""
    st, mine = game.state, game.state.companies[seat]
    offered, spares = [], iter(st.spare_officers)
    for t, s in enumerate(game.setup.seats):
        c = st.companies[t]
        if s.kind != "automa" or not drafts(s):
            continue
        if c.officer == NO_OFFICER:
            officer = next(spares, "")
            if officer:
                offered.append((t, officer))
        elif OFFICERS[mine.officer].automa_ready:
            offered.append((t, c.officer))
    return offered


def pairs_on_offer(game: Game) -> frozenset[int]:
    """The seats whose drawn pair is only on offer, not yet theirs: the seats still to pick, and the Automas whose
    pair one of them may take (an Automa keeps what is left when the picks are over)."""
    drafting = game.state.drafting
    return frozenset(drafting).union(t for seat in drafting for t, _ in _offered_automas(game, seat))


def _reseated(c: CompanyState, company: str, officer: str, introductory: bool) -> CompanyState:
    """The company ``c``'s seat starts with after a swap of drawn pairs (nobody has played yet)."""
    s = SeatSetup(c.player, c.kind, difficulty=c.difficulty)
    fresh = new_company(c.seat, s, company, officer, introductory)
    comps = components()  # the seat's Landscape tile stays, and a module's tiles dealt at setup
    fresh.tiles += [t for t in c.tiles if t in comps.china_tiles or t in comps.module_tiles]
    return fresh


def pick_matchup(game: Game, seat: int) -> Flow[None]:
    """A drafting seat takes one of the pairs still dealt to the drafting seats or drawn for an Automa."""
    st, comps = game.state, components()
    pairs = {st.companies[t].company: (t, st.companies[t].officer) for t in st.drafting}
    pairs.update((st.companies[t].company, (t, officer)) for t, officer in _offered_automas(game, seat))
    choices = [Choice(keys.make("matchup", company),
                      f"{comps.companies[company].name} with {comps.officers[officer].name}",
                      (keys.make("company", company), keys.make("officer", officer)),
                      data={"company": company, "officer": officer, "from_automa": t not in st.drafting})
               for company, (t, officer) in sorted(pairs.items(), key=lambda kv: (base_companies() + expansion_companies()).index(kv[0]))]
    key = yield from game.ask(seat, PromptKind.MATCHUP, "Pick a company + chief engineer.", choices)
    other, officer = pairs[keys.Key.parse(key).arg(0)]
    mine, theirs = st.companies[seat], st.companies[other]
    if other != seat:  # the two seats swap the pairs they were dealt; neither has played yet
        st.companies[seat] = _reseated(mine, theirs.company, officer, st.introductory)
        if theirs.officer == NO_OFFICER:  # an Automa without one: the person's gives way to the spare taken
            st.spare_officers[st.spare_officers.index(officer)] = mine.officer
            st.companies[other] = _reseated(theirs, mine.company, NO_OFFICER, st.introductory)
        else:
            st.companies[other] = _reseated(theirs, mine.company, mine.officer, st.introductory)
    st.drafting.remove(seat)
    c = st.companies[seat]
    game.event(f"{c.player} takes {comps.companies[c.company].name} with "
               f"{comps.officers[c.officer].name}.", seat, "setup")
    if other != seat and other not in st.drafting:
        a = st.companies[other]
        game.event(f"{a.player} takes {comps.companies[a.company].name}, the pair {c.player} gave up.",
                   other, "setup")


def draw_bonus_tiles(state: GameState, hooks: Hooks, r: random.Random) -> None:
    """The round's bonus tiles drawn again, from the base game's (the introductory game's only, in it) and those
    every module of the game shuffles in (``added_bonus_tiles``): a module's setup that adds some calls it, so
    modules that each add tiles draw from them all."""
    comps = components()
    pool = [t.id for t in comps.bonus_tiles.values() if t.introductory or not state.introductory]
    for added in hooks.added_bonus_tiles:
        pool += added()
    r.shuffle(pool)
    state.bonus_tiles = pool[:len(state.bonus_tiles)]


def reshuffle_patent_piles(state: GameState, r: random.Random, added: Mapping[int, Iterable[str]],
                           removed_per_pile: int) -> list[str]:
    """A module's tiles (``added``: by level) joining the level piles: each pile with the Patent Office's tiles
    back (level I) and in the tiles' printed order (so the draw depends on which tiles, not on earlier
    shuffles), then the added ones, is shuffled and loses ``removed_per_pile`` tiles to the box; then the Patent
    Office's tiles of level I are dealt again. Returns the tiles removed."""
    comps = components()
    order = {t: i for i, t in enumerate(comps.every_advanced_tile)}
    removed = []
    for level in sorted(state.patent_piles, key=int):
        pile = [*state.patent_piles[level], *(t for t in state.patent_offer if t)] if level == "1" \
            else list(state.patent_piles[level])
        pile.sort(key=order.__getitem__)
        pile += added.get(int(level), ())
        r.shuffle(pile)
        removed += [pile.pop() for _ in range(removed_per_pile)]
        state.patent_piles[level] = pile
    offered = len(state.patent_offer)
    state.patent_offer = [state.patent_piles["1"].pop() for _ in range(offered)]
    return removed


def new_state(setup: Setup) -> GameState:
    setup.validate()
    comps = components()
    n = len(setup.seats)
    state = GameState(seats=n, introductory=setup.introductory, seed=setup.seed, companies=[])

    # Companies and chief engineers: fixed matchups in the introductory game, otherwise chosen or drawn.
    if setup.introductory:
        rows = sorted((c for c in comps.companies.values() if c.introductory),  # the base boards only
                      key=lambda c: c.introductory["turn_position"])[:n]
        pairs = [(c.id, c.introductory["officer"]) for c in rows]
        spare: list[str] = []
    else:
        r = rng(state)
        free_companies = [c for c in company_pool(setup.options) if c not in {s.company for s in setup.seats}]
        r.shuffle(free_companies)
        pool = [o for o in officer_pool(setup.promo_officers, expansion_officers(setup), modules(setup.options))
                if o not in {s.officer for s in setup.seats}]
        r.shuffle(pool)
        pairs = []
        for k, s in enumerate(setup.seats):
            officer = (s.officer or draw_officer(pool, s)) if has_officer(s) else NO_OFFICER
            automas_after = sum(t.kind == "automa" and not t.company for t in setup.seats[k + 1:])
            pairs.append((s.company or draw_company(free_companies, s, automas_after), officer))
        # Four officers are always drawn; the ones not dealt are Mahiri's extra copy targets.
        spare = pool[: max(0, 4 - sum(1 for _, o in pairs if o != NO_OFFICER))]
    state.spare_officers = spare

    for seat, (s, (company, officer)) in enumerate(zip(setup.seats, pairs)):
        state.companies.append(new_company(seat, s, company, officer, setup.introductory))
    state.bank = [0] * n

    r = rng(state)
    board = board_of(setup.options)
    # Headstreams: one of the board's tiles on each (the base board: 4 of the 8); one with its own tile keeps it.
    tiles = list(board.headstream_tiles)
    r.shuffle(tiles)
    drawn = dict(zip([h for h in board.headstreams if h not in board.headstream_fixed], tiles))
    state.headstream_tiles = {h: board.headstream_fixed[h] if h in board.headstream_fixed else drawn[h]
                              for h in board.headstreams}
    state.headstream_drops = {h: 0 for h in board.headstreams}
    # Bonus tiles (5 for the rounds) and the objective tile.
    bonus = [t.id for t in comps.bonus_tiles.values() if t.introductory or not setup.introductory]
    r.shuffle(bonus)
    state.bonus_tiles = bonus[:comps.rounds]
    state.objective = r.choice(sorted(comps.objective_tiles))
    # Contracts: companies - 1 National contracts; private piles shuffled, 2 face up per colour.
    national = [c.id for c in comps.contracts_of("national")]
    r.shuffle(national)
    state.national = sorted(national[: n - comps.national_fewer_than_companies])
    for colour in ("green", "yellow", "red"):
        pile = [c.id for c in comps.contracts_of(colour)]
        r.shuffle(pile)
        state.private_display[colour] = [pile.pop() for _ in range(comps.face_up_per_colour)]
        state.private_piles[colour] = pile
    # Neutral dams: one per rule of the board (the base board: one per area on a lower dam space, 1 drop).
    for rule in board.neutral_dams:
        space = r.choice(rule.eligible)
        state.dams[space] = DamState(owner=NEUTRAL, height=rule.height, drops=rule.initial_drops)
        state.drops_created += rule.initial_drops
    board_setup(state, board)
    # Patent Office (full game): three shuffled piles by level, the top 3 of level I face up.
    if not setup.introductory:
        for level in (1, 2, 3):
            tiles_pile = [t.id for t in comps.advanced_tiles.values() if t.level == level]
            r.shuffle(tiles_pile)
            state.patent_piles[str(level)] = tiles_pile
        state.patent_offer = [state.patent_piles["1"].pop() for _ in range(3)]

    # Starting contracts and turn order.
    if setup.introductory:
        for cs in state.companies:
            cs.contracts = [comps.companies[cs.company].introductory["starting_contract"]]
        state.turn_order = list(range(n))
        state.phase = "income"
    else:
        humans = [seat for seat, s in enumerate(setup.seats) if s.kind != "automa"]
        automas = [seat for seat, s in enumerate(setup.seats) if s.kind == "automa"]
        starting = [c.id for c in comps.contracts_of("starting") if c.companies <= n]  # (the fifth: at 5 only)
        r.shuffle(starting)
        state.starting_offer = sorted(starting[:len(humans)])  # an Automa takes no starting contract
        state.pick_order = humans
        # The drawn pairs are dealt for now; each of these seats picks one in picking order (rulebook
        # "Setup": the first player chooses a company board with its chief engineer, then clockwise).
        if setup.options.get(DRAFT_OPTION, True):
            state.drafting = [seat for seat in humans if drafts(setup.seats[seat])]  # Automas never pick
        state.turn_order = automas + list(reversed(humans))  # Automas first; the first to pick plays last
        state.phase = "pick"
        if automas:

            shuffle_deck(state)
    for lay_out in hooks_for(setup.options, board).lay_out:  # the modules' draws, after the base game's (so they stay)
        lay_out(state, board, setup)
    preparation.lay_out(state, board)  # the Duel map's positional tiles: drawn last, the other draws stay
    for lay_out_last in hooks_for(setup.options, board).lay_out_last:  # last: every draw before it stays as it was
        lay_out_last(state, board, setup)
    state.round = 1
    return state
