"""Small helpers to lay out rich Text in fixed-width cells and columns, and to show outside text safely."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from rich.text import Span, Text

from barrage_tui.visible import HIDDEN, escape, visible

if TYPE_CHECKING:
    from rich.console import Console
    from textual.app import App
    from textual.widget import Widget


def plain(text: object, style: str = "") -> Text:
    """Text from a person, a path or a file, for any widget: never read as markup, controls made visible."""
    return Text(visible(text), style=style)


def notify_plain(node: App[Any] | Widget, message: str, **kw: Any) -> None:
    """A toast whose message may quote a name, a path or a file: shown as it is, never read as markup."""
    node.notify(visible(message), markup=False, **kw)


def shown(line: Text) -> Text:
    """A built line with its control characters made visible, styles kept (the line itself when it has none)."""
    text = line.plain
    if not HIDDEN.search(text):
        return line
    out = line.blank_copy()
    pos = 0
    for m in HIDDEN.finditer(text):
        out.append_text(line[pos:m.start()])
        piece = line[m.start():m.end()]
        esc = escape(m)
        out.append_text(Text(esc, style=piece.style, spans=[Span(0, len(esc), s.style) for s in piece.spans]))
        pos = m.end()
    out.append_text(line[pos:])
    return out


def fit(text: Text | str, width: int) -> Text:
    """Pad or cut to exactly ``width`` cells."""
    t = Text(text) if isinstance(text, str) else text.copy()
    n = t.cell_len
    if n > width:
        t.truncate(max(0, width - 1))
        t.append("…")
    elif n < width:
        t.append(" " * (width - n))
    return t


def hjoin(columns: list[list[Text]], widths: list[int], gap: int = 1) -> list[Text]:
    """Put blocks of lines side by side."""
    height = max((len(c) for c in columns), default=0)
    out = []
    for y in range(height):
        line = Text()
        for i, (col, w) in enumerate(zip(columns, widths)):
            if i:
                line.append(" " * gap)
            line.append_text(fit(col[y] if y < len(col) else Text(), w))
        line.rstrip()
        out.append(line)
    return out


def flow(cells: list[Text], width: int, gap: int = 2, indent: int = 0) -> list[Text]:
    """Pack cells into lines no wider than ``width``, never splitting a cell; lines after the first
    are indented by ``indent``."""
    lines: list[Text] = []
    line = Text()
    for c in cells:
        avail = width if not lines else width - indent
        if line.cell_len and line.cell_len + gap + c.cell_len > avail:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(" " * gap)
        line.append_text(c)
    if line.cell_len:
        lines.append(line)
    return [t if not i or not indent else Text(" " * indent) + t for i, t in enumerate(lines)]


def wrap(text: Text | str, width: int, indent: int = 0) -> list[Text]:
    """Word-wrap to ``width``; lines after the first are indented by ``indent``."""
    t = Text(text) if isinstance(text, str) else text
    plain = t.plain
    if len(plain) <= width or width <= indent + 4:
        return [t]
    lines: list[Text] = []
    start = 0
    while start < len(plain):
        avail = width if not lines else width - indent
        if len(plain) - start <= avail:
            end = len(plain)
        else:
            cut = plain.rfind(" ", start, start + avail + 1)
            end = cut if cut > start else start + avail
        piece = t[start:end]
        piece.rstrip()
        lines.append(piece if not lines else Text(" " * indent) + piece)
        start = end
        while start < len(plain) and plain[start] == " ":
            start += 1
    return lines


@cache
def _console() -> Console:
    from rich.console import Console

    return Console(width=400, color_system=None, force_terminal=False, legacy_windows=False)
