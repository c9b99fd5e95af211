"""The China Challenge's landscapes, yield tiles and China tiles (rules/modules/china/: rules.py, data.py) on
the landscapes test board (tests/boards/landscapes.toml; layout: tests/rules/landscape_setup.py)."""

from __future__ import annotations

import pytest

from barrage_tui.rules import (actions, board_features, build_costs, build_spaces, build_tiles, buildable, contracts,
                               scoring, water)
from barrage_tui.rules.modules.china import data as landscape_data
from barrage_tui.rules.modules.china import rules as landscapes
from barrage_tui.rules.components import components
from barrage_tui.rules import validation
from barrage_tui.rules.state import NEUTRAL, DamState, GameState
from barrage_tui.rules.modules.china import china

from .helpers import answer, own, restart, violations
from .landscape_setup import landscape_game


def seated(game, companies=None):
    """``game`` with its first seat to act, its hand and the National contracts empty."""
    seat = game.prompt.seat
    for c in game.state.companies:
        c.contracts = []
    game.state.national = []
    return seat


def machinery(company, excavators, mixers):
    """The company holds this machinery (as if received: the invariants count what came in)."""
    company.machinery_gained[0] += excavators - company.excavators
    company.machinery_gained[1] += mixers - company.mixers
    company.excavators, company.mixers = excavators, mixers


def put_yields(game, **by_space):
    """The yield tiles lying on the board: exactly these (space=tile)."""
    china(game.state).yields = {space: str(tile) for space, tile in by_space.items()}


def build_landscape(game, space, tile="tile:landscape", pay=""):
    game.choose("place:construct")
    answer(game, "build_tile", tile)
    answer(game, "build_space", f"space:{space}")
    assert space in china(game.state).built or game.prompt.kind == "payment"
    if game.prompt is not None and game.prompt.kind == "payment":
        game.choose(pay or game.prompt.keys()[0])


@pytest.fixture
def game():
    return landscape_game()


# ---------------------------------------------------------------- the worked example (Juliet)

def test_juliets_yellow_landscape_in_the_hills():
    """3 players; Juliet has a Powerhouse in the hills and a Conduit in the mountains; a yellow landscape
    was built in the mountains, so no yellow yield tile is left there. She builds the yellow hills landscape
    for 3 Mixers with the Landscape tile, takes the yellow yield tile "2 VP per structure in the hills", and
    2 drops flow out of the neighbouring lake."""
    g = landscape_game(companies=("usa", "germany", "italy"), officers=("wilhelm", "jill", "viktor"))
    juliet = seated(g)
    own(g, juliet, "powerhouse", "Q2a")
    own(g, juliet, "conduit", "K1")
    china(g.state).built["A6"] = (juliet + 1) % 3  # a yellow mountain landscape: its yellow tile taken
    board_features.uncover(g, "A6")
    put_yields(g, Hy1=16, Mg1=8, Hg1=11, Hr1=5)
    company = g.state.companies[juliet]
    machinery(company, 0, 3)
    g = restart(g)
    g.choose("place:construct")
    answer(g, "build_tile", "tile:landscape")
    offered = g.prompt.keys()
    assert "space:B2" in offered and "space:A2" not in offered  # A2 is yellow too: none left in the mountains
    why = dict(g.prompt.data["unavailable"])
    assert any(v == "no yellow yield tile is left beside the mountains" for v in why.values())
    assert g.prompt.find("space:B2").data["mixers"] == 3
    g.choose("space:B2")
    answer(g, "payment", "pay:0:3:0")
    assert company.mixers == 0 and "landscape" in [t for s in company.wheel for t in s.tiles]
    assert china(g.state).built["B2"] == juliet and china(g.state).taken == {"16": juliet}
    assert "Hy1" not in china(g.state).yields and g.state.lakes["L1"] == 0  # its 2 drops flowed out
    assert not violations(g)
    # at game end: 2 VP per structure in the hills: her Powerhouse and the landscape
    assert landscape_data.end_game_vp(g, juliet) == [(landscape_data.box().yields["16"], 4)]


# ---------------------------------------------------------------- the two requirements, the cost

