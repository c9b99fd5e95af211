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
