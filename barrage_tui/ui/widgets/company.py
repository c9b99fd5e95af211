"""Company boards: for each company its resources, Engineers, pieces, income, tiles, wheel and contracts."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from barrage_tui.rules import NO_OFFICER, STRUCTURES, CompanyView, company_view, facts

from ..palette import ASSUMED, BOLD, DIM, KIND_STYLE, RED, SELECTED, TITLE, badge, mark
from ..texts import COMPANY_SHORT, OFFICER_SHORT, STRUCT_LETTER, officer_short_name, reward_short, tile_short
from ..view import Panel, View
from .lines import StyleKept
from .textutil import flow, wrap


HAND = "hand"  # the line where the hand starts (``line_of``)

# the board's forms, tried in order until one fits its panel: (dense, incomes, brief)
FORMS = ((False, True, False), (True, True, False), (True, False, False), (True, False, True))


TO_PLAY = Style(bold=True, color="#ffd75f")  # the mark of the company to play


class TurnMark(StyleKept, Widget):
    """The column between a company board's edge (a widget of one column with a left border) and its lines: ▶
    beside the head line while the company is to play. A widget of its own, so that the mark comes and goes
    alone: Textual writes a changed line of a widget from the widget's first column, so a mark at the end of the
    head line (or a change anywhere in the board) would rewrite the line from the board's edge, its codes too."""

    def __init__(self) -> None:
        super().__init__(classes="turn-mark")
        self.marked = False

    def mark(self, on: bool) -> None:
        if on != self.marked:
            self.marked = on
            self.refresh(Region(0, 0, 1, 1))

    def render_line(self, y: int) -> Strip:
        style = self.kept_style
        return Strip([Segment("▶", style + TO_PLAY) if y == 0 and self.marked else Segment(" ", style)], 1)


