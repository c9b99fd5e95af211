"""Only what changed is redrawn: a key press refreshes a few lines of a few widgets, never the screen."""

from __future__ import annotations

import gc

from rich.style import Style
from textual.widget import Widget

from barrage_tui.rules.game import Game

from .conftest import game_screen
from .driver import default_setup


class Refreshes:
    """Record the widgets' refresh calls: (widget, whole widget?)."""

    def __init__(self, monkeypatch):
        self.calls: list[tuple[Widget, bool]] = []
        self.layouts: list[Widget] = []  # the widgets that asked for a new layout of the screen
        original = Widget.refresh

        def refresh(widget, *regions, **kw):
            self.calls.append((widget, not regions or kw.get("layout", False)))
            if kw.get("layout", False):
                self.layouts.append(widget)
            return original(widget, *regions, **kw)

        monkeypatch.setattr(Widget, "refresh", refresh)

    def whole(self) -> set[str]:
        return {type(w).__name__ for w, whole in self.calls if whole}

    async def settle(self, pilot) -> None:
        """Wait until the start-up repaints (the footer's keys come a little later) are over."""
        for _ in range(60):
            self.calls.clear()
            self.layouts.clear()
            await pilot.pause(0.05)
            if not self.calls:
                return
        raise AssertionError(f"the screen keeps repainting: {self.whole()}")


def game_at_action() -> Game:
    """A 2-player game at its first action turn (every choice before it the first offered)."""
    game = Game.new(default_setup(2, 21))
    while game.prompt.kind != "action":
        game.choose(game.prompt.choices[0].key)
    return game


async def test_a_key_press_repaints_only_what_changed(app_factory, monkeypatch):
    app = app_factory(game=game_at_action())
    async with app.run_test(size=(160, 50)) as pilot:
        screen = game_screen(app)
        seen = Refreshes(monkeypatch)
        await seen.settle(pilot)
        await pilot.press("2")  # select the second choice: the list and the board change a little
        await pilot.pause()
        assert seen.calls, "nothing was redrawn"
        assert not seen.whole(), f"whole widgets repainted on a cursor move: {seen.whole()}"
        changed = {type(w).__name__ for w, _ in seen.calls}
        assert changed <= {"ChoiceList", "ManagementBoard", "CompanyBoard", "MapView", "ContractsView",
                           "PatentOffice"}, changed
        seen.calls.clear()
        choices = screen.choice_list
        header = choices.header_text
        await pilot.press("enter")  # a decision: a question of more lines, the choices lower in the box
        await pilot.pause()
        assert len(choices.header_text) > len(header)
        assert screen not in {w for w, _ in seen.calls}
        # the decision's box is one widget of a fixed size: it repaints the rows that changed, and the screen
        # needs no new layout
        assert not seen.whole(), f"whole widgets repainted: {seen.whole()}"
        assert not seen.layouts


def test_no_app_level_reactive_repaints_everything():
    from textual.reactive import Reactive

    from barrage_tui.ui.app import BarrageApp

    own = {name for cls in BarrageApp.__mro__ if cls.__module__.startswith("barrage_tui")
           for name, value in vars(cls).items() if isinstance(value, Reactive)}
    assert not own


async def test_plain_text_is_written_without_style_codes(app_factory):
    """In the terminal's own colours (the default theme) a plain line is one segment with no style: no escape
    codes before its text, its blanks to the panel's edge included. A theme of its own colours keeps them."""
    from rich.text import Text

    for seed, theme, plain in ((21, "ansi-dark", True), (22, "textual-dark", False)):
        app = app_factory(game=Game.new(default_setup(2, seed)))
        app.theme = theme
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            log = game_screen(app).query_one("#log")
            strip = log.strips_of([Text("Round 1 begins."), Text.assemble("a ", ("bold", "bold"))])
            if plain:
                assert list(strip[0]) == [(f"{'Round 1 begins.':{log.content_width}}", None, None)]
                assert [s.style for s in strip[1]] == [None, Style(bold=True), None]
            else:
                assert len(list(strip[0])) == 1 and strip[0].cell_length == log.content_width
                assert all(s.style is not None and s.style.bgcolor is not None for s in strip[0])


async def test_scrolling_the_choices_repaints_the_rows_that_changed(app_factory, monkeypatch):
    # The last choice of a long list scrolls the box: its head (who decides and what) stays, and the rows that
    # show the same as before are not written again (Textual's ScrollView would repaint the whole box).
    app = app_factory(game=game_at_action())
    async with app.run_test(size=(160, 50)) as pilot:
        choices = game_screen(app).choice_list
        seen = Refreshes(monkeypatch)
        await seen.settle(pilot)
        regions = []
        refresh = type(choices).refresh
        monkeypatch.setattr(type(choices), "refresh", lambda w, *r, **kw: regions.extend(r) or refresh(w, *r, **kw))
        await pilot.press("end")
        await pilot.pause()
        assert choices.scroll_offset.y > 0 and regions
        head = len(choices.header_text)
        assert all(region.y >= head and region.height == 1 for region in regions), regions


def walked(thing: object) -> bool:
    """Whether Python's full garbage collection walks ``thing`` (not frozen)."""
    return any(o is thing for o in gc.get_objects())


