"""The Leeghwater Project (issue 23; reference leeghwater-5p.md part A): its setup, the External Works and the
private buildings, each checked against the numbers of its data files."""

from __future__ import annotations

from collections import Counter

import pytest

from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.plugin import known_modules, module_structure, tally
from barrage_tui.rules.board_files import BOARD_OPTION
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup, SetupError, new_state
from barrage_tui.rules.state import NEUTRAL, DamState
from barrage_tui.rules.validation import InvalidState, check_state
from barrage_tui.rules.modules.leeghwater import buildings, works
from barrage_tui.rules.modules.leeghwater.facts import box
from barrage_tui.rules.modules.leeghwater.state import LeeghwaterState, leeghwater
from saves import load_game, save_game

from .helpers import answer, at_turn, build, clear_map, restart, violations, works_face_up

LWP = {MODULES_OPTION: ["leeghwater"]}


def lwp_game(seats: int = 2, seed: int = 1, officers=("wilhelm", "jill", "viktor", "graziano")) -> Game:
    """A full game with the module on, past the picks, at seat order's first action."""
    companies = ("usa", "germany", "italy", "france")
    setup = Setup(seats=tuple(SeatSetup(f"P{i + 1}", company=companies[i], officer=officers[i]) for i in range(seats)),
                  seed=seed, options=LWP)
    game = Game.new(setup)
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


def position(game: Game, rows=None, works_up=None, excavators=20, mixers=20, credits=30) -> tuple[Game, int]:
    """The pending seat rich in machinery and credits; the rows and face-up works as given; no contracts."""
    seat = game.prompt.seat
    own = leeghwater(game.state)
    if rows is not None:
        own.rows = list(rows)
    if works_up is not None:
        works_face_up(own, works_up)
    c = game.state.companies[seat]
    c.machinery_gained = [c.machinery_gained[0] + excavators - c.excavators, c.machinery_gained[1] + mixers - c.mixers]
    c.excavators, c.mixers, c.credits = excavators, mixers, credits
    for co in game.state.companies:
        co.contracts = []
    game.state.national = []
    return restart(game), seat


# ---------------------------------------------------------------- the module and its setup

def test_the_module_is_offered():
    assert "leeghwater" in known_modules() and known_modules()["leeghwater"].name == "The Leeghwater Project"


def test_not_in_the_introductory_game():
    with pytest.raises(SetupError, match="not played in the introductory game"):
        Setup(seats=(SeatSetup("A"), SeatSetup("B")), introductory=True, options=LWP).validate()


def test_setup_lays_out_the_expansion_board():
    b = box()
    seen_bonus: Counter[int] = Counter()
    for seed in range(30):
        st = new_state(Setup(seats=(SeatSetup("A"), SeatSetup("B"), SeatSetup("C")), seed=seed, options=LWP))
        own = leeghwater(st)
        assert len(own.rows) == b.drawn == 5 and len(set(own.rows)) == 5 and set(own.rows) <= set(b.buildings)
        # External Works: 3 face up from pile A, the rest in their piles
        assert [w[0] for w in own.works] == ["A", "A", "A"]
        assert sorted(len(p) for p in own.piles.values()) == [2, 5, 5]
        assert sorted([*own.works, *(w for p in own.piles.values() for w in p)]) == sorted(
            w.id for w in b.works.values() if not w.requires)  # (China's orders only with the China Challenge)
        assert "winch" not in own.rows
        # The Building tiles join the level piles and one tile of each pile goes to the box: 5 per level
        assert [len(st.patent_piles[lv]) + (3 if lv == "1" else 0) for lv in ("1", "2", "3")] == [5, 5, 5]
        assert len(own.tiles_removed) == 3
        placed = {*own.tiles_removed, *st.patent_offer, *(t for p in st.patent_piles.values() for t in p)}
        assert {"L1_BUILDING", "L2_BUILDING", "L3_BUILDING"} <= placed
        # Each company's basic Building tile
        assert all("building" in c.tiles for c in st.companies)
        assert len(st.bonus_tiles) == 5
        seen_bonus.update(st.bonus_tiles)
        check_state(st, Setup(seats=(SeatSetup("A"), SeatSetup("B"), SeatSetup("C")), seed=seed, options=LWP))
    assert seen_bonus[6] and seen_bonus[7]  # the module's two bonus tiles are drawn too


