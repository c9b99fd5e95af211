"""How the pieces on the map relate: basins, conduits, the river (the vocabulary of automa.md 6.3).

A basin's Conduits are the two conduit spaces that start in it; a Conduit delivers to the powerhouse spaces
of its end zone; water leaving a Powerhouse runs on down the river from the powerhouse node ``P<zone>``.
"Own" is the seat asking, "opponent" any other company, "neutral" the neutral dams.
"""

from __future__ import annotations

from barrage_tui.rules.components import components
from barrage_tui.rules.state import NEUTRAL

OWN, NEUTRAL_OWNER, OPPONENT = "own", "neutral", "opponent"


def mapping():
    return components().map


def zone(space: str) -> int:
    return mapping().zone_of(space)


def relation(owner: int, seat: int) -> str:
    if owner == seat:
        return OWN
    return NEUTRAL_OWNER if owner == NEUTRAL else OPPONENT


def dam_relations(state, basin: int, seat: int) -> set[str]:
    """Who holds the Dams in a basin (own / neutral / opponent)."""
    return {relation(state.dams[s].owner, seat) for s in mapping().zones[basin].dam_spaces if s in state.dams}


def powerhouse_relations(state, basin: int, seat: int) -> set[str]:
    return {relation(state.powerhouses[s], seat) for s in mapping().zones[basin].powerhouse_spaces
            if s in state.powerhouses}


def conduits_from(basin: int) -> tuple[str, ...]:
    return mapping().zones[basin].conduits


def conduits_into(basin: int) -> list[str]:
    return [c.id for c in mapping().conduits.values() if c.ends_in_zone == basin]


def delivers_to(conduit: str) -> int:
    return mapping().conduits[conduit].ends_in_zone


def value(conduit: str) -> int:
    return mapping().conduits[conduit].production


def river_below(node: str):
    """The river nodes downstream of ``node`` (not ``node`` itself), down to the exit."""
    down = mapping().downstream
    while True:
        node = down[node]
        if node.startswith("EXIT"):
            return
        yield node


def first_dam_below_powerhouses(state, basin: int) -> str | None:
    """The first built Dam that water leaving the Powerhouses of ``basin`` meets (any fill state)."""
    for node in river_below(f"P{basin}"):
        if node in state.dams:
            return node
    return None


def basins_below_powerhouses(state, basin: int) -> set[int]:
    """Basins that water leaving the Powerhouses of ``basin`` reaches with no Dam in between: the walk
    stops at the first built Dam, whose basin is still reached (automa.md 6.3, 12 #24)."""
    dams = mapping().dams
    reached = set()
    for node in river_below(f"P{basin}"):
        if node in dams:
            reached.add(dams[node].zone)
            if node in state.dams:
                break
    return reached
