"""The ways a company may build with its Technology tiles now (rulebook "Construction"): a tile of its supply
builds its structure type (a Joker any type); an officer's tile may build as a copy of a tile on the wheel
(``Officer.wheel_tile_copier``: Anton's, or Mahiri's copy of him). A construction, its prices and the checks of what can be built all start from these tile uses."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from . import officers, rewards, wheel
from .components import STRUCTURES, components

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class TileUse:
    """A way to build with a tile: the tile taken from the supply, the tile whose rules apply, the type."""

    key: str
    supply_tile: str  # taken from the personal supply ("" for a copy with no tile: Mahiri's of Anton)
    tile: str  # whose building type and effect apply (differs from supply_tile for a copy of a wheel tile)
    structure: str
    to_wheel: tuple[str, ...]

    @property
    def label(self) -> str:
        name = components().tile(self.tile).name
        if self.tile != self.supply_tile:  # a copy of a tile on the wheel (Anton's tile, Mahiri's copy of it)
            name = f"{components().tile(self.supply_tile).name if self.supply_tile else 'copy'} as {name}"
        return f"{name} tile: build {rewards.a(self.structure)}"


def tile_uses(game: Game, seat: int, engineer_free: bool = False) -> list[TileUse]:
    return list(each_tile_use(game, seat, engineer_free))


def each_tile_use(game: Game, seat: int, engineer_free: bool) -> Iterator[TileUse]:
    """``tile_uses`` one by one (a check may stop at the first use that can build)."""
    company = game.state.companies[seat]
    wild: tuple[str, ...] = ()  # the modules' structures a Joker builds too (none without modules)
    for more in game.hooks.wild_structures:
        wild += more(game)
    for officer in officers.in_force(company):
        if (copier := officer.wheel_tile_copier(company)) is not None:  # it builds as one of the wheel's tiles
            on_wheel = tuple(wheel.tiles_on_wheel(company))
            return iter(_supply_uses(tuple(company.tiles), engineer_free, (copier, on_wheel), wild))
    return iter(_supply_uses(tuple(company.tiles), engineer_free, None, wild))


@lru_cache(maxsize=4096)  # (a company's supply changes seldom: its uses are the same at most checks)
def _supply_uses(tiles: tuple[str, ...], engineer_free: bool, copying: tuple[str, tuple[str, ...]] | None,
                 wild: tuple[str, ...] = ()) -> tuple[TileUse, ...]:
    """The uses of a supply of ``tiles``; ``copying``: (the copier, the tiles on the wheel) when a tile of the
    supply builds as one of them (``Officer.wheel_tile_copier``; "" a copy with no tile), None when none does;
    ``wild``: the modules' structures a Joker builds too."""
    comps = components()
    seen: set[str] = set()
    copier, on_wheel = copying if copying is not None else (None, ())
    sources: list[tuple[str, str, tuple[str, ...]]] = [(t, t, (t,)) for t in tiles if t != copier]
    if copier is not None:
        to_wheel: tuple[str, ...] = (copier,) if copier else ()  # the copier goes onto the wheel in its place
        sources += [(copier, t, to_wheel) for t in on_wheel if t != copier]
    found = []
    for supply, tile, to_wheel in sources:
        if engineer_free and not comps.tile(tile).engineer_free:
            continue
        for use in _uses_of(supply, tile, to_wheel, wild):
            if use.key not in seen:
                seen.add(use.key)
                found.append(use)
    return tuple(found)


@cache  # (tiles' data: the same uses at every check)
def _uses_of(supply: str, tile: str, to_wheel: tuple[str, ...], wild: tuple[str, ...] = ()) -> tuple[TileUse, ...]:
    """The uses of ``tile`` taken from the supply as ``supply``: one per type it builds (a Joker: each, and each
    of ``wild``)."""
    builds = components().tile(tile).builds
    types = (*STRUCTURES, *wild) if builds == "any" else (builds,)
    name = tile if supply == tile else f"{supply or 'copy'}>{tile}"
    return tuple(TileUse(f"tile:{name}" + (f":{s}" if builds == "any" else ""), supply, tile, s, to_wheel)
                 for s in types)
