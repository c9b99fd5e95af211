"""Checks that must hold after every decision of every game (used by ``sim`` and the tests)."""

from __future__ import annotations

from . import contracts, water, wheel
from .components import components

SIMONE_HAND = 4  # Mahiri may keep a 4th contract taken while she copied Simone (Appendix 9)
STRUCTURES = ("base", "elevation", "conduit", "powerhouse")


def violations(game) -> list[str]:
    st = game.state
    comps = components()
    found: list[str] = []
    on_map = water.drops_on_map(game)
    if st.drops_created != on_map + st.drops_exited:
        found.append(f"water: {st.drops_created} drops created, {on_map} on the map + {st.drops_exited} gone")
    for space, dam in st.dams.items():
        if not 0 <= dam.drops <= water.capacity(game, space):
            found.append(f"water: {space} holds {dam.drops} drops, capacity {water.capacity(game, space)}")
        if not 1 <= dam.height <= 3:
            found.append(f"map: {space} has height {dam.height}")
    if any(n < 0 for n in st.headstream_drops.values()):
        found.append("water: a headstream holds fewer than 0 drops")
    on_board = {c.seat: dict.fromkeys(STRUCTURES, 0) for c in st.companies}
    for dam in st.dams.values():
        if dam.owner >= 0:
            on_board[dam.owner]["base"] += 1
            on_board[dam.owner]["elevation"] += dam.height - 1
    for owner in st.conduits.values():
        on_board[owner]["conduit"] += 1
    for owner in st.powerhouses.values():
        on_board[owner]["powerhouse"] += 1
    total_engineers = comps.common["engineers"]
    for c in st.companies:
        who = f"seat {c.seat} ({c.company})"
        for name in ("vp", "credits", "excavators", "mixers", "energy", "engineers"):
            if getattr(c, name) < 0:
                found.append(f"{who}: {name} is {getattr(c, name)}")
        for s in STRUCTURES:
            total = comps.common["pieces"][s]
            if c.pieces[s] < 0 or on_board[c.seat][s] + c.pieces[s] != total:
                found.append(f"{who}: {on_board[c.seat][s]} {s}s on the map and {c.pieces[s]} left of {total}")
        exc, mix = wheel.machinery_on_wheel(c)
        if [c.excavators + exc, c.mixers + mix] != c.machinery_gained:
            found.append(f"{who}: machinery {c.excavators}+{exc} / {c.mixers}+{mix} in supply+wheel, "
                         f"received {c.machinery_gained}")
        placed = sum(n[c.seat] for n in st.engineers_on.values()) + st.bank[c.seat]
        engineers = c.engineers + placed + (1 if c.architect else 0)
        if engineers != total_engineers:
            found.append(f"{who}: {engineers} Engineers in all, not {total_engineers}")
        if game.prompt is not None and game.prompt.kind == "action" and len(c.contracts) > max(
                contracts.hand_limit(c), SIMONE_HAND if c.officer == "mahiri" else 0):
            found.append(f"{who}: {len(c.contracts)} contracts in hand between turns")
        tiles = c.tiles + wheel.tiles_on_wheel(c)
        if len(tiles) != len(set(tiles)):
            found.append(f"{who}: a technology tile is in two places: {sorted(tiles)}")
    return found
