"""The China Challenge's part of the game state (``GameState.modules["china"]``): made by its setup on a
board with landscape spaces (absent otherwise: the module then brings only the China company)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...state import GameState, ModuleState


@dataclass
class ChinaState(ModuleState):
    """Landscape space (e.g. "A3") -> the landscape tile lying there; yield space -> the yield tile lying there
    (taken ones leave); landscape space -> its builder; yield tile -> its taker; the 3 objective tiles laid
    beside A5 at setup and the one A5's builder chose (0: none); a contract stack's contracts (B1), by
    landscape space, top = last; the advanced tiles the setup took out of the level piles."""

    module = "china"

    landscapes: dict[str, str] = field(default_factory=dict)
    yields: dict[str, str] = field(default_factory=dict)
    built: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    objectives: list[int] = field(default_factory=list)
    objective_chosen: int = 0
    contract_stacks: dict[str, list[int]] = field(default_factory=dict)
    tiles_removed: list[str] = field(default_factory=list)


OLD_FIELDS = {"landscape_tiles": "landscapes", "yield_tiles": "yields", "landscapes_built": "built",
              "yields_taken": "taken", "landscape_objectives": "objectives", "extra_objective": "objective_chosen",
              "landscape_contracts": "contract_stacks", "patents_removed": "tiles_removed"}


def china(st: GameState) -> ChinaState:
    """The China Challenge's state of a game where it is laid out."""
    return ChinaState.laid_out(st)


def china_of(st: GameState) -> ChinaState | None:
    """The China Challenge's state, None when it is not laid out (the module off, or a board without landscapes)."""
    return ChinaState.of(st)
