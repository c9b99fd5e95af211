"""Watching a game that another barrage-tui plays (it holds the game's lock, saves/lock.py).

This app never writes that game: it reads the other one's autosave whenever the file changes (checked a
few times a second) and shows it read-only, following each new decision.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .. import storage
from .live import LiveGameScreen, LiveSession

if TYPE_CHECKING:
    from barrage_tui.rules import Game

    from ..app import BarrageApp

POLL_SECONDS = 0.25  # a decision shows here within this (plus the reload, ~30 ms late in a game)
READ_ONLY = "Watching: this game is played in another barrage-tui; nothing can be chosen here."


def offer_watch(app: BarrageApp, game: Game, refused: storage.InUse) -> None:
    """Say that another process plays ``game``; watch it live, or stay (back) where the app is."""
    from .dialogs import ConfirmScreen

    path = refused.path or storage.autosave_path(app.store, game)  # the file the other one writes

    def answer(watch: object) -> None:
        if watch and path is not None:
            app.switch_to(WatchScreen(LiveSession(game), path))

    who = f"process {refused.pid}" if refused.pid else "another process"
    app.push_screen(ConfirmScreen(f"This game is open in another barrage-tui ({who}). Watch it live?",
                                  "Watching is read-only and follows every decision as it is saved. "
                                  "y: watch · n: go back"),
                    callback=answer)


class WatchScreen(LiveGameScreen):
    def __init__(self, session: LiveSession, path: Path) -> None:
        super().__init__(session)
        self.path = path
        self._seen = self._stamp()

    def on_mount(self) -> None:
        self.call_later(self._note)  # after GameScreen's own on_mount (Textual runs both)
        self.set_interval(POLL_SECONDS, self._poll)

    def _note(self) -> None:
        self._say("watching (read-only) · Esc: back")

    def _stamp(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    def _poll(self) -> None:
        stamp = self._stamp()
        if stamp is None or stamp == self._seen:
            return
        self._seen = stamp
        try:
            game = storage.load(self.path)
        except storage.LoadFailed:
            return  # caught between two writes is impossible (atomic), but a broken file is skipped
        self.follow(storage.attach_automa(game))

    def follow(self, game: Game) -> None:
        """Show ``game``: its new decisions one by one when it went on from what is shown, else whole."""
        mine = self.session.game.log
        if game.log[:len(mine)] == mine:
            for key in game.log[len(mine):]:
                self.apply_key(key)
        else:
            self.replace_game(game)
        self._note()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("confirm", "undo", "save_as"):
            return False  # a watcher decides nothing: the footer does not offer these keys
        return super().check_action(action, parameters)

    def choose(self, key: str) -> None:
        self._say(READ_ONLY)

    def action_undo(self) -> None:
        self._say(READ_ONLY)

    def action_save_as(self, then: Callable[[], object] | None = None) -> None:
        self._say(READ_ONLY)

    def action_back(self) -> None:
        self.app.new_game_screen()