def test_a_game_without_the_module_has_none_of_it():
    st = new_state(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3))
    assert "leeghwater" not in st.modules and all("building" not in c.tiles for c in st.companies)
    assert not {6, 7} & set(st.bonus_tiles) and not {"L1_BUILDING"} & {t for p in st.patent_piles.values() for t in p}


# ---------------------------------------------------------------- External Works

def test_the_display_refills_from_a_then_b_then_c():
    own = LeeghwaterState(piles={"A": ["A5", "A4", "A3", "A2", "A1"], "B": ["B5", "B4", "B3", "B2", "B1"],
                                 "C": ["C5", "C4", "C3", "C2", "C1"]}, works=["", "", ""])
    shown = [list(works.refill(own))]
    for _ in range(4):  # the clean-up of rounds 1-4: the tiles left go to the box, 3 new ones
        own.works = ["", "", ""]
        shown.append(works.refill(own))
    assert shown == [["A1", "A2", "A3"], ["A4", "A5", "B1"], ["B2", "B3", "B4"], ["B5", "C1", "C2"],
                     ["C3", "C4", "C5"]]


def test_a_taken_position_stays_empty_until_the_clean_up():
    own = LeeghwaterState(piles={"A": ["A5", "A4"], "B": [], "C": []}, works=["A1", "", "A3"])
    works.refill(own)
    assert own.works == ["A1", "A4", "A3"]


@pytest.mark.parametrize("work, gains", [
    ("B4", {"vp": 5, "energy": 6, "credits": 0}),  # 3 Excavators: 5 VP, 6 on the Energy Track
    ("C5", {"vp": 6, "mixers": 3, "credits": 0}),  # 5 Excavators: 6 VP, 3 Mixers
    ("A2", {"credits": 3}),  # 1 Mixer: 3 Credits, the wheel turns 2
])
def test_an_external_work_is_paid_for_and_gives_its_reward(work, gains):
    game, seat = position(lwp_game(), works_up=[work, "A1", "A3"])
    w = box().works[work]
    c = game.state.companies[seat]
    before = {"vp": c.vp, "energy": c.energy, "credits": c.credits, "excavators": c.excavators, "mixers": c.mixers,
              "wheel": c.wheel_open}
    assert "place:works-1" in game.prompt.keys()
    game.choose("place:works-1")
    assert c.excavators == before["excavators"] - w.excavators
    assert c.mixers == before["mixers"] - w.mixers + gains.get("mixers", 0)
    for what in ("vp", "energy", "credits"):
        assert getattr(c, what) - before[what] == gains.get(what, 0), what
    if work == "A2":
        assert c.wheel_open == (before["wheel"] + 2) % len(c.wheel)
    own = leeghwater(game.state)
    assert own.works[0] == "" and own.fulfilled == {work: seat} and own.occupied == {"works-1": seat}
    assert c.engineers == 12 - box().work_engineers
    assert violations(game) == []  # the machinery went back to the supply: counted as lost
    assert "place:works-1" not in game.prompt.keys()  # the position is empty for the round


def test_an_external_work_needs_its_machinery_of_the_printed_kinds():
    game, seat = position(lwp_game(), works_up=["B4", "C2", "A1"], excavators=2, mixers=9)
    keys = game.prompt.keys()
    assert "place:works-1" not in keys  # B4: 3 Excavators
    assert "place:works-2" in keys and "place:works-3" in keys  # C2: 5 Mixers; A1: 1 Excavator


def test_an_external_work_builds_for_free():
    game, seat = position(lwp_game(), works_up=["A4", "A1", "A2"])
    clear_map(game)
    game = restart(game)
    c = game.state.companies[seat]
    credits = c.credits
    game.choose("place:works-1")  # A4: 2 Credits and a Powerhouse built for free
    assert game.prompt.kind == "build_space"
    space = next(k for k in game.prompt.keys() if k.startswith("space:"))
    game.choose(space)
    if game.prompt is not None and game.prompt.kind == "payment":
        game.choose(game.prompt.keys()[0])
    built = space.split(":", 1)[1]
    assert game.state.powerhouses[built] == seat
    assert c.credits - credits == 2 - game.board.powerhouses[built].extra_credits


