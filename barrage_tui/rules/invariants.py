"""Checks that must hold after every decision of every game (used by ``sim`` and the tests)."""

from __future__ import annotations

from . import contracts, water
from .components import components

SIMONE_HAND = 4  # Mahiri may keep a 4th contract taken while she copied Simone (Appendix 9)
STRUCTURES = ("base", "elevation", "conduit", "powerhouse")
COUNTED = ("vp", "credits", "excavators", "mixers", "energy", "engineers")


def _most_it_may_hold(game, space: str, dam) -> int:
    """A 4th drop that came while Mahiri copied Graziano stays when the copy ends (Appendix 9: the
    capacity lasts until those drops are produced with)."""
    if dam.height == 3 and dam.owner >= 0 and game.state.companies[dam.owner].officer == "mahiri":
        return max(water.capacity(game, space), 4)
    return water.capacity(game, space)


def violations(game) -> list[str]:
    """Everything wrong with the game's state, in words (an empty list when all is well)."""
    st = game.state
    common = components().common
    found: list[str] = []
    on_map = sum(st.headstream_drops.values())
    on_board = [[0, 0, 0, 0] for _ in st.companies]  # base, elevation, conduit, powerhouse per seat
    for space, dam in st.dams.items():
        on_map += dam.drops
        if not 1 <= dam.height <= 3:
            found.append(f"map: {space} has height {dam.height}")
        elif dam.drops < 0 or dam.drops > _most_it_may_hold(game, space, dam):
            found.append(f"water: {space} holds {dam.drops} drops, capacity {water.capacity(game, space)}")
        if dam.owner >= 0:
            on_board[dam.owner][0] += 1
            on_board[dam.owner][1] += dam.height - 1
    if st.drops_created != on_map + st.drops_exited:
        found.append(f"water: {st.drops_created} drops created, {on_map} on the map + {st.drops_exited} gone")
    if any(n < 0 for n in st.headstream_drops.values()):
        found.append("water: a headstream holds fewer than 0 drops")
    for owner in st.conduits.values():
        on_board[owner][2] += 1
    for owner in st.powerhouses.values():
        on_board[owner][3] += 1
    pieces = common["pieces"]
    between_turns = game.prompt is not None and game.prompt.kind == "action"
    for c in st.companies:
        who = f"seat {c.seat} ({c.company})"
        for name in COUNTED:
            if getattr(c, name) < 0 and not (name == "vp" and c.kind == "automa"):  # an Automa's VP may
                found.append(f"{who}: {name} is {getattr(c, name)}")
        for i, s in enumerate(STRUCTURES):
            if c.pieces[s] < 0 or on_board[c.seat][i] + c.pieces[s] != pieces[s]:
                found.append(f"{who}: {on_board[c.seat][i]} {s}s on the map and {c.pieces[s]} left of {pieces[s]}")
        exc, mix, excamix, tiles = c.excavators, c.mixers, c.excamixers, list(c.tiles)
        for seg in c.wheel:
            exc += seg.excavators
            mix += seg.mixers
            excamix += seg.excamixers
            tiles += seg.tiles
        if [exc, mix] != c.machinery_gained:
            found.append(f"{who}: machinery {exc} Excavators / {mix} mixers in supply and on the wheel, "
                         f"but {c.machinery_gained} received")
        if excamix != c.excamixers_gained or c.excamixers < 0:
            found.append(f"{who}: {excamix} Excamixers in supply and on the wheel, {c.excamixers_gained} received")
        placed = sum(n[c.seat] for n in st.engineers_on.values()) + st.bank[c.seat]
        engineers = c.engineers + placed + (1 if c.architect else 0)
        if engineers != common["engineers"]:
            found.append(f"{who}: {engineers} Engineers in all, not {common['engineers']}")
        if between_turns and len(c.contracts) > max(contracts.hand_limit(c),
                                                    SIMONE_HAND if c.officer == "mahiri" else 0):
            found.append(f"{who}: {len(c.contracts)} contracts in hand between turns")
        if len(tiles) != len(set(tiles)):
            found.append(f"{who}: a technology tile is in two places: {sorted(tiles)}")
    return found
