"""Nothing hidden that the screen claims to show: the selected choice, the map space it points at, and the
end of a panel cut by its height (scrolled from the keyboard)."""

from __future__ import annotations

import re

from barrage_tui.rules.game import Game

from .conftest import choose, game_screen
from .driver import default_setup


def action_game() -> Game:
    """A two-player game at its first action: 19 choices."""
    game = Game.new(default_setup(2, 9))
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


def on_screen(widget, line: int) -> bool:
    top = widget.scroll_offset.y
    return top <= line < top + widget.scrollable_content_region.height


async def test_a_resize_keeps_the_selected_choice_in_view(app_factory):
    game = action_game()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1", "6")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        for _ in range(3):
            await pilot.pause()
        choices = game_screen(app).choice_list
        assert choices.index == 15
        region = choices.scrollable_content_region
        shown = choices.plain_lines[choices.scroll_offset.y:choices.scroll_offset.y + region.height]
        assert any(line.startswith("▶16") for line in shown), shown


async def test_the_map_follows_the_selection_in_the_compact_layout(app_factory):
    game = action_game()
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await choose(pilot, "place:construct")
        await choose(pilot, "tile:base")
        assert game.prompt.kind == "build_space"
        screen = game_screen(app)
        mp = screen.query_one("#map")
        for space in ("B9L", "B1U", "B10U"):
            await choose_without_confirming(pilot, game, f"space:{space}")
            line = next(i for i, text in enumerate(mp.plain_lines) if re.search(rf"(^| ){space}[ +]", text))
            assert mp.display and on_screen(mp, line), (space, line, mp.scroll_offset.y)


async def choose_without_confirming(pilot, game, key: str) -> None:
    screen = game_screen(pilot.app)
    index = game.prompt.keys().index(key)
    while screen.choice_list.index != index:
        await pilot.press("down" if index > screen.choice_list.index else "up")
    await pilot.pause()
