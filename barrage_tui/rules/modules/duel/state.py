"""The Duel board's part of the game state (``GameState.modules["duel"]``) and its events."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ...state import GameState, ModuleState


@dataclass
class DuelState(ModuleState):
    """Each row's condition tile, top to bottom; each row's marker (0 the centre, negative toward seat 0's
    end, positive toward seat 1's); the Reward tiles still on their spaces (space "1L2" -> tile "I3"); each
    seat's fulfilled contracts before this round; during a Check phase, the rows resolved and the Reward
    tiles whose question is still to be asked ("<seat>:<tile>", in order)."""

    module = "duel"

    conditions: list[str] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    tiles: dict[str, str] = field(default_factory=dict)
    contracts_before: list[int] = field(default_factory=list)
    rows_done: int = 0
    asking: list[str] = field(default_factory=list)


def duel(st: GameState) -> DuelState:
    """The Duel's state of a game with the module on."""
    return DuelState.laid_out(st)


class DuelEvent(StrEnum):
    """The Check phase step by step (``Event.kind``; clients branch on it and on ``Event.data``)."""

    ROW = "duel_row"  # one row: data row, condition, counts, seat, steps, from, to, reached
    REWARD = "duel_reward"  # a Reward tile reached: data row, space, tile, level, reward
    CHECKED = "duel_checked"  # the Check phase done: data round, markers
    SCORED = "duel_scored"  # a track's final VP: data row, position, seat, vp
