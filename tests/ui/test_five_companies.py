"""Five companies on screen (the 4-5 player map, Japan and Brazil making five): at 160x50, 120x40 and 80x24
every company board is reachable, and a board cut by its height is scrolled to its last line from the
keyboard; snapshots of the screens, and of the Companies tab where it is one."""

from __future__ import annotations

import pytest

from barrage_tui.ui.widgets.company import CompanyBoard
from barrage_tui.ui.widgets.deck import Deck

from .conftest import game_screen
from .screenshots import assert_screen, settle
from .test_in_view import on_screen, tab_to
from .test_map_snapshots import mid_game
from .test_snapshots import app_with

SIZES = ((160, 50), (120, 40), (80, 24))


def five_companies():
    return mid_game("five", 5, modules=("overseas",))


@pytest.mark.parametrize("size", SIZES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_company_board_is_whole_or_scrolled_to_its_end_by_tab(size):
    app = app_with(five_companies())
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        boards = list(screen.query(CompanyBoard))
        assert len(boards) == 5
        seen: set[str] = set()
        for _ in range(30):
            await pilot.press("tab")
            await pilot.pause()
            panel = screen.focused
            if isinstance(panel, CompanyBoard):
                seen.add(panel.id or "")
                await pilot.press("end")
                await pilot.pause()
                assert on_screen(panel, len(panel.plain_lines) - 1), panel.id
            if len(seen) == 5:
                break
        for board in boards:  # each one either read whole where it stands, or reached and scrolled by Tab
            whole = board.display and board.region.height > 0 and not board.cut
            assert whole or board.id in seen, (board.id, board.cut, seen)
        assert seen  # (five boards side by side are cut by their height at both sizes)


async def test_the_five_stacked_boards_scroll_to_the_last_at_80x24():
    app = app_with(five_companies())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        boards = screen.query_one("#companies")
        await tab_to(pilot, screen, boards, tries=12)
        await pilot.press("home", "end")
        await pilot.pause()
        last = screen.query_one("#company-4")
        assert boards.scroll_y == boards.max_scroll_y
        assert last.region.bottom <= boards.region.bottom and last.region.height > 0
        from barrage_tui.rules import facts
        company = facts().companies[screen.session.game.state.companies[4].company].name
        assert company in last.plain_lines[0]


def companies_in_front(pilot) -> None:
    for deck in pilot.app.screen.query(Deck):
        if deck.holds("companies"):
            deck.show("companies")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_five_companies_screen(snapshot, size):
    async def ready(pilot) -> None:
        await settle(pilot)
        companies_in_front(pilot)
        await settle(pilot)

    await assert_screen(snapshot, app_with(five_companies()), size, [],
                        f"five_companies_{size[0]}x{size[1]}.svg", ready=ready)
