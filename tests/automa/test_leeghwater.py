"""The Automa with The Leeghwater Project (issue 23 item 5; reference automa.md 2.5, 4.3, 5.4.1, 5.7, 5.8, 5.10,
9.2, 10, 11): its cards' Private Building and External Works boxes, the Patent Office's Building tiles, the
Building tiles' effects at the levels that use them, Margot Fouche's and Leslie Spencer's overrides at Very
Hard, the Netherlands; each from a position built here, then whole random games at every level."""

import random
from dataclasses import replace

import pytest

import automa
from automa import officers
from automa.answers import company_drop
from automa.boxes.construction import fewer_kind
from automa.cards import cards
from automa.context import Context
from automa.turn import boxes
from barrage_tui.rules import NO_OFFICER
from barrage_tui.rules.game import Game
from barrage_tui.rules.modules.leeghwater import buildings
from barrage_tui.rules.modules.leeghwater.state import leeghwater
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
from barrage_tui.rules.sim import automa_setup, play_random

from tests.rules.helpers import works_face_up

from .helpers import AUTOMA, HUMAN, clear_map, decide, ops, put_conduit, put_dam, put_powerhouse, set_cards

LWP = {MODULES_OPTION: ["leeghwater"]}
# top row first: cofferdam 2 Ex + 1 Mx, research lab 2 + 2, development office 1 + 2, loan agency 1 + 3, wind farm 6 + 2
ROWS = ["cofferdam", "research_lab", "development_office", "loan_agency", "wind_farm"]
LEVELS = ("easy", "medium", "hard", "very_hard")


def lwp_game(level="medium", company="italy", officer="", excavators=2, mixers=3, tiles=None, works=None,
             module=True) -> Game:
    """P1 (human, USA) and the Automa (seat 1) to act in round 1, on an empty map, the module on: the building
    rows ``ROWS``, the face-up External Works ``works``; the Automa's machinery and tiles as given (``tiles``
    None: the basic tiles and the Building tile), no contracts anywhere but a display set by the test."""
    setup = Setup(seats=(SeatSetup("P1", company="usa", officer="wilhelm"),
                         SeatSetup("A", "automa", company, officer, level)), seed=3, options=LWP if module else {})
    game = automa.attach(Game.new(setup))
    clear_map(game)
    st = game.state
    st.national = []
    st.private_display.update(green=[], yellow=[], red=[])
    a = st.companies[AUTOMA]
    a.machinery_gained = [a.machinery_gained[0] + excavators - a.excavators, a.machinery_gained[1] + mixers - a.mixers]
    a.excavators, a.mixers = excavators, mixers
    if tiles is not None:
        a.tiles = list(tiles)
    if module:
        own = leeghwater(st)
        own.rows = list(ROWS)
        if works is not None:
            works_face_up(own, works)
    return game


def play(game, action, criteria):
    set_cards(game, action=action, criteria=criteria)
    choice = decide(game)
    game.choose(choice.key)
    return choice


def vp(game, seat=AUTOMA):
    return game.state.companies[seat].vp


# ================================================================ without the module: the boxes are skipped

def test_without_the_module_its_boxes_are_left_out_as_impossible():
    game = lwp_game(module=False)
    ctx = Context(game, AUTOMA)
    assert [b.kind for b in boxes(ctx, cards()[19])] == ["produce", "construct", "machinery_shop", "workshop", "bank"]
    with_it = Context(lwp_game(), AUTOMA)
    assert [(b.kind, b.structure) for b in boxes(with_it, cards()[19])][2:4] == [("construct", "building"),
                                                                                  ("patent_office", "building")]


def test_an_automa_gets_the_basic_building_tile():
    assert "building" in lwp_game().state.companies[AUTOMA].tiles
    assert "building" not in lwp_game(module=False).state.companies[AUTOMA].tiles


# ================================================================ the Private Building boxes (5.4.1)

