"""A Very Hard Automa's chief engineer: how it uses the ability (automa.md section 10).

The ability itself works through the rules core as for anyone (Wilhelm's cheap Bases, Graziano's big
Dams, Viktor's minimum, Jill's mixers, Solomon's credits, Anton's tile, Simone's contracts, Tommaso's
Architect, and the expansion box's six); this module holds only the Automa's way of deciding with it,
read from the structured keys of data/officers.toml. Mahiri's rule (humans play their first action each
round the Automa way) is in the rules core's flow (automa_turns.plays_automa_way).

The expansion box's chief engineers (seed 002 Appendix 8 "Automa rules"): Elon Audia spends Excavators
and mixers before Excamixers (boxes/construction.payment); Gennardo Grasso's column order and cheaper
first construction, Dr. Octavius's Base preference, Franz de Lasse's contract and Wu Fang's Base-then-
Elevation override are here; Wu Fang's turn before the card, Amir Zahir's Dam choice and Dr. Octavius's
production from several Dams have a module each (officer_wu, officer_amir, officer_octavius).

The Leeghwater Project's (automa.md 10): Margot Fouche never uses her space; at a construction box she
activates a Private Building instead if she can, for 1 Engineer, searching the rows in the direction her
criteria card's conduit letter gives (``building_search``); Leslie Spencer, while her special tile is in its
supply, takes an External Work instead, for 1 Engineer, machinery and tile onto the wheel, in the order of the
last flipped card with an External Works box (``work_order``; boxes/external_works.py). Both helpers are SOLO's,
not printed: data (data/officers.toml), marked ASSUMED there.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from barrage_tui.rules import AUTOMA, ENERGY_SECTION, OFFICERS, facts, level

from . import criteria
from .cards import cards, load

if TYPE_CHECKING:
    from .view import View

COLUMNS = (1, 2, 3)


@cache
def _rules() -> dict[str, dict[str, Any]]:
    return {o["id"]: o for o in load("officers")["officer"]}


def adaptation(view: View, key: str, default: Any = None) -> Any:
    """A structured rule of the seat's officer, for an Automa only (humans decide for themselves)."""
    company = view.company
    if company.kind != AUTOMA:
        return default
    return _rules().get(company.officer, {}).get(key, default)


def has(view: View, officer: str) -> bool:
    return view.company.kind == AUTOMA and view.company.officer == officer


def tile_effects(view: View) -> bool:
    return level(view.company).advanced_tile_effects


# ---------------------------------------------------------------- construction

def column_order(view: View) -> tuple[int, ...]:
    """The order in which the action side's columns are read: 1, 2, 3; Gennardo Grasso: 2, 1, 3."""
    return tuple(adaptation(view, "column_order", COLUMNS))


def officer_space(view: View) -> str:
    """Its chief engineer's (first) space, as the rules core names it: ``wu-1``, ``gennaro-1``."""
    return f"{view.company.officer}-1"


def construction_discount(view: View) -> int:
    """Gennardo Grasso: the first construction of each round costs 1 Engineer fewer; the Engineer it does
    use goes on his space as the reminder, so the discount is spent while an Engineer stands there.

    Decision (UNVERIFIED): "place the worker used, as a reminder, on the special action space" is read as:
    the construction's remaining Engineer stands on his space instead of the company board (a printed
    2-Engineer box then places 1 there). A construction that places no Engineer (an engineer-free tile at
    Hard and above) leaves no reminder and does not spend the discount. A 1-Engineer construction (the
    Private Building box) costs none, and a Credit from the general supply goes on his space as the reminder
    (seed 002: "When building a private building tile, place 1 Hydro on the special action space")."""
    saved = adaptation(view, "first_construction_engineer_discount", 0)
    return 0 if view.company.private_spaces_used[0] else saved


LESLIE_WORK = "external_work_with_special_tile"  # Leslie's override: an External Work, not a structure
OVERRIDES = ("base", "elevation", "conduit", "powerhouse", "building", LESLIE_WORK)
UP, DOWN = "up", "down"


def construction_overrides(view: View) -> list[str]:
    """What is tried instead of a construction box, in order (Graziano: an Elevation; Wu Fang: a Base, else an
    Elevation - "if it has the correct technology tile and the required machinery"; Margot: a Private
    Building; Leslie: an External Work with her special tile)."""
    return [s for s in adaptation(view, "construction_override", []) if s in OVERRIDES]


def override_engineers(view: View, printed: int) -> int:
    """The Engineers an override places: Margot's and Leslie's 1 (automa.md 10); the others the printed box's
    (Decision, UNVERIFIED: automa.md 13)."""
    n: int = adaptation(view, "override_engineers", printed)
    return n


