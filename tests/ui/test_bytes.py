"""What a decision writes to the terminal, read over a pseudo-terminal as a player's terminal gets it."""

from __future__ import annotations

import os
import re
import select

from barrage_tui.rules.game import Game
from tests.bench_ui import Terminal, two_people

MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")
STYLE = re.compile(rb"\x1b\[[0-9;]*m")


def written(term: Terminal, key: bytes, until: bytes = b"", quiet: float = 0.5) -> bytes:
    """Send ``key``; what the app writes until it has written ``until`` and then is ``quiet`` (a busy machine:
    the first frame may take seconds)."""
    os.write(term.fd, key)
    out, wait = b"", 20.0
    while select.select([term.fd], [], [], wait)[0]:
        out += os.read(term.fd, 65536)
        wait = quiet if until in out else 20.0
    return out


def pieces(data: bytes) -> list[tuple[int, int, str]]:
    """Each stretch written at one cursor place: (row, column, its text), from 0."""
    parts = MOVE.split(data)
    return [(int(parts[i]) - 1, int(parts[i + 1]) - 1, STYLE.sub(b"", parts[i + 2]).decode().rstrip("\r\n"))
            for i in range(1, len(parts) - 2, 3)]


def test_a_panels_changed_lines_are_written_from_its_text_not_its_border(tmp_path):
    """At 160x50 the log (columns 120-159, its text from 122) and the management board (its text from 2) get new
    lines at each action: each is written from where the text starts (``cuts.Cut``), not from the panel's border
    and padding with their colour codes."""
    mirror = Game.new(two_people(11))  # the game the app plays
    term = Terminal("game", (160, 50), 11, str(tmp_path))
    out = b""
    try:
        written(term, b"", until=b"Decision")
        for i in range(14):  # the picks, then actions (each the first choice); the layout settled, what they write
            mirror.choose(mirror.prompt.choices[0].key)
            data = written(term, b"\r")
            out += data if i >= 4 else b""
    finally:
        term.close()
    log = [(y, x, text) for y, x, text in pieces(out) if 42 <= y <= 47 and x >= 120]
    board = [(y, x, text) for y, x, text in pieces(out) if 23 <= y <= 30 and x < 120]
    assert log and {x for _, x, _ in log} == {122}, log
    assert board and {x for _, x, _ in board} == {2}, board


async def test_the_cuts_behind_the_panels_are_never_seen(app_factory):
    from barrage_tui.ui.widgets.cuts import Cut

    from .conftest import game_screen
    from .driver import at_first_action

    for size in ((160, 50), (120, 40)):
        app = app_factory(game=at_first_action())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = game_screen(app)
            cuts = [c for c in screen.query(Cut) if c.region]
            assert len(cuts) == (3 if size == (160, 50) else 2), cuts
            for cut in cuts:
                area = cut.region
                assert area.width == 2 and area.height > 10
                seen = {screen.get_widget_at(x, y)[0] for x in range(area.x, area.right)
                        for y in range(area.y, area.bottom)}
                assert not any(isinstance(w, Cut) for w in seen), (size, seen)
