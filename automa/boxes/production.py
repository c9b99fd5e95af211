"""The Production box (automa.md 5.1): column 1, ends the turn.

Possible only if (1) it has a production system giving at least 1 energy, (2) it is below this round's
section of the Energy track (6 x round) or not the leader there (a tie is not leading), and (3) its most
productive system covers a face-up private contract of the box's colour. It then produces with that
system - all the dam's drops (Dr. Octavius: and all the other Dams' into that Powerhouse,
officer_octavius.py); ties: a neutral dam's water first, then the criteria card's Conduit criteria and
location code - and fulfils the best contract it can (answers.py).

Decision (Japan, for which no Automa rule is printed): an Automa playing Japan - chosen for its seat, or
drawn where the Overseas Companies are in the pool - weighs Japan's connection chains exactly when its
level gives it the company ability (Hard and Very Hard, from its 3rd Powerhouse: ``game.ability_active``):
``production.systems`` offers the chained paths then, and a path counts like any system, drops x the sum
of its conduits' values (``production.system_energy``); ties keep the usual order. Easy and Medium never
chain, as no other company's ability works for them.

Decision (China, no Automa rule exists): an Automa weighs a production as the rules count it - a China
Conduit's +1 value (for every user), and as China its Powerhouse pieces' abilities where its level has the
Powerhouse-row bonus they stand in for (Medium and up: rules/companies/china.py) - since it asks
``production.system_energy``; a China fee is paid like any payment (an Automa's credits are VP), and the
4-Mixer piece's VP count in its score like any VP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import (
    ENERGY_SECTION, NEUTRAL, System, facts, fulfils_contracts, make_key, max_drops, path_value, production_systems,
    system_energy as rules_system_energy,
)

from .. import contracts, officer_octavius, officers, placement

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context
    from ..view import View


def drops_for(view: View, system: System, most: int) -> int:
    """All the drops it may use; Viktor: exactly 1 with a conduit of value 1 or 2 (a chain: its path's value)."""
    return 1 if officers.single_drop(view, path_value(view.game, system)) else most


def system_energy(view: View, system: System, bonus: int, second: bool = False) -> int:
    if officer_octavius.applies(view, second):
        return officer_octavius.energy(view, system, bonus, second)
    k = drops_for(view, system, max_drops(view.game, view.seat, system))
    return rules_system_energy(view.game, view.seat, system, k, bonus, second)


def best_system(view: View, systems: list[System], bonus: int, second: bool = False) -> tuple[System, int]:
    """(system, energy): the most energy; ties: neutral water first, then the Conduit criteria and walk."""
    scored = {s: system_energy(view, s, bonus, second) for s in systems}
    top = max(scored.values())
    tied = [s for s in systems if scored[s] == top]
    neutral = [s for s in tied if view.game.state.dams[s.dam].owner == NEUTRAL]
    tied = neutral or tied
    if len(tied) > 1:
        conduit = placement.rank_conduits(view, sorted({s.conduit for s in tied}))
        tied = [s for s in tied if s.conduit == conduit]
    return tied[0], top


def leads_energy_track(view: View) -> bool:
    st = view.game.state
    others = [c.energy for c in st.companies if c.seat != view.seat]
    return bool(others) and view.company.energy > max(others)


def cheapest_contract(view: View, colour: str) -> int | None:
    shown = view.game.state.private_display.get(colour, [])
    return min((max(0, contracts.need(c) - contracts.reduction(view)) for c in shown), default=None)


def fulfils(view: View, system: System) -> bool:
    """Decision (the Geological Factor, not in the Automa rules): a production through a Powerhouse under
    token 8 fulfils no contract, so it never meets this box's condition (3)."""
    zone = view.game.board.powerhouses[system.powerhouse].zone
    return fulfils_contracts(view.game, zone)


def try_box(ctx: Context, box: Box) -> str | None:
    bonus = box.production_bonus
    systems = [s for s in production_systems(ctx.game, ctx.seat, bonus) if fulfils(ctx, s)]
    if not systems:
        return "no production system"
    if ctx.company.energy >= ENERGY_SECTION * ctx.state.round and leads_energy_track(ctx):
        return "it leads the Energy track and has reached this round's section"
    system, energy = best_system(ctx, systems, bonus)
    need = cheapest_contract(ctx, box.contract_colour)
    if need is None:
        return f"no face-up {box.contract_colour} contract"
    if energy < need:
        return f"its best production ({energy} energy) covers no face-up {box.contract_colour} contract"
    more = [s.dam for s, _ in officer_octavius.flows(ctx, system)[1:]]
    lowest = officers.contract_choice(ctx, ctx.company.energy) == "lowest"
    ctx.place("turbine", box.engineers, box.ends_turn)
    ctx.pay(box.vp_change)
    ctx.do(make_key("produce", bonus), system=system.key)
    ctx.note(f"{box.name}: {energy} energy, {system.dam} -> {system.conduit} -> {system.powerhouse}"
             + (f" (Dr. Octavius: with the water of {', '.join(more)} too)" if more else "")
             + ("; Franz de Lasse, below this round's section: the lowest contract" if lowest else ""))
    return None
