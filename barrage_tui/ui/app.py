"""The Barrage app: the start screen, then the game screen; ``run_app`` is what ``barrage-tui`` runs."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar, cast

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from barrage_tui.visible import visible

from . import storage
from .widgets.textutil import notify_plain

if TYPE_CHECKING:
    from textual import events

    from barrage_tui.rules import Game, Setup
    from saves import GameLock, SaveStore

    from .screens.dialogs import TooSmallScreen
    from .screens.game import GameScreen
    from .storage import PathArg

ResultT = TypeVar("ResultT")

MIN_SIZE = (80, 24)
# The terminal's own colours: the app looks native in any palette, and a repaint needs far fewer bytes
# (no 24-bit colour codes for plain text), which matters over SSH. BARRAGE_THEME=textual-dark etc. to change.
DEFAULT_THEME = "ansi-dark"
# Textual writes a frame to the terminal from a thread of its own. What the app does right after a frame (the
# autosave: 5 ms of Python) held the interpreter for Python's usual switch interval, 5 ms, before that thread
# could write: the frame reached the screen that much later. A thread waiting for the interpreter gets it sooner.
SWITCH_INTERVAL = 0.0005  # seconds
GAME_OVER_SAVED = "The game is over; it is saved with its final scores."  # the quit dialog of a finished game


class BarrageApp(App[int]):  # (its result: the exit status it was asked to end with, if any)
    CSS_PATH = "app.tcss"
    TITLE = "Barrage"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True, id="app.ctrl_c")]

    def __init__(self, *, store: SaveStore | None = None, save_dir: PathArg | Literal[False] | None = None,
                 game: Game | None = None, opened: PathArg | None = None, seed: int | None = None,
                 cursor_blink: bool = True, automa_delay: float = 0.6, confirm: bool = True, board: str = "") -> None:
        super().__init__()
        self.board = board  # --board: the start screen's board for a new game ("": the base map)
        self.confirm_turns = confirm  # new games end a person's turn with "End turn" (the start screen's default)
        self.automa_delay = automa_delay  # seconds an Automa's step stays on screen before it is played
        self.theme = os.environ.get("BARRAGE_THEME", DEFAULT_THEME)
        self._store = store
        self._save_dir = save_dir
        self._initial_game = game
        self._opened = opened  # the save file ``game`` was read from (to compare with the game's autosave)
        # (game, path, newer autosave) to ask about once the app runs
        self._question: tuple[Game, PathArg, tuple[Path, Game]] | None = None
        self._seed = seed
        self.cursor_blink = cursor_blink
        self._too_small: TooSmallScreen | None = None
        self.game_lock: GameLock | None = None  # held while this app plays a game (saves/lock.py)
        # the game given on the command line is played by another process
        self._in_use: tuple[Game, storage.InUse] | None = None

    @property
    def store(self) -> SaveStore | None:
        """The save store, opened on first use (the saves package is not imported before the first paint)."""
        if self._store is None and self._save_dir is not False:
            try:
                self._store = storage.open_store(self._save_dir)
            except Exception as exc:  # noqa: BLE001
                self._save_dir = False
                notify_plain(self, f"Saves are off: {storage._line(exc)}", severity="warning")
        return self._store

    def get_default_screen(self) -> Screen[None]:
        """The first screen: the start screen, or the game given on the command line (the start screen
        under a question when the game's autosave is newer than the save it was read from, or when another
        process plays the game)."""
        game = self._initial_game
        if game is not None:
            newer = storage.newer_autosave(self.store, game, self._opened) if self._opened else None
            if newer is not None:
                assert self._opened is not None  # (only a game read from a file has an older save)
                self._question = (game, self._opened, newer)
            elif self._claim(game):
                return self._game_screen(game, on_disk=self._opened is not None)
        from .screens.start import StartScreen

        return StartScreen(None, self._seed)

    def on_mount(self) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        self._check_size()
        if self._question is not None:
            self._ask_older(*self._question)
        elif self._in_use is not None:
            from .screens.watch import offer_watch

            offer_watch(self, *self._in_use)

    # ------------------------------------------------------------ screens

    def start_game(self, setup: Setup) -> None:
        from barrage_tui.rules import Game

        self._play(storage.attach_automa(Game.new(setup)), on_disk=False)

    def open_save(self, path: PathArg) -> None:
        try:
            game = storage.load(path)
        except storage.LoadFailed as exc:
            notify_plain(self, str(exc), title="Cannot open the save", severity="error", timeout=8)
            return
        game = storage.attach_automa(game)
        newer = storage.newer_autosave(self.store, game, path)
        if newer is None:
            self._play(game)
        else:
            self._ask_older(game, path, newer)

    def _ask_older(self, game: Game, path: PathArg, newer: tuple[Path, Game]) -> None:
        """The save opened is older than the game's own autosave: continue that, or branch the older one."""
        from .screens.dialogs import Answer, AskScreen

        auto, newer_game = newer
        detail = [f"{Path(path).name}: {storage.progress(game, path)}.",
                  f"Its autosave: {storage.progress(newer_game, auto)}.",
                  "Playing on from the older save in the same slot would replace the newer autosave."]
        answers = [Answer("n", "Continue the newer game", "newer", "primary"),
                   Answer("b", "Play the older save in a new slot", "branch")]

        def chosen(answer: object) -> None:
            if answer == "newer":
                self._play(storage.attach_automa(newer_game))
            elif answer == "branch":
                self._play(game, branch=True)

        self.push_screen(AskScreen("A newer autosave of this game exists", detail, answers), callback=chosen)

    def _game_screen(self, game: Game, branch: bool = False, on_disk: bool = True) -> GameScreen:
        from .screens.game import GameScreen
        from .session import Session

        session = Session(game, self.store, on_disk)
        if branch:
            session.branch()
        screen = GameScreen(session)
        if game.over:
            self.call_after_refresh(screen._game_over)
        warning = storage.board_warning(game)
        if warning:  # its board file changed since the game was saved: it plays on, the player is told
            self.call_after_refresh(lambda: notify_plain(self, warning, title="Board changed", severity="warning",
                                                         timeout=12))
        return screen

    def _play(self, game: Game, branch: bool = False, on_disk: bool = True) -> None:
        """Show ``game`` (``branch``: in an autosave slot of its own; ``on_disk``: it was read from a file),
        unless another process plays it: then offer to watch."""
        screen = self._game_screen(game, branch, on_disk)  # (a branch gets its own slot here: the lock is its)
        if self._claim(game):
            self.switch_to(screen)
        else:
            from .screens.watch import offer_watch

            assert self._in_use is not None  # (_claim says who)
            offer_watch(self, *self._in_use)

    def _claim(self, game: Game) -> bool:
        """Hold ``game``'s lock from now on (the one played before is let go); False: another process
        plays it (``_in_use`` says who)."""
        if self.game_lock is not None:
            self.game_lock.release()
        try:
            self.game_lock = storage.claim(self.store, game)
        except storage.InUse as exc:
            self.game_lock, self._in_use = None, (game, exc)
            return False
        return True

    def switch_to(self, screen: Screen[ResultT]) -> None:
        """Show ``screen`` instead of whatever is shown (dialogs on top are closed).

        The first screen stays at the bottom of the stack (Textual's default screen cannot be replaced);
        every other screen is pushed on it."""
        from .screens.start import StartScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        base = self.screen_stack[0]
        if isinstance(screen, StartScreen) and isinstance(base, StartScreen):
            base.call_after_refresh(base._check_saves)
            return
        self.push_screen(screen)

    def new_game_screen(self) -> None:
        from .screens.start import StartScreen

        if self.game_lock is not None:  # back to the start screen: the game is free for others
            self.game_lock.release()
            self.game_lock = None
        self.switch_to(StartScreen(self.store, self._seed))

    # ------------------------------------------------------------ quitting and size

    def action_request_quit(self) -> None:
        """Ask before quitting, saying truly what is saved; while the autosave fails, offer to save elsewhere."""
        from .screens.dialogs import SAVE_ELSEWHERE, ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            return
        game_screen = cast("GameScreen | None",  # (the screens of id "game" are GameScreens)
                           next((s for s in reversed(self.screen_stack) if getattr(s, "id", "") == "game"), None))
        session = game_screen.session if game_screen is not None else None
        if session is not None:
            session.save_owed()  # (the dialog says what is on disk)
        detail = session.save_status() if session is not None else ""
        if session is not None and session.game.over and not session.save_error:
            detail = GAME_OVER_SAVED  # nothing left to continue

        def answer(result: object) -> None:
            if result is True:
                self.exit(0)
            elif result == SAVE_ELSEWHERE:
                assert game_screen is not None  # (offered with a game's session only)
                game_screen.action_save_as(then=self.action_request_quit)

        offer = session is not None and bool(session.save_error)
        self.push_screen(ConfirmScreen("Quit Barrage?", detail, offer_save=offer), callback=answer)

    async def on_event(self, event: events.Event) -> None:
        from textual import events

        await super().on_event(event)
        if isinstance(event, events.Resize):
            self.set_timer(0.02, self._check_size)  # after the app has taken the new size

    def _check_size(self) -> None:
        from .screens.dialogs import TooSmallScreen

        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(MIN_SIZE)
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None


