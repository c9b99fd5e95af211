"""The Leeghwater Project in the app (``barrage_tui.ui.module_parts``; the rules never import this): the expansion
board's panel (each private building's row: its machinery, VP and action, its building spaces with their builders,
its action spaces with their costs and who stands there; the face-up External Works with their costs and rewards,
who stands on their spaces, the piles' sizes and how many each company took) and its section of the help screen
(the rules of both, each building of the rows, each face-up work and the Building tiles)."""

from __future__ import annotations

from collections import Counter
from typing import cast

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from barrage_tui.rules.components import components
from barrage_tui.rules.engine.decisions import EventKind
from barrage_tui.rules.game import Game
from barrage_tui.ui.module_parts import ModuleParts
from barrage_tui.ui.palette import ASSUMED, BOLD, DIM, RED, TITLE, badge, mark
from barrage_tui.ui.view import Panel, View
from barrage_tui.ui.widgets.textutil import fit, flow, plain, wrap

from .buildings import ACTION_SPACE, first_closed, open_spaces, space_id
from .facts import BUILDING, Building, Work, box
from .prompts import LeeghwaterEvent
from .state import LeeghwaterState, leeghwater
from .works import SPACE

FREE, CLOSED, SHUT = "·", "—", "✗"  # a free space; a building space not open at this seat count; a closed one
ACT = "Act "  # where a building's action spaces begin on its lines


def machinery(excavators: int, mixers: int) -> str:
    """A cost in machinery, in few letters: '2Ex 1Mx'."""
    return " ".join(p for p in (f"{excavators}Ex" if excavators else "", f"{mixers}Mx" if mixers else "") if p)


