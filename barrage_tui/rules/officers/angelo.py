"""Angelo Alberti (the expansion rulebook, Appendix 8; only with the Geological Factor, never an Automa's).

Twice a round he may pay a Geological token's extra or replacement cost with 1 Engineer instead, placing
it on his own space; the action he takes still needs its own Engineers. It is offered as a way to pay in
the payment of every build the token's cost falls on (build_costs.py), so it goes with a construction,
an engineer-free tile's build and an effect's free build alike.

Mahiri copying him: for the extra action of her copy she may bypass one token's cost without placing any
Engineer beyond the one on her own space (the copy ends once it is used).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import put_engineers
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game

SPACE = "angelo-1"  # his space: the Engineers on it this round are the times he used it
USES_PER_ROUND = 2


class Angelo(Officer):
    id = "angelo"

    def token_waiver(self, game: Game, seat: int) -> int | None:
        used = game.state.engineers_on.get(SPACE, [0] * game.state.seats)[seat]
        return 1 if used < USES_PER_ROUND else None

    def waive_token_cost(self, game: Game, seat: int) -> None:
        put_engineers(game, seat, SPACE, 1, ending=" to pay a Geological token's cost.")

    def as_copy(self) -> Officer:
        return AngeloCopy()


class AngeloCopy(Angelo):
    """Mahiri's copy: one token's cost bypassed, with no Engineer."""

    def token_waiver(self, game: Game, seat: int) -> int | None:
        return 0

    def waive_token_cost(self, game: Game, seat: int) -> None:
        game.state.companies[seat].copied_officer = ""  # one token: the copy is used up
