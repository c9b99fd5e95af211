"""Setting up a game with Automas (reference automa.md section 2)."""

import pytest

from barrage_tui.rules.components import BASE_OFFICERS, PROMO_OFFICERS, components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup, SetupError, new_state
from tests.rules.test_data import edited_data  # noqa: F401 - the fixture


def seats(*kinds, level="medium"):
    return tuple(SeatSetup(f"S{i}", kind, difficulty=level if kind == "automa" else "")
                 for i, kind in enumerate(kinds))


def test_an_automa_starts_with_16_vp_no_credits_no_contract_and_no_chief_engineer():
    st = new_state(Setup(seats=seats("human", "automa"), seed=3))
    human, automa = st.companies
    assert (automa.vp, automa.credits, automa.contracts, automa.officer) == (16, 0, [], "none")
    assert (automa.excavators, automa.mixers, automa.engineers) == (6, 4, 12)
    assert (human.vp, human.credits) == (10, 6) and human.officer in BASE_OFFICERS + PROMO_OFFICERS
    assert automa.difficulty == "medium" and automa.kind == "automa"


def test_only_the_humans_pick_starting_contracts_and_the_automas_play_first_in_round_1():
    st = new_state(Setup(seats=seats("human", "automa", "human", "automa"), seed=3))
    assert st.pick_order == [0, 2] and len(st.starting_offer) == 2
    assert st.turn_order == [1, 3, 2, 0]


def test_the_automas_count_as_companies_for_the_national_contracts():
    assert len(new_state(Setup(seats=seats("human", "automa", "automa"), seed=3)).national) == 2


def test_the_deck_of_20_cards_is_shuffled_and_nothing_is_flipped_yet():
    st = new_state(Setup(seats=seats("human", "automa"), seed=3))
    assert sorted(st.automa_draw) == list(range(1, 21)) and st.automa_discard == []
    assert st.automa_draw != list(range(1, 21))
    assert new_state(Setup(seats=seats("human", "human"), seed=3)).automa_draw == []


def test_a_very_hard_automa_gets_a_chief_engineer_chosen_or_drawn():
    st = new_state(Setup(seats=(SeatSetup("P"), SeatSetup("A", "automa", difficulty="very_hard")), seed=5))
    assert st.companies[1].officer in BASE_OFFICERS + PROMO_OFFICERS
    st = new_state(Setup(seats=(SeatSetup("P", officer="jill"),
                                SeatSetup("A", "automa", officer="tommaso", difficulty="very_hard")), seed=5))
    assert st.companies[1].officer == "tommaso" and st.companies[1].architect and st.companies[1].engineers == 11


@pytest.mark.parametrize("setup, message", [
    (Setup(seats=seats("human", "automa"), introductory=True), "introductory"),
    (Setup(seats=seats("automa", "automa", "automa", "automa")), "at most 3"),
    (Setup(seats=seats("human", "automa", level="impossible")), "difficulty"),
    (Setup(seats=(SeatSetup("P"), SeatSetup("A", "automa", officer="jill", difficulty="hard"))), "Very Hard"),
])
def test_setups_the_automa_cannot_play(setup, message):
    with pytest.raises(SetupError, match=message):
        new_state(setup)


def test_the_difficulty_defaults_to_medium():
    st = new_state(Setup(seats=(SeatSetup("P"), SeatSetup("A", "automa")), seed=1))
    assert st.companies[1].difficulty == "medium"


def test_any_mix_of_humans_and_automas_up_to_four_seats_starts_with_the_automas():
    for kinds in (("automa",), ("automa", "automa", "automa"), ("human", "human", "automa", "automa")):
        game = Game.new(Setup(seats=seats(*kinds), seed=2))
        first = game.state.turn_order[0]
        assert game.state.companies[first].kind == "automa"
        assert game.prompt.kind == "automa" and game.prompt.seat == first or game.prompt.kind in ("matchup", "starting_contract")


def test_the_state_with_automa_fields_survives_a_dict_round_trip():
    from barrage_tui.rules.state import GameState

    st = new_state(Setup(seats=seats("human", "automa"), seed=3))
    assert GameState.from_dict(st.to_dict()) == st


# ---------------------------------------------------------------- who an Automa may be: one home


def _all_modules():
    """Every module that brings companies or officers in (not those with seat counts of their own: the Duel's
    two, the extra action board's five)."""
    from barrage_tui.rules.setup import MODULES_OPTION, known_modules

    return {MODULES_OPTION: sorted(m for m, facts in known_modules().items() if facts.seats is None)}


def test_the_automas_data_does_not_say_who_it_may_play_the_rules_core_does():
    from automa.cards import load

    data = load("officers")
    assert not [e["id"] for e in data["company"] + data["officer"]
                if {"automa_playable", "automa_compatible"} & set(e)]


@pytest.mark.parametrize("company", sorted(components().companies))
def test_every_company_the_rules_core_lets_an_automa_play_is_set_up_and_played(company):
    import automa
    from barrage_tui.rules.sim import play_random

    playable = components().companies[company].automa_playable
    setup = Setup(seats=(SeatSetup("A", "automa", company=company, difficulty="hard"), SeatSetup("B")), seed=2,
                  options=_all_modules())
    if not playable:
        with pytest.raises(SetupError, match="automa_playable"):
            setup.validate()
        return
    result = play_random(setup, 2, check=True, attach=automa.attach)
    assert not result.error and not result.violations and result.state.round == 5


def test_a_company_or_officer_marked_not_playable_is_refused_and_never_dealt_to_an_automa(edited_data):
    from barrage_tui.rules.officers import OFFICERS

    edited_data("companies", lambda d: next(c for c in d["company"] if c["id"] == "china").update(
        automa_playable=False))
    edited_data("officers", lambda d: next(o for o in d["officer"] if o["id"] == "angelo").update(
        automa_playable=True))
    assert OFFICERS["angelo"].automa_ready  # read from the data, not written in the code
    with pytest.raises(SetupError, match="'china'"):
        Setup(seats=(SeatSetup("A", "automa", company="china"), SeatSetup("B")), options=_all_modules()).validate()
    dealt = {new_state(Setup(seats=seats("automa", "automa", "automa", "human"), seed=s,
                             options=_all_modules())).companies[i].company for s in range(40) for i in range(3)}
    assert "china" not in dealt and "brazil" in dealt
