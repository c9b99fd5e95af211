"""The mark of the company to play on the company boards: ▶ at the head of its board, in a column of its own
beside the board (the board's lines do not change when the turn passes), or in words on a compact screen."""

from __future__ import annotations

from barrage_tui.rules.setup import CONFIRM_OPTION, SeatSetup, Setup
from barrage_tui.ui.widgets.company import CompanyBoard, TurnMark

from .conftest import game_screen
from .driver import at_first_action, past_the_picks


def _marks(app) -> dict[int, bool]:
    return {board.seat: board.turn_mark is not None and board.turn_mark.marked for board in app.screen.query(CompanyBoard)}


async def test_the_company_to_play_is_marked_beside_its_board(app_factory):
    game = past_the_picks(Setup(seats=(SeatSetup("Ann"), SeatSetup("Ben")), seed=7, options={CONFIRM_OPTION: True}))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        seat = game.prompt.seat
        assert _marks(app) == {seat: True, 1 - seat: False}
        mark = app.screen.query_one(f"#company-{seat}", CompanyBoard).turn_mark
        assert isinstance(mark, TurnMark) and mark.render_line(0).text == "▶" and mark.render_line(1).text == " "
        heads = {b.seat: b.plain_lines[0] for b in app.screen.query(CompanyBoard)}
        assert not any("to play" in head for head in heads.values())
        while game.prompt.kind != "end_turn":
            screen.choose(game.prompt.choices[0].key)
            await pilot.pause()
        old = app.screen.query_one(f"#company-{seat}", CompanyBoard)
        built = []
        lines = old.lines
        old.lines = lambda *a: built.append(1) or lines(*a)
        screen.choose(game.prompt.choices[0].key)  # the turn ends: the other company is to play
        await pilot.pause()
        assert game.prompt.seat != seat and _marks(app) == {seat: False, 1 - seat: True}
        assert not built  # (nothing its lines show changed with the turn passing: not built again)
        # the boards' head lines stayed as they were: only the marks' cells are drawn anew
        assert {b.seat: b.plain_lines[0] for b in app.screen.query(CompanyBoard)} == heads


async def test_on_a_compact_screen_the_head_line_says_who_is_to_play(app_factory):
    game = at_first_action(2)
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(f"#company-{game.prompt.seat}", CompanyBoard)
        while not board.plain_lines:  # the companies' tab brought to the front
            await pilot.press("tab")
            await pilot.pause()
        assert "◀ to play" in board.plain_lines[0] and not any(_marks(app).values())
