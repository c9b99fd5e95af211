"""Nothing hidden that the screen claims to show: the selected choice, the map space it points at, and the
end of a panel cut by its height (scrolled from the keyboard)."""

from __future__ import annotations

import re

from barrage_tui.rules.game import Game

from .conftest import choose, game_screen
from .driver import at_first_action, default_setup


def action_game() -> Game:
    """A two-player game at its first action: 19 choices."""
    return at_first_action(2, 9)


async def tab_to(pilot, screen, widget, tries: int = 10) -> None:
    """Tab until ``widget`` has the keys (it must get them within ``tries`` presses)."""
    for _ in range(tries):
        if screen.focused is widget:
            return
        await pilot.press("tab")
        await pilot.pause()
    assert screen.focused is widget, screen.focused


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
            line = next(i for i, text in enumerate(mp.plain_lines) if re.search(rf"(^|[ ╪]){space}[ +]", text))  # (╪: a dam space on the drawn map's river)
            assert mp.display and on_screen(mp, line), (space, line, mp.scroll_offset.y)


async def choose_without_confirming(pilot, game, key: str) -> None:
    screen = game_screen(pilot.app)
    index = game.prompt.keys().index(key)
    while screen.choice_list.index != index:
        await pilot.press("down" if index > screen.choice_list.index else "up")
    await pilot.pause()


async def test_every_cut_panel_is_scrolled_to_its_end_from_the_keyboard(app_factory):
    """At 150x45 four companies do not fit: Tab focuses each panel cut by its height in turn, its keys
    scroll it to its last line, and Esc (or Tab past the last) gives the keys back to the choices."""
    game = at_first_action(4, 8)
    app = app_factory(game=game)
    async with app.run_test(size=(150, 45)) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        energy = screen.query_one("#energy")
        assert "Objective" not in "\n".join(energy.plain_lines[:energy.scrollable_content_region.height])
        seen = []
        for _ in range(20):
            await pilot.press("tab")
            await pilot.pause()
            panel = screen.focused
            if panel is None:
                break
            seen.append(panel.id)
            await pilot.press("pagedown")
            for _ in range(len(panel.plain_lines)):
                await pilot.press("down")
            await pilot.pause()
            assert on_screen(panel, len(panel.plain_lines) - 1), panel.id
            await pilot.press("home")
            await pilot.pause()
            assert panel.scroll_offset.y == 0
            assert screen.choice_list.index == 0  # the keys scrolled the panel, not the choices
        assert screen.focused is None  # past the last panel: back to the choices
        assert {"energy", "company-0", "company-3", "log"} <= set(seen), seen
        await pilot.press("tab", "end", "escape")
        await pilot.pause()
        assert screen.focused is None and energy.scroll_offset.y > 0  # where the player left it
        await pilot.press("down")
        assert screen.choice_list.index == 1


async def test_the_stacked_company_boards_scroll_to_the_last_from_the_keyboard(app_factory):
    """At 80x24 the boards are stacked in one tab, taller than it: Tab shows them with the keys to scroll."""
    game = at_first_action(3, 8)
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        boards = screen.query_one("#companies")
        await tab_to(pilot, screen, boards)
        assert boards.max_scroll_y > 0
        await pilot.press("home", "end")
        await pilot.pause()
        last = screen.query_one("#company-2")
        assert boards.scroll_y == boards.max_scroll_y
        assert last.region.bottom <= boards.region.bottom and last.region.height > 0
        await pilot.press("escape", "down")
        assert screen.focused is None and screen.choice_list.index == 1


async def test_the_full_layout_shows_the_side_panels_whole_where_they_fit(app_factory):
    """At 160x50 with three companies the energy track (to its objective) and the contracts are whole; at
    150x45 the patent office's title is not cut by its border."""
    game = at_first_action(3, 8)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        for pid in ("map", "energy", "patents", "board", "contracts"):
            panel = screen.query_one(f"#{pid}")
            assert not panel.cut, (pid, panel.plain_lines)
        assert "Objective" in "\n".join(screen.query_one("#energy").plain_lines)
        await pilot.resize_terminal(150, 45)
        await pilot.pause(0.2)
        patents = screen.query_one("#patents")
        assert len(patents.border_title) + 6 <= patents.outer_size.width, patents.border_title


async def test_tab_to_the_log_tab_opens_it_at_the_newest_line(app_factory):
    """A tab just shown takes the focus once laid out: the log then opens at its newest line."""
    from .test_log_screen import automa_game

    app = app_factory(game=automa_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one("#log")
        await tab_to(pilot, screen, log)
        await pilot.pause()
        assert log.scroll_offset.y == log.max_scroll_y > 0
        assert on_screen(log, len(log.plain_lines) - 1)


async def test_a_focused_tab_hidden_by_the_next_decision_gives_the_keys_back(app_factory):
    game = action_game()
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        boards = screen.query_one("#companies")
        while screen.focused is not boards:
            await pilot.press("tab")
            await pilot.pause()
        # the first choice, taken while the boards have the keys (as the Automa's step or, at a table, another
        # player's comes; Enter would only give the keys back): water drops, the map comes to the front
        screen.choose(game.prompt.choices[0].key)
        await pilot.pause()
        assert game.prompt.kind == "headstream_drop" and screen.query_one("#map").display
        assert screen.focused is None
        await pilot.press("down")
        assert screen.choice_list.index == 1


async def test_a_long_question_is_shown_whole(app_factory):
    game = Game.new(default_setup(2, 21))
    while game.prompt.kind != "action":
        game.choose(game.prompt.choices[0].key)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("2", "enter")
        await pilot.pause()
        header = game_screen(app).choice_list.header_text  # the rows the header takes
        assert len(header) > 3, header
        assert "Flow phase)." in "\n".join(header)


async def test_two_digits_typed_together_select_10_plus_however_late_the_second_is_handled(app_factory):
    """A busy app (a host under load) may handle a choice's second digit over a second after the first, though
    they were typed together: the digits are judged by when they were typed (the keys' own times)."""
    import time

    from textual import events

    from barrage_tui.ui.screens.game import TWO_DIGIT_WINDOW

    app = app_factory(game=action_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = events.Key("1", "1")
        app.post_message(first)  # (as the terminal driver does)
        await pilot.pause()
        second = events.Key("6", "6")
        second.time = first.time + 0.1  # typed a tenth of a second later...
        time.sleep(TWO_DIGIT_WINDOW + 0.2)  # ...and handled after a stall of the app
        app.post_message(second)
        await pilot.pause()
        assert game_screen(app).choice_list.index == 15
