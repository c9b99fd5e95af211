"""Files that cannot be saves are refused cheaply, before they are parsed (issue 15: parser bombs).

Each bomb is loaded in a child process whose CPU time and memory are capped (tests/saves/helpers.py):
the old code, which parsed them, takes seconds to minutes and gigabytes on each, and is killed there.
"""

from __future__ import annotations

import os
import shutil

import pytest

from saves import SaveError, SaveStore, load_game, loads_game, save_game
from saves.limits import MAX_BYTES, MAX_DEPTH, MAX_KEY_PARTS, MAX_VALUES

from .helpers import HANDMADE, HEADER, game_at, random_game_log, run_limited

PEAK_BYTES = 200 * 1024 * 1024

# name: (the file's text, what the refusal says: the cheap check that caught it)
BOMBS = {
    "deep-key": (lambda: HEADER + "a" + ".a" * 20_000 + " = 1\n", f"more than {MAX_KEY_PARTS} dotted parts"),
    "deep-table": (lambda: HEADER + "[" + ".".join(["t"] * 5_000) + "]\n", "dotted parts"),
    "deep-nesting": (lambda: HEADER + "x = " + "[" * 20_000 + "]" * 20_000 + "\n", f"nested more than {MAX_DEPTH}"),
    "many-ints": (lambda: HEADER + "junk = [" + "1," * 400_000 + "]\n", "values, more than a save"),
    "many-empty-arrays": (lambda: HEADER + "junk = [" + "[]," * 300_000 + "]\n", "values, more than a save"),
    "many-tables": (lambda: HEADER + "".join(f"[t{i}]\n" for i in range(100_000)), "values, more than a save"),
    "huge-int-array": (lambda: HEADER + "junk = [" + "1234567," * 1_800_000 + "]\n", "too large for a save file"),
    "five-million-arrays": (lambda: HEADER + "junk = [" + "[]," * 5_000_000 + "]\n", "too large for a save file"),
}
FIFO_REFUSAL = "is a named pipe (FIFO), not a save file"

def write_bombs(folder) -> dict[str, str]:
    """The bombs and a FIFO as ``<name>.toml`` in ``folder``: {file name: the refusal expected}."""
    folder.mkdir(exist_ok=True)
    expected = {}
    for name, (text, reason) in BOMBS.items():
        (folder / f"{name}.toml").write_text(text())
        expected[f"{name}.toml"] = reason
    os.mkfifo(folder / "pipe.toml")
    expected["pipe.toml"] = FIFO_REFUSAL
    return expected


LOAD_EACH = """
from saves import SaveError, load_game

def load(path):
    try:
        load_game(path)
    except SaveError as exc:
        return str(exc)
    return "loaded"

for path in sys.argv[1:]:
    step(path, lambda: load(path))
"""


def test_each_bomb_is_refused_before_parsing_within_the_caps(tmp_path):
    expected = write_bombs(tmp_path)
    assert os.path.getsize(tmp_path / "huge-int-array.toml") > 14_000_000  # as large as the issue's
    paths = [str(tmp_path / name) for name in expected]
    results = run_limited(LOAD_EACH, *paths)
    assert [r["name"] for r in results] == paths
    for r in results:
        name = os.path.basename(r["name"])
        assert r["result"].startswith(f"{r['name']}: ") and expected[name] in r["result"], r
        assert "\n" not in r["result"]
        assert r["peak"] < PEAK_BYTES, (name, r["peak"])


LIST_FOLDER = """
from saves import SaveStore

def listing():
    found = SaveStore(sys.argv[1]).listing()
    return {"saves": [i.path.name for i in found.saves], "skipped": {i.path.name: i.error for i in found.skipped}}

step("listing", listing)
"""


def test_the_listing_skips_each_bomb_and_the_fifo_by_name_and_lists_the_saves(tmp_path):
    folder = tmp_path / "saves"
    expected = write_bombs(folder)
    game = game_at(*random_game_log(4, 4, False), 80)
    save_game(game, folder / "mid-game.toml")
    shutil.copy(HANDMADE, folder / "handmade.toml")  # no summary: read whole, through the same checks
    (result,) = run_limited(LIST_FOLDER, str(folder))
    found = result["result"]
    assert sorted(found["saves"]) == ["handmade.toml", "mid-game.toml"]
    assert set(found["skipped"]) == set(expected)
    for name, reason in expected.items():
        assert reason in found["skipped"][name], name
    assert result["peak"] < PEAK_BYTES


def test_list_keeps_its_return_type_and_include_broken_names_the_skipped(tmp_path):
    (tmp_path / "deep.toml").write_text(BOMBS["deep-key"][0]())
    shutil.copy(HANDMADE, tmp_path / "handmade.toml")
    store = SaveStore(tmp_path)
    assert [i.path.name for i in store.list()] == ["handmade.toml"]
    broken = [i for i in store.list(include_broken=True) if i.error]
    assert [i.path.name for i in broken] == ["deep.toml"] and "dotted parts" in broken[0].error


def test_inspect_of_a_fifo_answers_at_once(tmp_path):
    os.mkfifo(tmp_path / "x.toml")
    (result,) = run_limited(LOAD_EACH, str(tmp_path / "x.toml"))
    assert result["result"] == f"{tmp_path / 'x.toml'}: {FIFO_REFUSAL}"


def test_the_size_limit_is_checked_on_the_files_stat_before_reading(tmp_path):
    path = tmp_path / "big.toml"
    with open(path, "wb") as fh:  # sparse: 10 GB on its stat, nothing written (a read stops at the limit)
        fh.truncate(10 << 30)
    with pytest.raises(SaveError, match=r"too large for a save file \(10,737,418,240 bytes; at most 1,024 KB\)"):
        load_game(path)
    assert MAX_BYTES == 1024 * 1024


def test_strings_and_comments_do_not_count_as_keys_depth_or_values(tmp_path):
    """The pre-scan skips what is inside strings and comments: a name full of dots and brackets loads."""
    name = "[[[[[[[[[[a.b.c.d.e.f.g.h.i.j.k,,,,===]]"
    text = HANDMADE.read_text().replace('name = "Ann"', f"name = {name!r}")
    text = text.replace("[state]\n", "[state]\n# [[[[[[[[[[[ a.b.c.d.e.f.g.h.i.j " + "x," * MAX_VALUES + "\n")
    game = loads_game(text, "dots")
    assert game.state.companies[0].player == name
