"""One game, one owner: the app holds a game's lock while it plays it; a game another process plays is
offered to watch live (read-only, following its autosave), never written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import saves
from barrage_tui.rules.game import Game
from barrage_tui.ui.screens.dialogs import ConfirmScreen
from barrage_tui.ui.screens.start import StartScreen
from barrage_tui.ui.screens.watch import WatchScreen

from .conftest import game_screen, make_app, screen_text, start_screen_ready
from .driver import default_setup

ROOT = Path(__file__).resolve().parents[2]

# Another barrage-tui: it holds the game and, on each line read, takes the first choice and autosaves.
OTHER = """
import sys
import saves
store = saves.SaveStore(sys.argv[1])
game = saves.load_game(sys.argv[2])
lock = store.claim(game)
print("holding", flush=True)
for line in sys.stdin:
    game.choose(game.prompt.choices[0].key)
    store.autosave(game)
    print(len(game.log), flush=True)
"""

TRY = """
import sys
import saves
store = saves.SaveStore(sys.argv[1])
try:
    store.claim(saves.load_game(sys.argv[2]))
except saves.GameInUse as exc:
    print("in use", exc.pid)
else:
    print("claimed")
"""


def saved_game(tmp_path, seed: int = 12):
    store = saves.SaveStore(tmp_path / "saves")
    game = Game.new(default_setup(2, seed))
    game.choose(game.prompt.choices[0].key)
    return store, game, store.autosave(game)


@pytest.fixture
def other(tmp_path):
    store, game, path = saved_game(tmp_path)
    proc = subprocess.Popen([sys.executable, "-c", OTHER, str(store.directory), str(path)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding", proc.stderr.read()
    yield proc, store, game, path
    proc.kill()
    proc.wait()


def decide_there(proc) -> int:
    proc.stdin.write("go\n")
    proc.stdin.flush()
    return int(proc.stdout.readline())


async def until(pilot, condition, what: str):
    for _ in range(400):  # bounded: at most a few seconds of the app's own time
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"waited for {what}")


async def test_the_app_holds_the_game_it_plays(tmp_path):
    store, game, path = saved_game(tmp_path)
    app = make_app(tmp_path, game=saves.load_game(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game_screen(app)
        other = subprocess.run([sys.executable, "-c", TRY, str(store.directory), str(path)], cwd=ROOT,
                               capture_output=True, text=True, timeout=60)
        assert other.stdout.split()[:2] == ["in", "use"], other.stderr
        app.new_game_screen()  # back to the start screen: the game is free again
        await start_screen_ready(pilot)
        other = subprocess.run([sys.executable, "-c", TRY, str(store.directory), str(path)], cwd=ROOT,
                               capture_output=True, text=True, timeout=60)
        assert other.stdout.strip() == "claimed", other.stderr


async def test_a_game_played_elsewhere_is_watched_live_and_never_written(tmp_path, other):
    proc, store, game, path = other
    app = make_app(tmp_path, game=saves.load_game(path))  # as --continue / --load give it
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert f"open in another barrage-tui (process {proc.pid})" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        watch = app.screen
        assert isinstance(watch, WatchScreen)
        for _ in range(3):
            n = decide_there(proc)
            await until(pilot, lambda: len(watch.session.game.log) == n, "the watched game to follow")
        assert watch.session.game.state == saves.load_game(path).state
        footer = screen_text(app).splitlines()[-1]  # a watcher decides nothing: no such keys offered
        assert "Confirm" not in footer and "Undo" not in footer and "Save as" not in footer, footer
        assert "Help" in footer and "Log" in footer
        written = path.read_bytes(), path.stat().st_mtime_ns
        for key in ("enter", "u", "escape"):
            if isinstance(app.screen, WatchScreen):
                await pilot.press(key)
                await pilot.pause()
        assert (path.read_bytes(), path.stat().st_mtime_ns) == written
        assert len(list(store.directory.glob("*.toml"))) == 1
        assert isinstance(app.screen, StartScreen)  # Esc went back
        await start_screen_ready(pilot)


async def test_opening_a_held_game_from_the_start_screen_offers_to_watch_or_go_back(tmp_path, other):
    proc, store, game, path = other
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_save(path)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.game_lock is None
        await start_screen_ready(pilot)
