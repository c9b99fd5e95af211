"""Where drops would end up: the Water Flow simulated on the current map, without changing it.

Used by the Water Management box (automa.md 5.2: BGA's exact simulation - drops already waiting on the
headstreams flow too, so a Dam they will fill has no room) and by the ``most_water_drops`` criterion.
The river is a tree, so the order in which drops flow does not change where they end up.
"""

from __future__ import annotations

from collections import Counter

from barrage_tui.rules import water
from barrage_tui.rules.components import components

from .geography import river_below


def _rooms(game) -> dict[str, int]:
    return {s: water.capacity(game, s) - d.drops for s, d in game.state.dams.items()}


def _flow(rooms: dict[str, int], head: str, passed=None) -> str | None:
    """One drop from ``head``: the Dam it stops in (None: it leaves the board)."""
    for node in river_below(head):
        if passed is not None:
            passed.append(node)
        if rooms.get(node, 0) > 0:
            rooms[node] -= 1
            return node
    return None


def usa_nodes(game, seat: int) -> set[str]:
    """The powerhouse nodes where a drop gives the seat energy (USA's ability, when it is active)."""
    st = game.state
    if st.companies[seat].company != "usa" or not game.ability_active(seat):
        return set()
    return {f"P{components().map.powerhouses[p].zone}" for p, o in st.powerhouses.items() if o == seat}


def outcome(game, seat: int, extra: dict[str, int], flowing: bool) -> tuple[int, int]:
    """(drops that end in the seat's Dams, USA energy steps) when ``extra`` drops are put on headstreams:
    flowing at once on the map as it is, or waiting - then every waiting drop flows with them."""
    st = game.state
    rooms = _rooms(game)
    usa = usa_nodes(game, seat)
    sources = [] if flowing else list(st.headstream_drops.items())
    sources += list(extra.items())
    held = energy = 0
    for head, n in sources:
        for _ in range(n):
            passed: list[str] = []
            end = _flow(rooms, head, passed)
            if end is not None and st.dams[end].owner == seat:
                held += 1
            energy += sum(1 for node in passed if node in usa)
    return held, energy


def basin_traffic(game) -> dict[int, Counter]:
    """For each basin, how many of the drops waiting on the headstreams would flow through it, by
    headstream (a drop stopping in a basin's Dam flows through that basin)."""
    st = game.state
    dams = components().map.dams
    rooms = _rooms(game)
    traffic: dict[int, Counter] = {}
    for head, n in st.headstream_drops.items():
        for _ in range(n):
            passed: list[str] = []
            _flow(rooms, head, passed)
            for basin in {dams[node].zone for node in passed if node in dams}:
                traffic.setdefault(basin, Counter())[head] += 1
    return traffic
