"""Where the Automa builds: the placement procedure of automa.md section 6.

    eligible spaces (restriction already applied by the caller)
    -> officer preference (Very Hard: Wilhelm's areas)                       6.1
    -> Hard: Conduit II prefers value 3+ among the spaces it would build      9.2
    -> Powerhouses: one space per basin (the plain one with the lowest index)  6.3
    -> step 0: spaces that complete a production system                       6.2
    -> the card's three criteria for that structure, in order                 6.3
    -> the location-code walk from the card's start, wrapping round           6.4

``choose(view, structure, spaces, tiles)`` returns the space and the reasons, for the turn's label;
``tiles`` names, for a card box, the tile each space would be built with (boxes/construction.py, which
also applies Joker I's red-outlined space after the choice).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from barrage_tui.rules import Board, NEUTRAL

from . import criteria, officers
from .cards import Criteria
from .geography import OWN, Geography, geo
from .locations import places

if TYPE_CHECKING:
    from .view import View

T = TypeVar("T")

COLUMN = {"base": "dam", "elevation": "dam", "conduit": "conduit", "powerhouse": "powerhouse"}
CRITERIA = {"dam": criteria.DAM, "conduit": criteria.CONDUIT, "powerhouse": criteria.POWERHOUSE}


def choose(view: View, structure: str, spaces: Iterable[str], tiles: Mapping[str, str] | None = None) -> tuple[str, list[str]]:
    spaces = list(spaces)
    if not spaces:
        raise ValueError(f"no eligible space for the {structure}")
    if len(spaces) == 1:
        return spaces[0], ["the only eligible space"]
    why: list[str] = []
    spaces = officers.preferred_spaces(view, structure, spaces, why)
    spaces = conduit_ii(view, structure, spaces, tiles or {}, why)
    if structure == "powerhouse":
        spaces = one_per_basin(geo(view.game), spaces)
    if structure != "elevation" and len(spaces) > 1:
        completing = [s for s in spaces if completes_system(view, structure, s)]
        if completing:
            spaces = completing
            why.append("it completes a production system")
    spaces = apply_criteria(view, COLUMN[structure], spaces, why)
    return walk(view, structure, spaces, why), why


def conduit_ii(view: View, structure: str, spaces: list[str], tiles: Mapping[str, str], why: list[str]) -> list[str]:
    """Conduit II at Hard and above (9.2; a Conduit of value 3+ costs it 5 Excavators): "with several
    possible spaces the Automa builds, if possible, a Conduit of value 3 or more" (German SOLO; English:
    "in case of a tie among eligible positions").

    Decision: a preference on the eligible spaces, before step 0 and the card's criteria - the reading
    "still tied after the criteria" would never act: every card's Conduit column has a value criterion
    (most or second most powerful), so the spaces left after the criteria all have one value. It keeps
    the spaces of value 3+ that it would build with Conduit II (the highest-level tile that can build
    them): a tile's effect is used only when building with it, so a higher tile that builds every space
    leaves the choice to the card."""
    g = geo(view.game)
    if structure != "conduit" or not officers.tile_effects(view):
        return spaces
    kept = [s for s in spaces if g.value(s) >= 3 and tiles.get(s) == "L2_CONDUIT"]
    if kept and len(kept) < len(spaces):
        why.append("Conduit II: a Conduit of value 3 or more")
        return kept
    return spaces


def apply_criteria(view: View, column: str, spaces: list[str], why: list[str]) -> list[str]:
    """The card's three criteria of ``column``, in order; one that keeps nothing is skipped."""
    keys: tuple[str, ...] = getattr(view.criteria, column)
    for key in keys:
        if len(spaces) <= 1:
            break
        kept = CRITERIA[column][key](view, spaces)
        if kept and len(kept) < len(spaces):
            why.append(criteria.NAMES[key])
        if kept:
            spaces = kept
    return spaces


def one_per_basin(g: Geography, spaces: list[str]) -> list[str]:
    """Powerhouse spaces: per basin the plain space with the lowest index (criteria look at basins)."""
    best: dict[int, str] = {}
    for s in sorted(spaces, key=lambda s: _powerhouse_rank(g.board, s)):
        best.setdefault(g.zone(s), s)
    return [s for s in spaces if s in best.values()]


