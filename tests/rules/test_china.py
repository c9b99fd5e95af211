"""The China company (seed 002 "Chinese Company"; reference sammelbecken.md 1.9) on the base map: pressure
pipelines (+1 value for every user, 1 Mixer more to build, a fee per drop rising with China's Conduits
built) and its four Powerhouse pieces (fixed costs, built in any order, each with its own ability), the
rulebook's worked example, its data, saves and the module that puts it in the pool."""

import pytest

from saves import loads_game
from saves.codec import dumps
from barrage_tui.rules import build_costs, build_tiles, company_board, construction, production
from barrage_tui.rules.components import components
from barrage_tui.rules.engine.decisions import PromptKind
from barrage_tui.rules.invariants import violations
from barrage_tui.rules.setup import base_companies, MODULES_OPTION, SeatSetup, Setup, company_pool, known_modules
from barrage_tui.rules.sim import play_random
from barrage_tui.rules.state import NEUTRAL, GameState
from barrage_tui.rules.validation import InvalidState, check_state

from .helpers import drive, empty_map_game, play, put_conduit, put_dam, put_powerhouse, restart
from .test_data import _row, edited_data  # noqa: F401 - the fixture
from .test_geology import geo_game

CHINA, OTHER = 0, 1


def run(gen, **answers):
    """Run a rules generator, answering each prompt by its kind (a lone choice is taken without asking)."""
    try:
        prompt = next(gen)
        while True:
            prompt = gen.send(answers[prompt.kind])
    except StopIteration:
        pass


def produce(game, seat, system, drops):
    run(production.produce(game, seat, 0), system=system, production_drops=f"drops:{drops}")


def china_game(**supply):
    """China (seat 0) and Italy on an empty map, China to act, rich in machinery and credits unless told."""
    game, _ = empty_map_game(("china", "italy"), ("graziano", "wilhelm"), **supply)
    c = game.state.companies[CHINA]
    c.machinery_gained = [c.excavators, c.mixers]
    return restart(game), c


def with_conduits(game, n):
    """China has built ``n`` Conduits, C5R (printed 4, into zone 10) the last; none of the others in zone 5."""
    for space in ("C1L", "C2L", "C3L", "C4L")[:n - 1]:
        put_conduit(game, space, CHINA)
    put_conduit(game, "C5R", CHINA)


def other_produces(game, drops=2):
    """Italy produces ``drops`` drops from its dam B5L through C5R into its powerhouse P10_0. Returns the
    Energy it made, what it paid and what China got (credits, VP)."""
    st = game.state
    me, them = st.companies[OTHER], st.companies[CHINA]
    before = (me.energy, me.credits, them.credits, them.vp)
    produce(game, OTHER, "system:B5L:C5R:P10_0", drops)
    return (me.energy - before[0], before[1] - me.credits, them.credits - before[2], them.vp - before[3])


def other_system(game, n):
    with_conduits(game, n)
    put_dam(game, "B5L", OTHER, height=2, drops=2)
    put_powerhouse(game, "P10_0", OTHER)
    return game


# ---------------------------------------------------------------- pressure pipelines

def test_worked_example_4th_conduit_printed_4_two_drops_make_10_pay_4_credits_and_china_scores_4():
    game, _ = china_game()
    other_system(game, 4)
    assert production.conduit_value(game, "C5R") == 5
    assert other_produces(game) == (10, 4, 4, 4)
    assert not violations(game)


@pytest.mark.parametrize("built, credits, vp", [(1, 2, 2), (2, 4, 2), (3, 4, 2), (4, 4, 4), (5, 4, 4)])
def test_the_fee_per_drop_rises_from_the_2nd_conduit_in_credits_and_from_the_4th_in_vp(built, credits, vp):
    game, _ = china_game()
    other_system(game, built)
    assert other_produces(game)[1:] == (credits, credits, vp)


