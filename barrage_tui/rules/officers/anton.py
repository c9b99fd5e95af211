"""Anton Krylov: a special tile that copies any Technology tile on his wheel (type and effect).

The special tile goes on the wheel; the copied tile stays where it is. The tile is unusable while it is
itself on the wheel. Construction offers the copies (build_tiles.py asks ``wheel_tile_copier``); his tile is in
his starting supply (officers.toml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Officer

if TYPE_CHECKING:
    from ..state import CompanyState

ANTON_TILE = "anton"


class Anton(Officer):
    id = "anton"

    def wheel_tile_copier(self, company: CompanyState) -> str | None:
        return ANTON_TILE if ANTON_TILE in company.tiles else None  # not while it is on the wheel

    def as_copy(self) -> Officer:
        return ANTON_COPY


class AntonCopy(Anton):
    """Mahiri copying him: she has no special tile, and builds with a copy of a tile on her wheel."""

    def wheel_tile_copier(self, company: CompanyState) -> str | None:
        return ""  # a copy with no tile: nothing goes onto the wheel for it

    def as_copy(self) -> Officer:
        return self


ANTON_COPY = AntonCopy()
