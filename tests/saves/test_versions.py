"""Files of an older format version still load and play on."""

from __future__ import annotations

import random

import pytest
from pathlib import Path

from barrage_tui.rules.setup import DRAFT_OPTION
from saves import load_game, save_game

# Saved by the version before the setup draft (format version 1): 40 choices into a 3-player full game
# whose seats were dealt their company + chief engineer pairs.
BEFORE_THE_DRAFT = Path(__file__).parent / "data" / "version-1-before-the-draft.toml"


def test_a_game_saved_before_the_draft_loads_and_plays_on(tmp_path):
    before = BEFORE_THE_DRAFT.read_bytes()
    game = load_game(BEFORE_THE_DRAFT)
    assert len(game.log) == 40 and game.state.drafting == []
    assert game.setup.options[DRAFT_OPTION] is False
    r = random.Random(1)
    for _ in range(30):
        game.choose(r.choice(game.prompt.choices).key)
    again = tmp_path / "again.toml"
    save_game(game, again)  # written in the new version, still without the draft
    assert "version = 4\n" in again.read_text()
    assert load_game(again).state == game.state
    assert BEFORE_THE_DRAFT.read_bytes() == before


def test_a_new_game_drafts(tmp_path):
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.setup import SeatSetup, Setup

    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3))
    path = tmp_path / "new.toml"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.state.drafting == [0, 1] and loaded.prompt.kind == "matchup"


# Saved by format version 3 (the commit before the modules' states moved into their own tables): a game of
# each module, mid-game, with the module's state in use (tests/golden.py's setups, random choices).
VERSION_3 = sorted((Path(__file__).parent / "data").glob("version-3-*.toml"))


def _flat_module_fields(path: Path) -> dict[str, object]:
    """The version 3 file's state fields that a module's state holds now, by their old names."""
    import tomllib

    from barrage_tui.rules.plugin import registered

    old = {name for m in registered().values() for name in m.old_fields}
    with path.open("rb") as fh:
        return {k: v for k, v in tomllib.load(fh)["state"].items() if k in old}


def test_there_is_a_version_3_save_of_every_module_that_keeps_a_state():
    from barrage_tui.rules.plugin import registered

    kept = {m.id for m in registered().values() if m.old_fields}
    found = {m.id for path in VERSION_3 for m in registered().values()
             if set(m.old_fields) & set(_flat_module_fields(path))}
    assert kept and kept <= found


@pytest.mark.parametrize("path", VERSION_3, ids=lambda p: p.stem)
def test_a_version_3_save_of_a_module_loads_into_its_namespace_and_plays_on(tmp_path, path):
    from automa import attach
    from barrage_tui.rules.invariants import violations
    from barrage_tui.rules.plugin import registered

    before = path.read_bytes()
    game = load_game(path, attach=attach)
    flat = _flat_module_fields(path)
    for module in registered().values():  # each old field's value is now the module's own field's
        for old, new in module.old_fields.items():
            if old in flat:
                assert getattr(game.state.modules[module.id], new) == flat[old], (old, new)
    r = random.Random(2)
    for _ in range(40):
        if game.prompt is None:
            break
        game.choose(r.choice(game.prompt.choices).key if game.prompt.choices else game.prompt.keys()[0])
        assert violations(game) == []
    again = tmp_path / "again.toml"
    save_game(game, again)
    text = again.read_text()
    assert "version = 4\n" in text and not any(f"\n{old} =" in text for old in flat)
    assert load_game(again, attach=attach).state == game.state
    assert path.read_bytes() == before
