"""Production (rulebook "Energy production"): dam -> conduit -> powerhouse.

A system is a dam (your own or neutral) holding water, a built conduit (anyone's) starting in that
dam's zone, and one of your powerhouses in the conduit's end zone. Energy = drops x conduit value
(Viktor: at least 4), then the action's bonus once and your company-board bonus; it must be at least 1.
The drops then flow on from the powerhouse's zone. Using an opponent's conduit costs 1 credit per drop,
paid to its owner, who also scores 1 VP per drop.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import contracts, officers, water
from .components import components
from .decisions import Choice
from .state import NEUTRAL

SECOND_PRODUCTION_COMPANY = "germany"
ITALY_EXTRA_ENERGY = 3


@dataclass(frozen=True)
class System:
    dam: str
    conduit: str
    powerhouse: str

    @property
    def key(self) -> str:
        return f"system:{self.dam}:{self.conduit}:{self.powerhouse}"


def company_bonus(game, seat: int) -> int:
    n = sum(1 for o in game.state.powerhouses.values() if o == seat)
    return components().common["powerhouse_production_bonus"][f"built_{n}"]


def energy(game, seat: int, conduit: str, drops: int, bonus: int, second: bool = False) -> int:
    value = components().map.conduits[conduit].production * drops
    if second:  # Germany's second production: no bonuses of any kind, no Viktor
        return value
    floor = max(o.production_floor for o in officers.in_force(game.state.companies[seat]))
    return max(value, floor) + bonus + company_bonus(game, seat)


def max_drops(game, seat: int, system: System) -> int:
    st = game.state
    k = st.dams[system.dam].drops
    owner = st.conduits[system.conduit]
    if owner != seat:
        k = min(k, st.companies[seat].credits)
    return k


def drop_counts(game, seat: int, system: System, bonus: int, second: bool = False) -> list[tuple[int, int]]:
    """(drops, energy) for every legal number of drops."""
    return [(k, e) for k in range(1, max_drops(game, seat, system) + 1)
            if (e := energy(game, seat, system.conduit, k, bonus, second)) >= 1]


def systems(game, seat: int, bonus: int, second: bool = False, exclude_powerhouse: str = "") -> list[System]:
    st, m = game.state, components().map
    mine = {m.powerhouses[p].zone: p for p, o in st.powerhouses.items() if o == seat and p != exclude_powerhouse}
    found = []
    for dam_id, dam in st.dams.items():
        if dam.drops < 1 or dam.owner not in (seat, NEUTRAL):
            continue
        for conduit in m.zones[m.dams[dam_id].zone].conduits:
            if conduit not in st.conduits:
                continue
            ph = mine.get(m.conduits[conduit].ends_in_zone)
            if ph is None:
                continue
            sysm = System(dam_id, conduit, ph)
            if drop_counts(game, seat, sysm, bonus, second):
                found.append(sysm)
    return found


def can_produce(game, seat: int, bonus: int) -> bool:
    return bool(systems(game, seat, bonus))


def produce(game, seat: int, bonus: int, optional: bool = False, second: bool = False, exclude_powerhouse: str = ""):
    """One production (generator); afterwards the contract and the company's ability."""
    st, m = game.state, components().map
    company = st.companies[seat]
    found = systems(game, seat, bonus, second, exclude_powerhouse)
    choices = [Choice(s.key, system_label(game, seat, s), (s.dam, s.conduit, s.powerhouse)) for s in found]
    if optional:
        choices.append(Choice("skip", "Do not produce"))
    what = "second production" if second else "production"
    key = yield from game.ask(seat, "production", f"Choose the dam, conduit and powerhouse for your {what}.", choices,
                              auto=not optional,
                              help="Water from your own or a neutral dam runs through a conduit of that zone to "
                                   "your powerhouse at the conduit's end.")
    if key == "skip":
        return
    system = next(s for s in found if s.key == key)
    counts = drop_counts(game, seat, system, bonus, second)
    key = yield from game.ask(seat, "drops", f"How many drops from {system.dam}?",
                              [Choice(f"drops:{k}", f"{k} drop(s): {e} energy", (system.dam,)) for k, e in counts])
    k = int(key.split(":")[1])
    e = dict(counts)[k]
    company.energy += e
    st.dams[system.dam].drops -= k
    zone = m.powerhouses[system.powerhouse].zone
    for _ in range(k):
        water.flow_drop(game, f"P{zone}")
    game.event(f"{game.name(seat)} produces {e} energy: {k} drop(s) from {system.dam} through {system.conduit} "
               f"to {system.powerhouse}.", seat, "production", (system.dam, system.conduit, system.powerhouse))
    game.stats["productions"] += 1
    owner = st.conduits[system.conduit]
    if owner != seat:
        game.pay_credits(seat, k)
        game.gain_credits(owner, k)
        game.gain_vp(owner, k, "conduits")
        game.event(f"{game.name(seat)} pays {k} credit(s) to {game.name(owner)} for the conduit; "
                   f"{game.name(owner)} scores {k} VP.", seat, "payment", (system.conduit,))
    yield from contracts.fulfil(game, seat, e, production=True)
    if second or not game.ability_active(seat):
        return
    if company.company == SECOND_PRODUCTION_COMPANY:
        if systems(game, seat, 0, second=True, exclude_powerhouse=system.powerhouse):
            yield from produce(game, seat, 0, optional=True, second=True, exclude_powerhouse=system.powerhouse)
    elif company.company == "italy":
        company.energy += ITALY_EXTRA_ENERGY
        game.event(f"{game.name(seat)} (Italy) gains {ITALY_EXTRA_ENERGY} more energy.", seat, "energy")


def system_label(game, seat: int, s: System) -> str:
    st = game.state
    c = components().map.conduits[s.conduit]
    owner = st.conduits[s.conduit]
    dam = st.dams[s.dam]
    whose = "neutral" if dam.owner == NEUTRAL else "your"
    pay = "" if owner == seat else f", pay {game.name(owner)} 1/drop"
    return f"{s.dam} ({whose}, {dam.drops} drops) -> {s.conduit} (value {c.production}{pay}) -> {s.powerhouse}"
