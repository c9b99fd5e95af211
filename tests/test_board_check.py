"""``barrage-tui board check FILE``: a good board gives a summary (exit 0); a broken one ONE line naming the
place and the problem (exit 1), never a traceback; ``sim --board`` plays on a board file or id."""

from __future__ import annotations

from pathlib import Path

import pytest

from barrage_tui.cli import main

from .board_edits import assert_refused

SMALL = Path(__file__).parent / "boards" / "small.toml"
TEXT = SMALL.read_text()

# (what is broken, the edit of the small board, the exact message after "<file>: ")
BROKEN = [
    ("bad TOML", ('id = "small"', 'id = "small'), "not valid TOML: Illegal character '\\n' (at line 9, column 12)"),
    ("a missing key", ('id = "L1"\ncapacity = 3\n', 'id = "L1"\n'), "lake L1: key 'capacity' is missing"),
    ("a duplicate id", ('id = "Q2b"', 'id = "Q2a"'), "valley 2, powerhouse Q2a: duplicate id 'Q2a'"),
    ("a valley with two upper dam spaces", ('id = "H2L"\n', 'id = "H2L"\nupper = true\n'),
     "valley 2: two upper dam spaces (H2U and H2L)"),
    ("a conduit to nowhere", ('value = 1\nto = 4', 'value = 1\nto = 9'),
     "valley 3, conduit K4: leads to valley 9, which the board does not have"),
    ("a conduit to a valley without powerhouse spaces", ('value = 2\nto = 4', 'value = 2\nto = 1'),
     "valley 1, conduit K2: leads to valley 1, which has no powerhouse space"),
    ("water that can never leave the board", ('area = "plain"\nto = "EXIT"', 'area = "plain"\nto = 2'),
     "valley 2: its water never leaves the board (P2 -> H2U -> H2L -> L1 -> P3 -> D3 -> D3x -> P2)"),
    ("a lake draining into itself", ('drops = 0\nto = 3', 'drops = 0\nto = "L1"'), "lake L1: drains into itself"),
    ("an unknown area", ('id = 2\narea = "hill"', 'id = 2\narea = "desert"'),
     "valley 2: unknown area 'desert' (the board's areas: mountain, hill, plain)"),
    ("a headstream leading nowhere", ('id = "HB"\nto = 2', 'id = "HB"\nto = "NOWHERE"'),
     "headstream HB: leads to 'NOWHERE', which is no valley, lake or exit of the board"),
    ("a yield mark that is not 4 or 3+", ('players = "3+"', 'players = "2"'),
     "yield_space Y2: players mark '2' is not \"4\" or \"3+\" (or left out)"),
    ("a covered space naming no landscape", ('neutral = true\ncovered = "T1"', 'neutral = true\ncovered = ""'),
     "valley 4, powerhouse Q4c: covered names no landscape"),
    ("a covered space naming an unknown landscape", ('neutral = true\ncovered = "T1"', 'neutral = true\ncovered = "Z9"'),
     "valley 4, powerhouse Q4c: covered by landscape 'Z9', which the board does not have"),
    ("an unknown key", ('id = "Q3n"\nneutral = true', 'id = "Q3n"\nneutral = true\ncolour = "blue"'),
     "valley 3, powerhouse Q3n: unknown key 'colour'"),
    ("a value of the wrong type", ("capacity = 3", 'capacity = "3"'), "lake L1: capacity must be a number, not a text"),
    ("an unknown headstream tile", ("headstream_tiles = [1, 4, 7]", "headstream_tiles = [1, 4, 99]"),
     "headstream_tiles: unknown headstream tile 99 (headstreams.toml has 1-8, 101-108, 201)"),
    ("a neutral dam on a space of another area", ('spaces = ["M1L"]', 'spaces = ["H2L"]'),
     "neutral_dam mountain: H2L is no dam space of the mountain area"),
    ("a layout that leaves a valley out", ('layout = [[1, 2], ["legend", 3, 4]]', 'layout = [[1, 2], ["legend", 3]]'),
     "layout: leaves out valley 4"),
]


def test_a_good_board_is_summed_up(capsys):
    assert main(["board", "check", str(SMALL)]) == 0
    out = capsys.readouterr().out
    assert out == (f"{SMALL}: ok: board 'small' (Small test board): 4 valleys, 6 dam spaces, 4 conduits, 6 powerhouse "
                   "spaces, 2 headstreams, 2 exits, 1 natural lake, 2 neutral powerhouses, 2 branching conduits, "
                   "1 landscape, 2 yield spaces\n")
    assert main(["board", "check", "base"]) == 0


@pytest.mark.parametrize("what, edit, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_board_is_refused_with_one_line(tmp_path, capsys, what, edit, message):
    assert_refused(tmp_path, capsys, TEXT, edit, message)


@pytest.mark.parametrize("content, message", [
    (None, "the board file is missing"),
    (b"\xff\xfe", "not a text file (not UTF-8)"),
    (b"a" * 70_000, "too large for a board file (70,000 bytes; at most 64 KB)"),
    (b"x" + b".y" * 20 + b" = 1\n", "not a board file: a key has more than 8 dotted parts"),
    (b"[[valley]]\nid = 1\n", "key 'id' is missing"),
])
def test_bad_input_never_gives_a_traceback(tmp_path, capsys, content, message):
    path = tmp_path / "b.toml"
    if content is not None:
        path.write_bytes(content)
    assert main(["board", "check", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: {message}\n"


def test_an_unknown_board_id_lists_the_boards(capsys):
    assert main(["board", "check", "yellow"]) == 1
    assert capsys.readouterr().err == "yellow: no board 'yellow' (the boards: base, duel, five, yellow-river; or a .toml file's path)\n"


def test_the_five_player_map_passes_the_check(capsys):
    assert main(["board", "check", "five"]) == 0
    assert capsys.readouterr().out == (
        "five: ok: board 'five' (Barrage 4-5 players: the 5-player box's map): 16 valleys, 26 dam spaces, "
        "26 conduits, 27 powerhouse spaces, 5 headstreams, 3 exits, for 4 or 5 seats\n")


def test_a_path_with_escape_codes_is_shown_as_plain_text(tmp_path, capsys):
    assert main(["board", "check", str(tmp_path / "\x1b[2Jx.toml")]) == 1
    assert "\\x1b[2Jx.toml: the board file is missing" in capsys.readouterr().err


def test_sim_plays_on_a_board_file_and_on_a_board_id(capsys):
    assert main(["sim", "--games", "3", "--seed", "2", "--board", str(SMALL)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("games=3 errors=0 violations=0 games_per_s=")
    assert main(["sim", "--games", "2", "--seed", "2", "--board", "base"]) == 0
    assert main(["sim", "--games", "1", "--board", "nope"]) == 2
    assert "--board nope: no board 'nope'" in capsys.readouterr().err


def test_the_automa_never_gets_stuck_on_another_board(capsys):
    assert main(["sim", "--games", "12", "--seed", "7", "--automa", "1", "--board", str(SMALL)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("games=12 errors=0 violations=0 ")