def test_a_landscape_needs_a_structure_of_yours_in_its_area(game):
    seat = seated(game)
    game.state.companies[seat].mixers = 10
    assert landscape_data.buildable(game, seat) == []
    assert landscape_data.why_not(game, seat, "B2") == "needs a structure of yours in the hills"
    own(game, seat, "base", "H2L")
    assert "B2" in landscape_data.buildable(game, seat)
    assert not any(s.startswith("A") or s.startswith("C") for s in landscape_data.buildable(game, seat))


def test_a_built_landscape_counts_as_a_structure_in_its_area(game):
    seat = seated(game)
    china(game.state).built["C2"] = seat
    assert landscape_data.has_structure_in(game, seat, "plain")
    assert "C3" in landscape_data.buildable(game, seat)


def test_a_landscape_needs_a_yield_tile_of_its_colour_beside_its_area(game):
    seat = seated(game)
    own(game, seat, "base", "H2L")
    put_yields(game, Hg1=8, Mr1=5)  # no red tile beside the hills
    assert "B1" not in landscape_data.buildable(game, seat)  # B1 is red
    assert landscape_data.why_not(game, seat, "B1") == "no red yield tile is left beside the hills"
    assert "B3" in landscape_data.buildable(game, seat)  # B3 is green


def test_the_cost_is_by_colour_and_machinery_and_a_yield_tile_lowers_it(game):
    assert [landscape_data.cost(game, s) for s in ("B3", "B4", "B5", "B2", "B6", "B1")] == [
        (3, "excavators"), (2, "mixers"), (5, "excavators"), (3, "mixers"), (7, "excavators"), (4, "mixers")]
    seat = seated(game)
    own(game, seat, "base", "H2L")
    company = game.state.companies[seat]
    machinery(company, 6, 0)
    uses = {u.key: u for u in build_tiles.tile_uses(game, seat)}
    assert "B6" not in buildable.build_plan(game, seat, 99)["tile:landscape"]  # 7 Excavators
    china(game.state).taken["2"] = seat  # 1 Excavator less when building
    plan = buildable.build_plan(game, seat, 99)["tile:landscape"]
    assert [(p.excavators, p.mixers) for p in plan["B6"]] == [(6, 0)]
    assert build_costs.payments(game, seat, uses["tile:base"], "H2U", 99)[0].excavators == components(
        ).construction_cost.base_excavators["hill"] - 1


def test_the_automa_never_builds_a_landscape(game):
    seat = seated(game)
    own(game, seat, "base", "H2L")
    game.state.companies[seat].kind = "automa"
    assert landscape_data.buildable(game, seat) == []
    assert landscape_data.why_not(game, seat, "B2") == "an Automa builds no landscapes"


def test_the_wild_tile_builds_no_landscape(game):
    seat = seated(game)
    game.state.companies[seat].tiles.append("joker")
    assert {u.structure for u in build_tiles.tile_uses(game, seat) if u.supply_tile == "joker"} == {
        "base", "elevation", "conduit", "powerhouse"}


# ---------------------------------------------------------------- what building reveals (Jade's example)

def test_a_space_a_landscape_makes_dearer_is_offered_only_when_its_whole_fee_can_be_paid(game):
    """A3 raises M1x's red +3 to +6: a company with 4 credits may build on M1U (+3) but not on M1x, though
    both are mountain dam spaces with a red outline (the soak found M1x offered, and the credits below 0)."""
    seat = seated(game)
    china(game.state).built["A3"] = 1 - seat
    board_features.uncover(game, "A3")
    company = game.state.companies[seat]
    company.credits, company.excavators = 4, 10
    spaces = buildable.build_plan(game, seat, company.credits)["tile:base"]
    assert "M1U" in spaces and "M1x" not in spaces
    company.credits = 6
    assert "M1x" in buildable.build_plan(game, seat, company.credits)["tile:base"]


def test_jades_new_underground_powerhouse_opens_the_branch_and_a_neutral_powerhouse(game):
    seat = seated(game)
    own(game, seat, "powerhouse", "Q3a")
    game.state.companies[seat].excavators = 5
    put_yields(game, Py1=16)
    assert board_features.open_targets(game, "K2") == (3,) and "Q4n" not in game.state.powerhouses
    game = restart(game)
    build_landscape(game, "C1")
    assert game.state.powerhouses["Q4n"] == NEUTRAL and board_features.open_targets(game, "K2") == (3, 4)
    assert "C1" in game.state.uncovered and china(game.state).taken == {"16": seat}


