"""The Duel (module ``duel``): the Duel board's three tug-of-war VP tracks for exactly two players.

Its rules are ``rules.py``, its state ``state.py``, what a position of it must be ``check.py``, its facts
``data/duel.toml``. Here it plugs into the base game: its setup, its Check phase after Water Flow, its
final scoring, and the checks of its state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ...engine.decisions import Flow
from ...plugin import Module, modules, register
from ...rounds import CHECK
from ...validation import key_path
from . import check, rules
from .state import DuelState, duel

if TYPE_CHECKING:
    from ...boards import Board
    from ...game import Game
    from ...setup import Setup
    from ...state import GameState


@register
class Duel(Module):
    id = "duel"
    old_fields = {"duel_conditions": "conditions", "duel_markers": "markers", "duel_tiles": "tiles",
                  "duel_contracts_before": "contracts_before", "duel_rows_done": "rows_done",
                  "duel_asking": "asking"}

    def problem(self, setup: Setup, board: Board) -> str | None:
        if all(s.kind == "automa" for s in setup.seats):
            return "the Duel against the Automa is one person against one Automa"
        return None

    def lay_out(self, state: GameState, board: Board, setup: Setup) -> None:
        rules.lay_out(state, modules(setup.options))

    def after_water_flow(self, game: Game) -> Flow[None]:
        yield from rules.check_phase(game)

    def final_scoring(self, game: Game) -> None:
        rules.final_scoring(game)

    def check_state(self, st: GameState, setup: Setup, board: Board, where: str) -> None:
        check.check_state(st, duel(st), setup, partial(key_path, self.path(where)), in_check=st.phase == CHECK)

    def invariants(self, game: Game) -> list[str]:
        return check.invariants(game, duel(game.state), duel(game.origin))

    def describe(self, game: Game, who: Callable[[int], str]) -> list[str]:
        d = duel(game.state)
        rows = ", ".join(f"row {r} {c} marker {m}" for r, (c, m) in enumerate(zip(d.conditions, d.markers), 1))
        return [f"Duel board: {rows}; reward tiles: {', '.join(f'{s} {t}' for s, t in sorted(d.tiles.items())) or '-'}"]


__all__ = ["Duel", "DuelState", "duel"]
