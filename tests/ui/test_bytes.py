"""What a key press writes to the terminal, read over a pseudo-terminal as a player's terminal gets it."""

from __future__ import annotations

import os
import re
import select

from barrage_tui.rules.game import Game
from barrage_tui.ui.widgets.cuts import WIDTH
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


def test_a_mark_moving_across_the_management_board_rewrites_a_few_columns_not_its_lines(tmp_path):
    """The management board (118 columns at 160x50) has narrow columns behind it (``cuts.Cuts``): the mark moving
    from the first action space offered to the last (the bank, far right) rewrites the columns of each, not the
    board's lines from its border."""
    mirror = Game.new(two_people(11))  # the game the app plays
    term = Terminal("game", (160, 50), 11, str(tmp_path))
    try:
        written(term, b"", until=b"Decision")
        while mirror.prompt.kind != "action":
            mirror.choose(mirror.prompt.choices[0].key)
            written(term, b"\r", until=b"choose an action" if mirror.prompt.kind == "action" else b"")
        end = written(term, b"\x1b[F")
        board = [(y, x, text) for y, x, text in pieces(end) if 23 <= y <= 31 and x < 120]
    finally:
        term.close()
    assert board, pieces(end)
    assert max(x + len(text) for _, x, text in board) > 5 * WIDTH  # (the mark went far from the board's border)
    assert all(len(text) <= 2 * WIDTH for _, _, text in board), board  # a column at most before what changed


async def test_the_columns_behind_the_panels_are_never_seen(app_factory):
    """Wherever the columns are (under the map at 160x50 and 120x40), a panel covers every cell of them; the
    panels in front of them refresh their changed stretches apart, the others one stretch a line."""
    from barrage_tui.ui.view import Panel
    from barrage_tui.ui.widgets.cuts import Cut, Cuts

    from .conftest import game_screen
    from .driver import at_first_action

    for size in ((160, 50), (120, 40)):
        app = app_factory(game=at_first_action())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = game_screen(app)
            area = screen.query_one(Cuts).region
            assert area.width > 2 * WIDTH
            seen = {type(screen.get_widget_at(x, y)[0]) for x in range(area.x, area.right)
                    for y in range(area.y, area.bottom)}
            assert Cut not in seen and Cuts not in seen, seen
            for panel in (p for p in screen.query(Panel) if p.region):  # (those shown)
                assert panel.column_cuts == (WIDTH if area.contains_region(panel.region) else 0), panel
