"""Construction: Bases, Elevations, Conduits and Powerhouses (rulebook "Construction").

One construction: choose a Technology tile from your supply, a legal space, and how to pay; the tile
and the machinery go into the open segment of the wheel, the wheel turns one segment, the piece is
placed (+3 credits on a red-outlined space), an uncovered income slot pays at once, then the tile's
effect happens. A company whose rows may be taken in any order (Brazil, board.py) also chooses the column
after the tile, and loses that column's machinery for good (also for a free build) before its income.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from . import board, china, geology, landscape_data, officers, patents, rewards, wheel
from .automa_levels import level
from .board_features import covered
from .boards import Board
from .board import NO_LOSS, Income, Loss
from .components import STRUCTURES, CompanyConstruction, Toml, components
from .decisions import Choice, Flow, PromptKind
from .geology import TokenCost
from .landscape_data import LANDSCAPE
from .keys import Key, make
from .officers import ANTON_TILE, Officer
from .state import CompanyState, DamState

if TYPE_CHECKING:
    from .game import Game

INCOME_SLOTS = components().income_slots  # a base board's: building the n-th piece uncovers slot n (2, 4, 5)
built = board.built


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
        return f"{name} tile: build {rewards.a(self.structure)}"


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
        parts = [f"{self.excavators} Excavator(s)" if self.excavators else "",
                 f"{self.mixers} mixer(s)" if self.mixers else "",
                 f"{self.excamixers} Excamixer(s)" if self.excamixers else "",
                 f"{self.credits} credits" if self.credits else "",
                 f"{self.token_credits} credits for the Geological token" if self.token_credits else "",
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


def lost_label(lost: tuple[int, ...]) -> str:
    """Machinery lost for good, in words: (Excavators, mixers[, Excamixers])."""
    units = ("Excavator(s)", "mixer(s)", "Excamixer(s)")
    return " + ".join(f"{n} {unit}" for n, unit in zip(lost, units) if n) or "nothing"


def own_dams(game: Game, seat: int) -> list[str]:
    return [s for s, d in game.state.dams.items() if d.owner == seat]


def own_powerhouses(game: Game, seat: int) -> list[str]:
    return [s for s, o in game.state.powerhouses.items() if o == seat]


def board_rules(company: CompanyState) -> CompanyConstruction:
    """What the company's board changes in construction (Japan's Elevations), all game long."""
    return components().companies[company.company].construction


def without_base(game: Game, structure: str, space: str) -> bool:
    """Whether building ``structure`` on ``space`` now is an Elevation without a Base (Japan): a new dam.
    For the Geological tokens: their Base costs are not paid for it, their Elevation costs are."""
    return structure == "elevation" and space not in game.state.dams


def base_less(game: Game, space: str) -> bool:
    """Whether the dam on ``space`` is an Elevation without a Base (Japan): for Base I / Base II and the
    Geological tokens' Base costs it is no Base, for Elevation I's own effect no Elevation."""
    dam = game.state.dams.get(space)
    return dam is not None and not dam.base


def _free_dam_spaces(game: Game, seat: int, areas: Collection[str] | None) -> list[str]:
    """Empty dam spaces in valleys where the company has no dam yet (one own dam per valley)."""
    st, m = game.state, game.board
    my_zones = {m.dams[s].zone for s in own_dams(game, seat)}
    return [s for s, d in m.dams.items() if s not in st.dams and d.zone not in my_zones
            and (areas is None or d.area in areas) and not covered(game, s)]


# ---------------------------------------------------------------- where you may build

def legal_spaces(game: Game, seat: int, structure: str, areas: Collection[str] | None = None,
                 max_production: int | None = None) -> list[str]:
    st, m = game.state, game.board
    company = st.companies[seat]
    if structure == LANDSCAPE:  # the China Challenge: its requirements (landscape_data)
        return landscape_data.buildable(game, seat)
    if company.pieces[structure] <= 0:
        return []
    if structure == "base":
        return _free_dam_spaces(game, seat, areas)
    if structure == "elevation":
        rules = board_rules(company)
        # a base-less Elevation is never raised; a dam is never taller than the company's board allows
        spaces = [s for s in own_dams(game, seat) if st.dams[s].base and st.dams[s].height < rules.max_dam_height]
        return spaces + (_free_dam_spaces(game, seat, areas) if rules.elevation_without_base else [])
    if structure == "conduit":
        return [s for s in m.conduits  # a Geological token's +1 counts against an effect's limit
                if s not in st.conduits and not covered(game, s)
                and (max_production is None or geology.conduit_value(game, s) <= max_production)]
    my_zones = {m.powerhouses[s].zone for s in own_powerhouses(game, seat)}
    return [s for s, p in m.powerhouses.items()
            if s not in st.powerhouses and p.zone not in my_zones and not covered(game, s)]


def red_fee(game: Game, structure: str, space: str) -> int:
    m = game.board
    if structure == "base":  # (A3's revealed Dam space: a Base there costs more on top)
        return m.dams[space].extra_credits + landscape_data.base_extra_credits(game, space)
    if without_base(game, structure, space):
        return m.dams[space].extra_credits  # a new dam: an Elevation without a Base (Japan)
    if structure == "powerhouse":
        return m.powerhouses[space].extra_credits
    return 0  # raising a dam never pays the red +3; conduit spaces are never red; nor landscapes


def fee_for(game: Game, seat: int, structure: str, space: str) -> int:
    """The red-space fee ``seat`` pays to build there: less a yield tile's discount (China), never below 0."""
    fee = red_fee(game, structure, space)
    return max(0, fee - landscape_data.red_discount(game, seat)) if fee else 0


