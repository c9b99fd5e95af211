"""The log: everything that happened, in words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text

from ..palette import TITLE
from ..view import Panel, View
from .textutil import wrap

SHOWN = 60  # the latest events on screen (the whole history stays in the game and in the help's log)


class GameLog(Panel):
    TITLE = "Log"
    TAB = "Log"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._cache: dict = {}
        self._cache_width = 0

    def fingerprint(self, view: View) -> object:
        events = view.game.events
        return len(events), (events[-1] if events else None)

    def lines(self, view: View, width: int) -> list[Text]:
        st = view.state
        if width != self._cache_width or len(self._cache) > 4 * SHOWN:
            self._cache, self._cache_width = {}, width
        out: list[Text] = []
        self._starts = []  # the first line of each event: a page starts on one
        for e in view.game.events[-SHOWN:]:
            lines = self._cache.get(e)
            if lines is None:
                lines = self._cache[e] = self._event(st, e, width)
            self._starts.append(len(out))
            out += lines
        return out

    def _event(self, st, e, width: int) -> list[Text]:
        """One event in words. The engine's sentences name the company, so no badge is needed (and
        a line without colour codes is cheaper to send to the terminal)."""
        if e.kind in ("round", "game_over"):
            return [Text(e.text, style=TITLE)]
        return wrap(Text(e.text), width, indent=2)

    def build(self, width: int) -> list[Text]:
        """The newest lines, page by page: new lines are added below the old ones and nothing moves
        until the panel is full; then the last half page starts a new page (a scrolling log would
        repaint every line at every decision)."""
        lines = super().build(width)
        height = max(1, self.scrollable_content_region.height)
        start = getattr(self, "_page_start", 0)
        if width != getattr(self, "_page_width", None) or start > len(lines):
            start = max(0, len(lines) - height)
        if len(lines) - start > height:  # a new page: keep the last two thirds, from an event's first line
            target = max(0, len(lines) - max(1, (height * 2) // 3))
            fitting = [s for s in self._starts if len(lines) - s <= height]
            start = max((s for s in fitting if s <= target), default=min(fitting, default=target))
        self._page_start, self._page_width = start, width
        return lines[start:]

    def on_resize(self) -> None:
        self._page_width = None
        super().on_resize()
        self.redraw()
