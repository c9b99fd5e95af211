"""A position written by hand (TOML, no log) loads and plays on."""

from __future__ import annotations

import random

from barrage_tui.rules.invariants import violations
from saves import load_game, loads_game, save_game
from saves.inspect import describe

from .helpers import HANDMADE, assert_same_game


def test_the_handmade_position_loads_as_written():
    game = load_game(HANDMADE)
    st = game.state
    ann, bob = st.companies
    assert (ann.player, ann.company, ann.officer, ann.vp) == ("Ann", "usa", "wilhelm", 21)
    assert (bob.player, bob.company, bob.officer, bob.vp) == ("Bob", "germany", "jill", 17)
    assert st.round == 3 and st.phase == "actions"
    assert st.dams["B3L"].owner == 0 and st.dams["B3L"].height == 2
    # Left out, so derived: the pieces on the board, the Engineers, the water count, the machinery.
    assert ann.pieces == {"base": 4, "elevation": 4, "conduit": 4, "powerhouse": 3}
    assert bob.pieces == {"base": 4, "elevation": 5, "conduit": 4, "powerhouse": 3}
    assert ann.engineers == bob.engineers == 12
    assert st.drops_created == 4 + 5 and st.drops_exited == 0
    assert ann.machinery_gained == [4, 6]
    assert game.log == []
    assert game.prompt.seat == 1  # Bob plays first
    assert violations(game) == []


def test_the_handmade_position_plays_to_the_end(tmp_path):
    game = load_game(HANDMADE)
    r = random.Random(3)
    saved_once = False
    while game.prompt is not None:
        game.choose(r.choice(game.prompt.keys()))
        assert violations(game) == []
        if len(game.log) == 25:  # saved and loaded on the way: the log starts at the handmade position
            path = save_game(game, tmp_path / "on-the-way.toml")
            loaded = load_game(path)
            assert_same_game(loaded, game)
            assert loaded.origin == game.origin
            saved_once = True
    assert saved_once
    assert game.state.phase == "over" and game.state.winner
    assert "Game over. Final scores:" in describe(game)


def test_a_handmade_position_with_keys_to_apply():
    text = HANDMADE.read_text() + '\n[log]\ntail = ["place:bank-b"]\n'
    game = loads_game(text, "with-tail.toml")
    assert game.log == ["place:bank-b"]
    assert game.prompt.seat == 1  # Bob chooses how many Engineers go to the Bank


def test_a_handmade_finished_game_shows_its_scores():
    text = HANDMADE.read_text().replace('round = 3\nphase = "actions"', 'round = 5\nphase = "over"')
    text = text.replace("turn_order = [1, 0]", "turn_order = [1, 0]\nwinner = [0]")
    game = loads_game(text, "over.toml")
    assert game.over
    out = describe(game)
    assert "Final scores: USA (Ann) 21 VP, Germany (Bob) 17 VP" in out
    assert "Winner: USA (Ann)" in out


def test_a_minimal_introductory_position():
    text = """
format = "barrage-tui"
version = 1

[setup]
introductory = true
seats = [{ name = "Solo" }]

[state]
round = 2
phase = "actions"
turn_order = [0]
national = []
bonus_tiles = [0, 1, 2, 3, 4]
objective = 1
headstream_tiles = { HA = 1, HB = 2, HC = 3, HD = 4 }
headstream_drops = { HA = 0, HB = 0, HC = 0, HD = 0 }
dams = {}
private_display = { green = [200, 201], yellow = [300, 301], red = [400, 401] }
private_piles = { green = [], yellow = [], red = [] }

[[state.companies]]
company = "usa"
officer = "wilhelm"
vp = 10
credits = 6
excavators = 6
mixers = 4
tiles = ["base", "elevation", "conduit", "powerhouse", "joker"]
"""
    game = loads_game(text, "intro.toml")
    assert game.state.companies[0].player == "Solo"
    r = random.Random(1)
    while game.prompt is not None:
        game.choose(r.choice(game.prompt.keys()))
    assert game.state.phase == "over"
