"""The Automa pays VP where a human pays credits and gains VP where a human gains credits; its VP may go below
0 (reference automa.md 4.4); round end and game end (8.2, 8.3)."""

from functools import partial

from barrage_tui.rules import scoring
from barrage_tui.rules.build_costs import Payment
from barrage_tui.rules.invariants import violations

from .helpers import AUTOMA, HUMAN, automa_game


def test_credits_become_vp_both_ways_and_the_automa_never_holds_credits():
    game = automa_game()
    a = game.state.companies[AUTOMA]
    game.gain_credits(AUTOMA, 5)
    game.pay_credits(AUTOMA, 3)
    assert (a.vp, a.credits) == (18, 0)
    assert a.vp_by_source["credits"] == 2


def test_its_vp_may_go_below_zero_a_humans_may_not():
    game = automa_game()
    game.pay_credits(AUTOMA, 20)
    game.gain_vp(HUMAN, -20, "test")
    assert game.state.companies[AUTOMA].vp == -4 and game.state.companies[HUMAN].vp == 0
    assert not violations(game)


def test_a_human_still_pays_credits():
    game = automa_game()
    game.pay_credits(HUMAN, 2)
    assert game.state.companies[HUMAN].credits == 4 and game.state.companies[HUMAN].vp == 10


def test_what_an_automa_pays_reads_as_vp():
    game = automa_game()
    assert (game.money(AUTOMA, 3), game.money(HUMAN, 3), game.money(HUMAN, 1)) == ("3 VP", "3 credits", "1 credit")
    pay = Payment(excavators=0, mixers=1, credits=3)  # machinery replaced by credits (Solomon's), on a red space
    assert pay.words(partial(game.money, AUTOMA), fee=3) == "1 mixer + 3 VP + 3 VP for the red outline"
    assert pay.label == "1 mixer + 3 credits"


def test_an_automa_can_always_pay():
    game = automa_game()
    assert game.spendable_credits(AUTOMA) > 1000 and game.spendable_credits(HUMAN) == 6


def test_round_end_credits_as_vp_and_zero_energy_nets_nothing():
    game = automa_game()
    st = game.state
    st.companies[AUTOMA].energy = 0
    st.companies[HUMAN].energy = 0
    vp = st.companies[AUTOMA].vp
    scoring.score_round(game)
    assert st.companies[AUTOMA].vp == vp  # +3 credits as VP, -3 VP
    st.companies[AUTOMA].energy = 12
    vp = st.companies[AUTOMA].vp
    rows = scoring.score_round(game)
    credits = next(r[2] for r in rows if r[0] == AUTOMA)
    assert st.companies[AUTOMA].vp == vp + 6 + credits + next(r[3] for r in rows if r[0] == AUTOMA)
    assert st.companies[AUTOMA].credits == 0


def objective_awards(quantities, automas):
    game = automa_game()
    st = game.state
    from barrage_tui.rules.automa_levels import objective_extra

    while len(st.companies) < len(quantities):
        st.companies.append(type(st.companies[0])(seat=len(st.companies), player="x", kind="human",
                                                  company="france", officer="jill"))
    for c in st.companies:
        c.kind = "automa" if c.seat in automas else "human"
    awards = scoring.rank_awards(quantities, game.objective_vp_table())
    for seat, extra in objective_extra(game, quantities).items():
        awards[seat] = awards.get(seat, 0) + extra
    return awards


def test_the_objective_tile_gives_an_automa_20_15_10():
    assert objective_awards({0: 5, 1: 3}, automas={0}) == {0: 20, 1: 10}
    assert objective_awards({0: 5, 1: 3}, automas={1}) == {0: 15, 1: 15}
    assert objective_awards({0: 5, 1: 4, 2: 3}, automas={2}) == {0: 15, 1: 10, 2: 10}


def test_objective_ties_share_the_human_values_then_add_5():
    # Two tied for 3rd: ceil(5 / 2) + 5 = 8 for the Automa (reference 8.3, 12 #31).
    assert objective_awards({0: 9, 1: 7, 2: 3, 3: 3}, automas={3}) == {0: 15, 1: 10, 2: 3, 3: 8}


def test_an_automa_past_third_place_gets_nothing_extra():
    assert objective_awards({0: 9, 1: 7, 2: 5, 3: 1}, automas={3}) == {0: 15, 1: 10, 2: 5, 3: 0}