def test_the_down_box_builds_the_first_building_from_the_top_it_can_pay_for():
    # card 17: Production (no system), Water (no Dam), a Base (2 Excavators: too few), then the Building, down
    game = lwp_game(excavators=2, mixers=3)
    before = vp(game)
    choice = play(game, action=17, criteria=1)
    assert ops(choice)[1:4] == ["eng:company-1:1", "build", "=tile:building"]
    assert leeghwater(game.state).built == {"cofferdam-1": AUTOMA}  # the top row, its first (plain) space
    a = game.state.companies[AUTOMA]
    assert (a.excavators, a.mixers) == (0, 2)  # its printed machinery, 2 Excavators + 1 mixer, onto the wheel
    assert sum(s.excavators for s in a.wheel) == 2 and any("building" in s.tiles for s in a.wheel)
    assert game.state.engineers_on["company-1"][AUTOMA] == 1 and vp(game) == before  # a plain space: no VP


def test_gennaros_first_construction_a_private_building_places_no_engineer_a_credit_is_the_reminder():
    # seed 002: "The first Construction action of each round always costs 1 worker fewer than stated (place the
    # worker used, as a reminder, on the special action space. When building a private building tile, place 1
    # Hydro on the special action space as a reminder)."
    game = lwp_game(level="very_hard", officer="gennaro", excavators=2, mixers=3)
    a = game.state.companies[AUTOMA]
    engineers = a.engineers
    choice = play(game, action=17, criteria=1)  # column 2 first: a Base (too few Excavators), then the Building
    steps = ops(choice)
    assert "reminder:gennaro-1" in steps and not [s for s in steps if s.startswith("eng:")], steps
    assert leeghwater(game.state).built == {"cofferdam-1": AUTOMA} and a.engineers == engineers
    assert a.private_spaces_used[0] and "a Credit as the reminder" in choice.label
    assert "gennaro-1" not in game.state.engineers_on  # a Credit stands there, no Engineer


def test_the_up_box_searches_from_the_bottom_row_and_passes_what_it_cannot_pay_or_has_built():
    # card 19: Production, a Conduit (no Conduit tile), then the Building, up: the wind farm (6 Excavators) is too
    # dear, the loan agency (1 + 3) it built already, so the development office (1 + 2)
    game = lwp_game(excavators=2, mixers=3, tiles=["building", "base"])
    leeghwater(game.state).built = {"loan_agency-1": AUTOMA}
    play(game, action=19, criteria=1)
    assert leeghwater(game.state).built == {"loan_agency-1": AUTOMA, "development_office-1": AUTOMA}


def test_it_takes_a_red_space_when_the_plain_ones_are_gone_and_pays_3_vp():
    game = lwp_game(excavators=2, mixers=3, tiles=["building"])
    leeghwater(game.state).built = {"cofferdam-1": HUMAN}  # (the second plain space opens from 4 seats)
    before = vp(game)
    choice = play(game, action=17, criteria=1)
    assert "=space:cofferdam-3" in ops(choice) and leeghwater(game.state).built["cofferdam-3"] == AUTOMA
    assert vp(game) == before - 3


def test_a_building_box_it_cannot_pay_for_is_skipped():
    game = lwp_game(excavators=0, mixers=0, tiles=["building"])
    choice = play(game, action=17, criteria=1)
    assert "Construction: Private Building (top row down)" in choice.data["skipped"]
    assert leeghwater(game.state).built == {}


def test_the_first_action_space_of_a_building_it_built_is_closed_for_everyone():
    game = lwp_game(excavators=2, mixers=3)
    play(game, action=17, criteria=1)
    own = leeghwater(game.state)
    own.built["cofferdam-3"] = HUMAN
    game.state.companies[HUMAN].credits = 20
    put_dam(game, "B1L", HUMAN)  # (the cofferdam's drop needs a Dam with room)
    assert [s.id for s in buildings.spots(game, HUMAN)] == ["cofferdam-a2"]


# ================================================================ the Building tiles (9.2: Hard and above)

@pytest.mark.parametrize("level, paid", [("medium", (2, 1)), ("hard", (2, 0))])
def test_building_ii_pays_one_kind_the_one_it_has_fewer_of_at_hard(level, paid):
    game = lwp_game(level=level, excavators=3, mixers=5, tiles=["L2_BUILDING"])
    play(game, action=17, criteria=1)
    a = game.state.companies[AUTOMA]
    assert (3 - a.excavators, 5 - a.mixers) == paid
    assert leeghwater(game.state).built == {"cofferdam-1": AUTOMA}


