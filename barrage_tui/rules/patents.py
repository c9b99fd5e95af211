"""The Patent Office and what the Advanced Technology tiles do (rulebook "Patent Office").

A tile's ``effect`` (tech-tiles.toml) names its entry in ``EFFECTS``; the figures come from the tile's
``params``. Effects after building happen once the piece is placed; cost changes are asked for by
construction (``changes_cost``, ``cost_units``, ``machinery_interchangeable``, ``waives_red_fee``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from . import contracts, production, rewards, water, wheel
from .automa_levels import level
from .components import STRUCTURES, TechTile, Toml, components
from .engine.decisions import Flow
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

AfterBuild = Callable[["Game", int, str, Toml], Flow[None]]  # (game, seat, space built on, tile params)


@dataclass(frozen=True)
class Effect:
    """What an effect changes: its construction's cost, and what happens after it."""

    cost_units: Callable[[int, Toml], int] | None = None  # (machinery units, params) -> units paid
    interchangeable: bool = False  # each machinery unit may be an Excavator or a mixer
    waives_red_fee: bool = False  # no +3 for a red-outlined building space
    one_kind: bool = False  # a structure taking both kinds of machinery is paid with one kind of it only
    after_build: AfterBuild | None = None  # after the piece is placed

    @property
    def changes_cost(self) -> bool:
        return self.cost_units is not None or self.interchangeable or self.waives_red_fee or self.one_kind


NO_EFFECT = Effect()
NO_TILE = TechTile("", 0, "")
NO_PARAMS: Toml = MappingProxyType({})


# ---------------------------------------------------------------- effects after building

