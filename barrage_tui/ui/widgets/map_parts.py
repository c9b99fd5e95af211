"""The pieces both pictures of the map draw (the drawn board, the table): an owner's badge, an empty space,
a dam's drops, a module's mark, the grid of valleys; all from the rules' typed map (``rules/views/map.py``)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from rich.style import Style
from rich.text import Text

from barrage_tui.rules import Board, ConduitSpace, DamSpace, LayoutCell, Map, MapMark, PowerhouseSpace

from ..palette import AREA_STYLE, ASSUMED, DIM, RED, GEOLOGY, NEUTRAL, NEUTRAL_LOOK, YIELD_STYLE, company_look, mark
from .textutil import flow

COLUMNS = 4  # the grid's columns when a board gives no layout
WATER = Style(bold=True, color="#5fafff")  # a drop, and the rivers
ROOM = Style(color="#5f87af")  # room for a drop
MOVING = Style(bold=True, color="#000000", bgcolor="#5fafff")  # a drop on its way down the river
LOOKS = {"token": GEOLOGY, "dim": DIM, **{f"yield:{c}": s for c, s in YIELD_STYLE.items()}}


class Marks(NamedTuple):
    """The board things marked on the map: the selected choice's (``strong``) and the ones the others' turns
    in the recap touched (``recent``)."""

    strong: frozenset[str] = frozenset()
    recent: frozenset[str] = frozenset()

    def style(self, ref: str) -> Style | None:
        return mark(ref, self.strong, recent=self.recent)

    def of(self, refs: tuple[str, ...]) -> tuple[tuple[str, Style | None], ...]:
        """How ``refs`` are marked (part of a cached part's key)."""
        return tuple((r, self.style(r)) for r in refs if r in self.strong or r in self.recent)


@cache
def map_refs(m: Board) -> frozenset[str]:
    """The refs the map draws (a board is hashed by identity): its spaces and headstreams, and the landscapes over
    some of them (a landscape's choice marks the spaces it covers)."""
    return (frozenset(m.dams) | frozenset(m.conduits) | frozenset(m.powerhouses) | frozenset(m.headstreams)
            | frozenset(m.landscapes))


@cache
def grid(m: Board) -> tuple[tuple[LayoutCell, ...], ...]:
    """The rows of the map: cells are a zone, "legend", or zones drawn one under the other."""
    if m.layout:
        return m.layout
    zones = sorted(m.zones, key=lambda z: m.areas.index(m.zones[z].area))  # by area, in the file's order
    cells: list[LayoutCell] = [*zones, "legend"]
    return tuple(tuple(cells[i:i + COLUMNS]) for i in range(0, len(cells), COLUMNS))


def badge(m: Map, owner: int, extra: str = "") -> Text:
    """The owner's letter on its colour, e.g. ``F2`` for France's dam 2 high."""
    letter, style = NEUTRAL_LOOK if owner == NEUTRAL else company_look(m.companies[owner])
    return Text(f"{letter}{extra}", style=style)


def empty(space: DamSpace | ConduitSpace | PowerhouseSpace, marks: Marks = Marks()) -> Text:
    """An empty space: "·", the landscape that still covers it in brackets ("[T1]", marked with that
    landscape's choice), or "[X]" for a space blocked by a preparation tile (the Duel map)."""
    if space.blocked:
        return Text("[X]", style=DIM)
    if space.covered:  # ≈: that landscape's tile is partly assumed (the help says what)
        return Text(f"[{space.covered}{ASSUMED if space.cover_assumed else ''}]",
                    style=marks.style(space.covered) or DIM)
    return Text("·")


def drops(held: int, capacity: int) -> Text:
    """A dam's or lake's water: a ● per drop, a ○ per room left."""
    return Text.assemble(("●" * held, WATER), ("○" * max(0, capacity - held), ROOM))


def dam_text(m: Map, space: str, marks: Marks, lead: Text, held: int) -> Text:
    """A dam space as both pictures of the map show it after ``lead``: its id, red fee, owner and height,
    ``held`` drops and its room, and the marks over it ("B2U +3 G2 ●○ G4 E+3cr")."""
    d = m.dams[space]
    t = lead
    t.append(space, style=marks.style(space))
    t.append(" " * (4 - len(space)))
    t.append(f"+{d.red}" if d.red else "  ", style=RED if d.red else None)
    t.append(" ")
    if d.owner is None:
        t.append_text(empty(d, marks))
    else:
        t.append_text(badge(m, d.owner, str(d.height)))
        t.append(" ")
        t.append_text(drops(held, d.capacity))
    for k in d.marks:  # a Geological token lies over the upper dam space
        t.append(" ")
        t.append_text(mark_text(k))
    return t


def mark_text(mark: MapMark) -> Text:
    return Text(mark.text, style=LOOKS.get(mark.look) or "")  # "": rich's no style


def area_marks(m: Map, width: int) -> list[Text]:
    """The modules' marks by each area, an area's on a line of their own under their heading ("Yield mountain:
    #3 #5"), going on on the next lines where they do not fit ``width``."""
    out: list[Text] = []
    for area in m.board.areas:
        here = [k for k in m.area_marks if k.place == area]
        if not here:
            continue
        first = Text(f"{here[0].group} {area}: ".lstrip(), style=AREA_STYLE.get(area) or "")
        first.append_text(mark_text(here[0]))
        out += flow([first, *map(mark_text, here[1:])], width, gap=1, indent=2)
    return out


def landscape_key(m: Map) -> list[Text]:
    """What each landscape still on the board acts on besides the spaces it covers (those show its code in
    place), from the board's file: the headstreams its arrows mark, the lake beside it, the river it turns
    ("A6: 3▼7": once A6 is built valley 3's water goes to valley 7), the conduit branches under it ("C1L→11").
    A landscape is gone once built: its spaces, branches and river show it; one that shows on none is kept."""
    covering = {x for x in (*(d.covered for d in m.dams.values()), *(c.covered for c in m.conduits.values()),
                            *(p.covered for p in m.powerhouses.values()), *(h.covered for h in m.headstreams)) if x}
    acts = _landscape_acts(m.board)
    left = tuple(code in covering or any(to not in m.conduits[c].targets for c, to in branches)
                 or any(_course(m, node) != _node(m, to) for node, to in turned) or not shows
                 for code, _, turned, branches, shows in acts)
    return _key_lines(m, acts, left)


_keys: dict[tuple[object, ...], list[Text]] = {}


def _key_lines(m: Map, acts: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...],
                                         tuple[tuple[str, int], ...], bool], ...], left: tuple[bool, ...]) -> list[Text]:
    """The key's lines of the landscapes still there (``left``), the same list for the same board and landscapes."""
    kept = _keys.get((m.board, left))
    if kept is None:
        if len(_keys) > 100:
            _keys.clear()
        kept = _keys[(m.board, left)] = [
            Text.assemble((f"{code}:", "bold"), " " + " ".join((*named, *(f"{_node(m, n)}▼{_node(m, t)}" for n, t in turned),
                                                                 *(f"{c}→{t}" for c, t in branches))))
            for (code, named, turned, branches, _), there in zip(acts, left) if there]
    return kept