def test_building_ii_takes_mixers_when_it_has_fewer_mixers_excavators_on_a_tie():
    game = lwp_game(level="hard", excavators=5, mixers=3, tiles=["L2_BUILDING"])
    play(game, action=17, criteria=1)
    assert (game.state.companies[AUTOMA].excavators, game.state.companies[AUTOMA].mixers) == (5, 2)
    tie = lwp_game(level="hard", excavators=3, mixers=3)
    assert fewer_kind(Context(tie, AUTOMA)) == "excavators"


@pytest.mark.parametrize("tile", ["L1_BUILDING", "L3_BUILDING"])
@pytest.mark.parametrize("level, scored", [("medium", 0), ("hard", 3)])
def test_building_i_and_iii_score_the_buildings_vp_at_once_at_hard(tile, level, scored):
    # Building I: "instead [of its action], score that building's VP at once"; III: as printed
    game = lwp_game(level=level, excavators=2, mixers=3, tiles=[tile])
    before = vp(game)
    play(game, action=17, criteria=1)
    assert leeghwater(game.state).built == {"cofferdam-1": AUTOMA} and vp(game) - before == scored


# ================================================================ the Patent Office's Building tiles (5.7)

@pytest.mark.parametrize("offer, slot, tile", [(["L1_BASE", "L2_BUILDING", "L1_JOKER"], 2, "L2_BUILDING"),
                                               (["L1_BASE", "L1_CONDUIT", "L1_JOKER"], 3, "L1_JOKER")])
def test_the_patent_office_box_takes_a_building_tile_else_a_joker(offer, slot, tile):
    # card 19: the Conduit (no tile) and the Building (no machinery) are impossible: the Patent Office, Building
    game = lwp_game(excavators=0, mixers=0, tiles=["building"])
    game.state.patent_offer = list(offer)
    before = vp(game)
    choice = play(game, action=19, criteria=1)
    assert f"patent:{slot}" in ops(choice) and f"eng:patent-p{slot}:1" in ops(choice)
    assert tile in game.state.companies[AUTOMA].tiles and vp(game) == before - 2


# ================================================================ the External Works box (5.8)

def test_the_works_box_takes_the_first_position_of_its_order_it_can_pay_returning_the_machinery():
    # card 1: Production, Water, a Base and an Elevation (too little machinery, no Dam), External Works 1-2-3;
    # position 1 (C5, 5 Excavators) it cannot pay, position 2 (A2, 1 mixer) it can
    game = lwp_game(excavators=1, mixers=1, works=["C5", "A2", "A1"])
    a = game.state.companies[AUTOMA]
    before, lost = vp(game), list(a.machinery_lost)
    choice = play(game, action=1, criteria=1)
    assert ops(choice)[1] == "work:2:2"
    own = leeghwater(game.state)
    assert own.fulfilled == {"A2": AUTOMA} and own.works == ["C5", "", "A1"]
    assert a.mixers == 0 and a.machinery_lost[1] == lost[1] + 1  # returned to the supply for good
    assert vp(game) - before == 3  # its 3 credits as VP
    assert game.state.engineers_on["works-2"][AUTOMA] == 2  # on the work's own action space (4.3)


def test_the_works_box_order_3_2_1():
    # card 6: Production, Water, an Elevation, a Base, then External Works 3-2-1
    game = lwp_game(excavators=1, mixers=1, works=["A1", "A2", "C5"])
    play(game, action=6, criteria=1)
    assert leeghwater(game.state).fulfilled == {"A2": AUTOMA}


def test_the_works_box_is_skipped_without_the_machinery_for_any_work():
    game = lwp_game(excavators=0, mixers=0, works=["C5", "C2", "A1"])
    choice = play(game, action=1, criteria=1)
    assert "External Works (1-2-3)" in choice.data["skipped"] and leeghwater(game.state).fulfilled == {}