# ---------------------------------------------------------------- what it costs

class _CostRules(NamedTuple):
    """What a build's cost depends on besides the space. Found once per tile use and reused for every
    space of that use (checking where you can build asks about many spaces)."""

    tile: str  # the tile whose cost changes apply (see ``patents.tile_rules``), "" for one that changes none
    in_force: tuple[Officer, ...]  # the officer abilities in force
    price: int  # credits per machinery unit replaced (Solomon), 0 when none may be
    wild: bool  # every machine counts as either kind, also for a column's loss (Mahiri copying Elon)
    engineers: int  # Engineers in the supply, for a Geological token's extra Engineers
    waivers: tuple[int, ...]  # the ways a token's cost may be paid instead (officers' ``token_waiver``)
    board: Board  # the game's board: a space's area and value
    # The China Challenge: landscape space -> (units, kind) it costs; (Excavators, Mixers) less per structure
    # (yield tiles); Conduit space -> Excavators less (A2's revealed Conduits). Empty without the module.
    landscapes: Mapping[str, tuple[int, str]]
    discount: tuple[int, int]
    conduit_discounts: Mapping[str, int]


def _cost_rules(game: Game, seat: int) -> Callable[[TileUse | None], _CostRules]:
    """A function giving a tile use's ``_CostRules`` (None: a free build, no tile); what does not depend on
    the tile is found once. Tile uses with equal cost rules cost the same on the same space."""
    company = game.state.companies[seat]
    in_force = officers.in_force(company)
    price = max(o.credits_per_machinery for o in in_force)
    wild = any(o.machinery_wild for o in in_force)
    waivers = tuple(sorted({w for o in in_force if (w := o.token_waiver(game, seat)) is not None}))
    engineers = engineers_available(company)
    landscapes, discount, conduits = _landscape_costs(game, seat)

    def of(use: TileUse | None) -> _CostRules:
        tile = patents.tile_rules(game, seat, use.tile) if use is not None else ""
        return _CostRules(tile if patents.changes_cost(tile) else "", in_force, price, wild, engineers, waivers,
                          game.board, landscapes, discount, conduits)
    return of


NO_COSTS: Mapping[str, tuple[int, str]] = MappingProxyType({})
NO_DISCOUNTS: Mapping[str, int] = MappingProxyType({})


def _landscape_costs(game: Game, seat: int) -> tuple[Mapping[str, tuple[int, str]], tuple[int, int], Mapping[str, int]]:
    """What the China Challenge changes in a company's construction costs (nothing without it)."""
    if not landscape_data.in_play(game):
        return NO_COSTS, (0, 0), NO_DISCOUNTS
    costs = {s: landscape_data.cost(game, s) for s in game.state.landscape_tiles}
    conduits = {s: n for s in game.board.conduits if (n := landscape_data.conduit_discount(game, s))}
    return costs, landscape_data.machinery_discount(game, seat), conduits




def token_cost(game: Game, seat: int, structure: str, space: str) -> TokenCost | None:
    """The Geological token's cost of building ``structure`` on ``space`` (an Elevation on an empty Dam space
    is a Base-less one, as Japan builds them)."""
    if not game.state.geology or structure == LANDSCAPE:  # (off: asked for every space of every check)
        return None
    return geology.cost(game, seat, structure, space, structure == "elevation" and space not in game.state.dams)


# A part of a build's machinery: (units, the kinds that may pay them, whether credits may replace them (Solomon)).
Part = tuple[int, frozenset[str], bool]
BOTH = frozenset({"excavators", "mixers"})
EXCAVATORS, MIXERS = frozenset({"excavators"}), frozenset({"mixers"})