@cache
def _landscape_acts(b: Board) -> tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...],
                                               tuple[tuple[str, int], ...], bool], ...]:
    """Each landscape acting on more than spaces: (code, the headstreams its arrows mark and its lake, (river node,
    its new course) it turns, (conduit, target) of the branches under it, whether a built one shows on the map)."""
    out = []
    for code, land in b.landscapes.items():
        named = (*land.headstreams, *([land.lake] if land.lake else []))
        turned = tuple((d.node, d.to) for d in b.diversions.values() if d.landscape == code)
        branches = tuple((c.id, to) for c in b.conduits.values() for to, cover in c.branch_covers.items()
                         if cover == code)
        shows = bool(turned or branches or code in b.headstream_covers.values()
                     or any(b.covered_by(s) == code for s in (*b.dams, *b.conduits, *b.powerhouses)))
        if named or turned or branches:
            out.append((code, named, turned, branches, shows))
    return tuple(out)


def _node(m: Map, node: str) -> str:
    """A river node in the map's few letters: its valley's number, or its own id (a lake, an exit)."""
    zone = m.valley_of(node)
    return str(zone) if zone is not None else node


def _course(m: Map, node: str) -> str:
    """Where water leaving a river node goes now, in the map's few letters."""
    zone = m.valley_of(node)
    if zone is not None:
        return m.valleys[zone].to
    return next((to for id_, to in (*((h.id, h.to) for h in m.headstreams), *((k.id, k.to) for k in m.lakes))
                 if id_ == node), "")


def reds(m: Board) -> set[int]:
    """The red outlines' extra Credits on a board (the base map: 3 everywhere)."""
    return ({d.extra_credits for d in m.dams.values() if d.extra_credits}
            | {p.extra_credits for p in m.powerhouses.values() if p.extra_credits})


def below(m: Map, to: str) -> str:
    """Where water goes, in few letters: "exit" for an exit, else the valley's number or the lake's id."""
    return "exit" if to in m.exits else to
