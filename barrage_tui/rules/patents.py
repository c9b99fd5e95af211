"""The Patent Office and what the Advanced Technology tiles do (rulebook "Patent Office").

Each advanced tile's effect is one small function below, found by the tile's id; effects happen after
the piece is placed. Cost modifiers (L2 Conduit, L2/L1 Joker, L3 Base) are asked for by construction.
"""

from __future__ import annotations

from . import contracts, production, water, wheel
from .automa_levels import level
from .components import components

# ---------------------------------------------------------------- cost modifiers

# The tiles the three functions below act on: any other tile builds at the plain cost.
COST_TILES = frozenset({"L3_BASE", "L2_CONDUIT", "L2_JOKER", "L1_JOKER"})


def cost_units(tile: str, structure: str, units: int) -> int:
    if tile == "L3_BASE":
        return 0  # a Base with no Excavators
    if tile == "L2_CONDUIT":
        return min(5, units)
    return units


def machinery_interchangeable(tile: str) -> bool:
    return tile == "L2_JOKER"


def waives_red_fee(tile: str) -> bool:
    return tile == "L1_JOKER"


# ---------------------------------------------------------------- effects after building

def _l1_base(game, seat, structure, space):
    st = game.state
    filled = [s for s, d in st.dams.items() if d.owner == seat and d.drops == 0]
    for s in filled:
        st.dams[s].drops = 1
    st.drops_created += len(filled)
    game.event(f"{game.name(seat)} puts a drop in each empty dam: {', '.join(filled) or 'none'}.", seat, "water",
               tuple(filled))
    return
    yield


def _l1_elevation(game, seat, structure, space):
    n = sum(d.height - 1 for d in game.state.dams.values() if d.owner == seat)
    back = wheel.turn(game.state.companies[seat], n)
    game.event(f"{game.name(seat)} turns the wheel {n} (one per Elevation)"
               + (f", getting back {', '.join(back)}." if back else "."), seat, "wheel")
    return
    yield


def _l1_conduit(game, seat, structure, space):
    gain = 2 * components().map.conduits[space].production
    game.gain_credits(seat, gain)
    game.event(f"{game.name(seat)} gains {gain} credits.", seat, "gain")
    return
    yield


def _l2_base(game, seat, structure, space):
    energy = sum(1 for d in game.state.dams.values() if d.owner == seat)
    yield from _energy_for_hand_contract(game, seat, energy)


def _l2_elevation(game, seat, structure, space):
    dam = game.state.dams[space]
    added = water.capacity(game, space) - dam.drops
    dam.drops += added
    game.state.drops_created += added
    game.event(f"{game.name(seat)} fills {space} with {added} drop(s).", seat, "water", (space,))
    return
    yield


def _l2_powerhouse(game, seat, structure, space):
    if production.systems(game, seat, bonus=2):
        yield from production.produce(game, seat, bonus=2, optional=True)


def _l3_elevation(game, seat, structure, space):
    n = sum(1 for d in game.state.dams.values() if d.owner == seat and d.height >= 2)
    game.gain_vp(seat, 3 * n, "tiles")
    return
    yield


def _l3_conduit(game, seat, structure, space):
    yield from _energy_for_hand_contract(game, seat, 2 * components().map.conduits[space].production)


def _l3_powerhouse(game, seat, structure, space):
    n = sum(1 for o in game.state.powerhouses.values() if o == seat)
    game.gain_vp(seat, 3 * n, "tiles")
    return
    yield


def _l3_joker(game, seat, structure, space):
    game.gain_vp(seat, 3 * advanced_tiles_owned(game.state.companies[seat]), "tiles")
    return
    yield


def _energy_for_hand_contract(game, seat, energy):
    """Energy that is not a production: it moves the marker and may fulfil one contract from the hand."""
    game.state.companies[seat].energy += energy
    game.event(f"{game.name(seat)} produces {energy} energy.", seat, "energy")
    yield from contracts.fulfil(game, seat, energy, production=False)


EFFECTS = {
    "L1_BASE": _l1_base, "L1_ELEVATION": _l1_elevation, "L1_CONDUIT": _l1_conduit,
    "L2_BASE": _l2_base, "L2_ELEVATION": _l2_elevation, "L2_POWERHOUSE": _l2_powerhouse,
    "L3_ELEVATION": _l3_elevation, "L3_CONDUIT": _l3_conduit, "L3_POWERHOUSE": _l3_powerhouse,
    "L3_JOKER": _l3_joker,
}


def tile_rules(game, seat: int, tile: str) -> str:
    """The tile whose cost changes and effect apply: none for an Automa below Hard, which only builds with it."""
    return tile if level(game.state.companies[seat]).advanced_tile_effects else ""


def after_build(game, seat: int, tile: str, structure: str, space: str):
    effect = EFFECTS.get(tile_rules(game, seat, tile))  # an Automa below Hard: no tile effects
    if effect:
        yield from effect(game, seat, structure, space)


def advanced_tiles_owned(company) -> int:
    adv = components().advanced_tiles
    return sum(1 for t in company.tiles + wheel.tiles_on_wheel(company) if t in adv)


# ---------------------------------------------------------------- the office

def buy(game, seat: int, slot: int) -> None:
    st = game.state
    tile = st.patent_offer[slot - 1]
    st.patent_offer[slot - 1] = ""
    st.companies[seat].tiles.append(tile)  # its 5 credits were paid with the space
    game.event(f"{game.name(seat)} buys the {tile} tile.", seat, "patent", (tile,))


def refresh(game) -> None:
    """End of round: unbought tiles leave the game; 3 new ones from pile I, then II, then III."""
    st = game.state
    if st.introductory:
        return
    st.patent_offer = []
    for _ in range(3):
        pile = next((st.patent_piles[lv] for lv in ("1", "2", "3") if st.patent_piles[lv]), None)
        st.patent_offer.append(pile.pop() if pile else "")