def test_a_covered_space_opens_with_its_landscape_and_keeps_its_own_rule(game):
    seat = seated(game)
    assert "M1x" not in build_spaces.legal_spaces(game, seat, "base")
    landscapes_built = china(game.state).built
    landscapes_built["A3"] = 1 - seat
    board_features.uncover(game, "A3")
    assert "M1x" in build_spaces.legal_spaces(game, seat, "base")
    assert build_spaces.red_fee(game, "base", "M1x") == 6  # 3 for the outline, 3 more (A3)
    game.state.dams["M1x"] = DamState(owner=seat, height=1)
    assert water.capacity(game, "M1x") == 2  # 1 drop more than its height
    board_features.uncover(game, "A2")
    uses = {u.key: u for u in build_tiles.tile_uses(game, seat)}
    cost = build_costs.payments(game, seat, uses["tile:conduit"], "KA2", 99)[0]
    assert cost.excavators == 2 * 3 - 2  # 2 Excavators less than the value-3 Conduit K1
    assert build_costs.payments(game, seat, uses["tile:conduit"], "K1", 99)[0].excavators == 6


# ---------------------------------------------------------------- the landscapes' immediate effects

def test_channels_give_a_flowing_drop_now_and_one_each_later_round(game):
    seat = seated(game)
    own(game, seat, "base", "M1U")
    game.state.companies[seat].excavators = 5
    put_yields(game, Mg1=8)
    created = game.state.drops_created
    game = restart(game)
    build_landscape(game, "A1")
    assert game.state.drops_created == created + 2 and game.state.dams["M1U"].drops >= 1
    before = dict(game.state.headstream_drops)
    game.state.round = 2
    water.fill_headstreams(game)
    tiles = components().headstreams
    for head in ("HA", "HB", "HC"):
        printed = tiles[game.state.headstream_tiles[head]].drops_by_round[1]
        assert game.state.headstream_drops[head] - before[head] == printed + (head in ("HA", "HB"))


def test_the_operations_centre_scores_a_second_objective_for_everyone(game):
    seat = seated(game)
    other = 1 - seat
    own(game, seat, "base", "M1U")
    game.state.companies[seat].excavators = 7
    china(game.state).objectives = [1, 2, 3]
    put_yields(game, Mr1=5)
    game = restart(game)
    build_landscape(game, "A5")
    assert game.prompt.kind == "landscape_objective"
    game.choose("objective:1")  # red-outlined spaces: the Base on M1U
    assert china(game.state).objective_chosen == 1 and china(game.state).objectives == [2, 3]
    before = {c.seat: c.vp for c in game.state.companies}
    landscapes.final_scoring(game)
    assert game.state.companies[seat].vp - before[seat] == 15
    assert game.state.companies[other].vp - before[other] == 10


def test_the_management_centre_stacks_contracts_a_hills_production_may_fulfil(game):
    seat = seated(game)
    own(game, seat, "powerhouse", "Q2a")
    game.state.companies[seat].mixers = 4
    put_yields(game, Hr1=5)
    red, yellow, green = (game.state.private_piles[c][-1] for c in ("red", "yellow", "green"))
    game = restart(game)
    build_landscape(game, "B1")
    stack = list(china(game.state).contract_stacks["B1"])
    assert stack[1:] == [red, yellow, green] and components().contracts[stack[0]].kind == "national"
    assert landscape_data.stack_tops(game, "hill") == {green: "B1"} and landscape_data.stack_tops(game, "plain") == {}
    energy = components().contracts[green].energy
    flow = contracts.fulfil(game, seat, energy, production=True, area="hill")
    prompt = next(flow)
    assert f"contract:{green}" in prompt.keys()
    try:  # then whatever its reward asks: the first choice
        prompt = flow.send(f"contract:{green}")
        while True:
            prompt = flow.send(prompt.keys()[0])
    except StopIteration:
        pass
    assert china(game.state).contract_stacks["B1"] == stack[:-1] and green in game.state.companies[seat].fulfilled