def _powerhouse_rank(board: Board, space: str) -> tuple[bool, int]:
    """Plain before red-outlined, then the board's order of the basin's spaces (the base map's index)."""
    p = board.powerhouses[space]
    return (p.extra_credits > 0, board.zones[p.zone].powerhouse_spaces.index(space))


def completes_system(view: View, structure: str, space: str) -> bool:
    """Step 0 (BGA's test): the new piece is the missing one of an own Powerhouse + a built Conduit + an own
    or neutral Dam (water does not matter)."""
    g = geo(view.game)
    st, seat = view.game.state, view.seat

    def has_source(basin: int) -> bool:  # an own or neutral Dam
        return any(st.dams[s].owner in (seat, NEUTRAL) for s in g.board.zones[basin].dam_spaces if s in st.dams)

    def own_powerhouse(basin: int) -> bool:
        return OWN in g.powerhouse_relations(st, basin, seat)

    if structure == "base":
        return any(c in st.conduits and own_powerhouse(g.delivers_to(c)) for c in g.conduits_from(g.zone(space)))
    if structure == "conduit":
        return has_source(g.zone(space)) and own_powerhouse(g.delivers_to(space))
    if structure == "powerhouse":
        return any(c in st.conduits and has_source(g.zone(c)) for c in g.conduits_into(g.zone(space)))
    return False


# ---------------------------------------------------------------- the location-code walk (6.4)

def walk(view: View, structure: str, spaces: Iterable[str], why: list[str] | None = None) -> str:
    """The first of ``spaces`` met walking the map from the card's location code, wrapping round."""
    spaces = set(spaces)
    if len(spaces) == 1:
        return next(iter(spaces))
    order = walk_order(view.criteria, structure, view.game.board)
    space = next((s for s in order if s in spaces), min(spaces))
    if why is not None:
        why.append(f"location walk from {_start_label(view.criteria, structure, view.game.board)}")
    return space


@cache
def walk_order(card_criteria: Criteria, structure: str, m: Board) -> tuple[str, ...]:
    """The spaces in the walk's order from the card's location code, wrapping round (6.4): the board's valleys
    in its walk's order (locations.places: on the 4-5 player map each row's X valley after the row's last
    numbered one), the code naming a valley by its printed label; a conduit's code adds A (the valley's
    first conduit space, the left one) or B (its second)."""
    p = places(m)
    if structure in ("base", "elevation"):
        valleys = _rotate([z for z in p.valleys if m.zones[z].dam_spaces], p.valley(card_criteria.dam_start))
        # inside a basin the plain (lower) space comes before the red-outlined one
        return tuple(s for z in valleys for s in sorted(m.zones[z].dam_spaces, key=lambda s: m.dams[s].upper))
    if structure == "conduit":
        code = card_criteria.conduit_start  # e.g. "10B"
        valley, side = p.valley(code[:-1]), "AB".index(code[-1])
        sides = m.zones[valley].conduits if valley is not None else ()
        start = sides[side] if side < len(sides) else None
        return tuple(_rotate([c for z in p.valleys for c in m.zones[z].conduits], start))
    valleys = _rotate([z for z in p.valleys if m.zones[z].powerhouse_spaces],
                      p.valley(card_criteria.powerhouse_start))
    return tuple(s for z in valleys
                 for s in sorted(m.zones[z].powerhouse_spaces, key=lambda s: _powerhouse_rank(m, s)))


def _rotate(items: list[T], start: object) -> list[T]:
    """``items`` from ``start``, wrapping round; from the first where ``start`` is none of them."""
    i = items.index(start) if start in items else 0
    return items[i:] + items[:i]


def _start_label(card_criteria: Criteria, structure: str, board: Board) -> str:
    """The card's code, and the valley it names where that has another number (the 4-5 player map)."""
    if structure in ("base", "elevation"):
        code, label = str(card_criteria.dam_start), f"basin {card_criteria.dam_start}"
    elif structure == "conduit":
        code, label = card_criteria.conduit_start[:-1], card_criteria.conduit_start
    else:
        code, label = str(card_criteria.powerhouse_start), f"basin {card_criteria.powerhouse_start}"
    valley = places(board).valley(code)
    return label if valley is None or str(valley) == code else f"{label} (valley {valley})"


def rank_conduits(view: View, conduits: Iterable[str]) -> str:
    """The production tie-break among systems: the Conduit criteria, then the Conduit location walk."""
    spaces = apply_criteria(view, "conduit", list(conduits), [])
    return walk(view, "conduit", spaces)

