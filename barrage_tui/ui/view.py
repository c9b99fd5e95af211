"""What every widget of the table is shown: the game, and which board things the choices point at."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.text import Text

from barrage_tui.rules import table_view

from .widgets.lines import LinesView

if TYPE_CHECKING:
    from barrage_tui.rules import Game, Prompt, TableView

    from .history import Entry


@dataclass
class View:
    game: Game
    strong: frozenset[str] = field(default_factory=frozenset)  # refs of the selected choice
    weak: frozenset[str] = field(default_factory=frozenset)  # refs of every choice on offer
    recap: list[Entry] = field(default_factory=list)  # the others' turns the person has not seen (history)
    recent: frozenset[str] = field(default_factory=frozenset)  # the board things those turns' events name

    @property
    def table(self) -> TableView:
        """The round and the seats, as the rules show them (built anew at each read: keep it in a local)."""
        return table_view(self.game)

    def recapped(self, turns: list[Entry]) -> None:
        """The others' turns to recap now (none once the person acted), and the board things they name."""
        self.recap = turns
        self.recent = frozenset(r for t in turns for e in t.events for r in e.refs)

    @property
    def prompt(self) -> Prompt | None:
        return self.game.prompt


class Panel(LinesView):
    """A part of the table: it draws itself from a ``View``."""

    TITLE = ""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=f"panel {classes or ''}".strip())
        self.view: View | None = None
        self.border_title = self.TITLE
        self._fingerprint: object = None

    def show(self, view: View) -> None:
        """Show the table as ``view`` has it; nothing is rebuilt when this panel's part is unchanged."""
        self.view = view
        fp = self.fingerprint(view)
        if fp is not None and fp == self._fingerprint and self.content_width == self._built_width:
            return
        self._fingerprint = fp
        self.redraw()

    def fingerprint(self, view: View) -> object:
        """A cheap value that changes whenever what this panel shows changes (None: always rebuild)."""
        return None

    def build(self, width: int) -> list[Text]:
        if self.view is None:
            return []
        return self.lines(self.view, width)

    def lines(self, view: View, width: int) -> list[Text]:
        raise NotImplementedError

    def line_of(self, ref: str) -> int | None:
        """The line where ``ref`` is drawn, to scroll it into view (None: not here)."""
        return None

    def shows_ref(self, view: View, ref: str) -> bool:
        """Whether this panel draws ``ref``: asked of a module's panel for the board things of its own (the game
        screen's ``panel_for`` knows the others)."""
        return False


def marks(view: View, universe: frozenset[str] | set[str] | Callable[[str], bool]
          ) -> tuple[frozenset[str], frozenset[str]]:
    """The marked refs that fall in ``universe`` (a set, or a predicate on a ref)."""
    if callable(universe):
        return (frozenset(r for r in view.strong if universe(r)), frozenset(r for r in view.weak if universe(r)))
    return view.strong & universe, view.weak & universe
