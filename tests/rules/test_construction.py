"""Construction (rulebook "Construction"; reference base-game.md sections 7, 9.1 free builds, 11)."""

import pytest

from barrage_tui.rules import build_spaces, construction, rewards
from barrage_tui.rules.components import components
from barrage_tui.rules.state import NEUTRAL, DamState

from .helpers import build, drive, empty_map_game, keys_with, new_game, own, play, put_drops, restart

# Officers that change nothing about building, so the printed costs show.
PLAIN_OFFICERS = ("graziano", "viktor")


def position(companies=("italy", "france"), officers=PLAIN_OFFICERS, **supply):
    """An empty map; the first company (seat 0) to act, rich in machinery and credits."""
    return empty_map_game(companies, officers, **supply)


def offered_spaces(game, tile):
    play(game, "place:construct", tile)
    assert game.prompt.kind == "build_space"
    return {k.split(":")[1] for k in game.prompt.keys()}


# ---------------------------------------------------------------- where you may build (7.2)

def test_a_base_goes_on_an_empty_dam_space_in_a_zone_without_your_dam():
    # Rule: one dam per zone per company (both dam spaces count); the space must be empty;
    # another company may have the other dam space of the zone.
    game, seat = position()
    other = 1 - seat
    own(game, seat, "base", "B1U")
    own(game, other, "base", "B2U")
    game.state.dams["B5L"] = DamState(owner=NEUTRAL, height=2, drops=1)
    game = restart(game)
    spaces = offered_spaces(game, "tile:base")
    assert spaces == set(components().map.dams) - {"B1U", "B1L", "B2U", "B5L"}
    assert "B2L" in spaces


def test_an_elevation_goes_only_on_your_own_dam_below_height_three():
    # Rule: Elevation on your own dam of height 1 or 2; never on neutral or opponents' dams.
    game, seat = position()
    own(game, seat, "base", "B1U")
    own(game, seat, "base", "B6U", height=2)
    own(game, seat, "base", "B2L", height=3)
    own(game, 1 - seat, "base", "B3U")
    game.state.dams["B5L"] = DamState(owner=NEUTRAL, height=2, drops=1)
    game = restart(game)
    assert offered_spaces(game, "tile:elevation") == {"B1U", "B6U"}


def test_no_elevation_without_a_dam():
    game, seat = position()
    game.state.dams["B5L"] = DamState(owner=NEUTRAL, height=1)
    game = restart(game)
    game.choose("place:construct")
    assert "tile:elevation" not in game.prompt.keys()


def test_a_conduit_goes_on_any_empty_conduit_space():
    # Rule: an empty conduit space; you need not own anything it connects.
    game, seat = position()
    own(game, seat, "conduit", "C2L")
    own(game, 1 - seat, "conduit", "C1L")
    game = restart(game)
    assert offered_spaces(game, "tile:conduit") == set(components().map.conduits) - {"C1L", "C2L"}


def test_a_powerhouse_goes_on_an_empty_space_in_a_zone_without_your_powerhouse():
    # Rule: one powerhouse per zone per company; several companies may share a zone.
    game, seat = position()
    own(game, seat, "powerhouse", "P5_0")
    own(game, 1 - seat, "powerhouse", "P8_0")
    game = restart(game)
    spaces = offered_spaces(game, "tile:powerhouse")
    assert spaces == set(components().map.powerhouses) - {"P5_0", "P5_1", "P8_0"}
    assert {"P8_1", "P8_2"} <= spaces


def test_no_piece_left_means_no_build_of_that_type():
    # Rule: you need a piece of that type left on your company board.
    game, seat = position()
    game.state.companies[seat].pieces["conduit"] = 0
    game = restart(game)
    game.choose("place:construct")
    assert "tile:conduit" not in game.prompt.keys() and "tile:base" in game.prompt.keys()


def test_no_construction_space_when_nothing_can_be_built():
    game, seat = position(excavators=0, mixers=0, credits=0)
    assert "place:construct" not in game.prompt.keys()


# ---------------------------------------------------------------- costs (7.3)

@pytest.mark.parametrize("space, excavators, credits", [
    ("B1L", 5, 0), ("B1U", 5, 3), ("B4L", 5, 0), ("B5L", 4, 0), ("B7U", 4, 3), ("B8L", 3, 0), ("B10U", 3, 3),
])
def test_a_base_costs_excavators_by_area_and_three_credits_on_an_upper_space(space, excavators, credits):
    # Rule: Base 5/4/3 Excavators in mountains/hills/plains; +3 credits on a red (upper) dam space.
    game, seat = position()
    assert build(game, "tile:base", space) == (excavators, 0, credits)
    assert game.state.dams[space].owner == seat and game.state.dams[space].height == 1


