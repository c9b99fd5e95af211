"""Layouts: full at 160x50 and 120x40, compact tabs from 80x24, a message below that; resizing mid-game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from barrage_tui.ui.screens.dialogs import TooSmallScreen
from barrage_tui.ui.screens.game import GameScreen, layout_mode
from barrage_tui.ui.widgets.deck import Deck

from barrage_tui.ui.texts import company_name

from .conftest import choose, game_screen, screen_text, start_screen_ready
from .driver import at_first_action, default_setup

PANELS = ("map", "board", "companies", "energy", "patents", "contracts", "log")


def visible(app, pid: str) -> bool:
    widget = app.screen.query_one(f"#{pid}")
    return widget.display and widget.region.area > 0


def test_layout_modes_by_size():
    assert layout_mode(160, 50) == "wide"
    assert layout_mode(120, 40) == "medium"
    assert layout_mode(119, 40) == "compact"
    assert layout_mode(80, 24) == "compact"


async def test_everything_is_on_screen_at_160x50(app_factory):
    from barrage_tui.rules.game import Game

    app = app_factory(game=Game.new(default_setup(4, 5)))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert game_screen(app).mode == "wide"
        for pid in PANELS + ("prompt",):
            assert visible(app, pid), pid
        text = screen_text(app)
        for word in ("Map", "Management board", "Energy track", "Patent office", "Contracts", "Log", "Decision"):
            assert word in text
        st = game_screen(app).session.game.state
        assert st.drafting == [0, 1, 2, 3]  # before the draft each board is a pair on offer
        for c in st.companies:
            assert f"{company_name(c.company)} · on offer" in text


async def test_resizing_mid_game_keeps_the_game(app_factory):
    from barrage_tui.rules.game import Game

    game = Game.new(default_setup(2, 9))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await choose(pilot, game.prompt.choices[0].key)
        log = list(game.log)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        screen = game_screen(app)
        assert screen.mode == "medium"
        assert visible(app, "map") and visible(app, "prompt")
        assert any(d.tabbed for d in screen.query(Deck))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert game_screen(app).mode == "compact"
        assert visible(app, "prompt")
        assert sum(visible(app, pid) for pid in PANELS) == 1  # one panel at a time
        await pilot.press("tab")
        await pilot.pause()
        assert sum(visible(app, pid) for pid in PANELS) == 1
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "needs at least 80x24" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert game.log == log
        await choose(pilot, game.prompt.choices[0].key)  # still playable
        assert len(game.log) == len(log) + 1


async def play_the_picks(pilot, game) -> None:
    """Through the picks before round 1 (company and chief engineer, starting contract) with the keys."""
    while game.prompt.kind in ("matchup", "starting_contract"):
        await choose(pilot, game.prompt.choices[0].key)


async def test_compact_layout_follows_the_choices(app_factory):
    from barrage_tui.rules.game import Game

    game = Game.new(default_setup(2, 9))
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_the_picks(pilot, game)
        assert game.prompt.kind == "action"
        assert visible(app, "board")  # the first choice is an action space
        drops = next(c.key for c in game.prompt.choices if c.key.startswith("place:water-p2"))
        await choose(pilot, drops)
        assert game.prompt.kind == "headstream_drop"
        assert visible(app, "map")  # headstreams are on the map


async def test_the_start_screen_fits_80x24(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_screen_ready(pilot)
        text = screen_text(app)
        for word in ("New game", "Seat 1", "Seat 2", "Start game", "Seed"):
            assert word in text


def footer_line(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_footer_shows_the_keys_after_every_resize(app_factory):
    """A resize that changes the layout rebuilds the screen: the Footer must show the keys again (with
    the Panel key: tabs, or panels to scroll, everywhere), and the keys must still select and confirm."""
    from barrage_tui.rules.game import Game

    game = Game.new(default_setup(2, 9))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert "Confirm" in footer_line(app) and "Panel" in footer_line(app)
        for size in ((120, 40), (80, 24), (160, 50), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            screen = game_screen(app)
            line = footer_line(app)
            assert "Confirm" in line and "Undo" in line and "Quit" in line, (size, line)
            assert "Panel" in line, (size, line)
            assert screen.focused is None  # the keys belong to the game screen, none is swallowed
            choices = len(game.prompt.choices)
            await pilot.press("2")
            assert screen.choice_list.index == 1
            assert screen.view.strong == frozenset(game.prompt.choices[1].refs)
            await pilot.press("1")
            assert len(game.prompt.choices) == choices
        before = len(game.log)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert len(game.log) == before + 1
        assert "Confirm" in footer_line(app)


async def test_a_resize_keeps_the_selected_choice(app_factory):
    from barrage_tui.rules.game import Game

    game = Game.new(default_setup(2, 9))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.choice_list.index == 1
        assert screen.view.strong == frozenset(game.prompt.choices[1].refs)


async def test_the_companies_tab_opens_and_stays_on_the_deciding_company_in_the_compact_layout(app_factory):
    from barrage_tui.rules.game import Game
    from barrage_tui.ui.widgets.company import CompanyBoards

    game = Game.new(default_setup(3, 8))
    while game.prompt.kind in ("matchup", "starting_contract") or game.prompt.seat == 0:
        game.choose(game.prompt.choices[0].key)
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        while not visible(app, "companies"):
            await pilot.press("tab")
        await pilot.pause()
        await pilot.pause()
        boards = screen.query_one(CompanyBoards)
        deciding = screen.query_one(f"#company-{game.prompt.seat}")
        assert boards.scroll_y > 0
        assert deciding.region.y == boards.region.y  # its first line is the panel's first line
        for size in ((96, 30), (80, 24)):  # a resize keeps it in view
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause()
            # on top, or wholly in view when the boards end before it could reach the top
            region = deciding.region
            assert region.y == boards.region.y or boards.region.contains_region(region), size


async def test_the_company_boards_fit_their_panel_in_the_full_layouts(app_factory):
    """At 160x50 the boards of three companies are too tall in full: the denser form keeps the hands
    and the companies' abilities in view (the income rewards are in the help)."""
    from barrage_tui.ui.widgets.company import CompanyBoard

    game = at_first_action(3, 8)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        text = screen_text(app)
        for board in game_screen(app).query(CompanyBoard):
            lines = board.plain_lines
            assert len(lines) <= board.scrollable_content_region.height, lines
            assert any(line.startswith("Ability") for line in lines)
            # the income rows keep their rewards unless even the dense form is too tall with them
            with_rewards = board._board(game_screen(app).view, board.scrollable_content_region.width, True)
            collapsed = any(line.startswith("Income B") for line in lines)
            assert collapsed == (len(with_rewards) > board.scrollable_content_region.height), lines
        assert "Hand #" in text and "B5 2:" in text


