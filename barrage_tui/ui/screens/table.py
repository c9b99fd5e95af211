"""A host's table: the game screen, where this terminal's choices are requests to the host.

The host applies a choice (if it is this player's decision) and tells everyone at the table; the choice
is shown here when that message comes back, like everyone else's (TableApp.on_host_message).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .live import LiveGameScreen, LiveSession

if TYPE_CHECKING:
    from textual import getters

    from barrage_tui.host.protocol import Message
    from barrage_tui.rules import Game

    from ..table_app import Link, TableApp


class TableScreen(LiveGameScreen):
    if TYPE_CHECKING:  # (screens/base.py: its app is the table app)
        app = getters.app(TableApp)

    def __init__(self, game: Game, table_id: str, mine: Iterable[int], seats: list[Message], link: Link) -> None:
        super().__init__(LiveSession(game, mine))
        self.table_id = table_id
        self.link = link
        self.seats = seats
        self.away = ""
        self._early: list[Message] | None = []  # messages that came before the screen was up

    def on_mount(self) -> None:
        self.call_later(self._mounted)  # after GameScreen's own on_mount (Textual runs both)

    def _mounted(self) -> None:
        self.show_seats(self.seats)
        early, self._early = self._early, None
        assert early is not None  # (mounted once)
        for msg in early:
            if not self.on_host_message(msg):
                self.link.send({"op": "watch", "table": self.table_id})
                break

    def on_host_message(self, msg: Message) -> bool:
        """A key, an undo or the seats of this table. False: this copy is out of step with the host's."""
        if self._early is not None:
            self._early.append(msg)
            return True
        game = self.session.game
        if msg["t"] == "key":
            if msg.get("at") != len(game.log):
                return False
            self.apply_key(msg["key"])
            if self.away:
                self._say(self.away)
            return bool(len(game.log) == msg["at"] + 1)
        if msg["t"] == "undo":
            return self.apply_undo(msg.get("to", -1))
        self.set_mine(msg.get("you", ()))
        self.show_seats(msg.get("seats", []))
        return True

    def show_seats(self, seats: list[Message]) -> None:
        """Say who is away (their seat waits for them)."""
        self.seats = seats
        if self._early is not None:
            return
        names = [s["name"] for s in seats if s.get("holder") and not s.get("online")]
        away = f"away: {', '.join(names)}" if names else ""
        if away != self.away:  # (another note stays until then)
            self.away = away
            self._say(away)

    # ------------------------------------------------------------ this player's requests

    def _ask(self, op: str, **fields: object) -> None:
        self.link.send({"op": op, "table": self.table_id, "at": len(self.session.game.log), **fields})

    def choose(self, key: str) -> None:
        prompt = self.session.game.prompt
        if prompt is None or prompt.find(key) is None:
            return
        if prompt.seat not in self.session.mine:
            self._say("Not your decision." if self.session.mine else "Watching: nothing to choose.")
            return
        self._ask("choose", key=key)

    def action_undo(self) -> None:
        self._ask("undo", back=False)

    def action_back(self) -> None:
        self._ask("undo", back=True)

    def action_save_as(self, then: Callable[[], object] | None = None) -> None:
        self.notify("The host saves this game after every decision.", markup=False)

    def action_request_quit(self) -> None:
        from .dialogs import ConfirmScreen

        def answer(yes: object) -> None:
            if yes:
                self.app.show_lobby()

        detail = "Your seats stay yours: come back from the lobby (or by connecting again)." \
            if self.session.mine else ""
        self.app.push_screen(ConfirmScreen("Leave the table?", detail), callback=answer)