async def settled(pilot, thing: object) -> bool:
    for _ in range(40):
        if not walked(thing):
            return True
        await pilot.pause(0.05)
    return False


async def test_what_is_alive_where_no_key_waits_is_kept_out_of_the_collections(app_factory):
    """Once the table is drawn, and again once a screen on top of it closes, garbage is collected and what is
    alive is frozen (screens/game.py: settle_heap): a full collection in the middle of a key later walks only
    what came since, not the whole app (50-60 ms in the benchmark's game)."""
    game = game_at_action()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        assert await settled(pilot, game), "the game was still walked once the table was drawn"
        later: list[object] = []  # (a list: the collector tracks it)
        assert walked(later)
        await pilot.press("question_mark")  # the help, on top
        await pilot.pause()
        await pilot.press("escape")
        assert await settled(pilot, later), "what came since the table was drawn was still walked"


async def test_the_thread_that_writes_a_frame_is_let_in_soon(app_factory):
    """Textual writes each frame from a thread of its own; what the app does right after a frame must not keep
    it waiting Python's usual 5 ms (the frame would reach the terminal that much later)."""
    import sys

    from barrage_tui.ui.app import SWITCH_INTERVAL

    sys.setswitchinterval(0.005)
    app = app_factory(game=game_at_action())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert sys.getswitchinterval() == SWITCH_INTERVAL <= 0.001


async def test_garbage_collections_wait_while_a_key_is_answered(app_factory, monkeypatch):
    """No automatic collection in the middle of a key (several in a key that redraws the table): they resume a
    moment after the last key (an earlier key's moment does not come in the middle of a later one), and when
    the app ends."""
    from barrage_tui.ui.screens import game as game_screen_module

    monkeypatch.setattr(game_screen_module, "COLLECTIONS_RESUME", 1.0)
    app = app_factory(game=game_at_action())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert gc.isenabled()
        await pilot.press("down")
        assert not gc.isenabled()
        await pilot.pause(0.6)
        await pilot.press("down")
        await pilot.pause(0.6)
        assert not gc.isenabled()  # a second after the first key, 0.6 s after the second
        await pilot.pause(1.0)
        assert gc.isenabled()
        await pilot.press("down")
    assert gc.isenabled()  # the app ended while they waited


async def test_a_panels_style_is_worked_out_again_only_when_its_styles_change(app_factory, monkeypatch):
    """Textual works a widget's rich style out anew at each read (35-60 µs, walking its ancestors); the panels
    read it for their lines and kept reading it for most lines drawn. They keep it until their styles change."""
    import sys

    from textual.dom import DOMNode

    from barrage_tui.ui.widgets.lines import LinesView, StyleKept

    app = app_factory(game=game_at_action())
    async with app.run_test(size=(160, 50)) as pilot:
        await Refreshes(monkeypatch).settle(pilot)
        for widget in app.screen.walk_children():  # (a style is worked out when first read after a change)
            if isinstance(widget, StyleKept):
                assert widget.kept_style == widget.rich_style
        reads: list[DOMNode] = []  # by the app's code (Textual's own reads are its business)
        work_out = DOMNode.rich_style.fget

        def read(node: DOMNode) -> object:
            if "barrage_tui" in sys._getframe(1).f_code.co_filename:
                reads.append(node)
            return work_out(node)

        monkeypatch.setattr(DOMNode, "rich_style", property(read))
        restyled: list[StyleKept] = []  # (the map's class for a tall map, say)
        notify = StyleKept.notify_style_update
        monkeypatch.setattr(StyleKept, "notify_style_update", lambda node: (restyled.append(node), notify(node)))
        for key in ("2", "enter", "down", "enter"):  # moves, decisions: panels built again and drawn
            await pilot.press(key)
            await pilot.pause()
        assert not [n for n in reads if n not in restyled]
        log = game_screen(app).query_one("#log", LinesView)
        kept = log.kept_style
        app.theme = "textual-light"  # new styles: worked out again
        await pilot.pause()
        assert log.kept_style == work_out(log) != kept


async def test_the_turn_passing_rebuilds_no_board_whose_company_did_not_change(app_factory, monkeypatch):
    """The next company to play has its board rebuilt only for what its lines show: the selected choice's marks
    on it (a space on the management board marks nothing there), not whatever the choice selects elsewhere."""
    from barrage_tui.rules import company_view
    from barrage_tui.ui.widgets.company import CompanyBoard

    game = game_at_action()
    while True:  # to a decision that passes the turn to a company it does not change
        seat, key = game.prompt.seat, game.prompt.choices[0].key
        scratch = Game.replay(game.setup, [*game.log, key])
        other = scratch.prompt.seat
        if other != seat and company_view(scratch, other) == company_view(game, other):
            break
        game.choose(key)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await Refreshes(monkeypatch).settle(pilot)
        built: list[int] = []
        lines = CompanyBoard.lines
        monkeypatch.setattr(CompanyBoard, "lines", lambda board, *a: (built.append(board.seat), lines(board, *a))[1])
        await pilot.press("enter")
        await pilot.pause()
        assert game.prompt.seat == other and game.prompt.choices
        assert other not in built
