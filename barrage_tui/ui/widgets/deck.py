"""A deck of panels: all shown one under the other, or one at a time under a one-line tab bar."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget

from .cuts import Cut
from .lines import LinesView


class TabBar(LinesView):
    """One line of panel names; the shown one is reversed. Click a name to show it."""

    @dataclass
    class Picked(Message):
        name: str

    def __init__(self, names: list[tuple[str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names  # (panel id, title)
        self.current = names[0][0] if names else ""
        self._spans: list[tuple[int, int, str]] = []

    def build(self, width: int) -> list[Text]:
        """Every name on the line: where they do not all fit, the hint goes first, then the spaces around the
        names, then the letters of the names not shown, down to 3 (the shown one stays whole)."""
        longest = max((len(title) for _, title in self.names), default=0)
        forms = [(True, " ", longest), (False, " ", longest), *((False, "", n) for n in range(longest, 2, -1))]
        for hint, pad, letters in forms:
            t, spans = self._line(hint, pad, letters)
            if t.cell_len <= width:
                break
        self._spans = spans
        return [t]

    def _line(self, hint: bool, pad: str, letters: int) -> tuple[Text, list[tuple[int, int, str]]]:
        t = Text()
        spans = []
        for i, (pid, title) in enumerate(self.names):
            if i:
                t.append("│", style="dim")
            start = t.cell_len
            shown = pid == self.current
            t.append(f"{pad}{title if shown else title[:letters]}{pad}", style="bold reverse" if shown else "dim")
            spans.append((start, t.cell_len, pid))
        if hint:
            t.append("│", style="dim")
            t.append(" Tab: next", style="dim italic")
        return t, spans

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for start, end, pid in self._spans:
            if start <= offset.x < end:
                self.post_message(self.Picked(pid))


class Deck(Vertical):
    """Panels stacked (``tabbed=False``) or one at a time with a tab bar."""

    def __init__(self, *panels: Widget, tabbed: bool, cut: bool = False, id: str | None = None,
                 classes: str | None = None):
        """``cut``: a ``Cut`` behind the panels (where no other is behind them)."""
        extra = f"{'-tabbed' if tabbed else '-stacked'}{' -cut' if cut else ''} {classes or ''}"
        super().__init__(id=id, classes=f"deck {extra}".strip())
        self.panels = list(panels)
        self.tabbed = tabbed
        self.cut = cut
        self.current = (panels[0].id or "") if panels else ""  # (every panel has an id: its tab's)

    def compose(self) -> ComposeResult:
        if self.cut:
            yield Cut()
        if self.tabbed:
            yield TabBar([(p.id or "", getattr(p, "TAB", "") or getattr(p, "border_title", "") or p.id or "")
                          for p in self.panels])
        yield from self.panels

    def on_mount(self) -> None:
        if self.tabbed:
            self.show(self.current)

    def holds(self, panel_id: str | None) -> bool:
        return any(p.id == panel_id for p in self.panels)

    def show(self, panel_id: str) -> bool:
        """Bring a panel to the front. Returns True if it changed."""
        if not self.tabbed or not self.holds(panel_id):
            return False
        changed = panel_id != self.current
        self.current = panel_id
        for p in self.panels:
            p.set_class(p.id == panel_id, "-shown")
            if p.id == panel_id and changed:  # it and its boards may have missed changes while hidden
                for view in [p] if isinstance(p, LinesView) else p.query(LinesView):
                    self.call_after_refresh(view.catch_up)
        bar = self.query_one(TabBar)
        bar.current = panel_id
        bar.redraw()
        return changed

    def on_tab_bar_picked(self, message: TabBar.Picked) -> None:
        message.stop()
        self.post_message(self.Switched(message.name))

    @dataclass
    class Switched(Message):
        """The player picked a tab by mouse."""

        name: str
