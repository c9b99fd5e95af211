"""The game screen: the table's widgets, the prompt panel, keyboard play and hotseat hand-over."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVarTuple, Unpack, cast

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message_pump import MessagePump
from textual.timer import Timer
from textual.widgets import Static

from barrage_tui.rules import Key, contract_of, facts, held_by, patent_office, private_space, table_view

from .. import keys
from ..module_parts import panels
from ..history import since_last_turn
from ..session import Outcome, RoundSummary, Session, last_round_summary
from ..texts import NOTHING_TO_UNDO
from ..view import Panel, View
from ..widgets.banner import TurnBanner
from ..widgets.board import ManagementBoard
from ..widgets.company import CompanyBoard, CompanyBoards
from ..widgets.contracts import ContractsView
from ..widgets.cuts import Cut
from ..widgets.deck import Deck
from ..widgets.energy import EnergyTrack
from ..widgets.footer import KeysFooter
from ..widgets.lines import SCROLL_BINDINGS, KeyScrolled
from ..widgets.log import GameLog
from ..widgets.map import DRAWN, MapView
from ..widgets.patents import PatentOffice
from ..widgets.prompt import ChoiceList, PromptPanel
from ..widgets.textutil import notify_plain, plain
from .base import AppScreen

if TYPE_CHECKING:
    from barrage_tui.rules import Choice, DropPath

Ts = TypeVarTuple("Ts")

class Boards(KeyScrolled, CompanyBoards):
    """The company boards. Stacked in the compact layout they scroll as one: focused (Tab) while they do
    not fit, the scroll keys are theirs."""

    BINDINGS = SCROLL_BINDINGS

    @property
    def cut(self) -> bool:
        return self.max_scroll_y > 0


WIDE = (150, 45)
# the wide layout's rows under its map, beside the banner and the footer: the management board's, and the
# fewest the company boards keep when the map takes the height it needs (more where their brief form needs it)
BOARD_ROWS, COMPANIES_ROWS, MAP_ROWS = 11, 7, 21
MEDIUM = (120, 40)
TWO_DIGIT_WINDOW = 1.0  # seconds to type the second digit of a choice number
# the autosave waits this long after the frame that shows a decision: the terminal gets the frame (written by
# Textual's thread) and draws it before the app writes the save (5 ms of Python)
SAVE_AFTER_FRAME = 0.01  # seconds (a key typed next, 50 ms or more later, does not wait for it)
STOPPED_WATER_LATEST = 0.1  # seconds after a key that ended the water's show by which the map is drawn so


def layout_mode(width: int, height: int) -> str:
    if width >= WIDE[0] and height >= WIDE[1]:
        return "wide"
    if width >= MEDIUM[0] and height >= MEDIUM[1]:
        return "medium"
    return "compact"


def panel_for(view: View, ref: str) -> str | None:
    """Which panel shows the board thing ``ref``."""
    comps = facts()
    m = view.game.board
    if ref in m.dams or ref in m.conduits or ref in m.powerhouses or ref in m.headstreams or ref in m.landscapes:
        return "map"
    if ref in comps.spaces:
        return "board"
    if ref == "construct" or private_space(ref) or Key.parse(ref).verb in ("company", "officer"):
        return "companies"
    if contract_of(ref) is not None:
        return "contracts" if held_by(view.game, ref) is None else "companies"
    if ref in patent_office(view.game).offer:
        return "patents"
    if held_by(view.game, ref) is not None:  # a tile in a company's supply
        return "companies"
    return None


def settle_heap() -> None:
    """Python's full garbage collection walks every object it tracks: 50-60 ms in the benchmark's game
    (160x50, from its 30th decision on), and it comes when allocations pile up, in the middle of a key.
    Called where no key waits (the table just drawn, back from a summary or a dialog): garbage is collected,
    and what is alive then (the rules' data, the widgets, the game so far) is set apart (frozen): later
    collections walk only what came since. Reference counting still frees what is frozen; only what dies in
    a cycle stays (the widgets of a layout left by a resize): a little memory, for keys that never wait."""
    gc.collect()
    gc.freeze()


COLLECTIONS_RESUME = 0.05  # seconds after a key: it is answered (its p95 is 25 ms), the next one not yet typed


class CollectionsHeld:
    """Python's automatic garbage collections wait while a key is answered: they come as allocations pile up,
    several in a key that redraws the table (a tenth of a millisecond each, and 2 ms for the older objects
    every tenth one). They resume a moment after the last key (by the app's timer: a screen's goes with the
    screen), where no key waits; what died meanwhile in reference cycles waits for them (reference counting
    frees the rest)."""

    def __init__(self) -> None:
        self._resume: Timer | None = None

    def hold(self, app: MessagePump) -> None:
        gc.disable()
        if self._resume is not None:  # (an earlier key's would resume them in the middle of this one)
            self._resume.stop()
        self._resume = app.set_timer(COLLECTIONS_RESUME, gc.enable)


class GameScreen(AppScreen[None]):
    BINDINGS = keys.bindings(keys.GAME)
    AUTO_FOCUS = ""  # nothing: the keys are the screen's (the log takes them only when clicked)

    def __init__(self, session: Session) -> None:
        super().__init__(id="game")
        self.session = session
        self.view = View(session.game)
        self.mode = ""
        self._pending_digit: int | None = None
        self._pending_time = 0.0
        self._key_time = 0.0  # the time of the last key the screen saw (``on_key``)
        self._water_stopped = False  # a key ended the water's show: the map is drawn with what the key does
        self._collections = CollectionsHeld()
        self._pinned = False  # the player picked a tab during this decision: do not follow the choices
        self._panel_cursor = 0
        self._prompt_serial = 0
        # While a new layout is composed (a resize to another mode), the widgets remembered (_widgets) are
        # leaving the screen and the new ones are not all there: a callback run meanwhile (by the screen on
        # top, which runs those of the screens below), a host's message or a key must not touch either.
        # _layout counts the layouts: work deferred for one is dropped once another has been built.
        self._building = False
        self._unfitted = True  # the map's row is not fitted yet with the company boards shown (_fit_map)
        self._layout = 0
        self.map_mode = DRAWN  # the map's picture: the drawn board or the table (m), kept across layouts
        self._module_panels: list[Panel] = []  # the modules' panels of the layout (module_parts)

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        if not self.mode:
            self.mode = layout_mode(*self.app.size)
        self.set_class(self.mode == "compact", "-compact")
        self.set_class(self.mode == "medium", "-medium")
        self.set_class(self.mode == "wide", "-wide")
        seats = table_view(self.session.game).seats
        yield TurnBanner(self.session, id="banner")
        warning = Static(id="save-warning")  # shown while the autosave fails
        warning.display = False
        yield warning
        mp = MapView(id="map", mode=self.map_mode)
        prompt = PromptPanel(id="prompt")
        board = ManagementBoard(id="board")
        companies = Boards(seats, id="companies", classes="panel")
        energy = EnergyTrack(id="energy")
        patents = PatentOffice(id="patents")
        contracts = ContractsView(id="contracts")
        log = GameLog(id="log")
        # the modules' panels (the Duel board): beside the contracts (a tab where the panels take turns)
        module_panels = panels(self.session.game)
        self._module_panels = module_panels
        self.set_class(bool(module_panels), "-module-panels")
        if self.mode == "wide":
            with Horizontal(id="table"):
                with Vertical(id="left"):
                    yield Cut()  # (the panels' lines are cut where their text starts: widgets/cuts.py)
                    with Horizontal(id="top"):
                        yield mp
                        yield Deck(energy, patents, tabbed=False, cut=True, id="side")
                    yield board
                    yield companies
                with Vertical(id="right"):
                    yield prompt
                    yield Deck(contracts, *module_panels, log, tabbed=False, cut=True, id="extra")
        elif self.mode == "medium":
            with Horizontal(id="table"):
                with Vertical(id="left"):
                    yield Cut()
                    yield mp
                    yield Deck(board, companies, tabbed=True, id="lower")
                with Vertical(id="right"):
                    yield prompt
                    yield Deck(energy, *module_panels, log, contracts, patents, tabbed=True, cut=True, id="extra")
        else:
            yield Deck(mp, board, companies, energy, *module_panels, contracts, patents, log, tabbed=True, id="main")
            yield prompt
        yield KeysFooter(compact=self.mode == "compact")  # every key's name fits in 80 columns

    async def on_resize(self, event: events.Resize) -> None:
        if event.size != self.app.size:
            # An outdated size from a burst of resizes. Textual's screen posts itself a Resize of its own
            # new size after every layout; while the recompose below is awaited, the app's later sizes
            # queue up behind it, and applying each old size in turn posts it again: two sizes would
            # take turns forever (100% CPU, keys never read). The newest size has an event of its own.
            event.prevent_default()
            return
        await self._relayout()

    async def _relayout(self) -> None:
        """The layout for the app's size: a new layout mode is composed anew."""
        mode = layout_mode(*self.app.size)
        if mode != self.mode and self.is_current:
            self.mode = mode
            index = self.choice_list.index
            self._map.end_flow()  # the water is where it stopped (what waited for it goes on: the summary)
            self.session.save_owed()  # (the choice list that would have said when its frame is drawn goes)
            self._building = True
            self._layout += 1
            self._unfitted = True  # (the new layout's map is fitted once it shows the table)
            try:
                await self.recompose()
            finally:
                self._building = False
            if not self.app.is_running:
                return  # the app ended meanwhile: the new layout was never mounted
            self._widgets()
            # The new Footer draws nothing until the bindings are published again (Textual only does so
            # when the focus or the bindings change); the Panel key also comes and goes with the tabs.
            self.refresh_bindings()
            self._after_refresh(self.refresh_table, index)
        elif mode == self.mode:  # the boards' heights change with the width: keep the deciding one on top
            self._fit_map()
            self._deciding_board_up_soon()

    def on_map_view_lines(self, message: MapView.Lines) -> None:
        self._fit_map()

    def _fit_map(self) -> None:
        """In the wide layout the map's row is as tall as the map drawn needs (a board of many rows: the Yellow
        River), leaving the company boards the rows of their brief form (what they build and pay with; five
        narrow boards need more: a map too tall then scrolls); never shorter than its usual height. A map taller than
        that, shown whole, takes the place of its bottom border (a line more for the boards below; the base map
        with its rivers between rows then costs them nothing); one that does not fit keeps it for "▼ more"."""
        if self.mode != "wide" or self._building:
            return
        brief = self._boards.brief_height()
        self._unfitted = not brief
        boards = max(COMPANIES_ROWS, brief + 2)  # (with their panel's borders)
        need = self._map.line_count + 2  # with its borders
        board = self.query_one(ManagementBoard)  # a tall map takes its spare lines too (its usual height: the
        board_rows = min(BOARD_ROWS, board.line_count + 2) if need > MAP_ROWS and board.line_count else BOARD_ROWS
        if board.styles.height is None or board.styles.height.value != board_rows:
            board.styles.height = board_rows  # most its columns take, whatever the modules)
        most = self.app.size.height - 2 - board_rows - boards
        open_end = MAP_ROWS < need <= most + 1
        self._map.open_end(open_end)
        rows = max(MAP_ROWS, min(most, need - open_end))
        self._boards.allow_brief(rows > MAP_ROWS)
        top = self.query_one("#top")
        if top.styles.height is None or top.styles.height.value != rows:
            top.styles.height = rows

    def on_screen_resume(self) -> None:
        self._after_refresh(self._after_refresh, settle_heap)  # (the table drawn, or drawn again)
        mode = layout_mode(*self.app.size)
        if self.mode and mode != self.mode:
            self.call_later(self._relayout)

    def on_mount(self) -> None:
        self._widgets()
        self._after_refresh(self.refresh_table)
        if not self.session.game.log:  # a new game is saved at once: its seed and seats are not lost
            self.call_after_refresh(self._autosave)

    def _widgets(self) -> None:
        """Remember the widgets (a query at every key press costs time)."""
        self._panels = list(self.query(Panel))
        self._by_id = {p.id: p for p in self._panels}
        prompt = self.query_one(PromptPanel)
        for p in self._panels:  # a table panel cut by its height takes the focus and scroll keys (Tab)
            p.key_scrolled = p is not self._by_id.get("banner") and prompt not in p.ancestors
        self._decks = list(self.query(Deck))
        self._boards = self.query_one(Boards)
        self._boards.can_focus = self.mode == "compact"  # stacked: they scroll as one
        old, self._banner = getattr(self, "_banner", None), self.query_one(TurnBanner)
        if old is not None:  # a new layout's banner says what the old one said
            self._banner.handover, self._banner.note = old.handover, old.note
        self._choices = self.query_one(ChoiceList)
        self._map = self.query_one(MapView)
        self._warning = self.query_one("#save-warning", Static)
        self._warning_text = ""
        self._show_save_state()

    # ------------------------------------------------------------ showing the table

    @property
    def choice_list(self) -> ChoiceList:
        return self._choices

    def _after_refresh(self, callback: Callable[[Unpack[Ts]], object], *args: Unpack[Ts]) -> None:
        """``callback(*args)`` after the next refresh, unless another layout is being built or has been
        built by then: it was meant for widgets no longer on the screen (the new layout shows the table
        itself once built)."""
        layout = self._layout

        def call() -> None:
            if layout == self._layout and not self._building:
                callback(*args)

        self.call_after_refresh(call)

    def refresh_table(self, index: int = 0) -> None:
        """Show the game as it is now, with a fresh decision (``index``: the choice to select)."""
        if self._building:
            return  # the layout being built shows the game as it is once it is there
        game = self.session.game
        prompt = game.prompt
        choices = prompt.choices if prompt is not None else ()
        index = min(index, max(0, len(choices) - 1))
        self._prompt_serial += 1
        self._pinned = False
        self.view.weak = frozenset(r for c in choices for r in c.refs)
        self.view.strong = frozenset(choices[index].refs) if choices else frozenset()
        self.view.recapped(since_last_turn(game))
        self._water_stopped = False  # (the map is among the panels)
        for panel in self._panels:
            panel.show(self.view)
        if self._unfitted:  # a new layout, or the map was fitted before the company boards showed anything
            self._fit_map()
        self.choice_list.set_choices(self.view, index)
        self._follow()
        if self.session.automa_turn:  # the Automa's step is played by itself, after a moment to see it
            serial = self._prompt_serial
            delay = max(0.001, getattr(self.app, "automa_delay", 0.6))
            self.set_timer(delay, lambda: self._automa_step(serial))

    def _automa_step(self, serial: int) -> None:
        prompt = self.session.game.prompt
        # (on top: a dialog leaves the screen below "current", shown behind it; an Automa's turn has a prompt; it
        # waits for the water)
        if serial == self._prompt_serial and self.is_active and self.session.automa_turn and prompt is not None \
                and prompt.choices and not self._map.flowing:
            self.choose(prompt.choices[0].key)
        elif serial == self._prompt_serial and self.session.automa_turn:
            self.set_timer(0.3, lambda: self._automa_step(serial))  # a dialog is open: wait for it
    def _mark(self, choice: Choice | None) -> None:
        prompt = self.session.game.prompt
        if prompt is None or choice is None or choice not in prompt.choices:
            return  # a message about a decision already taken
        strong = frozenset(choice.refs)
        if strong == self.view.strong:
            return
        changed = strong | self.view.strong
        self.view.strong = strong
        wanted = {self._panel_for(r) for r in changed}
        if self._water_stopped:  # the key ended the water's show: the drops where they stopped, in this frame
            self._water_stopped = False
            wanted.add("map")
        for panel in self._panels:
            pid = panel.id if panel.id and not panel.id.startswith("company-") else "companies"
            if pid in wanted:
                panel.show(self.view)
        self._follow()

    def _panel_for(self, ref: str) -> str | None:
        """Which panel shows the board thing ``ref``: the table's (``panel_for``), else a module's."""
        return panel_for(self.view, ref) or next((p.id for p in self._module_panels if p.shows_ref(self.view, ref)),
                                                 None)

    def _follow(self) -> None:
        """Bring the selected choice's board things into view (and their tab to the front)."""
        refs = sorted(self.view.strong) or sorted(self.view.weak)[:1]
        recent = self._map.first_recent() if not self.view.strong else None
        if recent is not None:  # nothing selected: what the others just did, on the map
            self._map.scroll_to_line(recent)
        if not refs:
            return
        ref = refs[0]
        pid = self._panel_for(ref)
        if recent is not None and pid == "map":
            return  # (the candidates are many: the recap's things first)
        if pid is None:
            return
        if not self._pinned:
            for deck in self._decks:
                deck.show(pid)
            self._release_hidden()
        if pid == "companies":
            seat = self._board_seat()
            targets = [f"company-{seat}"] if seat is not None else []
            self._deciding_board_up()
            self._deciding_board_up_soon()  # again once a tab just shown is laid out
        else:
            targets = [pid]
        for target in targets:
            panel = self._by_id.get(target)
            if panel is not None:
                line = panel.line_of(ref)
                if line is not None:
                    panel.scroll_to_line(line)

    # ------------------------------------------------------------ messages from the widgets

    @on(ChoiceList.Highlighted)
    def _highlighted(self, message: ChoiceList.Highlighted) -> None:
        self._mark(message.choice)

    @on(ChoiceList.Selected)
    def _selected(self, message: ChoiceList.Selected) -> None:
        self.choose(message.key)

    @on(Deck.Switched)
    def _switched(self, message: Deck.Switched) -> None:
        self._pinned = True
        for deck in self._decks:
            deck.show(message.name)
        if message.name == "companies":
            self._deciding_board_up_soon()

    # ------------------------------------------------------------ playing

    def choose(self, key: str) -> None:
        game = self.session.game
        if game.prompt is None or game.prompt.find(key) is None:
            return
        seat = game.prompt.seat
        # the autosave is written once the frame that shows the decision is drawn (a key waits for neither)
        outcome = self.session.choose(key, save=False)
        banner = self._banner
        # the loud banner stays up while the new player's turn lasts
        same = game.prompt is not None and game.prompt.seat == seat
        banner.handover = outcome.handover or (banner.handover and same)
        banner.note = ""
        self.refresh_table()
        self.choice_list.after_paint(lambda: self.set_timer(SAVE_AFTER_FRAME, self._save_owed))
        paths = [p for e in outcome.events for p in cast("tuple[DropPath, ...]", e.data.get("paths", ()))]
        if paths and not self._pinned:
            for deck in self._decks:  # the water is on the map: bring it to the front while it flows
                deck.show("map")
        self._map.flow(paths, getattr(self.app, "automa_delay", 0.6), lambda: self._after_choice(outcome))

    def _after_choice(self, outcome: Outcome) -> None:
        """Once the water of a decision has flowed: the round's summary, or the end of the game."""
        if not self.is_attached:
            return
        if not self._building:
            self._follow()  # the decision's panel back in front of the map the water was shown on
        if outcome.summary is not None:
            self._show_summary(outcome.summary, then_end=True)
        elif outcome.over:
            self._game_over()

    def _show_summary(self, summary: RoundSummary | None, then_end: bool = False) -> None:
        from .summary import summary_screen

        if summary is None:
            self._say("No round has ended yet.")
            return
        self.app.push_screen(summary_screen(self.app, self.session.game, summary),
                             callback=(lambda _: self._after_summary()) if then_end else None)

    def action_round_summary(self) -> None:
        """The last round's summary again (r)."""
        self._show_summary(last_round_summary(self.session.game.events))

    def _after_summary(self) -> None:
        if self.session.game.over:
            self._game_over()

    def _game_over(self) -> None:
        from .end import EndScreen

        self.app.push_screen(EndScreen(self.session.game))

    def _autosave(self) -> None:
        self.session.autosave()
        self._show_save_state()  # (the warning says when it is not on disk)

    def _save_owed(self) -> None:
        self.session.save_owed()
        self._show_save_state()

    def on_unmount(self) -> None:
        gc.enable()  # (the app's timer that would resume the collections may end with the app)
        self.session.save_owed()  # the app quits, or another game is shown: the last decision is not lost

    def on_screen_suspend(self) -> None:
        self.session.save_owed()  # a screen on top (the round's summary): the choices are not painted meanwhile

    def _show_save_state(self) -> None:
        """The warning line while the autosave fails: what is not saved, that s saves elsewhere, why."""
        if self._building:
            return  # the new layout's warning line is set once it is built (_widgets)
        s = self.session
        text = f"⚠ {s.not_saved()} · s saves the game elsewhere · the autosave fails: {s.save_error}" \
            if s.save_error else ""
        if text != self._warning_text:
            self._warning_text = text
            self._warning.update(plain(text))
            self._warning.display = bool(text)

    def _say(self, text: str) -> None:
        self._banner.note = text
        self._redraw_banner()

    def _redraw_banner(self) -> None:
        if not self._building:  # else the new layout's banner is drawn, with the note, once it is built
            self._banner.redraw()

    # ------------------------------------------------------------ key actions
    #
    # The keys act here, on the screen that owns them, at once: the choice list is moved and the board
    # things marked in the same frame. (The list also posts Highlighted/Selected messages upward for
    # the mouse; handling them again changes nothing.)

    def _select(self, index: int) -> None:
        cl = self.choice_list
        cl.move(index)
        self._mark(cl.current)

    def action_cursor_up(self) -> None:
        self._select(self.choice_list.index - 1)

    def action_cursor_down(self) -> None:
        self._select(self.choice_list.index + 1)

    def action_page_up(self) -> None:
        cl = self.choice_list
        self._select(cl.index - cl.page())

    def action_page_down(self) -> None:
        cl = self.choice_list
        self._select(cl.index + cl.page())

    def action_first(self) -> None:
        self._select(0)

    def action_last(self) -> None:
        self._select(len(self.choice_list.choices) - 1)

    def action_number(self, digit: int) -> None:
        cl = self.choice_list
        n = len(cl.choices)
        now = self._key_time  # (when the digit was typed: a busy app may handle two quick digits a second apart)
        pending = self._pending_digit
        if pending is not None and now - self._pending_time < TWO_DIGIT_WINDOW and pending * 10 + digit <= n:
            number = pending * 10 + digit
            self._pending_digit = None
        else:
            number = digit if digit else 10
            self._pending_digit = digit if digit and digit * 10 <= n else None
            self._pending_time = now
        if 1 <= number <= n:
            self._select(number - 1)

    def action_confirm(self) -> None:
        if self.session.game.over:
            self._game_over()
            return
        if self.session.automa_turn:
            return  # the Automa plays by itself
        choice = self.choice_list.current
        if choice is not None:
            self.choose(choice.key)

    def action_back(self) -> None:
        n = self.session.back()
        if n:
            self._banner.handover = False
            self._show_save_state()
            self.refresh_table()
            self._say("Backed out of the action.")
        else:
            self._say("Nothing to back out of.")

    def action_undo(self) -> None:
        if self.session.undo():
            self._banner.handover = False
            self._show_save_state()
            self.refresh_table()
            self._say("Undone.")
        else:  # the player is at the keys: the loud hand-over line makes room for the message
            self._banner.handover = False
            self._say(NOTHING_TO_UNDO)

    def action_map_view(self, quiet: int = 0) -> None:
        """The map's other picture: the drawn board or the table of spaces."""
        self._map.switch()
        self.map_mode = self._map.mode

    def on_key(self, event: events.Key) -> None:
        """Any key ends a show of drops on their way (and then does what it does: it is not taken), unless what
        waited for the water comes up on top (the round's summary): the key was for the water, and would act on
        the summary as it appears (the bindings are looked up once the key is back at the app), unread. The key's
        own time is kept: a choice's two digits are judged by when they were typed (``action_number``). The
        garbage collections wait until it is answered (``CollectionsHeld``)."""
        self._key_time = event.time
        self._collections.hold(self.app)
        if not self._building and self._map.flowing:
            # The map is drawn with what the key does (its action, handled later), not here: a map drawn alone
            # could take the screen's next frame by itself, and the key's own frame would then wait for the one
            # after (Textual paints at most one a 60th of a second). A key that draws nothing draws the map soon.
            self._map.end_flow(draw=False)
            self._water_stopped = True
            self.set_timer(STOPPED_WATER_LATEST, self._draw_stopped_water)
            if self.app.screen is not self:  # (pushed just now: ``is_current`` follows a message later)
                event.stop()
                event.prevent_default()

    def _draw_stopped_water(self) -> None:
        if self._water_stopped and not self._building:
            self._water_stopped = False
            self._map.show(self.view)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.game, keys.GAME))

    def action_log(self) -> None:
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.session.game))

    def action_save_as(self, then: Callable[[], object] | None = None) -> None:
        """Save under a name or to a path (``then``: called afterwards, saved or not)."""
        store = self.session.store
        if store is None:
            self.notify("Saving is not available (no save folder).", severity="warning")
            return
        from .. import storage
        from .dialogs import ConfirmScreen, SaveAsScreen

        def save(text: str) -> None:
            try:
                path = self.session.save_as(text)
            except storage.SaveFailed as exc:
                notify_plain(self, f"Not saved: {exc}", severity="error", timeout=10)
            else:
                notify_plain(self, f"Saved as {path}")
            self._show_save_state()

        def saved(text: str | None) -> None:
            target = storage.save_target(store, self.session.game, text) if text else None
            if text and target is not None and target.exists() and target != store.autosave_path(self.session.game):
                def replace(yes: object) -> None:  # another file of that name: replaced only when the player says so
                    if yes:
                        save(text)
                    if then is not None:
                        then()
                self.app.push_screen(ConfirmScreen(f"Replace {target.name}?",
                                                   "A save of that name exists; it would be replaced."),
                                     callback=replace)
                return
            if text:
                save(text)
            if then is not None:
                then()

        note = f"The save folder cannot be used ({self.session.save_error})." if self.session.save_error else ""
        self.app.push_screen(SaveAsScreen(note), callback=saved)

    def _board_seat(self) -> int | None:
        """The company board the decision is about: the deciding company's, or in the draft the selected pair's."""
        prompt = self.session.game.prompt
        if prompt is None:
            return None
        companies = [c for c in table_view(self.session.game).companies if f"company:{c.company}" in self.view.strong]
        return companies[0].seat if companies else prompt.seat

    def _deciding_board_up(self) -> None:
        """In the compact layout the boards are stacked: bring the deciding company's to the top."""
        seat = self._board_seat()
        if seat is not None and self.mode == "compact":
            boards = self.query_one(CompanyBoards)
            boards.scroll_to_widget(self.query_one(f"#company-{seat}"), animate=False, top=True)

    def _deciding_board_up_soon(self) -> None:
        """The same once a tab just shown is laid out: its boards take their height a refresh later."""
        self._after_refresh(self._after_refresh, self._deciding_board_up)

    def _tabbed_panels(self) -> list[str | None]:
        return [p.id for deck in self._decks if deck.tabbed for p in deck.panels]

    def _stops(self) -> list[tuple[str | None, str | None]]:
        """Where Tab goes, in screen order: (the tab to show, the panel to focus if it is cut by its height:
        its keys then scroll it). Every tab of a tabbed deck, each company board cut in the tab shown, each
        other panel cut; with no tabs at all, the choices (None, None) close the round."""
        tabbed = set(self._tabbed_panels())
        shown = {deck.current for deck in self._decks if deck.tabbed}
        stops: list[tuple[str | None, str | None]] = []
        for p in self._panels:
            if not p.key_scrolled:
                continue
            tab = "companies" if isinstance(p, CompanyBoard) else p.id
            if tab not in tabbed:
                if p.display and p.cut:
                    stops.append((None, p.id))
            elif tab == p.id:  # a hidden tab's height is not known: it is focused if cut once shown
                stops.append((tab, p.id))
            else:  # a company board in a tab: the boards scroll as one (compact), or each cut one does
                if not any(t == "companies" for t, _ in stops):
                    stops.append(("companies", "companies"))
                if tab in shown and p.cut:
                    stops.append((tab, p.id))
        if not tabbed:
            stops.append((None, None))
        return stops

    def _here(self, stops: list[tuple[str | None, str | None]]) -> int:
        """The stop shown now: the focused panel's, else the last one Tab went to (or the tab that the
        choices or a click brought up since)."""
        focused = self.focused.id if self.focused is not None else None
        if focused is not None:
            return next((i for i, (_, focus) in enumerate(stops) if focus == focused), len(stops) - 1)
        here = self._panel_cursor % len(stops)
        tab = stops[here][0]
        if tab is None:  # back at the choices
            return len(stops) - 1 if stops[-1] == (None, None) else here
        deck = next((d for d in self._decks if d.tabbed and d.holds(tab)), None)
        if deck is not None and deck.current != tab:
            return next((i for i, (t, _) in enumerate(stops) if t == deck.current), here)
        return here

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "map_view" and not parameters and self.mode == "compact":
            return False  # not in the footer (every key's name fits in 80 columns): its quiet twin answers m
        return not self._building  # a key pressed while a new layout is built would act on the old one

    def action_next_panel(self, step: int = 1) -> None:
        stops = self._stops()
        if stops == [(None, None)]:
            self._say("Every panel is shown whole.")
            return
        self._panel_cursor = (self._here(stops) + step) % len(stops)
        tab, focus = stops[self._panel_cursor]
        if tab is not None:
            self._pinned = True
            for deck in self._decks:
                deck.show(tab)
            if tab == "companies":
                self._deciding_board_up_soon()
        panel = self._focusable(focus)
        self.set_focus(panel if tab is None and panel is not None and panel.cut else None)
        if panel is not None and tab is not None:  # a tab just shown is laid out and scrolled a refresh later
            self._after_refresh(self._after_refresh, self._focus_if_cut, panel)

    def _release_hidden(self) -> None:
        """A focused panel whose tab the choices just hid gives the keys back to the choices."""
        focused = self.focused
        if focused is None:
            return
        tab = "companies" if isinstance(focused, CompanyBoard) else focused.id
        if any(d.tabbed and d.holds(tab) and d.current != tab for d in self._decks):
            self.set_focus(None)

    def _focusable(self, pid: str | None) -> Panel | Boards | None:
        if pid is None:
            return None
        return self._by_id.get(pid) or (self._boards if pid == "companies" and self.mode == "compact" else None)

    def _focus_if_cut(self, panel: Panel | Boards) -> None:
        if panel.display and panel.cut and self.focused is None:
            self.set_focus(panel)

    def action_prev_panel(self) -> None:
        self.action_next_panel(-1)

    def action_request_quit(self) -> None:
        self.app.action_request_quit()
