"""The map: the four headstreams, the twelve zones by area, every dam, conduit and powerhouse space."""

from __future__ import annotations

import re

from rich.text import Text

from barrage_tui.rules import geology, production, water
from barrage_tui.rules.components import components

from ..palette import AREA_STYLE, DIM, GEOLOGY, RED, badge, mark
from ..texts import token_tag
from ..view import Panel, View, marks
from .textutil import fit, flow, hjoin

MAP_REFS: frozenset = frozenset()


def _map_refs() -> frozenset:
    global MAP_REFS
    m = components().map
    MAP_REFS = frozenset(m.dams) | frozenset(m.conduits) | frozenset(m.powerhouses) | frozenset(m.headstreams)
    return MAP_REFS


def _names(plain: str, ref: str) -> bool:
    """Whether a line of a zone's box draws the space ``ref`` (``B1U`` and not ``B10U``)."""
    return re.search(rf"(^| ){re.escape(ref)}([ +]|$)", plain) is not None


# The board's geography as a grid of 4 columns: zone numbers (None: the legend / nothing).
ROWS = ((1, 2, 3, 4), ("legend", 5, 6, 7), (8, 9, 10, (11, 12)))  # zones 11-12: powerhouses only


class MapView(Panel):
    TITLE = "Map"
    TAB = "Map"

    def fingerprint(self, view: View) -> object:
        st = view.state
        m = components().map
        universe = MAP_REFS or _map_refs()
        return (repr(st.dams), tuple(st.conduits.items()), tuple(st.powerhouses.items()),
                tuple(st.headstream_drops.values()), st.round, marks(view, universe)[0])

    def lines(self, view: View, width: int) -> list[Text]:
        self._where: dict[str, int] = {}
        cache = getattr(self, "_zone_cache", None)
        if cache is None or len(cache) > 200:
            self._zone_cache = {}
        w = max(18, min(30, (width - 3) // 4))
        out: list[Text] = []
        out += hjoin([[self._headstream(view, h)] for h in components().map.headstreams], [w] * 4)
        self._note(out, components().map.headstreams, 0)
        for row in ROWS:
            boxes = []
            for z in row:
                if isinstance(z, int):
                    boxes.append(self._zone(view, z, w))
                elif isinstance(z, tuple):
                    boxes.append([line for zone in z for line in self._zone(view, zone, w)])
                else:
                    boxes.append(self._legend(w))
            start = len(out)
            out += hjoin(boxes, [w] * 4)
            for z in row:
                offset = start  # zones 11 and 12 share a box, one under the other
                for zone in (z if isinstance(z, tuple) else (z,)):
                    if isinstance(zone, int):
                        offset += self._note_zone(view, zone, w, offset)
        return out

    # ------------------------------------------------------------ where things are (for scrolling)

    def _note(self, out, refs, line):
        for r in refs:
            self._where[r] = line

    def _note_zone(self, view: View, zone: int, w: int, line: int) -> int:
        """Note the line of each space of a zone's box drawn from ``line`` on; returns the box's height."""
        z = components().map.zones[zone]
        box = self._zone(view, zone, w)
        for r in z.dam_spaces + z.conduits + z.powerhouse_spaces:
            # a space's line in its box: the line that starts with its name or has it after a gap
            self._where[r] = line + next((i for i, t in enumerate(box) if _names(t.plain, r)), 0)
        return len(box)

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)

    # ------------------------------------------------------------ pieces

    def _headstream(self, view: View, head: str) -> Text:
        st = view.state
        tile = components().headstreams[st.headstream_tiles[head]]
        t = Text()
        t.append(head, style=mark(head, view.strong))
        t.append(f" ▾{st.headstream_drops[head]}  +")
        for r, n in enumerate(tile.drops_by_round, start=1):
            style = "bold underline" if r == st.round else (DIM if r < st.round else None)
            t.append(f"{n}", style=style)
            if r < len(tile.drops_by_round):
                t.append(" ")
        return t

    def _zone(self, view: View, zone: int, w: int) -> list[Text]:
        """A zone's box, rebuilt only when something in it changed."""
        st = view.state
        z = components().map.zones[zone]
        key = (zone, w, st.geology.get(str(zone)), tuple(repr(st.dams.get(d)) for d in z.dam_spaces),
               tuple(st.conduits.get(c, -9) for c in z.conduits),
               tuple(st.powerhouses.get(p, -9) for p in z.powerhouse_spaces),
               tuple(r for r in z.dam_spaces + z.conduits + z.powerhouse_spaces if r in view.strong))
        lines = self._zone_cache.get(key)
        if lines is None:
            lines = self._zone_cache[key] = self._build_zone(view, zone, w)
        return lines

    def _build_zone(self, view: View, zone: int, w: int) -> list[Text]:
        m = components().map
        z = m.zones[zone]
        nxt = z.outflow_to
        to = "exit" if nxt.startswith("EXIT") else nxt[1:]
        title = Text(f"{zone} {z.area} ↓{to}", style=AREA_STYLE[z.area])
        lines = [fit(title, w)]
        for space in z.dam_spaces:
            lines.append(self._dam(view, space))
        cells = [self._conduit(view, c) for c in z.conduits]
        lines += flow(cells, w)
        lines += flow([self._powerhouse(view, p) for p in z.powerhouse_spaces], w, gap=1)
        return lines

    def _dam(self, view: View, space: str) -> Text:
        st = view.state
        red = components().map.dams[space].extra_credits
        t = Text()
        t.append(space, style=mark(space, view.strong))
        t.append(" " * (4 - len(space)))
        t.append("+3" if red else "  ", style=RED if red else None)
        t.append(" ")
        dam = st.dams.get(space)
        if dam is None:
            t.append("·")
        else:
            t.append_text(badge(st, dam.owner, str(dam.height)))
            cap = water.capacity(view.game, space)
            t.append(" " + "●" * dam.drops, style="bold #5fafff")
            t.append("○" * max(0, cap - dam.drops), style="#5f87af")
        zone = components().map.dams[space].zone
        token = st.geology.get(str(zone))
        if token is not None and space == geology.upper_dam(zone):  # the token lies over the upper dam space
            t.append(" " + token_tag(geology.box().tokens[token]), style=GEOLOGY)
        return t

    def _conduit(self, view: View, space: str) -> Text:
        st = view.state
        c = components().map.conduits[space]
        t = Text()
        t.append(space, style=mark(space, view.strong))
        t.append(" " * (4 - len(space)))
        t.append(f" {production.conduit_value(view.game, space)}→{c.ends_in_zone}")  # a token's +1 included
        t.append(" " * (2 - len(str(c.ends_in_zone))) + " ")
        owner = st.conduits.get(space)
        t.append_text(badge(st, owner) if owner is not None else Text("·"))
        return t

    def _powerhouse(self, view: View, space: str) -> Text:
        st = view.state
        red = components().map.powerhouses[space].extra_credits
        t = Text()
        t.append(space, style=mark(space, view.strong))
        t.append("+3" if red else "  ", style=RED if red else None)
        t.append(" ")
        owner = st.powerhouses.get(space)
        t.append_text(badge(st, owner) if owner is not None else Text("·"))
        return t

    def _legend(self, w: int) -> list[Text]:
        rows = [
            Text.assemble(("Legend", "bold"), (" · ? help", "dim")),
            Text.assemble(("+3", RED), " red outline"),
            Text("F2 France, height 2"),
            Text.assemble(("●", "bold #5fafff"), ("○", "#5f87af"), " 1 drop, room 1"),
            Text("5→8 value 5, zone 8"),
            Text("▾waiting +per round"),
        ]
        return [fit(r, w) for r in rows]
