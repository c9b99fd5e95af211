"""The Construction box (automa.md 5.4): column 2, ends the turn.

Possible only if it still has the piece, a tile that builds it, and a legal space (the box's restriction
applied: Base in the hills / mountains, Conduit of value 3+ / 4+) that it can pay for with its machinery.
Then, in the order of 5.4: the space first - among the spaces some tile of its can pay for (the tiles'
and officers' cost changes applied where the level uses them), with the placement procedure
(placement.py; the only one if there is one) - then the tile: the highest-level tile that can build that
space, a specific tile before a Joker; Anton's copy only when nothing else can build. The payment: the
structure's own machinery; Jill's mixers, Solomon's one missing machine for 3 VP; Elon's Excamixers only
for what Excavators and mixers cannot pay. The board column: the leftmost (Brazil: see ``choice``). Engineers: the box's count on its own board - none with an
engineer-free tile at Hard and above; Gennardo Grasso's first construction of a round one fewer, on his
space. Graziano, Wu Fang: another structure instead of the box's, if they can (officers.py);
Margot Fouche a Private Building, Leslie Spencer an External Work with her tile (1 Engineer each).

The Private Building box (The Leeghwater Project, 5.4.1): 1 Engineer; the rows searched from the bottom up or
the top down, the first building it has not built and can pay (its printed machinery; Building II at Hard and
above: the one kind it has fewer of, Excavators on a tie, 9.2), on that building's first free space, the plain
ones first (a red one: 3 VP). The rules close its first action space for everyone (the Automa never uses it)
and give Building I's and III's VP at once where its level uses tile effects.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from barrage_tui.rules import (
    ANTON_TILE, STRUCTURE_NAMES, STRUCTURES, Payment, TileUse, a_structure, board_rules, conduit_value, cost_class, facts,
    free_columns, leeghwater_of, legal_spaces, make_key, payments, private_building_space, tile_uses,
)

from .. import officers, placement
from . import external_works

if TYPE_CHECKING:
    from barrage_tui.rules import Game

    from ..cards import Box
    from ..context import Context
    from ..view import View

BUILDING = "building"  # a Private Building (The Leeghwater Project): the structure its boxes build
NORMAL_MACHINERY = {"base": "excavators", "conduit": "excavators", "elevation": "mixers", "powerhouse": "mixers"}


@dataclass(frozen=True)
class Build:
    use: TileUse
    space: str
    payment: Payment
    why: tuple[str, ...]
    column: int = 0  # the board column the piece comes from (0: the row's leftmost)


def tile_order(view: View, structure: str) -> list[TileUse]:
    """Its tiles for this structure, best first: highest level, a specific tile before a Joker; Anton's
    special tile last, copying the highest-level tile on its wheel."""
    # Decision (the China Challenge; the Automa rules know no landscapes): the Automa never builds a
    # landscape. Its cards name the base structures only, so a Landscape tile use is never among these, and
    # the rules offer an Automa no landscape space (rules/modules/china/data.py ``why_not``); nor does it get a
    # Landscape tile at setup (rules/modules/china/setup.py). What a built landscape opens it uses like any space.
    tiles = facts()

    def rank(use: TileUse) -> tuple[bool, int, bool]:
        info = tiles.tile(use.tile)
        return (use.supply_tile == ANTON_TILE, -info.level, info.builds == "any")

    uses = [u for u in tile_uses(view.game, view.seat) if u.structure == structure]
    return sorted(uses, key=rank)


def payment(view: View, use: TileUse, space: str, spare: int | None = None) -> Payment | None:
    found = choice(view, use, space, spare)
    return found[1] if found else None


def choice(view: View, use: TileUse, space: str, spare: int | None = None) -> tuple[int, Payment] | None:
    """The board column and the payment of a build, or None when it cannot be paid.

    Decision: a row taken in any order (Brazil) is taken from the leftmost column whose lost machinery
    (columns 3-5, for good) it can pay on top of the wheel's cost: it builds left to right like every
    Automa, passing a column only while it cannot pay that column's loss; with none it cannot build (the
    box's usual "not enough machinery").
    Decision (China, no Automa rule exists): its Powerhouse piece is likewise the leftmost it can pay for -
    the cheapest, so it builds the 2-, 3-, 4- and 5-Mixer pieces in the order and at the costs of the base
    game's rising Powerhouse cost, passing a piece only while it lacks the Mixers."""
    columns = free_columns(view.company, use.structure) if use.structure in STRUCTURES else [0]  # a building: none
    for column in columns:
        if (pay := _payment(view, use, space, column, spare)) is not None:
            return column, pay
    return None