def unusable_terminal() -> str:
    """Why this terminal cannot show the app ('' when it can): a dumb terminal has no cursor movement,
    so the game could only be drawn as garbage (and Rich takes such a terminal to be 80x25)."""
    term = os.environ.get("TERM", "")
    if term.lower() in ("dumb", "unknown"):
        return (f"this terminal (TERM={term}) cannot show the game: it has no cursor movement; "
                "run barrage-tui in a terminal emulator (e.g. TERM=xterm-256color)")
    return ""


def run_app(load: PathArg | None = None, resume: bool = False, save_dir: PathArg | None = None,
            automa_delay: float = 0.6, confirm: bool = True,
            board: str = "") -> int:
    """Start the app (``barrage-tui``); ``load``: a save file, ``resume``: the latest save; ``automa_delay``:
    seconds each Automa step stays on screen before it is played; ``confirm``: new games have the End turn step.
    Returns the exit code."""
    refusal = unusable_terminal()
    if refusal:
        print(f"barrage-tui: {refusal}", file=sys.stderr)
        return 2
    folder_problem = storage.save_folder_problem(save_dir)
    if folder_problem:  # said before anything starts: no game may be played that cannot be saved
        print(f"barrage-tui: {visible(folder_problem)}", file=sys.stderr)
        return 2
    store = game = path = None
    if load or resume:
        try:
            store = storage.open_store(save_dir)
        except Exception as exc:  # noqa: BLE001 - e.g. a save folder that cannot be used
            print(f"barrage-tui: cannot use the save folder: {visible(storage._line(exc))}", file=sys.stderr)
            return 2
        path = load
        if resume:
            path = storage.latest(store)
            if path is None:
                print("barrage-tui: there is no saved game to continue", file=sys.stderr)
                return 1
        assert path is not None  # (--load FILE, or the latest save)
        try:
            game = storage.attach_automa(storage.load(path))
        except storage.LoadFailed as exc:
            print(f"barrage-tui: {visible(exc)}", file=sys.stderr)
            return 1
    app = BarrageApp(store=store, save_dir=save_dir, game=game, opened=path, automa_delay=automa_delay,
                      confirm=confirm, board=board)
    app.run()
    return app.return_code or 0
