"""The log: everything that happened, in words, newest at the bottom.

Unfocused it shows the latest events page by page; focused (a click, Tab) it holds every event of the game
and its own keys scroll it (``LinesView``'s), until Esc or Enter gives the keys back to the choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..palette import TITLE
from ..view import Panel, View
from .textutil import wrap

if TYPE_CHECKING:
    from barrage_tui.rules import Event

SHOWN = 60  # the latest events on screen unfocused (the whole history: focused, and on the log screen, L)
# A jump scroll, as xterm's: when new lines do not fit, the page starts anew with the newest lines and the
# history before them filling at most this share of the panel (more when the lines not shown yet need it).
# The rest stays free, so the next decisions' lines are added below without moving the others: a log that
# scrolled by a line would rewrite every row it shows at each decision (each row its border's codes too).
JUMP = 0.5


class GameLog(Panel, can_focus=True):
    TITLE = "Log · click: scroll · L: all"
    TAB = "Log"
    _page_event: int  # the game's index of the event the page starts at (build)
    _page_width: int | None  # the width the page was laid out for

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._cache: dict[Event, list[Text]] = {}
        self._cache_width = 0
        self._starts: list[int] = []  # the first line of each event shown
        self._whole = False  # focused: every event, scrolled by keys (set at the focus event itself)
        self._seen = 0  # the game's events shown so far, unfocused (a jump shows all the new ones that fit)

    def lines(self, view: View, width: int) -> list[Text]:
        if width != self._cache_width:
            self._cache, self._cache_width = {}, width
        out: list[Text] = []
        self._starts = []  # the first line of each event: a page starts on one
        events = view.game.events if self._whole else view.game.events[-SHOWN:]
        if len(self._cache) > 2 * len(events) + 4 * SHOWN:
            self._cache = {}
        for e in events:
            lines = self._cache.get(e)
            if lines is None:
                lines = self._cache[e] = self._event(e, width)
            self._starts.append(len(out))
            out += lines
        return out

    def _event(self, e: Event, width: int) -> list[Text]:
        """One event in words. The engine's sentences name the company, so no badge is needed (and
        a line without colour codes is cheaper to send to the terminal)."""
        if e.kind in ("round", "game_over"):
            return [Text(e.text, style=TITLE)]
        return wrap(Text(e.text), width, indent=2)

    def build(self, width: int) -> list[Text]:
        """The newest lines, page by page: new lines are added below the old ones and nothing moves
        until they no longer fit; then the log jumps (``JUMP``). A page starts at an event, counted in
        the whole game: the lines shown are a window that slides as old events drop out of it."""
        lines = super().build(width)
        starts = self._starts
        if self._whole or not lines or not starts or self.view is None:  # focused: every line, scrolled by keys
            return lines
        height = max(1, self.scrollable_content_region.height)
        first = len(self.view.game.events) - len(starts)  # the game's index of the first event shown
        fitting = [i for i, s in enumerate(starts) if len(lines) - s <= height]  # pages that fit from there
        page = getattr(self, "_page_event", -1) - first
        if width != getattr(self, "_page_width", None) or not 0 <= page < len(starts):
            page = min(fitting, default=len(starts) - 1)  # as much as fits, newest last
        elif len(lines) - starts[page] > height:  # full: a jump, to the last ``JUMP`` of a page or the first
            newest = len(starts) - 1  # event not shown yet, whichever is earlier, if it fits
            half = min((i for i in fitting if len(lines) - starts[i] <= max(1, int(height * JUMP))), default=newest)
            page = max(min(fitting, default=newest), min(half, max(0, self._seen - first)))
        self._page_event, self._page_width = first + page, width
        self._seen = len(self.view.game.events)
        return lines[starts[page]:]

    def on_resize(self) -> None:
        self._page_width = None
        super().on_resize()
        self.redraw()

    # ------------------------------------------------------------ scrolled by keys while focused

    def fingerprint(self, view: View) -> object:
        events = view.game.events
        return len(events), (events[-1] if events else None), self._whole

    def on_focus(self) -> None:
        self._shown_whole(True)

    def on_blur(self) -> None:
        self._shown_whole(False)

    def _shown_whole(self, whole: bool) -> None:
        self._whole = whole
        self._subtitle()
        if self.view is not None:
            self.show(self.view)
        self.scroll_to(y=self.max_scroll_y if whole else 0, animate=False)
