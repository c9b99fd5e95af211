"""The Geological Factor's part of the game state (``GameState.modules["geological"]``) and its events."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ...state import GameState, ModuleState

EVENT = "geology"  # the kind of every event of this module; ``data["token"]`` says which token acted


@dataclass
class GeologicalState(ModuleState):
    """The token on each valley after setup (zone -> token; a valley without one has no entry). They never
    move."""

    module = "geological"

    tokens: dict[str, int] = field(default_factory=dict)


def tokens_of(st: GameState) -> dict[str, int]:
    """The Geological tokens of a game (zone -> token; empty: the module is off)."""
    g = GeologicalState.of(st)
    return g.tokens if g is not None else {}


class GeologicalPrompt(StrEnum):
    """The module's own decision (``Prompt.kind``; clients branch on it and on ``Prompt.data``)."""

    DROP = "geology_drop"  # Geological token 2: put a drop behind your dam there, or not (data: token, dam)
