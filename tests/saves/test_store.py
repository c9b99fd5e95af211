"""The save folder: autosave slots, named saves, the listing and --continue's latest game."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from saves import SaveError, SaveStore, default_save_dir, load_game
from saves.store import NAME_BYTES, safe_name

from .helpers import HANDMADE, assert_same_game, game_at, game_in_round, random_game_log


def test_the_default_folder_is_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if os.name == "posix" and not os.uname().sysname == "Darwin":
        assert default_save_dir() == tmp_path / "data" / "barrage-tui" / "saves"
    assert SaveStore().directory == default_save_dir()
    assert SaveStore(tmp_path / "mine").directory == tmp_path / "mine"


def test_autosave_keeps_one_slot_per_game_and_resumes_exactly(tmp_path):
    store = SaveStore(tmp_path / "saves")  # created on first write
    setup, keys = random_game_log(2, 2, False)
    game = game_at(setup, keys, 0)
    for key in keys[:57]:  # the app: autosave after every decision
        game.choose(key)
        path = store.autosave(game)
    assert [p.name for p in (tmp_path / "saves").iterdir()] == [path.name]
    assert path.name == f"autosave-{game.setup.options['id']}.toml"
    other = game_at(*random_game_log(3, 3, False), 10)
    other_path = store.autosave(other)
    assert other_path != path
    os.utime(other_path, (time.time() - 100, time.time() - 100))
    assert store.latest() == path
    resumed = load_game(store.latest())
    assert_same_game(resumed, game)
    assert resumed.setup.options["id"] == game.setup.options["id"]
    assert store.autosave_path(resumed) == path  # a resumed game goes on in its own slot


def test_save_as_and_the_listing(tmp_path):
    store = SaveStore(tmp_path)
    setup, keys = random_game_log(4, 4, False)
    game = game_at(setup, keys, 80)
    named = store.save_as(game, "Before the flood: round 2?")
    assert named == tmp_path / "Before the flood- round 2-.toml"
    assert store.path_for("Before the flood: round 2?") == named
    finished = game_at(*random_game_log(5, 2, True), 10**6)
    done = store.save_as(finished, "done.toml")
    assert done.name == "done.toml"
    os.utime(named, (time.time() - 50, time.time() - 50))
    (tmp_path / "broken.toml").write_text("format = 'barrage-tui'\nversion = 1\n[state\n")
    (tmp_path / "notes.txt").write_text("not a save")
    (tmp_path / "handmade.toml").write_bytes(HANDMADE.read_bytes())
    os.utime(tmp_path / "handmade.toml", (time.time() - 500, time.time() - 500))

    infos = store.list()
    assert [i.path.name for i in infos] == ["done.toml", named.name, "handmade.toml"]
    first, second, third = infos
    assert first.over and first.scores == tuple(c.vp for c in finished.state.companies)
    assert first.seats == tuple((c.player, c.company) for c in finished.state.companies)
    assert first.round == 5 and not first.autosave
    assert not second.over and second.round == game.state.round
    assert second.scores == tuple(c.vp for c in game.state.companies)
    assert second.game_id == game.setup.options["id"]
    assert third.seats == (("Ann", "usa"), ("Bob", "germany")) and third.round == 3 and third.scores == (21, 17)
    assert first.modified > second.modified
    everything = store.list(include_broken=True)
    broken = [i for i in everything if i.path.name == "broken.toml"]
    assert len(broken) == 1 and "TOML" in broken[0].error
    assert store.latest() == done


def test_an_empty_or_missing_folder_lists_nothing(tmp_path):
    assert SaveStore(tmp_path / "nothing").list() == []
    assert SaveStore(tmp_path / "nothing").latest() is None


def test_a_folder_that_cannot_be_created_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("x")
    store = SaveStore(tmp_path / "file" / "saves")
    with pytest.raises(SaveError, match="cannot create the save folder"):
        store.autosave(game_at(*random_game_log(2, 2, False), 3))


@pytest.mark.parametrize("name,expected", [
    ("game 1", "game 1"), ("a/b\\c", "a-b-c"), ("  ..  ", "game"), ("x.toml", "x"), ("Été", "Été"),
    ("../my hot/seat", "my hot-seat"), ("-rf", "rf"), (".hidden", "hidden"), ("--", "game"),
])
def test_safe_names(name, expected):
    assert safe_name(name) == expected
    assert Path(safe_name(name)).name == safe_name(name)


@pytest.mark.parametrize("name", ["长" * 80, "é" * 300, "a" * 300, "a" * 199 + "长" * 5, "Partie " + "長" * 90],
                         ids=["80 CJK", "300 accented", "300 ASCII", "a CJK character across the limit", "mixed"])
def test_a_long_name_is_cut_by_bytes_and_can_be_saved(tmp_path, name):
    cut = safe_name(name)
    assert NAME_BYTES - 3 <= len(cut.encode("utf-8")) <= NAME_BYTES
    assert name.startswith(cut)  # whole characters only
    game = game_at(*random_game_log(2, 2, False), 3)
    path = SaveStore(tmp_path).save_as(game, name)  # the temporary file of the write is longer still
    assert path.name == cut + ".toml"
    assert_same_game(load_game(path), game)


def test_the_listing_shows_what_the_checked_file_says_not_an_edited_summary(tmp_path):
    """Issue 19: a round-3 game whose [summary] was edited to 'finished, 9999 VP' is listed as it is: the
    edit breaks the summary's seal, and the file is then listed from the game its loading checks."""
    store = SaveStore(tmp_path)
    setup, keys = random_game_log(4, 2, False)
    game = game_in_round(setup, keys, 3)
    path = store.save_as(game, "edited")
    assert store.list()[0].scores == tuple(c.vp for c in game.state.companies)  # sealed: from its summary
    text = path.read_text()
    edited = re.sub(r"(\[summary\]\nround = )\d+\nphase = \"\w+\"\nover = false\n(.*\n.*\n)scores = \[[^]]*\]",
                    r'\g<1>5\nphase = "over"\nover = true\n\g<2>scores = [9999, 9999]', text)
    assert edited != text
    path.write_text(edited)
    (info,) = store.list()
    assert not info.over and info.round == game.state.round == 3
    assert info.scores == tuple(c.vp for c in game.state.companies) and 9999 not in info.scores
    assert info.game_id == game.setup.options["id"]