def _payment(view: View, use: TileUse, space: str, column: int, spare: int | None) -> Payment | None:
    """Decision (the Geological Factor, not in the Automa rules): it pays a token's cost as it pays any
    cost - credits in VP, its machinery, its Engineers - and skips a space whose cost it cannot pay
    (``spare``: the Engineers it keeps after the box's; None: all it has)."""
    pays = payments(view.game, view.seat, use, space, view.game.spendable_credits(view.seat), column)
    limit = 3 * officers.machines_paid_in_vp(view)
    pays = [p for p in pays if p.credits <= limit and (spare is None or p.engineers <= spare)]
    if not pays:
        return None
    if use.structure == "conduit" and officers.conduit_with_mixers(view):
        pays = [p for p in pays if not p.excavators] or pays
    normal = NORMAL_MACHINERY.get(use.structure) or fewer_kind(view)  # its own kind first, Excamixers last
    if use.structure == "elevation":  # the company board's kind (Japan: Excavators)
        normal = board_rules(view.company).elevation_resource
    return min(pays, key=lambda p: (p.credits, getattr(p, "excamixers", 0), -getattr(p, normal), p.key))


def fewer_kind(view: View) -> str:
    """A Private Building's machinery: with the Building tile of level II (one kind only, Hard and above) it pays
    with the kind it has fewer of, Excavators on a tie (automa.md 9.2); printed costs offer one way anyway."""
    return "excavators" if view.company.excavators <= view.company.mixers else "mixers"


def restricted(game: Game, structure: str, spaces: Iterable[str], area: str = "", min_value: int = 0) -> list[str]:
    """The box's restriction; a Conduit's value is its value in play (a Geological token's +1 counts).
    Decision (China): an empty space's value has no owner's +1, so an Automa as China reads the cards'
    "Conduit of value 3+ / 4+" off the space, like every company."""
    m = game.board
    if area:
        spaces = [s for s in spaces if m.dams[s].area == area]
    if min_value:
        spaces = [s for s in spaces if conduit_value(game, s) >= min_value]
    return list(spaces)


def options(view: View, structure: str, spaces: Iterable[str], spare: int | None = None,
            first: bool = False) -> dict[str, tuple[TileUse, Payment]]:
    """The spaces it can build on, each with the tile it would build it with - the first of ``tile_order``
    that can pay for it - and the payment.

    Decision: Anton's copy is a tier of its own (automa.md 10: used "only when no basic/advanced tile ...
    in its supply can build the structure"): the spaces only his copy can pay for are candidates only when
    no tile of its supply can build on any space. ``first``: only the first space of ``spaces`` it can build on
    (a Private Building's search: the spaces in its order)."""
    uses = tile_order(view, structure)
    anton = [u for u in uses if u.supply_tile == ANTON_TILE]
    classes = {u.key: cost_class(view.game, view.seat, u) for u in uses}
    priced: dict[tuple[str, object], Payment | None] = {}  # (use, cost class) -> payment: spaces alike priced once

    def pay_for(use: TileUse, space: str) -> Payment | None:
        alike = (use.key, classes[use.key](space))
        if alike not in priced:
            priced[alike] = payment(view, use, space, spare)
        return priced[alike]

    for tier in ([u for u in uses if u not in anton], anton):
        found = {}
        for space in spaces:
            for use in tier:
                if (pay := pay_for(use, space)) is not None:
                    found[space] = (use, pay)
                    break
            if found and first:
                break
        if found:
            return found
    return {}


def raise_first(view: View, structure: str, spaces: Iterable[str]) -> list[str]:
    """Decision (Japan, whose Elevation may stand on an empty dam space; no Automa rule exists for it): an
    Automa's Elevation raises one of its dams when it has one to raise, as the cards mean it; only when it
    has none it can pay for does it build an Elevation without a Base, placed by the card's Dam criteria
    like a Base."""
    if structure != "elevation":
        return list(spaces)
    raising = [s for s in spaces if s in view.game.state.dams]
    return raising or list(spaces)


def joker_i(view: View, structure: str, space: str, use: TileUse, candidates: Container[str],
            spare: int | None = None) -> tuple[str, Payment] | None:
    """Joker I at Hard and above (9.2): a Base built with it takes the red-outlined space of the basin the
    placement procedure chose, if that space is free (Joker I waives its fee): that space and the payment.

    Decision: the tile stays Joker I on the red-outlined space - the move is that tile's effect - even if
    a higher tile could pay there."""
    if structure != "base" or use.tile != "L1_JOKER" or not officers.tile_effects(view):
        return None
    m = view.game.board
    red = next((s for s in m.zones[m.dams[space].zone].dam_spaces if m.dams[s].upper), None)
    if red is None or red not in candidates or red == space or (pay := payment(view, use, red, spare)) is None:
        return None
    return red, pay