def machinery_options(game: Game, seat: int, use: TileUse, space: str,
                      column: int = 0) -> list[tuple[int, frozenset[str]]]:
    """The ways the usual machinery may be counted: (units, kinds allowed). ``column``: the row's piece
    built (0: the first offered), which sets a Powerhouse's cost where the pieces differ (China's)."""
    return _machinery_options(game.state.companies[seat], use.structure, space, _cost_rules(game, seat)(use), column)


def _machinery_options(company: CompanyState, s: str, space: str, rules: _CostRules,
                       column: int = 0) -> list[tuple[int, frozenset[str]]]:
    m, cost = rules.board, components().construction_cost
    in_force = rules.in_force
    if s == "base":
        units = cost.base_excavators[m.dams[space].area]
        for o in in_force:
            if o.base_excavators is not None:
                units = o.base_excavators
        kinds = {"excavators"}
    elif s == "elevation":  # the company board's cost (Japan: Excavators); Wilhelm's Base cost never applies
        own = board_rules(company)
        units = (own.elevation_units or cost.elevation_mixers)[m.dams[space].area]
        kinds = {own.elevation_resource}
    elif s == "conduit":
        units, kinds = cost.conduit_excavators_per_production * m.conduits[space].production, {"excavators"}
        units = max(0, units - rules.conduit_discounts.get(space, 0))
    elif s == LANDSCAPE:
        units, kind = rules.landscapes[space]
        kinds = {kind}
    else:
        units, kinds = board.powerhouse_mixers(company, column), {"mixers"}
    units = patents.cost_units(rules.tile, s, units)
    units = max(0, units - rules.discount[1 if "mixers" in kinds else 0])  # yield tiles 2 / 4 (one kind here, before wild)
    if _wild(rules):
        kinds = {"excavators", "mixers"}
    options = [(units, frozenset(kinds))]
    if s == "conduit" and any(o.conduit_mixers_instead for o in in_force):
        options.append((max(0, m.conduits[space].production - rules.discount[1]), frozenset({"mixers"})))
    return options


def _wild(rules: _CostRules) -> bool:
    """Each unit of the construction's machinery may be an Excavator or a mixer (a tile, a copied Elon)."""
    return patents.machinery_interchangeable(rules.tile) or rules.wild


def _company_extra(company: CompanyState, s: str, rules: _CostRules) -> tuple[Part, ...]:
    """Machinery the company's board adds to a build's own (China's Conduits: 1 Mixer), paid like it."""
    n = board.conduit_extra_mixers(company) if s == "conduit" else 0
    return ((n, BOTH if _wild(rules) else MIXERS, True),) if n else ()


def _part_options(company: CompanyState, s: str, space: str, rules: _CostRules, token: TokenCost | None,
                  free: bool, column: int = 0) -> list[tuple[tuple[Part, ...], int, int, str]]:
    """The ways a build's machinery and token may be paid: (parts, token credits, token Engineers, waiver).
    A free build (an effect's) pays no usual machinery (nor China's extra Mixer), but a token's cost in full
    (geology.py)."""
    extra = () if free else _company_extra(company, s, rules)
    usual: list[tuple[Part, ...]] = [()] if free else [
        ((units, kinds, True),) + extra for units, kinds in _machinery_options(company, s, space, rules, column)]
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
        paid = [parts + extra for parts in paid]  # China's Mixer on top of the token's machinery
        kept: list[tuple[Part, ...]] = [extra]
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
    company = game.state.companies[seat]
    return _unique(_payments(company, use.structure, space, credits, _cost_rules(game, seat)(use),
                             _fee_rule(game, seat, use)(space), token_cost(game, seat, use.structure, space),
                             _column_loss(company, use.structure, column), column=column or 0))


def free_payments(game: Game, seat: int, structure: str, space: str, credits: int,
                  column: int | None = None) -> list[Payment]:
    """An effect's free build: the ways to pay the red fee, the token's cost and the column's loss."""
    company = game.state.companies[seat]
    return _unique(_payments(company, structure, space, credits, _cost_rules(game, seat)(None),
                             fee_for(game, seat, structure, space), token_cost(game, seat, structure, space),
                             _column_loss(company, structure, column), free=True))


def _column_loss(company: CompanyState, structure: str, column: int | None) -> Loss:
    """What taking the row's piece from ``column`` (None: the first the row offers) loses for good."""
    columns = board.free_columns(company, structure)
    if column is None:
        column = columns[0] if columns else 0
    return board.loss(company, structure, column)