def test_the_clean_up_discards_the_display_and_reveals_three():
    game = lwp_game()
    own = leeghwater(game.state)
    own.works[1] = ""
    own.occupied["works-2"] = 0
    top = [own.piles["A"][-1], own.piles["A"][-2], own.piles["B"][-1]]
    works.round_ends(game)
    buildings.round_ends(game)
    assert own.works == top and own.occupied == {}


# ---------------------------------------------------------------- private buildings

ROWS = ["cofferdam", "financial_division", "energy_relay_field", "robot_factory", "wind_farm"]


def test_a_private_building_costs_its_exact_machinery_and_its_space_s_credits():
    game, seat = position(lwp_game(), rows=ROWS)
    c = game.state.companies[seat]
    game.choose("place:construct")
    answer(game, "build_tile", "tile:building")
    spaces = game.prompt.keys()
    # 2 seats: the first plain space and the two red ones; the second plain one opens from 4 seats
    assert {"space:cofferdam-1", "space:cofferdam-3", "space:cofferdam-4"} <= set(spaces)
    assert "space:cofferdam-2" not in spaces
    before = (c.excavators, c.mixers, c.credits)
    game.choose("space:wind_farm-3")
    if game.prompt is not None and game.prompt.kind == "payment":
        game.choose(game.prompt.keys()[0])
    wind = box().buildings["wind_farm"]
    assert (before[0] - c.excavators, before[1] - c.mixers, before[2] - c.credits) == (wind.excavators, wind.mixers, 3)
    assert leeghwater(game.state).built == {"wind_farm-3": seat}
    assert violations(game) == []


def test_the_second_plain_space_is_open_from_four_seats():
    game, seat = position(lwp_game(seats=4), rows=ROWS)
    game.choose("place:construct")
    answer(game, "build_tile", "tile:building")
    assert "space:cofferdam-2" in game.prompt.keys()


def test_a_company_builds_each_building_once():
    game, seat = position(lwp_game(), rows=ROWS)
    leeghwater(game.state).built["cofferdam-1"] = seat
    game = restart(game)
    game.choose("place:construct")
    answer(game, "build_tile", "tile:building")
    assert not [k for k in game.prompt.keys() if k.startswith("space:cofferdam")]
    assert [k for k in game.prompt.keys() if k.startswith("space:financial_division")]


def test_a_building_without_enough_machinery_is_not_offered():
    game, seat = position(lwp_game(), rows=ROWS, excavators=5, mixers=1)
    game.choose("place:construct")
    answer(game, "build_tile", "tile:building")
    offered = {k.split(":")[1].rsplit("-", 1)[0] for k in game.prompt.keys() if k.startswith("space:")}
    assert offered == {"cofferdam", "energy_relay_field"}  # 2+1 and 4+1; Robot Factory 1+5, Wind Farm 6+2


@pytest.mark.parametrize("building, gains, paid", [
    ("financial_division", {"credits": 5}, 0),
    ("energy_relay_field", {"energy": 4}, 1),
])
def test_a_building_s_action_gives_what_its_data_says(building, gains, paid):
    game, seat = position(lwp_game(), rows=ROWS)
    leeghwater(game.state).built[f"{building}-1"] = seat
    game = restart(game)
    c = game.state.companies[seat]
    before = {"credits": c.credits, "energy": c.energy}
    b = box().buildings[building]
    assert b.action_credits == paid
    game.choose(f"place:{building}-a1")
    assert c.credits - before["credits"] == gains.get("credits", 0) - paid
    assert c.energy - before["energy"] == gains.get("energy", 0)
    assert c.engineers == 12 - b.action_spaces[0][0]


def test_a_building_s_action_is_only_its_builders_and_once_a_round():
    game, seat = position(lwp_game(), rows=ROWS)
    other = 1 - seat
    leeghwater(game.state).built["financial_division-1"] = seat
    game = restart(game)
    assert "place:financial_division-a1" in game.prompt.keys()
    game.choose("place:financial_division-a1")
    while game.prompt.seat != seat:  # the other seat's turn: not its building
        assert not [k for k in game.prompt.keys() if "financial_division" in k]
        game.choose("place:bank-b") if "place:bank-b" in game.prompt.keys() else game.choose(game.prompt.keys()[0])
        answer(game, "bank", "engineers:1")
    assert not [k for k in game.prompt.keys() if "financial_division" in k]  # used this round
    assert leeghwater(game.state).used == {"financial_division": [seat]}
    assert other != seat


