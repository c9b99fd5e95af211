"""The map panel: the game's board, drawn as the board (``map_drawing.py``: its rivers, dams, conduits and
powerhouses) or as a table of its spaces (``map_table.py``); ``m`` switches. Both read the rules' typed map
(``rules/views/map.py``) and mark the spaces of the choices (``view.strong``) and those the recapped turns touched (``view.recent``).

When drops move (the Water Flow phase, a drop placed flowing, a production's drops going on) the drawing
shows them going down the rivers valley by valley (``flow``), one step per tick of a Textual timer (never a
sleep: a key is read between two steps, and any key ends the show)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.message import Message
from textual.timer import Timer

from barrage_tui.rules import DropPath, Map, map_view

from ..view import Panel, View, marks
from .map_drawing import Drawing
from .map_parts import Marks, map_refs
from .map_table import TableDrawing

DRAWN, TABLE = "drawn", "table"


def steps(m: Map, path: DropPath) -> list[str]:
    """Where a drop is at each step of its way: its start, then the last node it reaches in each valley (a
    lake, an exit: a step of its own). An exit is drawn where the valley before it sends its water
    ("out:<valley>")."""
    out = [path.start]
    last = m.valley_of(path.start)
    for node in path.nodes:
        zone = m.valley_of(node)
        if node in m.exits:
            out.append(f"out:{last}" if last is not None else node)
        elif zone is not None and zone == last and len(out) > 1:
            out[-1] = node  # the same valley: one step
        else:
            out.append(node)
        last = zone
    return out


class MapView(Panel):
    TITLE = "Map · m: table"
    TAB = "Map"

    class Lines(Message):
        """The map's picture has a new number of lines (a layout may give it the height it needs)."""

        def __init__(self, count: int) -> None:
            super().__init__()
            self.count = count

    def __init__(self, *, id: str | None = None, classes: str | None = None, mode: str = DRAWN) -> None:
        super().__init__(id=id, classes=classes)
        self.mode = mode
        self._drawing = Drawing()
        self._table = TableDrawing()
        self._map: Map | None = None
        self._map_game: object = None  # the game it was made of
        self._flow: list[list[str]] = []  # each moving drop's steps (``steps``)
        self._frame = 0
        self._timer: Timer | None = None
        self._flow_done: list[Callable[[], object]] = []
        self._told = 0  # the lines of the picture last told (``Lines``)
        self._set_title()

    # ------------------------------------------------------------ what is shown

    def typed_map(self, view: View) -> Map:
        """The rules' map of the game as it was last shown (made anew at each ``show``: a quarter of a
        millisecond)."""
        if self._map is None or self._map_game is not view.game:
            self._map, self._map_game = map_view(view.game), view.game
        return self._map

    def fingerprint(self, view: View) -> object:
        self._map, self._map_game = map_view(view.game), view.game
        return (self._map, self._marks(view), self.mode, self._frame, len(self._flow))

    def _marks(self, view: View) -> Marks:
        refs = map_refs(view.game.board)
        return Marks(marks(view, refs)[0], view.recent & refs)

    def lines(self, view: View, width: int) -> list[Text]:
        m = self.typed_map(view)
        if self.mode == TABLE:
            return self._table.lines(m, self._marks(view), width)
        moving, pending = self._positions(m)
        return self._drawing.lines(m, self._marks(view), width, moving, pending)

    def redraw(self) -> None:
        super().redraw()
        if self._built_width > 0 and self.line_count != self._told:
            self._told = self.line_count
            self.post_message(self.Lines(self.line_count))

    def open_end(self, open_end: bool) -> None:
        """Without its bottom border (a line more inside, the same size: no resize tells it), or with it again."""
        if open_end != self.has_class("-open"):
            self.set_class(open_end, "-open")
            self.call_after_refresh(self._show_more)  # whether lines are hidden below changed

    def line_of(self, ref: str) -> int | None:
        return (self._table if self.mode == TABLE else self._drawing).where.get(ref)

    def first_recent(self) -> int | None:
        """The line of the topmost board thing the recap's turns touched (None: none on the map)."""
        where = (self._table if self.mode == TABLE else self._drawing).where
        lines = [where[r] for r in self.view.recent if r in where] if self.view is not None else []
        return min(lines, default=None)

    def switch(self) -> None:
        """The other picture of the map (the water on its way is where it stops)."""
        self.end_flow()
        self.mode = TABLE if self.mode == DRAWN else DRAWN
        self._set_title()
        if self.view is not None:
            self.show(self.view)

    def _set_title(self) -> None:
        self.border_title = "Map · m: table" if self.mode == DRAWN else "Map · m: drawn"

    # ------------------------------------------------------------ drops on their way

    @property
    def flowing(self) -> bool:
        return bool(self._flow)

    def flow(self, paths: Sequence[DropPath], delay: float, then: Callable[[], object] | None = None) -> None:
        """Show ``paths`` (drops that just moved: the state already has them where they stopped) going down the
        rivers, one valley a step every ``delay`` seconds (0: not shown); ``then`` once the show is over."""
        if then is not None:
            self._flow_done.append(then)
        if not paths or delay <= 0 or self.view is None or self.mode != DRAWN:  # (the table shows no water moving)
            self.end_flow()
            return
        self.end_flow(quiet=True)  # a show still running ends: the new one starts from the state as it is
        m = self.typed_map(self.view)
        self._flow = [steps(m, p) for p in paths]
        self._frame = 0
        self._timer = self.set_interval(delay, self._step)
        self.show(self.view)

    def _step(self) -> None:
        self._frame += 1
        if self._frame >= max(len(s) for s in self._flow):
            self.end_flow()
        elif self.view is not None:
            self.show(self.view)
            self._follow_water()

    def _follow_water(self) -> None:
        """Keep the lowest drop on its way in view (where the map is taller than its panel)."""
        m = self._map
        if m is None or self.mode != DRAWN:
            return
        where, lines = self._drawing.where, []
        for node in self._positions(m)[0]:
            if node in where:  # a dam space, a headstream
                lines.append(where[node])
                continue
            zone = int(node[4:]) if node.startswith("out:") else m.valley_of(node)  # a valley's passage, its way out
            v = m.valleys.get(zone) if zone is not None else None
            spaces = v.dams + v.powerhouses if v is not None else ()
            lines += [where[r] for r in spaces[-1:] if r in where]
        if lines:
            self.scroll_to_line(max(lines))

    def end_flow(self, quiet: bool = False, draw: bool = True) -> None:
        """The drops are where they stopped (a key, the show's end); what waited for it goes on. ``draw``: False
        when the caller draws the map with the rest of its frame (``show``: the picture then differs)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        was = bool(self._flow)
        self._flow, self._frame = [], 0
        if was and draw and self.view is not None:
            self.show(self.view)
        if not quiet:
            done, self._flow_done = self._flow_done, []
            for then in done:
                then()

    def _positions(self, m: Map) -> tuple[dict[str, int], dict[str, int]]:
        """(node -> drops on their way there at this step, dam or lake -> drops still to arrive there)."""
        moving: dict[str, int] = {}
        pending: dict[str, int] = {}
        for way in self._flow:
            if self._frame < len(way) - 1 or (self._frame == len(way) - 1 and way[-1].startswith("out:")):
                here = way[min(self._frame, len(way) - 1)]
                moving[here] = moving.get(here, 0) + 1
                stop = way[-1]
                if stop in m.dams or any(lake.id == stop for lake in m.lakes):
                    pending[stop] = pending.get(stop, 0) + 1
        return moving, pending
