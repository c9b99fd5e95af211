"""The chief engineers (executive officers), one module each, and the ones in force for a seat."""

from __future__ import annotations

from .anton import ANTON_TILE, Anton
from .base import Officer
from .graziano import Graziano
from .jill import Jill
from .mahiri import Mahiri
from .simone import Simone
from .solomon import Solomon
from .tommaso import Tommaso
from .viktor import Viktor
from .wilhelm import Wilhelm

OFFICERS: dict[str, Officer] = {o.id: o for o in (Wilhelm(), Graziano(), Viktor(), Jill(), Solomon(),
                                                  Anton(), Mahiri(), Simone(), Tommaso())}


def in_force(company) -> tuple[Officer, ...]:
    """The officer abilities a company uses now: its own, plus a copy Mahiri is making."""
    own = OFFICERS[company.officer]
    if company.copied_officer:
        return own, OFFICERS[company.copied_officer]
    return (own,)


__all__ = ["ANTON_TILE", "OFFICERS", "Officer", "in_force"]
