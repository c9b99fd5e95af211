"""Writes are atomic: a process killed while it saves, or a failure between write and rename, leaves the
previous save whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves import SaveError, SaveStore, load_game, save_game
from saves import atomic

from .helpers import assert_same_game, game_at, random_game_log

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from saves import load_game, save_game
from saves.atomic import write_atomic
mode, target, a, b = sys.argv[1:5]
games = [load_game(a), load_game(b)]
blobs = [open(a, "rb").read(), open(b, "rb").read()]
print("ready", flush=True)
i = 0
while True:
    if mode == "bytes":
        write_atomic(target, blobs[i % 2])
    else:
        save_game(games[i % 2], target)
    i += 1
"""


@pytest.fixture(scope="module")
def two_saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("two")
    out = []
    for name, (seed, n) in {"a": (2, 40), "b": (4, 120)}.items():
        setup, keys = random_game_log(seed, 2 if name == "a" else 4, False)
        path = folder / f"{name}.toml"
        save_game(game_at(setup, keys, n), path)
        out.append(path)
    return out


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_killing_a_process_while_it_saves_leaves_a_whole_file(tmp_path, two_saves):
    a, b = two_saves
    target = tmp_path / "slot.toml"
    target.write_bytes(a.read_bytes())
    versions = {a.read_bytes(), b.read_bytes()}
    games = [load_game(a), load_game(b)]
    r = random.Random(5)
    for i in range(16):
        mode = "bytes" if i % 2 else "games"
        before = target.read_bytes()  # a child killed before its first rename leaves these
        proc = subprocess.Popen([sys.executable, "-c", WRITER, mode, str(target), str(a), str(b)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready", proc.stderr.read().decode()
        time.sleep(r.uniform(0.0, 0.06))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        loaded = load_game(target)  # the old save or the new one, never a mix: it loads
        if mode == "bytes":
            assert target.read_bytes() in versions | {before}
        assert any(loaded.state == g.state and loaded.log == g.log for g in games)
    # Leftover temporary files (from a kill before the rename) are never listed as saves, and a store
    # clears the old ones when it next writes.
    assert [i.path.name for i in SaveStore(tmp_path).list()] == ["slot.toml"]
    leftovers = [p for p in tmp_path.iterdir() if atomic.is_temp_file(p)]
    for p in leftovers:
        os.utime(p, (time.time() - 7200, time.time() - 7200))
    SaveStore(tmp_path).save_as(games[0], "other")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.toml", "slot.toml"]


def test_a_failure_between_write_and_rename_keeps_the_old_save(tmp_path, monkeypatch, two_saves):
    a, b = two_saves
    target = tmp_path / "slot.toml"
    target.write_bytes(a.read_bytes())
    new_game = load_game(b)

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", crash)
    with pytest.raises(SaveError) as info:
        save_game(new_game, target)
    assert str(info.value) == f"{target}: cannot be written: No space left on device"
    assert target.read_bytes() == a.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.toml"]  # the temporary file is removed
    monkeypatch.undo()
    save_game(new_game, target)
    assert_same_game(load_game(target), new_game)


def test_a_failing_fsync_or_a_kill_signal_keeps_the_old_save(tmp_path, monkeypatch, two_saves):
    a, b = two_saves
    target = tmp_path / "slot.toml"
    target.write_bytes(a.read_bytes())
    game = load_game(b)

    def fail(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", fail)
    with pytest.raises(SaveError, match="Input/output error"):
        save_game(game, target)
    assert target.read_bytes() == a.read_bytes()

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)
    monkeypatch.setattr(atomic.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_game(game, target)
    assert target.read_bytes() == a.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.toml"]


def test_a_save_to_a_missing_folder_is_a_clear_error(tmp_path, two_saves):
    game = load_game(two_saves[0])
    with pytest.raises(SaveError, match="cannot be written: No such file or directory"):
        save_game(game, tmp_path / "no" / "such" / "folder.toml")