def test_a_contract_reward_fulfils_the_highest_face_up_contract_it_allows():
    # A1: 3 credits and a contract needing 4 or less: of green 3 (205), green 4 (212) and yellow 5 (300), the 4
    game = lwp_game(excavators=1, mixers=0, works=["A1", "C5", "C2"])
    game.state.private_display.update(green=[205, 212], yellow=[300])
    a = game.state.companies[AUTOMA]
    before = vp(game)
    choice = play(game, action=1, criteria=1)
    assert "=contract:212" in ops(choice) and 212 in a.fulfilled
    assert vp(game) - before == 3 + 5 and a.excavators == 1  # 3 credits; the contract's 5 VP and 1 Excavator


def test_elon_spends_excavators_and_mixers_before_excamixers_on_a_work():
    game = lwp_game(level="very_hard", officer="elon", excavators=0, mixers=1, works=["C2", "C5", "A1"], tiles=[])
    a = game.state.companies[AUTOMA]
    assert a.excamixers == 8
    play(game, action=1, criteria=1)  # C2: 5 mixers
    assert leeghwater(game.state).fulfilled == {"C2": AUTOMA} and (a.mixers, a.excamixers) == (0, 4)


def test_a_free_tile_reward_takes_the_highest_level_tile():
    game = lwp_game(excavators=2, mixers=0, works=["A5", "C5", "C2"])  # A5: 2 Excavators, 4 credits, a tile
    game.state.patent_offer = ["L1_BASE", "L2_CONDUIT", "L2_BASE"]
    choice = play(game, action=1, criteria=1)
    assert "=patent:2" in ops(choice) and "L2_CONDUIT" in game.state.companies[AUTOMA].tiles


# ================================================================ Margot Fouche at Very Hard (10)

def margot_game(level="very_hard"):
    """Machinery for a Base (4 Excavators: a hill) and for a building; card 13's Base box is its second
    construction box."""
    return lwp_game(level=level, officer="margot" if level == "very_hard" else "", excavators=5, mixers=3)


@pytest.mark.parametrize("criteria, built", [(1, "loan_agency-1"), (2, "cofferdam-1")])  # 1A: up, 1B: down
def test_margot_builds_a_private_building_instead_of_the_cards_structure(criteria, built):
    # card 1's Base box (5 Excavators cover a Base anywhere): Margot activates a building instead, for 1 Engineer,
    # searching up with an A conduit letter on the criteria card, down with a B (ASSUMED: SOLO's helper)
    game = margot_game()
    choice = play(game, action=1, criteria=criteria)
    assert leeghwater(game.state).built == {built: AUTOMA} and not game.state.dams
    assert "eng:company-1:1" in ops(choice) and "conduit letter: assumed" in choice.label


def test_without_margot_the_base_is_built():
    game = margot_game(level="hard")
    play(game, action=1, criteria=1)
    assert leeghwater(game.state).built == {} and list(game.state.dams.values())[0].owner == AUTOMA


def test_margots_search_direction_is_data():
    game = margot_game()
    ctx = Context(game, AUTOMA)
    assert officers.adaptation(ctx, "building_search_by_conduit_letter") == {"A": "up", "B": "down"}
    assert officers.building_search(ctx, "down") == "down"  # a box's own arrow wins


# ================================================================ Leslie Spencer at Very Hard (10)

def leslie_game(level="very_hard"):
    return lwp_game(level=level, officer="leslie" if level == "very_hard" else "", excavators=5, mixers=3,
                    works=["A1", "A2", "C5"])


def test_leslie_takes_an_external_work_with_her_tile_instead_of_building():
    # card 1's Base box; the criteria card just flipped is card 3, whose action side has External Works 3-2-1:
    # position 3 (C5, 5 Excavators), for 1 Engineer, the machinery and her tile onto the wheel (it turns 1)
    game = leslie_game()
    a = game.state.companies[AUTOMA]
    assert "leslie" in a.tiles
    lost = list(a.machinery_lost)
    choice = play(game, action=1, criteria=3)
    assert "work:3:1" in ops(choice) and "=wheel" in ops(choice) and "External Works box: assumed" in choice.label
    assert leeghwater(game.state).fulfilled == {"C5": AUTOMA} and not game.state.dams
    assert "leslie" not in a.tiles and any("leslie" in s.tiles and s.excavators == 5 for s in a.wheel)
    assert a.machinery_lost == lost and game.state.engineers_on["works-3"][AUTOMA] == 1