def test_the_next_action_space_costs_its_credits():
    game, seat = position(lwp_game(), rows=ROWS)
    own = leeghwater(game.state)
    own.built["energy_relay_field-1"] = seat
    own.occupied["energy_relay_field-a1"] = 1 - seat
    game = restart(game)
    c = game.state.companies[seat]
    credits = c.credits
    game.choose("place:energy_relay_field-a2")  # 1 Engineer and 3 Credits, then the action's 1 Credit
    assert credits - c.credits == 3 + 1


def test_the_cofferdam_puts_a_drop_behind_a_neutral_or_own_dam():
    game, seat = position(lwp_game(), rows=ROWS)
    clear_map(game)
    st = game.state
    st.dams["B1L"] = DamState(owner=NEUTRAL, height=1)
    st.dams["B2L"] = DamState(owner=1 - seat, height=1)
    st.dams["B3L"] = DamState(owner=seat, height=1, drops=1)  # full
    st.dams["B4L"] = DamState(owner=seat, height=1)
    st.companies[seat].pieces["base"] -= 2
    st.companies[1 - seat].pieces["base"] -= 1
    leeghwater(st).built["cofferdam-1"] = seat
    st.drops_created += 1
    game = restart(game)
    game.choose("place:cofferdam-a1")
    assert sorted(game.prompt.keys()) == ["dam:B1L", "dam:B4L"]  # (another's Dam, a full Dam: not offered)
    game.choose("dam:B1L")
    assert st.dams["B1L"].drops == 1 and violations(game) == []


def test_each_company_scores_its_buildings_at_the_end():
    game = lwp_game()
    own = leeghwater(game.state)
    own.rows = ROWS
    own.built = {"wind_farm-1": 0, "cofferdam-3": 0, "wind_farm-3": 1}
    vp = [c.vp for c in game.state.companies]
    buildings.final_scoring(game)
    assert [c.vp - v for c, v in zip(game.state.companies, vp)] == [5 + 3, 5]


def test_the_bonus_tiles_count_external_works_and_buildings():
    game = lwp_game()
    own = leeghwater(game.state)
    own.rows = ROWS
    own.built = {"wind_farm-1": 0, "cofferdam-3": 0}
    own.fulfilled = {"A1": 1}
    module = game.hooks.modules[0]
    assert module.bonus_count(game, 0, "private_buildings") == 2 and module.bonus_count(game, 1, "external_works") == 1
    assert module.bonus_tile(6).vp_each == 5 and module.bonus_tile(7).vp_each == 4


# ---------------------------------------------------------------- the state

def test_a_bad_state_is_refused():
    game = lwp_game()
    own = leeghwater(game.state)
    own.built[f"{own.rows[0]}-2"] = 0  # the second plain space at 2 seats
    with pytest.raises(InvalidState, match="open building space"):
        check_state(game.state, game.setup)


def test_a_game_with_the_module_saves_and_loads(tmp_path):
    game, seat = position(lwp_game(), rows=ROWS, works_up=["B4", "A1", "A3"])
    leeghwater(game.state).built["financial_division-1"] = seat
    game = restart(game)
    game.choose("place:works-1")
    path = tmp_path / "lwp.toml"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.state == game.state and leeghwater(loaded.state).fulfilled == {"B4": seat}


# ---------------------------------------------------------------- the tiles that build one

def give_tile(game: Game, seat: int, tile: str) -> None:
    """``tile`` into ``seat``'s supply, from wherever the setup put it."""
    st, own = game.state, leeghwater(game.state)
    for pile in st.patent_piles.values():
        if tile in pile:
            pile.remove(tile)
    st.patent_offer = [t if t != tile else "" for t in st.patent_offer]
    if tile in own.tiles_removed:
        own.tiles_removed.remove(tile)
    st.companies[seat].tiles.append(tile)


