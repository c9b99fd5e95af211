"""The rules of what a board may add to the base map: natural lakes, neutral powerhouses, covered spaces.

- A natural lake (``Board.lakes``) is a river node that keeps a drop while it has room (its capacity) and
  lets the others flow on to where it drains (water.py); its drops are ``GameState.lakes``. Nobody produces
  from a lake (the rulebook names no way to).
- A neutral powerhouse stands on its space from setup (``neutral = true``, not covered) or from the moment
  its landscape is built (``uncover``); it is ``NEUTRAL`` in ``GameState.powerhouses``. Anyone may produce
  with it (production.py). Decisions (seed 002 leaves them open, sammelbecken.md 9 item 9): nobody is paid
  for it; it is nobody's Powerhouse, so it counts for no company's powerhouses (the company-board
  production bonus, the third-Powerhouse abilities, the USA's passing drops, objectives and bonus tiles),
  while the producing company's own production bonus applies as to any production of it.
- A covered space (``covered = "<landscape>"``) is printed but lies under a landscape tile: nobody may build
  on it, and a covered branch of a conduit carries no water, until the landscape is built (``uncover``).
- A space blocked by a preparation tile (the Duel map, preparation.py) is closed for the whole game: for
  building it counts as covered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .boards import Board
from .preparation import blocked_spaces
from .state import NEUTRAL, GameState

if TYPE_CHECKING:
    from .game import Game


def board_setup(state: GameState, board: Board) -> None:
    """What the board adds to setup (no random draws): its lakes' starting drops, its neutral powerhouses."""
    if board.lakes:
        state.lakes = {lake.id: lake.drops for lake in board.lakes.values()}
        state.drops_created += sum(state.lakes.values())
    for p in board.powerhouses.values():
        if p.neutral and not p.covered:
            state.powerhouses[p.id] = NEUTRAL


def covered(game: Game, space: str) -> bool:
    """A dam, conduit or powerhouse space still under its landscape, or under a blocking preparation tile
    (nobody may build there)."""
    code = game.board.covered_by(space)
    return (bool(code) and code not in game.state.uncovered) or blocked(game, space)


def blocked(game: Game, space: str) -> bool:
    """A space under a blocking preparation tile (the Duel map): closed for the whole game."""
    return space in blocked_spaces(game.board, game.state.preparation)


def open_targets(game: Game, conduit: str) -> tuple[int, ...]:
    """The valleys a conduit feeds now: its target and each branch not under a landscape."""
    c, done = game.board.conduits[conduit], game.state.uncovered
    return tuple(t for t in c.targets if c.branch_covers.get(t, "") in ("", *done))


def uncover(game: Game, landscape: str) -> None:
    """A landscape is built: the spaces and branches it covered are open, its neutral powerhouse stands."""
    st = game.state
    if landscape in st.uncovered:
        return
    st.uncovered.append(landscape)
    for p in game.board.powerhouses.values():
        if p.neutral and p.covered == landscape:
            st.powerhouses[p.id] = NEUTRAL


def lake_room(game: Game, lake: str) -> int:
    return game.board.lakes[lake].capacity - game.state.lakes.get(lake, 0)
