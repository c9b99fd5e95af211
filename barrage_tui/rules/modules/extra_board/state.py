"""The extra action board's part of the game state (``GameState.modules["extra_board"]``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ...state import GameState, ModuleState


@dataclass
class ExtraBoardState(ModuleState):
    """The board's action spaces taken this round -> the seat that took each."""

    module = "extra_board"

    occupied: dict[str, int] = field(default_factory=dict)


def extra_board(st: GameState) -> ExtraBoardState:
    """The module's state of a game where it is laid out."""
    return ExtraBoardState.laid_out(st)


class ExtraBoardPrompt(StrEnum):
    SMALL_ACTION = "extra_small_action"  # which of the small actions (data: space)


class ExtraBoardEvent(StrEnum):
    SMALL_ACTION = "extra_small_action"  # a small action taken (data: space, action)