def test_an_edited_file_that_does_not_load_is_skipped_with_its_reason(tmp_path):
    store = SaveStore(tmp_path)
    path = store.save_as(game_in_round(*random_game_log(4, 2, False), 3), "edited")
    path.write_text(path.read_text().replace("\nround = 3\n", "\nround = 1\n", 1))  # [summary] only
    assert store.list()[0].round == 3
    state = re.search(r"\[state\]\n(?:.*\n)*?round = 3\n", path.read_text())
    text = path.read_text()
    path.write_text(text[:state.end() - 2] + "4\n" + text[state.end():])  # [state] says round 4
    assert store.list() == []
    (skipped,) = store.listing().skipped
    assert skipped.path == path and "state" in skipped.error


def test_a_listing_out_of_time_marks_the_files_it_has_not_checked(tmp_path, monkeypatch):
    """Files without a seal are loaded to be checked, for CHECK_SECONDS a listing at most (a folder of saves
    written before the seal stays quick to list); the rest are listed as they say, marked, and checked later."""
    import saves.store
    from barrage_tui.ui.storage import describe

    store = SaveStore(tmp_path)
    game = game_in_round(*random_game_log(4, 2, False), 3)
    path = store.save_as(game, "older")
    path.write_text(re.sub(r"\nseal = .*\n", "\n", path.read_text()))  # as written before the seal
    monkeypatch.setattr(saves.store, "CHECK_SECONDS", 0.0)
    (info,) = store.list()
    assert not info.checked and info.round == 3 and describe(info).endswith(" · not checked yet (edited or older file)")
    monkeypatch.setattr(saves.store, "CHECK_SECONDS", 60.0)
    (info,) = store.list()
    assert info.checked and not describe(info).endswith("older file)")
    monkeypatch.setattr(saves.store, "CHECK_SECONDS", 0.0)
    assert store.list()[0].checked  # remembered while the file is unchanged