def _unique(pays: Iterable[Payment]) -> list[Payment]:
    """Without repeats, in order (equal payments have equal keys: comparing them needs no key text)."""
    return list(dict.fromkeys(pays))


def _payments(company: CompanyState, structure: str, space: str, credits: int, rules: _CostRules,
              fee: int, token: TokenCost | None = None, loss: Loss = NO_LOSS, free: bool = False,
              column: int = 0) -> Iterator[Payment]:
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


def _payable(company: CompanyState, structure: str, space: str, credits: int, rules: _CostRules,
             fee: int, token: TokenCost | None = None, loss: Loss = NO_LOSS, column: int = 0) -> bool:
    """Whether ``_payments`` has any payment, without listing them: after the red fee, pay as many units
    with credits as you can (Solomon); the machinery you have of the allowed kinds, Excamixers counting
    for either, must cover the rest. (With a Geological token, a column's loss or China's extra Mixer: the
    first payment listed.)"""
    if token is not None or loss != NO_LOSS or _company_extra(company, structure, rules):
        return next(_payments(company, structure, space, credits, rules, fee, token, loss, column=column),
                    None) is not None
    if fee > credits:
        return False
    for units, kinds in _machinery_options(company, structure, space, rules, column):
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


def _cost_class(game: Game, structure: str) -> Callable[[str], Hashable]:
    """space -> its cost class now: the map's (``_cost_classes``), and for an Elevation whether it raises a
    dam (no red fee) or stands on an empty space (Japan: the red fee of a new dam)."""
    if structure == LANDSCAPE:  # each its own cost
        return lambda space: space
    classes = _cost_classes(game.board, structure)
    if structure != "elevation":
        return classes.__getitem__
    dams = game.state.dams
    return lambda space: (classes[space], space in dams)


@cache
def _cost_classes(m: Board, structure: str) -> dict[str, Hashable]:
    """space -> cost class, for every space of ``structure``. Spaces of one class cost the same to build
    on: (area, red fee) for dams, the value of a conduit, the red fee of a powerhouse space. (Map data
    only: it never changes; a board is hashed by identity.)"""
    if structure == "conduit":  # (a covered one: its landscape may make it cheaper, A2)
        return {s: (c.production, c.covered) for s, c in m.conduits.items()}
    if structure == "powerhouse":
        return {s: p.extra_credits for s, p in m.powerhouses.items()}
    return {s: (d.area, d.extra_credits) for s, d in m.dams.items()}


def build_plan(game: Game, seat: int, credits: int, engineer_free: bool = False) -> dict[str, dict[str, list[Payment]]]:
    """tile-use key -> space -> payments, keeping only what can really be built."""
    return _build_plan(game, seat, credits, tile_uses(game, seat, engineer_free))


def _column_terms(company: CompanyState, structure: str, column: int | None) -> list[tuple[Loss, int]]:
    """The different (loss, piece) of the columns the next piece may come from (or of ``column``): the
    machinery the column loses (Brazil), and the column itself where its piece has its own cost (China's
    Powerhouses; else 0)."""
    if structure == LANDSCAPE:  # no piece of the company board
        return [(NO_LOSS, 0)]
    found = [column] if column is not None else board.free_columns(company, structure)
    own = structure == "powerhouse" and bool(china.pieces(company))
    return sorted({(board.loss(company, structure, c), c if own else 0) for c in found})


def _build_plan(game: Game, seat: int, credits: int, uses: list[TileUse],
                column: int | None = None) -> dict[str, dict[str, list[Payment]]]:
    """As ``build_plan``, for the piece of ``column`` (None: of any column the row offers)."""
    company = game.state.companies[seat]
    rules_of = _cost_rules(game, seat)
    legal: dict[str, list[str]] = {}  # structure -> legal spaces, the same for every use building it
    # (structure, cost rules tile, cost class, Geological token's cost, column terms) -> payments
    found: dict[tuple[str, str, Hashable, TokenCost | None, tuple[Loss, int]], list[Payment]] = {}
    plan: dict[str, dict[str, list[Payment]]] = {}
    for use in uses:
        s = use.structure
        rules = rules_of(use)
        fee_of = _fee_rule(game, seat, use)
        if s not in legal:
            legal[s] = legal_spaces(game, seat, s)
        class_of = _cost_class(game, s)
        terms = _column_terms(company, s, column)
        spaces = {}
        for space in legal[s]:
            token = token_cost(game, seat, s, space)
            by_loss = []
            for term in terms:
                key = (s, rules.tile, class_of(space), token, term)
                if key not in found:
                    found[key] = _unique(_payments(company, s, space, credits, rules, fee_of(space), token, term[0],
                                                   column=term[1]))
                by_loss.append(found[key])
            pays = by_loss[0] if len(by_loss) == 1 else [p for found_pays in by_loss for p in found_pays]
            if pays:
                spaces[space] = pays
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
        class_of = _cost_class(game, s)
        fee_of = _fee_rule(game, seat, use)
        terms = _column_terms(company, s, None)
        for space in legal_spaces(game, seat, s):
            token = token_cost(game, seat, s, space)
            if (class_of(space), token) not in unpayable:
                if any(_payable(company, s, space, credits, rules, fee_of(space), token, loss, piece)
                       for loss, piece in terms):
                    return True
                unpayable.add((class_of(space), token))
    return False