def test_china_itself_pays_nothing_and_gets_the_plus_1_on_its_own_conduit():
    game, c = china_game()
    with_conduits(game, 1)
    put_dam(game, "B5L", CHINA, drops=1)
    put_powerhouse(game, "P10_0", CHINA)
    game.state.powerhouse_pieces["P10_0"] = 1  # the 2-Mixer piece: no ability
    credits, vp = c.credits, c.vp
    produce(game, CHINA, "system:B5L:C5R:P10_0", 1)
    assert (c.energy, c.credits, c.vp) == (5, credits, vp)


def test_another_companys_conduit_keeps_the_base_fee_and_value():
    game, c = china_game()
    put_conduit(game, "C5R", OTHER)
    put_dam(game, "B5L", CHINA, drops=1)
    put_powerhouse(game, "P10_0", CHINA)
    game.state.powerhouse_pieces["P10_0"] = 1
    credits = c.credits
    produce(game, CHINA, "system:B5L:C5R:P10_0", 1)
    assert (c.energy, c.credits) == (4, credits - 1)


def test_the_choice_shows_the_raised_value_and_the_fee_per_drop():
    game, _ = china_game()
    other_system(game, 2)
    system = production.systems(game, OTHER, 0)[0]
    choice = production.system_choice(game, OTHER, system, 0, False)
    assert choice.data["fee_per_drop"] == 2 and choice.data["energy"] == 10
    assert "value 5" in choice.label and "2/drop" in choice.label


def test_a_drop_is_offered_only_as_far_as_the_fee_can_be_paid():
    game, _ = china_game()
    other_system(game, 2)
    game.state.companies[OTHER].credits = 3  # 2 credits per drop: 1 drop only
    system = production.systems(game, OTHER, 0)[0]
    assert production.max_drops(game, OTHER, system) == 1
    game.state.companies[OTHER].credits = 4
    assert production.max_drops(game, OTHER, system) == 2


def test_chinas_plus_1_stacks_with_geological_token_6():
    game, _ = geo_game({5: 6}, companies=("china", "italy"), officers=("graziano", "wilhelm"))
    put_conduit(game, "C5R", CHINA)
    assert production.conduit_value(game, "C5R") == 4 + 1 + 1


def test_a_conduit_costs_2_excavators_per_printed_value_plus_1_mixer_and_shows_its_value():
    game, c = china_game()
    play(game, "place:construct", "tile:conduit")
    choice = game.prompt.find("space:C5R")
    assert (choice.data["excavators"], choice.data["mixers"], choice.data["value"]) == (8, 1, 5)
    assert "value 5 as yours" in choice.label
    before = (c.excavators, c.mixers)
    game.choose("space:C5R")
    if game.prompt.kind == PromptKind.PAYMENT:
        game.choose(game.prompt.keys()[0])
    assert (before[0] - c.excavators, before[1] - c.mixers) == (8, 1)
    assert production.conduit_value(game, "C5R") == 5 and not violations(game)


def test_without_a_mixer_no_conduit_can_be_built_and_the_reason_names_it():
    game, c = china_game(mixers=0)
    c.machinery_gained = [c.excavators, c.mixers]
    play(game, "place:construct")
    assert "tile:conduit" not in game.prompt.keys()
    uses = {u.key: u for u in build_tiles.tile_uses(game, CHINA)}
    why = build_costs.why_not(game, CHINA, uses["tile:conduit"], "C5R", 0)
    assert why == "needs 9 Ex/Mx, you have 20"


def test_a_contracts_free_conduit_pays_no_extra_mixer():
    game, c = china_game()
    mixers = c.mixers
    drive(game, construction.free_build(game, CHINA, "conduit", max_production=4), ["space:C5R"])
    assert c.mixers == mixers and game.state.conduits["C5R"] == CHINA


# ---------------------------------------------------------------- the four Powerhouses

def test_the_powerhouse_choice_offers_each_piece_with_its_cost_and_ability():
    game, _ = china_game()
    play(game, "place:construct", "tile:powerhouse")
    prompt = game.prompt
    assert prompt.kind == PromptKind.POWERHOUSE_PIECE
    assert [c.data["mixers"] for c in prompt.choices] == [2, 3, 4, 5]
    assert [c.data["ability"] for c in prompt.choices] == ["none", "production_plus_2", "vp_per_2_energy",
                                                          "one_extra_drop"]
    assert "5-Mixer" in prompt.choices[3].label and "1 more drop" in prompt.choices[3].label


