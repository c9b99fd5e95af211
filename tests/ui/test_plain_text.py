"""Text from a person, a path or a file is shown as it is: never read as markup, its control characters
made visible (a name or a save's value could otherwise clear the screen or set the window title)."""

from __future__ import annotations

import saves
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.ui.screens.start import StartScreen
from barrage_tui.ui.widgets.textutil import plain, shown, visible

from .conftest import game_screen, hotseat, make_app, screen_text, start_screen_ready

ESCAPES = "\x1b[2J\x1b]0;pwned\x07"  # clear the screen; set the window title
ESCAPES_SHOWN = "\\x1b[2J\\x1b]0;pwned\\x07"


def toasts(messages: list) -> list[str]:
    """The notifications among the messages an app handled (run_test's message_hook)."""
    return [m.notification.message for m in messages if type(m).__name__ == "Notify"]


def test_control_characters_are_shown_as_escapes():
    assert visible(f"Ann{ESCAPES}\n\u202e") == f"Ann{ESCAPES_SHOWN}\\n\\u202e"
    assert plain("[/]").plain == "[/]" and not plain("[b]x[/b]").spans
    from rich.text import Text

    line = Text("a", style="bold") + Text("\x1bb", style="red")
    assert shown(line).plain == "a\\x1bb"
    assert shown(line).spans[-1].style == "red"  # the escape keeps its style


async def test_a_seat_named_like_markup_starts_and_is_listed_as_typed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 40)) as pilot:
        start = await start_screen_ready(pilot)
        await hotseat(pilot, start)
        start.query_one("#name-0").focus()
        await pilot.press("ctrl+u", "[", "/", "]")
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).session.game
        assert "[/]" in [c.player for c in game.state.companies]
        while game.state.companies[game.prompt.seat].player != "[/]":
            await pilot.press("enter")  # the other seat picks first
            await pilot.pause()
        assert "▶▶ [/] (" in screen_text(app)  # the banner: its turn
    app = make_app(tmp_path)  # a plain launch while that game is the latest save
    async with app.run_test(size=(160, 40)) as pilot:
        await start_screen_ready(pilot)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "Latest save" in screen_text(app) and "[/] (" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert "[/] (" in screen_text(app)  # the list of saves


async def test_a_save_folder_named_like_markup_is_quoted_plainly(tmp_path):
    odd = tmp_path / "odd[" / "]x"  # the save folder is .../odd[/]x/saves
    folder = odd / "saves"
    messages: list = []
    app = make_app(odd)
    async with app.run_test(size=(120, 40), notifications=True, message_hook=messages.append) as pilot:
        await start_screen_ready(pilot)
        await pilot.press("l")  # no saves yet: a toast names the folder
        await pilot.pause()
        assert f"No saved games in {folder}." in toasts(messages)
        game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3))
        path = saves.SaveStore(folder).autosave(game)
        broken = path.read_text().replace("[state]\nseats = 2", "[state]\nseats = 7")
        path.write_text(broken)  # listed (its head is whole), but it cannot be loaded
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert str(folder) in toasts(messages)[-1], toasts(messages)  # "Cannot open the save": its path


async def test_escape_codes_in_a_save_are_shown_not_obeyed(tmp_path):
    """A player's name with ESC[2J and ESC]0;...BEL, from a save: on the start screen, in the list, on
    the game screen, in the help; and a refusal quoting a key with them, in its toast."""
    game = Game.new(Setup(seats=(SeatSetup(f"Ann{ESCAPES}"), SeatSetup("Bob")), seed=3))
    saves.SaveStore(tmp_path / "saves").autosave(game)
    messages: list = []
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 50), notifications=True, message_hook=messages.append) as pilot:
        await start_screen_ready(pilot)
        await pilot.pause()
        for step in ("start", "l", "enter", "question_mark"):
            if step != "start":
                await pilot.press(step)
                await pilot.pause()
            text = screen_text(app)
            assert "\x1b" not in text and "\x07" not in text, step
            # (Rich itself drops BEL, backspace, VT, FF and CR from the game screen's lines; ESC is shown)
            assert "Ann\\x1b[2J\\x1b]0;pwned" in text, step
        await pilot.press("escape")
        await pilot.pause()
        bad = tmp_path / "bad.toml"
        bad.write_text(f'"{ESCAPES}" = 1\n')
        app.open_save(bad)
        await pilot.pause()
        said = toasts(messages)[-1]
        assert "\x1b" not in said and "\\x1b" in said


def test_a_hand_edited_summary_is_not_described(tmp_path):
    """The list of saves trusts a summary only as barrage-tui wrote it (issue 19): an edited one, here naming
    an unknown company in markup, is neither shown nor a crash; the game its file holds is."""
    from barrage_tui.ui.storage import describe

    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3))
    path = saves.SaveStore(tmp_path).autosave(game)
    path.write_text(path.read_text().replace('companies = ["italy", "germany"]', 'companies = ["[/]", "germany"]'))
    (info,) = saves.SaveStore(tmp_path).list()
    assert "A (Italy), B (Germany)" in describe(info)
