"""``board check`` accepts only boards a whole game can be played on (docs/board-format.md, "Limits"): every
number within its bounds, one neutral dam per space, each headstream tile once; and it takes linear time on
any input (a long comment, name or id used to take minutes in a backtracking regular expression)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from barrage_tui.cli import main
from barrage_tui.rules import boards

from .board_edits import assert_refused, bounded

SMALL = Path(__file__).parent / "boards" / "small.toml"
TEXT = SMALL.read_text()
SECOND_NEUTRAL_DAM = '[[neutral_dam]]\narea = "mountain"\nheight = 2\ndrops = 1\nspaces = ["M1L"]\n\n[[lake]]'

# (what is beyond a bound, the edit of the small board, the message after "<file>: ")
BEYOND = [
    ("two neutral dams on one space", ("[[lake]]", SECOND_NEUTRAL_DAM),
     "neutral_dam mountain: M1L is listed twice: one neutral dam at most stands on a space"),
    ("a space listed twice by one neutral dam", ('spaces = ["M1L"]', 'spaces = ["M1L", "M1L"]'),
     "neutral_dam mountain: M1L is listed twice: one neutral dam at most stands on a space"),
    ("a powerhouse fee of 1,000,000", ('id = "Q2b"\nred = 3', 'id = "Q2b"\nred = 1000000'),
     "valley 2, powerhouse Q2b: red 1000000: a red outline costs 0 to 9 credits more"),
    ("a negative dam fee", ('id = "M1U"\nupper = true\nred = 3', 'id = "M1U"\nupper = true\nred = -1'),
     "valley 1, dam M1U: red -1: a red outline costs 0 to 9 credits more"),
    ("a conduit value of 2^63", ('value = 4', 'value = 9223372036854775808'),
     "valley 1, conduit K1: value 9223372036854775808: a conduit's value is 1 to 9"),
    ("a conduit value of 10", ('value = 4', 'value = 10'),
     "valley 1, conduit K1: value 10: a conduit's value is 1 to 9"),
    ("a conduit value of 0", ('value = 4', 'value = 0'), "valley 1, conduit K1: value 0: a conduit's value is 1 to 9"),
    ("a lake of 10", ("capacity = 3", "capacity = 10"),
     "lake L1: capacity 10: a lake holds at least 1 drop and at most 9"),
    ("a valley numbered 100", ('id = 4\narea = "plain"', 'id = 100\narea = "plain"'),
     "valley 100: id 100: valleys are numbered 1 to 99"),
    ("a valley numbered 0", ('id = 4\narea = "plain"', 'id = 0\narea = "plain"'),
     "valley 0: id 0: valleys are numbered 1 to 99"),
    ("a neutral dam 4 high", ("height = 1\ndrops = 1", "height = 4\ndrops = 1"),
     "neutral_dam mountain: height 4: a dam is 1 to 3 high"),
    ("a headstream tile listed twice", ("headstream_tiles = [1, 4, 7]", "headstream_tiles = [1, 1, 4]"),
     "headstream_tiles: lists a tile twice: there is one of each tile"),
    ("a seat count listed twice", ('id = "small"', 'id = "small"\nseats = [2, 2]'), "seats: lists a seat count twice"),
    ("an id with a colon", ('id = "Q2b"', 'id = "Q2:b"'),
     "valley 2, powerhouse #2: id 'Q2:b': an id has only letters, digits, '_' and '-'"),
    ("an id of 33 characters", ('id = "Q2b"', f'id = "{"Q" * 33}"'),
     f"valley 2, powerhouse #2: id '{'Q' * 33}' is 33 characters long (at most 32)"),
    ("a name of 101 characters", ('name = "Small test board"', f'name = "{"n" * 101}"'),
     "name is 101 characters long (at most 100)"),
]


@pytest.mark.parametrize("what, edit, message", BEYOND, ids=[b[0] for b in BEYOND])
def test_a_number_beyond_its_bound_is_refused(tmp_path, capsys, what, edit, message):
    assert_refused(tmp_path, capsys, TEXT, edit, message)


def test_the_bounds_are_the_ones_the_format_documents():
    doc = (Path(__file__).parents[1] / "docs" / "board-format.md").read_text()
    assert (boards.MAX_VALLEY, boards.MAX_CONDUIT_VALUE, boards.MAX_RED, boards.MAX_LAKE) == (99, 9, 9, 9)
    for row in ("| 1-99 |", "conduit's `value` | 1-9 |", "`red` | 0-9 |", "| 1-9; 0 to its capacity |",
                "1 to 32 letters, digits", "at most 100 characters"):
        assert row in doc, row


TOPS = [("value = 4", "value = 9"), ("capacity = 3", "capacity = 9"), ('id = "Q2b"\nred = 3', 'id = "Q2b"\nred = 9'),
        ('id = 4\narea = "plain"', 'id = 99\narea = "plain"'), ("to = 4", "to = 99"), ('3, 4]]', '3, 99]]')]


def test_the_largest_numbers_are_accepted(tmp_path, capsys):
    text = TEXT
    for old, new in TOPS:  # valley 4 renumbered 99, with the conduits and the layout cell naming it
        text = text.replace(old, new)
    path = tmp_path / "b.toml"
    path.write_text(text)
    assert main(["board", "check", str(path)]) == 0, capsys.readouterr().err


# ---------------------------------------------------------------- linear time

LONG = 60_000  # characters: a board file is at most 64 KB
HEAD = 'id = "x"\nheadstream_tiles = [1]\nexits = ["E"]\n[[headstream]]\nid = "H"\n'  # then the headstream's "to"
LONG_INPUTS = [  # (what, the file's text, the problem: "" accepted)
    ("a long comment", "# " + "a" * LONG + "\n" + TEXT, ""),
    ("a long comment of dotted words", "# " + "a." * (LONG // 2) + "\n" + TEXT, ""),
    ("a long note", TEXT.replace('name = "Small test board"', f'note = "{"a" * LONG}"'), ""),
    ("a long name", TEXT.replace('name = "Small test board"', f'name = "{"a" * LONG}"'),
     "name is 60,000 characters long (at most 100)"),
    ("a long board id", TEXT.replace('id = "small"', f'id = "{"a" * LONG}"'),
     "id 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... is 60,000 characters long (at most 32)"),
    ("a long space id", TEXT.replace('id = "Q2b"', f'id = "{"Q" * LONG}"'),
     "valley 2, powerhouse #2: id 'QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ... is 60,000 characters long (at most 32)"),
    ("a long key", TEXT + "\n" + "k" * LONG + " = 1\n",
     "valley 4, powerhouse Q4c: unknown key 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk..."),
    ("a long river target", TEXT.replace('to = "L1"', f'to = "{"L" * LONG}"'),
     "valley 2: leads to 'LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL..., which is no valley, lake or exit of the board"),
    ("a key of quoted parts", '.'.join(['"a"'] * (LONG // 4)) + " = 1\n",
     "not a board file: a key has more than 8 dotted parts"),
    ("a long chain of dams", HEAD + 'to = 1\n[[valley]]\nid = 1\narea = "hill"\nto = "E"\n'
     + "".join(f'[[valley.dam]]\nid = "d{i}"\n' for i in range(2_000)), ""),
    ("a long chain of lakes", HEAD + 'to = "l0"\n'
     + "".join(f'[[lake]]\nid = "l{i}"\ncapacity = 1\nto = "l{i + 1}"\n' for i in range(1_400))
     + '[[lake]]\nid = "l1400"\ncapacity = 1\nto = "E"\n', ""),
]


@pytest.mark.parametrize("what, text, problem", LONG_INPUTS, ids=[x[0] for x in LONG_INPUTS])
def test_a_long_input_is_checked_fast(tmp_path, capsys, what, text, problem):
    path = tmp_path / "long.toml"
    path.write_text(text)
    assert 50_000 < path.stat().st_size <= boards.MAX_BYTES
    start = time.perf_counter()
    with bounded(10):  # a backtracking expression takes minutes: fail, do not hang
        code = main(["board", "check", str(path)])
    assert time.perf_counter() - start < 2  # a guard only: the check takes milliseconds
    out, err = capsys.readouterr()
    assert (code, err) == ((1, f"{path}: {problem}\n") if problem else (0, "")), (out, err)


def test_a_file_of_100_kb_is_refused_at_once(tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text("# " + "a" * 100_000 + "\n" + TEXT)
    start = time.perf_counter()
    assert main(["board", "check", str(path)]) == 1
    assert time.perf_counter() - start < 2
    size = path.stat().st_size
    assert capsys.readouterr().err == f"{path}: too large for a board file ({size:,} bytes; at most 64 KB)\n"
