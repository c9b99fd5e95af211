"""The start screen: a new game (seats, companies, chief engineers, full or introductory, seed),
or continue / load a saved one. Enter starts a sensible default game at once.

It is drawn before anything heavy is imported (the rules, the saves, the Automa), so that it appears
as fast as a bare Textual app; the names and the saved games are filled in right after.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypedDict, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from .. import keys, last_setup, storage
from ..widgets.cycler import Cycler
from ..widgets.form import ActionButton, TextField
from ..widgets.toggles import Toggles
from ..widgets.textutil import notify_plain, plain
from .base import AppModal, AppScreen

if TYPE_CHECKING:
    from textual.widgets import OptionList

    from barrage_tui.rules import SeatSetup, Setup
    from saves import SaveInfo, SaveStore

    from ..last_setup import Form

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound="StartScreen")

DEFAULT_SEATS = 2  # a new form's seats: one person and one Automa (the others are offered once the rules load)
COMPANIES = [("Random", "")]  # the companies' names join once the rules are loaded
SHORT_HEIGHT = 30  # below it the form's rows close up (app.tcss: #start.-short)
BOARDS = [("Base map", "")]  # Setup.options "board": left out for the base map
OFFICERS = [("Random", "")]
NO_OFFICER = [("None", "")]  # an Automa below Very Hard has no chief engineer
OFFICER_SETS = [("Base + promos", False), ("With the expansion box", True)]  # Setup.options expansion_officers
KINDS = [("Human", "human")]
# The first run's game: one person against one Automa at its default level (setup.automa_difficulty);
# the other Automa levels join the seat kinds once the rules are loaded (automa_kinds).
DEFAULT_OPPONENT = ("Automa medium", "automa:medium")
AUTOMA_NAME = "Automa"
RANDOM_FIRST = -1


def after_load(action: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """The action runs holding the start screen's import lock, which its background load holds while it
    imports the rules, the Automa and the saves: a module imported by two threads at once can be seen half
    initialized (an ImportError). While the load imports, the action waits what the import would take
    anyway (keys pressed meanwhile come after it); before the load's thread has started, or after it, the
    lock is free. (A wait for the load to finish instead hung for good when the key came before the
    worker's thread had started: the thread is started by the event loop the wait was blocking.)"""

    @functools.wraps(action)
    def run(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.imports:
            return action(self, *args, **kwargs)

    return run


def default_kind(index: int) -> str:
    return DEFAULT_OPPONENT[1] if index == 1 else "human"


def player_name(index: int) -> str:
    """A person's name at seat ``index`` until one is typed in: "Player 1" ... "Player 5"."""
    return f"Player {index + 1}"


def default_name(index: int, kind: str) -> str:
    if not kind.startswith("automa:"):
        return player_name(index)
    return AUTOMA_NAME if index == 1 else f"{AUTOMA_NAME} {index + 1}"


def is_default_name(index: int, name: str) -> bool:
    return name.strip() in ("", default_name(index, "human"), default_name(index, "automa:"))


def default_setup(seed: int, confirm: bool = True) -> Setup:
    """The game Enter starts on a first run before any field is touched: one person against a Medium Automa."""
    from barrage_tui.rules import SeatSetup, Setup, first_player_at_random

    seats = (SeatSetup(player_name(0)),
             SeatSetup(AUTOMA_NAME, kind="automa", difficulty=DEFAULT_OPPONENT[1].split(":", 1)[1]))
    return Setup(seats=first_player_at_random(seats, seed), seed=seed, options=confirm_options(confirm))


def confirm_options(confirm: bool) -> dict[str, object]:
    """The setup option of the End turn step (a turn is confirmed, and undone whole, before the next player's)."""
    from barrage_tui.rules import CONFIRM_OPTION

    return {CONFIRM_OPTION: True} if confirm else {}


def automa_kinds() -> list[tuple[str, str]]:
    """A seat kind per Automa level of automa-levels.toml: ("Automa very hard", "automa:very_hard")."""
    from barrage_tui.rules import levels

    return [(f"Automa {lv.id.replace('_', ' ')}", f"automa:{lv.id}") for lv in levels().values()]


def first_options(n: int) -> list[tuple[str, int]]:
    """Who picks first: drawn at random (the rulebook), or a seat the players agree on."""
    return [("Random", RANDOM_FIRST)] + [(f"Seat {i + 1}", i) for i in range(n)]


def short_name(name: str) -> str:
    """A chief engineer's first name, for the seat's field (the full name shows under the seats)."""
    words = name.split()
    return words[1] if words[0].endswith(".") and len(words) > 1 else words[0]


class SeatRow(Horizontal):
    def __init__(self, index: int) -> None:
        super().__init__(id=f"seat-{index}", classes="seat-row")
        self.index = index

    def compose(self) -> ComposeResult:
        i, kind = self.index, default_kind(self.index)
        yield Static(f"Seat {i + 1}", classes="seat-label")
        yield TextField(default_name(i, kind), id=f"name-{i}", classes="seat-name", max_length=20)
        yield Cycler(KINDS + [DEFAULT_OPPONENT], kind, id=f"kind-{i}", classes="seat-kind")
        yield Cycler(COMPANIES, id=f"company-{i}", classes="seat-company")
        yield Cycler(OFFICERS, id=f"officer-{i}", classes="seat-officer")


class Loaded(TypedDict):
    """What the background load gives the form (``StartScreen._imports``): the rules' names and texts."""

    companies: list[tuple[str, str]]  # (name, id), Random first
    modules: list[tuple[str, str]]  # (id, short name)
    boards: list[tuple[str, str]]  # (name, ref), the base map first
    module_texts: dict[str, Text]
    requires: dict[str, frozenset[str]]
    officers: list[tuple[str, str]]  # (short name, id)
    automa_officers: frozenset[str]
    officer_levels: frozenset[str]
    kinds: list[tuple[str, str]]
    expansion: frozenset[str]
    abilities: dict[str, Text]


class StartScreen(AppScreen[None]):
    BINDINGS = keys.bindings(keys.START)
    AUTO_FOCUS = "#start-game"  # Enter starts the default game at once

    def __init__(self, store: SaveStore | None = None, seed: int | None = None) -> None:
        super().__init__(id="start")
        self.store = store
        self.seed = seed if seed is not None else random.randrange(1, 10**6)
        self.automa_ready = False
        self.imports = threading.Lock()  # held by the background load while it imports (after_load)
        self._officers: list[tuple[str, str]] = []  # (name, id) of every chief engineer a seat may choose
        self._automa_officers: frozenset[str] = frozenset()  # the ones an Automa may have
        self._officer_levels: frozenset[str] = frozenset()  # the Automa levels that have a chief engineer
        self._expansion: frozenset[str] = frozenset()  # the expansion box's six
        self._requires: dict[str, frozenset[str]] = {}  # officer id -> the modules it needs (Angelo Alberti: the
        # Geological Factor)
        self._module_texts: dict[str, Text] = {}  # module id -> "name: what it does", shown while it is under the
        # cursor
        self._abilities: dict[str, Text] = {}  # id -> "name: ability", shown while the seat's field has focus
        self._info: dict[str, Text] = {"confirm": Text("Confirm turns: Enter ends a turn, and until then u takes it "
                                                       "back whole.")}  # field id -> what it means, while it has focus
        self._kinds: list[tuple[str, str]] = list(KINDS)
        self._companies: list[tuple[str, str]] = list(COMPANIES)  # every company a seat may choose (data, once loaded)

    def compose(self) -> ComposeResult:
        # The first frame: the title, the buttons and the keys (Enter already starts the default game);
        # the form is mounted right after it, so that the screen appears as fast as a bare app's.
        with VerticalScroll(id="start-scroll"):
            yield Static("[b]BARRAGE[/]  [dim]· water, dams and energy[/]", id="start-title")
            yield Vertical(id="new-game")
            with Horizontal(id="start-buttons"):
                yield ActionButton("Start game", id="start-game", classes="-primary")
                yield ActionButton("Continue", id="continue", disabled=True)
                yield ActionButton("Load…", id="load", disabled=True)
                yield ActionButton("Quit", id="quit")
            yield Static("", id="continue-info")
        yield Static(keys.footer_text(keys.START), id="start-keys")

    def form(self) -> list[Widget]:
        options = Horizontal(
            Static("Seats", classes="opt-label"),
            Cycler([(str(DEFAULT_SEATS), DEFAULT_SEATS)], DEFAULT_SEATS, id="seats"),  # the others once loaded
            Static("Game", classes="opt-label"),
            Cycler([("Full game", False), ("Introductory", True)], False, id="mode"),
            Static("Seed", classes="opt-label"),
            TextField(str(self.seed), id="seed", digits=True, max_length=9),
            classes="opt-row")
        officer_set = Horizontal(
            Static("Chief engineers", classes="opt-label"),
            Cycler(OFFICER_SETS, False, id="officer-set"),
            Static("First to pick", classes="opt-label"),
            Cycler(first_options(2), RANDOM_FIRST, id="first"),
            classes="opt-row")
        confirm = Horizontal(
            Static("Confirm turns", classes="opt-label"),
            Cycler([("on", True), ("off", False)], self._confirm(), id="confirm"),
            Static("Board", classes="opt-label"),
            Cycler(BOARDS, "", id="board"),  # the shipped boards join once the rules are loaded
            classes="opt-row")
        # the modules' names are data: they join once the rules are loaded
        modules = Horizontal(Static("Modules", classes="opt-label"), Toggles(id="modules"), classes="opt-row")
        head = Static(" " * 8 + "Name" + " " * 9 + "Player" + " " * 17 + "Company" + " " * 7 + "Chief engineer",
                      id="seat-head")
        rows = Vertical(*[SeatRow(i) for i in range(2)], id="seat-rows")  # more come with more seats
        info = Static("", id="officer-info")
        info.display = False
        note = Static("Tab: next field; ←/→ change a ◀ choice ▶; Space turns a module on or off. People take "
                      "turns at this keyboard. A seat with company and chief engineer on Random picks a drawn "
                      "pair (an Automa's too).", id="seat-note")
        return [options, officer_set, confirm, modules, head, rows, info, note, Static("", id="start-error")]

    def on_mount(self) -> None:
        box = self.query_one("#new-game")
        box.border_title = "New game"
        self._fit_height()
        self.call_after_refresh(self._mount_form)

    def on_resize(self) -> None:
        self._fit_height()

    def _fit_height(self) -> None:
        """A short terminal (80x24) draws the form's rows without blank lines between them, so that the
        buttons stay in view."""
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")

    async def _mount_form(self) -> None:
        await self.query_one("#new-game").mount_all(self.form())
        # The rules, the Automa and the saves are loaded in a thread once the screen is up;
        # the chief engineers' names and the saved games are filled in when they are there.
        self.set_timer(0.1, self._start_load)

    def _start_load(self) -> None:
        self.run_worker(self._load, thread=True, exclusive=True, group="start-load")

    def _load(self) -> None:
        with self.imports:
            officers = self._imports()
        self.app.call_from_thread(self._fill_in, officers)

    def _imports(self) -> Loaded:
        """The rules' names and texts the form offers (and the Automa and the saves imported, for later)."""
        from barrage_tui.rules import (
            BASE_OFFICERS, EXPANSION_OFFICERS, OFFICERS as RULES, PROMO_OFFICERS, base_companies, expansion_companies,
            facts, known_modules, levels,
        )

        names = facts().officers
        ids = [o for o in BASE_OFFICERS + PROMO_OFFICERS + EXPANSION_OFFICERS if names[o].selectable]
        ids += [o for o in names if names[o].requires]  # offered while their modules are on
        companies, offered = facts().companies, known_modules()
        officers: Loaded = {  # (a module's company once its module is offered: the Netherlands waits for its own)
            "companies": COMPANIES + [(companies[c].name, c) for c in base_companies() + expansion_companies()
                                      if c in companies and (not companies[c].module or companies[c].module in offered)],
            "modules": [(m.id, m.short) for m in known_modules().values()],
            "boards": self._boards(),
            "module_texts": {m.id: Text.assemble((m.name, "bold"), f": {m.text}") for m in known_modules().values()},
            "requires": {o: frozenset(names[o].requires) for o in ids if names[o].requires},
            "officers": [(short_name(names[o].name), o) for o in ids],
            "automa_officers": frozenset(o for o in ids if RULES[o].automa_ready),
            "officer_levels": frozenset(lv.id for lv in levels().values() if lv.officer),
            "kinds": automa_kinds(),
            "expansion": frozenset(EXPANSION_OFFICERS),
            "abilities": {o: Text.assemble((names[o].name, "bold"), f": {names[o].ability}") for o in ids},
        }
        storage.preload()
        return officers

    def _boards(self) -> list[tuple[str, str]]:
        """The shipped boards by name (the base map first), and a board file given with --board."""
        from barrage_tui.rules import BASE_BOARD, BoardProblem, builtin_boards, load_board

        found = list(BOARDS)
        refs = [b for b in builtin_boards() if b != BASE_BOARD]
        given = getattr(self.app, "board", "")
        if given and given not in refs and given != BASE_BOARD:
            refs.append(given)
        for ref in refs:
            try:
                board = load_board(ref)
            except BoardProblem:
                continue  # (--board was checked before the app started; a shipped board is tested)
            # a few words on the form ("Barrage Duel"; ≈ a reconstruction); the whole name is in the help
            found.append(((board.name or ref).split(":")[0].strip() + (" ≈" if board.assumed else ""), ref))
        return found

    def _fill_in(self, officers: Loaded) -> None:
        """The chief engineers' names, the Automa, the saved games (for nobody when a start, continue or
        load came before the load ended and this screen has gone)."""
        if self not in self.app.screen_stack:
            return
        self._officers = officers["officers"]
        self._automa_officers = officers["automa_officers"]
        self._officer_levels = officers["officer_levels"]
        self._expansion = officers["expansion"]
        self._abilities = officers["abilities"]
        self._requires = officers["requires"]
        self._module_texts = officers["module_texts"]
        self._companies = officers["companies"]
        self.query_one("#board", Cycler).set_options(officers["boards"])
        self.query_one("#board", Cycler).set_value(getattr(self.app, "board", "") or "")
        self._info.update({"board": Text("The board a new game is played on (≈ a reconstruction with invented "
                                         "geometry: ? tells what); --board FILE plays a board file of your own.")})
        self.automa_ready = True
        for c in self.query(".seat-company").results(Cycler):
            c.set_options(self._companies)
        self._kinds = KINDS + officers["kinds"]  # a person, or an Automa of each level
        for c in self.query(".seat-kind").results(Cycler):
            c.set_options(self._kinds)
        for row in self.query(SeatRow):
            self._seat_officers(row.index)
        if self.store is None:
            self.store = getattr(self.app, "store", None)
        self._check_saves()
        self.query_one("#modules", Toggles).set_items(officers["modules"])
        self.call_later(self._fit_seats)  # the seat counts the rules allow (keeps the count chosen)
        remembered = last_setup.read(self.store)
        if remembered:
            self.call_later(self.restore, remembered)

    def _check_saves(self) -> None:
        saves, skipped = storage.listing(self.store)
        info = saves[0] if saves else None
        self.query_one("#continue", ActionButton).disabled = info is None
        self.query_one("#load", ActionButton).disabled = self.store is None
        text = plain(f"Latest save: {storage.describe(info)}") if info is not None else plain(
            "No saved game yet." if self.store is not None else "Saved games are not available.")
        if skipped:
            text.append("\n")
            text.append_text(plain(storage.skipped_line(skipped), style="dim"))
        self.query_one("#continue-info", Static).update(text)

    # ------------------------------------------------------------ form

    async def _show_seats(self, n: int) -> None:
        self.query_one("#first", Cycler).set_options(first_options(n))
        rows = self.query_one("#seat-rows")
        have = list(rows.query(SeatRow))
        for row in have[n:]:
            await row.remove()
        new = [SeatRow(i) for i in range(len(have), n)]
        if new:
            await rows.mount_all(new)
            self._fill_row_options(new)

    def _fill_row_options(self, rows: list[SeatRow]) -> None:
        if self._officers:
            for row in rows:
                if self.automa_ready:
                    row.query_one(".seat-kind", Cycler).set_options(self._kinds)
                    row.query_one(".seat-company", Cycler).set_options(self._companies)
                self._seat_officers(row.index)

    def _introductory(self) -> bool:
        mode = self.query("#mode").results(Cycler)
        return any(bool(c.value) for c in mode)

    def _officer_options(self, kind: str) -> list[tuple[str, str]]:
        """The chief engineers a seat of this kind may choose: every one for a person; for an Automa
        only at a level that has one, and only one with Automa rules (setup.py checks the same)."""
        on = self.modules_on()
        offered = [(name, o) for name, o in self._officers if self._requires.get(o, frozenset()) <= on]
        if not kind.startswith("automa:"):
            return OFFICERS + offered
        if kind.split(":", 1)[1] not in self._officer_levels:
            return NO_OFFICER
        return OFFICERS + [(name, o) for name, o in offered if o in self._automa_officers]

    def _seat_officers(self, i: int) -> None:
        """Offer seat ``i`` the chief engineers its kind may have (none below Very Hard: the field is off)."""
        if not self._officers:
            return
        officer = self.query_one(f"#officer-{i}", Cycler)
        options = self._officer_options(str(self.query_one(f"#kind-{i}", Cycler).value))
        officer.set_options(options)
        officer.disabled = options == NO_OFFICER or self._introductory()
        self._show_officer(self.focused if isinstance(self.focused, (Cycler, Toggles)) else None)

    def _show_officer(self, cycler: Cycler | Toggles | None) -> None:
        """What the focused field means, under the seats: a seat's chief engineer's ability, the module under
        the cursor, the End turn step, the board."""
        text = Text()
        if isinstance(cycler, Toggles) and cycler.has_focus:
            text = self._module_texts.get(cycler.current, Text())
        elif cycler is not None and cycler.has_focus:
            if isinstance(cycler, Cycler) and cycler.has_class("seat-officer"):  # (a Toggles never is)
                text = self._abilities.get(cycler.value, Text())
            else:
                text = self._info.get(cycler.id or "", Text())
        for static in self.query("#officer-info").results(Static):
            static.update(text)
            static.display = bool(text)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        widget = event.widget
        self._show_officer(widget if isinstance(widget, (Cycler, Toggles)) else None)

    @on(Cycler.Changed, ".seat-kind")
    def _kind_changed(self, event: Cycler.Changed) -> None:
        """A seat's kind changed: its chief engineers, and its name while it is a default one."""
        i = int((event.cycler.id or "").split("-")[1])
        self._seat_officers(i)
        name = self.query_one(f"#name-{i}", TextField)
        if is_default_name(i, name.value):
            name.value = default_name(i, str(event.value))

    @on(Cycler.Changed, ".seat-officer")
    def _officer_changed(self, event: Cycler.Changed) -> None:
        """Choosing one of the expansion box's chief engineers puts its six in the game."""
        if event.value in self._expansion:
            self.query_one("#officer-set", Cycler).set_value(True)
        self._show_officer(event.cycler)

    @on(Cycler.Changed, "#officer-set")
    def _officer_set_changed(self, event: Cycler.Changed) -> None:
        """Back to the base box and promos: a seat that chose one of the six draws at random again."""
        if not event.value:
            for c in self.query(".seat-officer").results(Cycler):
                if c.value in self._expansion:
                    c.set_value("")

    def modules_on(self) -> frozenset[str]:
        return frozenset(t for field in self.query("#modules").results(Toggles) for t in field.on)

    @on(Toggles.Moved, "#modules")
    def _module_moved(self, event: Toggles.Moved) -> None:
        self._show_officer(event.toggles)

    @on(Toggles.Changed, "#modules")
    async def _module_changed(self) -> None:
        """A module's chief engineers (Angelo Alberti) are offered while it is on; the Duel seats two."""
        for row in self.query(SeatRow):
            self._seat_officers(row.index)
        await self._fit_seats()

    @on(Cycler.Changed, "#board")
    async def _board_changed(self) -> None:
        await self._fit_seats()

    async def _fit_seats(self) -> None:
        """Offer the seat counts the rules allow with this board, these modules and this mode (``seat_choices``:
        the Duel's 2; a fifth seat on the 4-5 player map with a fifth company); a count no longer allowed moves
        to the fewest that is."""
        from barrage_tui.rules import BASE_BOARD, BOARD_OPTION, MODULES_OPTION, BoardProblem, seat_choices

        intro = self._introductory()
        options: dict[str, object] = {BOARD_OPTION: str(self.query_one("#board", Cycler).value or BASE_BOARD)}
        if not intro:
            options[MODULES_OPTION] = sorted(self.modules_on())
        try:
            allowed = seat_choices(options, introductory=intro)
        except BoardProblem:
            return
        if not allowed:  # (the Duel on the 4-5 player map: Start says why)
            return
        seats = self.query_one("#seats", Cycler)
        before = seats.value
        seats.set_options([(str(n), n) for n in allowed])  # (keeps the count chosen where it is allowed)
        if seats.value != before:
            await self._show_seats(int(seats.value))

    @on(Cycler.Changed, "#seats")
    async def _seats_changed(self, event: Cycler.Changed) -> None:
        await self._show_seats(int(event.value))

    @on(Cycler.Changed, "#mode")
    async def _mode_changed(self, event: Cycler.Changed) -> None:
        self._apply_mode(bool(event.value))
        await self._fit_seats()  # (the introductory game: its 4 companies)

    def _apply_mode(self, introductory: bool) -> None:
        """The introductory game has fixed companies and chief engineers."""
        for c in self.query(".seat-company, #officer-set").results(Cycler):
            c.disabled = introductory
        self.query_one("#modules", Toggles).disabled = introductory
        for row in self.query(SeatRow):
            officer = row.query_one(".seat-officer", Cycler)
            officer.disabled = introductory or officer.options == NO_OFFICER

    # ------------------------------------------------------------ the last setup, remembered

    FLAGS = ("mode", "officer-set", "first", "confirm", "board")  # the option fields kept besides the seats

    def form_values(self) -> Form:
        """The form's fields (not the seed: every game gets a new one unless typed in)."""
        values: Form = {"seats": self.query_one("#seats", Cycler).value}
        values.update((field, self.query_one(f"#{field}", Cycler).value) for field in self.FLAGS)
        values["modules"] = sorted(self.modules_on())
        values["seat"] = [{"name": self.query_one(f"#name-{i}", TextField).value,
                           **{part: self.query_one(f"#{part}-{i}", Cycler).value or ""
                              for part in ("kind", "company", "officer")}}
                          for i in range(int(values["seats"]))]
        return values

    async def restore(self, values: Form) -> None:
        """Fill the form in as ``values`` had it; a value the form does not offer is left as it is."""
        modules = values.get("modules")  # first: they decide which chief engineers are offered
        self.query_one("#modules", Toggles).set_on(modules if isinstance(modules, list) else ())
        for field in ("board", "mode"):  # next: with the modules, they decide the seat counts offered
            self.query_one(f"#{field}", Cycler).set_value(values.get(field))
        await self._fit_seats()
        seats = self.query_one("#seats", Cycler)
        seats.set_value(values.get("seats"))
        await self._show_seats(int(seats.value))
        for i, seat in enumerate(values.get("seat", [])[: int(seats.value)]):
            if not isinstance(seat, dict):
                continue
            self.query_one(f"#kind-{i}", Cycler).set_value(seat.get("kind"))
            self._seat_officers(i)
            for part in ("company", "officer"):
                self.query_one(f"#{part}-{i}", Cycler).set_value(seat.get(part))
            name = seat.get("name")
            if isinstance(name, str):
                box = self.query_one(f"#name-{i}", TextField)
                box.value = name[: box.max_length]
        for field in self.FLAGS:
            if field != "confirm" or self._confirm():  # --no-confirm wins over the memory
                self.query_one(f"#{field}", Cycler).set_value(values.get(field))
        self._apply_mode(self._introductory())

    def setup(self) -> Setup:
        """The Setup from the form (raises SetupError / ValueError with a plain message)."""
        from barrage_tui.rules import (
            BOARD_OPTION, EXPANSION_OFFICERS, EXPANSION_OPTION, MODULES_OPTION, SeatSetup, Setup,
            first_player_at_random, picking_order,
        )

        if not self.query("#seats"):  # Enter before the form is drawn: the default game
            return default_setup(self.seed, self._confirm())
        n = int(self.query_one("#seats", Cycler).value)
        intro = bool(self.query_one("#mode", Cycler).value)
        seed_text = self.query_one("#seed", TextField).value.strip()
        if not seed_text:
            raise ValueError("the seed must be a number")
        chosen: list[SeatSetup] = []
        for i in range(n):
            kind = str(self.query_one(f"#kind-{i}", Cycler).value)
            name = self.query_one(f"#name-{i}", TextField).value.strip() or default_name(i, kind)
            company = "" if intro else self.query_one(f"#company-{i}", Cycler).value or ""
            officer = "" if intro else self.query_one(f"#officer-{i}", Cycler).value or ""
            if kind.startswith("automa:"):
                chosen.append(SeatSetup(name, kind="automa", company=company, officer=officer,
                                       difficulty=kind.split(":", 1)[1]))
            else:
                chosen.append(SeatSetup(name, company=company, officer=officer))
        first = self.query_one("#first", Cycler).value
        seats = (first_player_at_random(tuple(chosen), int(seed_text)) if first == RANDOM_FIRST
                 else picking_order(tuple(chosen), first))
        expansion = not intro and (bool(self.query_one("#officer-set", Cycler).value)
                                   or any(s.officer in EXPANSION_OFFICERS for s in seats))
        options = confirm_options(bool(self.query_one("#confirm", Cycler).value))
        if expansion:
            options[EXPANSION_OPTION] = True
        if self.modules_on() and not intro:
            options[MODULES_OPTION] = sorted(self.modules_on())
        board = self.query_one("#board", Cycler).value
        if board:
            options[BOARD_OPTION] = board
        setup = Setup(seats=tuple(seats), introductory=intro, seed=int(seed_text), options=options)
        setup.validate()
        return setup

    def _confirm(self) -> bool:
        """The Confirm turns default: on, unless the app was started with --no-confirm."""
        return getattr(self.app, "confirm_turns", True)

    @after_load
    def action_start(self) -> None:
        from barrage_tui.rules import SetupError

        try:
            setup = self.setup()
        except (SetupError, ValueError) as exc:
            self.query_one("#start-error", Static).update(Text.assemble(("Cannot start: ", "bold red"),
                                                                       plain(f"{exc}.")))
            return
        if self.query("#seats"):
            last_setup.write(self._open_store(), self.form_values())
        self.app.start_game(setup)

    @on(TextField.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(ActionButton.Pressed)
    def _pressed(self, event: ActionButton.Pressed) -> None:
        action = {"start-game": self.action_start, "continue": self.action_continue, "load": self.action_load,
                  "quit": self.action_request_quit}[event.button.id or ""]
        action()

    def _open_store(self) -> SaveStore | None:
        """The save store, opened now if a key came before the background load finished."""
        if self.store is None:
            self.store = getattr(self.app, "store", None)
        return self.store

    @after_load
    def action_continue(self) -> None:
        path = storage.latest(self._open_store())
        if path is None:
            self.notify("There is no saved game to continue.", severity="warning")
            return
        self.app.open_save(path)

    @after_load
    def action_load(self) -> None:
        saves, skipped = storage.listing(self._open_store())
        if not saves:
            where = getattr(self.store, "directory", "the save folder")
            notify_plain(self, f"No saved games in {where}.", severity="warning")
            return

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.app.open_save(path)

        self.app.push_screen(LoadScreen(saves, skipped), callback=chosen)

    @after_load
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None, keys.START))

    def action_request_quit(self) -> None:
        self.app.exit(0)


class LoadScreen(AppModal[Path]):
    """Pick a saved game: arrows and Enter; Esc goes back."""

    BINDINGS = [("escape", "cancel", "Back")]

    def __init__(self, saves: list[SaveInfo], skipped: Sequence[SaveInfo] = ()) -> None:
        super().__init__(id="load-screen")
        self.saves, self.skipped = saves, list(skipped)

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList

        with Vertical(classes="dialog wide-dialog"):
            yield Static("Saved games", classes="dialog-title")
            yield OptionList(*[plain(storage.describe(s)) for s in self.saves], id="save-list")
            for info in self.skipped:  # files in the folder that are not saves, and why
                yield Static(plain(f"Skipped {info.path.name}: {info.error}", style="dim"), classes="dialog-detail")
            yield Static("Enter to open · Esc to go back", classes="dialog-detail")

    def on_mount(self) -> None:
        self.query_one("#save-list").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.saves[event.option_index].path)

    def action_cancel(self) -> None:
        self.dismiss(None)
