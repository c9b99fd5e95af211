"""Write only the changed cells of a line, not the line from the widget's left edge.

Textual sends a partial repaint of a line as the widget's part of the line cropped at the right end of
the change but not at its left end, so a change at the end of a line costs the whole line. Over SSH
every byte counts (the goal is about 2 KB per decision), so the update is cropped at both ends here.
The cells skipped on the left are not dirty: the terminal already shows them.

This replaces a method of a private Textual class, so it is installed only on the Textual major version
it was written for and only while that class still has the attributes it reads; anywhere else Textual's
own repaint is used (correct, a few hundred bytes more per decision).
"""

from __future__ import annotations

from importlib.metadata import version

from rich.console import Console
from rich.control import Control
from textual._compositor import ChopsUpdate

WRITTEN_FOR = 8  # the Textual major version whose ChopsUpdate this mirrors (pyproject pins it too)
READS = ("spans", "chops", "chop_ends")
TEXTUALS_OWN = ChopsUpdate.render_segments  # the fallback


def render_segments(self: ChopsUpdate, console: Console) -> str:
    """ChopsUpdate.render_segments (Textual 8), with the start of each chop cropped to the span too."""
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items()):
            if strip is None or x > x2 or end <= x1:
                continue
            start = max(x, x1)
            if start > x or end > x2:
                strip = strip.crop(start - x, min(end, x2) - x)
            append(move_to(start, y).segment.text)
            append(strip.render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


def applies(textual_version: str, cls: type = ChopsUpdate) -> bool:
    """Whether the cropping can replace ``cls.render_segments`` under this Textual version."""
    major = textual_version.split(".", 1)[0]
    if not major.isdigit() or int(major) != WRITTEN_FOR or not callable(getattr(cls, "render_segments", None)):
        return False
    init = getattr(cls, "__init__", None)
    names = getattr(getattr(init, "__code__", None), "co_names", ()) + \
        getattr(getattr(init, "__code__", None), "co_varnames", ())
    return all(name in names for name in READS)


def install() -> bool:
    """Crop partial repaints where it is safe; returns whether it did (else Textual's own is kept)."""
    if not applies(version("textual")):
        return False
    ChopsUpdate.render_segments = render_segments
    return True
