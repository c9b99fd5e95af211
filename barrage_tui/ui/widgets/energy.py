"""The energy track: each company's energy this round, the bonus tiles, the objective, the turn order."""

from __future__ import annotations

from rich.text import Text

from barrage_tui.rules.components import components

from ..palette import BOLD, DIM, TITLE, badge
from ..texts import bonus_short, objective_short
from ..view import Panel, View
from .textutil import fit, wrap

PHASES = {"pick": "starting contracts", "income": "income", "actions": "actions", "check": "Duel check",
          "over": "game over"}


class EnergyTrack(Panel):
    TITLE = "Energy track"
    TAB = "Energy"

    def fingerprint(self, view: View) -> object:
        st = view.state
        # the companies too: in the draft two seats may swap the pairs they hold
        return (st.round, st.phase, bool(st.drafting), tuple(st.turn_order),
                tuple((c.company, c.energy) for c in st.companies))

    def lines(self, view: View, width: int) -> list[Text]:
        st = view.state
        comps = components()
        head = Text.assemble(("Round ", TITLE), (f"{min(st.round, 5)}/5", TITLE),
                             f" · {'company picks' if st.drafting else PHASES.get(st.phase, st.phase)}")
        order = Text()
        for i, seat in enumerate(st.turn_order):
            if i:
                order.append("→")
            order.append_text(badge(st, seat))
        # one line when it fits: the short side panels of the full layouts then show the objective too
        together = head + Text(" · order ", style=TITLE) + order
        out = [together] if together.cell_len <= width else [head, Text("Turn order ", style=TITLE) + order]
        top = max([30] + [c.energy for c in st.companies])
        bar_w = max(4, width - 12)
        for c in sorted(st.companies, key=lambda c: -c.energy):
            line = Text()
            line.append_text(badge(st, c.seat))
            line.append(f" {c.energy:>2} ")
            filled = round(bar_w * min(c.energy, top) / top)
            line.append("█" * filled, style="#5fafff")
            line.append("·" * (bar_w - filled), style=DIM)
            out.append(line)
        for r, tile in enumerate(st.bonus_tiles, start=1):
            style = BOLD if r == st.round else DIM if r < st.round else None
            prefix = "▶" if r == st.round else " "
            head = Text("Bonus ", style=TITLE) if r == 1 else Text("      ")
            out += wrap(head + Text(f"{prefix}r{r} {bonus_short(tile)}", style=style or ""), width, indent=10)
        vp = "/".join(str(v) for v in comps.objective_vp)
        out += wrap(Text.assemble(("Objective ", TITLE), f"{objective_short(st.objective)} ({vp} VP)"), width,
                    indent=1)
        return [fit(t, width) if t.cell_len > width else t for t in out]
