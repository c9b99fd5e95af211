"""The China Challenge (module ``china``): on a board with landscape spaces (the Yellow River), the landscape
and yield tiles, China's advanced, bonus and objective tiles. (China joining the company pool is data:
companies.toml ``module``; the company's own rules are the base game's, rules/china.py.)

Its setup is ``setup.py``, its facts and what the rules ask of them ``data.py`` (data/landscapes.toml,
yield-tiles.toml, china-challenge.toml), building a landscape and its effects ``rules.py``, its state
``state.py``, what a position of it must be ``check.py``. Here it plugs into the base game. On a board
without landscapes it is not in play (``in_play``): it runs no hook and keeps no state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from ...components import ScoringTile
from ...plugin import CostParts, MapMark, Module, Structure, hooks_for, register
from ...validation import key_path
from . import check, data, rules
from . import setup as china_setup
from .state import OLD_FIELDS, ChinaState, china, china_of

if TYPE_CHECKING:
    from ...boards import Board
    from ...game import Game
    from ...setup import Setup
    from ...state import GameState


@register
class China(Module):
    id = "china"
    old_fields = OLD_FIELDS

    # ------------------------------------------------------------ setup
    def in_play(self, board: Board) -> bool:
        return bool(board.landscapes)  # elsewhere the module only brings China into the company pool

    def problem(self, setup: Setup, board: Board) -> str | None:
        why = china_setup.problem(board, len(setup.seats))
        return f"the China Challenge on board {board.id}: {why}" if why else None

    def lay_out_last(self, state: GameState, board: Board, setup: Setup) -> None:
        china_setup.lay_out(state, board, [seat for seat, s in enumerate(setup.seats) if s.kind == "automa"],
                            hooks_for(setup.options, board))

    # ------------------------------------------------------------ the round
    def extra_headstream_drops(self, game: Game) -> Mapping[str, int]:
        return data.channel_drops(game) if data.in_play(game) else {}

    def dam_capacity_bonus(self, game: Game, space: str) -> int:
        return data.dam_extra_drops(game, space)

    # ------------------------------------------------------------ an action
    def action_discount(self, game: Game, seat: int) -> int:
        return data.action_discount(game, seat)

    def red_discount(self, game: Game, seat: int) -> int:
        return data.red_discount(game, seat)

    def engineer_discount(self, game: Game, seat: int, column: int) -> int:
        return data.construction_engineers(game, seat, column)

    def structure(self, name: str) -> Structure | None:
        return rules.LANDSCAPES if name == data.LANDSCAPE else None

    def build_cost_parts(self, game: Game, seat: int) -> CostParts | None:
        own = china_of(game.state)
        if own is None:
            return None
        return CostParts({s: data.cost(game, s) for s in own.landscapes}, data.machinery_discount(game, seat),
                         {s: n for s in game.board.conduits if (n := data.conduit_discount(game, s))})

    def red_surcharge(self, game: Game, structure: str, space: str) -> int:
        return data.base_extra_credits(game, space) if structure == "base" else 0

    def contract_reduction(self, game: Game, seat: int) -> int:
        return data.contract_discount(game, seat)

    def extra_contracts(self, game: Game, area: str) -> Mapping[int, Callable[[], object]]:
        own = china_of(game.state)
        if own is None or not own.contract_stacks:
            return {}
        return {cid: own.contract_stacks[space].pop for cid, space in data.stack_tops(game, area).items()}

    # ------------------------------------------------------------ the end
    def bonus_count(self, game: Game, seat: int, key: str) -> int | None:
        if key != "landscapes":  # China's bonus tile
            return None
        return len(data.built_by(game, seat)) if data.in_play(game) else 0

    def tally(self, game: Game, seat: int, name: str) -> int | None:
        if name != "landscapes_built":  # (the Leeghwater Project's Winch and China's orders count them)
            return None
        return len(data.built_by(game, seat)) if data.in_play(game) else 0

    def objective_quantity(self, game: Game, seat: int, key: str) -> int | None:
        if key != "landscape_pairs":  # China's objective tile
            return None
        return data.pairs(game, seat) if data.in_play(game) else 0

    def structures_by_area(self, game: Game, seat: int) -> Mapping[str, int]:
        return data.landscapes_by_area(game, seat) if data.in_play(game) else {}

    def final_scoring_last(self, game: Game) -> None:
        if data.in_play(game):
            rules.final_scoring(game)

    def bonus_tile(self, tile_id: int) -> ScoringTile | None:
        tile = data.box().bonus
        return tile if tile_id == tile.id else None

    def added_bonus_tiles(self) -> tuple[int, ...]:
        return (data.box().bonus.id,)

    def objective_tile(self, tile_id: int) -> ScoringTile | None:
        tile = data.box().objective
        return tile if tile_id == tile.id else None

    # ------------------------------------------------------------ the state
    def check_state(self, st: GameState, setup: Setup, board: Board, where: str) -> None:
        own = china_of(st)
        if own is not None:
            check.check_state(st, own, board, partial(key_path, self.path(where)), where)

    def invariants(self, game: Game) -> list[str]:
        return check.invariants(game)

    def describe(self, game: Game, who: Callable[[int], str]) -> list[str]:
        own = china(game.state)
        landscapes = ", ".join(f"{s} " + (f"built by {who(own.built[s])}" if s in own.built else "covered")
                               for s in sorted(own.landscapes))
        taken = ", ".join(f"#{t} {who(seat)}" for t, seat in sorted(own.taken.items()))
        return [f"landscapes: {landscapes or '-'}",
                f"yield tiles: {', '.join(f'{s} #{t}' for s, t in sorted(own.yields.items())) or '-'}"
                + (f"; taken: {taken}" if taken else "")]

    # ------------------------------------------------------------ the map
    def map_marks(self, game: Game) -> tuple[MapMark, ...]:
        return data.map_marks(game)

    def assumed_landscapes(self, game: Game) -> frozenset[str]:
        return data.assumed_landscapes(game) if data.in_play(game) else frozenset()


__all__ = ["China", "ChinaState", "china", "china_of"]
