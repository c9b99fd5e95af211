"""One game, one owner: two processes never both play (and autosave) one game."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from barrage_tui.rules import Game, SeatSetup, Setup
from barrage_tui.ui import storage
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


# ------------------------------------------------------------------ the lock follows the file (issue 19)

def test_a_save_played_from_another_save_folder_is_refused(tmp_path, other_process):
    """The other process plays g7 with the save folder tmp_path; this one opens that autosave with --load
    and another --save-dir: it is told who plays it, and which file to watch."""
    from saves import load_game

    theirs = SaveStore(tmp_path).autosave_path(a_game())
    mine = SaveStore(tmp_path / "elsewhere")
    game = load_game(theirs)
    with pytest.raises(GameInUse) as refused:
        mine.claim(game)
    assert refused.value.pid == other_process.pid
    assert refused.value.path == theirs.resolve()
    assert mine.holder(game) == other_process.pid
    assert not (tmp_path / "elsewhere" / f"autosave-{a_game().setup.options['id']}.toml").exists()


def test_a_save_or_folder_reached_through_a_link_is_the_same(tmp_path, other_process):
    from saves import load_game

    folder_link = tmp_path.parent / f"{tmp_path.name}-link"
    folder_link.symlink_to(tmp_path, target_is_directory=True)
    file_link = tmp_path / "elsewhere" / "link.toml"
    file_link.parent.mkdir()
    file_link.symlink_to(SaveStore(tmp_path).autosave_path(a_game()))
    try:
        with pytest.raises(GameInUse):
            SaveStore(folder_link).claim(a_game())
        with pytest.raises(GameInUse):
            SaveStore(tmp_path / "elsewhere").claim(load_game(file_link))
    finally:
        folder_link.unlink()


def test_two_stores_opening_one_file_see_each_others_lock(tmp_path):
    from saves import load_game

    first, second = SaveStore(tmp_path / "a"), SaveStore(tmp_path / "b")
    path = first.save_as(a_game(), "shared")
    lock = first.claim(load_game(path))  # plays the named save on, autosaving in folder a
    with pytest.raises(GameInUse) as refused:
        second.claim(load_game(path))
    assert refused.value.path == first.autosave_path(a_game()).resolve()  # the file the holder writes
    with pytest.raises(storage.InUse) as app_refused:  # the app offers to watch that file
        storage.claim(second, load_game(path))
    assert app_refused.value.path == refused.value.path and app_refused.value.pid == os.getpid()
    lock.release()
    second.claim(load_game(path)).release()


def test_a_branch_leaves_the_file_it_came_from_free(tmp_path):
    from saves import load_game

    store = SaveStore(tmp_path)
    path = store.save_as(a_game(), "older")
    branched = load_game(path)
    store.branch(branched)
    lock = store.claim(branched)
    SaveStore(tmp_path / "other").claim(load_game(path)).release()  # the older save is not the branch's
    lock.release()
