"""The companies' special abilities (in force from the 3rd Powerhouse, Game.ability_active): one plug-in
module each, chosen by the company's ``ability`` in data/companies.toml, with its ``ability_amount``.

A company's ability is a subclass of ``Ability`` (base.py) with the ``id`` of that ``ability``, in its own
module of this package; ``load()`` registers every one it finds, so a new company is its data entry plus,
if its ability is new, one module. The rules modules ask ``ability(game, seat)``, never a company's name.
The same goes for a distinct Powerhouse piece's ability (``PieceAbility``, by the piece's ``ability``):
``piece_ability(game, powerhouse)``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING

from .. import company_board
from ..components import components
from .base import NO_ABILITY, NO_PIECE_ABILITY, Ability, PieceAbility

if TYPE_CHECKING:
    from ..game import Game

ABILITIES: dict[str, Ability] = {}  # by ability id, filled by load()
PIECE_ABILITIES: dict[str, PieceAbility] = {NO_PIECE_ABILITY.id: NO_PIECE_ABILITY}  # by piece ability id


def load() -> None:
    """Register every Ability and PieceAbility subclass defined in a module of this package."""
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and vars(value).get("id"):
                if issubclass(value, Ability):
                    ABILITIES[value.id] = value()
                elif issubclass(value, PieceAbility):
                    PIECE_ABILITIES[value.id] = value()


def ability(game: Game, seat: int) -> Ability:
    """The seat's company ability while it is in force; else one that changes nothing."""
    if not game.ability_active(seat):
        return NO_ABILITY
    return ABILITIES.get(components().companies[game.state.companies[seat].company].ability, NO_ABILITY)


def piece_ability(game: Game, powerhouse: str) -> PieceAbility:
    """The ability of the distinct piece standing on ``powerhouse`` while it works; else one that does nothing."""
    piece = company_board.piece_at(game, powerhouse)
    return NO_PIECE_ABILITY if piece is None else PIECE_ABILITIES[piece.ability]


def amount(game: Game, seat: int) -> int:
    """The number printed with the seat's company ability (Italy's +3, France's -3)."""
    return components().companies[game.state.companies[seat].company].ability_amount


__all__ = ["ABILITIES", "NO_ABILITY", "NO_PIECE_ABILITY", "PIECE_ABILITIES", "Ability", "PieceAbility", "ability",
           "amount", "load", "piece_ability"]
