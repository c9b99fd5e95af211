"""A board path that is not a regular file of a board's size is refused with one line, without being read:
no FIFO blocks, /dev/zero is not read whole, a symlink loop gives no traceback. The same through each way a
board file is named: ``board check``, ``sim --board``, the app's ``--board`` and a save naming a board."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from barrage_tui.cli import main
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from saves import SaveError, load_game, save_game

from .board_edits import bounded

SMALL = Path(__file__).parent / "boards" / "small.toml"


def fifo(path: Path) -> str:
    os.mkfifo(path)  # nobody writes to it: opening it to read would block for good
    return "is a named pipe (FIFO), not a board file"


def zero(path: Path) -> str:
    if not Path("/dev/zero").exists() or not stat.S_ISCHR(os.stat("/dev/zero").st_mode):
        pytest.fail("this test needs /dev/zero")
    path.symlink_to("/dev/zero")  # a board path naming the device: endless bytes
    return "is a device, not a board file"


def loop(path: Path) -> str:
    path.symlink_to(path.name)  # a symlink to itself
    return "cannot be read (Too many levels of symbolic links)"


def folder(path: Path) -> str:
    path.mkdir()
    return "is a folder, not a board file"


def oversize(path: Path) -> str:
    with open(path, "wb") as fh:  # sparse: 10 GB on its stat, no disk used; it must never be read whole
        fh.truncate(10 * 1024 ** 3)
    return "too large for a board file (10,737,418,240 bytes; at most 64 KB)"


KINDS = [fifo, zero, loop, folder, oversize]


@pytest.fixture(params=KINDS, ids=[k.__name__ for k in KINDS])
def bad_board(request, tmp_path) -> tuple[str, str]:
    """(the path of a board file that is not one, the problem said about it)."""
    path = tmp_path / "board.toml"
    return str(path), request.param(path)


def test_board_check_refuses_it(bad_board, capsys):
    path, problem = bad_board
    with bounded():
        assert main(["board", "check", path]) == 1
    assert capsys.readouterr().err == f"{path}: {problem}\n"


def test_sim_refuses_it(bad_board, capsys):
    path, problem = bad_board
    with bounded():
        assert main(["sim", "--games", "1", "--board", path]) == 2
    assert capsys.readouterr().err == f"barrage-tui: --board {path}: {problem}\n"


def test_the_app_refuses_it_before_it_starts(bad_board, capsys):
    path, problem = bad_board
    with bounded():
        assert main(["--board", path]) == 2
    assert capsys.readouterr().err == f"barrage-tui: --board {path}: {problem}\n"


@pytest.mark.parametrize("kind", KINDS, ids=[k.__name__ for k in KINDS])
def test_a_save_naming_it_is_refused(tmp_path, kind):
    board = tmp_path / "board.toml"
    shutil.copy(SMALL, board)
    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),), seed=5,
                          options={"board": str(board)}))
    save = save_game(game, tmp_path / "g.toml")
    board.unlink()
    problem = kind(board)  # the board file the save names is now this
    with bounded(), pytest.raises(SaveError) as info:
        load_game(save)
    assert str(info.value) == f"{save}: the game's board {board}: {problem}"
