"""The energy track: each company's energy this round, the bonus tiles, the objective, the turn order."""

from __future__ import annotations

from rich.text import Text

from barrage_tui.rules import energy_track

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
        table = view.table
        # the companies too: in the draft two seats may swap the pairs they hold
        return (table.round, table.phase, bool(table.drafting), table.turn_order,
                tuple(c.company for c in table.companies), energy_track(view.game))

    def lines(self, view: View, width: int) -> list[Text]:
        table, track = view.table, energy_track(view.game)
        head = Text.assemble(("Round ", TITLE), (f"{min(table.round, 5)}/5", TITLE),
                             f" · {'company picks' if table.drafting else PHASES.get(table.phase, table.phase)}")
        order = Text()
        for i, seat in enumerate(table.turn_order):
            if i:
                order.append("→")
            order.append_text(badge(table, seat))
        # one line when it fits: the short side panels of the full layouts then show the objective too
        together = head + Text(" · order ", style=TITLE) + order
        out = [together] if together.cell_len <= width else [head, Text("Turn order ", style=TITLE) + order]
        top = max([30, *track.energy])
        score = [f" {vp:>3} VP" for vp in track.vp]  # each company's score beside its energy
        bar_w = max(4, width - 12 - max(map(len, score)))
        for seat in sorted(range(table.seats), key=lambda s: -track.energy[s]):
            energy = track.energy[seat]
            line = Text()
            line.append_text(badge(table, seat))
            line.append(f" {energy:>2} ")
            filled = round(bar_w * min(energy, top) / top)
            line.append("█" * filled, style="#5fafff")
            line.append("·" * (bar_w - filled), style=DIM)
            line.append(score[seat], style=BOLD)
            out.append(line)
        for r, tile in enumerate(track.bonus_tiles, start=1):
            style = BOLD if r == table.round else DIM if r < table.round else None
            prefix = "▶" if r == table.round else " "
            head = Text("Bonus ", style=TITLE) if r == 1 else Text("      ")
            out += wrap(head + Text(f"{prefix}r{r} {bonus_short(tile)}", style=style or ""), width, indent=10)
        vp = "/".join(str(v) for v in track.objective_vp)
        out += wrap(Text.assemble(("Objective ", TITLE), f"{objective_short(track.objective)} ({vp} VP)"), width,
                    indent=1)
        return [fit(t, width) if t.cell_len > width else t for t in out]
