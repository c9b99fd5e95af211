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


def test_it_is_installed_only_on_the_textual_major_it_was_written_for():
    assert cropped_updates.applies("8.2.8")
    assert not cropped_updates.applies("9.0.0") and not cropped_updates.applies("7.5.0")
    assert not cropped_updates.applies("dev")


def test_a_changed_private_class_keeps_textuals_own_repaint():
    class Renamed:  # a later ChopsUpdate whose fields were renamed
        def __init__(self, lines, regions, ends):
            self.lines, self.regions, self.ends = lines, regions, ends

        def render_segments(self, console):
            return ""

    assert not cropped_updates.applies("8.9.0", Renamed)


def test_elsewhere_textuals_own_repaint_is_kept_and_draws_the_change(monkeypatch):
    monkeypatch.setattr(cropped_updates, "version", lambda name: "9.0.0")
    monkeypatch.setattr(ChopsUpdate, "render_segments", cropped_updates.TEXTUALS_OWN)
    assert not cropped_updates.install()
    assert ChopsUpdate.render_segments is cropped_updates.TEXTUALS_OWN
    console = Console(force_terminal=True, color_system="truecolor", width=40)
    assert "part" in ChopsUpdate.render_segments(update([(0, 5, 9)]), console)
