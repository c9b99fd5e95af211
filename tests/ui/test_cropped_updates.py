"""A partial repaint writes the changed cells only, not the line from the widget's left edge."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from textual._compositor import ChopsUpdate
from textual.strip import Strip

from barrage_tui.ui import cropped_updates


def update(spans) -> ChopsUpdate:
    # one line, two widgets side by side: "left part " at x 0-9 and "right part" at x 10-19
    chops = [{0: Strip([Segment("left part ")]), 10: Strip([Segment("right part")])}]
    return ChopsUpdate(chops, spans, [[10, 20]])


def written(spans) -> str:
    console = Console(force_terminal=True, color_system="truecolor", width=40)
    return cropped_updates.render_segments(update(spans), console)


def test_a_change_inside_a_line_writes_only_that_stretch():
    out = written([(0, 5, 9)])  # "part" of the left widget
    assert "part" in out and "left" not in out and "right" not in out
    assert out.startswith("\x1b[1;6H")  # the cursor goes to the first changed cell (1-based row;col)


def test_a_stretch_over_two_widgets_writes_both_parts():
    out = written([(0, 7, 15)])
    assert "rt " in out and "right" in out and "left" not in out and "part" not in out.split("right")[1]


def test_a_whole_widget_is_written_whole():
    out = written([(0, 10, 20)])
    assert "right part" in out and "left" not in out


def test_the_app_uses_it():
    from barrage_tui.ui.app import BarrageApp

    BarrageApp(save_dir=False)
    assert ChopsUpdate.render_segments is cropped_updates.render_segments