def building_on(game: Game, tile: str, space: str) -> tuple[int, int, int]:
    """A construction of ``space`` with ``tile``, the cheapest payment; (Excavators, mixers, credits) it took."""
    return build(game, tile, space)


def test_a_joker_builds_a_private_building_and_joker_i_waives_the_red_outline():
    game, seat = position(lwp_game(), rows=ROWS)
    give_tile(game, seat, "L1_JOKER")
    game = restart(game)
    assert building_on(game, "tile:L1_JOKER:building", "cofferdam-3") == (2, 1, 0)
    assert leeghwater(game.state).built == {"cofferdam-3": seat}


def test_building_ii_pays_one_kind_of_the_machinery_only():
    game, seat = position(lwp_game(), rows=ROWS)
    give_tile(game, seat, "L2_BUILDING")
    game = restart(game)
    game.choose("place:construct")
    answer(game, "build_tile", "tile:L2_BUILDING")
    game.choose("space:wind_farm-1")  # 6 Excavators + 2 Mixers: either 6 Excavators or 2 Mixers
    pays = {(p.data["excavators"], p.data["mixers"]) for p in game.prompt.choices}
    assert pays == {(6, 0), (0, 2)}
    c = game.state.companies[seat]
    before = (c.excavators, c.mixers)
    game.choose(next(p.key for p in game.prompt.choices if p.data["mixers"] == 2))
    assert (before[0] - c.excavators, before[1] - c.mixers) == (0, 2)


def test_building_i_gives_the_building_s_action_at_once():
    game, seat = position(lwp_game(), rows=ROWS)
    give_tile(game, seat, "L1_BUILDING")
    game = restart(game)
    c = game.state.companies[seat]
    building_on(game, "tile:L1_BUILDING", "financial_division-1")
    assert game.prompt.kind == "lwp_tile_action"
    credits = c.credits
    game.choose("building-action:financial_division")
    assert c.credits - credits == 5
    assert "place:financial_division-a1" in game.prompt.keys() or game.prompt.seat != seat  # its spaces still free


def test_building_iii_scores_the_building_s_vp_at_once():
    game, seat = position(lwp_game(), rows=ROWS)
    give_tile(game, seat, "L3_BUILDING")
    game = restart(game)
    c = game.state.companies[seat]
    vp = c.vp
    building_on(game, "tile:L3_BUILDING", "wind_farm-1")
    assert c.vp - vp == box().buildings["wind_farm"].vp


# ---------------------------------------------------------------- the other actions

def built(game: Game, seat: int, building: str) -> Game:
    own = leeghwater(game.state)
    if building not in own.rows:
        own.rows[-1] = building
    own.built[f"{building}-1"] = seat
    return restart(game)


def test_the_robot_factory_gives_two_machinery_of_choice_for_a_credit():
    game, seat = position(lwp_game(), rows=ROWS)
    game = built(game, seat, "robot_factory")
    c = game.state.companies[seat]
    before = (c.excavators, c.mixers, c.credits)
    game.choose("place:robot_factory-a1")
    game.choose("machinery:1:1")
    assert (c.excavators - before[0], c.mixers - before[1], before[2] - c.credits) == (1, 1, 1)
    assert violations(game) == []


def test_the_wind_farm_produces_five_and_may_fulfil_a_contract_of_five_or_less():
    game, seat = position(lwp_game(), rows=ROWS)
    c = game.state.companies[seat]
    small = next(k.id for k in components().contracts.values() if k.kind == "green" and k.energy <= 5)
    big = next(k.id for k in components().contracts.values() if k.kind == "red" and k.energy > 5)
    for pile in game.state.private_piles.values():
        for cid in (small, big):
            if cid in pile:
                pile.remove(cid)
    for shown in game.state.private_display.values():
        for cid in (small, big):
            if cid in shown:
                shown.remove(cid)
    c.contracts = [small, big]
    game = built(game, seat, "wind_farm")
    energy, credits = c.energy, c.credits
    game.choose("place:wind_farm-a1")
    assert c.energy - energy == 5 and credits - c.credits == 2
    assert game.prompt.kind == "contract" and set(game.prompt.keys()) == {f"contract:{small}", "skip"}


