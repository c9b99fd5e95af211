"""The chief engineers (executive officers), one module each, and the ones in force for a seat."""

from __future__ import annotations

from .amir import Amir
from .anton import ANTON_TILE, Anton
from .base import Officer
from .elon import Elon
from .franz import Franz
from .gennaro import Gennaro
from .graziano import Graziano
from .jill import Jill
from .mahiri import Mahiri
from .none import NoOfficer
from .octavius import Octavius
from .simone import Simone
from .solomon import Solomon
from .tommaso import Tommaso
from .viktor import Viktor
from .wilhelm import Wilhelm
from .wu import Wu

OFFICERS: dict[str, Officer] = {o.id: o for o in (Wilhelm(), Graziano(), Viktor(), Jill(), Solomon(),
                                                  Anton(), Mahiri(), Simone(), Tommaso(), NoOfficer(),
                                                  Elon(), Wu(), Octavius(), Gennaro(), Amir(), Franz())}


def in_force(company) -> tuple[Officer, ...]:
    """The officer abilities a company uses now: its own, plus the copy Mahiri is making (for her extra
    action) and the copies that last until the end of the round (Elon, Amir)."""
    own = OFFICERS[company.officer]
    if not company.copied_officer and not company.copied_for_round:
        return (own,)
    copies = [company.copied_officer] if company.copied_officer else []
    copies += [o for o in company.copied_for_round if o not in copies]
    return (own, *(OFFICERS[o].as_copy() for o in copies))


__all__ = ["ANTON_TILE", "OFFICERS", "Officer", "in_force"]
