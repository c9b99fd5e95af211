"""An Automa playing Japan (The Overseas Companies): it builds by Japan's rules - an Elevation raises one of
its dams when it can, else stands without a Base - and produces through Japan's chains where its level
gives it the company ability (Hard and above); whole games with a Japanese Automa end without error."""

import pytest

import automa
from automa.boxes import construction as construction_box
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.sim import play_random
from barrage_tui.rules.state import DamState

from .helpers import AUTOMA, HUMAN, NEUTRAL, automa_game, clear_map, decide, ops, put_conduit, put_dam, \
    put_powerhouse, set_cards, view

CARD_5 = 5  # action side: Production first (2 Engineers, green)
DIRECT = "system:B5L:C5L:P8_0"
BOTTOM_LEFT = "system:B5L:C5L:P11_0:P8_0:B8L:C8L"


def worked_example(level: str):
    """The box's example with the Automa as Japan: a neutral dam with 2 drops, its value-3 conduit to the
    Automa's powerhouse in valley 8, the Automa's dam there, and the human's value-3 conduit on to the
    Automa's powerhouse in valley 11 (its third: the ability is in force where the level has it)."""
    game = automa_game(level=level, company="japan")
    clear_map(game)
    st = game.state
    st.private_display = {"green": [209, 213], "yellow": [310, 311], "red": [406, 400]}
    st.national = [104]
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)
    put_conduit(game, "C5L", AUTOMA)
    put_dam(game, "B8L", AUTOMA)
    put_conduit(game, "C8L", HUMAN)
    for space in ("P8_0", "P9_0", "P11_0"):
        put_powerhouse(game, space, AUTOMA)
    set_cards(game, action=CARD_5, criteria=1)
    return automa.attach(type(game)(game.setup, game.state))


def test_a_hard_automa_as_japan_produces_through_its_best_chain_and_pays_the_conduit_in_vp():
    game = worked_example("hard")
    human_vp = game.state.companies[HUMAN].vp
    choice = decide(game)
    assert f"={BOTTOM_LEFT}" in ops(choice)
    game.choose(choice.key)
    assert game.state.dams["B5L"].drops == 0
    assert game.state.companies[HUMAN].vp >= human_vp + 2  # 2 drops through its conduit: 1 VP each (and more)


def test_a_medium_automa_as_japan_has_no_ability_so_no_chain():
    game = worked_example("medium")
    choice = decide(game)
    assert not any(op.startswith("=system:") and op.count(":") > 3 for op in ops(choice))


def test_its_elevation_raises_one_of_its_dams_before_it_stands_one_without_a_base():
    game = automa_game(level="hard", company="japan")
    clear_map(game)
    company = game.state.companies[AUTOMA]
    company.excavators = 10
    v = view(game, 1)
    fresh = construction_box.plan(v, "elevation")
    assert fresh.space not in game.state.dams  # no dam yet: an Elevation without a Base
    put_dam(game, "B9L", AUTOMA)
    raised = construction_box.plan(view(game, 1), "elevation")
    assert raised.space == "B9L" and raised.payment.excavators == 2 and raised.payment.mixers == 0


def test_a_base_less_dam_is_never_raised_by_the_automa():
    game = automa_game(level="hard", company="japan")
    clear_map(game)
    game.state.dams["B9L"] = DamState(owner=AUTOMA, height=1, base=False)
    game.state.companies[AUTOMA].pieces["elevation"] -= 1
    game.state.companies[AUTOMA].excavators = 10
    assert construction_box.plan(view(game, 1), "elevation").space != "B9L"


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "very_hard"])
def test_whole_games_with_a_japanese_automa_end_without_error_or_violation(level):
    officer = "octavius" if level == "very_hard" else ""
    setup = Setup((SeatSetup("P1", company="germany", officer="viktor"),
                   SeatSetup("A", "automa", "japan", officer, level),
                   SeatSetup("P3", company="usa", officer="graziano")), seed=30)
    result = play_random(setup, 7, check=True, attach=automa.attach)
    assert not result.error and not result.violations, result.error or result.violations
    assert result.scores


def test_a_whole_game_of_a_person_as_japan_against_the_automa_ends_without_error():
    setup = Setup((SeatSetup("P1", company="japan", officer="octavius"),
                   SeatSetup("A", "automa", "italy", "", "hard")), seed=31)
    result = play_random(setup, 8, check=True, attach=automa.attach)
    assert not result.error and not result.violations, result.error or result.violations
