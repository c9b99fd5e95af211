"""The format documentation stays true: its hand-written example loads, and it names every field."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.state import CompanyState, GameState
from saves import load_game, loads_game

from .helpers import HANDMADE

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "save-format.md"


def section(title: str) -> str:
    text = DOC.read_text()
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_the_readme_links_the_format():
    assert "docs/save-format.md" in (ROOT / "README.md").read_text()


def test_the_documented_handmade_position_loads_and_is_the_tests_one():
    block = re.search(r"```toml\n(.*?)```", section("## Writing a position by hand"), re.S).group(1)
    game = loads_game(block, "docs example")
    assert game.state == load_game(HANDMADE).state


def test_every_field_is_documented():
    documented = set(re.findall(r"`([a-z_]+)`", DOC.read_text()))
    for cls in (GameState, CompanyState, Setup, SeatSetup):
        missing = {f.name for f in fields(cls)} - documented
        assert not missing, f"{cls.__name__} fields not described in docs/save-format.md: {sorted(missing)}"