def test_the_development_office_takes_a_tile_off_the_wheel():
    game, seat = position(lwp_game(), rows=ROWS)
    c = game.state.companies[seat]
    c.tiles.remove("base")
    c.wheel[(c.wheel_open + 3) % len(c.wheel)].tiles.append("base")
    c.wheel[(c.wheel_open + 3) % len(c.wheel)].excavators += 2
    c.machinery_gained[0] += 2
    game = built(game, seat, "development_office")
    game.choose("place:development_office-a1")
    assert "base" in c.tiles and c.wheel[(c.wheel_open + 3) % len(c.wheel)].excavators == 2  # the machinery stays
    assert violations(game) == []


def test_the_research_lab_takes_back_half_a_segment_rounded_down():
    game, seat = position(lwp_game(), rows=ROWS)
    c = game.state.companies[seat]
    seg = c.wheel[(c.wheel_open + 2) % len(c.wheel)]
    seg.excavators, seg.mixers = 3, 2  # 5 machinery: 2 come back
    c.machinery_gained = [c.machinery_gained[0] + 3, c.machinery_gained[1] + 2]
    game = built(game, seat, "research_lab")
    before = (c.excavators, c.mixers)
    game.choose("place:research_lab-a1")
    if game.prompt.kind == "lwp_segment":
        game.choose(f"segment:{(c.wheel_open + 2) % len(c.wheel)}")
    assert set(game.prompt.keys()) == {"back:2:0:0", "back:1:1:0", "back:0:2:0"}
    game.choose("back:1:1:0")
    assert (c.excavators - before[0], c.mixers - before[1]) == (1, 1) and (seg.excavators, seg.mixers) == (2, 1)
    assert violations(game) == []


def test_the_loan_agency_pays_two_credits_per_machinery_for_an_external_work():
    game, seat = position(lwp_game(), rows=ROWS, works_up=["B4", "A1", "A2"])
    game = built(game, seat, "loan_agency")
    c = game.state.companies[seat]
    before = (c.excavators, c.credits, c.vp, c.energy)
    game.choose("place:loan_agency-a1")
    game.choose("work:1")  # B4: 3 Excavators -> 6 Credits; 5 VP and 6 Energy
    assert (c.excavators, before[1] - c.credits, c.vp - before[2], c.energy - before[3]) == (before[0], 6, 5, 6)
    assert leeghwater(game.state).fulfilled == {"B4": seat} and leeghwater(game.state).works[0] == ""


def test_the_customer_office_fulfils_a_contract_of_any_energy_for_three_credits():
    game, seat = position(lwp_game(), rows=ROWS)
    c = game.state.companies[seat]
    big = max((k for k in components().contracts.values() if k.kind == "red"), key=lambda k: k.energy).id
    for pile in [*game.state.private_piles.values(), *game.state.private_display.values()]:
        if big in pile:
            pile.remove(big)
    c.contracts = [big]
    game = built(game, seat, "customer_office")
    credits = c.credits
    game.choose("place:customer_office-a1")
    assert credits - c.credits == 3 and f"contract:{big}" in game.prompt.keys()


def test_the_control_station_produces_with_three_more():
    game, seat = position(lwp_game(), rows=ROWS)
    game = built(game, seat, "control_station")
    # Without a system to produce with, the space is not offered; the production itself is production.py's.
    assert "place:control_station-a1" not in game.prompt.keys()
    assert box().buildings["control_station"].params["bonus"] == 3


# ---------------------------------------------------------------- Margot Fouche

def test_margot_comes_with_the_module_only():
    from barrage_tui.rules.setup import module_officers

    assert "margot" in module_officers(frozenset({"leeghwater"})) and "margot" not in module_officers(frozenset())
    with pytest.raises(SetupError, match="needs the module"):
        Setup(seats=(SeatSetup("A", company="usa", officer="margot"), SeatSetup("B", company="italy",
                                                                            officer="jill"))).validate()


