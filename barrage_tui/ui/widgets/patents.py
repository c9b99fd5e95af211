"""The patent office: the three advanced technology tiles on offer and what they do."""

from __future__ import annotations

from rich.text import Text

from barrage_tui.rules import patent_office

from ..palette import DIM, TITLE, mark
from ..texts import tile_effect, tile_short
from ..view import Panel, View, marks
from .textutil import wrap


class PatentOffice(Panel):
    TITLE = "Patent office"
    TAB = "Patents"

    def fingerprint(self, view: View) -> object:
        office = patent_office(view.game)
        universe = frozenset(office.offer) | {"patent-p1", "patent-p2", "patent-p3"}
        return (office, marks(view, universe)[0])

    def lines(self, view: View, width: int) -> list[Text]:
        if view.table.introductory:
            return [Text("Not used in the introductory game.", style=DIM)]
        out: list[Text] = []
        self._where: dict[str, int] = {}
        office = patent_office(view.game)
        for slot, tile in enumerate(office.offer, start=1):
            space = f"patent-p{slot}"
            self._where[space] = len(out)
            head = Text()
            head.append(f"{slot} ", style=mark(space, view.strong))
            if not tile:
                head.append("(empty until next round)", style=DIM)
                out.append(head)
                continue
            head.append(tile_short(tile), style=mark(tile, view.strong) or "bold")
            head.append(f": {tile_effect(tile)}")
            out += wrap(head, width, indent=2)
        piles = "/".join(str(n) for n in office.piles)
        titles = (f"Patent office · piles {piles}", f"Patents · piles {piles}", f"Patents {piles}")
        # the longest the border shows whole (its corners, the dashes and spaces take 6 columns)
        title = next((t for t in titles if len(t) + 6 <= self.outer_size.width), titles[-1])
        if self.border_title != title:
            self.border_title = title
        return out

    def line_of(self, ref: str) -> int | None:
        return getattr(self, "_where", {}).get(ref)