def building_search(view: View, printed: str = "") -> str:
    """The Private Building search direction (5.4.1): the box's arrow; for Margot's override, which has no
    arrow, the criteria card's conduit letter (A up, B down: ASSUMED, SOLO's helper; data)."""
    by_letter = adaptation(view, "building_search_by_conduit_letter")
    if printed or not by_letter:
        return printed or DOWN
    found: str = by_letter.get(view.criteria.conduit_start[-1], DOWN)
    return found


def special_work_tile(view: View) -> str | None:
    """Leslie: her special tile while it is in its supply (not on the wheel), else None."""
    own = OFFICERS.get(view.company.officer)
    tiles = own.spent_machinery_to_wheel(view.company) if own is not None else None
    return tiles[0] if tiles else None


def work_order(view: View) -> tuple[int, ...]:
    """Leslie's override: the External Works order printed on the most recently flipped card that has an
    External Works box, the discard pile from the top, then the draw pile (ASSUMED: SOLO's helper; data)."""
    fallback = tuple(adaptation(view, "external_work_order_fallback", (1, 2, 3)))
    if adaptation(view, "external_work_order") != "last_flipped_card_with_external_works":
        return fallback
    st = view.game.state
    for card in (*reversed(st.automa_discard), *reversed(st.automa_draw)):
        for box in cards()[card].actions:
            if box.kind == "external_work":
                return box.order
    return fallback


def preferred_spaces(view: View, structure: str, spaces: list[str], why: list[str]) -> list[str]:
    """Before any card criterion (automa.md 6.1). Wilhelm: a Base goes to the mountains if it can, else the
    hills. Dr. Octavius: a Base space linked to one of its own Powerhouses through a Conduit space, built
    or not (the card criterion ``owned_powerhouse``, applied first; kept only if some space meets it)."""
    first = adaptation(view, "base_criterion_first") if structure == "base" else None
    if first:
        kept = criteria.DAM[first](view, spaces)
        if kept and len(kept) < len(spaces):
            why.append(f"{facts().officers[view.company.officer].name}: {criteria.NAMES[first]}")
        spaces = kept or spaces
    areas = adaptation(view, "base_area_preference") if structure == "base" else None
    for area in areas or ():
        kept = [s for s in spaces if view.game.board.dams[s].area == area]
        if kept:
            if len(kept) < len(spaces):
                why.append(f"{facts().officers[view.company.officer].name}: {area} first")
            return kept
    return spaces


def machines_paid_in_vp(view: View) -> int:
    """Solomon: at most one missing machine may be paid for (3 VP)."""
    paid: int = adaptation(view, "max_machinery_paid_in_vp", 0)
    return paid


def conduit_with_mixers(view: View) -> bool:
    """Jill: pays a Conduit with mixers while it has at least as many mixers as Excavators (German text)."""
    return (adaptation(view, "conduit_with_mixers") == "while_mixers_at_least_excavators"
            and view.company.mixers >= view.company.excavators)


# ---------------------------------------------------------------- production and contracts

def single_drop(view: View, conduit_value: int) -> bool:
    """Viktor: with a conduit of value 1 or 2 it produces with exactly 1 drop."""
    limit = adaptation(view, "single_drop_max_conduit")
    return limit is not None and conduit_value <= limit


def contract_choice(view: View, marker: int | None = None) -> str:
    """highest (the normal rule), most_contracts (Simone) or lowest (Franz de Lasse).

    Franz (S002, followed over SOLO's "always the lowest"): the lowest only "if Automa carries out a
    production action and its Energy marker is not yet in the area of the current round" (6 x round);
    otherwise the normal rule. ``marker``: where the Energy marker stood when the production began.
    Decision (UNVERIFIED): the marker is judged before the production's Energy moves it (with his ability
    the marker moves only after the contract is chosen); without a production (``marker`` None) the normal
    rule applies."""
    choice: str = adaptation(view, "contract_choice", "highest")
    if choice == "lowest" and (marker is None or marker >= ENERGY_SECTION * view.game.state.round):
        return "highest"
    return choice


def wild_machinery(view: View) -> str | None:
    """Jill: machinery of its choice is always mixers."""
    choice: str | None = adaptation(view, "wild_machinery_choice")
    return choice


def uses_architect(view: View, engineers: int, ends_turn: bool) -> bool:
    """Tommaso: a turn-ending box with exactly 1 Engineer uses the Architect, then another turn follows.

    Decision (UNVERIFIED): "exactly 1 Engineer" is the box's printed count (a 2-Engineer box it can only
    partly pay does not count), and the Bank box counts too - the Automa rule names no exception, unlike
    the human rule (where the Architect on the Bank is a plain Engineer)."""
    return (adaptation(view, "architect_on_one_engineer_box", False) and ends_turn and engineers == 1
            and view.company.architect)
