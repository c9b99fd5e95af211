"""``board check`` on a board file edited to break one thing: refused with exactly one line (exit 1)."""

from __future__ import annotations

from barrage_tui.cli import main


def assert_refused(tmp_path, capsys, text: str, edit: tuple[str, str], message: str) -> None:
    """``text`` with ``edit`` (old, new; old found once) is refused with "<file>: ``message``" alone."""
    assert text.count(edit[0]) == 1, edit[0]
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(*edit))
    assert main(["board", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"{path}: {message}\n" and captured.out == ""
