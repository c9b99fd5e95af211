"""Contracts on the table: the national contracts and the private display (and the starting offer)."""

from __future__ import annotations

from rich.text import Text

from barrage_tui.rules import contract_of, contracts_display

from ..palette import DIM, KIND_STYLE, TITLE, mark
from ..texts import contract_short
from ..view import Panel, View, marks
from .textutil import wrap



class ContractsView(Panel):
    TITLE = "Contracts"
    TAB = "Contracts"

    def fingerprint(self, view: View) -> object:
        return contracts_display(view.game), marks(view, lambda r: contract_of(r) is not None)[0]

    def lines(self, view: View, width: int) -> list[Text]:
        shown = contracts_display(view.game)
        self._where: dict[str, int] = {}
        out: list[Text] = []
        if shown.starting_offer and shown.picking:
            out.append(Text("Starting contracts on offer", style=TITLE))
            for cid in shown.starting_offer:
                out += self._contract(view, cid, "starting", width, out)
        out.append(Text("National (by production only)", style=TITLE))
        if not shown.national:
            out.append(Text(" none left", style=DIM))
        for cid in shown.national:
            out += self._contract(view, cid, "national", width, out)
        out.append(Text("Private display", style=TITLE))
        for colour, contracts in shown.private:
            for cid in contracts:
                out += self._contract(view, cid, colour, width, out)
        piles = " · ".join(f"{colour} {n}" for colour, n in shown.piles)
        out.append(Text(f"Piles: {piles}", style=DIM))
        return out

    def _contract(self, view: View, cid: int, kind: str, width: int, out: list[Text]) -> list[Text]:
        ref = f"contract:{cid}"
        self._where[ref] = len(out)
        t = Text()
        t.append("■ ", style=KIND_STYLE[kind])
        t.append(f"#{cid}", style=mark(ref, view.strong) or KIND_STYLE[kind])
        t.append(contract_short(cid)[len(f"#{cid}"):])
        return wrap(t, width, indent=4)

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)
