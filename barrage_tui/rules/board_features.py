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
- A covered headstream (``Board.headstream_covers``, the Yellow River's A4) is printed under a landscape: it
  is closed (no drops are put on it, nor refilled) until the landscape is built, then it is a headstream like
  the others, refilled each round from its own tile (``Board.headstream_fixed``) from the next round.
- A diversion (``Board.diversions``, the Yellow River's A6) changes where water goes from one river node once
  its landscape is built: ``river`` is the course in force, the one every drop follows (water.py, the
  Automa's geography).
- A space blocked by a preparation tile (the Duel map, preparation.py) is closed for the whole game: for
  building it counts as covered.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
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
    if not game.board.landscapes and not game.state.preparation:  # (most boards cover nothing)
        return False
    code = game.board.covered_by(space)
    return (bool(code) and code not in game.state.uncovered) or blocked(game, space)


def blocked(game: Game, space: str) -> bool:
    """A space under a blocking preparation tile (the Duel map): closed for the whole game."""
    return bool(game.state.preparation) and space in blocked_spaces(game.board, game.state.preparation)


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


def headstream_open(game: Game, head: str) -> bool:
    """A headstream receives drops: it is under no landscape, or its landscape is built."""
    code = game.board.headstream_covers.get(head, "")
    return not code or code in game.state.uncovered


def open_headstreams(game: Game) -> tuple[str, ...]:
    """The headstreams drops may be put on now, in the board's order."""
    board = game.board
    if not board.headstream_covers:
        return board.headstreams
    return tuple(h for h in board.headstreams if headstream_open(game, h))


def course(board: Board, built: Collection[str]) -> Mapping[str, str]:
    """Every river node's downstream neighbour with the landscapes ``built``: the board's river, each
    diversion of a built landscape in force."""
    turned = {n: d.to for n, d in board.diversions.items() if d.landscape in built}
    return {**board.downstream, **turned} if turned else board.downstream


def river(game: Game) -> Mapping[str, str]:
    """Where water goes from each river node now (the course in force)."""
    return course(game.board, game.state.uncovered)


def lake_room(game: Game, lake: str) -> int:
    return game.board.lakes[lake].capacity - game.state.lakes.get(lake, 0)
