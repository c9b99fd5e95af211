"""China (seed 002 "Chinese Company"; reference sammelbecken.md 1.9), usable on any board. Its rules hold all
game long; what its board prints is data (China's entry in data/companies.toml), read by the company board's
rules (company_board.py) like any board's:

Pressure pipelines: every Conduit China built has production value +1 for whoever uses it
(``company_board.conduit_bonus``, added by production.conduit_value on top of a Geological token's +1) and
costs 1 Mixer more to build (``company_board.conduit_extra_mixers``); another company producing through one
pays China per drop and China scores VP per drop by the step its number of Conduits built has reached
(``company_board.conduit_fee``).
Unique powerhouses: its four Powerhouse pieces (company_board.py: the row's columns, taken in any order) each
have a fixed Mixer cost and, three of them, an ability for productions through that piece only: the
``PieceAbility`` classes below. Which piece stands where is ``GameState.powerhouse_pieces``.

Decisions (UNVERIFIED, the rulebook does not say; each is also written in the data):
- the 3-Mixer piece's "production value +2" is +2 Energy once per production (like the Powerhouse row's
  bonus), not +2 per drop;
- the pieces' abilities replace the Powerhouse row: China has no +1 / +3 production bonus and nothing
  switches on with its 3rd Powerhouse (``PressurePipelines`` changes nothing);
- an Automa's pieces' abilities follow its level's Powerhouse-row bonus (Medium and up), the abilities they
  stand in for; the pipelines' value, cost and fee hold at every level, like Japan's board rules;
- the 5-Mixer piece's extra drop is worth the production's best path value (with Dr. Octavius's several
  dams: the most valuable one used), counted before Viktor's minimum and the bonuses;
- the 4-Mixer piece's VP count the production's whole Energy (its bonuses included);
- a free build (a contract's) of a China Conduit pays no extra Mixer (it pays no machinery at all), and a
  contract's "Conduit of value at most N" looks at the space, without China's +1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, PieceAbility

if TYPE_CHECKING:
    from ..components import PowerhousePiece
    from ..game import Game

EVENT = "china"  # the kind of the events of China's pieces; ``data`` says which piece and ability


class PressurePipelines(Ability):
    id = "pressure_pipelines"


def _tell(game: Game, seat: int, powerhouse: str, piece: PowerhousePiece, text: str, **data: object) -> None:
    game.event(f"{game.name(seat)}'s {piece.mixers}-Mixer Powerhouse on {powerhouse} {text}.", seat, EVENT,
               (powerhouse,), {"piece": piece.column, "ability": piece.ability, **data})


class ProductionPlusTwo(PieceAbility):
    id = "production_plus_2"
    energy_bonus = 2

    def after_production(self, game: Game, seat: int, powerhouse: str, piece: PowerhousePiece, energy: int) -> None:
        _tell(game, seat, powerhouse, piece, "made 2 more energy")


class VpPerTwoEnergy(PieceAbility):
    id = "vp_per_2_energy"

    def after_production(self, game: Game, seat: int, powerhouse: str, piece: PowerhousePiece, energy: int) -> None:
        vp = energy // 2
        game.gain_vp(seat, vp, "powerhouses")
        _tell(game, seat, powerhouse, piece, f"scores {vp} VP for {energy} energy", vp=vp)


class OneExtraDrop(PieceAbility):
    id = "one_extra_drop"
    extra_drop = True

    def after_production(self, game: Game, seat: int, powerhouse: str, piece: PowerhousePiece, energy: int) -> None:
        _tell(game, seat, powerhouse, piece, "made energy as if 1 more drop")