# ---------------------------------------------------------------- yield tiles

def test_permanent_yield_tiles_lower_costs_never_below_zero(game):
    seat = seated(game)
    ys = china(game.state).taken
    assert landscape_data.machinery_discount(game, seat) == (0, 0)
    ys.update({"2": seat, "4": seat, "1": seat, "6": seat, "3": seat, "5": seat})
    assert landscape_data.machinery_discount(game, seat) == (1, 1)
    assert build_spaces.fee_for(game, seat, "base", "H2U") == 2  # the red 3, 1 less
    assert landscape_data.contract_discount(game, seat) == 2
    spaces = components().spaces
    workshop = next(s for s in spaces.values() if s.cost_credits and not s.extra_credits)
    assert actions.space_price(game, seat, workshop) == max(0, workshop.cost_credits - 2)
    red_space = next(s for s in spaces.values() if s.extra_credits)
    assert actions.space_price(game, seat, red_space) == max(0, red_space.cost_credits - 2) + red_space.extra_credits - 1
    printed = components().construction_spaces
    assert actions.construction_space(game, seat, 2) == (printed[2][0] - 1, max(0, printed[2][1] - 1))
    assert actions.construction_space(game, seat, 0)[0] == printed[0][0]
    assert actions.construction_space(game, 1 - seat, 2) == printed[2]  # the other company took none


def test_an_immediate_yield_tile_is_applied_when_taken(game):
    seat = seated(game)
    own(game, seat, "base", "H2L")
    company = game.state.companies[seat]
    company.excavators = 3
    put_yields(game, Hg1=11)  # turn the wheel 3 and 6 credits
    credits = company.credits
    game = restart(game)
    build_landscape(game, "B3")  # green, 3 Excavators
    while game.prompt is not None and game.prompt.kind == "headstream_drop":
        game.choose("done")
    assert china(game.state).taken == {"11": seat} and company.credits == credits + 6
    assert company.wheel_open == (0 + 1 + 3) % len(company.wheel)


def test_the_construction_yield_tile_builds_at_once_without_engineers(game):
    seat = seated(game)
    own(game, seat, "base", "H2L")
    company = game.state.companies[seat]
    machinery(company, 10, 4)
    put_yields(game, Hr1=10)
    game = restart(game)
    build_landscape(game, "B1")  # red, 4 Mixers
    engineers = company.engineers
    assert china(game.state).taken == {"10": seat}
    assert game.prompt.kind == "build_tile" and game.prompt.seat == seat
    answer(game, "build_tile", "tile:base")
    answer(game, "build_space", "space:D3")
    answer(game, "payment", "pay:5:0:0")
    assert game.state.dams["D3"].owner == seat and company.engineers == engineers


def test_end_of_game_yield_tiles_score(game):
    seat = seated(game)
    company = game.state.companies[seat]
    own(game, seat, "base", "M1U", height=2)
    own(game, seat, "conduit", "K1")
    china(game.state).built.update({"A1": seat, "B3": seat})
    machinery(company, 4, 3)
    china(game.state).taken.update({"13": seat, "15": seat, "17": seat, "18": seat, "14": seat})
    vp = {y.id: v for y, v in landscape_data.end_game_vp(game, seat)}
    assert vp == {"13": 4, "15": 6, "17": 6, "18": 3 * (2 + 1 + 1), "14": 0}


# ---------------------------------------------------------------- China's tiles

@pytest.mark.parametrize("tile, energy, vp", [("CHINA_1", 3, 0), ("CHINA_3", 0, 6)])
def test_chinas_advanced_tiles_add_by_the_landscapes_cost(game, tile, energy, vp):
    seat = seated(game)
    own(game, seat, "base", "H2L")
    company = game.state.companies[seat]
    company.tiles.append(tile)
    company.mixers = 3
    put_yields(game, Hy1=16)
    before = (company.energy, company.vp)
    game = restart(game)
    build_landscape(game, "B2", tile=f"tile:{tile}")
    assert (company.energy - before[0], company.vp - before[1]) == (energy, vp)