# ---------------------------------------------------------------- the construction itself

def construct(game: Game, seat: int, engineer_free: bool = False) -> Flow[None]:
    """One construction with a Technology tile (generator). The action space is already paid."""
    company = game.state.companies[seat]
    found = tile_uses(game, seat, engineer_free)
    uses = {u.key: u for u in found}
    credits = game.spendable_credits(seat)
    plan = _build_plan(game, seat, credits, found)
    key = yield from game.ask(seat, PromptKind.BUILD_TILE, "Choose the Technology tile to build with.",
                              [Choice(k, uses[k].label, (uses[k].tile,)) for k in plan],
                              help="A tile builds its structure type; it goes on your wheel with the machinery.")
    use = uses[key]
    spaces = plan[key]
    columns = [0] if use.structure == LANDSCAPE else board.free_columns(company, use.structure)
    column = columns[0]
    if len(columns) > 1:  # a row taken in any order (Brazil): which column, each with its income and loss
        plans = {c: p[key] for c in columns if (p := _build_plan(game, seat, credits, [use], c))}
        column = yield from _ask_column(game, seat, use.structure, list(plans),
                                        [c for c in columns if c not in plans])
        spaces = plans[column]
    fee_of = _fee_rule(game, seat, use)
    priced = [space_choice(game, seat, use.structure, s, fee_of(s), min(spaces[s], key=_cost), column) for s in spaces]
    short = [(space_label(game, use.structure, s), _why_not(game, seat, use, s, fee_of(s)))
             for s in legal_spaces(game, seat, use.structure) if s not in spaces]
    if use.structure == LANDSCAPE:  # and those whose requirements are not met
        short += [(space_label(game, LANDSCAPE, s), why) for s in game.state.landscape_tiles
                  if s not in game.state.landscapes_built and (why := landscape_data.why_not(game, seat, s))]
    space = yield from game.ask(seat, PromptKind.BUILD_SPACE, f"Where do you build the {use.structure}?", priced,
                                data={"structure": use.structure, "unavailable": tuple(short)})
    space = Key.parse(space).rest()
    pay = yield from _choose_payment(game, seat, use.structure, spaces[space])
    if use.supply_tile:
        game.state.companies[seat].tiles.remove(use.supply_tile)
    # Tile and machinery (a token's extra machinery too) into the open segment, then the wheel turns one segment.
    back = _pay(game, seat, use.structure, space, pay, list(use.to_wheel), turn=True)
    game.event(f"{game.name(seat)} builds {rewards.a(use.structure)} on {space} with the {use.tile} tile, paying {pay.label}"
               + (f"; the wheel returns {', '.join(back)}" if back else "") + ".", seat, "build", (space,))
    if use.structure == LANDSCAPE:  # the China Challenge: what building it does (landscapes.py)
        yield from _landscape_built[0](game, seat, use.tile, space)
        return
    yield from place_piece(game, seat, use.structure, space, fee_of(space), column)
    yield from patents.after_build(game, seat, use.tile, use.structure, space)


# What building a landscape does once it is paid (rules/landscapes.py, a module above this one, registers
# it): (game, seat, the tile built with, the landscape space).
LandscapeBuilt = Callable[["Game", int, str, str], Flow[None]]
_landscape_built: list[LandscapeBuilt] = []


def on_landscape_built(resolve: LandscapeBuilt) -> LandscapeBuilt:
    _landscape_built[:] = [resolve]
    return resolve


def _choose_payment(game: Game, seat: int, structure: str, offered: list[Payment]) -> Flow[Payment]:
    pays = {p.key: p for p in offered}
    key = yield from game.ask(seat, PromptKind.PAYMENT, f"How do you pay for the {structure}?",
                              [Choice(k, p.label, data=_payment_data(p)) for k, p in pays.items()])
    return pays[key]