@pytest.mark.parametrize("dam, mixers", [("B1U", 4), ("B2L", 4), ("B6U", 3), ("B7L", 3), ("B9U", 2), ("B10L", 2)])
def test_an_elevation_costs_mixers_by_area_and_never_the_red_fee(dam, mixers):
    # Rule: Elevation 4/3/2 mixers; an Elevation on a red space never pays +3.
    game, seat = position()
    own(game, seat, "base", dam)
    game = restart(game)
    assert build(game, "tile:elevation", dam) == (0, mixers, 0)
    assert game.state.dams[dam].height == 2


@pytest.mark.parametrize("conduit, excavators", [("C1L", 10), ("C1R", 8), ("C2L", 6), ("C6R", 4), ("C9L", 2)])
def test_a_conduit_costs_two_excavators_per_production_point(conduit, excavators):
    # Rule: 2 x production Excavators in any area; conduit spaces are never red.
    game, seat = position()
    assert build(game, "tile:conduit", conduit) == (excavators, 0, 0)
    assert game.state.conduits[conduit] == seat


@pytest.mark.parametrize("already, mixers", [(0, 2), (1, 3), (2, 4), (3, 5)])
def test_a_powerhouse_costs_by_how_many_you_have(already, mixers):
    # Rule: 2/3/4/5 mixers for your 1st/2nd/3rd/4th powerhouse, in any area.
    game, seat = position()
    for space in ("P5_0", "P6_0", "P7_0")[:already]:
        own(game, seat, "powerhouse", space)
    game = restart(game)
    assert build(game, "tile:powerhouse", "P12_0") == (0, mixers, 0)


@pytest.mark.parametrize("space, credits", [("P5_0", 0), ("P5_1", 3), ("P8_1", 0), ("P8_2", 3), ("P10_2", 3),
                                            ("P11_1", 0), ("P12_3", 3)])
def test_a_powerhouse_on_a_plus_three_space_pays_three_credits(space, credits):
    game, seat = position()
    assert build(game, "tile:powerhouse", space) == (0, 2, credits)


def test_the_red_fee_must_be_affordable_for_the_space_to_be_offered():
    game, seat = position(credits=2)
    spaces = offered_spaces(game, "tile:base")
    assert not any(components().map.dams[s].upper for s in spaces)
    assert "B1L" in spaces and "B1U" not in spaces


def test_machinery_must_be_in_the_supply():
    # 3 Excavators: no mountain (5) or hill (4) Base; plains only.
    game, seat = position(excavators=3)
    spaces = offered_spaces(game, "tile:base")
    assert {components().map.dams[s].area for s in spaces} == {"plain"}


# ---------------------------------------------------------------- the company construction spaces

def test_construction_spaces_take_one_two_three_then_three_and_three_credits():
    # Rule: the company board's spaces (1 / 2 / 3 / 3 + 3 credits) are used left to right; at most 4 a round.
    game, seat = position(companies=("italy", "france"))
    c = game.state.companies[seat]
    builds = [("tile:base", "B8L"), ("tile:conduit", "C9L"), ("tile:powerhouse", "P11_0"),
              ("tile:elevation", "B8L")]
    for i, (tile, space) in enumerate(builds):
        assert game.prompt.seat == seat
        engineers = c.engineers
        spent = build(game, tile, space)  # none of these spaces is red: credits go to the action space only
        assert engineers - c.engineers == (1, 2, 3, 3)[i]
        assert spent[2] == (0, 0, 0, 3)[i]
        assert c.construction_used == i + 1
        play(game, "place:bank-b", "engineers:1")  # the other company
    assert game.prompt.seat == seat
    assert "place:construct" not in game.prompt.keys()
    assert game.state.engineers_on[f"company-{seat}-4"][seat] == 3


def test_the_log_names_what_a_build_paid_the_red_outline_too():
    # The red outline's 3 credits are part of the price: the log says so, as the space's choice did.
    game, seat = position()
    build(game, "tile:base", "B1U")
    assert game.events[-1].text.endswith("paying 5 Excavators + 3 credits for the red outline.")
    game, seat = position()
    build(game, "tile:base", "B1L")
    assert game.events[-1].text.endswith("paying 5 Excavators.")


