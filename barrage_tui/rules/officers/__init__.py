"""The chief engineers (executive officers): one plug-in module each, and the ones in force for a seat.

A chief engineer is a subclass of ``Officer`` (base.py) in its own module of this package, overriding only
what its ability changes; ``load()`` registers every such class it finds here, so adding one is adding
its module (and its data entries). The rules modules ask ``in_force(company)`` for the abilities that
apply, never an officer's name. The plug-ins may call the rules modules (Gennaro builds, Wu Fang fulfils
a contract), so they are loaded once the rules are (``barrage_tui.rules`` does it), not imported here.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING

from .anton import ANTON_TILE
from .base import Officer

if TYPE_CHECKING:
    from ..state import CompanyState

OFFICERS: dict[str, Officer] = {}  # by id: every chief engineer of the game, filled by load()


def load() -> None:
    """Register every Officer subclass defined in a module of this package."""
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Officer) and vars(value).get("id"):
                OFFICERS[value.id] = value()  # (a copy's variant, e.g. ElonCopy, keeps its parent's id)


def private_space_ref(officer: str, index: int) -> str:
    """The place of the chief engineer's own space ``index`` (0-based): ``wu-1``, ``mahiri-2``."""
    return f"{officer}-{index + 1}"


def private_space(place: str) -> tuple[Officer, int] | None:
    """The chief engineer and the index (0-based) of one of his own spaces, named ``<officer>-<n>``
    (``mahiri-2``, ``wu-1``); None for any other place."""
    officer, _, which = place.rpartition("-")
    own = OFFICERS.get(officer)
    if own is None or not which.isdigit() or not 0 < int(which) <= len(own.private_spaces):
        return None
    return own, int(which) - 1


def in_force(company: CompanyState) -> tuple[Officer, ...]:
    """The officer abilities a company uses now: its own, plus the copy Mahiri is making (for her extra
    action) and the copies that last until the end of the round (Elon, Amir)."""
    own = OFFICERS[company.officer]
    if not company.copied_officer and not company.copied_for_round:
        return (own,)
    copies = [company.copied_officer] if company.copied_officer else []
    copies += [o for o in company.copied_for_round if o not in copies]
    return (own, *(OFFICERS[o].as_copy() for o in copies))


__all__ = ["ANTON_TILE", "OFFICERS", "Officer", "in_force", "load", "private_space"]
