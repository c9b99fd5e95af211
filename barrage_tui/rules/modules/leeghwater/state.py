"""The Leeghwater Project's part of the game state (``GameState.modules["leeghwater"]``), laid out by its setup."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...state import GameState, ModuleState


@dataclass
class LeeghwaterState(ModuleState):
    """The private buildings drawn into the expansion board's rows (top row first); each building space built
    ("<building>-<n>", n = 1-4 left to right) -> its builder; the External Works piles by letter (top = last),
    the face-up tiles by position ("" = taken) and each fulfilled tile -> its taker; the module's action spaces
    taken this round -> the seat; each building -> the seats that used its action this round; the advanced tiles
    the setup took out of the level piles; by seat, the machinery it used on External Works this round (the
    Duel's condition counts it: spent, or onto Leslie Spencer's wheel; none when the Loan Agency pays)."""

    module = "leeghwater"

    rows: list[str] = field(default_factory=list)
    built: dict[str, int] = field(default_factory=dict)
    piles: dict[str, list[str]] = field(default_factory=dict)
    works: list[str] = field(default_factory=list)
    fulfilled: dict[str, int] = field(default_factory=dict)
    occupied: dict[str, int] = field(default_factory=dict)
    used: dict[str, list[int]] = field(default_factory=dict)
    tiles_removed: list[str] = field(default_factory=list)
    machinery_this_round: list[int] = field(default_factory=list)


def leeghwater(st: GameState) -> LeeghwaterState:
    """The module's state of a game where it is laid out."""
    return LeeghwaterState.laid_out(st)


def leeghwater_of(st: GameState) -> LeeghwaterState | None:
    """The module's state, None when the module is off."""
    return LeeghwaterState.of(st)