def test_leslie_with_her_tile_on_the_wheel_builds_as_printed():
    game = leslie_game()
    a = game.state.companies[AUTOMA]
    a.tiles.remove("leslie")
    a.wheel[1].tiles.append("leslie")
    play(game, action=1, criteria=3)
    assert leeghwater(game.state).fulfilled == {} and list(game.state.dams.values())[0].owner == AUTOMA


def test_leslies_order_comes_from_the_last_flipped_card_with_an_external_works_box():
    game = leslie_game()
    game.state.automa_discard = [3, 17]  # card 17 has no External Works box; card 3 has 3-2-1
    assert officers.work_order(Context(game, AUTOMA)) == (3, 2, 1)
    game.state.automa_discard = [17, 2]
    assert officers.work_order(Context(game, AUTOMA)) == (2, 3, 1)


# ================================================================ the Netherlands (11)

def test_the_netherlands_drop_goes_behind_the_dam_it_could_produce_most_from():
    # Hard, its ability on: of two own Dams with room only B5L is in a complete system (its Conduit C5R into its
    # Powerhouse): the drop goes there; among Dams none of which can produce, the card's Dam criteria decide
    game = lwp_game(level="hard", company="netherlands")
    put_dam(game, "B5L", AUTOMA)
    put_dam(game, "B6L", AUTOMA)
    put_conduit(game, "C5R", AUTOMA)
    put_powerhouse(game, f"P{game.board.conduits['C5R'].targets[0]}_0", AUTOMA)
    ctx = Context(game, AUTOMA)
    assert company_drop(ctx, ["B6L", "B5L"]) == "B5L"
    assert company_drop(ctx, ["B6L"]) == "B6L"


def test_an_automa_may_play_the_netherlands_margot_and_leslie():
    for company, officer in (("netherlands", NO_OFFICER), ("france", "margot"), ("germany", "leslie")):
        game = lwp_game(level="very_hard" if officer != NO_OFFICER else "medium", company=company,
                        officer=officer if officer != NO_OFFICER else "")
        assert (game.state.companies[AUTOMA].company, game.state.companies[AUTOMA].officer) == (company, officer)


# ================================================================ whole games

def lwp_games(n, seed, levels=LEVELS):
    r = random.Random(seed)
    out = []
    for i in range(n):
        table = automa_setup(r, 1 + i % 3, level="medium", modules=("leeghwater",))
        level = levels[i % len(levels)]
        seats = tuple(replace(s, difficulty=level) if s.kind == "automa" else s for s in table.seats)
        out.append(play_random(replace(table, seats=seats), r.randrange(2**31), check=True, attach=automa.attach))
    return out


def assert_played(results):
    failed = [(x.setup, x.error or x.violations) for x in results if x.error or x.violations]
    assert not failed, failed[0]
    assert all(x.state is not None and x.state.phase == "over" for x in results)


def test_a_game_at_each_level_with_the_module():
    results = lwp_games(4, 23)
    assert_played(results)
    assert any(op.startswith("work:") for x in results for k in x.keys for op in k.split(";"))


@pytest.mark.slow
def test_many_games_with_1_to_3_automas_at_every_level_with_the_module():
    results = lwp_games(120, 2026)
    assert_played(results)
    steps = [op for x in results for k in x.keys if k.startswith("flip;") for op in k.split(";")]
    assert sum(op.startswith("work:") for op in steps) > 100  # External Works taken by Automas
    built = [x for x in results for e in x.state.modules["leeghwater"].built.values()
             if x.setup.seats[e].kind == "automa"]
    assert len(built) > 100
    officers_seen = {c.officer for x in results for c in x.state.companies if c.kind == "automa"}
    assert {"margot", "leslie"} <= officers_seen