def _drops_in_empty_own_dams(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    st = game.state
    # Base I: an Elevation without a Base (Japan) does not count as a Base (the box's Japan page)
    filled = [s for s, d in st.dams.items() if d.owner == seat and d.drops == 0 and d.base]
    for s in filled:
        st.dams[s].drops = p["drops"]
    st.drops_created += p["drops"] * len(filled)
    game.event(f"{game.name(seat)} puts {rewards.count(p['drops'], 'drop')} in each empty dam: {', '.join(filled) or 'none'}.",
               seat, "water", tuple(filled))
    return
    yield


def _wheel_per_own_elevation(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    # Elevation I: for this effect an Elevation without a Base (Japan) is not an Elevation (the box's Japan page)
    n = p["rotations"] * sum(d.elevations for d in game.state.dams.values() if d.owner == seat and d.base)
    back = wheel.turn(game.state.companies[seat], n)
    game.event(f"{game.name(seat)} turns the wheel {n} ({p['rotations']} per Elevation)"
               + (f", getting back {', '.join(back)}." if back else "."), seat, "wheel")
    return
    yield


def _credits_per_conduit_value(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    gain = p["credits"] * production.conduit_value(game, space)
    game.gain_credits(seat, gain)
    game.event(f"{game.name(seat)} gains {rewards.count(gain, 'credit')}.", seat, "gain")
    return
    yield


def _energy_per_own_base(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    # Base II: an Elevation without a Base (Japan) does not count as a Base (the box's Japan page)
    energy = p["energy"] * sum(1 for d in game.state.dams.values() if d.owner == seat and d.base)
    yield from energy_for_hand_contract(game, seat, energy)


def _fill_this_dam(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    dam = game.state.dams[space]
    added = water.capacity(game, space) - dam.drops
    dam.drops += added
    game.state.drops_created += added
    game.event(f"{game.name(seat)} fills {space} with {rewards.count(added, 'drop')}.", seat, "water", (space,))
    return
    yield


def _production_with_bonus(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    if production.systems(game, seat, bonus=p["bonus"]):
        yield from production.produce(game, seat, bonus=p["bonus"], optional=True)


def _vp_per_raised_dam(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    # Decision: an Elevation without a Base (Japan) still counts as an Elevation here ("it still counts as an
    # Elevation"; the box names Elevation I alone as the exception).
    n = sum(1 for d in game.state.dams.values() if d.owner == seat and d.elevations)
    game.gain_vp(seat, p["vp"] * n, "tiles")
    return
    yield


def _energy_per_conduit_value(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    yield from energy_for_hand_contract(game, seat, p["energy"] * production.conduit_value(game, space))


def _vp_per_own_powerhouse(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    n = sum(1 for o in game.state.powerhouses.values() if o == seat)
    game.gain_vp(seat, p["vp"] * n, "tiles")
    return
    yield


def _vp_per_advanced_tile(game: Game, seat: int, space: str, p: Toml) -> Flow[None]:
    game.gain_vp(seat, p["vp"] * advanced_tiles_owned(game.state.companies[seat]), "tiles")
    return
    yield


def energy_for_hand_contract(game: Game, seat: int, energy: int) -> Flow[None]:
    """Energy that is not a production: it moves the marker and may fulfil one contract from the hand."""
    game.state.companies[seat].energy += energy
    game.event(f"{game.name(seat)} produces {energy} energy.", seat, "energy")
    yield from contracts.fulfil(game, seat, energy, production=False)


BUILDS = frozenset({*STRUCTURES, "any", "copy"})  # what a base game's tile builds (another: a module's structure)
EFFECTS: dict[str, Effect] = {
    "drops_in_empty_own_dams": Effect(after_build=_drops_in_empty_own_dams),
    "wheel_per_own_elevation": Effect(after_build=_wheel_per_own_elevation),
    "credits_per_conduit_value": Effect(after_build=_credits_per_conduit_value),
    "build_without_engineers": NO_EFFECT,  # the tile's ``engineer_free`` is all it does
    "no_red_space_fee": Effect(waives_red_fee=True),
    "energy_per_own_base": Effect(after_build=_energy_per_own_base),
    "fill_this_dam": Effect(after_build=_fill_this_dam),
    "machinery_cap": Effect(cost_units=lambda units, p: min(p["units"], units)),
    "production_with_bonus": Effect(after_build=_production_with_bonus),
    "machinery_interchangeable": Effect(interchangeable=True),
    "no_machinery": Effect(cost_units=lambda units, p: 0),  # and ``engineer_free`` (L3 Base)
    "vp_per_raised_dam": Effect(after_build=_vp_per_raised_dam),
    "energy_per_conduit_value": Effect(after_build=_energy_per_conduit_value),
    "vp_per_own_powerhouse": Effect(after_build=_vp_per_own_powerhouse),
    "vp_per_advanced_tile": Effect(after_build=_vp_per_advanced_tile),
    "copy": NO_EFFECT,  # Anton's tile: construction builds with the copied tile's rules instead
    "one_machinery_kind": Effect(one_kind=True),  # a module's tile (the Building tile of level II)
}


@cache
def _effect(tile: str) -> tuple[Effect, Toml]:
    """The effect of a tile id and its figures ("" or a basic tile: none)."""
    if not tile:
        return NO_EFFECT, NO_PARAMS
    info = components().tile(tile)
    if info.builds not in BUILDS:  # a module's structure: its module applies the tile (``Structure.built``),
        return EFFECTS.get(info.effect, NO_EFFECT), info.params  # but for a change of cost known here
    return (EFFECTS[info.effect] if info.effect else NO_EFFECT), info.params


# ---------------------------------------------------------------- cost modifiers

def changes_cost(tile: str) -> bool:
    """Whether building with ``tile`` costs other than with a basic tile."""
    return _effect(tile)[0].changes_cost


def cost_units(tile: str, structure: str, units: int) -> int:
    effect, params = _effect(tile)
    return effect.cost_units(units, params) if effect.cost_units else units


def machinery_interchangeable(tile: str) -> bool:
    return _effect(tile)[0].interchangeable


def waives_red_fee(tile: str) -> bool:
    return _effect(tile)[0].waives_red_fee


def one_machinery_kind(tile: str) -> bool:
    return _effect(tile)[0].one_kind


def tile_rules(game: Game, seat: int, tile: str) -> str:
    """The tile whose cost changes and effect apply: none for an Automa below Hard, which only builds with it."""
    return tile if level(game.state.companies[seat]).advanced_tile_effects else ""


def after_build(game: Game, seat: int, tile: str, structure: str, space: str) -> Flow[None]:
    effect, params = _effect(tile_rules(game, seat, tile))  # an Automa below Hard: no tile effects
    if effect.after_build:
        yield from effect.after_build(game, seat, space, params)


def advanced_tiles_owned(company: CompanyState) -> int:
    comps = components()
    return sum(1 for t in company.tiles + wheel.tiles_on_wheel(company)
               if t in comps.advanced_tiles or comps.china_tiles.get(t, NO_TILE).level > 0
               or comps.module_tiles.get(t, NO_TILE).level > 0)


# ---------------------------------------------------------------- the office

def buy(game: Game, seat: int, slot: int) -> None:
    st = game.state
    tile = st.patent_offer[slot - 1]
    st.patent_offer[slot - 1] = ""
    st.companies[seat].tiles.append(tile)  # its 5 credits were paid with the space
    game.event(f"{game.name(seat)} buys the {components().tile(tile).name} tile.", seat, "patent", (tile,))


def refresh(game: Game) -> None:
    """End of round: unbought tiles leave the game; 3 new ones from pile I, then II, then III."""
    st = game.state
    if st.introductory:
        return
    st.patent_offer = []
    for _ in range(3):
        pile = next((st.patent_piles[lv] for lv in ("1", "2", "3") if st.patent_piles[lv]), None)
        st.patent_offer.append(pile.pop() if pile else "")