class ExpansionBoard(Panel):
    TITLE = "Leeghwater Project"
    TAB = "Leeghwater"

    def fingerprint(self, view: View) -> object:
        st = view.game.state
        own = leeghwater(st)
        ours = [*(SPACE.format(i + 1) for i in range(len(own.works))),
                *(ACTION_SPACE.format(b, n) for b in own.rows for n in range(1, 5))]
        return (tuple(own.built.items()), tuple(own.works), tuple(own.occupied.items()),
                tuple(len(p) for p in own.piles.values()), tuple(own.fulfilled.items()),
                tuple(tuple(st.engineers_on.get(s, ())) for s in ours), view.strong & self._refs(own))

    @staticmethod
    def _refs(own: LeeghwaterState) -> frozenset[str]:
        """What the choices may point at here: the spaces, the building spaces and the face-up tiles."""
        return frozenset({*(SPACE.format(i + 1) for i in range(len(own.works))), *(w for w in own.works if w),
                          *(ACTION_SPACE.format(b, n) for b in own.rows for n in range(1, 5)),
                          *(space_id(b, n) for b in own.rows for n in range(1, 5)), *own.rows})

    def lines(self, view: View, width: int) -> list[Text]:
        self._where: dict[str, int] = {}
        own = leeghwater(view.game.state)
        out = [Text("Private buildings", style=TITLE)]
        rows = [self._building(view, own, box().buildings[b]) for b in own.rows]
        laid = aligned(rows, width)
        if laid is None:  # narrow: the name, then the building spaces and the action, then the action spaces
            laid = [[piece for line in flow([head, spaces, action, acts], width, gap=2, indent=2)
                     for piece in wrap(line, width, indent=4)] for head, spaces, acts, action in rows]
        for building, lines in zip(own.rows, laid):
            acts = next((i for i, line in enumerate(lines) if ACT in line.plain), 0)
            for n in range(1, 5):  # its building spaces on its first lines, its action spaces on theirs
                self._where[space_id(building, n)] = len(out)
                self._where[ACTION_SPACE.format(building, n)] = len(out) + acts
            self._where[building] = len(out)
            out += lines
        out += self._legend(view, width)
        out += self._works(view, own, width, len(out))
        return out

    @staticmethod
    def _legend(view: View, width: int) -> list[Text]:
        """What the rows' signs mean (the building spaces' and the action spaces')."""
        t = Text(f"building spaces: {FREE} free, +{max(box().space_credits)} red", style=DIM)
        if 2 not in open_spaces(view.game.state.seats):
            t.append(f", {CLOSED} from {box().second_free_space_min_players} seats {ASSUMED}")
        if any(first_closed(leeghwater(view.game.state), b, view.game) for b in leeghwater(view.game.state).rows):
            t.append(f"; {SHUT} closed")
        return wrap(t, width, indent=2)

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)

    def shows_ref(self, view: View, ref: str) -> bool:
        return ref in self._refs(leeghwater(view.game.state))

    # ------------------------------------------------------------ a building's row

    def _building(self, view: View, own: LeeghwaterState, b: Building) -> list[Text]:
        """Its cells: its name, machinery and VP; its building spaces; its action spaces; its action."""
        head = Text()
        head.append(b.name, style=mark(b.id, view.strong) or BOLD)
        head.append(f" {machinery(b.excavators, b.mixers)} {b.vp}VP" + (f" {ASSUMED}" if b.assumed else ""))
        return [head, self._building_spaces(view, own, b), self._action_spaces(view, own, b),
                Text(b.action_short, style=DIM)]

    def _building_spaces(self, view: View, own: LeeghwaterState, b: Building) -> Text:
        """Each building space left to right: its builder's letter, or free (+3: red-outlined), or not open."""
        t = Text()
        open_ = open_spaces(view.game.state.seats)
        for n, red in enumerate(box().space_credits, 1):
            space = space_id(b.id, n)
            if n > 1:
                t.append(" ")
            if n not in open_:
                t.append(CLOSED, style=DIM)
                continue
            if red:
                t.append(f"+{red}", style=RED)
            builder = own.built.get(space)
            if builder is None:
                t.append(FREE, style=mark(space, view.strong) or DIM)
            else:
                t.append_text(badge(view.table, builder))
        return t

    def _action_spaces(self, view: View, own: LeeghwaterState, b: Building) -> Text:
        """Act: each action space left to right, its Engineers (+Credits) and who stands there."""
        t = Text(ACT.strip())
        closed = first_closed(own, b.id, view.game)
        for n, (engineers, credits) in enumerate(b.action_spaces, 1):
            space = ACTION_SPACE.format(b.id, n)
            t.append("│" if n > 1 else " ")
            t.append(f"{engineers}E", style=mark(space, view.strong))
            if credits:
                t.append(f"+{credits}", style=RED)
            t.append_text(self._stands(view, own, space, shut=n == 1 and closed))
        return t

    @staticmethod
    def _stands(view: View, own: LeeghwaterState, space: str, shut: bool = False) -> Text:
        """Who stands on one of the module's action spaces (their letter and Engineers), or free."""
        seat = own.occupied.get(space)
        if seat is None:
            return Text(SHUT if shut else FREE, style=DIM)
        n = view.game.state.engineers_on.get(space, [0] * view.game.state.seats)[seat]
        return Text(" ") + badge(view.table, seat, str(n))

    # ------------------------------------------------------------ the External Works

    def _works(self, view: View, own: LeeghwaterState, width: int, first: int) -> list[Text]:
        """The External Works' lines (``first``: the panel's line they start at)."""
        head = Text()
        head.append("External Works", style=TITLE)
        head.append(f" · {box().work_engineers}E · piles " + " ".join(f"{k}{len(p)}" for k, p in own.piles.items()),
                    style=DIM)
        out = wrap(head, width, indent=2)
        for i, tile in enumerate(own.works):
            space = SPACE.format(i + 1)
            t = Text()
            t.append(f"{i + 1}", style=mark(space, view.strong) or BOLD)
            if tile:
                w = box().works[tile]
                t.append(" ")
                t.append(tile, style=mark(tile, view.strong) or BOLD)
                t.append(f" {machinery(w.excavators, w.mixers)}{' ' + ASSUMED if w.assumed else ''}: {w.short}")
            else:
                t.append(" taken", style=DIM)
            if space in own.occupied:
                t.append_text(self._stands(view, own, space))
            self._where[space] = first + len(out)
            if tile:
                self._where[tile] = first + len(out)
            out += wrap(t, width, indent=4)
        taken = Counter(own.fulfilled.values())
        if taken:
            t = Text()
            t.append("Taken", style=DIM)
            for seat in sorted(taken):
                t.append(" ")
                t.append_text(badge(view.table, seat, str(taken[seat])))
            out.append(t)
        return out


