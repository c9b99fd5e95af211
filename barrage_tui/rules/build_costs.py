"""What a build costs and the ways to pay it (rulebook "Construction"): a ``Payment``; the machinery a
structure takes (changed by a tile, an officer or a company board: Solomon's credits, Elon's Excamixers,
Japan's Elevations, China's extra Mixer and Powerhouse pieces, a module's structures and
discounts), a Geological token's cost and its waivers (Angelo), the machinery a column loses for good
(Brazil); listing the payments, checking that one exists, and why a price cannot be paid."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from . import company_board, officers, patents, rewards
from .boards import Board
from .build_spaces import board_rules, fee_for, fees_for, without_base
from .build_tiles import TileUse
from .company_board import NO_LOSS, Loss
from .components import STRUCTURES, components
from .officers import Officer
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game


# How a Geological token's cost is paid instead of in full (``Payment.waiver``): with an Engineer on Angelo
# Alberti's space, or bypassed by Mahiri's copy of him. The value is the Engineers it takes (officer hook
# ``token_waiver``).
WAIVERS = {1: "engineer", 0: "bypass"}


@dataclass(frozen=True)
class ExtraCost:
    """What a module adds to one build's price (its ``build_cost`` hook's answer, e.g. a Geological token's):
    extras on top (credits, machinery no tile changes and no credits pay, Engineers to the company board),
    or (``replacement``) N Excavators and N mixers instead of the structure's usual machinery. ``name``
    says what adds it ("Geological token 6"), ``number`` its number there (the data's "token"), ``kind``
    the kind of the event paying it."""

    name: str
    number: int
    kind: str
    credits: int = 0
    excavators: int = 0
    mixers: int = 0
    engineers: int = 0
    replacement: int = 0  # N: N Excavators and N mixers instead of the usual machinery

    def as_data(self) -> dict[str, int]:
        return {"token": self.number, "credits": self.credits, "excavators": self.excavators,
                "mixers": self.mixers, "engineers": self.engineers, "replacement": self.replacement}

    @property
    def short(self) -> str:
        """What it adds in a few letters: "+2 cr, +1 Ex"."""
        parts = [f"{self.replacement} Ex + {self.replacement} Mx instead" if self.replacement else "",
                 f"+{self.credits} cr" if self.credits else "", f"+{self.excavators} Ex" if self.excavators else "",
                 f"+{self.mixers} Mx" if self.mixers else "", f"+{self.engineers} Engineers" if self.engineers else ""]
        return ", ".join(p for p in parts if p) or "no cost"


def _credits(n: int) -> str:
    return rewards.count(n, "credit")


@dataclass(frozen=True)
class Payment:
    excavators: int
    mixers: int
    credits: int  # paid for machinery (Solomon), not counting the red-space fee
    excamixers: int = 0  # Elon's Mixer Excavators, each for a unit of either kind
    # A module's extra cost (``ExtraCost``: a Geological token's), when the build pays one: its credits and its Engineers (to the
    # company board); its machinery is counted in the machinery above. ``waiver``: its cost paid instead
    # the WAIVERS way ("" when it is not).
    token_credits: int = 0
    engineers: int = 0
    waiver: str = ""
    lost: tuple[int, int, int] = (0, 0, 0)  # Excavators, mixers, Excamixers lost for good (Brazil's column)

    @property
    def key(self) -> str:
        lost = ":{}:{}:{}".format(*self.lost) if any(self.lost) else ""
        excamixers = f":{self.excamixers}" if self.excamixers or lost else ""  # old keys stay as they were
        token = "".join(f":{tag}{n}" for tag, n in (("t", self.token_credits), ("n", self.engineers)) if n)
        waiver = f":{self.waiver}" if self.waiver else ""
        return f"pay:{self.excavators}:{self.mixers}:{self.credits}{excamixers}{lost}{token}{waiver}"

    @property
    def label(self) -> str:
        return self.words()

    def words(self, money: Callable[[int], str] | None = None, fee: int = 0) -> str:
        """``label``, the credits worded by ``money`` (``Game.money``: an Automa's are VP; None: credits), with the
        red outline's ``fee`` when it is paid too."""
        money = money or _credits
        parts = [rewards.count(self.excavators, "Excavator") if self.excavators else "",
                 rewards.count(self.mixers, "mixer") if self.mixers else "",
                 rewards.count(self.excamixers, "Excamixer") if self.excamixers else "",
                 money(self.credits) if self.credits else "",
                 money(fee) + " for the red outline" if fee else "",
                 money(self.token_credits) + " for the Geological token" if self.token_credits else "",
                 f"{self.engineers} Engineers to your company board" if self.engineers else "",
                 {"engineer": "1 Engineer on Angelo Alberti's space instead of the Geological token's cost",
                  "bypass": "no Geological token cost (Angelo Alberti's copy)", "": ""}[self.waiver]]
        lost = f"; loses {lost_label(self.lost)} for good" if any(self.lost) else ""
        return (" + ".join(p for p in parts if p) or "nothing") + lost

    @property
    def short(self) -> str:
        """In a few letters for a list of spaces: "5 Ex", "2 Ex + 1 Mx", "3 cr"."""
        parts = [f"{n} {unit}" for n, unit in ((self.excavators, "Ex"), (self.mixers, "Mx"),
                                                (self.excamixers, "ExMx"), (self.credits + self.token_credits, "cr"),
                                                (self.engineers, "Engineers")) if n]
        if self.waiver == "engineer":
            parts.append("1 Engineer (Angelo)")
        lost = [f"{n} {unit}" for n, unit in zip(self.lost, ("Ex", "Mx", "ExMx")) if n]
        return " + ".join(parts) + (f", loses {' + '.join(lost)}" if lost else "") or "nothing"

    @property
    def machinery(self) -> int:
        return self.excavators + self.mixers + self.excamixers


def engineers_available(company: CompanyState) -> int:
    """Engineers in the supply (Tommaso's Architect counts as one)."""
    return company.engineers + (1 if company.architect else 0)


def lost_label(lost: tuple[int, ...], short: bool = False) -> str:
    """Machinery lost for good, in words: (Excavators, mixers[, Excamixers]); ``short``: "1 Exc" for Excavators."""
    things = ("Excavator", "mixer", "Excamixer")
    return " + ".join(f"{n} Exc" if short and i == 0 else rewards.count(n, things[i])
                      for i, n in enumerate(lost) if n) or "nothing"


class CostRules(NamedTuple):
    """What a build's cost depends on besides the space. Found once per tile use and reused for every
    space of that use (checking where you can build asks about many spaces)."""

    tile: str  # the tile whose cost changes apply (see ``patents.tile_rules``), "" for one that changes none
    in_force: tuple[Officer, ...]  # the officer abilities in force
    price: int  # credits per machinery unit replaced (Solomon), 0 when none may be
    wild: bool  # every machine counts as either kind, also for a column's loss (Mahiri copying Elon)
    engineers: int  # Engineers in the supply, for a Geological token's extra Engineers
    waivers: tuple[int, ...]  # the ways a token's cost may be paid instead (officers' ``token_waiver``)
    board: Board  # the game's board: a space's area and value
    # The modules' (``build_cost_parts``): a module structure's space -> (units, kind) it costs; (Excavators,
    # Mixers) less per structure; Conduit space -> Excavators less. Empty without modules.
    structure_costs: Mapping[str, tuple[int, str]]
    discount: tuple[int, int]
    conduit_discounts: Mapping[str, int]
    second_costs: Mapping[str, tuple[int, str]]  # a module structure's space -> its second kind of machinery


def cost_rules(game: Game, seat: int) -> Callable[[TileUse | None], CostRules]:
    """A function giving a tile use's ``CostRules`` (None: a free build, no tile); what does not depend on
    the tile is found once. Tile uses with equal cost rules cost the same on the same space."""
    company = game.state.companies[seat]
    in_force = officers.in_force(company)
    price, wild, waiving = _officer_terms(in_force)
    waivers = tuple(sorted({w for o in waiving if (w := o.token_waiver(game, seat)) is not None}))
    engineers = engineers_available(company)
    structure_costs, discount, conduits, second = _module_costs(game, seat)
    made: dict[str, CostRules] = {}  # tile -> its rules (most tiles change no cost: one CostRules for them)

    def of(use: TileUse | None) -> CostRules:
        tile = patents.tile_rules(game, seat, use.tile) if use is not None else ""
        tile = tile if tile and patents.changes_cost(tile) else ""
        if tile not in made:
            made[tile] = CostRules(tile, in_force, price, wild, engineers, waivers, game.board, structure_costs,
                                   discount, conduits, second)
        return made[tile]
    return of


@lru_cache(maxsize=256)  # (the same few officers in force at every check)
def _officer_terms(in_force: tuple[Officer, ...]) -> tuple[int, bool, tuple[Officer, ...]]:
    """What the officers in force change in every build's cost: credits per machinery unit (Solomon), all
    machinery wild (a copied Elon), and those who may waive a token's cost (Angelo: asked each time)."""
    return (max(o.credits_per_machinery for o in in_force), any(o.machinery_wild for o in in_force),
            tuple(o for o in in_force if type(o).token_waiver is not Officer.token_waiver))


_NO_COSTS: Mapping[str, tuple[int, str]] = MappingProxyType({})
_NO_DISCOUNTS: Mapping[str, int] = MappingProxyType({})
_NO_DISCOUNT = (0, 0)


def _module_costs(game: Game, seat: int) -> tuple[Mapping[str, tuple[int, str]], tuple[int, int], Mapping[str, int],
                                                  Mapping[str, tuple[int, str]]]:
    """What the modules change in a company's construction costs (``build_cost_parts``; nothing without them)."""
    costs, discount, conduits, second = _NO_COSTS, _NO_DISCOUNT, _NO_DISCOUNTS, _NO_COSTS
    for parts_of in game.hooks.build_cost_parts:
        if (parts := parts_of(game, seat)) is not None:
            costs, conduits = _merged(costs, parts.structure_costs), _merged(conduits, parts.conduit_discounts)
            discount = (discount[0] + parts.discount[0], discount[1] + parts.discount[1])
            second = _merged(second, parts.second_costs)
    return costs, discount, conduits, second


V = TypeVar("V")


def _merged(first: Mapping[str, V], then: Mapping[str, V]) -> Mapping[str, V]:
    """Both modules' (the later's where they differ); one alone as it is (no copy made at every check)."""
    return then if not first else first if not then else {**first, **then}



def extra_cost(game: Game, seat: int, structure: str, space: str) -> ExtraCost | None:
    """What a module adds to building ``structure`` on ``space`` (its ``build_cost`` hook: a Geological
    token's cost; an Elevation on an empty Dam space is a Base-less one, as Japan builds them)."""
    hooks = game.hooks.build_cost
    if not hooks or structure not in STRUCTURES:  # (none without modules: asked for every space of every check;
        # a module's own kind of structure pays none)
        return None
    base_less = without_base(game, structure, space)
    for hook in hooks:
        cost = hook(game, seat, structure, space, base_less)
        if cost is not None:
            return cost
    return None


# A part of a build's machinery: (units, the kinds that may pay them, whether credits may replace them (Solomon)).
Part = tuple[int, frozenset[str], bool]
BOTH = frozenset({"excavators", "mixers"})
EXCAVATORS, MIXERS = frozenset({"excavators"}), frozenset({"mixers"})
_KIND = {"excavators": EXCAVATORS, "mixers": MIXERS}  # (one set per kind: this runs for every space checked)


def machinery_options(game: Game, seat: int, use: TileUse, space: str,
                      column: int = 0) -> list[tuple[int, frozenset[str]]]:
    """The ways the usual machinery may be counted: (units, kinds allowed). ``column``: the row's piece
    built (0: the first offered), which sets a Powerhouse's cost where the pieces differ (China's)."""
    return _machinery_options(game.state.companies[seat], use.structure, space, cost_rules(game, seat)(use), column)


def _machinery_options(company: CompanyState, s: str, space: str, rules: CostRules,
                       column: int = 0) -> list[tuple[int, frozenset[str]]]:
    m, cost = rules.board, components().construction_cost
    in_force = rules.in_force
    kinds: frozenset[str]
    if s == "base":
        units = cost.base_excavators[m.dams[space].area]
        for o in in_force:
            if o.base_excavators is not None:
                units = o.base_excavators
        kinds = EXCAVATORS
    elif s == "elevation":  # the company board's cost (Japan: Excavators); Wilhelm's Base cost never applies
        own = board_rules(company)
        units = (own.elevation_units or cost.elevation_mixers)[m.dams[space].area]
        kinds = _KIND[own.elevation_resource]
    elif s == "conduit":
        units, kinds = cost.conduit_excavators_per_production * m.conduits[space].production, EXCAVATORS
        units = max(0, units - rules.conduit_discounts.get(space, 0))
    elif s != "powerhouse":  # a module's structure
        units, kind = rules.structure_costs[space]
        kinds = _KIND[kind]
    else:
        units, kinds = company_board.powerhouse_mixers(company, column), MIXERS
    if rules.tile:  # (a tile that changes no cost has none: most builds)
        units = patents.cost_units(rules.tile, s, units)
    if rules.discount != _NO_DISCOUNT:
        units = max(0, units - rules.discount[1 if "mixers" in kinds else 0])  # a module's (one kind here, before wild)
    if _wild(rules):
        kinds = BOTH
    options = [(units, kinds)]
    if s == "conduit":  # another way an officer pays a Conduit (Jill: its value in mixers)
        options += [(max(0, n - rules.discount[1]), MIXERS) for n in _conduit_mixers(in_force, m.conduits[space].production)]
    return options


def _conduit_mixers(in_force: Sequence[Officer], value: int) -> list[int]:
    """The officers' other ways to pay a Conduit of ``value`` in mixers (``Officer.conduit_mixers``)."""
    return [n for o in in_force if (n := o.conduit_mixers(value)) is not None]


def _wild(rules: CostRules) -> bool:
    """Each unit of the construction's machinery may be an Excavator or a mixer (a tile, a copied Elon)."""
    return rules.wild or bool(rules.tile) and patents.machinery_interchangeable(rules.tile)  # ("": no tile's change)


def _company_extra(company: CompanyState, s: str, rules: CostRules, mixer_less_taken: bool = False) -> tuple[Part, ...]:
    """Machinery the company's board adds to a build's own (China's Conduits: 1 Mixer), paid like it. A yield
    tile's Mixer less comes off it unless the build's own machinery is mixers and took it already
    (``mixer_less_taken``; Decision, yield-tiles.toml: once per build)."""
    n = _extra_mixers(company, s)
    n = max(0, n - (0 if mixer_less_taken else rules.discount[1]))
    return ((n, BOTH if _wild(rules) else MIXERS, True),) if n else ()


def _second_part(s: str, space: str, rules: CostRules) -> tuple[Part, ...]:
    """A module structure's second kind of machinery (a private building's Mixers beside its Excavators), paid
    like the first: a tile's change and a module's discount apply to it too."""
    if not rules.second_costs or space not in rules.second_costs:
        return ()
    units, kind = rules.second_costs[space]
    kinds = _KIND[kind]
    units = max(0, patents.cost_units(rules.tile, s, units) - rules.discount[1 if kind == "mixers" else 0])
    return ((units, BOTH if _wild(rules) else kinds, True),) if units else ()


def _extra_mixers(company: CompanyState, s: str) -> int:
    return company_board.conduit_extra_mixers(company) if s == "conduit" else 0


def _part_options(company: CompanyState, s: str, space: str, rules: CostRules, token: ExtraCost | None,
                  free: bool, column: int = 0) -> list[tuple[tuple[Part, ...], int, int, str]]:
    """The ways a build's machinery and token may be paid: (parts, token credits, token Engineers, waiver).
    A free build (an effect's) pays no usual machinery (nor China's extra Mixer), but a token's cost in full
    (the rulebook of the Geological Factor: "even if you build the structure through an effect")."""
    # (a Conduit's first way is Excavators, its second, Jill's, mixers: that one takes the Mixer less itself)
    usual: list[tuple[Part, ...]] = [()] if free else [
        ((units, kinds, True),) + _company_extra(company, s, rules, mixer_less_taken=i > 0) + _second_part(s, space, rules)
        for i, (units, kinds) in enumerate(_machinery_options(company, s, space, rules, column))]
    if not free and rules.second_costs and patents.one_machinery_kind(rules.tile) and _second_part(s, space, rules):
        usual = [parts[:1] for parts in usual] + [parts[1:] for parts in usual]  # either kind alone (Building II)
    if token is None:
        return [(parts, 0, 0, "") for parts in usual]
    if token.replacement:  # token 6: the Conduit's own machinery, replaced (its module's reading)
        n = token.replacement
        half = patents.cost_units(rules.tile, s, n)
        wild = _wild(rules)
        less_e, less_m = rules.discount  # a module's discount: it is the Conduit's machinery (Decision, token 6's note)
        paid: list[tuple[Part, ...]] = [((max(0, half - less_e), BOTH if wild else EXCAVATORS, True),
                                         (max(0, half - less_m), BOTH if wild else MIXERS, True))]
        paid += [((max(0, k - less_m), MIXERS, True),) for k in _conduit_mixers(rules.in_force, n)]  # Jill: the raised value
        extra = () if free else _company_extra(company, s, rules, mixer_less_taken=True)
        paid = [parts + extra for parts in paid]  # China's Mixer on top of the token's machinery
        # Angelo's worker stands in for the token's cost: the Conduit's usual machinery is still due (Decision)
        kept: list[tuple[Part, ...]] = usual
    else:  # extra machinery: no tile changes it, no credits pay it; Excamixers may (and a copied Elon's)
        wild = rules.wild
        extra = tuple(p for p in ((token.excavators, BOTH if wild else EXCAVATORS, False),
                                  (token.mixers, BOTH if wild else MIXERS, False)) if p[0])
        paid = [parts + extra for parts in usual]
        kept = usual
    options: list[tuple[tuple[Part, ...], int, int, str]] = [
        (parts, token.credits, token.engineers, "") for parts in paid]
    options += [(parts, 0, 0, WAIVERS[w]) for w in rules.waivers for parts in kept]
    return options


WAIVER_ENGINEERS = {name: n for n, name in WAIVERS.items()}


def payments(game: Game, seat: int, use: TileUse, space: str, credits: int, column: int | None = None) -> list[Payment]:
    """Every legal way to pay for this build with ``credits`` available (red-space fee included), taking
    the piece from ``column`` (None: the first the row offers) and paying that column's loss too."""
    return _listed(game, seat, use.structure, space, credits, use, fee_rule(game, seat, use)(space), column)


def free_payments(game: Game, seat: int, structure: str, space: str, credits: int,
                  column: int | None = None) -> list[Payment]:
    """An effect's free build: the ways to pay the red fee, the token's cost and the column's loss."""
    return _listed(game, seat, structure, space, credits, None, fee_for(game, seat, structure, space), column)


def _listed(game: Game, seat: int, structure: str, space: str, credits: int, use: TileUse | None, fee: int,
            column: int | None) -> list[Payment]:
    """``payments`` with a tile use, or ``free_payments`` (``use`` None: no usual machinery)."""
    company = game.state.companies[seat]
    return unique(each_payment(company, structure, space, credits, cost_rules(game, seat)(use), fee,
                               extra_cost(game, seat, structure, space), _column_loss(company, structure, column),
                               free=use is None, column=column or 0))


def _column_loss(company: CompanyState, structure: str, column: int | None) -> Loss:
    """What taking the row's piece from ``column`` (None: the first the row offers) loses for good."""
    if structure not in STRUCTURES:  # a module's structure: no piece of the company board (as buildable.py)
        return NO_LOSS
    columns = company_board.free_columns(company, structure)
    if column is None:
        column = columns[0] if columns else 0
    return company_board.loss(company, structure, column)


def unique(pays: Iterable[Payment]) -> list[Payment]:
    """Without repeats, in order (equal payments have equal keys: comparing them needs no key text)."""
    return list(dict.fromkeys(pays))


def each_payment(company: CompanyState, structure: str, space: str, credits: int, rules: CostRules,
                 fee: int, token: ExtraCost | None = None, loss: Loss = NO_LOSS, free: bool = False,
                 column: int = 0) -> Iterator[Payment]:
    """The ways to pay for a build with these cost rules and ``credits`` (``payments``), one by one."""
    if fee > credits:
        return
    for parts, token_credits, engineers, waiver in _part_options(company, structure, space, rules, token, free,
                                                                 column):
        budget = credits - fee - token_credits
        if budget < 0 or (WAIVER_ENGINEERS[waiver] if waiver else engineers) > rules.engineers:
            continue
        for e, m, x, c in _split(parts, company.excavators, company.mixers, company.excamixers, rules.price, budget):
            if loss == NO_LOSS:
                yield Payment(e, m, c, x, token_credits, engineers, waiver)
            elif (lost := loss_payment(company, loss, rules.wild, (e, m, x))) is not None:
                yield Payment(e, m, c, x, token_credits, engineers, waiver, lost)


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


def loss_payment(company: CompanyState, loss: Loss, wild: bool,
                 spent: tuple[int, int, int] = (0, 0, 0)) -> tuple[int, int, int] | None:
    """How a column's loss is paid from what is left after ``spent`` (Excavators, mixers, Excamixers on
    the wheel): (Excavators, mixers, Excamixers) lost, or None when it cannot be paid. Never in credits
    (Solomon may not, seed 002). Decision: with the machine the loss names first, Excamixers (Elon) only
    for the rest: an Excamixer does all an Excavator or a mixer does, so losing it is never better; with
    every machine wild (Mahiri copying Elon) the other kind stands in before an Excamixer."""
    rest_e, rest_m, rest_x = company.excavators - spent[0], company.mixers - spent[1], company.excamixers - spent[2]
    e, m = min(loss[0], rest_e), min(loss[1], rest_m)
    short = loss[0] - e + loss[1] - m
    if wild and short:
        more_e = min(short, rest_e - e)
        more_m = min(short - more_e, rest_m - m)
        e, m, short = e + more_e, m + more_m, short - more_e - more_m
    return (e, m, short) if short <= rest_x else None


def payable(company: CompanyState, structure: str, space: str, credits: int, rules: CostRules,
            fee: int, token: ExtraCost | None = None, loss: Loss = NO_LOSS, column: int = 0) -> bool:
    """Whether ``each_payment`` has any payment, without listing them: the red fee and a token's credits first,
    then ``_options_payable`` for each way the build's machinery may be counted. (With a column's loss: the
    first payment listed.)"""
    if loss != NO_LOSS:
        return next(each_payment(company, structure, space, credits, rules, fee, token, loss, column=column),
                    None) is not None
    if fee > credits:
        return False
    if token is not None or _extra_mixers(company, structure) or space in rules.second_costs:
        return any(_options_payable(company, rules, parts, credits - fee - token_credits)
                   for parts, token_credits, engineers, waiver in _part_options(company, structure, space, rules,
                                                                                token, False, column)
                   if (WAIVER_ENGINEERS[waiver] if waiver else engineers) <= rules.engineers)
    # one part: ``_options_payable``'s count written out (the hot path: most builds have a single part)
    for units, kinds in _machinery_options(company, structure, space, rules, column):
        by_credits = min(units, (credits - fee) // rules.price) if rules.price else 0
        if units - by_credits <= _machinery_of(company, kinds):
            return True
    return False



def _options_payable(company: CompanyState, rules: CostRules, parts: tuple[Part, ...], budget: int) -> bool:
    """Whether ``_split`` has a way to pay ``parts`` within ``budget``, without listing the ways: each kind's
    machinery pays its own kind's parts first, Excamixers the shortfall, and what is left of all three the parts
    either kind may pay. Credits (Solomon) pay any part that takes them: where every part does, they are one
    more machine of either kind per ``price``; else the ways are listed."""
    if budget < 0:
        return False
    by_credits = budget // rules.price if rules.price else 0
    if by_credits and not all(ok for _, _, ok in parts):
        return next(_split(parts, company.excavators, company.mixers, company.excamixers, rules.price, budget),
                    None) is not None
    need_e = need_m = need_any = 0
    for units, kinds, _ in parts:
        if len(kinds) > 1:
            need_any += units
        elif "excavators" in kinds:
            need_e += units
        else:
            need_m += units
    either = company.excamixers + by_credits
    short = max(0, need_e - company.excavators) + max(0, need_m - company.mixers)
    left = max(0, company.excavators - need_e) + max(0, company.mixers - need_m) + either - short
    return short <= either and need_any <= left


def within_reach(company: CompanyState, structure: str, rules: CostRules, spaces: Sequence[str],
                 pieces: Sequence[int], credits: int) -> bool:
    """Whether the cheapest build of ``structure`` (a base-game one) among ``spaces`` (one of each cost class of the
    board) could be paid with the machinery and ``credits`` the company has: ``payable``'s test, before the red
    fee, a column's loss, China's extra Mixer and a module's extra cost, which only add.
    When not, no legal space need be looked at (most checks that find nothing to build). Not for a module's
    cost that replaces the machinery (the caller's: token 6's, possibly less of one kind)."""
    price = rules.price
    by_credits = credits // price if price else 0
    return any(units - by_credits <= _machinery_of(company, kinds)
               for kinds, units in _least_machinery(company, structure, rules, spaces, pieces).items())


_LEAST: dict[tuple[object, ...], dict[frozenset[str], int]] = {}


def _least_machinery(company: CompanyState, s: str, rules: CostRules, spaces: Sequence[str],
                     pieces: Sequence[int]) -> dict[frozenset[str], int]:
    """kinds -> the fewest units of them a build of ``s`` costs on any of ``spaces``, taking the piece of any of
    ``pieces``: ``_machinery_options`` over them, kept for what it reads (the board, the company's board and the
    Powerhouses it built, the tile, the officers in force, the modules' discount)."""
    key = (rules.board, s, company.company, rules.tile, rules.in_force, rules.wild, rules.discount,
           tuple(company_board.powerhouse_mixers(company, p) for p in pieces) if s == "powerhouse" else ())
    least = _LEAST.get(key)
    if least is None:
        least = {}
        for space in spaces:
            for piece in pieces:
                for units, kinds in _machinery_options(company, s, space, rules, piece):
                    least[kinds] = min(units, least.get(kinds, units))
        if len(_LEAST) > 4096:  # (a long session's combinations: start again)
            _LEAST.clear()
        _LEAST[key] = least
    return least


def fee_rule(game: Game, seat: int, use: TileUse) -> Callable[[str], int]:
    """space -> the red-space fee this tile use pays there (a tile may waive it)."""
    if patents.waives_red_fee(patents.tile_rules(game, seat, use.tile)):  # Joker I (base-less Elevations too)
        return lambda space: 0
    return fees_for(game, seat, use.structure)


def cost_order(pay: Payment) -> tuple[int, int]:
    """Cheapest first: fewest credits, then the fewest pieces of machinery."""
    return pay.credits, pay.excavators + pay.mixers + pay.excamixers


def short_of_credits(need: int, have: int) -> str:
    """Why a price cannot be paid, in the words the choices show."""
    return f"needs {need} credits, you have {have}"


def why_not(game: Game, seat: int, use: TileUse, space: str, fee: int) -> str:
    """Why a legal space cannot be paid for with this tile: the credits, Engineers or machinery it needs."""
    usual = machinery_options(game, seat, use, space)[0]
    token_short = _why_not_token(game, seat, use.structure, space, fee, usual)
    if token_short is not None:
        return token_short
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    if fee > credits:
        return short_of_credits(fee, credits) + " (red outline)"
    units, kinds = usual
    rules = cost_rules(game, seat)(use)
    second = _second_part(use.structure, space, rules)
    if second:  # a module structure's two kinds (a private building): both, as the choices would show them
        return (f"needs {units} {_unit(kinds)} + {second[0][0]} {_unit(second[0][1])}, you have "
                + " + ".join(f"{n} {name}" for n, name in ((company.excavators, "Ex"), (company.mixers, "Mx"),
                                                           (company.excamixers, "ExMx")) if n or name != "ExMx"))
    extra = sum(p[0] for p in _company_extra(company, use.structure, rules))
    if extra and units <= company.excavators + company.excamixers:  # China: short of the extra Mixer
        return _needs_machinery(company, units + extra, kinds | MIXERS)
    return _needs_machinery(company, units, kinds)


def _unit(kinds: Collection[str]) -> str:
    return "Ex/Mx" if len(kinds) > 1 else ("Ex" if "excavators" in kinds else "Mx")


def _needs_machinery(company: CompanyState, units: int, kinds: frozenset[str]) -> str:
    return f"needs {units} {_unit(kinds)}, you have {_machinery_of(company, kinds)}"


def _machinery_of(company: CompanyState, kinds: Collection[str]) -> int:
    """The machinery the company has that may pay units of ``kinds`` (Excamixers pay either)."""
    return (company.excamixers + (company.excavators if "excavators" in kinds else 0)
            + (company.mixers if "mixers" in kinds else 0))


def why_not_free(game: Game, seat: int, structure: str, space: str, column: int) -> str:
    """Why an effect's free build cannot be paid there: the column's loss, the token's cost or the red fee."""
    company = game.state.companies[seat]
    loss = company_board.loss(company, structure, column) if column else NO_LOSS
    wild = any(o.machinery_wild for o in officers.in_force(company))
    if loss != NO_LOSS and loss_payment(company, loss, wild) is None:
        return f"cannot lose {lost_label(loss)} (column {column})"
    fee = fee_for(game, seat, structure, space)
    token_short = _why_not_token(game, seat, structure, space, fee, None)
    return token_short if token_short is not None else short_of_credits(fee, game.spendable_credits(seat))


def _why_not_token(game: Game, seat: int, structure: str, space: str, fee: int,
                   usual: tuple[int, frozenset[str]] | None) -> str | None:
    """Why a build with a Geological token's cost cannot be paid: its first shortfall, naming the token
    (None: no token's cost there). ``usual``: the build's own machinery (None: a free build pays none)."""
    token = extra_cost(game, seat, structure, space)
    if token is None:
        return None
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    where = f" ({token.name}: {token.short})"
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