def test_the_fourth_construction_space_fee_counts_when_checking_the_build():
    # Rule: the 3-credit fee is deducted before checking that the build can be paid.
    game, seat = position()
    st = game.state
    c = st.companies[seat]
    c.construction_used = 3
    for s in ("elevation", "conduit", "powerhouse"):
        c.pieces[s] = 0
    for space in components().map.dams:
        if space != "B1U":  # only B1U (red, +3) is left
            st.dams[space] = DamState(owner=NEUTRAL, height=1)
    c.credits = 5
    game = restart(game)
    assert "place:construct" not in game.prompt.keys()
    c.credits = 6
    game = restart(game)
    assert "place:construct" in game.prompt.keys()
    spent = build(game, "tile:base", "B1U")
    assert spent == (5, 0, 6) and c.credits == 0


def test_the_tile_comes_from_the_supply_not_from_the_wheel():
    # Rule: choose a tile from your personal supply; tiles on the wheel cannot be used.
    game, seat = position()
    build(game, "tile:base", "B8L")
    c = game.state.companies[seat]
    assert "base" not in c.tiles and c.wheel[0].tiles == ["base"]
    play(game, "place:bank-b", "engineers:1")
    game.choose("place:construct")
    assert "tile:base" not in game.prompt.keys()
    assert {"tile:conduit", "tile:powerhouse", "tile:elevation"} <= set(game.prompt.keys())


def test_the_tile_and_machinery_go_on_the_wheel_and_credits_do_not():
    game, seat = position(credits=10)
    c = game.state.companies[seat]
    build(game, "tile:base", "B5U")  # hill 4 Excavators + 3 credits for the red space
    assert (c.wheel[0].tiles, c.wheel[0].excavators, c.wheel[0].mixers) == (["base"], 4, 0)
    assert c.wheel_open == 1 and c.credits == 7


# ---------------------------------------------------------------- income slots (7.5, 11.1)

@pytest.mark.parametrize("company, structure, n, gain", [
    ("italy", "base", 2, ("credits", 3)),
    ("italy", "base", 4, ("vp", 5)),
    ("italy", "base", 5, ("vp", 7)),
    ("germany", "base", 2, ("vp", 3)),
    ("germany", "elevation", 2, ("credits", 3)),
    ("usa", "conduit", 2, ("vp", 3)),
    ("france", "conduit", 2, ("credits", 3)),
    ("france", "conduit", 5, ("vp", 7)),
    ("germany", "elevation", 4, ("vp", 2)),
])
def test_the_second_fourth_and_fifth_piece_uncover_an_income_paid_at_once(company, structure, n, gain):
    # Rule: building the 2nd, 4th or 5th piece of the Base/Elevation/Conduit row gains that income at once.
    other = "italy" if company != "italy" else "france"
    game, seat = position(companies=(company, other))
    c = game.state.companies[seat]
    if structure == "base":
        for zone in range(2, n + 1):
            own(game, seat, "base", f"B{zone}L")
        target, tile = "B8L", "tile:base"
    elif structure == "elevation":
        for zone in range(1, 4):
            own(game, seat, "base", f"B{zone}L")
        # n - 1 Elevations already standing, spread over three dams
        heights = {1: ["B1L"], 3: ["B1L", "B1L", "B2L"]}[n - 1]
        for space in heights:
            game.state.dams[space].height += 1
            c.pieces["elevation"] -= 1
        target, tile = "B3L", "tile:elevation"
    else:
        for space in ("C1L", "C1R", "C2L", "C2R")[:n - 1]:
            own(game, seat, "conduit", space)
        target, tile = "C9L", "tile:conduit"
    game = restart(game)
    key, value = gain
    before = getattr(c, key)
    build(game, tile, target)  # none of these targets costs credits
    assert getattr(c, key) - before == value


@pytest.mark.parametrize("n", [1, 3])
def test_the_first_and_third_piece_uncover_no_income(n):
    game, seat = position(companies=("italy", "france"))
    c = game.state.companies[seat]
    for zone in range(2, n + 1):
        own(game, seat, "base", f"B{zone}L")
    game = restart(game)
    vp, credits = c.vp, c.credits
    spent = build(game, "tile:base", "B8L")
    assert (c.vp, c.credits + spent[2]) == (vp, credits)


def test_a_powerhouse_uncovers_no_income():
    # Rule: the Powerhouse row gives production bonuses and the ability, nothing at once.
    game, seat = position(companies=("italy", "france"))
    c = game.state.companies[seat]
    own(game, seat, "powerhouse", "P5_0")
    game = restart(game)
    before = (c.vp, c.credits, c.energy, c.excavators)
    build(game, "tile:powerhouse", "P6_0")
    assert (c.vp, c.credits, c.energy, c.excavators) == before


