"""The Leeghwater Project (module ``leeghwater``, issue 23): the expansion board under the Patent Office with 5
private buildings to build and use, and the External Works to take with machinery.

Its setup is ``setup.py``; External Works ``works.py``; private buildings, their action spaces and the Building
tiles' effects ``buildings.py``; its facts ``facts.py`` (data/buildings.toml, external-works.toml,
bonus-tiles.toml, tech-tiles.toml); its state ``state.py``; what a position of it must be ``check.py``. Here it
plugs into the base game.

The Netherlands join the company pool with it (companies.toml ``module``; its ability is the base game's
rules/companies/netherlands.py, like every company's).

Margot Fouche is dealt with it (officers.toml ``requires``): her space's action is this module's
(``officer_action``: buildings.py).

Leslie Spencer is dealt with it too: an External Work's machinery may go onto her wheel (works.py asks the
officers in force: ``Officer.spent_machinery_to_wheel``).

With the China Challenge in play, its Winch and its three orders join the draws (setup.py); with the Duel, its
External Works condition tile counts this module's tally of machinery used on External Works (``tally``).

The app's part is ``app.py`` (its panel, help and round summary); the Automa's, automa/boxes/external_works.py and
construction.py.

Decisions (each also beside its fact, in the data or the rules' docstrings):
- every seat, an Automa's too, counts for the second plain building space (open from 4 seats: ASSUMED);
- an Automa gets the basic Building tile, builds private buildings (closing each one's first action space for
  everyone) and takes External Works through its step operation ``work`` (works.automa_take); the ``automa``
  package decides which (its cards' boxes, automa.md 5.4.1, 5.8);
- the External Works' machinery may be paid with Elon's Excamixers, spent last;
- "fulfil a Contract" rewards and actions take one of the company's own Contracts, without producing;
- Margot's "worker on the Bank, no money" is Mahiri's copy of her (officers.toml ``copying``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

from ...components import ScoringTile
from ...engine.decisions import Flow
from ...plugin import ActionSpot, BoardPieces, CostParts, Module, Structure, hooks_for, register
from ...validation import key_path
from . import buildings, check, works
from . import setup as lwp_setup
from .buildings import split as private_building_space
from .facts import BUILDING, box
from .prompts import LeeghwaterPrompt
from .state import LeeghwaterState, leeghwater, leeghwater_of
from .works import AUTOMA_OPERATION as WORK_OPERATION, ON_WHEEL as WORK_ON_WHEEL, SPENT as WORK_SPENT, \
    external_work, payment as work_payment

MACHINERY_ON_WORKS = "external_work_machinery"  # the tally of each seat's machinery used on External Works this round

if TYPE_CHECKING:
    from ...boards import Board
    from ...game import Game
    from ...setup import Setup
    from ...state import GameState


@register
class Leeghwater(Module):
    id = "leeghwater"

    # ------------------------------------------------------------ setup
    def lay_out(self, state: GameState, board: Board, setup: Setup) -> None:
        lwp_setup.lay_out(state, setup, hooks_for(setup.options, board))

    # ------------------------------------------------------------ the round
    def round_ends(self, game: Game) -> None:
        works.round_ends(game)
        buildings.round_ends(game)

    # ------------------------------------------------------------ an action
    def action_spaces(self, game: Game, seat: int) -> Sequence[ActionSpot]:
        return [*works.spots(game, seat), *buildings.spots(game, seat)]

    def unavailable_spaces(self, game: Game, seat: int) -> Sequence[tuple[str, str]]:
        return [*works.unavailable(game, seat), *buildings.unavailable(game, seat)]

    def structure(self, name: str) -> Structure | None:
        return buildings.PRIVATE_BUILDINGS if name == BUILDING else None

    def wild_structures(self, game: Game) -> tuple[str, ...]:
        return (BUILDING,)  # a Joker builds a private building too (reference A.3)

    def build_cost_parts(self, game: Game, seat: int) -> CostParts | None:
        return buildings.cost_parts(game)

    def red_surcharge(self, game: Game, structure: str, space: str) -> int:
        return buildings.red_surcharge(space) if structure == BUILDING else 0

    def officer_action(self, game: Game, seat: int, officer: str) -> Callable[[], Flow[None]] | None:
        return buildings.officer_action(game, seat, officer)

    def automa_operations(self) -> Mapping[str, Callable[..., Flow[None] | None]]:
        return {WORK_OPERATION: works.automa_take}  # an Automa's step takes an External Work

    # ------------------------------------------------------------ the end
    def final_scoring(self, game: Game) -> None:
        buildings.final_scoring(game)

    def bonus_count(self, game: Game, seat: int, key: str) -> int | None:
        own = leeghwater(game.state)
        if key == "external_works":
            return sum(1 for who in own.fulfilled.values() if who == seat)
        if key == "private_buildings":
            return len(buildings.built_by(own, seat))
        return None

    def tally(self, game: Game, seat: int, name: str) -> int | None:
        if name == MACHINERY_ON_WORKS:
            used = leeghwater(game.state).machinery_this_round
            return used[seat] if seat < len(used) else 0
        return None

    def bonus_tile(self, tile_id: int) -> ScoringTile | None:
        return box().bonus_tiles.get(tile_id)

    def added_bonus_tiles(self) -> tuple[int, ...]:
        return tuple(sorted(box().bonus_tiles))

    # ------------------------------------------------------------ the state
    def check_state(self, st: GameState, setup: Setup, board: Board, where: str) -> None:
        own = leeghwater_of(st)
        if own is not None:
            check.check_state(st, own, partial(key_path, self.path(where)))

    def invariants(self, game: Game) -> list[str]:
        return check.invariants(game)

    def describe(self, game: Game, who: Callable[[int], str]) -> list[str]:
        own = leeghwater(game.state)
        built = ", ".join(f"{s} {who(seat)}" for s, seat in sorted(own.built.items()))
        taken = ", ".join(f"{w} {who(seat)}" for w, seat in sorted(own.fulfilled.items()))
        return [f"private buildings: {', '.join(own.rows)}; built: {built or '-'}",
                f"External Works face up: {', '.join(w or '-' for w in own.works)}; taken: {taken or '-'}; "
                f"piles: {', '.join(f'{k} {len(p)}' for k, p in own.piles.items())}",
                f"its action spaces taken this round: "
                f"{', '.join(f'{s} {who(seat)}' for s, seat in sorted(own.occupied.items())) or '-'}"]

    # ------------------------------------------------------------ a company board
    def company_pieces(self, game: Game, seat: int) -> tuple[BoardPieces, ...]:
        built = buildings.built_by(leeghwater(game.state), seat)
        pieces = box().pieces
        return (BoardPieces("Buildings", pieces - len(built), pieces, tuple(box().buildings[b].name for b in built)),)


__all__ = ["Leeghwater", "LeeghwaterPrompt", "LeeghwaterState", "WORK_ON_WHEEL", "WORK_OPERATION", "WORK_SPENT",
           "external_work", "leeghwater", "leeghwater_of", "private_building_space", "work_payment"]
