"""The game screen for a game decided elsewhere: at a host's table, or played by another barrage-tui.

The screen keeps its own copy of the game and applies the decisions it is told, exactly as if they were
taken here (the engine is deterministic: the copy stays identical). Nothing is saved from here; the
Automa's steps come with the others' decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..session import Session
from .game import GameScreen

if TYPE_CHECKING:
    from barrage_tui.rules import Game


class LiveSession(Session):
    """A Session whose decisions arrive from outside; ``mine``: the seats decided at this terminal."""

    def __init__(self, game: Game, mine: Iterable[int] = ()) -> None:
        super().__init__(game, store=None)
        self.mine = frozenset(mine)

    @property
    def automa_turn(self) -> bool:
        return False  # the Automa's step is taken where the game is played, and arrives as a key

    def _handover(self, previous: int) -> bool:
        prompt = self.game.prompt
        if prompt is None:
            return False
        self.last_seat = prompt.seat
        return prompt.seat in self.mine and prompt.seat != previous


class LiveGameScreen(GameScreen):
    session: LiveSession  # (its screens are made with one)

    def apply_key(self, key: str) -> None:
        """A decision taken elsewhere: shown as if chosen here (round summary, end of the game too)."""
        GameScreen.choose(self, key)

    def apply_undo(self, to: int) -> bool:
        """Choices undone elsewhere: the game has ``to`` decisions again. False: this copy cannot follow."""
        game = self.session.game
        while len(game.log) > to and game.undo():
            pass
        self._banner.handover = False
        self.refresh_table(self.choice_list.index)
        return len(game.log) == to

    def replace_game(self, game: Game, mine: Iterable[int] | None = None) -> None:
        """A fresh copy of the game (after a gap): shown in place of the old one."""
        self.session.game = game
        self.view.game = game
        if mine is not None:
            self.session.mine = frozenset(mine)
        if self.is_mounted:
            self.refresh_table(self.choice_list.index)

    def set_mine(self, mine: Iterable[int]) -> None:
        self.session.mine = frozenset(mine)
        self._redraw_banner()
