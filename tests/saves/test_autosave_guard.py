"""The app never writes a save it would refuse to open (issue 19, item 8): if play ever reaches such a
position, the autosave keeps the last good file and the player is told (the game screen's warning line
shows ``Session.save_error``)."""

from __future__ import annotations

import pytest

from barrage_tui.rules.game import Game
from barrage_tui.rules.validation import MAX_VP
from barrage_tui.ui.session import Session
from saves import SaveError, SaveStore, load_game, save_game

from .helpers import game_at, random_game_log


def a_session(tmp_path) -> Session:
    setup, keys = random_game_log(8, 2, False)
    session = Session(game_at(setup, keys, 30), SaveStore(tmp_path))
    session.autosave()
    assert session.save_error == ""
    return session


def past_the_bound(game: Game) -> None:
    """What a rule bug could do: a count beyond what any save may hold."""
    game.state.companies[0].vp = MAX_VP + 1


def test_the_autosave_keeps_the_last_good_save_and_says_why(tmp_path):
    session = a_session(tmp_path)
    game = session.game
    slot = session.store.autosave_path(game)
    good = slot.read_bytes()
    past_the_bound(game)
    session.choose(game.prompt.choices[0].key)
    assert slot.read_bytes() == good  # not replaced by a file its loader refuses
    assert len(load_game(slot).log) == len(game.log) - 1
    assert "is not written: the game reached a position its save would be refused for " in session.save_error
    assert "state.companies[0].vp: 1001 is out of range (must be from 0 to 1000)" in session.save_error
    assert session.not_saved() == "The last decision is not saved"
    assert "\n" not in session.save_error


def test_save_as_refuses_the_same_and_leaves_the_file(tmp_path):
    session = a_session(tmp_path)
    past_the_bound(session.game)
    target = tmp_path / "elsewhere.toml"
    target.write_text("the old file")
    with pytest.raises(SaveError, match="is not written"):
        save_game(session.game, target)
    assert target.read_text() == "the old file"
