"""Saves record the board a game is played on, with its content hash (format version 3 on, docs/save-format.md)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from barrage_tui.cli import main
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from saves import SaveError, board_warning, load_game, save_game

from .helpers import HANDMADE

SMALL = Path(__file__).parents[1] / "boards" / "small.toml"


def _game_on(board: Path) -> Game:
    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),), seed=5,
                          options={"board": str(board)}))
    for _ in range(6):
        game.choose(game.prompt.choices[0].key)
    return game


def test_a_save_records_the_board_and_its_hash(tmp_path):
    board = tmp_path / "board.toml"
    shutil.copy(SMALL, board)
    game = _game_on(board)
    path = save_game(game, tmp_path / "g.toml")
    text = path.read_text()
    assert f'board_sha256 = "{game.board.sha256}"' in text and f'board = "{board}"' in text
    loaded = load_game(path)
    assert loaded.board.id == "small" and loaded.state == game.state and board_warning(loaded) == ""


def test_a_changed_board_file_loads_with_a_warning(tmp_path):
    board = tmp_path / "board.toml"
    shutil.copy(SMALL, board)
    path = save_game(_game_on(board), tmp_path / "g.toml")
    board.write_text(SMALL.read_text().replace('name = "Small test board"', 'name = "Small test board, edited"'))
    loaded = load_game(path)
    assert board_warning(loaded) == (f"the board {board} has changed since this game was saved (its content hash "
                                     "differs); the game goes on on the board as it is now")
    assert loaded.board.name == "Small test board, edited"


def test_a_missing_board_file_refuses_the_save(tmp_path):
    board = tmp_path / "board.toml"
    shutil.copy(SMALL, board)
    path = save_game(_game_on(board), tmp_path / "g.toml")
    board.unlink()
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert str(info.value) == f"{path}: the game's board {board}: the board file is missing"


def test_a_file_saved_before_boards_were_data_is_played_on_the_base_board(tmp_path):
    game = load_game(HANDMADE)  # version 1, no board entry
    assert "board" not in HANDMADE.read_text()
    assert game.board is components().map and board_warning(game) == ""
    base = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),), seed=5))
    text = save_game(base, tmp_path / "g.toml").read_text()
    older = tmp_path / "v2.toml"  # as version 2 wrote it
    older.write_text("".join(line for line in text.replace("version = 4\n", "version = 2\n").splitlines(True)
                             if not line.startswith("board_sha256")))
    assert load_game(older).board is components().map


def test_a_base_game_records_the_base_boards_hash(tmp_path):
    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),), seed=5))
    text = save_game(game, tmp_path / "g.toml").read_text()
    assert f'board_sha256 = "{components().map.sha256}"' in text and "version = 4\n" in text


@pytest.mark.parametrize("damaged", ["", "6f1c", "z" * 64, "0" * 63, "0" * 65])
def test_a_damaged_board_hash_is_a_damaged_save_not_a_changed_board(tmp_path, damaged):
    """Issue 19: a malformed board_sha256 was reported as 'the board has changed'."""
    text = save_game(_game_on(SMALL), tmp_path / "g.toml").read_text()
    path = tmp_path / "damaged.toml"
    path.write_text(re.sub(r'board_sha256 = "[0-9a-f]{64}"', f'board_sha256 = "{damaged}"', text))
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert str(info.value) == (f"{path}: board_sha256: {damaged!r} is not a content hash (64 hexadecimal digits): "
                               "the file is damaged")
    assert main(["inspect", str(path)]) == 1


def test_inspect_says_the_board_changed_as_the_app_does(tmp_path, capsys):
    board = tmp_path / "board.toml"
    shutil.copy(SMALL, board)
    path = save_game(_game_on(board), tmp_path / "g.toml")
    assert main(["inspect", str(path)]) == 0
    assert capsys.readouterr().err == ""  # the same board: nothing to say
    board.write_text(SMALL.read_text().replace('name = "Small test board"', 'name = "Small test board, edited"'))
    assert main(["inspect", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == f"{path}: warning: {board_warning(load_game(path))}\n"
    assert "has changed since this game was saved" in err and "Round 1 of 5" in out
