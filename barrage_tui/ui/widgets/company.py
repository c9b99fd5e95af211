"""Company boards: for each company its resources, Engineers, pieces, income, tiles, wheel and contracts."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal

from barrage_tui.rules import construction, officers
from barrage_tui.rules.components import components

from ..palette import BOLD, DIM, KIND_STYLE, RED, TITLE, badge, mark
from ..texts import COMPANY_SHORT, OFFICER_SHORT, reward_short, tile_short
from ..view import Panel, View
from .textutil import flow, wrap

STRUCT_LETTER = {"base": "B", "elevation": "E", "conduit": "C", "powerhouse": "P"}


class CompanyBoard(Panel):
    """One company's board."""

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="company")
        self.border_title = ""
        self.seat = seat

    def fingerprint(self, view: View) -> object:
        st = view.state
        prompt = view.prompt
        deciding = prompt is not None and prompt.seat == self.seat
        powerhouses = sum(1 for o in st.powerhouses.values() if o == self.seat)
        return (repr(st.companies[self.seat]), deciding, powerhouses,
                (view.strong) if deciding else None)

    def lines(self, view: View, width: int) -> list[Text]:
        st = view.state
        c = st.companies[self.seat]
        comps = components()
        prompt = view.prompt
        deciding = prompt is not None and prompt.seat == self.seat
        strong = view.strong if deciding else frozenset()
        self._where = {}
        out: list[Text] = []
        head = Text()
        head.append_text(badge(st, self.seat, " "))
        head.append(f" {comps.companies[c.company].name} · {c.player}", style=BOLD)
        if deciding:
            head.append("  ◀ to play" if width >= head.cell_len + 11 else " ◀", style="bold #ffd75f")
        elif c.passed:
            head.append("  passed", style=DIM)
        out.append(head)
        officer = comps.officers.get(c.officer)
        if officer is not None:
            out += wrap(Text.assemble((officer.name, "italic"), f": {OFFICER_SHORT.get(c.officer, officer.ability)}"),
                        width, indent=2)
        else:
            out.append(Text("No chief engineer", style=DIM))
        stats = f"VP {c.vp}  cr {c.credits}  Ex {c.excavators}  Mx {c.mixers}  energy {c.energy}"
        if len(stats) > width:
            stats = f"VP {c.vp} cr {c.credits} Ex {c.excavators} Mx {c.mixers} en {c.energy}"
        out += wrap(Text(stats), width, indent=2)
        # Engineers left, then the construction spaces on the company board (and Mahiri's on her tile)
        build = Text(f"Engineers {c.engineers}" + ("+Architect" if c.architect else "") + " · Build ")
        for i, (need, fee) in enumerate(comps.construction_spaces):
            used = i < c.construction_used
            ref = "construct" if i == c.construction_used else ""
            build.append(f"{need}E", style=(mark(ref, strong) if ref else None) or (DIM if used else None))
            if fee:
                build.append(f"+{fee}", style=RED)
            build.append("✓ " if used else "· ")
        self._where["construct"] = len(out)
        out += wrap(build, width, indent=2)
        officer_rules = officers.OFFICERS.get(c.officer)
        for i, (need, fee) in enumerate(officer_rules.private_spaces if officer_rules else ()):
            ref = f"mahiri-{i + 1}"
            t = Text(f"Mahiri space {i + 1}: ")
            t.append(f"{need}E", style=mark(ref, strong))
            if fee:
                t.append(f"+{fee}", style=RED)
            t.append(" used" if c.mahiri_used[i] else " free")
            out.append(t)
        pieces = Text("Left ")
        for s in ("base", "elevation", "conduit", "powerhouse"):
            pieces.append(f"{STRUCT_LETTER[s]}{c.pieces[s]} ")
        out.append(pieces)
        income = comps.companies[c.company].income
        if width < 36:  # narrow: which income slots are uncovered, the rewards are in the help
            t = Text("Income ", style=TITLE)
            for s in ("base", "elevation", "conduit"):
                n = construction.built(c, s)
                t.append(STRUCT_LETTER[s])
                for slot in construction.INCOME_SLOTS:
                    t.append("✓" if n >= slot else "·", style=BOLD if n >= slot else DIM)
                t.append(" ")
            out.append(t)
        for s in (("base", "elevation", "conduit") if width >= 36 else ()):
            t = Text(f"{STRUCT_LETTER[s]} income ")
            n = construction.built(c, s)
            for slot in construction.INCOME_SLOTS:
                got = n >= slot
                t.append(f"{slot}:", style=DIM)
                t.append(reward_short(income[s][slot]) + ("✓" if got else ""), style=BOLD if got else DIM)
                t.append(" ")
            out += wrap(t, width, indent=4)
        tiles = [Text(tile_short(t), style=mark(t, strong)) for t in c.tiles]
        out += self._labelled("Tiles", tiles, width)
        wheel = []
        for k in range(1, 6):
            seg = c.wheel[(c.wheel_open + k) % len(c.wheel)]
            parts = [tile_short(t) for t in seg.tiles]
            if seg.excavators:
                parts.append(f"{seg.excavators}Ex")
            if seg.mixers:
                parts.append(f"{seg.mixers}Mx")
            wheel.append(Text(f"{k}:" + (" ".join(parts) if parts else "·"), style=None if parts else DIM))
        out += self._labelled("Wheel", wheel, width)
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
        done = [Text(f"#{cid}", style=KIND_STYLE[comps.contracts[cid].kind]) for cid in c.fulfilled]
        out += self._labelled("Fulfilled", done, width) if done else [Text("Fulfilled: none", style=DIM)]
        active = sum(1 for o in st.powerhouses.values() if o == self.seat) >= comps.common["ability_unlocked_at_powerhouses"]
        ability = Text("Ability ", style=TITLE)
        ability.append(COMPANY_SHORT.get(c.company, ""), style=None if active else DIM)
        ability.append(" (on)" if active else " (from 3rd powerhouse)", style=BOLD if active else DIM)
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


class CompanyBoards(Horizontal):
    """All company boards side by side (stacked in the compact layout)."""

    def __init__(self, seats: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seats = seats
        self.border_title = "Companies"
        self.TAB = "Companies"

    def compose(self):
        for seat in range(self.seats):
            yield CompanyBoard(seat, id=f"company-{seat}")

    def boards(self) -> list[CompanyBoard]:
        return list(self.query(CompanyBoard))

    def show(self, view: View) -> None:
        for b in self.boards():
            b.show(view)

    def line_of(self, ref: str) -> int | None:
        return None