async def test_tab_goes_on_from_the_panel_shown(app_factory):
    """The compact layout follows the choices from tab to tab; Tab then shows the tab after the one shown."""
    from barrage_tui.rules.game import Game

    game = Game.new(default_setup(2, 9))
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert game.prompt.kind == "matchup" and visible(app, "companies")  # the pairs on offer
        await choose(pilot, game.prompt.choices[0].key)
        assert game.prompt.kind == "starting_contract" and visible(app, "contracts")
        await pilot.press("tab")
        assert visible(app, "patents")
        await play_the_picks(pilot, game)
        assert game.prompt.kind == "action" and visible(app, "board")  # followed the action spaces
        await pilot.press("tab")
        assert visible(app, "companies")
        await pilot.press("shift+tab", "shift+tab")
        assert visible(app, "map")


async def test_in_the_draft_the_compact_layout_shows_the_selected_pair(app_factory):
    from barrage_tui.rules.game import Game
    from barrage_tui.ui.widgets.company import CompanyBoards

    game = Game.new(default_setup(3, 8))
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        boards = screen.query_one(CompanyBoards)
        for index in (0, 2, 1):  # the first pair before any key, then as the arrows move
            while screen.choice_list.index != index:
                await pilot.press("down" if screen.choice_list.index < index else "up")
            await pilot.pause()
            await pilot.pause()
            company = game.prompt.choices[index].key.split(":")[1]
            seat = next(c.seat for c in game.state.companies if c.company == company)
            assert visible(app, "companies")
            assert screen.query_one(f"#company-{seat}").region.y == boards.region.y


async def test_a_tab_shows_what_changed_while_it_was_hidden(app_factory):
    """The companies change in the draft while another tab is shown; Tab then shows them as they are,
    and a tab never shown before shows its panel, not a blank."""
    from barrage_tui.rules.game import Game
    from barrage_tui.ui.texts import company_name

    game = Game.new(default_setup(2, 5))
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_the_picks(pilot, game)
        assert visible(app, "board")
        while not visible(app, "companies"):
            await pilot.press("tab")
        await pilot.pause()
        text = screen_text(app)
        assert "on offer" not in text
        deciding = game.state.companies[game.prompt.seat]
        assert f"{company_name(deciding.company)} · {deciding.player}" in text
        await pilot.press("tab")
        await pilot.pause()
        assert visible(app, "energy") and "Bonus" in screen_text(app)


def test_a_burst_of_resizes_across_the_layouts_settles_on_the_last_size():
    """Sizes in all three layout modes arriving while the screen is rebuilt for the previous one used to
    make two sizes take turns forever (100% CPU, a blank screen, every key ignored). The burst runs in a
    child process (tests/ui/resize_burst.py): a livelocked app never lets a wait in its own process end."""
    try:
        done = subprocess.run([sys.executable, "-m", "tests.ui.resize_burst"], cwd=Path(__file__).parents[2],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise AssertionError("the app did not answer a key after a burst of resizes (livelock)") from None
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["mode=wide", "size=160x50", "decisions=1"]  # the last size; Enter decided


def test_a_dumb_terminal_is_refused_before_the_app_starts(monkeypatch, capsys, tmp_path):
    """TERM=dumb has no cursor movement: one line saying so and a non-zero exit, never a hung screen."""
    from barrage_tui.ui.app import BarrageApp, run_app

    def never(self, *args, **kw):
        raise AssertionError("the app was started")

    monkeypatch.setattr(BarrageApp, "run", never)
    for term in ("dumb", "unknown"):
        monkeypatch.setenv("TERM", term)
        assert run_app(save_dir=str(tmp_path)) != 0
        assert run_app(resume=True, save_dir=str(tmp_path)) != 0
        err = capsys.readouterr().err.splitlines()
        assert err == [f"barrage-tui: this terminal (TERM={term}) cannot show the game: it has no cursor movement; "
                       "run barrage-tui in a terminal emulator (e.g. TERM=xterm-256color)"] * 2
