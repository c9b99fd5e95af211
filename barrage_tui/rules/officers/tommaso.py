"""Tommaso Battista (promo): 11 Engineers and 1 Architect.

The Architect placed alone on a space that needs exactly 1 Engineer gives another turn right after
that action. With other Engineers, or on the Bank, it is a plain Engineer. It comes home with the
Engineers at the end of the round (``CompanyState.architect``: while it is in the supply).

Mahiri copying him: one of her plain Engineers acts once as the Architect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import contracts
from ..actions import take_turn
from ..engine import keys
from ..engine.decisions import Choice, Flow
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game
    from ..state import CompanyState

ARCHITECT = "architect"  # the way of placing the Architect alone: ``place:<target>:architect``


def alone(target: str, plain: Choice) -> Choice:
    """The Architect placed alone on ``target``, beside the ``plain`` placement there (worded when read)."""
    return Choice(keys.make("place", target, ARCHITECT),
                  lambda: f"{plain.label}, with the Architect alone (play again after)", plain.refs,
                  short=lambda: f"{plain.short} · Architect alone: play again")


def another_turn(game: Game, seat: int) -> Flow[None]:
    """The Architect's gift, once the space's action is done."""
    game.event(f"{game.name(seat)}'s Architect gives another turn.", seat, "architect")
    contracts.refill(game)
    yield from take_turn(game, seat, extra=True)


class Tommaso(Officer):
    id = "tommaso"

    def placements(self, company: CompanyState, target: str, need: int, offered: list[Choice]) -> list[Choice]:
        if need != 1 or not company.architect:
            return offered
        if not company.engineers:
            return [alone(target, offered[0])]  # his last piece is the Architect: on a 1-Engineer space it stands alone
        return [*offered, alone(target, offered[0])]

    def take_engineers(self, company: CompanyState, n: int, way: str) -> int:
        # placed alone it goes first; otherwise it stands in for the last plain Engineer
        if company.architect and (way == ARCHITECT or n > company.engineers):
            company.architect = False
            return n - 1
        return n

    def placement_grants(self, game: Game, seat: int, need: int, way: str) -> Flow[None] | None:
        return another_turn(game, seat) if way == ARCHITECT and need == 1 else None

    def placement_words(self, way: str) -> str:
        return " (the Architect alone: another turn follows)" if way == ARCHITECT else ""

    def engineers_home(self, company: CompanyState) -> None:
        if not company.architect:  # it came home counted as an Engineer
            company.engineers -= 1
            company.architect = True

    def as_copy(self) -> Officer:
        return TOMMASO_COPY


class TommasoCopy(Tommaso):
    """Mahiri's copy: any one of her Engineers may be placed as the Architect, once."""

    def placements(self, company: CompanyState, target: str, need: int, offered: list[Choice]) -> list[Choice]:
        return [*offered, alone(target, offered[0])] if need == 1 else offered

    def placement_grants(self, game: Game, seat: int, need: int, way: str) -> Flow[None] | None:
        if way == ARCHITECT:
            game.state.companies[seat].copied_officer = ""  # a copied Architect acts once
        return super().placement_grants(game, seat, need, way)

    def as_copy(self) -> Officer:
        return self


TOMMASO_COPY = TommasoCopy()
