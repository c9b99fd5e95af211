"""One game, one owner: two processes never both play (and autosave) one game."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from barrage_tui.rules import Game, SeatSetup, Setup
from saves import GameInUse, SaveStore

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys, time
from barrage_tui.rules import Game, SeatSetup, Setup
from saves import SaveStore
store = SaveStore(sys.argv[1])
game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), options={"id": sys.argv[2]}))
lock = store.claim(game)
store.autosave(game)
print("holding", flush=True)
time.sleep(60)
"""


def a_game(game_id: str = "g7") -> Game:
    return Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), options={"id": game_id}))


@pytest.fixture
def other_process(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path), "g7"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().strip() == b"holding", proc.stderr.read().decode()
    yield proc
    proc.kill()
    proc.wait()


def test_a_game_open_in_another_process_is_refused_and_named(tmp_path, other_process):
    store = SaveStore(tmp_path)
    with pytest.raises(GameInUse) as refused:
        store.claim(a_game())
    assert refused.value.pid == other_process.pid
    assert "open in another barrage-tui" in str(refused.value)
    assert store.holder(a_game()) == other_process.pid
    store.claim(a_game("g8")).release()  # another game is free


def test_a_killed_owner_leaves_no_stale_lock(tmp_path, other_process):
    store = SaveStore(tmp_path)
    os.kill(other_process.pid, signal.SIGKILL)
    other_process.wait()
    lock = store.claim(a_game())  # the system dropped the lock with the process
    assert lock.held
    lock.release()
    assert store.holder(a_game()) is None


def test_a_released_game_can_be_claimed_again_and_the_lock_file_is_not_a_save(tmp_path):
    store = SaveStore(tmp_path)
    lock = store.claim(a_game())
    store.autosave(a_game())
    lock.release()
    store.claim(a_game()).release()
    assert [i.path.name.startswith("autosave-") for i in store.list()] == [True]