def test_margots_space_uses_a_building_once_more_in_the_round():
    game, seat = position(at_turn(lwp_game(officers=("margot", "jill")), 0), rows=ROWS)
    own = leeghwater(game.state)
    own.built["financial_division-1"] = seat
    own.used["financial_division"] = [seat]  # used through its own spaces this round
    own.occupied["financial_division-a1"] = seat
    game = restart(game)
    c = game.state.companies[seat]
    assert not [k for k in game.prompt.keys() if "financial_division" in k]
    credits = c.credits
    game.choose("place:margot-1")  # 1 Engineer; the one building able acts (a lone choice)
    assert c.credits - credits == 5 and c.engineers == 11


def test_margots_space_needs_a_building_that_can_act():
    game, seat = position(at_turn(lwp_game(officers=("margot", "jill")), 0), rows=ROWS)
    assert game.state.companies[seat].officer == "margot" and "place:margot-1" not in game.prompt.keys()


# ---------------------------------------------------------------- Leslie Spencer

def leslie_at_works(works_up=("B4", "A1", "A3")) -> tuple[Game, int]:
    game, seat = position(at_turn(lwp_game(officers=("leslie", "jill")), 0), works_up=list(works_up))
    assert game.state.companies[seat].officer == "leslie" and "leslie" in game.state.companies[seat].tiles
    return game, seat


def test_leslie_puts_an_external_works_machinery_on_her_wheel_with_her_tile():
    game, seat = leslie_at_works()
    c = game.state.companies[seat]
    segment, excavators, lost = c.wheel_open, c.excavators, list(c.machinery_lost)
    game.choose("place:works-1")  # B4: 3 Excavators
    assert game.prompt.kind == "lwp_work_machinery"
    game.choose("wheel")
    assert c.excavators == excavators - 3 and c.machinery_lost == lost  # not spent: on the wheel
    assert c.wheel[segment].excavators == 3 and c.wheel[segment].tiles == ["leslie"] and "leslie" not in c.tiles
    assert c.wheel_open == (segment + 1) % len(c.wheel)
    assert leeghwater(game.state).fulfilled == {"B4": seat} and violations(game) == []


def test_leslie_may_spend_it_and_cannot_choose_while_her_tile_is_on_the_wheel():
    game, seat = leslie_at_works()
    c = game.state.companies[seat]
    c.tiles.remove("leslie")
    c.wheel[(c.wheel_open + 2) % len(c.wheel)].tiles.append("leslie")
    game = restart(game)
    excavators = c.excavators
    game.choose("place:works-1")
    assert game.prompt.kind != "lwp_work_machinery" and c.excavators == excavators - 3
    assert c.machinery_lost[0] == 3


def test_mahiri_copying_leslie_puts_an_external_works_machinery_on_her_wheel_with_no_tile():
    game, seat = position(at_turn(lwp_game(officers=("mahiri", "jill")), 0), works_up=["B4", "A1", "A3"])
    c = game.state.companies[seat]
    game.state.spare_officers = ["leslie"]
    game = restart(game)
    game.choose("place:mahiri-1")
    game.choose("copy:leslie")
    segment, excavators, lost = c.wheel_open, c.excavators, list(c.machinery_lost)
    game.choose("place:works-1")  # B4: 3 Excavators
    assert game.prompt.kind == "lwp_work_machinery"
    game.choose("wheel")
    assert c.excavators == excavators - 3 and c.machinery_lost == lost
    assert c.wheel[segment].excavators == 3 and c.wheel[segment].tiles == [] and violations(game) == []


def test_leslie_comes_with_the_module_only():
    from barrage_tui.rules.setup import module_officers

    assert "leslie" in module_officers(frozenset({"leeghwater"})) and "leslie" not in module_officers(frozenset())


CHALLENGE = {MODULES_OPTION: ["china", "leeghwater"], BOARD_OPTION: "yellow-river"}


def challenge_setup(seed: int) -> Setup:
    return Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"), SeatSetup("B", company="germany",
                 officer="jill")), seed=seed, options=CHALLENGE)


