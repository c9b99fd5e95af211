"""The China Challenge's layout for the landscape tests (the real setup is the Yellow River's): each landscape
tile on the space of its code, the yield tiles of each colour shuffled onto the spaces of that colour used
with the game's players, a Landscape tile for every company."""

from __future__ import annotations

import random
from pathlib import Path

from barrage_tui.rules.game import Game
from barrage_tui.rules.landscape_data import COLOURS, box
from barrage_tui.rules.setup import SeatSetup, Setup

BOARD = str(Path(__file__).parents[1] / "boards" / "landscapes.toml")
SKIPPED = {1: {"4", "3+"}, 2: {"4", "3+"}, 3: {"4"}, 4: set()}  # the spaces' marks left empty, by players


def lay_out(game: Game, seed: int = 0) -> None:
    st = game.state
    r = random.Random(seed)
    st.landscape_tiles = {code: code for code in game.board.landscapes}
    for colour in COLOURS:
        tiles = [t.id for t in box().yields.values() if t.colour == colour]
        r.shuffle(tiles)
        for space in game.board.yield_spaces:
            if space.colour == colour and space.players not in SKIPPED[st.seats]:
                st.yield_tiles[space.id] = tiles.pop()
    for c in st.companies:
        c.tiles.append("landscape")


def landscape_game(companies=("usa", "germany"), officers=("wilhelm", "jill"), seed: int = 1) -> Game:
    """A game on the test board at the first action, laid out."""
    setup = Setup(seats=tuple(SeatSetup(f"P{i + 1}", company=c, officer=o)
                              for i, (c, o) in enumerate(zip(companies, officers))), seed=seed,
                  options={"board": BOARD})
    game = Game.new(setup)
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    lay_out(game)
    return game