def test_chinas_second_tile_builds_again_at_once(game):
    seat = seated(game)
    own(game, seat, "base", "H2L")
    company = game.state.companies[seat]
    company.tiles.append("CHINA_2")
    machinery(company, 10, 3)
    put_yields(game, Hy1=16)
    game = restart(game)
    build_landscape(game, "B2", tile="tile:CHINA_2")
    assert game.prompt.kind == "build_tile" and game.prompt.seat == seat  # the further construction


def test_chinas_bonus_and_objective_tiles(game):
    seat = seated(game)
    bonus, objective = landscape_data.box().bonus, landscape_data.box().objective
    assert scoring.bonus_tile(bonus.id) is bonus and scoring.objective_tile(objective.id) is objective
    assert scoring.bonus_tile(1) is components().bonus_tiles[1]
    china(game.state).built.update({"B1": seat, "B2": seat, "C1": seat})
    assert scoring.bonus_count(game, seat, "landscapes") == 3
    own(game, seat, "base", "H2L")
    own(game, seat, "powerhouse", "Q2a")
    own(game, seat, "conduit", "K3")
    own(game, seat, "base", "D3", height=3)  # its Elevations do not count
    # hills: 2 landscapes with 1 Base, 0 Conduits, 1 Powerhouse: 2; plains: 1 with a Base and a Conduit: 2
    assert scoring.objective_quantity(game, seat, "landscape_pairs") == 4


def test_a_landscape_counts_for_structures_in_an_area(game):
    seat = seated(game)
    china(game.state).built.update({"C1": seat, "C2": seat})
    assert scoring.objective_quantity(game, seat, "most_structures_in_one_area") == 2


def test_texts_for_the_app_say_what_is_invented():
    assert "invented — edit barrage_tui/rules/modules/china/data/landscapes.toml" in landscapes.landscape_text("C5")
    assert landscapes.landscape_text("A1").startswith("A1 High-Mountain Channels (green, 3 excavators)")
    assert landscapes.yield_text("16").startswith("yield tile 16 (yellow, end game): 2 VP per structure")
    invented = [t for t in landscape_data.box().landscapes.values() if t.assumed.startswith("invented")]
    assert len(invented) == 9 and len(landscape_data.box().landscapes) == 18
    assert {t.colour for t in landscape_data.box().yields.values()} == {"green", "yellow", "red"}


def test_state_of_a_landscape(game):
    assert landscape_data.state_of(game, "A1") == "covered"
    china(game.state).built["A1"] = 0
    assert landscape_data.state_of(game, "A1") == "built"


def test_every_tile_effect_has_a_handler_and_every_handler_a_tile():
    box = landscape_data.box()
    assert {t.effect for t in box.landscapes.values()} == set(landscapes.EFFECTS)
    assert {t.effect for t in box.yields.values()} == set(landscapes.YIELDS)


def test_a_game_with_landscapes_is_saved_and_checked_as_it_is(game):
    seat = seated(game)
    own(game, seat, "powerhouse", "Q2a")
    company = game.state.companies[seat]
    machinery(company, 0, 4)
    put_yields(game, Hr1=5, Hg1=8)
    game = restart(game)
    build_landscape(game, "B1")
    st = game.state
    assert GameState.from_dict(st.to_dict()) == st and china(st).contract_stacks["B1"]
    validation.check_state(st, game.setup, game_board=game.board)
    broken = st.copy()
    china(broken).taken["8"] = seat  # still lying beside the hills too
    with pytest.raises(validation.InvalidState, match="a yield tile is in two places"):
        validation.check_state(broken, game.setup, game_board=game.board)
    broken = st.copy()
    broken.uncovered.remove("B1")
    with pytest.raises(validation.InvalidState, match="built, but the spaces under it are still covered"):
        validation.check_state(broken, game.setup, game_board=game.board)


def test_a_game_without_the_module_is_written_as_before():
    from .helpers import new_game
    data = new_game().state.to_dict()
    assert not {"landscape_tiles", "yield_tiles", "landscapes_built", "yields_taken", "landscape_objectives",
                "extra_objective", "landscape_contracts"} & set(data)
