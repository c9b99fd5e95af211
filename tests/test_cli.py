"""The command line: subcommands work, mistakes get a clear message and an exit status, no traceback."""

import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "barrage_tui", *args], capture_output=True, text=True, timeout=120)


def test_sim_plays_games_and_ends_with_its_summary_line():
    done = run("sim", "--games", "2", "--players", "3", "--seed", "5")
    assert done.returncode == 0
    assert done.stdout.strip().splitlines()[-1].startswith("games=2 errors=0 violations=0")


def test_unknown_flag_and_bad_values_are_refused_plainly():
    for args in (["--bogus"], ["sim", "--games", "x"], ["sim", "--players", "7"], ["sim", "--games", "0"],
                 ["--automa-delay", "-1"], ["--automa-delay", "soon"]):
        done = run(*args)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr
        assert "error:" in done.stderr


def test_sim_says_why_no_seat_count_fits_its_modules():
    # (it once blamed "--automa 0", a flag not given)
    done = run("sim", "--games", "1", "--modules", "extra_board")
    assert done.returncode == 2
    error = done.stderr.strip().splitlines()[-1]
    assert "--automa" not in error
    assert "at 5 seats, the board Barrage: the standard map is for 1 to 4 players" in error
    done = run("sim", "--games", "1", "--modules", "extra_board", "--board", "five")
    assert "5 seats need 5 companies and 4 are in play" in done.stderr


def test_sim_piped_into_a_reader_that_stops_early_ends_without_a_traceback():
    # (``barrage-tui sim ... | head -1``: here the reader is gone before the first line)
    done = subprocess.Popen([sys.executable, "-m", "barrage_tui", "sim", "--games", "3", "--no-check", "--jobs", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done.stdout.close()
    error = done.stderr.read()
    assert done.wait(timeout=120) == 141
    assert error == ""


def test_inspect_refuses_a_missing_file_in_one_line(tmp_path):
    done = run("inspect", str(tmp_path / "nope.toml"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_automa_delay_reaches_the_app(monkeypatch):
    from barrage_tui import cli
    from barrage_tui.ui import app

    seen = {}
    monkeypatch.setattr(app, "run_app", lambda **kw: seen.update(kw) or 0)
    assert cli.main(["--automa-delay", "0"]) == 0
    assert seen["automa_delay"] == 0.0


ESCAPES_TOML = "\\u001b[2J\\u001b]0;pwned\\u0007"  # clear the screen; set the window title
ESCAPES_SHOWN = "\\x1b[2J\\x1b]0;pwned\\x07"


def bad_save(path):
    """A save whose head (summary, setup) is sound, so that it is listed, but whose state holds an unknown
    field named with terminal escape codes."""
    from saves import save_game
    from tests.saves.helpers import game_at, random_game_log

    save_game(game_at(*random_game_log(2, 2, False), 20), path)
    path.write_text(path.read_text().replace("\n[state]\n", f'\n[state]\n"{ESCAPES_TOML}" = 1\n'))
    return path


def assert_shown_not_sent(done):
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    assert not any(ch in done.stderr for ch in "\x1b\x07")
    assert f'"{ESCAPES_SHOWN}": unknown field' in done.stderr


def test_load_and_continue_show_escape_codes_of_a_bad_save_as_text(tmp_path):
    path = bad_save(tmp_path / "bad.toml")
    assert_shown_not_sent(run("--load", str(path)))
    assert_shown_not_sent(run("inspect", str(path)))
    assert_shown_not_sent(run("--continue", "--save-dir", str(tmp_path)))


def test_escape_codes_in_arguments_are_shown_as_text():
    done = run("--bogus\x1b[2J")
    assert done.returncode == 2
    assert "--bogus\\x1b[2J" in done.stderr and "\x1b" not in done.stderr


def test_ctrl_c_is_one_line_and_status_130(monkeypatch, capsys):
    from barrage_tui import cli
    from barrage_tui.ui import app

    def interrupted(**kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "run_app", interrupted)
    try:
        status = cli.main(["--load", "x.toml"])
    except KeyboardInterrupt:  # (it would otherwise stop the whole test run)
        raise AssertionError("Ctrl+C escaped main: Python prints a traceback") from None
    assert status == 130
    assert capsys.readouterr().err == "barrage-tui: interrupted\n"
