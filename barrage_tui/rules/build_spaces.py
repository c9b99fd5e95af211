"""Where a piece may be built (rulebook "Construction"): one own dam and one own Powerhouse per valley, no
covered space, a dam no taller than the company's board allows, Japan's Elevations without a Base on an
empty Dam space, a module's own structures (``plugin.Structure``); the red-outline fee a space costs, and a space's label."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from .board_features import covered
from .components import STRUCTURES, CompanyConstruction, components
from .plugin import module_structure
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game


def _own_dams(game: Game, seat: int) -> list[str]:
    return [s for s, d in game.state.dams.items() if d.owner == seat]


def _own_powerhouses(game: Game, seat: int) -> list[str]:
    return [s for s, o in game.state.powerhouses.items() if o == seat]


def board_rules(company: CompanyState) -> CompanyConstruction:
    """What the company's board changes in construction (Japan's Elevations), all game long."""
    return components().companies[company.company].construction


def without_base(game: Game, structure: str, space: str) -> bool:
    """Whether building ``structure`` on ``space`` now is an Elevation without a Base (Japan): a new dam.
    For the Geological tokens: their Base costs are not paid for it, their Elevation costs are."""
    return structure == "elevation" and space not in game.state.dams


def base_less(game: Game, space: str) -> bool:
    """Whether the dam on ``space`` is an Elevation without a Base (Japan): for Base I / Base II and the
    Geological tokens' Base costs it is no Base, for Elevation I's own effect no Elevation."""
    dam = game.state.dams.get(space)
    return dam is not None and not dam.base


def _free_dam_spaces(game: Game, seat: int, areas: Collection[str] | None) -> list[str]:
    """Empty dam spaces in valleys where the company has no dam yet (one own dam per valley)."""
    st, m = game.state, game.board
    my_zones = {m.dams[s].zone for s in _own_dams(game, seat)}
    return _uncovered(game, [s for s, d in m.dams.items() if s not in st.dams and d.zone not in my_zones
                             and (areas is None or d.area in areas)])


def _uncovered(game: Game, spaces: list[str]) -> list[str]:
    """``spaces`` less those under a landscape or a blocking tile (asked once: most boards cover nothing)."""
    if not game.board.landscapes and not game.state.preparation:
        return spaces
    return [s for s in spaces if not covered(game, s)]


def legal_spaces(game: Game, seat: int, structure: str, areas: Collection[str] | None = None,
                 max_production: int | None = None) -> list[str]:
    st, m = game.state, game.board
    company = st.companies[seat]
    if structure not in STRUCTURES:  # a module's structure: its own spaces and requirements
        kind = module_structure(game, structure)
        return kind.spaces(game, seat) if kind is not None else []
    if company.pieces[structure] <= 0:
        return []
    if structure == "base":
        return _free_dam_spaces(game, seat, areas)
    if structure == "elevation":
        rules = board_rules(company)
        # a base-less Elevation is never raised; a dam is never taller than the company's board allows
        spaces = [s for s in _own_dams(game, seat) if st.dams[s].base and st.dams[s].height < rules.max_dam_height]
        return spaces + (_free_dam_spaces(game, seat, areas) if rules.elevation_without_base else [])
    if structure == "conduit":
        return _uncovered(game, [s for s in m.conduits  # a Geological token's +1 counts against an effect's limit
                                 if s not in st.conduits
                                 and (max_production is None or space_value(game, s) <= max_production)])
    my_zones = {m.powerhouses[s].zone for s in _own_powerhouses(game, seat)}
    return _uncovered(game, [s for s, p in m.powerhouses.items() if s not in st.powerhouses and p.zone not in my_zones])


def space_value(game: Game, conduit: str) -> int:
    """A Conduit space's value before its owner's: as printed, changed by the modules (their
    ``conduit_value``: a Geological token's +1)."""
    value = game.board.conduits[conduit].production
    for hook in game.hooks.conduit_value:
        value = hook(game, conduit, value)
    return value


def red_fee(game: Game, structure: str, space: str) -> int:
    return red_fees(game, structure)(space)


def red_fees(game: Game, structure: str) -> Callable[[str], int]:
    """space -> the red outline's fee of building ``structure`` there (for many spaces: what does not depend
    on the space is found once). A Base pays its dam space's, and a module may make a Base there cost more on
    top (``red_surcharge``); an Elevation on an empty Dam space is a new dam (Japan) and pays it too, raising
    a dam never does; a Powerhouse pays its space's; a module's structure its spaces' (``red_surcharge``);
    conduit spaces are never red."""
    m, surcharges = game.board, game.hooks.red_surcharge
    if structure == "base":
        if not surcharges:
            return lambda space: m.dams[space].extra_credits
        return lambda space: m.dams[space].extra_credits + sum(s(game, structure, space) for s in surcharges)
    if structure == "elevation":
        dams = game.state.dams
        return lambda space: 0 if space in dams else m.dams[space].extra_credits
    if structure == "powerhouse":
        return lambda space: m.powerhouses[space].extra_credits
    if structure not in STRUCTURES:
        return lambda space: sum(s(game, structure, space) for s in surcharges)
    return _no_fee


def _no_fee(space: str) -> int:
    return 0


def fee_for(game: Game, seat: int, structure: str, space: str) -> int:
    """The red-space fee ``seat`` pays to build there: less a module's discount (``red_discount``), never below 0."""
    return fees_for(game, seat, structure)(space)


def fees_for(game: Game, seat: int, structure: str) -> Callable[[str], int]:
    """space -> ``fee_for`` (for many spaces: the seat's discount is found once)."""
    fee_of, less = red_fees(game, structure), red_discount(game, seat)
    if not less:
        return fee_of
    return lambda space: max(0, fee - less) if (fee := fee_of(space)) else 0


def red_discount(game: Game, seat: int) -> int:
    """Credits less ``seat`` pays for a red outline: the modules' (``red_discount``; none without modules)."""
    less = 0
    for discount in game.hooks.red_discount:
        less += discount(game, seat)
    return less


def space_label(game: Game, structure: str, space: str) -> str:
    m = game.board
    if structure not in STRUCTURES:
        kind = module_structure(game, structure)
        assert kind is not None, structure
        return kind.label(game, space)
    fee = red_fee(game, structure, space)
    red = f", red +{fee}" if fee else ""
    if structure == "conduit":
        c = m.conduits[space]
        to = " or ".join(map(str, c.targets))
        return f"{space}: conduit {c.production} from zone {c.zone} ({c.area}) to zone{'s' if len(c.targets) > 1 else ''} {to}"
    if structure == "elevation" and space in game.state.dams:
        d = game.state.dams[space]
        return f"{space}: raise your dam to height {d.height + 1} ({m.dams[space].area})"
    if structure == "elevation":
        return f"{space}: a height-1 dam without a Base, zone {m.zone_of(space)} ({m.area_of(space)}{red})"
    return f"{space}: zone {m.zone_of(space)} ({m.area_of(space)}{red})"