def test_an_income_with_a_choice_asks_at_once():
    # Rule: France's 2nd Base uncovers "1 machinery of your choice", gained at once.
    game, seat = position(companies=("france", "italy"))
    c = game.state.companies[seat]
    own(game, seat, "base", "B2L")
    game = restart(game)
    play(game, "place:construct", "tile:base", "space:B8L")
    assert game.prompt.kind == "machinery"
    mixers = c.mixers
    game.choose("machinery:0:1")
    assert c.mixers == mixers + 1


# ---------------------------------------------------------------- powerhouse row (7.5)

@pytest.mark.parametrize("powerhouses, energy", [(1, 4), (2, 5), (3, 5), (4, 7)])
def test_the_powerhouse_row_adds_one_then_three_to_productions(powerhouses, energy):
    # Rule: 2nd powerhouse built: +1 to all productions; 4th: +2 more (total +3).
    game, seat = position(companies=("france", "italy"))
    st = game.state
    st.companies[seat].contracts = []
    st.national = []
    own(game, seat, "base", "B5U")
    put_drops(game, "B5U", 1)
    own(game, seat, "conduit", "C5R")
    for space in ("P10_0", "P6_0", "P7_0", "P8_0")[:powerhouses]:
        own(game, seat, "powerhouse", space)
    game = restart(game)
    play(game, "place:turbine-0")
    assert st.companies[seat].energy == energy


@pytest.mark.parametrize("powerhouses, active", [(2, False), (3, True), (4, True)])
def test_the_third_powerhouse_switches_the_company_ability_on(powerhouses, active):
    # Rule: the company's special ability works from its 3rd powerhouse (Italy: +3 Energy per production).
    game, seat = position(companies=("italy", "france"))
    game.state.companies[seat].contracts = []
    game.state.national = []
    own(game, seat, "base", "B5U")
    put_drops(game, "B5U", 1)
    own(game, seat, "conduit", "C5R")
    for space in ("P10_0", "P6_0", "P7_0", "P8_0")[:powerhouses]:
        own(game, seat, "powerhouse", space)
    game = restart(game)
    assert game.ability_active(seat) is active
    play(game, "place:turbine-0")
    bonus = 3 if powerhouses == 4 else 1
    assert game.state.companies[seat].energy == 4 + bonus + (3 if active else 0)


# ---------------------------------------------------------------- free builds from contracts (9.1)

def test_a_contract_free_build_needs_no_tile_machinery_or_wheel_turn():
    # Rule: no Engineers, no tile, no machinery, no wheel turn.
    game, seat = position(companies=("italy", "france"))
    c = game.state.companies[seat]
    before = (list(c.tiles), c.excavators, c.mixers, c.credits, c.wheel_open, c.engineers)
    _, prompts = drive(game, rewards.gain(game, seat, {"build": "base", "build_areas": ["plain"]}, "contracts"),
                       ["space:B9L"])
    assert game.state.dams["B9L"].owner == seat and c.pieces["base"] == 4
    assert (list(c.tiles), c.excavators, c.mixers, c.credits, c.wheel_open, c.engineers) == before
    assert all(seg.is_empty() for seg in c.wheel)
    assert {k.split(":")[1] for k in prompts[0].keys() if k != "skip"} == {"B8U", "B8L", "B9U", "B9L",
                                                                           "B10U", "B10L"}


def test_a_contract_free_build_still_pays_the_red_fee():
    game, seat = position(credits=5)
    c = game.state.companies[seat]
    drive(game, rewards.gain(game, seat, {"build": "powerhouse"}, "contracts"), ["space:P12_1"])
    assert game.state.powerhouses["P12_1"] == seat and c.credits == 2


def test_a_contract_free_build_on_a_red_space_needs_the_credits():
    game, seat = position(credits=2)
    _, prompts = drive(game, rewards.gain(game, seat, {"build": "base"}, "contracts"), ["skip"])
    offered = {k.split(":")[1] for k in prompts[0].keys() if k != "skip"}
    assert offered and not any(components().map.dams[s].upper for s in offered)


def test_a_contract_free_build_is_optional():
    game, seat = position()
    _, prompts = drive(game, rewards.gain(game, seat, {"build": "conduit", "build_max_production": 2},
                                          "contracts"), ["skip"])
    assert "skip" in prompts[0].keys()
    assert not game.state.conduits
    prod = components().map.conduits
    assert {prod[k.split(":")[1]].production for k in prompts[0].keys() if k != "skip"} == {1, 2}


def test_a_contract_free_build_needs_a_piece_left():
    game, seat = position()
    own(game, seat, "base", "B1L")
    game.state.companies[seat].pieces["elevation"] = 0
    _, prompts = drive(game, rewards.gain(game, seat, {"vp": 2, "build": "elevation"}, "contracts"), ["skip"])
    assert prompts[0].keys() == ("skip",)


