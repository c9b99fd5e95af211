"""A Very Hard Automa's chief engineer: how it uses the ability (automa.md section 10).

The ability itself works through the rules core as for anyone (Wilhelm's cheap Bases, Graziano's big
Dams, Viktor's minimum, Jill's mixers, Solomon's credits, Anton's tile, Simone's contracts, Tommaso's
Architect); this module holds only the Automa's way of deciding with it, read from the structured keys
of data/officers.toml. Mahiri's rule (humans play their first action each round the Automa way) is in
the rules core's flow (automa_step.plays_automa_way).
"""

from __future__ import annotations

from functools import cache

from barrage_tui.rules import automa_step
from barrage_tui.rules.components import components

from .cards import load


@cache
def _rules() -> dict[str, dict]:
    return {o["id"]: o for o in load("officers")["officer"]}


def adaptation(view, key: str, default=None):
    """A structured rule of the seat's officer, for an Automa only (humans decide for themselves)."""
    company = view.company
    if company.kind != automa_step.AUTOMA:
        return default
    return _rules().get(company.officer, {}).get(key, default)


def has(view, officer: str) -> bool:
    return view.company.kind == automa_step.AUTOMA and view.company.officer == officer


def tile_effects(view) -> bool:
    return automa_step.level(view.company).advanced_tile_effects


# ---------------------------------------------------------------- construction

def construction_overrides(view) -> list[str]:
    """Structures tried instead of a construction box, in order (Graziano: an Elevation)."""
    return [s for s in adaptation(view, "construction_override", []) if s in ("base", "elevation", "conduit",
                                                                             "powerhouse")]


def preferred_spaces(view, structure: str, spaces, why: list[str]):
    """Wilhelm: a Base goes to the mountains if it can, else the hills (before any card criterion)."""
    areas = adaptation(view, "base_area_preference") if structure == "base" else None
    for area in areas or ():
        kept = [s for s in spaces if components().map.dams[s].area == area]
        if kept:
            if len(kept) < len(spaces):
                why.append(f"{components().officers[view.company.officer].name}: {area} first")
            return kept
    return spaces


def machines_paid_in_vp(view) -> int:
    """Solomon: at most one missing machine may be paid for (3 VP)."""
    return adaptation(view, "max_machinery_paid_in_vp", 0)


def conduit_with_mixers(view) -> bool:
    """Jill: pays a Conduit with mixers while it has at least as many mixers as Excavators (German text)."""
    return has(view, "jill") and view.company.mixers >= view.company.excavators


# ---------------------------------------------------------------- production and contracts

def single_drop(view, conduit_value: int) -> bool:
    """Viktor: with a conduit of value 1 or 2 it produces with exactly 1 drop."""
    limit = adaptation(view, "single_drop_max_conduit")
    return limit is not None and conduit_value <= limit


def contract_choice(view) -> str:
    """highest (the normal rule) or most_contracts (Simone)."""
    return adaptation(view, "contract_choice", "highest")


def wild_machinery(view) -> str | None:
    """Jill: machinery of its choice is always mixers."""
    return adaptation(view, "wild_machinery_choice")


def uses_architect(view, engineers: int, ends_turn: bool) -> bool:
    """Tommaso: a turn-ending box with exactly 1 Engineer uses the Architect, then another turn follows.

    Decision (UNVERIFIED): "exactly 1 Engineer" is the box's printed count (a 2-Engineer box it can only
    partly pay does not count), and the Bank box counts too - the Automa rule names no exception, unlike
    the human rule (where the Architect on the Bank is a plain Engineer)."""
    return has(view, "tommaso") and ends_turn and engineers == 1 and view.company.architect