def test_pieces_are_built_in_any_order_at_their_fixed_cost_and_the_state_knows_which_stands_where():
    game, c = china_game()
    mixers = c.mixers
    play(game, "place:construct", "tile:powerhouse", "column:4")
    assert game.prompt.find("space:P10_0").data["piece"] == 4
    game.choose("space:P10_0")
    if game.prompt is not None and game.prompt.kind == PromptKind.PAYMENT:
        game.choose(game.prompt.keys()[0])
    assert mixers - c.mixers == 5
    assert game.state.powerhouse_pieces == {"P10_0": 4} and c.columns_taken == {"powerhouse": [4]}
    assert [(p.mixers, space) for p, space in company_board.powerhouse_row(game, CHINA)] == [
        (2, ""), (3, ""), (4, ""), (5, "P10_0")]
    assert not violations(game)


def test_a_piece_that_cannot_be_paid_is_not_offered():
    game, c = china_game(mixers=3)
    c.machinery_gained = [c.excavators, c.mixers]
    play(game, "place:construct", "tile:powerhouse")
    assert [ch.data["mixers"] for ch in game.prompt.choices] == [2, 3]
    assert [why for _, why in game.prompt.data["unavailable"]] == ["cannot be paid for"] * 2


def piece_production(piece, drops=2, powerhouses=1):
    """China produces ``drops`` drops from a neutral dam through its C5R (value 5) into its piece on P10_0
    (``powerhouses``: how many it has built). Returns (Energy, VP gained)."""
    game, c = china_game()
    put_conduit(game, "C5R", CHINA)
    put_dam(game, "B5L", NEUTRAL, height=3, drops=drops)
    for space, column in zip(("P10_0", "P8_0", "P9_0", "P11_0"), (piece, *(k for k in (1, 2, 3, 4) if k != piece))):
        if powerhouses:
            put_powerhouse(game, space, CHINA)
            game.state.powerhouse_pieces[space] = column
            powerhouses -= 1
    c.columns_taken = {"powerhouse": sorted(game.state.powerhouse_pieces.values())}
    if c.columns_taken["powerhouse"] == list(range(1, len(c.columns_taken["powerhouse"]) + 1)):
        c.columns_taken = {}
    vp = c.vp
    produce(game, CHINA, "system:B5L:C5R:P10_0", drops)
    assert not violations(game)
    return c.energy, c.vp - vp


@pytest.mark.parametrize("piece, drops, energy, vp", [
    (1, 2, 10, 0),  # no ability
    (2, 2, 12, 0),  # +2 Energy per production (not per drop)
    (3, 3, 15, 7),  # 1 VP per 2 Energy, rounded down
    (4, 2, 15, 0),  # as if 3 drops: (2 + 1) x 5
])
def test_each_pieces_ability_works_for_productions_through_it(piece, drops, energy, vp):
    assert piece_production(piece, drops) == (energy, vp)


def test_china_has_no_powerhouse_row_bonus_even_with_four_powerhouses():
    assert piece_production(1, powerhouses=4) == (10, 0)


# ---------------------------------------------------------------- data

def test_the_data_says_the_incomes_are_assumed_and_holds_the_printed_rules():
    co = components().companies["china"]
    assert "assumed" in co.assumed and "barrage_tui/rules/data/companies.toml" in co.assumed
    assert co.module == "china" and co.pipelines.value_bonus == 1 and co.pipelines.extra_mixers == 1
    assert [(s.from_conduits_built, s.credits_per_drop, s.vp_per_drop) for s in co.pipelines.fee] == [
        (0, 1, 1), (1, 1, 1), (2, 2, 1), (4, 2, 2)]
    assert [p.mixers for p in co.powerhouse_pieces] == [2, 3, 4, 5] and not co.powerhouse_row_bonus


