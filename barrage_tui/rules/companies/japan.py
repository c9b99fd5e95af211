"""Japan: connection chains. From its 3rd Powerhouse, a production may start from a dam (own or neutral)
linked to the activated Powerhouse through a chain of Japan's own systems: a Japanese powerhouse standing in
the valley of the Japanese dam that starts the next system (``production.Link``). production.py walks the
paths from a dam and asks the ability for the chains on from each (``chained_paths``); it prices a path
(``path_value``: drops x the sum of every conduit's value on it; ``tolls``: each other company's conduit on
it is paid per drop as usual).

Decisions (UNVERIFIED, seed 002 does not say; sammelbecken.md 2.2): the action's bonus, the company bonus
and Viktor's minimum apply once, to the path's whole Energy; the drops end at the activated powerhouse and
flow on from there, like any production's.

Japan's board rules, in force all game (Elevations paid in Excavators, an Elevation without a Base, dams at
most height 2), are data: its companies.toml entry, read as ``Company.construction`` by build_spaces.py and
build_costs.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..production import Link, System, routes
from .base import Ability

if TYPE_CHECKING:
    from ..game import Game


def link_dam(game: Game, seat: int, zone: int) -> str | None:
    """The seat's dam that a chain may go on from, in the valley of the seat's powerhouse in ``zone``: its
    dam there, unless another company's dam stands higher in the valley, between the powerhouse and it
    (that breaks the link). Decision: a neutral dam there would break it too (on this map neutral dams
    stand only on lower spaces, below any other dam of the valley, so it never happens)."""
    st, m = game.state, game.board
    node = m.downstream[m.passage(zone)]
    while node in m.zones[zone].dam_spaces:
        dam = st.dams.get(node)
        if dam is not None:
            return node if dam.owner == seat else None
        node = m.downstream[node]
    return None


def _chained(game: Game, seat: int, upper: System, mine: dict[int, str], seen: frozenset[int]) -> Iterator[System]:
    """The paths that go on from ``upper``'s powerhouse through the seat's dam in its valley."""
    zone = game.board.powerhouses[upper.powerhouse].zone
    nxt = link_dam(game, seat, zone)
    if zone in seen or nxt is None or nxt == upper.dam:
        return
    for conduit, _, powerhouse in routes(game, zone, mine):
        if powerhouse is not None:
            path = System(upper.dam, upper.conduit, powerhouse, upper.links + (Link(upper.powerhouse, nxt, conduit),))
            yield path
            yield from _chained(game, seat, path, mine, seen | {zone})


class ConnectionChains(Ability):
    id = "connection_chains"

    def chained_paths(self, game: Game, seat: int, system: System, mine: dict[int, str]) -> Iterator[System]:
        yield from _chained(game, seat, system, mine, frozenset({game.board.dams[system.dam].zone}))