def _payment_data(pay: Payment) -> dict[str, object]:
    return {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
            "credits": pay.credits + pay.token_credits, "engineers": pay.engineers, "waiver": pay.waiver}


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
    lose(game, seat, pay.lost)
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


def _ask_column(game: Game, seat: int, structure: str, able: list[int], unable: list[int]) -> Flow[int]:
    """Which column of the row the piece is taken from (generator; a lone one is taken at once)."""
    company = game.state.companies[seat]
    own = china.pieces(company) if structure == "powerhouse" else ()
    if own:  # China's Powerhouses: each piece its own cost and ability
        key = yield from game.ask(seat, PromptKind.POWERHOUSE_PIECE, "Which of your Powerhouse pieces do you build?",
                                  [china.piece_choice(own[c - 1]) for c in able],
                                  data={"structure": structure, "unavailable": tuple(
                                      (f"the {own[c - 1].mixers}-Mixer Powerhouse", "cannot be paid for")
                                      for c in unable)})
        return Key.parse(key).number()
    choices = [column_choice(company, structure, c) for c in able]
    short = tuple((f"column {c}", f"cannot also lose {lost_label(board.loss(company, structure, c))}")
                  for c in unable)
    key = yield from game.ask(seat, PromptKind.BUILD_COLUMN, f"Which column of your board do you take the "
                              f"{structure} from?", choices, data={"structure": structure, "unavailable": short})
    return Key.parse(key).number()


def column_choice(company: CompanyState, structure: str, column: int) -> Choice:
    """A column of a row taken in any order: the income it uncovers (and its price), the machinery lost."""
    income = uncovered_income(company, structure, column)
    loss = board.loss(company, structure, column)
    label = f"Column {column}"
    if income is not None:
        label += f": uncovers {rewards.describe(income.reward)}"
        label += f" (for {income.price} credits each time)" if income.price else ""
    if loss != NO_LOSS:
        label += f" · loses {lost_label(loss)} for good"
    data = {"structure": structure, "column": column, "income": income.reward if income else None,
            "price": income.price if income else 0, "loss": {"excavators": loss[0], "mixers": loss[1]}}
    return Choice(make("column", column), label, (), data)


def lose(game: Game, seat: int, lost: tuple[int, int, int]) -> None:
    """Machinery returned to the general supply for good (a column's loss), counted for the invariants."""
    if not any(lost):
        return
    company = game.state.companies[seat]
    company.excavators -= lost[0]
    company.mixers -= lost[1]
    company.excamixers -= lost[2]
    company.machinery_lost = [n + k for n, k in zip(company.machinery_lost, lost)]
    game.event(f"{game.name(seat)} loses {lost_label(lost)} for good (the column's cost).", seat, "build",
               data={"lost": lost})


@rewards.handler("build")
def _build_reward(game: Game, seat: int, reward: Toml) -> Flow[None]:
    yield from free_build(game, seat, reward["build"], reward.get("build_areas"), reward.get("build_max_production"))


def free_build(game: Game, seat: int, structure: str, areas: Collection[str] | None = None,
               max_production: int | None = None) -> Flow[None]:
    """A contract's free build: no Engineers, tile, machinery or wheel turn; the red +3 is still paid, a
    Geological token's cost (its machinery onto the open segment, the wheel not turning) and a column's loss
    (seed 002: Brazil pays it for a piece built by an effect too)."""
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    legal = legal_spaces(game, seat, structure, areas, max_production)
    columns = board.free_columns(company, structure)
    column = columns[0] if columns else 0
    if legal and len(columns) > 1:  # a row taken in any order (Brazil): a column whose loss can be paid
        able = [c for c in columns if any(free_payments(game, seat, structure, s, credits, c) for s in legal)]
        if able:
            column = yield from _ask_column(game, seat, structure, able, [c for c in columns if c not in able])
    plan = {s: pays for s in legal if (pays := free_payments(game, seat, structure, s, credits, column))}
    choices = [space_choice(game, seat, structure, s, fee_for(game, seat, structure, s), min(pays, key=_cost), column)
               for s, pays in plan.items()]
    choices.append(Choice("skip", "Do not build"))
    short = tuple((space_label(game, structure, s), _why_not_free(game, seat, structure, s, column))
                  for s in legal if s not in plan)
    picked = yield from game.ask(seat, PromptKind.BUILD_SPACE, f"Free build: where do you build the {structure}?",
                                 choices, auto=False, data={"structure": structure, "unavailable": short})
    if picked == "skip":
        return
    space = Key.parse(picked).rest()
    pay = yield from _choose_payment(game, seat, structure, plan[space])
    _pay(game, seat, structure, space, pay, [], turn=False)
    game.event(f"{game.name(seat)} builds {rewards.a(structure)} on {space} for free.", seat, "build", (space,))
    yield from place_piece(game, seat, structure, space, fee_for(game, seat, structure, space), column)