def aligned(rows: list[list[Text]], width: int, gap: int = 2) -> list[list[Text]] | None:
    """Each row's cells on lines of ``width``: as many of the first cells as fit in aligned columns on a row's
    first line (its next cell too where it fits there), the rest flowed on the lines after (indented). None:
    not even two columns fit."""
    widths = [max(row[i].cell_len for row in rows) for i in range(len(rows[0]))] if rows else []
    k = next((k for k in range(len(widths), 0, -1) if sum(widths[:k]) + gap * (k - 1) <= width), 0)
    if k < 2:
        return None
    out = []
    for row in rows:
        first = Text()
        for i, cell in enumerate(row[:k]):
            first.append_text(fit(cell, widths[i] + gap) if i < k - 1 else cell)
        rest = row[k:]
        if rest and first.cell_len + gap + rest[0].cell_len <= width:  # the next one fits on this row's line
            first.append(" " * gap)
            first.append_text(rest.pop(0))
        out.append([first, *(piece for t in flow(rest, width - 2, gap=gap) for piece in wrap(Text("  ") + t, width, 4))])
    return out


def work_help(w: Work) -> str:
    return f"Costs {machinery(w.excavators, w.mixers)} (spent): {w.text}" + (f" {ASSUMED} {w.assumed}." if w.assumed else "")


def building_help(game: Game, own: LeeghwaterState, b: Building) -> str:
    """A building's row in words: its cost, VP, action spaces and action, and who built it."""
    costs = ", ".join(f"{e}E" + (f"+{c}cr" if c else "") for e, c in b.action_spaces)
    builders = [game.name(seat) for space, seat in sorted(own.built.items()) if space.rpartition("-")[0] == b.id]
    return (f"Build: {machinery(b.excavators, b.mixers)}; {b.vp} VP at the end. Action spaces {costs}. {b.text}"
            + (f" {ASSUMED} {b.assumed}." if b.assumed else "") + (f" Built by {', '.join(builders)}." if builders else ""))


def leeghwater_help(game: Game) -> list[tuple[str, list[RenderableType]]]:
    """The expansion board: the rules of the private buildings and of the External Works (the assumed one
    marked), each building of the rows, each face-up work, the Building tiles."""
    own, b = leeghwater(game.state), box()
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("Building", plain(b.help["buildings"]))
    table.add_row("Actions", plain(b.help["actions"]))
    table.add_row(plain(f"Spaces {ASSUMED}"), plain(b.help["spaces"], style="yellow"))
    for building in own.rows:
        table.add_row(plain(b.buildings[building].name), plain(building_help(game, own, b.buildings[building])))
    for level in sorted((t for t in components().module_tiles.values() if t.builds == BUILDING), key=lambda t: t.level):
        table.add_row(plain(f"{level.name} tile"), plain(level.text))
    works = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    works.add_column(style="bold", no_wrap=True)
    works.add_column()
    works.add_row("Taking one", plain(b.help["works"]))
    for i, tile in enumerate(own.works):
        works.add_row(plain(f"{i + 1}: {tile}" if tile else f"{i + 1}"),
                      plain(work_help(b.works[tile]) if tile else "taken this round"))
    works.add_row("Piles", plain(", ".join(f"{k}: {len(p)}" for k, p in own.piles.items())))
    return [("The Leeghwater Project: private buildings", [table]), ("The Leeghwater Project: External Works", [works])]


def revealed(game: Game, round_no: int) -> list[str]:
    """The External Works revealed at the clean-up of ``round_no`` (after its scoring), each in words."""
    scored = False
    for e in game.events:
        if e.kind == EventKind.ROUND_SCORED:
            scored = e.data.get("round") == round_no
        elif scored and e.kind == LeeghwaterEvent.WORKS_REFILLED:
            return [work_words(w) for w in cast("list[str]", e.data["works"]) if w]
    return []


def work_words(tile: str) -> str:
    w = box().works[tile]
    return f"{tile} {machinery(w.excavators, w.mixers)}: {w.text}"


def _summary(game: Game, round_no: int) -> list[tuple[str, list[str]]]:
    works = revealed(game, round_no)
    return [("External Works for the next round", works)] if works else []


PARTS = ModuleParts(panels=(lambda: ExpansionBoard(id="leeghwater", classes="module-panel"),), help=leeghwater_help,
                    round_summary=_summary)
