"""Round scoring on the Energy Track, the bonus tiles, the objective tile and final scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import ceil
from typing import TYPE_CHECKING

from . import patents, rewards
from .automa_levels import objective_extra
from .board_features import open_targets
from .company_board import built
from .components import ScoringTile, components
from .engine.decisions import EventKind
from .plugin import module_bonus_tile, module_objective_tile
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

ENERGY_CAP = components().energy_cap  # with the marker's 30 side up it counts as 30 for credits and bonuses
SECTION = components().energy_section  # section r of the track starts at 6r energy


# ---------------------------------------------------------------- round scoring

def placement_awards(energies: dict[int, int]) -> dict[int, int]:
    """First 6 VP, second 2 VP; a tie for first shares 6 + 2 rounded up and nobody is second;
    a tie for second gives each 1 VP. Only companies with at least 1 energy qualify."""
    p = components().placement
    ranked = sorted((e for e in energies.values() if e >= p["requires_energy_at_least"]), reverse=True)
    if not ranked:
        return {}
    top = ranked[0]
    firsts = [s for s, e in energies.items() if e == top]
    if len(firsts) > 1:
        return {s: ceil(p["tie_first_shared_vp"] / len(firsts)) for s in firsts}
    awards = {firsts[0]: p["first_vp"]}
    rest = [e for e in ranked if e < top]
    if rest:
        seconds = [s for s, e in energies.items() if e == rest[0]]
        each = p["second_vp"] if len(seconds) == 1 else p["tie_second_vp_each"]
        awards.update({s: each for s in seconds})
    return awards


def credits_for_energy(energy: int) -> tuple[int, int]:
    """(credits, VP) for the round's energy: 0 energy gives 3 credits and -3 VP."""
    for lo, hi, credits, vp in components().credit_bands:
        if lo <= energy <= hi:
            return credits, vp
    raise ValueError(energy)


def bonus_count(game: Game, seat: int, key: str) -> int:
    company = game.state.companies[seat]
    if key == "contracts":
        return len(company.fulfilled)
    if key == "advanced_tiles":
        return patents.advanced_tiles_owned(company)
    for count in game.hooks.bonus_count:  # a module's key
        if (n := count(game, seat, key)) is not None:
            return n
    structure = {"bases": "base", "elevations": "elevation", "conduits": "conduit", "powerhouses": "powerhouse"}[key]
    return built(company, structure)


def sections_behind(energy: int, round_no: int) -> int:
    """How many track sections the Energy marker is behind the round's own (which starts at 6 x round)."""
    return max(0, ceil((SECTION * round_no - min(energy, ENERGY_CAP)) / SECTION))


def bonus_vp(count: int, vp_each: int, energy: int, round_no: int) -> int:
    """The round's bonus tile: nothing below 6 energy; -4 VP per section behind the round's own."""
    comps = components()
    if min(energy, ENERGY_CAP) < comps.bonus_min_energy:
        return 0
    return max(0, count * vp_each - comps.bonus_malus_per_section * sections_behind(energy, round_no))


def score_round(game: Game) -> list[tuple[int, int, int, int]]:
    """Score the Energy Track at the end of the round. Returns (seat, place VP, credits, bonus VP) rows."""
    st = game.state
    tile = bonus_tile(st.bonus_tiles[st.round - 1])
    energies = {c.seat: c.energy for c in st.companies}
    awards = placement_awards(energies)
    rows = []
    for c in st.companies:
        c.energy_by_round.append(c.energy)
        place = awards.get(c.seat, 0)
        game.gain_vp(c.seat, place, "energy_track")
        credits, vp = credits_for_energy(min(c.energy, ENERGY_CAP))
        game.gain_credits(c.seat, credits)
        game.gain_vp(c.seat, vp, "energy_track")
        bonus = bonus_vp(bonus_count(game, c.seat, tile.key), tile.vp_each, c.energy, st.round)
        game.gain_vp(c.seat, bonus, "bonus_tiles")
        rows.append((c.seat, place, credits, bonus))
        game.event(f"Round {st.round}: {game.name(c.seat)} has {c.energy} energy: {place} VP for the place, "
                   + rewards.count(credits, "credit") + (f", {vp} VP" if vp else "") + f", {bonus} VP from the round's bonus tile.",
                   c.seat, EventKind.ROUND_SCORED,
                   data={"round": st.round, "energy": c.energy, "place_vp": place, "credits": credits,
                         "energy_vp": vp, "bonus_vp": bonus, "bonus_tile": st.bonus_tiles[st.round - 1],
                         "full_bonus_at": SECTION * st.round, "sections_behind": sections_behind(c.energy, st.round),
                         "bonus_minimum": components().bonus_min_energy,
                         "malus_per_section": components().bonus_malus_per_section,
                         "vp": c.vp})  # (its VP once the round is scored: the next round's income comes after)
    return rows


def winners(companies: Sequence[CompanyState]) -> list[int]:
    """The seats that win: the most VP, then the most Energy (ties share the win)."""
    best = max((c.vp, c.energy) for c in companies)
    return [c.seat for c in companies if (c.vp, c.energy) == best]