class CompanyBoard(Panel):
    """One company's board."""

    def __init__(self, seat: int, *, turn_mark: TurnMark | None = None, id: str | None = None) -> None:
        super().__init__(id=id, classes="company")
        self.border_title = ""
        self.seat = seat
        self.turn_mark = turn_mark  # (its mark of the company to play, where it is shown: not on a compact screen)
        self.brief_ok = False  # the brief form may be used (beside a tall map: CompanyBoards.allow_brief)

    def fingerprint(self, view: View) -> object:
        """What the lines show; the mark in its column beside them follows at once (no part of them: the turn
        passing rebuilds a board only for what its lines show, the selected choice's marks on it)."""
        c = company_view(view.game, self.seat)  # (its ability's state too: it follows the powerhouses built)
        prompt = view.prompt
        deciding = prompt is not None and prompt.seat == self.seat
        offered = f"company:{c.company}" in view.strong  # the pair selected in the draft
        to_play = deciding and not c.drafting and not offered
        mark = self._turn_mark()
        if mark is not None:
            mark.mark(to_play)
        return (c, to_play and mark is None, offered, self._marked(view, c))

    def _marked(self, view: View, c: CompanyView) -> frozenset[str]:
        """The selected choice's board things that this board shows, marked: the deciding company's only (a choice
        of a space elsewhere, the map's or the management board's, rebuilds no company board)."""
        prompt = view.prompt
        if prompt is None or prompt.seat != self.seat or not view.strong:
            return frozenset()
        return view.strong & {"construct", *(s.ref for s in c.private_spaces), *c.tiles,
                              *(f"contract:{cid}" for cid in c.contracts)}

    def _turn_mark(self) -> TurnMark | None:
        """The column that marks the company to play, where it is shown (not on a compact screen: words do)."""
        return self.turn_mark if self.turn_mark is not None and self.turn_mark.display else None

    def lines(self, view: View, width: int) -> list[Text]:
        """The board; in a short panel (the full layouts) a denser form when the full one does not fit, and in a
        very short one (beside a tall map) a brief one: what the company can build and pay with first."""
        height = self.scrollable_content_region.height
        self._built_height = height
        fits = height <= 0 or self.styles.height is None or self.styles.height.is_auto  # no limit to fit
        company = company_view(view.game, self.seat)
        for dense, incomes, brief in FORMS if self.brief_ok else FORMS[:-1]:
            out = self._board(view, width, dense, incomes, company, brief)
            if fits or len(out) <= height:
                break
        return out

    def on_resize(self) -> None:
        if self.scrollable_content_region.height != getattr(self, "_built_height", None):
            self._built_width = -1  # a new height may need the other form: built again below
        super().on_resize()

    def _board(self, view: View, width: int, dense: bool, incomes: bool = True,
               company: CompanyView | None = None, brief: bool = False) -> list[Text]:
        """The board's lines; ``dense`` puts them closer, and without ``incomes`` the income rows shrink to
        which slots are uncovered (their rewards are in the help); ``company``: its view, when already built;
        ``brief``: the chief engineer by name only, and no construction or own spaces, pieces left, incomes,
        fulfilled contracts nor ability (all in the help, ?)."""
        c = company if company is not None else company_view(view.game, self.seat)
        comps = facts()
        prompt = view.prompt
        deciding = prompt is not None and prompt.seat == self.seat
        strong = self._marked(view, c)
        self._where = {}
        out: list[Text] = []
        head = Text()
        head.append_text(badge(view.table, self.seat, " "))
        drafting = c.drafting  # a pair on offer, not yet picked in the draft
        head.append(f" {comps.companies[c.company].name} · {'on offer' if drafting else c.player}", style=BOLD)
        officer = comps.officers.get(c.officer) if c.officer != NO_OFFICER else None
        if brief and officer is not None:
            head.append(f" · {officer_short_name(c.officer)}", style="italic")
        to_play = deciding and not drafting and f"company:{c.company}" not in view.strong
        if f"company:{c.company}" in view.strong:
            head.append("  ◀ selected", style=SELECTED)
        elif to_play and self._turn_mark() is None:
            head.append("  ◀ to play" if width >= head.cell_len + 11 else " ◀", style=TO_PLAY)
        elif c.passed:
            head.append("  passed", style=DIM)
        out.append(head)
        if not brief:  # (brief: its chief engineer named on the head line)
            out += (wrap(Text.assemble((officer.name, "italic"), f": {OFFICER_SHORT.get(c.officer, officer.ability)}"),
                         width, indent=2) if officer is not None else [Text("No chief engineer", style=DIM)])
        if c.copies:  # Mahiri Sekibo's copies: for her extra action, or until the end of the round
            t = Text("Copying ", style=TITLE)
            t.append(", ".join(comps.officers[o].name + (" (this round)" if this_round else "")
                               for o, this_round in c.copies))
            out += wrap(t, width, indent=2)
        stats = [f"VP {c.vp}", f"cr {c.credits}", f"Ex {c.excavators}", f"Mx {c.mixers}"]
        if c.shows_excamixers:
            stats.append(f"ExMx {c.excamixers}")
        stats.append(f"energy {c.energy}")
        if len("  ".join(stats)) > width:
            stats[-1] = f"en {c.energy}"
        engineers = f"{'Eng' if dense else 'Engineers'} {c.engineers}" + ("+Architect" if c.architect else "")
        if brief:  # the Engineers left beside the rest (the construction spaces' costs: on the choices)
            stats.append(engineers)
        gap = 2 if len("  ".join(stats)) <= width else 1
        out += flow([Text(s) for s in stats], width, gap=gap, indent=2)
        # Engineers left, then the construction spaces on the company board (and Mahiri's on her tile)
        build = Text(f"{engineers} · Build ")
        for i, (need, fee) in enumerate(comps.construction_spaces):
            used = i < c.construction_used
            ref = "construct" if i == c.construction_used else ""
            build.append(f"{need}E", style=(mark(ref, strong) if ref else None) or (DIM if used else None))
            if fee:
                build.append(f"+{fee}", style=RED)
            build.append("✓ " if used else "· ")
        if not brief:
            self._where["construct"] = len(out)
            out += wrap(build, width, indent=2)
        spaces = c.private_spaces
        own_spaces: list[tuple[list[str], Text]] = []  # (the refs on the line, the line)
        for i, space in enumerate(spaces):  # the chief engineer's own spaces, on its tile
            ref, need, fee = space.ref, space.engineers, space.fee
            if dense and i:  # Mahiri's second space on the line of her first
                refs, t = own_spaces[-1]
                refs.append(ref)
                t.append(" · ")
            else:
                t = Text(f"{officer_short_name(c.officer)}'s space")
                t.append(("s " if dense else f" {i + 1}: ") if len(spaces) > 1 else ": ")
                own_spaces.append(([ref], t))
            t.append(f"{need}E", style=mark(ref, strong))
            if fee:
                t.append(f"+{fee}cr", style=RED)
            t.append(" used" if space.used else " free", style=DIM if space.used else None)
        for refs, t in () if brief else own_spaces:  # (brief: used or free, they are among the choices when free)
            self._where.update(dict.fromkeys(refs, len(out)))
            out += wrap(t, width, indent=2)
        full_income = width >= 36 and incomes
        merged = dense and full_income  # each income row starts with its pieces left: "B5 2:3VP ..."
        pieces = Text("Left ")
        for s in ("powerhouse",) if merged else STRUCTURES:
            pieces.append(f"{STRUCT_LETTER[s]}{c.pieces[s]} ")
        if not merged and not brief:
            out.append(pieces)
        if not full_income and not brief:  # narrow: which income slots are uncovered, the rewards are in the help
            t = Text("Income ", style=TITLE)
            if c.incomes_assumed:
                t.append(f"{ASSUMED} ", style=DIM)
            for row in c.incomes:
                gone = row.taken
                t.append(STRUCT_LETTER[row.structure])
                for inc in row.incomes:
                    t.append("✓" if inc.column in gone else "·", style=BOLD if inc.column in gone else DIM)
                t.append(" ")
            out.append(t)
        for row in (c.incomes if full_income else ()):
            s = row.structure
            t = Text(f"{STRUCT_LETTER[s]}{c.pieces[s] if merged else ' income'} ")
            if c.incomes_assumed:  # assumed where the player reads them, not only in the help
                t.append(f"{ASSUMED} ", style=DIM)
            gone = row.taken
            for inc in row.incomes:
                got = inc.column in gone
                t.append(f"{inc.column}:", style=DIM)
                t.append(reward_short(inc.reward) + (f" for {inc.price}cr" if inc.price else "") + ("✓" if got else ""),
                         style=BOLD if got else DIM)
                t.append(" ")
            if merged and s == "conduit":
                t.append_text(pieces)
            out += wrap(t, width, indent=4)
        if c.powerhouse_pieces:  # distinct Powerhouse pieces (China's): each one's Mixers, ability, where it stands
            t = Text("Powerhouses ", style=TITLE)
            for i, (piece, at) in enumerate(c.powerhouse_pieces):
                t.append(" · " if i else "")
                t.append(f"{piece.mixers}Mx {piece.short}" + (f" @{at}" if at else ""), style=BOLD if at else DIM)
            out += wrap(t, width, indent=2)
        for p in () if brief else c.module_pieces:  # a module's pieces (the Leeghwater Project's buildings): left, and where the others went
            t = Text(f"{p.name} ", style=TITLE)
            t.append(f"{p.left}/{p.of} left")
            if p.placed and not dense:  # (the module's panel shows them too)
                t.append(" · built ", style=DIM)
                t.append(", ".join(p.placed))
            out += wrap(t, width, indent=4)
        tiles = [Text(tile_short(t), style=mark(t, strong) or "") for t in c.tiles]  # "": rich's no style
        out += self._labelled("Tiles", tiles, width)
        wheel = []
        for k, seg in enumerate(c.wheel, start=1):
            parts = [tile_short(t) for t in seg.tiles]
            if seg.excavators:
                parts.append(f"{seg.excavators}Ex")
            if seg.mixers:
                parts.append(f"{seg.mixers}Mx")
            if seg.excamixers:
                parts.append(f"{seg.excamixers}ExMx")
            wheel.append(Text(f"{k}:" + (" ".join(parts) if parts else "·"), style="" if parts else DIM))
        out += self._labelled("Wheel", wheel, width)
        self._where[HAND] = len(out)
        if not c.contracts:
            out.append(Text("Hand: empty", style=DIM))
        for i, cid in enumerate(c.contracts):
            ref = f"contract:{cid}"
            self._where[ref] = len(out)
            kind = comps.contracts[cid].kind
            t = Text("Hand ", style=TITLE) if i == 0 else Text("     ")
            t.append(f"#{cid}", style=mark(ref, strong) or KIND_STYLE[kind])
            ctr = comps.contracts[cid]
            t.append(f" {ctr.energy}en: {reward_short(ctr.reward)}")
            out += wrap(t, width, indent=6)
        if brief:
            return out
        done = [Text(f"#{cid}", style=KIND_STYLE[comps.contracts[cid].kind]) for cid in c.fulfilled]
        if done or not dense:
            out += self._labelled("Fulfilled", done, width) if done else [Text("Fulfilled: none", style=DIM)]
        active = c.ability_active  # the engine's word: powerhouses and an Automa's level (China's: all game)
        off = (" (not at this Automa level)" if c.ability_off_by_level
               else " (3rd powerhouse)" if dense else " (from 3rd powerhouse)")
        ability = Text("Ability ", style=TITLE)
        ability.append(COMPANY_SHORT.get(c.company, ""), style=None if active else DIM)
        ability.append(" (on)" if active else off, style=BOLD if active else DIM)
        out += wrap(ability, width, indent=2)
        return out

    def _labelled(self, label: str, cells: list[Text], width: int) -> list[Text]:
        head = Text(f"{label} ", style=TITLE)
        if not cells:
            return [head + Text("none", style=DIM)]
        lines = flow([head] + cells, width, gap=1)
        return lines

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)

    def brief_height(self) -> int:
        """The lines of the board's brief form at its width now down to its hand's first line (the hand grows in
        play: a layout must not change with it); 0 before it is shown."""
        width = self.content_width
        if self.view is None or width <= 0:
            return 0
        shown = getattr(self, "_where", {})  # (the lines of the form shown: building another notes its own)
        self._board(self.view, width, True, False, brief=True)
        hand, self._where = self._where[HAND], shown
        return hand + 1


class CompanyBoards(Horizontal):
    """All company boards side by side (stacked in the compact layout)."""

    def __init__(self, seats: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seats = seats
        self.border_title = "Companies"
        self.TAB = "Companies"

    def compose(self) -> ComposeResult:
        for seat in range(self.seats):
            turn_mark = TurnMark()
            yield Widget(classes="board-edge")
            yield turn_mark
            yield CompanyBoard(seat, turn_mark=turn_mark, id=f"company-{seat}")

    def boards(self) -> list[CompanyBoard]:
        return list(self.query(CompanyBoard))

    def show(self, view: View) -> None:
        for b in self.boards():
            b.show(view)

    def brief_height(self) -> int:
        """The lines the tallest board's brief form takes (what a tall map leaves them at least)."""
        return max((b.brief_height() for b in self.boards()), default=0)

    def allow_brief(self, on: bool) -> None:
        """Whether the boards may take their brief form (a tall map took their rows) or keep every line (the
        densest form, cut where it does not fit: the keys scroll it)."""
        for b in self.boards():
            if b.brief_ok != on:
                b.brief_ok = on
                b.rebuild()

    def line_of(self, ref: str) -> int | None:
        return None

