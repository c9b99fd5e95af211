"""The decision hook the engine calls for an Automa prompt (Game.prompt): it returns the prompt with the
one choice the cards give."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import income, turn

if TYPE_CHECKING:
    from barrage_tui.rules import Game, Prompt


class Automa:
    """Attached to a Game as ``game.automa``; stateless: everything it reads is in the game's state."""

    def decide(self, game: Game, prompt: Prompt) -> Prompt:
        planner = income if game.state.phase == "income" else turn
        return replace(prompt, offered=(planner.plan(game, prompt.seat),))


def attach(game: Game) -> Game:
    """Let the Automa decide in ``game`` (the app, ``sim`` and the tests call this). Returns the game."""
    game.automa = Automa()
    return game