def plan(view: View, structure: str, area: str = "", min_value: int = 0, spare: int | None = None,
         search: str = "") -> Build | str:
    """What it would build, or why it cannot (``spare``: see ``payment``; ``search``: a Private Building's)."""
    name = STRUCTURE_NAMES[structure]
    if view.company.pieces.get(structure, 1) <= 0:  # (a building's pieces: its rules' spaces say)
        return f"no {name} left on its board"
    if not tile_order(view, structure):
        return f"no tile that builds {a_structure(structure)}"
    spaces = restricted(view.game, structure, legal_spaces(view.game, view.seat, structure), area,
                        min_value)
    if not spaces:
        return f"no free space for {a_structure(structure)}" + (" there" if area or min_value else "")
    if structure == BUILDING:  # the first it can pay for, in the search's order (5.4.1)
        found = options(view, structure, search_order(view, spaces, search), spare, first=True)
    else:
        found = options(view, structure, spaces, spare)
    if not found:
        return f"not enough machinery for {a_structure(structure)}"
    found = {s: found[s] for s in raise_first(view, structure, found)}
    tiles = {s: use.tile for s, (use, _) in found.items()}
    if structure == BUILDING:
        space, why = next(iter(found)), [searched(view, next(iter(found)), search)]
    else:
        space, why = placement.choose(view, structure, list(found), tiles)
    use, pay = found[space]
    if moved := joker_i(view, structure, space, use, found, spare):
        space, pay = moved
        why.append("Joker I: the red-outlined space of that basin")
    column, pay = choice(view, use, space, spare) or (0, pay)
    return Build(use, space, pay, tuple(why), column)


def search_order(view: View, spaces: Iterable[str], search: str) -> list[str]:
    """A Private Building's spaces in the order of its search (5.4.1): the building rows from the bottom up
    (``up``) or from the top down, and inside a building its first free space first (the plain ones: the lower
    numbers). The first it can pay for is built: the first building it has not built and can pay for."""
    own = leeghwater_of(view.game.state)
    assert own is not None  # (a building space exists only with the module)
    rows = list(reversed(own.rows)) if search == officers.UP else list(own.rows)
    parts = {s: private_building_space(s) for s in spaces}
    return sorted(parts, key=lambda s: (rows.index(parts[s][0].id), parts[s][1]))


def searched(view: View, space: str, search: str) -> str:
    """Why there, in words."""
    own = leeghwater_of(view.game.state)
    assert own is not None
    building, n = private_building_space(space)
    direction = "from the bottom row up" if search == officers.UP else "from the top row down"
    return f"searching the buildings {direction}: the {building.name} (row {own.rows.index(building.id) + 1}), " \
           f"building space {n}"


def engineers(view: Context, box: Box, build: Build, printed: int | None = None) -> int:
    """The box's count (``printed``: an override's); an Automa at Hard and above places none with an
    engineer-free tile (9.2)."""
    free = facts().tile(build.use.tile).engineer_free
    return 0 if free and view.is_automa and officers.tile_effects(view) else \
        box.engineers if printed is None else printed


def carry_out(ctx: Context, box: Box, build: Build, heading: str, printed: int | None = None) -> None:
    n = engineers(ctx, box, build, printed)
    saved = officers.construction_discount(ctx) if n else 0
    if saved and n > saved:  # Gennardo Grasso: the Engineer it does use stands on his space as the reminder
        ctx.place_at(officers.officer_space(ctx), n - saved, box.ends_turn)
        heading += f" (Gennardo Grasso: first construction of the round, {saved} Engineer fewer)"
    elif saved:  # none left to place: a Credit from the general supply is the reminder
        ctx.do(f"reminder:{officers.officer_space(ctx)}")
        heading += " (Gennardo Grasso: first construction of the round, no Engineer; a Credit as the reminder)"
    else:
        ctx.place("company", n, box.ends_turn)
    column = make_key("column", build.column)  # Brazil's column; China's Powerhouse piece
    ctx.do("build", build_tile=build.use.key, build_column=column, powerhouse_piece=column,
           build_space=f"space:{build.space}", payment=build.payment.key)
    why = ctx.because = "; ".join(build.why)
    ctx.note(f"{heading}: built on {build.space} with the {facts().tile(build.use.tile).name} tile, paying "
             f"{build.payment.label}" + (f" ({why})" if why else ""))


def try_box(ctx: Context, box: Box) -> str | None:
    spare = max(0, ctx.engineers_left() - box.engineers)  # for a Geological token's Engineers
    for override in officers.construction_overrides(ctx):  # Graziano: an Elevation instead, if it can
        if override == officers.LESLIE_WORK:
            if external_works.special_tile_work(ctx, box):
                return None
            continue
        build = plan(ctx, override, spare=spare, search=officers.building_search(ctx))
        if isinstance(build, Build):
            assumed = "; the search by the criteria card's conduit letter: assumed" if override == BUILDING else ""
            carry_out(ctx, box, build, f"{box.name} -> {STRUCTURE_NAMES[override]} instead (chief engineer{assumed})",
                      officers.override_engineers(ctx, box.engineers))
            return None
    build = plan(ctx, box.structure, box.area, box.min_conduit_value, spare, box.building_search)
    if isinstance(build, str):
        return build
    carry_out(ctx, box, build, box.name)
    return None