def test_an_edited_income_fee_or_piece_is_what_the_game_uses(edited_data):
    def edit(d):
        row = _row(d["company"], "china")
        row["income_conduit"]["2"] = {"credits": 9}
        row["conduit_fee"][1]["credits_per_drop"] = 3
        row["powerhouse_pieces"][0]["mixers"] = 1
    edited_data("companies", edit)
    game, c = china_game()
    put_conduit(game, "C1L", CHINA)
    credits = c.credits
    play(game, "place:construct", "tile:conduit", "space:C5R")
    if game.prompt is not None and game.prompt.kind == PromptKind.PAYMENT:
        game.choose(game.prompt.keys()[0])
    assert c.credits == credits + 9  # the 2nd Conduit uncovers the edited income
    assert company_board.conduit_fee(game, "C5R").credits_per_drop == 3
    assert company_board.powerhouse_mixers(c, 1) == 1


def test_a_piece_with_an_unknown_ability_is_refused(edited_data):
    edited_data("companies", lambda d: _row(d["company"], "china")["powerhouse_pieces"][0].update(ability="fly"))
    with pytest.raises(ValueError, match="fly"):
        components.__wrapped__()


# ---------------------------------------------------------------- saves and validation

def test_a_base_game_state_is_written_as_before_and_a_piece_survives_a_save():
    game, _ = china_game()
    assert "powerhouse_pieces" not in game.state.to_dict()
    play(game, "place:construct", "tile:powerhouse", "column:3", "space:P10_0")
    if game.prompt is not None and game.prompt.kind == PromptKind.PAYMENT:
        game.choose(game.prompt.keys()[0])
    again = loads_game(dumps(restart(game))).state
    assert again.powerhouse_pieces == {"P10_0": 3} and GameState.from_dict(game.state.to_dict()) == game.state


def test_a_piece_standing_twice_or_on_another_companys_powerhouse_is_refused():
    game, c = china_game()
    put_powerhouse(game, "P10_0", CHINA)
    put_powerhouse(game, "P8_0", CHINA)
    game.state.powerhouse_pieces = {"P10_0": 1, "P8_0": 1}
    with pytest.raises(InvalidState, match="each piece stands in one place"):
        check_state(game.state, game.setup)
    assert any("each piece" in v for v in violations(game))
    put_powerhouse(game, "P9_0", OTHER)
    game.state.powerhouse_pieces = {"P10_0": 1, "P8_0": 2, "P9_0": 3}
    with pytest.raises(InvalidState, match="no Powerhouse of a company with distinct pieces"):
        check_state(game.state, game.setup)


# ---------------------------------------------------------------- the module

def test_the_china_module_puts_china_in_the_pool_and_china_may_be_chosen_without_it():
    assert "china" in known_modules() and known_modules()["china"].name == "The China Challenge"
    assert company_pool({}) == base_companies()
    assert company_pool({MODULES_OPTION: ["china"]}) == base_companies() + ("china",)
    assert company_pool({MODULES_OPTION: ["overseas", "china"]}) == base_companies() + ("japan", "brazil", "china")
    setup = Setup(seats=(SeatSetup("P1", company="china", officer="wilhelm"), SeatSetup("P2")), seed=4)
    result = play_random(setup, 4, check=True)
    assert not result.error and not result.violations


def test_a_yield_tiles_mixer_less_comes_off_chinas_extra_mixer_once_per_build():
    from .test_geology import _ways

    game, seat = geo_game({}, companies=("china", "france"))
    assert _ways(game, seat, "conduit", "C5L", (0, 0)) == {(6, 1)}  # value 3: 6 Excavators + China's Mixer
    assert _ways(game, seat, "conduit", "C5L", (0, 1)) == {(6, 0)}  # "Pay 1 Concrete Mixer less when building"
    game, seat = geo_game({}, companies=("china", "france"), officers=("jill", "viktor"))
    # Jill's way pays the value in mixers: the Mixer less comes off those, China's Mixer stays
    assert {(6, 0), (0, 3)} <= _ways(game, seat, "conduit", "C5L", (0, 1))
