"""The Geological Factor (module ``geological``): a token on most valleys, each making one structure there
cost more and giving an effect.

Its rules are ``rules.py``, its state ``state.py``, what a position of it must be ``check.py``, its facts
``data/geological-tokens.toml``. Here it plugs into the base game: its setup draw, the tokens told when
round 1 begins, their income, their costs and effects in construction and production, and the checks of
its state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ...engine.decisions import Flow
from ...plugin import MapMark, Module, register
from ...validation import key_path
from . import check, rules
from .state import EVENT, GeologicalState, tokens_of

if TYPE_CHECKING:
    from ...boards import Board
    from ...build_costs import ExtraCost
    from ...game import Game
    from ...setup import Setup
    from ...state import GameState


def _own(st: GameState) -> GeologicalState:
    return GeologicalState.laid_out(st)


@register
class Geological(Module):
    id = "geological"
    old_fields = {"geology": "tokens"}

    def lay_out(self, state: GameState, board: Board, setup: Setup) -> None:
        rules.lay_out(state, board)  # after the base game's draws: they stay as they were

    def income(self, game: Game, seat: int) -> Flow[None]:
        yield from rules.income(game, seat)

    def round_begins(self, game: Game) -> None:
        if game.state.round == 1:
            rules.announce(game)  # the tokens laid out at setup

    def build_cost(self, game: Game, seat: int, structure: str, space: str, base_less: bool) -> ExtraCost | None:
        return rules.cost(game, seat, structure, space, base_less)

    def build_cost_zones(self, game: Game, structure: str) -> frozenset[int]:
        return rules.valleys_for(game, structure)

    def replaces_cost(self, game: Game, structure: str) -> bool:
        return rules.replaces_cost(game, structure)

    def after_build(self, game: Game, seat: int, structure: str, space: str, base_less: bool) -> Flow[None]:
        yield from rules.after_build(game, seat, structure, space, base_less)

    def conduit_value(self, game: Game, conduit: str, value: int) -> int:
        t = rules.token_in(game, game.board.conduits[conduit].zone)
        return value + t.conduit_value_bonus if t is not None else value

    def company_board_engineers(self, game: Game, seat: int) -> int:
        return rules.company_board_engineers(game, seat)

    def production_bonus(self, game: Game, powerhouse_zone: int) -> int:
        return rules.production_bonus(game, powerhouse_zone)

    def after_production(self, game: Game, seat: int, powerhouse: str, conduits: list[str]) -> None:
        rules.production_events(game, seat, powerhouse, conduits)

    def conduit_used(self, game: Game, conduit: str, drops: int) -> None:
        rules.conduit_used(game, conduit, drops)

    def fulfils_contracts(self, game: Game, powerhouse_zone: int) -> bool:
        return rules.fulfils_contracts(game, powerhouse_zone)

    def check_state(self, st: GameState, setup: Setup, board: Board, where: str) -> None:
        check.check_state(_own(st), board, partial(key_path, self.path(where)))

    def invariants(self, game: Game) -> list[str]:
        return check.invariants(game, _own(game.state), _own(game.origin))

    def describe(self, game: Game, who: Callable[[int], str]) -> list[str]:
        tokens = sorted(_own(game.state).tokens.items(), key=lambda kv: int(kv[0]))
        return [f"Geological tokens: {', '.join(f'valley {z} token {t}' for z, t in tokens) or '-'}"]

    def map_marks(self, game: Game) -> tuple[MapMark, ...]:
        return rules.map_marks(game)


__all__ = ["EVENT", "Geological", "GeologicalState", "tokens_of"]
