"""The whole history of a game: round headings, one entry per turn, an Automa turn's reasoning opened on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from barrage_tui.rules import table_view

from ..history import Entry, entries
from ..palette import BOLD, DIM, TITLE, badge
from ..texts import company_name
from .lines import LinesView
from .textutil import wrap

if TYPE_CHECKING:
    from barrage_tui.rules import Game

HIDDEN_KINDS = frozenset({"round"})  # "Round 2 begins.": the heading says it


class HistoryView(LinesView):
    """Entries of the game's events; one turn is selected (a person's or an Automa's)."""

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.entries: list[Entry] = entries(game.events)
        self.seat: int | None = None  # only this company's turns (None: every company's)
        self.opened: set[int] = set()  # the Automa turns whose reasoning is shown (by entry index)
        self.turns: list[int] = []  # the selectable entries shown (indexes into ``entries``)
        self.selected = -1  # the selected entry's index in ``entries`` (-1: none)
        self._rows: dict[int, tuple[int, int]] = {}  # entry index -> (first line, line count)
        # (entry index, opened, selected, width) -> its lines
        self._cache: dict[tuple[int, bool, bool, int], list[Text]] = {}
        self._shown_turns()
        if self.turns:
            self.selected = self.turns[-1]  # the newest turn: the log is read from where the game is

    # ------------------------------------------------------------ what is shown

    def _shown_turns(self) -> None:
        self.turns = [i for i, e in enumerate(self.entries)
                      if e.seat >= 0 and (self.seat is None or e.seat == self.seat)]

    def build(self, width: int) -> list[Text]:
        if len(self._cache) > 4 * len(self.entries) + 16:
            self._cache = {}
        out: list[Text] = []
        self._rows = {}
        heading = None
        for i, entry in enumerate(self.entries):
            if entry.round != heading:
                heading = entry.round
                if out:
                    out.append(Text())
                title = f"Round {entry.round}" if entry.round else "Before the first round"
                out.append(Text(f"── {title} " + "─" * max(0, width - len(title) - 4), style=TITLE))
            if self.seat is not None and entry.seat != self.seat:
                continue
            key = (i, i in self.opened, i == self.selected, width)
            lines = self._cache.get(key)
            if lines is None:
                lines = self._cache[key] = self._entry_lines(entry, key[1], key[2], width)
            self._rows[i] = (len(out), len(lines))
            out += lines
        if self.seat is not None and not self.turns:
            out.append(Text("  (no turn of this company yet)", style=DIM))
        return out

    def _entry_lines(self, entry: Entry, opened: bool, selected: bool, width: int) -> list[Text]:
        shown = [e for e in entry.events if e.kind not in HIDDEN_KINDS]
        if entry.seat < 0:  # the table's: no heading, not selectable
            return [line for e in shown for line in wrap(Text(e.text, style=DIM), width, indent=4)]
        table = table_view(self.game)
        c = table.companies[entry.seat]
        head = Text("▶ " if selected else "  ", style="bold #ffd75f")
        head.append_text(badge(table, entry.seat))
        name = f" {company_name(c.company)} · {c.player}" if c.company else f" {c.player}"
        head.append(name + (" (Automa)" if c.kind == "automa" else ""), style="bold reverse" if selected else BOLD)
        if entry.automa:
            head.append("  ▾ why (Enter hides)" if opened else "  ▸ why: Enter", style=DIM)
        out = [head]
        for e in shown:
            out += wrap(Text("    " + e.text), width, indent=6)
        if entry.reasoning is not None and opened:  # (entry.automa)
            out += wrap(Text("    " + entry.reasoning.text, style="italic"), width, indent=6)
        return out

    def title(self) -> str:
        if self.seat is None:
            return "Log · every company (f: one company)"
        c = table_view(self.game).companies[self.seat]
        return f"Log · {company_name(c.company) if c.company else c.player} only (f: next)"

    # ------------------------------------------------------------ acting on it

    def select(self, position: int) -> None:
        """Select the ``position``-th turn shown (clamped) and bring it into view."""
        if not self.turns:
            return
        position = max(0, min(len(self.turns) - 1, position))
        self.selected = self.turns[position]
        self.redraw()
        if position == 0:  # the first turn: with the headings and lines above it
            self.scroll_to(y=0, animate=False)
        self._reveal()

    def _reveal(self) -> None:
        row = self._rows.get(self.selected)
        if row is not None:
            first, n = row
            self.scroll_to_line(first + n - 1)
            self.scroll_to_line(first)

    @property
    def position(self) -> int:
        return self.turns.index(self.selected) if self.selected in self.turns else len(self.turns) - 1

    def step(self, n: int) -> None:
        self.select(self.position + n)

    def page(self, direction: int) -> None:
        """A page up or down: the turn a page's height away is selected."""
        height = max(1, self.scrollable_content_region.height - 1)
        row = self._rows.get(self.selected, (0, 1))[0] + direction * height
        starts = [(self._rows[i][0], p) for p, i in enumerate(self.turns) if i in self._rows]
        if direction > 0:
            target = max((p for first, p in starts if first <= row), default=len(self.turns) - 1)
            target = max(target, self.position + 1)
        else:
            target = min((p for first, p in starts if first >= row), default=0)
            target = min(target, self.position - 1)
        self.select(target)

    def toggle(self) -> None:
        """Open or close the selected Automa turn's reasoning."""
        if self.selected < 0 or not self.entries[self.selected].automa:
            return
        self.opened ^= {self.selected}
        self.redraw()
        self._reveal()

    def cycle_filter(self) -> None:
        """Every company, then each company in seat order, then every company again."""
        seats = table_view(self.game).seats
        self.seat = 0 if self.seat is None else (self.seat + 1 if self.seat + 1 < seats else None)
        self._shown_turns()
        if self.selected not in self.turns:
            self.selected = self.turns[-1] if self.turns else -1
        self.redraw()
        self._reveal()
