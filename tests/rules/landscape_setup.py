"""A game on the landscapes test board (tests/boards/landscapes.toml) with the China Challenge, laid out by
its real setup (rules/modules/china/setup.py): each landscape tile on the space of its code, the yield tiles by
colour and player count, a Landscape tile for every person, China's tiles in the draws and piles."""

from __future__ import annotations

from pathlib import Path

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup

BOARD = str(Path(__file__).parents[1] / "boards" / "landscapes.toml")
OPTIONS = {"board": BOARD, "modules": ["china"]}


def landscape_game(companies=("usa", "germany"), officers=("wilhelm", "jill"), seed: int = 1) -> Game:
    """A game on the test board at the first action, laid out."""
    setup = Setup(seats=tuple(SeatSetup(f"P{i + 1}", company=c, officer=o)
                              for i, (c, o) in enumerate(zip(companies, officers))), seed=seed,
                  options=dict(OPTIONS))
    game = Game.new(setup)
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game
