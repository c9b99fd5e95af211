"""The decision hook the engine calls for an Automa prompt (Game.prompt): it returns the prompt with the
one choice the cards give."""

from __future__ import annotations

from dataclasses import replace

from . import income, turn


class Automa:
    """Attached to a Game as ``game.automa``; stateless: everything it reads is in the game's state."""

    def decide(self, game, prompt):
        planner = income if game.state.phase == "income" else turn
        return replace(prompt, choices=(planner.plan(game, prompt.seat),))


def attach(game):
    """Let the Automa decide in ``game`` (the app, ``sim`` and the tests call this). Returns the game."""
    game.automa = Automa()
    return game
