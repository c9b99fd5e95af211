"""Production (rulebook "Energy production"): dam -> conduit -> powerhouse.

A system is a dam (your own or neutral) holding water, a built conduit (anyone's) starting in that
dam's zone, and one of your powerhouses, or a neutral one (board_features.py), in a zone the conduit leads to
(a branching conduit leads to several: the production's choice of system picks one). Energy = drops x conduit value
(Viktor: at least 4), then the action's bonus once and your company-board bonus; it must be at least 1.
The drops then flow on from the powerhouse's zone. Using an opponent's conduit costs 1 credit per drop,
paid to its owner, who also scores 1 VP per drop.

A company ability may let the water reach the activated powerhouse through a chain of the company's own
systems (``Ability.chained_paths``: Japan's connection chains, companies/japan.py): a path's ``links``;
Energy = drops x the sum of every conduit's value on the path (``path_value``), and each other company's
conduit on it is paid per drop as usual (``tolls``). An officer may let a production take drops from several
dams into the one powerhouse (``Officer.further_dams``: Dr. Octavius, officers/octavius.py): its ``Flows``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import companies, company_board, contracts, officers, rewards, water
from .engine import keys
from .automa_levels import is_automa, level
from .board_features import open_targets
from .build_spaces import space_value
from .components import components
from .plugin import hook_owner
from .engine.decisions import Choice, EventKind, Flow, PromptKind
from .companies import Ability
from .officers import Officer
from .state import NEUTRAL

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Link:
    """A step of a chain (Japan): the water passes ``powerhouse`` (Japan's), whose valley holds Japan's
    ``dam``, and goes on through ``conduit``, the conduit from that dam (any company's)."""

    powerhouse: str
    dam: str
    conduit: str


@dataclass(frozen=True)
class System:
    """The water's path of a production: ``dam`` -> ``conduit`` -> (a chain's ``links``) -> ``powerhouse``."""

    dam: str
    conduit: str
    powerhouse: str  # the activated one
    links: tuple[Link, ...] = ()

    @property
    def key(self) -> str:
        chain = (x for link in self.links for x in (link.powerhouse, link.dam, link.conduit))
        return keys.make("system", self.dam, self.conduit, self.powerhouse, *chain)

    @classmethod
    def from_key(cls, key: str) -> System:
        args = keys.Key.parse(key).args
        return cls(args[0], args[1], args[2], tuple(Link(*args[i:i + 3]) for i in range(3, len(args), 3)))

    @property
    def conduits(self) -> tuple[str, ...]:
        """Every conduit on the path, the first one first."""
        return (self.conduit, *(link.conduit for link in self.links))

    @property
    def link_dams(self) -> frozenset[str]:
        return frozenset(link.dam for link in self.links)

    @property
    def refs(self) -> tuple[str, ...]:
        """The board spaces on the path, in the water's order (for the map's highlight)."""
        chain = tuple(x for link in self.links for x in (link.powerhouse, link.dam, link.conduit))
        return (self.dam, self.conduit, *chain, self.powerhouse)


Flows = list[tuple[System, int]]  # the drops of one production: (system, drops) into one powerhouse


def company_bonus(game: Game, seat: int) -> int:
    company = game.state.companies[seat]
    if not level(company).powerhouse_production_bonus or not components().companies[company.company].powerhouse_row_bonus:
        return 0  # an Easy Automa never has it; China's Powerhouse row has none (companies/china.py)
    n = sum(1 for o in game.state.powerhouses.values() if o == seat)
    return components().common["powerhouse_production_bonus"][f"built_{n}"]


def conduit_value(game: Game, conduit: str) -> int:
    """A conduit's production value: a module may raise it (a Geological token), and so may its owner (China's +1)."""
    printed = space_value(game, conduit) if game.hooks.conduit_value else game.board.conduits[conduit].production
    return printed + company_board.conduit_bonus(game, conduit)


def fulfils_contracts(game: Game, powerhouse_zone: int) -> bool:
    """Whether a production through a Powerhouse of this zone may fulfil a contract (every module's
    ``fulfils_contracts``: not under Geological token 8)."""
    return all(hook(game, powerhouse_zone) for hook in game.hooks.fulfils_contracts)


def energy(game: Game, seat: int, conduit: str, drops: int, bonus: int, second: bool = False) -> int:
    """The Energy of ``drops`` drops through ``conduit`` into the seat's powerhouse at its (first) target."""
    zone = game.board.conduits[conduit].targets[0]
    powerhouse = own_powerhouses_by_zone(game, seat).get(zone, "")
    value = conduit_value(game, conduit)
    extra = value if powerhouse and companies.piece_ability(game, powerhouse).extra_drop else 0
    return _with_bonuses(game, seat, value * drops + extra, bonus, second, zone, powerhouse)


def path_value(game: Game, system: System) -> int:
    """The Energy one drop makes on ``system``'s path: the sum of its conduits' values."""
    return sum(conduit_value(game, c) for c in system.conduits)


def system_energy(game: Game, seat: int, system: System, drops: int, bonus: int, second: bool = False) -> int:
    """The Energy of ``drops`` drops on ``system``'s path (a chain's every conduit), with the bonuses."""
    return flows_energy(game, seat, [(system, drops)], bonus, second)


def tolls(game: Game, seat: int, system: System) -> list[int]:
    """The owner of every other company's conduit on the path, once per conduit: each is paid per drop."""
    st = game.state
    return [st.conduits[c] for c in system.conduits if st.conduits[c] != seat]


def toll_per_drop(game: Game, seat: int, system: System) -> int:
    """The credits each drop on ``system``'s path pays the owners of the other companies' conduits on it
    (China's fee rises with its Conduits built: company_board.conduit_fee)."""
    st = game.state
    return sum(company_board.conduit_fee(game, c).credits_per_drop for c in system.conduits if st.conduits[c] != seat)


def _with_bonuses(game: Game, seat: int, value: int, bonus: int, second: bool, powerhouse_zone: int,
                  powerhouse: str = "", changes: list[tuple[str, int]] | None = None) -> int:
    """Drops x conduit value (summed over the dams used) made into the production's Energy: at least an
    officer's minimum (Viktor), then the action's bonus, the company board's and the modules' (a Geological
    token's Energy is the Powerhouse's, so Germany's second production has it too; so is the Energy of
    China's 3-Mixer Powerhouse ``powerhouse``). ``changes``: when given, each change is added to it as
    (what, Energy), in this order (``energy_sum``)."""
    if second:  # Germany's second production: no bonuses of any kind, no Viktor
        total = value
    else:
        floor, whose = production_floor(game, seat)
        company = company_bonus(game, seat)
        total = max(value, floor) + bonus + company
        if changes is not None:
            if floor > value:
                changes.append((f"{whose}'s minimum {floor}", floor - value))
            changes += [("action space", bonus), ("company board", company)]
    for hook in game.hooks.production_bonus:
        n = hook(game, powerhouse_zone)
        total += n
        if changes is not None:
            changes.append((hook_owner(hook), n))
    if powerhouse:
        n = companies.piece_ability(game, powerhouse).energy_bonus
        total += n
        if changes is not None:
            changes.append(("Powerhouse piece", n))
    return total


def production_floor(game: Game, seat: int) -> tuple[int, str]:
    """(Energy, whose): what drops x value count as at least (Viktor's 4), and the chief engineer's name."""
    floor, whose = 0, ""
    for o in officers.in_force(game.state.companies[seat]):
        if o.production_floor > floor:
            floor, whose = o.production_floor, components().officers[o.id].name
    return floor, whose


@dataclass(frozen=True)
class EnergySum:
    """A production's Energy added up as the rulebook does (``energy_sum``): drops x value per drop of each
    dam used, 1 drop more where a piece gives it, then each change; ``total`` is the Energy."""

    water: tuple[tuple[int, int], ...]  # (drops, Energy per drop) for each dam used
    extra_drop: int  # the Energy of 1 drop more (China's 5-Mixer Powerhouse); 0: none
    changes: tuple[tuple[str, int], ...]  # (what, Energy) of each change made: a minimum, the action space...
    total: int

    def text(self) -> str:
        """The terms, for after the total: "2×4 = 8, action space +2, company board +1"."""
        water = " + ".join(f"{k}×{v}" for k, v in self.water) + (f" + {self.extra_drop}" if self.extra_drop else "")
        changes = [f"{what} {n:+d}" for what, n in self.changes]
        if not changes:
            return water
        value = sum(k * v for k, v in self.water) + self.extra_drop
        return ", ".join([f"{water} = {value}", *changes])

    def as_data(self) -> dict[str, object]:
        return {"water": self.water, "extra_drop": self.extra_drop, "changes": self.changes, "total": self.total}


def energy_sum(game: Game, seat: int, flows: Flows, bonus: int, second: bool = False) -> EnergySum:
    """How ``flows_energy`` adds up this production's Energy, term by term (for the choices and the log)."""
    water = tuple((k, path_value(game, s)) for s, k in flows)
    value = _value(game, flows)
    changes: list[tuple[str, int]] = []
    total = _with_bonuses(game, seat, value, bonus, second, _zone(game, flows), flows[0][0].powerhouse, changes)
    return EnergySum(water, value - sum(k * v for k, v in water), tuple(c for c in changes if c[1]), total)


def max_drops(game: Game, seat: int, system: System) -> int:
    k = game.state.dams[system.dam].drops
    paid = toll_per_drop(game, seat, system)
    if paid:
        k = min(k, game.spendable_credits(seat) // paid)
    return k


def drop_counts(game: Game, seat: int, system: System, bonus: int, second: bool = False) -> list[tuple[int, int]]:
    """(drops, energy) for every legal number of drops."""
    return [(k, e) for k in range(1, max_drops(game, seat, system) + 1)
            if (e := system_energy(game, seat, system, k, bonus, second)) >= 1]


def systems(game: Game, seat: int, bonus: int, second: bool = False, exclude_powerhouse: str = "") -> list[System]:
    return list(_systems(game, seat, bonus, second, exclude_powerhouse))


def _systems(game: Game, seat: int, bonus: int, second: bool, exclude_powerhouse: str,
             any_energy: bool = False) -> Iterator[System]:
    """Complete systems that can make at least 1 Energy with ``bonus`` (``any_energy``: whatever they make)."""
    st = game.state
    mine = own_powerhouses_by_zone(game, seat, exclude_powerhouse)
    neutral = NEUTRAL in st.powerhouses.values()  # (most boards have no neutral powerhouse)
    if not mine and not neutral:
        return
    linking = chains(game, seat)
    for dam_id, dam in st.dams.items():
        if dam.drops < 1 or dam.owner not in (seat, NEUTRAL):
            continue
        for sysm in paths_from(game, seat, dam_id, mine, linking, exclude_powerhouse, neutral):
            if any_energy or drop_counts(game, seat, sysm, bonus, second) or (
                    _gatherer(game, seat, second) is not None and flow_counts(game, seat, [], sysm, bonus, second)):
                yield sysm


def own_powerhouses_by_zone(game: Game, seat: int, exclude_powerhouse: str = "") -> dict[int, str]:
    """zone -> the seat's powerhouse there (one per zone at most)."""
    m = game.board
    return {m.powerhouses[p].zone: p for p, o in game.state.powerhouses.items()
            if o == seat and p != exclude_powerhouse}


def chains(game: Game, seat: int) -> Ability | None:
    """The seat's company ability in force if its productions may run on through chains of its own systems
    (it overrides ``Ability.chained_paths``: Japan's), else None."""
    ability = companies.ability(game, seat)
    return ability if type(ability).chained_paths is not _NO_CHAINS else None


_NO_CHAINS = Ability.chained_paths


def paths_from(game: Game, seat: int, dam: str, mine: dict[int, str], linking: Ability | None,
                exclude_powerhouse: str = "", neutral: bool = True) -> Iterator[System]:
    """Every path from ``dam`` to one of the seat's powerhouses ``mine`` (and, with ``neutral``, to a neutral
    powerhouse): through a built conduit of the dam's zone to any zone it leads to, and with ``linking``
    (``chains``: Japan's) on through its linked systems (never through a neutral powerhouse)."""
    start = game.board.dams[dam].zone
    for conduit, target, powerhouse in routes(game, start, mine):
        if powerhouse is not None:
            yield System(dam, conduit, powerhouse)
            if linking is not None:
                yield from linking.chained_paths(game, seat, System(dam, conduit, powerhouse), mine)
        if neutral:
            yield from (System(dam, conduit, p) for p in _neutral_powerhouses(game, target)
                        if p != exclude_powerhouse and p != powerhouse)


def routes(game: Game, zone: int, mine: dict[int, str]) -> Iterator[tuple[str, int, str | None]]:
    """Each built conduit of ``zone``, each zone it may lead to now, and the seat's powerhouse there (or None)."""
    for conduit in game.board.zones[zone].conduits:
        if conduit in game.state.conduits:
            for target in open_targets(game, conduit):
                yield conduit, target, mine.get(target)


def _neutral_powerhouses(game: Game, zone: int) -> list[str]:
    """The neutral powerhouses standing in ``zone`` (anyone may produce with one: board_features.py)."""
    st = game.state
    return [p for p in game.board.zones[zone].powerhouse_spaces if st.powerhouses.get(p) == NEUTRAL]


# ---------------------------------------------------------------- a production's water from several dams

def _gatherer(game: Game, seat: int, second: bool) -> Officer | None:
    """The officer in force whose productions may take drops from further dams into the one powerhouse
    (who overrides ``Officer.further_dams``: Dr. Octavius); None with Germany's second production."""
    if second:
        return None
    for o in officers.in_force(game.state.companies[seat]):
        if type(o).further_dams is not _NO_FURTHER_DAMS:
            return o
    return None


_NO_FURTHER_DAMS = Officer.further_dams


def several_dams(game: Game, seat: int, second: bool = False) -> bool:
    """Whether a production may take drops from several dams (Dr. Octavius; with Germany, only the first one)."""
    return _gatherer(game, seat, second) is not None


def _value(game: Game, flows: Flows) -> int:
    """Drops x path value over the flows; China's 5-Mixer Powerhouse: one drop more on the best path."""
    value = sum(path_value(game, s) * k for s, k in flows)
    if companies.piece_ability(game, flows[0][0].powerhouse).extra_drop:
        value += max(path_value(game, s) for s, _ in flows)
    return value


def _zone(game: Game, flows: Flows) -> int:
    """The zone of the one powerhouse all of a production's drops run into."""
    return game.board.powerhouses[flows[0][0].powerhouse].zone


def credits_needed(game: Game, seat: int, flows: Flows) -> int:
    return sum(k * toll_per_drop(game, seat, s) for s, k in flows)


def flows_energy(game: Game, seat: int, flows: Flows, bonus: int, second: bool = False) -> int:
    """The Energy of one production from ``flows``, a list of (system, drops) into one powerhouse."""
    return _with_bonuses(game, seat, _value(game, flows), bonus, second, _zone(game, flows), flows[0][0].powerhouse)


def flow_counts(game: Game, seat: int, flows: Flows, system: System, bonus: int,
                second: bool = False) -> list[tuple[int, int]]:
    """(drops, Energy so far) for every legal number of drops from ``system`` after ``flows``. With several
    dams the Energy so far may be below 1 while more dams can still bring it to 1."""
    st = game.state
    k_max = st.dams[system.dam].drops
    paid = toll_per_drop(game, seat, system)
    if paid:
        k_max = min(k_max, (game.spendable_credits(seat) - credits_needed(game, seat, flows)) // paid)
    gatherer = _gatherer(game, seat, second)
    counts = []
    for k in range(1, k_max + 1):
        now = flows + [(system, k)]
        e = flows_energy(game, seat, now, bonus, second)
        if e >= 1 or (gatherer is not None and _with_bonuses(
                game, seat, _value(game, now) + gatherer.further_water(game, seat, now),
                bonus, second, _zone(game, now), system.powerhouse) >= 1):
            counts.append((k, e))
    return counts


def best_energy(game: Game, seat: int) -> int | None:
    """The most Energy one single-dam production could make now, before the action's bonus (None: no
    system). Energy never falls with more drops, so each system's best uses all the drops it may."""
    best = None  # the most Energy before the action's bonus (a Geological token's differs by powerhouse)
    for system in _systems(game, seat, 0, False, "", any_energy=True):
        k = max_drops(game, seat, system)
        if k >= 1:
            e = system_energy(game, seat, system, k, 0)
            best = e if best is None else max(best, e)
    return best


def can_produce(game: Game, seat: int, bonus: int) -> bool:
    return next(_systems(game, seat, bonus, False, ""), None) is not None


def produce(game: Game, seat: int, bonus: int, optional: bool = False, second: bool = False,
            exclude_powerhouse: str = "") -> Flow[None]:
    """One production (generator); afterwards the contract and the company's ability."""
    st, m = game.state, game.board
    company = st.companies[seat]
    found = systems(game, seat, bonus, second, exclude_powerhouse)
    choices = [system_choice(game, seat, s, bonus, second) for s in found]
    if optional:
        choices.append(Choice("skip", "Do not produce"))
    what = "second production" if second else "production"
    key = yield from game.ask(seat, PromptKind.SYSTEM, f"Choose the dam, conduit and powerhouse for your {what}.", choices,
                              auto=not optional,
                              help="Water from your own or a neutral dam runs through a conduit of that zone to "
                                   "your powerhouse at the conduit's end.")
    if key == "skip":
        return
    system = next(s for s in found if s.key == key)
    flows = yield from _choose_flows(game, seat, system, bonus, second)
    added = energy_sum(game, seat, flows, bonus, second)
    e = added.total
    fee = _fee_words(game, seat, flows)  # (before the drops leave: the dams' owners and drops as they were)
    company.energy += e
    for s, k in flows:
        st.dams[s.dam].drops -= k
    zone = m.powerhouses[system.powerhouse].zone
    paths = water.flow_drops(game, m.passage(zone), sum(k for _, k in flows))
    game.event(f"{game.name(seat)} produces {e} energy: "
               + " and ".join(f"{rewards.count(k, 'drop')} from {s.dam} through {' and '.join(s.conduits)}" for s, k in flows)
               + f" to {system.powerhouse} ({added.text()}{fee}).", seat, EventKind.PRODUCTION,
               tuple(x for s, _ in flows for x in s.refs[:-1]) + (system.powerhouse,),
               {"energy": e, "sum": added.as_data(), "fee": credits_needed(game, seat, flows)})
    water.tell_flow(game, system.powerhouse, paths, seat)  # where the drops went on to
    for after in game.hooks.after_production:  # the modules' (a Geological token's events)
        after(game, seat, system.powerhouse, [c for s, _ in flows for c in s.conduits])
    piece = company_board.piece_at(game, system.powerhouse)  # a distinct Powerhouse piece's ability (China's)
    if piece is not None:
        companies.PIECE_ABILITIES[piece.ability].after_production(game, seat, system.powerhouse, piece, e)
    used = game.hooks.conduit_used
    for s, k in flows:
        for conduit in s.conduits:
            _pay_toll(game, seat, conduit, k)
            for hook in used:
                hook(game, conduit, k)
    if fulfils_contracts(game, m.powerhouses[system.powerhouse].zone):
        yield from contracts.fulfil(game, seat, e, production=True, area=m.powerhouses[system.powerhouse].area)
    if not second:
        yield from companies.ability(game, seat).after_production(game, seat, system.powerhouse,
                                                                  tuple(s.dam for s, _ in flows))


def _fee_words(game: Game, seat: int, flows: Flows) -> str:
    """"; fee 2 credits to Italy": what the production's drops pay the owners of other companies' conduits."""
    paid = credits_needed(game, seat, flows)
    if not paid:
        return ""
    owners = dict.fromkeys(o for s, _ in flows for o in tolls(game, seat, s))
    return f"; fee {game.money(seat, paid)} to {' and '.join(game.name(o) for o in owners)}"


def _pay_toll(game: Game, seat: int, conduit: str, k: int) -> None:
    """``k`` drops through another company's ``conduit``: its fee per drop (1 credit, and it scores 1 VP;
    China's rise with its Conduits built: company_board.conduit_fee)."""
    owner = game.state.conduits[conduit]
    if owner == seat:
        return
    fee = company_board.conduit_fee(game, conduit)
    credits, vp = fee.credits_per_drop * k, fee.vp_per_drop * k
    game.pay_credits(seat, credits)
    game.gain_credits(owner, credits)
    game.gain_vp(owner, vp, "conduits")
    paid = f"{credits} VP (an Automa pays in VP)" if is_automa(game, seat) else rewards.count(credits, "credit")
    got = f"{credits} VP for its credits and {vp} VP" if is_automa(game, owner) else f"{rewards.count(credits, 'credit')} and {vp} VP"
    game.event(f"{game.name(seat)} pays {paid} for {game.name(owner)}'s conduit; {game.name(owner)} gains "
               f"{got}.", seat, "payment", (conduit,), {"owner": owner, "drops": k, "credits": credits, "vp": vp})


def _choose_flows(game: Game, seat: int, system: System, bonus: int, second: bool) -> Flow[Flows]:
    """The drops of one production (generator): how many from the chosen dam; then, with an officer whose
    productions may take drops from several dams (Dr. Octavius), his further dams. Returns [(system, drops), ...]."""
    flows: Flows = []
    gatherer = _gatherer(game, seat, second)
    yield from choose_drops(game, seat, flows, system, bonus, second, gatherer is not None)
    if gatherer is not None:
        yield from gatherer.further_dams(game, seat, flows, bonus, second)
    return flows


def choose_drops(game: Game, seat: int, flows: Flows, system: System, bonus: int, second: bool,
                 so_far: bool) -> Flow[None]:
    """How many drops from ``system``'s dam (generator), added to ``flows``; ``so_far``: the Energy shown is
    the production's so far (more dams may follow)."""
    counts = flow_counts(game, seat, flows, system, bonus, second)
    more = " so far" if so_far else ""

    before = list(flows)  # (the flows as they are now: the list grows once a count is chosen)

    def label(k: int) -> Callable[[], str]:  # (worded when read: "3 drops: 14 energy (3×4 = 12, action space +2)")
        def words() -> str:
            added = energy_sum(game, seat, before + [(system, k)], bonus, second)
            return f"{rewards.count(k, 'drop')}: {added.total} energy{more} ({added.text()})"
        return words
    key = yield from game.ask(seat, PromptKind.PRODUCTION_DROPS, f"How many drops from {system.dam}?",
                              [Choice(keys.make("drops", k), label(k), (system.dam,), {"energy": e})
                               for k, e in counts], data={"dam": system.dam})
    flows.append((system, keys.number(key)))


def system_choice(game: Game, seat: int, s: System, bonus: int, second: bool) -> Choice:
    """A production's water path, with the most energy it can give and whom its conduit pays (per drop)."""
    counts = flow_counts(game, seat, [], s, bonus, second)
    owner = game.state.conduits[s.conduit]
    most = max((e for _, e in counts), default=0)
    data: dict[str, object] = {"energy": most, "drops": max((k for k, _ in counts), default=0),
                               "pays": -1 if owner == seat else owner, "fee_per_drop": toll_per_drop(game, seat, s)}
    if s.links:  # a chain (Japan): every conduit's owner paid per drop, and the path's value per drop
        data |= {"chain": True, "tolls": tuple(tolls(game, seat, s)), "value": path_value(game, s)}
    most_drops = max((k for k, _ in counts), default=0)

    def label() -> str:  # (worded when read) the most it makes, added up: "up to 14 energy (3×4 = 12, action space +2)"
        if not most_drops:
            return f"{system_label(game, seat, s)}: up to 0 energy"
        added = energy_sum(game, seat, [(s, most_drops)], bonus, second)
        return f"{system_label(game, seat, s)}: up to {added.total} energy ({added.text()})"
    return Choice(s.key, label, s.refs, data)


def system_label(game: Game, seat: int, s: System) -> str:
    st, conduits = game.state, game.board.conduits
    dam = st.dams[s.dam]
    whose = "neutral" if dam.owner == NEUTRAL else "your"

    def through(conduit: str) -> str:
        owner = st.conduits[conduit]
        pay = "" if owner == seat else f", pay {game.name(owner)} {company_board.conduit_fee(game, conduit).credits_per_drop}/drop"
        return f"{conduit} (value {conduit_value(game, conduit)}{pay})"
    chain = "".join(f" -> {link.powerhouse} -> your dam {link.dam} -> {through(link.conduit)}" for link in s.links)
    total = f" = {path_value(game, s)}/drop" if s.links else ""
    return f"{s.dam} ({whose}, {rewards.count(dam.drops, 'drop')}) -> {through(s.conduit)}{chain} -> {s.powerhouse}{total}"
