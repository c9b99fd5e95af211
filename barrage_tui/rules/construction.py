"""Construction: Bases, Elevations, Conduits and Powerhouses (rulebook "Construction").

One construction: choose a Technology tile from your supply, a legal space, and how to pay; the tile
and the machinery go into the open segment of the wheel, the wheel turns one segment, the piece is
placed (+3 credits on a red-outlined space), an uncovered income slot pays at once, then the tile's
effect happens.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from . import geology, officers, patents, rewards, wheel
from .automa_levels import level
from .components import STRUCTURES, Toml, components
from .decisions import Choice, Flow, PromptKind
from .geology import TokenCost
from .keys import Key, make
from .officers import ANTON_TILE, Officer
from .state import CompanyState, DamState

if TYPE_CHECKING:
    from .game import Game

MAX_HEIGHT = 3
INCOME_SLOTS = components().income_slots  # building the n-th piece of a row uncovers slot n (2, 4, 5)


@dataclass(frozen=True)
class TileUse:
    """A way to build with a tile: the tile taken from the supply, the tile whose rules apply, the type."""

    key: str
    supply_tile: str  # taken from the personal supply ("" for Mahiri's copy of Anton)
    tile: str  # whose building type and effect apply (differs from supply_tile for Anton's copy)
    structure: str
    to_wheel: tuple[str, ...]

    @property
    def label(self) -> str:
        name = self.tile if self.tile == self.supply_tile else f"{self.supply_tile or 'copy'} as {self.tile}"
        return f"{name} tile: build a {self.structure}"


# How a Geological token's cost is paid instead of in full (``Payment.waiver``): with an Engineer on Angelo
# Alberti's space, or bypassed by Mahiri's copy of him. The value is the Engineers it takes (officer hook
# ``token_waiver``).
WAIVERS = {1: "engineer", 0: "bypass"}


@dataclass(frozen=True)
class Payment:
    excavators: int
    mixers: int
    credits: int  # paid for machinery (Solomon), not counting the red-space fee
    excamixers: int = 0  # Elon's Mixer Excavators, each for a unit of either kind
    # A Geological token's cost (geology.py), when the build pays one: its credits and its Engineers (to the
    # company board); its machinery is counted in the machinery above. ``waiver``: its cost paid instead
    # the WAIVERS way ("" when it is not).
    token_credits: int = 0
    engineers: int = 0
    waiver: str = ""

    @property
    def key(self) -> str:
        excamixers = f":{self.excamixers}" if self.excamixers else ""  # old keys stay as they were
        token = "".join(f":{tag}{n}" for tag, n in (("t", self.token_credits), ("n", self.engineers)) if n)
        waiver = f":{self.waiver}" if self.waiver else ""
        return f"pay:{self.excavators}:{self.mixers}:{self.credits}{excamixers}{token}{waiver}"

    @property
    def label(self) -> str:
        parts = [f"{self.excavators} Excavator(s)" if self.excavators else "",
                 f"{self.mixers} mixer(s)" if self.mixers else "",
                 f"{self.excamixers} Excamixer(s)" if self.excamixers else "",
                 f"{self.credits} credits" if self.credits else "",
                 f"{self.token_credits} credits for the Geological token" if self.token_credits else "",
                 f"{self.engineers} Engineers to your company board" if self.engineers else "",
                 {"engineer": "1 Engineer on Angelo Alberti's space instead of the Geological token's cost",
                  "bypass": "no Geological token cost (Angelo Alberti's copy)", "": ""}[self.waiver]]
        return " + ".join(p for p in parts if p) or "nothing"

    @property
    def short(self) -> str:
        """In a few letters for a list of spaces: "5 Ex", "2 Ex + 1 Mx", "3 cr"."""
        parts = [f"{n} {unit}" for n, unit in ((self.excavators, "Ex"), (self.mixers, "Mx"),
                                                (self.excamixers, "ExMx"), (self.credits + self.token_credits, "cr"),
                                                (self.engineers, "Engineers")) if n]
        if self.waiver == "engineer":
            parts.append("1 Engineer (Angelo)")
        return " + ".join(parts) or "nothing"

    @property
    def machinery(self) -> int:
        return self.excavators + self.mixers + self.excamixers


def engineers_available(company: CompanyState) -> int:
    """Engineers in the supply (Tommaso's Architect counts as one)."""
    return company.engineers + (1 if company.architect else 0)


def built(company: CompanyState, structure: str) -> int:
    return components().common["pieces"][structure] - company.pieces[structure]


def own_dams(game: Game, seat: int) -> list[str]:
    return [s for s, d in game.state.dams.items() if d.owner == seat]


def own_powerhouses(game: Game, seat: int) -> list[str]:
    return [s for s, o in game.state.powerhouses.items() if o == seat]


# ---------------------------------------------------------------- where you may build

def legal_spaces(game: Game, seat: int, structure: str, areas: Collection[str] | None = None,
                 max_production: int | None = None) -> list[str]:
    st, m = game.state, components().map
    company = st.companies[seat]
    if company.pieces[structure] <= 0:
        return []
    if structure == "base":
        my_zones = {m.dams[s].zone for s in own_dams(game, seat)}
        return [s for s, d in m.dams.items()
                if s not in st.dams and d.zone not in my_zones and (areas is None or d.area in areas)]
    if structure == "elevation":
        return [s for s in own_dams(game, seat) if st.dams[s].height < MAX_HEIGHT]
    if structure == "conduit":
        return [s for s in m.conduits  # a Geological token's +1 counts against an effect's limit
                if s not in st.conduits and (max_production is None or geology.conduit_value(game, s) <= max_production)]
    my_zones = {m.powerhouses[s].zone for s in own_powerhouses(game, seat)}
    return [s for s, p in m.powerhouses.items() if s not in st.powerhouses and p.zone not in my_zones]


def red_fee(structure: str, space: str) -> int:
    m = components().map
    if structure == "base":
        return m.dams[space].extra_credits
    if structure == "powerhouse":
        return m.powerhouses[space].extra_credits
    return 0  # Elevations never pay the red +3; conduit spaces are never red


# ---------------------------------------------------------------- what it costs

class _CostRules(NamedTuple):
    """What a build's cost depends on besides the space. Found once per tile use and reused for every
    space of that use (checking where you can build asks about many spaces)."""

    tile: str  # the tile whose cost changes apply (see ``patents.tile_rules``), "" for one that changes none
    in_force: tuple[Officer, ...]  # the officer abilities in force
    price: int  # credits per machinery unit replaced (Solomon), 0 when none may be
    engineers: int = 0  # Engineers in the supply, for a Geological token's extra Engineers
    waivers: tuple[int, ...] = ()  # the ways a token's cost may be paid instead (officers' ``token_waiver``)


def _cost_rules(game: Game, seat: int) -> Callable[[TileUse | None], _CostRules]:
    """A function giving a tile use's ``_CostRules`` (None: a free build, no tile); what does not depend on
    the tile is found once. Tile uses with equal cost rules cost the same on the same space."""
    company = game.state.companies[seat]
    in_force = officers.in_force(company)
    price = max(o.credits_per_machinery for o in in_force)
    waivers = tuple(sorted({w for o in in_force if (w := o.token_waiver(game, seat)) is not None}))
    engineers = engineers_available(company)

    def of(use: TileUse | None) -> _CostRules:
        tile = patents.tile_rules(game, seat, use.tile) if use is not None else ""
        return _CostRules(tile if patents.changes_cost(tile) else "", in_force, price, engineers, waivers)
    return of


def token_cost(game: Game, seat: int, structure: str, space: str) -> TokenCost | None:
    """The Geological token's cost of building ``structure`` on ``space`` (an Elevation on an empty Dam space
    is a Base-less one, as Japan builds them)."""
    if not game.state.geology:  # (the module is off: asked for every space of every check)
        return None
    return geology.cost(game, seat, structure, space, structure == "elevation" and space not in game.state.dams)


# A part of a build's machinery: (units, the kinds that may pay them, whether credits may replace them (Solomon)).
Part = tuple[int, frozenset[str], bool]
BOTH = frozenset({"excavators", "mixers"})
EXCAVATORS, MIXERS = frozenset({"excavators"}), frozenset({"mixers"})


def machinery_options(game: Game, seat: int, use: TileUse, space: str) -> list[tuple[int, frozenset[str]]]:
    """The ways the usual machinery may be counted: (units, kinds allowed)."""
    return _machinery_options(game.state.companies[seat], use.structure, space, _cost_rules(game, seat)(use))


def _machinery_options(company: CompanyState, s: str, space: str,
                       rules: _CostRules) -> list[tuple[int, frozenset[str]]]:
    comps = components()
    m, cost = comps.map, comps.construction_cost
    in_force = rules.in_force
    if s == "base":
        units = cost.base_excavators[m.dams[space].area]
        for o in in_force:
            if o.base_excavators is not None:
                units = o.base_excavators
        kinds = {"excavators"}
    elif s == "elevation":
        units, kinds = cost.elevation_mixers[m.dams[space].area], {"mixers"}
    elif s == "conduit":
        units, kinds = cost.conduit_excavators_per_production * m.conduits[space].production, {"excavators"}
    else:
        units, kinds = cost.powerhouse_mixers[built(company, "powerhouse")], {"mixers"}
    units = patents.cost_units(rules.tile, s, units)
    if _wild(rules):
        kinds = {"excavators", "mixers"}
    options = [(units, frozenset(kinds))]
    if s == "conduit" and any(o.conduit_mixers_instead for o in in_force):
        options.append((m.conduits[space].production, frozenset({"mixers"})))
    return options


def _wild(rules: _CostRules) -> bool:
    """Each unit of the construction's machinery may be an Excavator or a mixer (a tile, a copied Elon)."""
    return patents.machinery_interchangeable(rules.tile) or any(o.machinery_wild for o in rules.in_force)


def _part_options(company: CompanyState, s: str, space: str, rules: _CostRules, token: TokenCost | None,
                  free: bool) -> list[tuple[tuple[Part, ...], int, int, str]]:
    """The ways a build's machinery and token may be paid: (parts, token credits, token Engineers, waiver).
    A free build (an effect's) pays no usual machinery, but a token's cost in full (geology.py)."""
    usual: list[tuple[Part, ...]] = [()] if free else [
        ((units, kinds, True),) for units, kinds in _machinery_options(company, s, space, rules)]
    if token is None:
        return [(parts, 0, 0, "") for parts in usual]
    if token.replacement:  # token 6: the Conduit's own machinery, replaced (geology.py: its reading)
        n = token.replacement
        half = patents.cost_units(rules.tile, s, n)
        wild = _wild(rules)
        paid: list[tuple[Part, ...]] = [((half, BOTH if wild else EXCAVATORS, True),
                                         (half, BOTH if wild else MIXERS, True))]
        if any(o.conduit_mixers_instead for o in rules.in_force):  # Jill: mixers = the raised value
            paid.append(((n, MIXERS, True),))
        kept: list[tuple[Part, ...]] = [()]
    else:  # extra machinery: no tile changes it, no credits pay it; Excamixers may (and a copied Elon's)
        wild = any(o.machinery_wild for o in rules.in_force)
        extra = tuple(p for p in ((token.excavators, BOTH if wild else EXCAVATORS, False),
                                  (token.mixers, BOTH if wild else MIXERS, False)) if p[0])
        paid = [parts + extra for parts in usual]
        kept = usual
    options: list[tuple[tuple[Part, ...], int, int, str]] = [
        (parts, token.credits, token.engineers, "") for parts in paid]
    options += [(parts, 0, 0, WAIVERS[w]) for w in rules.waivers for parts in kept]
    return options


WAIVER_ENGINEERS = {name: n for n, name in WAIVERS.items()}


def payments(game: Game, seat: int, use: TileUse, space: str, credits: int) -> list[Payment]:
    """Every legal way to pay for this build with ``credits`` available (red-space fee included)."""
    return _unique(_payments(game.state.companies[seat], use.structure, space, credits,
                             _cost_rules(game, seat)(use), token_cost(game, seat, use.structure, space)))


def free_payments(game: Game, seat: int, structure: str, space: str, credits: int) -> list[Payment]:
    """An effect's free build: the ways to pay the red fee and the token's cost."""
    return _unique(_payments(game.state.companies[seat], structure, space, credits, _cost_rules(game, seat)(None),
                             token_cost(game, seat, structure, space), free=True))


def _unique(pays: Iterable[Payment]) -> list[Payment]:
    """Without repeats, in order (equal payments have equal keys: comparing them needs no key text)."""
    return list(dict.fromkeys(pays))


def _fee(structure: str, space: str, rules: _CostRules) -> int:
    return 0 if patents.waives_red_fee(rules.tile) else red_fee(structure, space)


def _payments(company: CompanyState, structure: str, space: str, credits: int, rules: _CostRules,
              token: TokenCost | None = None, free: bool = False) -> Iterator[Payment]:
    fee = _fee(structure, space, rules)
    if fee > credits:
        return
    for parts, token_credits, engineers, waiver in _part_options(company, structure, space, rules, token, free):
        budget = credits - fee - token_credits
        if budget < 0 or (WAIVER_ENGINEERS[waiver] if waiver else engineers) > rules.engineers:
            continue
        for e, m, x, c in _split(parts, company.excavators, company.mixers, company.excamixers, rules.price, budget):
            yield Payment(e, m, c, x, token_credits, engineers, waiver)


def _split(parts: tuple[Part, ...], have_e: int, have_m: int, have_x: int, price: int,
           budget: int) -> Iterator[tuple[int, int, int, int]]:
    """Every (Excavators, mixers, Excamixers, credits) paying all ``parts`` from what is had: each part by
    credits (where it may, ``price`` each, within ``budget``), Excamixers (either kind) and its own kinds."""
    if not parts:
        yield 0, 0, 0, 0
        return
    (units, kinds, by_credits_ok), rest_parts = parts[0], parts[1:]
    for by_credits in range(0, units + 1 if price and by_credits_ok else 1):
        paid = by_credits * price
        if paid > budget:
            break
        for x in range(min(have_x, units - by_credits) + 1):  # Excamixers: either kind
            rest = units - by_credits - x
            lo_e = rest - have_m if "mixers" in kinds else rest
            hi_e = rest if "excavators" in kinds else 0
            for e in range(max(0, lo_e), min(have_e, hi_e) + 1):
                m = rest - e
                for e2, m2, x2, c2 in _split(rest_parts, have_e - e, have_m - m, have_x - x, price, budget - paid):
                    yield e + e2, m + m2, x + x2, paid + c2


def _payable(company: CompanyState, structure: str, space: str, credits: int, rules: _CostRules,
             token: TokenCost | None = None) -> bool:
    """Whether ``_payments`` has any payment, without listing them: after the red fee, pay as many units
    with credits as you can (Solomon); the machinery you have of the allowed kinds, Excamixers counting
    for either, must cover the rest. (With a Geological token: the first payment listed.)"""
    if token is not None:
        return next(_payments(company, structure, space, credits, rules, token), None) is not None
    fee = _fee(structure, space, rules)
    if fee > credits:
        return False
    for units, kinds in _machinery_options(company, structure, space, rules):
        by_credits = min(units, (credits - fee) // rules.price) if rules.price else 0
        have = (company.excamixers + (company.excavators if "excavators" in kinds else 0)
                + (company.mixers if "mixers" in kinds else 0))
        if units - by_credits <= have:
            return True
    return False


def tile_uses(game: Game, seat: int, engineer_free: bool = False) -> list[TileUse]:
    return list(_tile_uses(game, seat, engineer_free))


def _tile_uses(game: Game, seat: int, engineer_free: bool) -> Iterator[TileUse]:
    """``tile_uses`` one by one (a check may stop at the first use that can build)."""
    company = game.state.companies[seat]
    comps = components()
    copying_anton = any(o.builds_with_wheel_tiles for o in officers.in_force(company))
    seen: set[str] = set()
    sources: list[tuple[str, str, tuple[str, ...]]] = [(t, t, (t,)) for t in company.tiles if t != ANTON_TILE]
    if ANTON_TILE in company.tiles or copying_anton:
        to_wheel: tuple[str, ...]
        supply, to_wheel = (ANTON_TILE, (ANTON_TILE,)) if ANTON_TILE in company.tiles else ("", ())
        sources += [(supply, t, to_wheel) for t in wheel.tiles_on_wheel(company) if t != ANTON_TILE]
    for supply, tile, to_wheel in sources:
        info = comps.tile(tile)
        if engineer_free and not info.engineer_free:
            continue
        types = STRUCTURES if info.builds == "any" else (info.builds,)
        for s in types:
            name = tile if supply == tile else f"{supply or 'copy'}>{tile}"
            key = f"tile:{name}" + (f":{s}" if info.builds == "any" else "")
            if key not in seen:
                seen.add(key)
                yield TileUse(key, supply, tile, s, to_wheel)


@cache
def _cost_classes(structure: str) -> dict[str, Hashable]:
    """space -> cost class, for every space of ``structure``. Spaces of one class cost the same to build
    on: (area, red fee) for dams, the value of a conduit, the red fee of a powerhouse space. (Map data
    only: it never changes.)"""
    m = components().map
    if structure == "conduit":
        return {s: c.production for s, c in m.conduits.items()}
    if structure == "powerhouse":
        return {s: p.extra_credits for s, p in m.powerhouses.items()}
    return {s: (d.area, d.extra_credits) for s, d in m.dams.items()}


def build_plan(game: Game, seat: int, credits: int, engineer_free: bool = False) -> dict[str, dict[str, list[Payment]]]:
    """tile-use key -> space -> payments, keeping only what can really be built."""
    return _build_plan(game, seat, credits, tile_uses(game, seat, engineer_free))


def _build_plan(game: Game, seat: int, credits: int, uses: list[TileUse]) -> dict[str, dict[str, list[Payment]]]:
    company = game.state.companies[seat]
    rules_of = _cost_rules(game, seat)
    legal: dict[str, list[str]] = {}  # structure -> legal spaces, the same for every use building it
    # (structure, cost rules tile, cost class, Geological token's cost) -> payments
    found: dict[tuple[str, str, Hashable, TokenCost | None], list[Payment]] = {}
    plan: dict[str, dict[str, list[Payment]]] = {}
    for use in uses:
        s = use.structure
        rules = rules_of(use)
        if s not in legal:
            legal[s] = legal_spaces(game, seat, s)
        classes = _cost_classes(s)
        spaces = {}
        for space in legal[s]:
            token = token_cost(game, seat, s, space)
            key = (s, rules.tile, classes[space], token)
            if key not in found:
                found[key] = _unique(_payments(company, s, space, credits, rules, token))
            if found[key]:
                spaces[space] = found[key]
        if spaces:
            plan[use.key] = spaces
    return plan


def can_build(game: Game, seat: int, credits: int, engineer_free: bool = False) -> bool:
    company = game.state.companies[seat]
    rules_of = _cost_rules(game, seat)
    tried: dict[tuple[str, str], set[Hashable]] = {}  # (structure, cost rules tile) -> the cost classes found unpayable
    for use in _tile_uses(game, seat, engineer_free):
        s = use.structure
        rules = rules_of(use)
        if (s, rules.tile) in tried:
            continue  # a use with the same structure and cost rules: already answered
        unpayable = tried[s, rules.tile] = set()
        classes = _cost_classes(s)
        for space in legal_spaces(game, seat, s):
            token = token_cost(game, seat, s, space)
            if (classes[space], token) not in unpayable:
                if _payable(company, s, space, credits, rules, token):
                    return True
                unpayable.add((classes[space], token))
    return False


# ---------------------------------------------------------------- the construction itself

def construct(game: Game, seat: int, engineer_free: bool = False) -> Flow[None]:
    """One construction with a Technology tile (generator). The action space is already paid."""
    found = tile_uses(game, seat, engineer_free)
    uses = {u.key: u for u in found}
    plan = _build_plan(game, seat, game.spendable_credits(seat), found)
    key = yield from game.ask(seat, PromptKind.BUILD_TILE, "Choose the Technology tile to build with.",
                              [Choice(k, uses[k].label, (uses[k].tile,)) for k in plan],
                              help="A tile builds its structure type; it goes on your wheel with the machinery.")
    use = uses[key]
    spaces = plan[key]
    fee_of = _fee_rule(game, seat, use)
    priced = [space_choice(game, seat, use.structure, s, fee_of(s), min(spaces[s], key=_cost)) for s in spaces]
    short = [(space_label(game, use.structure, s), _why_not(game, seat, use, s, fee_of(s)))
             for s in legal_spaces(game, seat, use.structure) if s not in spaces]
    space = yield from game.ask(seat, PromptKind.BUILD_SPACE, f"Where do you build the {use.structure}?", priced,
                                data={"structure": use.structure, "unavailable": tuple(short)})
    space = Key.parse(space).rest()
    pay = yield from _choose_payment(game, seat, use.structure, spaces[space])
    base_less = _base_less(game, use.structure, space)
    if use.supply_tile:
        game.state.companies[seat].tiles.remove(use.supply_tile)
    # Tile and machinery (a token's extra machinery too) into the open segment, then the wheel turns one segment.
    back = _pay(game, seat, use.structure, space, pay, list(use.to_wheel), turn=True)
    game.event(f"{game.name(seat)} builds a {use.structure} on {space} with the {use.tile} tile, paying {pay.label}"
               + (f"; the wheel returns {', '.join(back)}" if back else "") + ".", seat, "build", (space,))
    yield from place_piece(game, seat, use.structure, space, fee_of(space), base_less)
    yield from patents.after_build(game, seat, use.tile, use.structure, space)


def _choose_payment(game: Game, seat: int, structure: str, offered: list[Payment]) -> Flow[Payment]:
    pays = {p.key: p for p in offered}
    key = yield from game.ask(seat, PromptKind.PAYMENT, f"How do you pay for the {structure}?",
                              [Choice(k, p.label, data=_payment_data(p)) for k, p in pays.items()])
    return pays[key]


def _payment_data(pay: Payment) -> dict[str, object]:
    return {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
            "credits": pay.credits + pay.token_credits, "engineers": pay.engineers, "waiver": pay.waiver}


def _base_less(game: Game, structure: str, space: str) -> bool:
    """An Elevation on an empty Dam space (Japan's): before it is placed."""
    return structure == "elevation" and space not in game.state.dams


def _pay(game: Game, seat: int, structure: str, space: str, pay: Payment, tiles: list[str], turn: bool) -> list[str]:
    """Pay a build (not the red fee: ``place_piece``): machinery onto the open segment (the wheel turns for a
    construction, not for a free build: a token's extra machinery waits there for the next construction),
    credits, a Geological token's Engineers onto the company board or its waiver. Returns the tiles back."""
    company = game.state.companies[seat]
    company.excavators -= pay.excavators
    company.mixers -= pay.mixers
    company.excamixers -= pay.excamixers
    game.pay_credits(seat, pay.credits + pay.token_credits)
    wheel.load_open_segment(company, tiles, pay.excavators, pay.mixers, pay.excamixers)
    back = wheel.turn(company) if turn else []
    token = token_cost(game, seat, structure, space)
    if token is None:
        return back
    if pay.engineers:
        game.place_engineers(seat, f"company-{seat}", pay.engineers, " for a Geological token.")
    if pay.waiver:
        need = WAIVER_ENGINEERS[pay.waiver]
        waiver = next(o for o in officers.in_force(company) if o.token_waiver(game, seat) == need)
        waiver.waive_token_cost(game, seat)
    game.event(f"{game.name(seat)} pays Geological token {token.token}'s cost on {space}: "
               + ("instead, " + pay.label if pay.waiver else token.short) + ".", seat, geology.EVENT, (space,),
               {"token_cost": token.token, "cost": token.as_data(), "waiver": pay.waiver})
    return back


@rewards.handler("build")
def _build_reward(game: Game, seat: int, reward: Toml) -> Flow[None]:
    yield from free_build(game, seat, reward["build"], reward.get("build_areas"), reward.get("build_max_production"))


def free_build(game: Game, seat: int, structure: str, areas: Collection[str] | None = None,
               max_production: int | None = None) -> Flow[None]:
    """A contract's free build: no Engineers, tile, machinery or wheel turn; the red +3 is still paid, and a
    Geological token's cost (its machinery onto the open segment, the wheel not turning)."""
    credits = game.spendable_credits(seat)
    legal = legal_spaces(game, seat, structure, areas, max_production)
    plan = {s: pays for s in legal if (pays := free_payments(game, seat, structure, s, credits))}
    choices = [space_choice(game, seat, structure, s, red_fee(structure, s), min(pays, key=_cost))
               for s, pays in plan.items()]
    choices.append(Choice("skip", "Do not build"))
    short = tuple((space_label(game, structure, s), _why_not_free(game, seat, structure, s))
                  for s in legal if s not in plan)
    picked = yield from game.ask(seat, PromptKind.BUILD_SPACE, f"Free build: where do you build the {structure}?",
                                 choices, auto=False, data={"structure": structure, "unavailable": short})
    if picked == "skip":
        return
    space = Key.parse(picked).rest()
    pay = yield from _choose_payment(game, seat, structure, plan[space])
    base_less = _base_less(game, structure, space)
    _pay(game, seat, structure, space, pay, [], turn=False)
    game.event(f"{game.name(seat)} builds a {structure} on {space} for free.", seat, "build", (space,))
    yield from place_piece(game, seat, structure, space, red_fee(structure, space), base_less)


def place_piece(game: Game, seat: int, structure: str, space: str, fee: int,
                base_less_elevation: bool = False) -> Flow[None]:
    st = game.state
    company = st.companies[seat]
    game.pay_credits(seat, fee)
    company.pieces[structure] -= 1
    if structure == "base":
        st.dams[space] = DamState(owner=seat, height=1)
    elif structure == "elevation":
        st.dams[space].height += 1
    elif structure == "conduit":
        st.conduits[space] = seat
    else:
        st.powerhouses[space] = seat
    reward = income_uncovered(company, structure, built(company, structure))
    if reward is not None:
        game.event(f"{game.name(seat)} uncovers an income: {rewards.describe(reward)}.", seat, "income")
        yield from rewards.gain(game, seat, reward, "income")
    if st.geology:
        yield from geology.after_build(game, seat, structure, space, base_less_elevation)


def income_uncovered(company: CompanyState, structure: str, nth: int) -> Toml | None:
    """The income paid at once for building the ``nth`` piece of ``structure``'s row: building the n-th
    piece uncovers slot n, an income where the company board shows one (None: nothing to pay now)."""
    reward: Toml | None = components().companies[company.company].income.get(structure, {}).get(nth)
    return reward if reward is not None and level(company).immediate_income else None


def _fee_rule(game: Game, seat: int, use: TileUse) -> Callable[[str], int]:
    """space -> the red-space fee this tile use pays there (a tile may waive it)."""
    waived = patents.waives_red_fee(patents.tile_rules(game, seat, use.tile))
    return lambda space: 0 if waived else red_fee(use.structure, space)


def _cost(pay: Payment) -> tuple[int, int]:
    """Cheapest first: fewest credits, then the fewest pieces of machinery."""
    return pay.credits, pay.excavators + pay.mixers + pay.excamixers


def short_of_credits(need: int, have: int) -> str:
    """Why a price cannot be paid, in the words the choices show."""
    return f"needs {need} credits, you have {have}"


def _why_not(game: Game, seat: int, use: TileUse, space: str, fee: int) -> str:
    """Why a legal space cannot be paid for with this tile: the credits, Engineers or machinery it needs."""
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    token = token_cost(game, seat, use.structure, space)
    if token is not None:
        return _why_not_token(game, seat, fee, token, machinery_options(game, seat, use, space)[0])
    if fee > credits:
        return short_of_credits(fee, credits) + " (red outline)"
    units, kinds = machinery_options(game, seat, use, space)[0]
    return _needs_machinery(company, units, kinds)


def _needs_machinery(company: CompanyState, units: int, kinds: frozenset[str]) -> str:
    unit = "Ex/Mx" if len(kinds) > 1 else ("Ex" if "excavators" in kinds else "Mx")
    have = (company.excamixers + (company.excavators if "excavators" in kinds else 0)
            + (company.mixers if "mixers" in kinds else 0))
    return f"needs {units} {unit}, you have {have}"


def _why_not_free(game: Game, seat: int, structure: str, space: str) -> str:
    token = token_cost(game, seat, structure, space)
    if token is None:
        return short_of_credits(red_fee(structure, space), game.spendable_credits(seat))
    return _why_not_token(game, seat, red_fee(structure, space), token, None)


def _why_not_token(game: Game, seat: int, fee: int, token: TokenCost, usual: tuple[int, frozenset[str]] | None) -> str:
    """Why a build with a Geological token's cost cannot be paid: its first shortfall, naming the token."""
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    where = f" (Geological token {token.token}: {token.short})"
    if fee + token.credits > credits:
        return short_of_credits(fee + token.credits, credits) + where
    if token.engineers > engineers_available(company):
        return f"needs {token.engineers} more Engineers, you have {engineers_available(company)}" + where
    if token.replacement:
        return (f"needs {token.replacement} Ex and {token.replacement} Mx, you have "
                f"{company.excavators} Ex, {company.mixers} Mx, {company.excamixers} ExMx" + where)
    units, kinds = usual if usual is not None else (0, frozenset())
    if token.excavators:
        units, kinds = units + token.excavators, kinds | EXCAVATORS
    if token.mixers:
        units, kinds = units + token.mixers, kinds | MIXERS
    return _needs_machinery(company, units, kinds) + where


def space_choice(game: Game, seat: int, structure: str, space: str, fee: int, pay: Payment) -> Choice:
    """A space to build on, with its price (the cheapest payment, the red fee and a Geological token's cost)
    and the income it uncovers, in the label and as data."""
    company = game.state.companies[seat]
    income = income_uncovered(company, structure, built(company, structure) + 1)
    total = Payment(pay.excavators, pay.mixers, pay.credits + fee, pay.excamixers, pay.token_credits,
                    pay.engineers, pay.waiver)
    label = space_label(game, structure, space) + (f" · costs {total.short}" if total != Payment(0, 0, 0) else "")
    token = token_cost(game, seat, structure, space)
    if token is not None:
        label += f" · Geological {token.short}"
    if income is not None:
        label += f" · uncovers {rewards.describe(income)}"
    data: dict[str, object] = {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
                               "credits": pay.credits + pay.token_credits, "red": fee, "income": income}
    if token is not None:  # (credits above: the token's included) its cost, and the Engineers it takes
        data |= {"engineers": pay.engineers, "token": token.as_data()}
    return Choice(make("space", space), label, (space,), data)


def space_label(game: Game, structure: str, space: str) -> str:
    m = components().map
    fee = red_fee(structure, space)
    red = f", red +{fee}" if fee else ""
    if structure == "conduit":
        c = m.conduits[space]
        return f"{space}: conduit {c.production} from zone {c.zone} ({c.area}) to zone {c.ends_in_zone}"
    if structure == "elevation":
        d = game.state.dams[space]
        return f"{space}: raise your dam to height {d.height + 1} ({m.dams[space].area})"
    return f"{space}: zone {m.zone_of(space)} ({m.area_of(space)}{red})"
