"""``board check`` on a board's covered headstreams and river diversions (A4's new source, A6's new course):
both optional, each broken one refused with one line naming the place (tests/boards/landscapes.toml has
both: headstream HD under A4 with its own tile 201, valley 1's water to valley 3 once A6 is built)."""

from __future__ import annotations

from pathlib import Path

import pytest

from barrage_tui.cli import main

from .board_edits import assert_refused

BOARD = Path(__file__).parent / "boards" / "landscapes.toml"
TEXT = BOARD.read_text()
HEAD = 'id = "HD"\nto = 2\ncovered = "A4"\ntile = 201'
COURSE = 'from = 1\nto = 3\nlandscape = "A6"'

BROKEN = [
    ("a covered headstream naming no landscape", (HEAD, HEAD.replace('"A4"', '""')),
     "headstream HD: covered names no landscape"),
    ("a covered headstream under an unknown landscape", (HEAD, HEAD.replace('"A4"', '"Z9"')),
     "headstream HD: covered by landscape 'Z9', which the board does not have"),
    ("a headstream's own tile unknown", (HEAD, HEAD.replace("201", "99")),
     "headstream HD: unknown headstream tile 99 (headstreams.toml has 1-8, 101-108, 201)"),
    ("a headstream's own tile also drawn", ("headstream_tiles = [1, 4, 7]", "headstream_tiles = [1, 4, 201]"),
     "headstream HD: tile 201 is its own, so it cannot also be in headstream_tiles"),
    ("a landscape's arrow on a covered headstream", ('headstreams = ["HA", "HB"]', 'headstreams = ["HA", "HD"]'),
     "landscape A1: marks headstream 'HD', which lies under landscape A4"),
    ("a course change to an unknown node", (COURSE, COURSE.replace("to = 3", 'to = "NOWHERE"')),
     "diversion 1: leads to 'NOWHERE', which is no valley, lake or exit of the board"),
    ("a course change to an unknown valley", (COURSE, COURSE.replace("to = 3", "to = 9")),
     "diversion 1: leads to valley 9, which the board does not have"),
    ("a course change from nowhere", (COURSE, COURSE.replace("from = 1", 'from = "M1U"')),
     "diversion M1U: diverts 'M1U', which is no valley, headstream or lake of the board"),
    ("a course change by an unknown landscape", (COURSE, COURSE.replace('"A6"', '"Z9"')),
     "diversion 1: landscape 'Z9': the board has no such landscape"),
    ("a course change to where the water goes already", (COURSE, COURSE.replace("to = 3", "to = 2")),
     "diversion 1: its water already goes to P2"),
    ("a course change that makes the water go round", (COURSE, COURSE.replace("from = 1", "from = 3").replace("to = 3", "to = 1")),
     "diversion 3: its water never leaves the board once A6 is built (M1U -> M1L -> M1x -> P2 -> H2U -> H2L -> H2x -> L1 "
     "-> P3 -> D3 -> D3x -> M1U)"),
]


@pytest.mark.parametrize("what, edit, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_covered_headstream_or_diversion_is_refused_with_one_line(tmp_path, capsys, what, edit, message):
    assert_refused(tmp_path, capsys, TEXT, edit, message)


def test_both_are_optional_and_summed_up(tmp_path, capsys):
    assert main(["board", "check", str(BOARD)]) == 0
    assert capsys.readouterr().out.endswith("1 covered headstream, 1 river diversion\n")
    path = tmp_path / "plain.toml"
    path.write_text(TEXT.replace(f"\n{HEAD}", '\nid = "HD"\nto = 2').replace(f"[[diversion]]\n{COURSE}\n", ""))
    assert main(["board", "check", str(path)]) == 1  # HD now draws a tile: the board lists 3 for 4 headstreams
    assert "3 tiles for 4 headstreams" in capsys.readouterr().err
    path.write_text(TEXT.replace(f"[[diversion]]\n{COURSE}\n", "").replace("[1, 4, 7]", "[1, 4, 7, 8]")
                    .replace(f"\n{HEAD}", '\nid = "HD"\nto = 2'))
    assert main(["board", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "covered headstream" not in out and "diversion" not in out
