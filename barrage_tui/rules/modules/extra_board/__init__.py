"""The extra action board (module ``extra_board``): the 5-player box's board of more action spaces, played at
five seats (modules.toml). Every effect is ASSUMED (reference leeghwater-5p.md B.3): its facts and the
decisions taken are ``data/action-board.toml``, its spaces ``board.py``.

Decision: a module, not part of the 4-5 player map's board file. The board format is the map's (valleys,
rivers, spaces to build on); this is a piece of the Management board, with action spaces, a state (who took
each this round) and rules of its own, which is what a module is for (``plugin.py``: ``action_spaces``). And
since no rules text says what it does, a table may leave it out: it is switched on like the other modules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...plugin import ActionSpot, Module, register
from ...validation import fail, key_path, one_of
from . import board
from .state import ExtraBoardState, extra_board

if TYPE_CHECKING:
    from ...boards import Board
    from ...game import Game
    from ...setup import Setup
    from ...state import GameState


@register
class ExtraBoard(Module):
    id = "extra_board"

    def lay_out(self, state: GameState, board_: Board, setup: Setup) -> None:
        state.modules[ExtraBoardState.module] = ExtraBoardState()

    def action_spaces(self, game: Game, seat: int) -> Sequence[ActionSpot]:
        return board.spots(game, seat)

    def free_spaces(self, game: Game) -> Sequence[str]:
        return board.free_spaces(game)

    def block_space(self, game: Game, seat: int, space: str) -> str | None:
        return board.block(game, seat, space)

    def round_ends(self, game: Game) -> None:
        board.round_ends(game)

    def check_state(self, st: GameState, setup: Setup, board_: Board, where: str) -> None:
        p = key_path(self.path(where), "occupied")
        ours = {s.id for s in board.box().spaces}
        for space, seat in extra_board(st).occupied.items():
            at = key_path(p, space)
            one_of(at, space, ours, "space of the extra action board")
            if not (isinstance(seat, int) and 0 <= seat < st.seats):
                raise fail(at, f"seat {seat!r}: no such seat")

    def invariants(self, game: Game) -> list[str]:
        on = game.state.engineers_on
        empty = sorted(s for s, seat in extra_board(game.state).occupied.items()
                       if not on.get(s, [0] * game.state.seats)[seat])
        return [f"extra_board: spaces {empty} are taken but hold none of their taker's Engineers"] if empty else []

    def describe(self, game: Game, who: Callable[[int], str]) -> list[str]:
        taken = extra_board(game.state).occupied
        return [f"Extra action board (assumed): {', '.join(f'{s} {who(n)}' for s, n in sorted(taken.items())) or 'free'}"]
