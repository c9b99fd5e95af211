"""The Automa and the China Challenge (Decisions in automa/boxes/construction.py and patent_office.py): it
never builds a landscape nor takes a China advanced tile; China's scoring tiles count for it as for a person."""

from __future__ import annotations

from automa.boxes.patent_office import choose_slot
from barrage_tui.rules import buildable, construction, scoring
from barrage_tui.rules.modules.china import data as landscape_data
from barrage_tui.rules.modules.china import rules as china_rules
from barrage_tui.rules.automa_levels import AUTOMA
from barrage_tui.rules.modules.china import china

from ..rules.helpers import own
from ..rules.landscape_setup import landscape_game


def automa_seat(game) -> int:
    seat = game.prompt.seat
    game.state.companies[seat].kind = AUTOMA
    game.state.companies[seat].difficulty = "hard"
    return seat


def test_an_automa_is_offered_no_landscape_even_with_the_tile_and_the_machinery():
    game = landscape_game()
    seat = automa_seat(game)
    own(game, seat, "base", "H2L")
    game.state.companies[seat].mixers = 10
    assert "landscape" in game.state.companies[seat].tiles
    assert "tile:landscape" not in buildable.build_plan(game, seat, 99)


def test_the_automas_patent_office_never_takes_a_china_tile():
    game = landscape_game()
    game.state.patent_offer = ["CHINA_3", "", ""]
    assert choose_slot(game.state, "base") is None
    game.state.patent_offer = ["CHINA_3", "L1_BASE", ""]
    assert choose_slot(game.state, "base") == 2


def test_chinas_tiles_and_the_second_objective_score_for_an_automa_without_its_extra():
    game = landscape_game()
    seat = automa_seat(game)
    other = 1 - seat
    china(game.state).built["B1"] = other
    assert scoring.bonus_count(game, seat, "landscapes") == 0 and scoring.bonus_count(game, other, "landscapes") == 1
    own(game, seat, "base", "M1U")  # the Automa leads on red-outlined spaces
    china(game.state).objective_chosen = 1
    before = game.state.companies[seat].vp
    china_rules.final_scoring(game)
    assert game.state.companies[seat].vp - before == 15  # no +5: that is for the game's objective only
    assert landscape_data.end_game_vp(game, seat) == []
