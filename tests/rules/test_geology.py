"""The Geological Factor (expansion rulebook "Der Geofaktor", reference sammelbecken.md section 4): setup,
each token's cost and effect, and the printed interactions (Solomon, Elon, Jill, Japan's Base-less
Elevations)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from barrage_tui.rules import board_files, build_costs, build_spaces, build_tiles, construction, production
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup, new_state
from barrage_tui.rules.board_files import BOARD_OPTION
from barrage_tui.rules.state import DamState, GameState
from barrage_tui.rules.validation import InvalidState, check_state
from barrage_tui.rules.modules.geological import rules as geology
from barrage_tui.rules.modules.geological.state import GeologicalState, tokens_of

from .helpers import (answer, build, drive, empty_map_game, own, play, put_conduit, put_dam, put_powerhouse,
                      violations)

GEOLOGICAL = {MODULES_OPTION: ["geological"]}
MOUNTAINS = {"1", "2", "3", "4"}


def geo_game(tokens: dict[int, int], companies=("italy", "france"), officers=("graziano", "viktor"), **supply):
    """An empty-map game with the module on and ``tokens`` (zone -> token) laid out, seat 0 to act."""
    game, seat = empty_map_game(companies, officers, **supply)
    c = game.state.companies[seat]
    c.machinery_gained = [c.excavators, c.mixers]
    game.state.modules["geological"] = GeologicalState({str(z): t for z, t in tokens.items()})
    setup = replace(game.setup, options={**game.setup.options, **GEOLOGICAL})
    return Game(setup, game.state), seat


def space_choice(game, space):
    return game.prompt.find(f"space:{space}")


def unavailable(game) -> dict[str, str]:
    return {label.split(":")[0]: why for label, why in game.prompt.data["unavailable"]}


# ---------------------------------------------------------------- setup


def test_setup_one_token_per_valley_blanks_and_mountain_powerhouse_tokens_removed():
    seen_mountain_tokens = set()
    for seed in range(60):
        st = new_state(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=seed, options=GEOLOGICAL))
        assert set(tokens_of(st)) <= {str(z) for z in range(1, 11)}  # valleys with Dam spaces only
        assert len(set(tokens_of(st).values())) == len(tokens_of(st)) and set(tokens_of(st).values()) <= set(range(1, 9))
        mountain = {t for z, t in tokens_of(st).items() if z in MOUNTAINS}
        assert not mountain & {5, 8}  # "Remove all tokens showing the crossed-out mountain symbol"
        seen_mountain_tokens |= mountain
        # 8 tokens + 2 blanks on the 10 valleys (3 of the 5 blanks go back: no 4-5 player board); only
        # tokens 5 and 8 may have left
        assert set(range(1, 9)) - set(tokens_of(st).values()) <= {5, 8}
    assert seen_mountain_tokens == {1, 2, 3, 4, 6, 7}


def test_the_tokens_are_drawn_from_the_games_seed_after_the_base_games_draws():
    plain = Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=7)
    geo = replace(plain, options=GEOLOGICAL)
    a, b = new_state(plain), new_state(geo)
    assert tokens_of(a) == {} and tokens_of(b)  # nothing without the module
    assert tokens_of(new_state(geo)) == tokens_of(b)  # the same seed, the same layout
    assert b.rng_counter == a.rng_counter + 1  # one more draw, after all the base game's ones
    assert (a.headstream_tiles, a.bonus_tiles, a.companies) == (b.headstream_tiles, b.bonus_tiles, b.companies)
    assert "geology" not in a.to_dict()  # a game without the module is written as before


SMALL = str(Path(__file__).parents[1] / "boards" / "small.toml")


@pytest.mark.parametrize("board", ["duel", SMALL])
def test_a_board_with_fewer_valleys_takes_one_token_each_the_rest_back_in_the_box(board):
    # "This expansion can be played with all game boards": Duel has 8 valleys, the small test board 3
    zones = {str(z) for z in geology.valleys(board_files.load(board))}
    layouts = set()
    for seed in range(30):
        st = new_state(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=seed,
                             options={**GEOLOGICAL, BOARD_OPTION: board}))
        assert set(tokens_of(st)) <= zones and len(set(tokens_of(st).values())) == len(tokens_of(st))
        layouts.add(tuple(sorted(tokens_of(st).items())))
    assert len(layouts) > 20  # at random, from the game's seed


def test_a_board_with_more_valleys_than_tokens_leaves_some_valleys_without_one():
    base = board_files.load("base")
    more = {z + 10 * k: replace(zone, id=z + 10 * k) for k in (0, 1) for z, zone in base.zones.items()}
    board = replace(base, zones=more)  # 20 valleys for the 8 tokens
    tokened = set()
    for seed in range(30):
        st = GameState(seats=2, introductory=False, seed=seed, companies=[])
        geology.lay_out(st, board)
        assert len(set(tokens_of(st).values())) == len(tokens_of(st)) and set(tokens_of(st)) <= {str(z) for z in more}
        tokened |= set(tokens_of(st))
    assert {z for z in tokened if int(z) > 10}  # at random: not only the first 10 valleys get tokens


def test_the_4_5_player_board_lays_out_every_token_and_blank():
    """Seed 002: "if you are not playing with the 4-5 player board, first return 3 of the blank tokens": on
    it the 13 valleys take the 8 tokens and all 5 blanks (the mountain powerhouse tokens leave the mountains),
    by the rulebook, so no decision is shown there; the base board keeps 2 blanks."""
    five, b = board_files.load("five"), geology.box()
    assert len(geology.valleys(five)) == len(b.tokens) + b.all_blanks == 13 and b.all_blanks - b.blanks == 3
    assert geology.layout_note(five) == "" == geology.layout_note(board_files.load("base"))
    for seed in range(20):
        st = GameState(seats=5, introductory=False, seed=seed, companies=[])
        geology.lay_out(st, five)
        laid = set(tokens_of(st).values())
        mountains = {t for t in b.tokens if b.tokens[t].remove_in_mountains}
        assert set(b.tokens) - mountains <= laid <= set(b.tokens)  # every token laid (none to the box)


def test_the_setup_decision_for_other_boards_is_in_the_data():
    assert geology.box().note.startswith("Decision:") and "valleys" in geology.box().note
    assert geology.layout_note(board_files.load("duel")) == geology.box().note
    assert geology.layout_note(board_files.load("base")) == ""  # the rulebook's own count: nothing to say


def test_an_event_shows_the_tokens_when_round_1_begins():
    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),), seed=3, options=GEOLOGICAL))
    while game.prompt.kind == "starting_contract":
        game.choose(game.prompt.choices[0].key)
    (event,) = [e for e in game.events if "tokens" in e.data]
    assert event.kind == geology.EVENT and event.data["tokens"] == tokens_of(game.state)
    assert set(event.refs) == {f"B{z}U" for z in tokens_of(game.state)}  # over the upper Dam space


def test_validation_refuses_tokens_without_the_module_or_a_powerhouse_token_in_the_mountains():
    game, _ = geo_game({5: 1})
    check_state(game.state, game.setup)
    with pytest.raises(InvalidState, match="module .geological., not switched on"):
        check_state(game.state, replace(game.setup, options={}))
    game.state.modules["geological"] = GeologicalState({"2": 5})
    with pytest.raises(InvalidState, match="mountain"):
        check_state(game.state, game.setup)
    game.state.modules["geological"] = GeologicalState({"11": 1})
    with pytest.raises(InvalidState, match="valley"):
        check_state(game.state, game.setup)
    game.state.modules["geological"] = GeologicalState({"5": 1, "6": 1})
    with pytest.raises(InvalidState, match="two valleys"):
        check_state(game.state, game.setup)


# ---------------------------------------------------------------- costs, shown before choosing


def test_token_1_base_costs_3_more_credits_shown_in_the_price_and_paid():
    game, seat = geo_game({5: 1})
    c = game.state.companies[seat]
    play(game, "place:construct", "tile:base")
    choice = space_choice(game, "B5L")
    assert choice.data["token"]["token"] == 1 and choice.data["credits"] == 3 and "token 1" in choice.label
    assert "token" not in space_choice(game, "B6L").data
    credits = c.credits
    game.choose("space:B5L")  # (the one way to pay, "pay:4:0:0:t3", is taken at once)
    assert credits - c.credits == 3 and game.state.dams["B5L"].owner == seat
    assert any(e.data.get("token_cost") == 1 for e in game.events)
    assert not violations(game)


def test_a_space_whose_token_cost_cannot_be_paid_says_why():
    game, seat = geo_game({5: 1}, credits=2)
    play(game, "place:construct", "tile:base")
    assert space_choice(game, "B5L") is None and space_choice(game, "B6L") is not None
    assert "Geological token 1" in unavailable(game)["B5L"] and "needs 3 credits" in unavailable(game)["B5L"]


def test_token_2_extra_excavators_go_onto_the_wheel_and_a_drop_may_follow():
    game, seat = geo_game({5: 2})
    c = game.state.companies[seat]
    open_before = c.wheel_open
    taken = build(game, "tile:base", "B5L")
    assert taken[0] == 4 + 2  # a hill Base: 4 Excavators, and 2 more
    assert c.wheel[open_before].excavators == 6 and c.wheel_open == (open_before + 1) % 6  # one turn only
    assert game.prompt.kind == "geology_drop"
    game.choose(f"geo-drop:B5L")
    assert game.state.dams["B5L"].drops == 1
    assert not violations(game)


def test_token_2_gives_a_drop_in_each_income_phase_and_token_1_a_credit_per_drop():
    game, seat = geo_game({5: 2, 6: 1})
    put_dam(game, "B5L", seat)
    put_dam(game, "B6L", seat, drops=1)
    c = game.state.companies[seat]
    credits = c.credits
    _, prompts = drive(game, geology.income(game, seat), ["geo-drop:B5L"])
    assert [p.kind for p in prompts] == ["geology_drop"]
    assert game.state.dams["B5L"].drops == 1 and c.credits == credits + 1
    _, prompts = drive(game, geology.income(game, seat), [])  # a full dam: nothing to ask
    assert not prompts and c.credits == credits + 2
    game.state.dams["B5L"].height = 2
    _, prompts = drive(game, geology.income(game, seat), ["skip"])  # "you may": it can be declined
    assert game.state.dams["B5L"].drops == 1


def test_a_free_build_pays_the_token_and_its_machinery_waits_on_the_open_segment():
    game, seat = geo_game({8: 2})
    c = game.state.companies[seat]
    at, excavators = c.wheel_open, c.excavators
    _, prompts = drive(game, construction.free_build(game, seat, "base", ["plain"]), ["space:B8L", "geo-drop:B8L"])
    assert space_choice_in(prompts[0], "B8L").data["excavators"] == 2
    assert c.excavators == excavators - 2 and c.wheel[at].excavators == 2 and c.wheel_open == at  # not turned
    assert not violations(game)


def test_machinery_left_by_a_free_build_goes_round_with_the_next_constructions_tile():
    # machinery_note: "On a later construction, place the new machinery as usual in the open segment (next
    # to the machinery already placed) and turn the Construction Wheel"
    game, seat = geo_game({8: 2})
    c = game.state.companies[seat]
    at = c.wheel_open
    drive(game, construction.free_build(game, seat, "base", ["plain"]), ["space:B8L", "geo-drop:B8L"])
    game = Game(game.setup, game.state)  # (at seat 0's turn again, as before the free build)
    c = game.state.companies[seat]
    taken = build(game, "tile:base", "B5L")
    segment = c.wheel[at]
    assert "base" in segment.tiles and segment.excavators == 2 + taken[0] and c.wheel_open == (at + 1) % 6
    assert not violations(game)


def space_choice_in(prompt, space):
    return prompt.find(f"space:{space}")


def test_token_3_conduit_needs_2_more_engineers_who_stay_on_the_company_board():
    game, seat = geo_game({5: 3})
    c = game.state.companies[seat]
    engineers = c.engineers
    build(game, "tile:conduit", "C5L")
    assert game.state.engineers_on[f"company-{seat}"][seat] == 2
    assert c.engineers == engineers - 1 - 2  # the construction space's Engineer and the token's two
    assert not violations(game)


def test_token_3_engineers_missing_make_the_space_unavailable():
    game, seat = geo_game({5: 3})
    game.state.companies[seat].engineers = 2  # 1 for the construction space, 1 left: 2 needed
    game = Game(game.setup, game.state)
    play(game, "place:construct", "tile:conduit")
    assert space_choice(game, "C5L") is None and "Engineers" in unavailable(game)["C5L"]


def test_token_3_scores_the_conduit_owner_1_vp_per_drop_produced_through_it():
    game, seat = geo_game({5: 3})
    put_dam(game, "B5L", seat, drops=2)
    put_conduit(game, "C5R", 1)  # the other seat's conduit, in the token's valley
    put_powerhouse(game, "P10_0", seat)
    vp = game.state.companies[1].vp
    drive(game, production.produce(game, seat, 0), ["drops:2"])
    assert game.state.companies[1].vp == vp + 2 + 2  # 2 VP for the use of its conduit, 2 from the token


def test_token_4_elevation_3_credits_and_a_drop_per_elevation():
    game, seat = geo_game({5: 4})
    put_dam(game, "B5L", seat)
    c = game.state.companies[seat]
    credits = c.credits
    build(game, "tile:elevation", "B5L")
    assert c.credits == credits - 3 and game.state.dams["B5L"].drops == 1
    assert not violations(game)
    game.state.dams["B5L"].height = 3  # the second Elevation
    drive(game, geology.after_build(game, seat, "elevation", "B5L"))
    assert game.state.dams["B5L"].drops == 3  # 2 more drops, one per Elevation


def test_token_4_counts_an_elevation_without_a_base():
    # "the water-drop effect also applies if you build an Elevation without an underlying Base": it is an
    # Elevation of the Dam (DamState.elevations), so it brings its drop
    game, seat = geo_game({5: 4}, companies=("japan", "france"))
    build(game, "tile:elevation", "B5L")
    dam = game.state.dams["B5L"]
    assert not dam.base and dam.elevations == 1 and dam.drops == 1
    assert not violations(game)


def test_token_5_powerhouse_2_more_excavators_and_2_more_energy():
    game, seat = geo_game({10: 5})
    taken = build(game, "tile:powerhouse", "P10_0")
    assert taken[:2] == (2, 2)  # the first Powerhouse: 2 mixers, and 2 Excavators
    put_dam(game, "B5L", seat, drops=1)
    put_conduit(game, "C5R", seat)
    plain = production.energy(game, seat, "C5R", 1, 0)
    game.state.modules["geological"] = GeologicalState({})
    assert plain == production.energy(game, seat, "C5R", 1, 0) + 2


def test_token_6_conduit_value_plus_1_paid_in_excavators_and_mixers_of_that_value():
    game, seat = geo_game({5: 6})
    play(game, "place:construct", "tile:conduit")
    assert space_choice(game, "C5R").data["token"]["replacement"] == 5  # printed 4, raised to 5
    c = game.state.companies[seat]
    before = (c.excavators, c.mixers)
    answer(game, "build_space", "space:C5R")  # (the one way to pay is taken at once)
    assert (before[0] - c.excavators, before[1] - c.mixers) == (5, 5)
    assert production.conduit_value(game, "C5R") == 5 and production.conduit_value(game, "C6R") == 2
    assert not violations(game)


def test_token_6_counts_against_an_effects_value_limit():
    # "an effect that lets you build a Conduit with value 3 allows you to build it in this valley only on
    # construction spaces with production value 2 or less"
    game, seat = geo_game({5: 6})
    legal = build_spaces.legal_spaces(game, seat, "conduit", max_production=4)
    assert "C5L" in legal and "C5R" not in legal  # C5L: 3 + 1; C5R: 4 + 1
    assert "C1R" in legal  # printed 4 elsewhere


def test_token_6_jill_pays_mixers_equal_to_the_value_plus_1():
    game, seat = geo_game({5: 6}, officers=("jill", "viktor"))
    use = next(u for u in build_tiles.tile_uses(game, seat) if u.structure == "conduit")
    pays = build_costs.payments(game, seat, use, "C5L", 20)
    assert any(p.mixers == 4 and not p.excavators for p in pays)  # value 3 here counts 4


def test_token_7_elevation_1_more_mixer_and_3_credits():
    game, seat = geo_game({8: 7})
    put_dam(game, "B8L", seat)
    c = game.state.companies[seat]
    credits = c.credits
    taken = build(game, "tile:elevation", "B8L")
    assert taken[1] == 2 + 1 and c.credits == credits + 3


def test_token_8_4_more_energy_that_fulfils_no_contract():
    game, seat = geo_game({10: 8})
    put_dam(game, "B5L", seat, drops=1)
    put_conduit(game, "C5R", seat)
    put_powerhouse(game, "P10_0", seat)
    game.state.companies[seat].contracts = [c.id for c in components().contracts_of("green")][:1]
    energy = game.state.companies[seat].energy
    _, prompts = drive(game, production.produce(game, seat, 0), [])
    assert "contract" not in [p.kind for p in prompts]
    assert game.state.companies[seat].energy == energy + 4 + 4 + production.company_bonus(game, seat)


# ---------------------------------------------------------------- the printed interactions


def test_solomon_cannot_pay_the_extra_machinery_with_credits():
    game, seat = geo_game({5: 2}, officers=("solomon", "viktor"), excavators=2, credits=30)
    use = build_tiles.tile_uses(game, seat)[0]
    assert use.structure == "base"
    pays = build_costs.payments(game, seat, use, "B5L", 30)
    assert pays and all(p.excavators >= 2 for p in pays)  # the Base's 4 by credits, the extra 2 never
    game.state.companies[seat].excavators = 1
    assert not build_costs.payments(game, seat, use, "B5L", 30)


def test_elon_may_pay_the_extra_machinery_with_excamixers():
    game, seat = geo_game({8: 7}, officers=("elon", "viktor"))
    put_dam(game, "B8L", seat)
    c = game.state.companies[seat]
    c.mixers, c.excamixers = 2, 1  # (a position for the payments only)
    use = next(u for u in build_tiles.tile_uses(game, seat) if u.structure == "elevation")
    pays = build_costs.payments(game, seat, use, "B8L", 20)
    assert pays and all(p.excamixers == 1 for p in pays)  # 2 mixers + 1 more: only an Excamixer can be it


def test_japan_base_less_elevation_hook():
    # The Japan page: tokens 1 and 2 are not paid by an Elevation built without a Base; 3 (here 4) and 4
    # (here 7) are, and token 4's water-drop effect applies too.
    game, seat = geo_game({5: 1, 6: 2, 7: 4, 8: 7})
    assert geology.token_applies(game, seat, "elevation", "B5L", base_less_elevation=True) is None
    assert geology.token_applies(game, seat, "elevation", "B6L", base_less_elevation=True) is None
    assert geology.token_applies(game, seat, "elevation", "B7L", base_less_elevation=True).id == 4
    assert geology.cost(game, seat, "elevation", "B8L", base_less_elevation=True).mixers == 1
    assert geology.cost(game, seat, "base", "B5L").credits == 3
    # construction treats an Elevation on an empty Dam space as Base-less
    assert build_costs.extra_cost(game, seat, "elevation", "B6L") is None
    game.state.dams["B6L"] = DamState(owner=seat, height=1)
    assert build_costs.extra_cost(game, seat, "elevation", "B6L") is None  # an Elevation: token 2 is a Base's


def test_the_module_and_the_unverified_points_say_their_decision_in_the_data():
    notes = {t.id: t.note for t in geology.box().tokens.values()}
    for token in (1, 3, 4, 6):
        assert notes[token].startswith("Decision:"), token
    assert all(t.effect for t in geology.box().tokens.values())


def test_the_token_cost_and_effect_follow_the_valley_not_the_space():
    # "Costs and effects apply to both Dams of a valley, to both Conduits, and to all Powerhouses."
    game, seat = geo_game({5: 1})
    assert geology.cost(game, seat, "base", "B5U").credits == geology.cost(game, seat, "base", "B5L").credits == 3
    assert geology.cost(game, seat, "conduit", "C5L") is None  # a Base token: nothing for a Conduit
    own(game, seat, "base", "B6L")
    assert geology.cost(game, seat, "base", "B7L") is None


# ---------------------------------------------------------------- the random-play checks


def test_invariants_catch_moved_tokens_and_engineers_on_the_board_no_token_asked_for():
    game, seat = geo_game({5: 3})
    assert not violations(game)
    tokens_of(game.state)["6"] = 1
    assert any("geology" in v for v in violations(game))
    game.state.modules["geological"] = GeologicalState({"5": 3})
    c = game.state.companies[seat]
    c.engineers -= 2
    game.state.engineers_on[f"company-{seat}"] = [2, 0]
    assert any("company board" in v for v in violations(game))
    put_conduit(game, "C5L", seat)  # a Conduit in token 3's valley: its 2 Engineers are due
    assert not violations(game)


# ---------------------------------------------------------------- decisions where the text is unclear


def _ways(game, seat, structure, space, discount):
    """(Excavators, mixers) of each way to pay ``structure`` on ``space``, with yield tiles' ``discount``
    (Excavators, Mixers less)."""
    use = next(u for u in build_tiles.tile_uses(game, seat) if u.structure == structure)
    rules = build_costs.cost_rules(game, seat)(use)._replace(discount=discount)
    token = build_costs.extra_cost(game, seat, structure, space)
    return {(p.excavators, p.mixers) for p in build_costs.each_payment(
        game.state.companies[seat], structure, space, 20, rules, 0, token) if not p.waiver}


def test_a_yield_tiles_machinery_less_reaches_token_6s_replacement_each_half_by_its_kind():
    game, seat = geo_game({5: 6})
    assert _ways(game, seat, "conduit", "C5R", (0, 0)) == {(5, 5)}
    assert _ways(game, seat, "conduit", "C5R", (1, 0)) == {(4, 5)}  # "Pay 1 Excavator less when building"
    assert _ways(game, seat, "conduit", "C5R", (1, 1)) == {(4, 4)}


def test_a_yield_tiles_machinery_less_never_reaches_a_tokens_extra_machinery():
    game, seat = geo_game({6: 2})
    ((plain, _),) = _ways(game, seat, "base", "B5L", (0, 0))
    assert _ways(game, seat, "base", "B6L", (1, 0)) == {(plain - 1 + 2, 0)}  # the Base 1 less, token 2's +2 kept


def test_the_decisions_are_in_the_data_where_the_player_meets_them():
    assert "Angelo" in geology.box().tokens[6].note and "yield" in geology.box().tokens[6].note
    assert geology.box().machinery_note.startswith("Decision:") and "segment" in geology.box().machinery_note
    assert "token 6" in components().officers["angelo"].decision
