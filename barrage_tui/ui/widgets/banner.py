"""The top line: whose turn it is, in the company's colour; loud when the turn passes to another player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..palette import owner_look
from ..texts import company_name
from ..view import Panel, View

if TYPE_CHECKING:
    from ..session import Session


class TurnBanner(Panel):
    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session  # the game screen's (ui/session.py), asked whose seats are decided here
        self.handover = False
        self.note = ""

    def fingerprint(self, view: View) -> object:
        p = view.prompt
        seat = p.seat if p is not None else None
        table = view.table
        return (table.round, seat, seat in table.drafting, self.handover, self.note, self._mine())

    def _mine(self) -> frozenset[int] | None:
        """The seats decided at this terminal when the game is decided elsewhere (ui/screens/live.py);
        None: every seat is played here."""
        return getattr(self.session, "mine", None)

    def lines(self, view: View, width: int) -> list[Text]:
        table = view.table
        prompt = view.prompt
        left = Text(f" Barrage · round {min(table.round, 5)}/5 ", style="bold")
        if prompt is None:
            t = left + Text(" · the game is over ")
            return [t]
        c = table.companies[prompt.seat]
        letter, style = owner_look(table, prompt.seat)
        who = c.player if c.drafting else f"{c.player} ({company_name(c.company)} {letter})"
        if c.kind == "automa":
            msg = Text(f" {who}: the Automa is playing… ", style=style)
        elif (mine := self._mine()) is not None and prompt.seat not in mine:
            msg = Text(f" {who} is deciding… ", style=style)
        elif self.handover:
            msg = Text(f" ▶▶ {who.upper()}: YOUR TURN ◀◀ ", style=style)
        else:
            msg = Text(f" {who} to play ", style=style)
        t = left + msg
        if self.note:
            t.append(f"  {self.note}", style="italic")
        return [t]
