"""Leslie Spencer (The Leeghwater Project): when her company takes an External Work, its machinery may go onto
the construction wheel with her special tile (the wheel turns 1) instead of being spent: both come back when
the segment comes round. Not while the tile is on the wheel. Mahiri's copy of her needs no tile.

The External Works are the module's: it asks ``spent_machinery_to_wheel`` of the officers in force
(rules/modules/leeghwater/works.py). Without the module she is never dealt (officers.toml ``requires``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Officer

if TYPE_CHECKING:
    from ..state import CompanyState

LESLIE_TILE = "leslie"  # her special tile (officers.toml: her starting supply's)


class Leslie(Officer):
    id = "leslie"

    def spent_machinery_to_wheel(self, company: CompanyState) -> list[str] | None:
        return [LESLIE_TILE] if LESLIE_TILE in company.tiles else None  # not while it is on the wheel

    def as_copy(self) -> Officer:
        return LESLIE_COPY


class LeslieCopy(Leslie):
    """Mahiri copying her: the machinery may go onto her wheel with no tile."""

    def spent_machinery_to_wheel(self, company: CompanyState) -> list[str] | None:
        return []

    def as_copy(self) -> Officer:
        return self


LESLIE_COPY = LeslieCopy()