def bonus_tile(tile_id: int) -> ScoringTile:
    """A bonus tile by id: the base game's, or a module's (``Module.bonus_tile``); KeyError: no such tile."""
    tile = components().bonus_tiles.get(tile_id) or module_bonus_tile(tile_id)
    if tile is None:
        raise KeyError(tile_id)
    return tile


def objective_tile(tile_id: int) -> ScoringTile:
    """An objective tile by id: the base game's, or a module's (``Module.objective_tile``); KeyError: none."""
    tile = components().objective_tiles.get(tile_id) or module_objective_tile(tile_id)
    if tile is None:
        raise KeyError(tile_id)
    return tile


def next_turn_order(previous: list[int], energies: dict[int, int]) -> list[int]:
    """Least energy plays first; tied companies reverse their previous relative order."""
    position = {s: i for i, s in enumerate(previous)}
    return sorted(previous, key=lambda s: (energies[s], -position[s]))


# ---------------------------------------------------------------- the objective tile

def _pieces_by_zone(game: Game, seat: int) -> Counter[int]:
    st, m = game.state, game.board
    zones: Counter[int] = Counter()
    for space, dam in st.dams.items():
        if dam.owner == seat:
            zones[m.dams[space].zone] += dam.height  # the Base and each Elevation are pieces
    for space, owner in st.conduits.items():
        if owner == seat:
            zones[m.conduits[space].zone] += 1  # a conduit counts where it starts
    for space, owner in st.powerhouses.items():
        if owner == seat:
            zones[m.powerhouses[space].zone] += 1
    return zones


def objective_quantity(game: Game, seat: int, key: str) -> int:
    st, m = game.state, game.board
    if key == "red_outlined_spaces":
        return (sum(1 for s, d in st.dams.items() if d.owner == seat and m.dams[s].extra_credits)
                + sum(1 for s, o in st.powerhouses.items() if o == seat and m.powerhouses[s].extra_credits))
    for quantity in game.hooks.objective_quantity:  # a module's key
        if (n := quantity(game, seat, key)) is not None:
            return n
    zones = _pieces_by_zone(game, seat)
    if key in ("most_structures_in_one_area", "fewest_structures_in_one_area"):
        by_area = {a: 0 for a in m.areas}
        for z, n in zones.items():
            by_area[m.zones[z].area] += n
        for more in game.hooks.structures_by_area:  # a module's structures there
            for a, n in more(game, seat).items():
                by_area[a] += n
        return max(by_area.values()) if key.startswith("most") else min(by_area.values())
    if key == "zones_with_1":
        return sum(1 for n in zones.values() if n >= 1)
    if key == "zones_with_3":
        return sum(1 for n in zones.values() if n >= 3)
    if key == "connected_bases":
        my_ph_zones = {m.powerhouses[s].zone for s, o in st.powerhouses.items() if o == seat}
        linked_zones = {m.conduits[s].zone for s, o in st.conduits.items()
                        if o == seat and set(open_targets(game, s)) & my_ph_zones}
        return sum(1 for s, d in st.dams.items() if d.owner == seat and m.dams[s].zone in linked_zones)
    raise KeyError(key)


def rank_awards(quantities: dict[int, int], place_vp: tuple[int, ...]) -> dict[int, int]:
    """Places by quantity; a tied group takes the next places and shares their VP, rounded up."""
    awards: dict[int, int] = {}
    place = 0
    for q in sorted(set(quantities.values()), reverse=True):
        group = [s for s, v in quantities.items() if v == q]
        shared = sum(place_vp[place:place + len(group)])
        for s in group:
            awards[s] = ceil(shared / len(group))
        place += len(group)
    return awards


# ---------------------------------------------------------------- final scoring

def final_scoring(game: Game) -> None:
    st = game.state
    comps = components()
    for module_scoring in game.hooks.final_scoring:
        module_scoring(game)
    tile = objective_tile(st.objective)
    quantities = {c.seat: objective_quantity(game, c.seat, tile.key) for c in st.companies}
    vp_table = game.objective_vp_table()
    awards = rank_awards(quantities, vp_table)
    extras = objective_extra(game, quantities)
    for seat, extra in extras.items():
        awards[seat] = awards.get(seat, 0) + extra
    for c in st.companies:
        game.gain_vp(c.seat, awards.get(c.seat, 0), "objective")
        game.gain_vp(c.seat, (c.credits + c.excavators + c.mixers + c.excamixers) // 5, "resources")
        game.gain_vp(c.seat, sum(d.drops for d in st.dams.values() if d.owner == c.seat), "water")
        game.event(f"{game.name(c.seat)}: {quantities[c.seat]} for the objective ({awards.get(c.seat, 0)} VP); "
                   f"final score {c.vp} VP.", c.seat, EventKind.FINAL_SCORED,
                   data={"objective": quantities[c.seat], "objective_vp": awards.get(c.seat, 0),
                         "automa_extra": extras.get(c.seat, 0)})
    for module_scoring in game.hooks.final_scoring_last:
        module_scoring(game)
    st.winner = winners(st.companies)
