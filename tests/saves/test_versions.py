"""Files of an older format version still load and play on."""

from __future__ import annotations

import random
from pathlib import Path

from barrage_tui.rules.setup import DRAFT_OPTION
from saves import load_game, save_game

# Saved by the version before the setup draft (format version 1): 40 choices into a 3-player full game
# whose seats were dealt their company + chief engineer pairs.
BEFORE_THE_DRAFT = Path(__file__).parent / "data" / "version-1-before-the-draft.toml"


def test_a_game_saved_before_the_draft_loads_and_plays_on(tmp_path):
    before = BEFORE_THE_DRAFT.read_bytes()
    game = load_game(BEFORE_THE_DRAFT)
    assert len(game.log) == 40 and game.state.drafting == []
    assert game.setup.options[DRAFT_OPTION] is False
    r = random.Random(1)
    for _ in range(30):
        game.choose(r.choice(game.prompt.choices).key)
    again = tmp_path / "again.toml"
    save_game(game, again)  # written in the new version, still without the draft
    assert "version = 3\n" in again.read_text()
    assert load_game(again).state == game.state
    assert BEFORE_THE_DRAFT.read_bytes() == before


def test_a_new_game_drafts(tmp_path):
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import SeatSetup, Setup

    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3))
    path = tmp_path / "new.toml"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.state.drafting == [0, 1] and loaded.prompt.kind == "matchup"
