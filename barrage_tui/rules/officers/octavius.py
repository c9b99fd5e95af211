"""Dr. Octavius: a production that activates one of his Powerhouses may take drops from two or more dams
(his own and/or neutral ones) connected to it by conduits; each dam's drops run through its own conduit.

production.py asks for the first dam as usual; then he offers more dams into the same Powerhouse
(``further_dams``), and a first dam whose drops alone make less than 1 Energy is offered when his further
dams could bring it to 1 (``further_water``).
Decision (UNVERIFIED: the Energy of several dams is not printed): the Energy is the sum over the dams of
drops x that dam's conduit value, then the action's bonus and the company bonus once; each opponent's conduit
costs 1 credit per drop through it, as usual. With Germany only the first of the two productions may use
several dams (printed). With Japan's chains in force each further dam may come through a chain too, under
Japan's restrictions (``sources``, ``joins``): a chain's linking dams are no sources.
Decision: the chains themselves are Japan's ability; he does not give them to another company (his
"through several systems" is read as the several dams' own systems into the one powerhouse).

Mahiri copying him: it applies to a production of her extra action.

A Very Hard Automa with him: automa/officer_octavius.py; his Base preference: automa/officers.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import companies
from ..engine.decisions import Choice, Flow, PromptKind
from ..production import (Flows, System, chains, choose_drops, credits_needed, flow_counts, flows_energy,
                          own_powerhouses_by_zone, path_value, paths_from, system_label, tolls)
from ..state import NEUTRAL
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game


def sources(game: Game, seat: int, powerhouse: str) -> list[System]:
    """Every dam (own or neutral, holding water) with a built conduit into ``powerhouse``'s zone (and, with
    Japan's chains, every path of linked systems into it: the several dams keep its rules)."""
    st, m = game.state, game.board
    mine = {m.powerhouses[powerhouse].zone: powerhouse}
    linking = chains(game, seat) if st.powerhouses[powerhouse] == seat else None
    if linking is not None:  # the linking powerhouses may be any of the seat's
        mine = own_powerhouses_by_zone(game, seat) | mine
    return [s for dam_id, dam in st.dams.items() if dam.drops >= 1 and dam.owner in (seat, NEUTRAL)
            for s in paths_from(game, seat, dam_id, mine, linking, neutral=False) if s.powerhouse == powerhouse]


def joins(flows: Flows, system: System) -> bool:
    """Whether ``system``'s water may join a production's ``flows``: a dam gives its drops once, and a
    chain's linking dams are not sources (Japan: the water they hold is not used) -
    Decision: nor may a dam that gave its drops link another of the production's paths."""
    used = {s.dam for s, _ in flows}
    linked = set().union(*(s.link_dams for s, _ in flows))
    return system.dam not in used and system.dam not in linked and not (system.link_dams & used)


class Octavius(Officer):
    id = "octavius"

    def further_water(self, game: Game, seat: int, flows: Flows) -> int:
        """The most drops x value the powerhouse's other dams could still add, credits allowing."""
        st = game.state
        free, paid, best = 0, [], 0
        for s in sources(game, seat, flows[0][0].powerhouse):
            if not joins(flows, s):
                continue
            value, drops = path_value(game, s), st.dams[s.dam].drops
            best = max(best, value)
            if not tolls(game, seat, s):
                free += value * drops
            else:  # an upper bound: as if each such drop cost 1 credit
                paid += [value] * drops
        if companies.piece_ability(game, flows[0][0].powerhouse).extra_drop:  # its extra drop may move to a better path
            free += max(0, best - max(path_value(game, s) for s, _ in flows))
        budget = max(0, game.spendable_credits(seat) - credits_needed(game, seat, flows))
        return free + sum(sorted(paid, reverse=True)[:budget])

    def further_dams(self, game: Game, seat: int, flows: Flows, bonus: int, second: bool) -> Flow[None]:
        """More dams into the same powerhouse, each with its own conduit, until he is done or none is left."""
        system = flows[0][0]
        while True:
            more = [s for s in sources(game, seat, system.powerhouse)
                    if joins(flows, s) and flow_counts(game, seat, flows, s, bonus, second)]
            e = flows_energy(game, seat, flows, bonus, second)
            if not more:
                return
            choices = [Choice(s.key, system_label(game, seat, s), s.refs) for s in more]
            if e >= 1:
                choices.append(Choice("done", f"No more dams: produce {e} energy"))
            key = yield from game.ask(seat, PromptKind.MORE_DAMS, f"Dr. Octavius: take drops from another dam into "
                                      f"{system.powerhouse} as well?", choices,
                                      help="Drops from several of your and neutral dams may run into the one "
                                           "powerhouse, each dam through its own conduit.")
            if key == "done":
                return
            system = next(s for s in more if s.key == key)
            yield from choose_drops(game, seat, flows, system, bonus, second, True)
