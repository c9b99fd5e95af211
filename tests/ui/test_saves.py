"""Autosave after every decision, save as, continue and load, and plain messages for bad files."""

from __future__ import annotations

import saves
from barrage_tui.rules.game import Game
from barrage_tui.ui.app import run_app
from barrage_tui.ui.screens.start import StartScreen

from .conftest import choose, game_screen, make_app, screen_text, start_screen_ready
from .driver import default_setup


def save_files(tmp_path):
    return sorted((tmp_path / "saves").glob("*.toml"))


async def test_every_decision_is_autosaved(app_factory, tmp_path):
    app = app_factory(game=Game.new(default_setup(2, 12)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = game_screen(app).session.game
        for _ in range(3):
            await choose(pilot, game.prompt.choices[0].key)
        await pilot.pause()
        files = save_files(tmp_path)
        assert len(files) == 1 and files[0].name.startswith("autosave-")
        loaded = saves.load_game(files[0])
        assert loaded.state.to_dict() == game.state.to_dict()


async def test_a_decision_is_drawn_before_its_autosave_is_written(app_factory, tmp_path, monkeypatch):
    """The frame that shows a decision waits for no disk: the autosave is written right after it is drawn."""
    game = Game.new(default_setup(2, 12))
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        slot = saves.SaveStore(tmp_path / "saves").autosave_path(game)
        drawn = []  # (decisions taken, decisions on disk) at each frame written to the terminal
        display = type(app)._display

        def seen(self, *args, **kw):
            drawn.append((len(game.log), len(saves.load_game(slot).log)))
            return display(self, *args, **kw)

        monkeypatch.setattr(type(app), "_display", seen)
        screen.choose(game.prompt.choices[0].key)
        assert saves.load_game(slot).log != game.log  # not yet
        await pilot.pause()
        await pilot.pause()
        assert (1, 0) in drawn  # a frame showed the decision before the file had it
        assert saves.load_game(slot).log == game.log


async def test_a_decision_not_yet_saved_is_saved_when_the_app_quits(app_factory, tmp_path):
    game = Game.new(default_setup(2, 12))
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game_screen(app).choose(game.prompt.choices[0].key)
        app.exit()  # before the next frame
    slot = saves.SaveStore(tmp_path / "saves").autosave_path(game)
    assert len(game.log) == 1 and saves.load_game(slot).log == game.log


async def test_a_decision_is_saved_while_a_screen_covers_the_choices(app_factory, tmp_path):
    """A screen over the game (help asked for at once, the round's summary) leaves the choices unpainted: the game
    screen writes the save it owes when covered, not once it is shown again."""
    from barrage_tui.ui.screens.help import HelpScreen

    game = Game.new(default_setup(2, 12))
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.choose(game.prompt.choices[0].key)
        screen.action_help()  # (before the frame that would have shown the decision)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        slot = saves.SaveStore(tmp_path / "saves").autosave_path(game)
        assert saves.load_game(slot).log == game.log


async def test_a_new_game_is_saved_before_its_first_decision(app_factory, tmp_path):
    app = app_factory(game=Game.new(default_setup(2, 12)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        files = save_files(tmp_path)
        assert len(files) == 1 and files[0].name.startswith("autosave-")
        assert saves.load_game(files[0]).state == game_screen(app).session.game.state


async def save_with_s(pilot, name: str) -> None:
    """``s``, the name, Enter."""
    await pilot.press("s")
    await pilot.pause()
    await pilot.press(*name, "enter")
    await pilot.pause()


async def test_save_as_with_s(app_factory, tmp_path):
    app = app_factory(game=Game.new(default_setup(2, 12)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await save_with_s(pilot, "friday")
        assert (tmp_path / "saves" / "friday.toml").exists()
        assert isinstance(app.screen, type(game_screen(app)))


async def test_continue_from_the_start_screen(app_factory, tmp_path):
    game = Game.new(default_setup(2, 13))
    for _ in range(4):
        game.choose(game.prompt.choices[0].key)
    store = saves.SaveStore(tmp_path / "saves")
    store.autosave(game)
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_screen_ready(pilot)
        assert "Latest save" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        loaded = game_screen(app).session.game
        assert loaded.log[-len(game.log):] == game.log[-len(loaded.log):] or loaded.state.to_dict() == game.state.to_dict()
        assert loaded.state.to_dict() == game.state.to_dict()


async def load_from_the_list(app_factory, tmp_path, name: str, seed: int, ready: bool):
    """Save a game as ``name``, then `l` and Enter on the start screen: the game that opens."""
    saves.SaveStore(tmp_path / "saves").save_as(Game.new(default_setup(2, seed)), name)
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        await (start_screen_ready(pilot) if ready else pilot.pause())
        await pilot.press("l")
        await pilot.pause()
        assert name in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        return game_screen(app).session.game


async def test_load_lists_the_saves(app_factory, tmp_path):
    game = await load_from_the_list(app_factory, tmp_path, "first", 14, ready=True)
    assert game.setup.seed == 14


async def test_a_broken_save_gives_a_message_not_a_traceback(app_factory, tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("this is not a save = [\n")
    app = app_factory()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await start_screen_ready(pilot)
        app.open_save(bad)
        await pilot.pause(0.3)
        assert isinstance(app.screen, StartScreen)
        assert "Cannot open the save" in screen_text(app)


def test_the_command_line_refuses_a_bad_file_plainly(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")  # whatever terminal the tests run in
    bad = tmp_path / "broken.toml"
    bad.write_text("nonsense")
    assert run_app(load=str(bad), save_dir=str(tmp_path / "saves")) == 1
    err = capsys.readouterr().err
    assert err.startswith("barrage-tui: ") and "broken.toml" in err and "Traceback" not in err
    assert run_app(load=str(tmp_path / "missing.toml"), save_dir=str(tmp_path / "saves")) == 1
    assert run_app(resume=True, save_dir=str(tmp_path / "empty")) == 1
    assert "no saved game" in capsys.readouterr().err


async def test_load_works_before_the_start_screen_has_finished_loading(app_factory, tmp_path, monkeypatch):
    """A quick player presses `l` before the background load has filled in the saved games."""
    monkeypatch.setattr(StartScreen, "_load", lambda self: None)  # the background load never ends
    game = await load_from_the_list(app_factory, tmp_path, "early", 15, ready=False)
    assert game.setup.seed == 15


async def test_keys_typed_ahead_are_each_saved_before_the_next_is_handled(app_factory, tmp_path):
    """Keys typed faster than the screen repaints: every decision is on disk before the next key is
    handled (a kill -9 during a burst loses nothing the screen showed)."""
    from textual import events

    game = Game.new(default_setup(2, 12))
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        slot = saves.SaveStore(tmp_path / "saves").autosave_path(game)
        behind = []
        choose = game.choose

        def check_then_choose(key):  # the next decision: the previous ones must all be in the file
            on_disk = saves.load_game(slot).log
            if on_disk != game.log:
                behind.append(len(game.log) - len(on_disk))
            return choose(key)

        game.choose = check_then_choose
        for _ in range(12):  # all posted at once, as a terminal delivers a burst: no repaint in between
            app.post_message(events.Key("enter", "\r"))
        for _ in range(100):
            await pilot.pause(0.05)
            if len(game.log) >= 12:
                break
        assert len(game.log) == 12
        assert not behind, f"decisions not yet saved when the next key came: {behind}"
        await pilot.pause(0.2)  # the last one is saved a moment after the frame that shows it
        assert saves.load_game(slot).log == game.log


def warning(app) -> str:
    """The game screen's warning line ('' while it is hidden)."""
    line = game_screen(app).query_one("#save-warning")
    return str(line.render()) if line.display else ""


async def test_a_failing_autosave_is_shown_until_the_game_is_saved_elsewhere(app_factory, tmp_path):
    """The save folder cannot be used (here it is a file): a lasting warning says what is not saved; the
    quit dialog says so too and offers s to save elsewhere, a folder typed as a path; autosaves then go there."""
    from barrage_tui.ui.screens.dialogs import ConfirmScreen, SaveAsScreen

    (tmp_path / "saves").write_text("not a folder")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    game = Game.new(default_setup(2, 12))
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert warning(app).startswith("⚠ The game is not saved · s saves the game elsewhere · the autosave")
        assert "cannot create the save folder" in warning(app)  # why
        await choose(pilot, game.prompt.choices[0].key)
        assert "The game is not saved" in warning(app)  # never written: not only the last decision
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.detail.startswith("The game is not saved: the autosave fails (")
        assert "Save elsewhere (s)" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        assert "The save folder cannot be used" in screen_text(app)
        await pilot.press(*f"{elsewhere}/", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # the quit question again, with the truth now
        files = list(elsewhere.glob("*.toml"))
        assert len(files) == 1 and saves.load_game(files[0]).log == game.log
        assert app.screen.detail == f"The game is saved after every decision to {files[0]}; " \
                                    "barrage-tui --load resumes it."
        await pilot.press("n")
        await pilot.pause()
        assert warning(app) == ""
        await choose(pilot, game.prompt.choices[0].key)  # the next decision goes to the chosen file
        assert saves.load_game(files[0]).log == game.log and warning(app) == ""
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_decision_that_cannot_be_saved_is_counted(app_factory, tmp_path):
    """A loaded game whose autosave starts failing: the warning counts the decisions not on disk."""
    game = Game.new(default_setup(2, 12))
    game.choose(game.prompt.choices[0].key)
    path = tmp_path / "loaded.toml"
    saves.save_game(game, path)
    (tmp_path / "saves").write_text("not a folder")
    app = app_factory(game=saves.load_game(path), opened=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert warning(app) == ""  # nothing to save yet: the game is in its file
        loaded = game_screen(app).session.game
        await choose(pilot, loaded.prompt.choices[0].key)
        assert warning(app).startswith("⚠ The last decision is not saved ·")
        await choose(pilot, loaded.prompt.choices[0].key)
        assert warning(app).startswith("⚠ The last 2 decisions are not saved ·")


def older_and_newer(tmp_path):
    """A game saved as 'older' after 3 decisions and autosaved after 6: (older path, autosave path, game)."""
    store = saves.SaveStore(tmp_path / "saves")
    game = Game.new(default_setup(2, 16))
    for _ in range(3):
        game.choose(game.prompt.choices[0].key)
    older = store.save_as(game, "older")
    for _ in range(3):
        game.choose(game.prompt.choices[0].key)
    return older, store.autosave(game), game


async def open_older(app, pilot, older, answer: str):
    """Open the older save from the start screen, see the question, answer it."""
    from barrage_tui.ui.screens.dialogs import AskScreen

    await start_screen_ready(pilot)
    app.open_save(older)
    await pilot.pause()
    assert isinstance(app.screen, AskScreen)
    text = screen_text(app)
    assert "A newer autosave of this game exists" in text and "3 decisions" in text and "6 decisions" in text
    await pilot.press(answer)
    await pilot.pause()


async def test_an_older_save_offers_the_newer_autosave(app_factory, tmp_path):
    older, auto, game = older_and_newer(tmp_path)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_older(app, pilot, older, "n")
        playing = game_screen(app).session.game
        assert playing.log == game.log  # the newer game, all 6 decisions
        await choose(pilot, playing.prompt.choices[0].key)
    assert len(saves.load_game(auto).log) == 7
    assert len(saves.load_game(older).log) == 3  # the older save is left as it was


async def test_an_older_save_can_be_branched_into_its_own_slot(app_factory, tmp_path):
    older, auto, game = older_and_newer(tmp_path)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_older(app, pilot, older, "b")
        playing = game_screen(app).session.game
        assert playing.log == game.log[:3]
        await choose(pilot, playing.prompt.choices[1].key)
        branch = saves.SaveStore(tmp_path / "saves").autosave_path(playing)
    assert branch != auto
    assert saves.load_game(auto).log == game.log  # the newer game's autosave is untouched
    assert saves.load_game(branch).log == playing.log and len(playing.log) == 4


async def test_loading_an_older_save_on_the_command_line_asks_too(tmp_path):
    from barrage_tui.ui.screens.dialogs import AskScreen
    from barrage_tui.ui.storage import open_store

    older, auto, game = older_and_newer(tmp_path)
    app = make_app(tmp_path, store=open_store(tmp_path / "saves"), game=saves.load_game(older), opened=older)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AskScreen)
        await pilot.press("n")
        await pilot.pause()
        assert game_screen(app).session.game.log == game.log


async def test_the_latest_autosave_opens_without_a_question(app_factory, tmp_path):
    older, auto, game = older_and_newer(tmp_path)
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_screen_ready(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert game_screen(app).session.game.log == game.log


def test_save_as_takes_a_name_a_file_or_a_folder(tmp_path):
    from barrage_tui.ui import storage

    store = saves.SaveStore(tmp_path / "saves")
    game = Game.new(default_setup(2, 12))
    assert storage.save_as(store, game, "friday") == tmp_path / "saves" / "friday.toml"  # a name: the folder
    assert storage.save_as(store, game, f"{tmp_path}/copy") == tmp_path / "copy.toml"  # a file: .toml added
    folder = tmp_path / "usb"
    folder.mkdir()
    assert storage.save_as(store, game, str(folder)) == folder / store.autosave_path(game).name  # a folder
    try:
        storage.save_as(store, game, f"{tmp_path}/missing/x")
    except storage.SaveFailed as exc:
        assert "missing" in str(exc) and "\n" not in str(exc)
    else:
        raise AssertionError("a file in a folder that does not exist was written")
    assert not (tmp_path / "missing").exists()


async def test_the_start_screen_and_the_load_list_say_which_files_are_not_saves(app_factory, tmp_path):
    folder = tmp_path / "saves"
    saves.SaveStore(folder).save_as(Game.new(default_setup(2, 3)), "good")
    (folder / "junk.toml").write_text("a." * 2000 + "a = 1\n")  # a parser bomb: refused before parsing
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_screen_ready(pilot)
        text = screen_text(app)
        assert "Latest save" in text and "Skipped 1 file(s) that are not saves: junk.toml" in text
        await pilot.press("l")
        await pilot.pause()
        listed = screen_text(app)
        assert "good" in listed and "Skipped junk.toml: " in listed and "dotted parts" in listed


async def test_saving_over_an_existing_name_asks_first(app_factory, tmp_path):
    folder = tmp_path / "saves"
    saves.SaveStore(folder).save_as(Game.new(default_setup(2, 5)), "friday")
    before = (folder / "friday.toml").read_bytes()
    app = app_factory(game=Game.new(default_setup(2, 12)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await save_with_s(pilot, "friday")
        assert "Replace friday.toml?" in screen_text(app)
        await pilot.press("n")  # keep the other save
        await pilot.pause()
        assert (folder / "friday.toml").read_bytes() == before
        await save_with_s(pilot, "friday")
        await pilot.press("y")
        await pilot.pause()
        assert saves.load_game(folder / "friday.toml").setup.seed == 12


def test_a_save_folder_that_is_a_file_is_refused_before_the_game_starts(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    (tmp_path / "saves").write_text("not a folder")
    for args in ({}, {"resume": True}):
        assert run_app(save_dir=str(tmp_path / "saves"), **args) == 2
        err = capsys.readouterr().err
        assert err.startswith("barrage-tui: --save-dir ") and "is a file, not a folder" in err
    assert run_app(save_dir=str(tmp_path / "saves" / "inner")) == 2
    assert "is a file" in capsys.readouterr().err
