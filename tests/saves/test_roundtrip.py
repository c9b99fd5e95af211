"""Random games saved at random decisions and loaded again give the same game."""

from __future__ import annotations

import random
import tomllib

import pytest

from barrage_tui.rules.game import Game
from saves import load_game, save_game
from saves import codec
from saves.inspect import describe

from .helpers import assert_same_game, game_at, keys_of, random_game_log

GAMES = [(seed, players, intro) for seed, players, intro in (
    (1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False), (5, 2, True), (6, 4, True),
    (7, 3, None), (8, 1, True), (9, 2, False), (10, 4, False),
)]


@pytest.mark.parametrize("seed,players,intro", GAMES)
def test_saved_at_random_decisions_loads_identical(tmp_path, seed, players, intro):
    setup, keys = random_game_log(seed, players, intro)
    r = random.Random(seed)
    cuts = sorted({0, len(keys)} | {r.randrange(len(keys) + 1) for _ in range(3)})
    for n in cuts:
        game = game_at(setup, keys, n)
        path = tmp_path / f"g{seed}-{n}.toml"
        save_game(game, path)
        loaded = load_game(path)
        assert_same_game(loaded, game)
        assert loaded.turn_start == game.turn_start
        assert loaded.origin == game.origin
        assert loaded.setup == game.setup
        # Saved again, the file is the same (but for the time stamp, and so the seal).
        again = tmp_path / "again.toml"
        save_game(loaded, again)
        strip = lambda text: [ln for ln in text.splitlines() if not ln.startswith(("saved = ", "seal = "))]  # noqa: E731
        assert strip(again.read_text()) == strip(path.read_text())
        # Play goes on identically, and undo works on the loaded game as on the original.
        if not game.over:
            key = r.choice(game.prompt.keys())
            game.choose(key)
            loaded.choose(key)
            assert_same_game(loaded, game)
            assert loaded.undo() == game.undo()
            assert_same_game(loaded, game)


def test_a_finished_game_loads_and_shows_its_final_scores(tmp_path):
    setup, keys = random_game_log(21, 3, False)
    game = game_at(setup, keys, len(keys))
    assert game.over
    path = tmp_path / "finished.toml"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.over and loaded.prompt is None
    assert loaded.scores() == game.scores()
    assert loaded.state.winner == game.state.winner
    text = describe(loaded)
    assert "Game over. Final scores:" in text
    for c in game.state.companies:
        assert f"{c.vp} VP" in text
    summary = tomllib.loads(path.read_text())["summary"]
    assert summary["over"] is True and summary["scores"] == [c.vp for c in game.state.companies]


def test_the_file_holds_what_the_format_promises(tmp_path):
    setup, keys = random_game_log(3, 3, False)
    game = game_at(setup, keys, len(keys) // 2)
    path = tmp_path / "mid.toml"
    save_game(game, path)
    doc = tomllib.loads(path.read_text())
    snapshot, tail = game.turn_snapshot()
    assert doc["format"] == "barrage-tui" and doc["version"] == codec.VERSION
    assert doc["choices"] == len(game.log)
    assert doc["log"]["history"] == game.log and doc["log"]["tail"] == tail
    assert doc["state"] == snapshot.to_dict()
    assert [s["name"] for s in doc["setup"]["seats"]] == [s.name for s in setup.seats]
    assert doc["setup"]["seed"] == setup.seed
    assert "origin" not in doc  # the log starts from the setup's own start
    assert isinstance(doc["setup"]["options"]["id"], str)
    assert path.read_text().startswith("# A saved game of barrage-tui.")


def test_a_game_started_from_a_position_keeps_its_origin(tmp_path):
    setup, keys = random_game_log(2, 2, False)
    start = game_at(setup, keys, 40)
    snapshot, tail = start.turn_snapshot()
    game = Game(start.setup, snapshot)  # a game whose log begins at a position
    for key in keys[40 - len(tail):70]:
        game.choose(key)
    path = tmp_path / "from-position.toml"
    save_game(game, path)
    assert "origin" in tomllib.loads(path.read_text())
    loaded = load_game(path)
    assert_same_game(loaded, game)
    assert loaded.origin == game.origin


def test_loading_keeps_the_events_of_the_whole_game(tmp_path):
    setup, keys = random_game_log(9, 2, False)
    game = game_at(setup, keys, 90)
    save_game(game, tmp_path / "e.toml")
    loaded = load_game(tmp_path / "e.toml")
    assert [e.text for e in loaded.events] == [e.text for e in game.events]
    assert keys_of(loaded) == keys_of(game)


@pytest.mark.parametrize("seed,automas", [(31, 1), (32, 2), (33, 3)])
def test_games_with_automas_round_trip(tmp_path, seed, automas):
    from automa import hook
    from barrage_tui.rules.sim import automa_setup, play_random

    r = random.Random(seed)
    setup = automa_setup(r, automas=automas)
    result = play_random(setup, r.randrange(2**31), check=False, attach=hook.attach)
    assert not result.error, result.error
    for n in sorted({0, r.randrange(len(result.keys)), len(result.keys)}):
        game = hook.attach(game_at(setup, result.keys, n))
        path = save_game(game, tmp_path / f"automa-{n}.toml")
        loaded = hook.attach(load_game(path))  # the app attaches the Automa to a loaded game
        assert_same_game(loaded, game)
