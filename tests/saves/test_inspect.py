"""``barrage-tui inspect``: the state summary and pending decision; choices applied headless."""

from __future__ import annotations

import tomllib

from barrage_tui.cli import main
from barrage_tui.rules.modules.china import china
from saves import load_game, save_game
from saves.inspect import describe

from .helpers import HANDMADE, game_at, random_game_log


def run(capsys, *argv):
    status = main(["inspect", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


def test_inspect_prints_the_state_and_the_pending_decision(capsys):
    status, out, err = run(capsys, HANDMADE)
    assert status == 0 and err == ""
    assert "Round 3 of 5, actions phase. Turn order: Germany (Bob), USA (Ann)." in out
    assert "[0] Ann (human) - USA, Wilhelm" in out and "21 VP, 7 credits" in out
    assert "B3L USA (Ann) height 2, 2 drops" in out
    assert "Pending decision: seat 1, Germany (Bob) - action: Germany: choose an action." in out
    game = load_game(HANDMADE)
    for key in game.prompt.keys():
        assert f"\n  {key} " in out


def test_inspect_applies_choices_and_writes_the_result(tmp_path, capsys):
    out_file = tmp_path / "after.toml"
    status, out, err = run(capsys, HANDMADE, "--choose", "place:bank-b", "--choose", "engineers:2", "--out", out_file)
    assert status == 0 and err == ""
    assert f"Written to {out_file}." in out
    game = load_game(out_file)
    assert game.log == ["place:bank-b", "engineers:2"]
    assert game.state.bank[1] == 2 and game.prompt.seat == 0
    # The hand-made position is the log's origin; the original file is untouched.
    assert "origin" in tomllib.loads(out_file.read_text())
    assert HANDMADE.read_text().count("[log]") == 0


def test_inspect_out_dash_prints_the_save(capsys):
    status, out, err = run(capsys, HANDMADE, "--choose", "place:bank-b", "--out", "-")
    assert status == 0
    doc = tomllib.loads(out)
    assert doc["log"]["history"] == ["place:bank-b"]


def test_an_illegal_key_is_one_line_and_status_1(tmp_path, capsys):
    setup, keys = random_game_log(2, 2, False)
    path = save_game(game_at(setup, keys, 30), tmp_path / "g.toml")
    before = path.read_bytes()
    status, out, err = run(capsys, path, "--choose", keys[30], "--choose", "fly:moon", "--out", tmp_path / "new.toml")
    assert status == 1 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"{path}: --choose 'fly:moon' (choice 2 given): 'fly:moon' is not a legal choice here")
    assert path.read_bytes() == before and not (tmp_path / "new.toml").exists()


def test_inspect_a_finished_game(tmp_path, capsys):
    setup, keys = random_game_log(5, 2, True)
    game = game_at(setup, keys, len(keys))
    path = save_game(game, tmp_path / "over.toml")
    status, out, err = run(capsys, path)
    assert status == 0
    assert "Game over. Final scores:" in out and "Winner:" in out
    status, out, err = run(capsys, path, "--choose", "pass")
    assert status == 1 and "the game is over" in err


def test_inspect_in_the_draft_names_the_players_still_to_pick(tmp_path, capsys):
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import SeatSetup, Setup

    path = tmp_path / "draft.toml"
    game = Game.new(Setup(seats=(SeatSetup("Ann"), SeatSetup("Bob")), seed=4))
    save_game(game, path)
    status, out, err = run(capsys, path)
    assert status == 0 and err == ""
    assert "still to pick a company and chief engineer: Ann, Bob" in out
    assert "Pending decision: seat 0, Ann - matchup:" in out
    first = game.prompt.keys()[0]
    status, out, err = run(capsys, path, "--choose", first)
    assert status == 0 and "still to pick a company and chief engineer: Bob" in out


def test_inspect_shows_the_modules_and_what_they_put_on_the_table():
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
    from barrage_tui.rules.state import DamState

    setup = Setup(seats=(SeatSetup("Kei", company="japan", officer="jill"),
                         SeatSetup("Bia", company="brazil", officer="wilhelm")), seed=8,
                  options={MODULES_OPTION: ["geological", "overseas"]})
    game = Game.new(setup)
    brazil = game.state.companies[1]
    brazil.pieces["base"] -= 1
    brazil.columns_taken["base"] = [4]
    brazil.machinery_lost = [0, 1, 0]
    game.state.dams["B9L"] = DamState(owner=0, height=1, base=False)
    out = describe(game)  # (a save is replayed from its log: this position is set up by hand)
    assert ", modules: geological, overseas" in out
    assert "columns taken: base [4]; machinery lost for good: 0 excavators, 1 mixers, 0 Excamixers" in out
    assert "B9L Japan (Kei) height 1 (an Elevation without a Base)" in out
    assert "Geological tokens: valley " in out


def test_inspect_shows_a_china_challenge_on_the_yellow_river():
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup

    game = Game.new(Setup(seats=tuple(SeatSetup(f"P{i}") for i in range(3)), seed=2,
                          options={MODULES_OPTION: ["china"], "board": "yellow-river"}))
    out = describe(game)
    assert f"board: {game.board.name} (a reconstruction)" in out
    assert game.state.lakes and all(f"{lake} {n} drops" in out for lake, n in game.state.lakes.items())
    space = sorted(china(game.state).landscapes)[0]
    assert f"landscapes: {space} covered" in out
    some = sorted(china(game.state).yields.items())[0]
    assert f"yield tiles: {some[0]} #{some[1]}" in out


def test_inspect_shows_the_duel_board_in_the_modules_words():
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.modules.duel.state import duel
    from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup

    game = Game.new(Setup(seats=(SeatSetup("Ann"), SeatSetup("Bob")), seed=4, options={MODULES_OPTION: ["duel"]}))
    d = duel(game.state)
    out = describe(game)
    assert f"Duel board: row 1 {d.conditions[0]} marker 0, row 2 {d.conditions[1]} marker 0" in out
    space, tile = sorted(d.tiles.items())[0]
    assert f"reward tiles: {space} {tile}, " in out