def place_piece(game: Game, seat: int, structure: str, space: str, fee: int, column: int = 0) -> Flow[None]:
    """The piece of ``column`` (0: the first the row offers) goes on ``space``; its column's income pays."""
    st = game.state
    company = st.companies[seat]
    game.pay_credits(seat, fee)
    column = column or board.free_columns(company, structure)[0]
    board.take(company, structure, column)
    if structure == "base":
        st.dams[space] = DamState(owner=seat, height=1)
    elif without_base(game, structure, space):  # Japan: an Elevation without a Base
        st.dams[space] = DamState(owner=seat, height=1, base=False)
    elif structure == "elevation":
        st.dams[space].height += 1
    elif structure == "conduit":
        st.conduits[space] = seat
    else:
        st.powerhouses[space] = seat
        china.placed(game, seat, space, column)
    income = uncovered_income(company, structure, column)
    if income is not None and income.price:
        yield from take_priced(game, seat, [income], "at once")
    elif income is not None:
        game.event(f"{game.name(seat)} uncovers an income: {rewards.describe(income.reward)}.", seat, "income")
        yield from rewards.gain(game, seat, income.reward, "income")
    if st.geology:
        yield from geology.after_build(game, seat, structure, space, structure == "elevation" and base_less(game, space))


def uncovered_income(company: CompanyState, structure: str, column: int) -> Income | None:
    """The income paid at once for taking the piece of ``column`` (the n-th piece of a base board's row
    uncovers slot n), where the company board shows one (None: nothing to pay now)."""
    found = board.income(company, structure, column)
    return found if found is not None and level(company).immediate_income else None


def take_priced(game: Game, seat: int, incomes: list[Income], when: str) -> Flow[None]:
    """Incomes with a price (Brazil): one by one, in the order the player likes, each paid for before it is
    taken, or left (then it is skipped this time); the credits of one may pay for the next (generator)."""
    left = list(incomes)
    while left:
        credits = game.spendable_credits(seat)
        able = [i for i in left if i.price <= credits]
        short = tuple((income_label(i), short_of_credits(i.price, credits)) for i in left if i.price > credits)
        if not able:
            game.event(f"{game.name(seat)} cannot pay for " + "; ".join(income_label(i) for i in left) + ".",
                       seat, "income")
            return
        choices = [Choice(make("income", i.structure, i.column), f"Pay {i.price} credits: {income_label(i)}", (),
                          {"structure": i.structure, "column": i.column, "price": i.price, "income": i.reward})
                   for i in able]
        choices.append(Choice("skip", "Take no " + ("more " if len(left) < len(incomes) else "") + "priced income"))
        key = yield from game.ask(seat, PromptKind.INCOME_PRICE, f"Pay for an income ({when})?", choices, auto=False,
                                  data={"unavailable": short})
        if key == "skip":
            return
        picked = Key.parse(key)
        income = next(i for i in able if (i.structure, i.column) == (picked.arg(0), picked.number(1)))
        left.remove(income)
        game.pay_credits(seat, income.price)
        game.event(f"{game.name(seat)} pays {income.price} credits for an income: "
                   f"{rewards.describe(income.reward)}.", seat, "income")
        yield from rewards.gain(game, seat, income.reward, "income")


def income_label(income: Income) -> str:
    return f"{income.structure} column {income.column}: {rewards.describe(income.reward)}"


def _fee_rule(game: Game, seat: int, use: TileUse) -> Callable[[str], int]:
    """space -> the red-space fee this tile use pays there (a tile may waive it)."""
    waived = patents.waives_red_fee(patents.tile_rules(game, seat, use.tile))  # Joker I (base-less Elevations too)
    return lambda space: 0 if waived else fee_for(game, seat, use.structure, space)


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
    extra = board.conduit_extra_mixers(company) if use.structure == "conduit" else 0
    if extra and units <= company.excavators + company.excamixers:  # China: short of the extra Mixer
        return _needs_machinery(company, units + extra, kinds | MIXERS)
    return _needs_machinery(company, units, kinds)


def _needs_machinery(company: CompanyState, units: int, kinds: frozenset[str]) -> str:
    unit = "Ex/Mx" if len(kinds) > 1 else ("Ex" if "excavators" in kinds else "Mx")
    have = (company.excamixers + (company.excavators if "excavators" in kinds else 0)
            + (company.mixers if "mixers" in kinds else 0))
    return f"needs {units} {unit}, you have {have}"