def test_with_the_china_challenge_its_winch_orders_and_tiles_join_the_draws():
    """Seed 002 setup steps 7-8: China's three orders shuffled in with the External Works, the Winch with the
    private buildings; both modules' bonus tiles and advanced tiles in the draws, each module's removals kept."""
    b, comps = box(), components()
    china_tiles = {t.id for t in comps.china_tiles.values() if t.level}
    seen_rows: set[str] = set()
    seen_bonus: Counter[int] = Counter()
    for seed in range(30):
        setup = challenge_setup(seed)
        st = new_state(setup)
        own = leeghwater(st)
        seen_rows.update(own.rows)
        seen_bonus.update(st.bonus_tiles)
        assert sorted([*own.works, *(w for p in own.piles.values() for w in p)]) == sorted(b.works)
        placed = [*st.patent_offer, *(t for p in st.patent_piles.values() for t in p)]
        removed = [*own.tiles_removed, *st.modules["china"].tiles_removed]
        assert not set(placed) & set(removed) and len(set(placed)) == len(placed)
        assert {"L1_BUILDING", "L2_BUILDING", "L3_BUILDING"} | china_tiles <= {*placed, *removed}
        check_state(st, setup)
    assert "winch" in seen_rows
    assert seen_bonus[6] and seen_bonus[7] and seen_bonus[10]  # the Leeghwater Project's two and China's


def test_without_the_china_challenge_in_play_none_of_its_pieces():
    """China switched on over a board without landscapes brings the company only: no Winch, no orders."""
    setup = Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3, options={MODULES_OPTION: ["china", "leeghwater"]})
    for seed in range(10):
        own = leeghwater(new_state(Setup(seats=setup.seats, seed=seed, options=setup.options)))
        assert "winch" not in own.rows
        assert not any(w.startswith("china") for w in [*own.works, *(w for p in own.piles.values() for w in p)])


def challenge_position(works_up: list[str] | None = None, rows: list[str] | None = None) -> tuple[Game, int]:
    game = Game.new(challenge_setup(2))
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return position(game, rows=rows, works_up=works_up)


def test_the_winch_gives_a_machinery_of_choice_for_each_landscape_built():
    game, seat = challenge_position(rows=["winch", *ROWS[1:]])
    china = game.state.modules["china"]
    china.built.update({s: seat for s in sorted(china.landscapes)[:2]})  # two landscapes of its own
    game = built(game, seat, "winch")
    c = game.state.companies[seat]
    before = c.excavators + c.mixers
    assert "place:winch-a1" in game.prompt.keys()
    game.choose("place:winch-a1")
    while game.prompt.seat == seat and game.prompt.kind == "machinery":
        game.choose(game.prompt.choices[0].key)
    assert c.excavators + c.mixers == before + 2


def test_the_winch_is_not_offered_before_a_landscape_is_built():
    game, seat = challenge_position(rows=["winch", *ROWS[1:]])
    game = built(game, seat, "winch")
    assert "place:winch-a1" not in game.prompt.keys()


def test_chinas_second_order_scores_three_vp_a_landscape():
    game, seat = challenge_position(works_up=["china_ii", "A1", "A3"])
    china = game.state.modules["china"]
    china.built.update({s: seat for s in sorted(china.landscapes)[:3]})
    c = game.state.companies[seat]
    vp = c.vp
    game.choose("place:works-1")
    assert c.vp - vp == 9


def test_chinas_first_order_builds_a_yellow_landscape_free():
    game, seat = challenge_position(works_up=["china_i", "A1", "A3"])
    for area in ("mountain", "hill", "plain"):  # a dam of its own in every area: a landscape may go anywhere
        space = next(d for d, dam in game.board.dams.items() if dam.area == area and d not in game.state.dams)
        game.state.dams[space] = DamState(owner=seat, height=1)
    game = restart(game)
    c = game.state.companies[seat]
    china = game.state.modules["china"]
    landscapes = module_structure(game, "landscape")
    yellow = {s for s in landscapes.spaces(game, seat) if landscapes.data(game, s)["colour"] == "yellow"}
    assert yellow and yellow != set(landscapes.spaces(game, seat))
    game.choose("place:works-1")  # 2 Excavators for the order
    assert game.prompt.kind == "lwp_free_structure"
    assert {k.split(":", 1)[1] for k in game.prompt.keys() if k != "skip"} == yellow
    machinery = (c.excavators, c.mixers)
    space = sorted(yellow)[0]
    game.choose(f"space:{space}")
    assert china.built.get(space) == seat
    assert c.excavators >= machinery[0] and c.mixers >= machinery[1]  # its building cost not paid