def test_a_contract_free_build_uncovers_income_at_once():
    game, seat = position(companies=("italy", "france"))
    c = game.state.companies[seat]
    own(game, seat, "base", "B1L")
    credits = c.credits
    drive(game, rewards.gain(game, seat, {"build": "base", "build_areas": ["plain", "hill"]}, "contracts"),
          ["space:B5L"])
    assert c.credits == credits + 3  # Italy's 2nd Base


def test_a_free_build_through_a_fulfilled_contract():
    # Contract 211: 4 energy, build a Base in the plains (through a real production).
    game, seat = position(companies=("france", "italy"))
    st = game.state
    c = st.companies[seat]
    own(game, seat, "base", "B5U")
    put_drops(game, "B5U", 1)
    own(game, seat, "conduit", "C5R")
    own(game, seat, "powerhouse", "P10_0")
    c.contracts = [211]
    st.national = []
    game = restart(game)
    play(game, "place:turbine-0", "contract:211")
    assert game.prompt.kind == "build_space"
    tiles, wheel_open = list(c.tiles), c.wheel_open
    game.choose("space:B10U")
    assert st.dams["B10U"].owner == seat
    assert c.tiles == tiles and c.wheel_open == wheel_open and c.fulfilled == [211]


def test_legal_spaces_helper_filters_by_area_and_production():
    game, seat = position()
    assert set(build_spaces.legal_spaces(game, seat, "base", areas=["hill"])) == {
        "B5U", "B5L", "B6U", "B6L", "B7U", "B7L"}
    assert set(build_spaces.legal_spaces(game, seat, "conduit", max_production=1)) == {"C9L", "C10R"}
    assert keys_with(game, "place:construct")


# ---------------------------------------------------------------- the introductory wild tile (section 15)

def test_the_introductory_wild_tile_builds_any_structure_at_the_usual_cost():
    # Rule: the basic wild "?" tile builds any type; unlike the L1 Joker it does not waive the red fee.
    game = new_game(companies=("usa", "germany"), introductory=True)
    seat = game.prompt.seat
    c = game.state.companies[seat]
    c.credits = 10
    game = restart(game)
    game.choose("place:construct")
    assert {"tile:joker:base", "tile:joker:conduit", "tile:joker:powerhouse"} <= set(game.prompt.keys())
    spent = build(game, "tile:joker:base", "B1U", place="")
    assert spent == (3, 0, 3)  # USA plays Wilhelm: 3 Excavators; the red +3 is paid
    assert c.wheel[0].tiles == ["joker"]


# ---------------------------------------------------------------- the price and yield shown before building

def test_each_space_shows_its_machinery_and_the_red_fee_before_it_is_chosen():
    game, seat = position()
    play(game, "place:construct", "tile:base")
    red = game.prompt.find("space:B1U")
    assert dict(red.data) | {"income": None} == {"excavators": 5, "mixers": 0, "excamixers": 0, "credits": 0,
                                                 "red": 3, "income": None}
    assert "costs 5 Ex + 3 cr" in red.label
    assert "costs 5 Ex" in game.prompt.find("space:B1L").label and "cr" not in game.prompt.find("space:B1L").label


def test_a_space_shows_the_income_its_piece_uncovers():
    game, seat = position(companies=("germany", "italy"))
    own(game, seat, "base", "B2L")  # the next Base is the second: it uncovers Germany's slot 2 (3 VP)
    game = restart(game)
    play(game, "place:construct", "tile:base")
    choice = game.prompt.find("space:B8L")
    assert dict(choice.data["income"]) == {"vp": 3}
    assert "uncovers 3 VP" in choice.label


def test_a_legal_space_this_tile_cannot_pay_for_is_listed_with_why():
    game, seat = position(excavators=4, credits=2)
    play(game, "place:construct", "tile:base")
    unavailable = dict(game.prompt.data["unavailable"])
    assert unavailable["B1L: zone 1 (mountain)"] == "needs 5 Ex, you have 4"
    assert unavailable["B5U: zone 5 (hill, red +3)"] == "needs 3 credits, you have 2 (red outline)"
    assert not any(label.startswith("B5L:") for label in unavailable)  # offered: not listed again


def test_a_free_build_lists_the_red_spaces_it_cannot_pay_for():
    game, seat = position(credits=1)
    _, prompts = drive(game, construction.free_build(game, seat, "powerhouse"), ["skip"])
    reasons = dict(prompts[0].data["unavailable"])
    assert reasons["P5_1: zone 5 (hill, red +3)"] == "needs 3 credits, you have 1"
    assert prompts[0].find("space:P5_0").data["red"] == 0