def _why_not_free(game: Game, seat: int, structure: str, space: str, column: int) -> str:
    company = game.state.companies[seat]
    loss = board.loss(company, structure, column) if column else NO_LOSS
    wild = any(o.machinery_wild for o in officers.in_force(company))
    if loss != NO_LOSS and loss_payment(company, loss, wild) is None:
        return f"cannot lose {lost_label(loss)} (column {column})"
    token = token_cost(game, seat, structure, space)
    if token is None:
        return short_of_credits(fee_for(game, seat, structure, space), game.spendable_credits(seat))
    return _why_not_token(game, seat, fee_for(game, seat, structure, space), token, None)


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


def space_choice(game: Game, seat: int, structure: str, space: str, fee: int, pay: Payment,
                 column: int = 0) -> Choice:
    """A space to build on, with its price (the cheapest payment, the red fee, a Geological token's cost and
    the machinery the piece's ``column`` loses) and the income it uncovers, in the label and as data."""
    company = game.state.companies[seat]
    if structure == LANDSCAPE:
        return _landscape_choice(game, space, pay)
    column = column or board.free_columns(company, structure)[0]
    income = uncovered_income(company, structure, column)
    loss = board.loss(company, structure, column)
    total = Payment(pay.excavators, pay.mixers, pay.credits + fee, pay.excamixers, pay.token_credits,
                    pay.engineers, pay.waiver)
    label = space_label(game, structure, space) + (f" · costs {total.short}" if total != Payment(0, 0, 0) else "")
    token = token_cost(game, seat, structure, space)
    if token is not None:
        label += f" · Geological {token.short}"
    if loss != NO_LOSS:
        label += f" · loses {lost_label(loss)}"
    if income is not None:
        label += f" · uncovers {rewards.describe(income.reward)}" + (f" for {income.price} cr" if income.price else "")
    data: dict[str, object] = {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
                               "credits": pay.credits + pay.token_credits, "red": fee,
                               "income": income.reward if income else None}
    if token is not None:  # (credits above: the token's included) its cost, and the Engineers it takes
        data |= {"engineers": pay.engineers, "token": token.as_data()}
    if board.any_order(company, structure):  # a piece from a chosen column: its income's price and its loss
        data |= {"column": column, "income_price": income.price if income else 0,
                 "loss": {"excavators": loss[0], "mixers": loss[1]}}
    if without_base(game, structure, space):
        data["without_base"] = True  # Japan: a new height-1 dam, an Elevation without a Base
    own = china.pieces(company) if structure == "powerhouse" else ()
    if own:  # China's Powerhouse piece of ``column``: its ability
        piece = own[column - 1]
        label += f" · the {piece.mixers}-Mixer Powerhouse ({piece.text})"
        data |= {"piece": piece.column, "ability": piece.ability}
    bonus = board.conduit_value_bonus(company) if structure == "conduit" else 0
    if bonus:  # China's pipelines: the value the Conduit will have as the company's
        data["value"] = geology.conduit_value(game, space) + bonus
        label += f" · value {data['value']} as yours"
    return Choice(make("space", space), label, (space,), data)


def _landscape_choice(game: Game, space: str, pay: Payment) -> Choice:
    tile = landscape_data.tile_at(game, space)
    label = f"{space_label(game, LANDSCAPE, space)} · costs {pay.short}"
    data = {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
            "credits": pay.credits, "red": 0, "income": None, "landscape": tile.id, "colour": tile.colour}
    return Choice(make("space", space), label, (space,), data)


def space_label(game: Game, structure: str, space: str) -> str:
    m = game.board
    if structure == LANDSCAPE:
        tile = landscape_data.tile_at(game, space)
        return f"{space}: {tile.name} ({tile.colour} landscape, {landscape_data.area(game, space)}s) - {tile.text}"
    fee = red_fee(game, structure, space)
    red = f", red +{fee}" if fee else ""
    if structure == "conduit":
        c = m.conduits[space]
        to = " or ".join(map(str, c.targets))
        return f"{space}: conduit {c.production} from zone {c.zone} ({c.area}) to zone{'s' if len(c.targets) > 1 else ''} {to}"
    if structure == "elevation" and space in game.state.dams:
        d = game.state.dams[space]
        return f"{space}: raise your dam to height {d.height + 1} ({m.dams[space].area})"
    if structure == "elevation":
        return f"{space}: a height-1 dam without a Base, zone {m.zone_of(space)} ({m.area_of(space)}{red})"
    return f"{space}: zone {m.zone_of(space)} ({m.area_of(space)}{red})"
