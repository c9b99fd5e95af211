"""The Brazil company (seed 002, The Overseas Companies; reference sammelbecken.md 2.3-2.4): Bases,
Elevations and Conduits taken from any column of its board, the machinery columns 3-5 lose for good (also
for a free build; not in credits with Solomon, in Excamixers with Elon), an income in every column, some
with a price, and its ability Negotiation. Each rule on a position set up here."""

import pytest

from saves import loads_game
from saves.codec import dumps
from barrage_tui.rules import build_costs, build_tiles, company_board, construction, contracts, income, production
from barrage_tui.rules.components import components
from barrage_tui.rules.engine.decisions import PromptKind
from barrage_tui.rules.invariants import violations
from barrage_tui.rules.setup import EXPANSION_OPTION, SeatSetup, Setup
from barrage_tui.rules.sim import play_random
from barrage_tui.rules.state import GameState
from barrage_tui.rules.validation import InvalidState, check_state

from .helpers import drive, empty_map_game, give_contracts, play, put_dam, put_powerhouse, restart
from .test_data import _row, edited_data  # noqa: F401 - the fixture


def brazil(officer="graziano", **supply):
    """Brazil (seat 0) to act on an empty map, rich in machinery and credits unless told otherwise; what it
    holds counts as received (the machinery conservation check)."""
    game, seat = empty_map_game(("brazil", "france"), (officer, "viktor"), **supply)
    c = game.state.companies[seat]
    c.machinery_gained = [c.excavators, c.mixers]
    c.excamixers_gained = c.excamixers
    return restart(game), c


def build_base(game, column, space="B8L", *more):
    """Construct a Base (a plain one costs 3 Excavators) from ``column``, answering ``more`` after it.
    Returns the questions asked."""
    _, prompts = drive(game, construction.construct(game, 0), ["tile:base", f"column:{column}", f"space:{space}",
                                                               *more])
    return prompts


def test_the_board_data_loses_the_printed_machinery_and_says_the_incomes_are_assumed():
    co = components().companies["brazil"]
    assert dict(co.column_loss) == {3: (1, 0), 4: (0, 1), 5: (1, 1)}
    assert co.any_order == {"base", "elevation", "conduit"}
    assert "assumed" in co.assumed and "barrage_tui/rules/data/companies.toml" in co.assumed
    assert all(set(co.income[s]) == {1, 2, 3, 4, 5} for s in company_board.ROWS)  # an income in every column
    assert co.module == "overseas" and "brazil" in components().companies


def test_an_edited_income_or_price_in_the_data_is_what_the_game_uses(edited_data):
    def edit(d):
        row = _row(d["company"], "brazil")
        row["income_base"]["2"] = {"credits": 5}
        row["income_price"]["base"]["2"] = 4
        row["column_machinery_loss"][0]["mixers"] = 2  # column 3 now also loses 2 mixers
    edited_data("companies", edit)
    game, c = brazil()
    prompts = build_base(game, 2, "B8L", "income:base:2")
    assert prompts[-1].kind == PromptKind.INCOME_PRICE and prompts[-1].choices[0].data["price"] == 4
    assert c.credits == 20 - 4 + 5
    assert company_board.loss(c, "base", 3) == (1, 2)


def test_the_column_choice_shows_each_columns_income_price_and_loss():
    game, c = brazil()
    play(game, "place:construct", "tile:base")
    prompt = game.prompt
    assert prompt.kind == PromptKind.BUILD_COLUMN and prompt.keys() == tuple(f"column:{n}" for n in range(1, 6))
    four = prompt.find("column:4")
    assert four.data == {"structure": "base", "column": 4, "income": {"credits": 6}, "price": 2,
                         "loss": {"excavators": 0, "mixers": 1}}
    assert "6 credits" in four.label and "2 credits" in four.label and "1 mixer" in four.label
    assert prompt.find("column:1").data["loss"] == {"excavators": 0, "mixers": 0}
    game.choose("column:5")
    space = game.prompt.find("space:B8L")
    assert space.data["loss"] == {"excavators": 1, "mixers": 1} and space.data["column"] == 5
    assert "loses 1 Excavator + 1 mixer" in space.label


def test_a_column_3_base_loses_1_excavator_for_good_on_top_of_the_wheel_before_its_income():
    game, c = brazil()
    prompts = build_base(game, 3, "B8L", "machinery:1:0")
    # column 3's income (1 machinery of choice) comes after the loss: the Excavator was already gone
    assert prompts[-1].kind == PromptKind.MACHINERY
    assert (c.excavators, c.mixers, c.machinery_lost) == (20 - 3 - 1 + 1, 20, [1, 0, 0])
    assert c.wheel[0].excavators == 3  # the wheel holds only its own cost
    assert c.columns_taken == {"base": [3]} and c.pieces["base"] == 4
    assert violations(game) == []


def test_columns_4_and_5_lose_a_mixer_and_one_of_each():
    game, c = brazil()
    build_base(game, 4, "B8L", "skip")  # column 4's price: not paid this time
    assert c.machinery_lost == [0, 1, 0] and (c.excavators, c.mixers) == (17, 19)
    drive(game, construction.construct(game, 0), ["tile:conduit", "column:5", "space:C6R"])  # value 2: 4 Excavators
    assert c.machinery_lost == [1, 2, 0] and (c.excavators, c.mixers) == (17 - 4 - 1, 18)
    assert c.columns_taken == {"base": [4], "conduit": [5]}
    assert violations(game) == []


def test_no_build_from_a_column_whose_loss_cannot_be_paid():
    game, c = brazil(excavators=3, mixers=0)  # exactly a plain Base's 3 Excavators, no mixer
    play(game, "place:construct", "tile:base")
    assert game.prompt.keys() == ("column:1", "column:2")
    assert [why for _, why in game.prompt.data["unavailable"]] == [
        "cannot also lose 1 Excavator", "cannot also lose 1 mixer", "cannot also lose 1 Excavator + 1 mixer"]


def test_solomon_cannot_pay_the_loss_with_credits():
    game, c = brazil("solomon", excavators=0, mixers=0, credits=30)
    play(game, "place:construct", "tile:base")
    assert game.prompt.keys() == ("column:1", "column:2")  # the wheel's 3 Excavators in credits, no loss


def test_elon_pays_the_loss_with_excamixers_and_they_leave_the_game():
    game, c = brazil("elon", excavators=0, mixers=0)
    assert c.excamixers == 8
    build_base(game, 5)
    assert c.excamixers == 8 - 3 - 2 and c.machinery_lost == [0, 0, 2]
    assert violations(game) == []


def test_elon_loses_ordinary_machinery_before_excamixers():
    game, c = brazil("elon", excavators=4, mixers=0)
    use = next(u for u in build_tiles.tile_uses(game, 0) if u.structure == "base")
    pays = {p.key: p for p in build_costs.payments(game, 0, use, "B8L", 20, 3)}
    assert {p.lost for p in pays.values()} == {(1, 0, 0)}  # whatever goes on the wheel
    assert pays["pay:3:0:0:0:1:0:0"].label == "3 Excavators; loses 1 Excavator for good"
    build_base(game, 3, "B8L", "pay:3:0:0:0:1:0:0", "machinery:0:1")  # 3 on the wheel: the 4th lost, no Excamixer
    assert (c.excavators, c.excamixers, c.machinery_lost) == (0, 8, [1, 0, 0])


def test_a_free_build_pays_the_loss_too():
    game, c = brazil(excavators=1, mixers=0)
    _, prompts = drive(game, construction.free_build(game, 0, "base"), ["column:3", "space:B8L", "machinery:1:0"])
    assert prompts[0].kind == PromptKind.BUILD_COLUMN and prompts[0].keys() == ("column:1", "column:2", "column:3")
    assert c.machinery_lost == [1, 0, 0] and c.excavators == 0 + 1 and c.columns_taken == {"base": [3]}


def test_a_free_build_with_no_machinery_to_lose_is_offered_only_the_free_columns():
    game, c = brazil(excavators=0, mixers=0)
    _, prompts = drive(game, construction.free_build(game, 0, "conduit"), ["column:2", "space:C6R", "machinery:0:1"])
    assert prompts[0].keys() == ("column:1", "column:2")
    assert c.columns_taken == {"conduit": [2]} and c.machinery_lost == [0, 0, 0]


def test_pieces_are_taken_in_any_order_and_the_state_lists_only_a_row_not_taken_from_the_left():
    game, c = brazil()
    company_board.take(c, "elevation", 2)
    assert c.columns_taken == {"elevation": [2]} and company_board.free_columns(c, "elevation") == [1, 3, 4, 5]
    company_board.take(c, "elevation", 1)
    assert c.columns_taken == {} and company_board.taken(c, "elevation") == [1, 2]
    assert company_board.free_columns(c, "powerhouse") == [1]  # Powerhouses: in the usual order


def test_a_base_company_has_no_column_choice_and_writes_no_new_field():
    game, seat = empty_map_game()  # Italy
    play(game, "place:construct", "tile:base")
    assert game.prompt.kind == PromptKind.BUILD_SPACE
    data = game.state.to_dict()["companies"][0]
    assert "columns_taken" not in data and "machinery_lost" not in data


def test_the_new_fields_are_saved_and_an_old_state_loads_with_their_defaults():
    game, c = brazil()
    company_board.take(c, "base", 4)
    c.machinery_lost = [0, 1, 0]
    data = game.state.to_dict()
    assert data["companies"][0]["columns_taken"] == {"base": [4]}
    again = GameState.from_dict(data)
    assert again == game.state
    old = game.state.to_dict()
    del old["companies"][0]["columns_taken"], old["companies"][0]["machinery_lost"]
    loaded = GameState.from_dict(old).companies[0]
    assert loaded.columns_taken == {} and loaded.machinery_lost == [0, 0, 0]


@pytest.mark.parametrize("columns, problem", [
    ({"base": [3, 3]}, "once each"), ({"base": [6]}, "once each"), ({"base": [2, 3]}, "1 bases are built"),
    ({"powerhouse": [2]}, "taken from the left")])
def test_a_bad_list_of_columns_is_refused_with_its_path(columns, problem):
    game, c = brazil()
    company_board.take(c, "base", 2)
    c.columns_taken = columns
    with pytest.raises(InvalidState, match=r"columns_taken\.(base|powerhouse): .*" + problem):
        check_state(game.state, game.setup)


def test_an_uncovered_price_is_paid_at_once_or_the_income_is_left():
    game, c = brazil()
    prompt = build_base(game, 4, "B8L", "income:base:4")[-1]
    assert prompt.kind == PromptKind.INCOME_PRICE and prompt.keys() == ("income:base:4", "skip")
    assert prompt.find("income:base:4").data == {"structure": "base", "column": 4, "price": 2,
                                                 "income": {"credits": 6}}
    assert c.credits == 20 - 2 + 6
    _, prompts = drive(game, construction.construct(game, 0), ["tile:elevation", "column:4", "skip"])
    assert prompts[-1].kind == PromptKind.INCOME_PRICE
    assert (c.credits, c.energy, c.columns_taken) == (18 + 6, 0, {"base": [4], "elevation": [4]})  # left


def test_the_income_phase_takes_the_free_incomes_first_then_asks_for_the_priced_ones():
    game, c = brazil(credits=0)
    for structure, column in (("base", 4), ("base", 1), ("conduit", 1)):
        company_board.take(c, structure, column)
    _, prompts = drive(game, income.income(game, 0))
    assert prompts == [] and (c.credits, c.energy) == (1, 1)  # base 1 and conduit 1; base 4 needs 2 credits
    assert "cannot pay for base column 4: 6 credits" in game.events[-1].text
    c.credits = 0
    company_board.take(c, "conduit", 2)  # 1 machinery of choice: asked before the priced ones
    _, prompts = drive(game, income.income(game, 0), ["machinery:1:0"])
    assert [p.kind for p in prompts] == [PromptKind.MACHINERY]


def test_credits_from_one_income_pay_for_another():
    game, c = brazil(credits=0)
    company_board.take(c, "base", 1)  # 1 credit, free
    company_board.take(c, "base", 4)  # 6 credits for 2
    company_board.take(c, "elevation", 4)  # 2 VP + 4 energy for 1
    vp = c.vp
    gen = income.income(game, 0)
    prompt = next(gen)  # after base 1's credit: only elevation 4 (1 credit) is affordable
    assert prompt.kind == PromptKind.INCOME_PRICE and prompt.keys() == ("income:elevation:4", "skip")
    assert [label for label, _ in prompt.data["unavailable"]] == ["base column 4: 6 credits"]
    with pytest.raises(StopIteration):
        gen.send("income:elevation:4")
    assert (c.credits, c.vp, c.energy) == (0, vp + 2, 4)  # ... and base 4 then can't be paid
    c.credits = 2
    gen = income.income(game, 0)
    prompt = next(gen)
    assert set(prompt.keys()) == {"income:base:4", "income:elevation:4", "skip"}
    prompt = gen.send("income:base:4")  # 3 - 2 + 6 = 7 credits: elevation 4 is affordable again
    assert c.credits == 7 and prompt.keys() == ("income:elevation:4", "skip")
    with pytest.raises(StopIteration):
        gen.send("skip")  # left this time
    assert c.credits == 7


# ---------------------------------------------------------------- Negotiation (the 3rd Powerhouse)

def negotiating(officer="graziano", powerhouses=3):
    """Brazil with ``powerhouses`` Powerhouses and a 2-drop Dam with a value-4 Conduit into one of them
    (9 Energy with the 3 Powerhouses' +1); the display shows green 202 and 209, yellow 302 and 300."""
    game, c = brazil(officer)
    st = game.state
    for space in ("P5_0", "P6_0", "P7_0")[:powerhouses]:
        put_powerhouse(game, space, 0)
    put_dam(game, "B3L", 0, drops=2)  # zone 3: conduit C3L (value 4) ends in zone 5
    st.conduits["C3L"] = 0
    c.pieces["conduit"] -= 1
    for colour, ids in (("green", [202, 209]), ("yellow", [302, 300])):
        st.private_piles[colour] += st.private_display[colour]
        st.private_piles[colour] = [i for i in st.private_piles[colour] if i not in ids]
        st.private_display[colour] = ids
    return restart(game), c


def produce(game, *keys):
    return drive(game, production.produce(game, 0, 0), ["drops:2", *keys])


def test_after_a_production_brazil_may_fulfil_a_display_contract_for_an_engineer():
    game, c = negotiating()
    st = game.state
    engineers = c.engineers
    _, prompts = produce(game, "contract:302")
    offered = prompts[-1]
    assert offered.kind == PromptKind.CONTRACT
    assert {"contract:202", "contract:209", "contract:302", "contract:300", "skip"} <= set(offered.keys())
    assert all(components().contracts[int(k[9:])].energy <= 9 for k in offered.keys() if k != "skip")
    assert offered.find("contract:302").data == {"negotiation": True} and "Negotiation" in offered.find("contract:302").label
    assert 302 in c.fulfilled and st.private_display["yellow"] == [300]
    assert (c.credits, c.mixers) == (20 + 3, 20 + 2)  # the reward at once
    assert c.engineers == engineers - 1 and st.engineers_on["contract-beside"] == [1, 0]
    assert violations(game) == []
    contracts.refill(game)  # (at the end of the turn, as usual)
    assert len(st.private_display["yellow"]) == 2


def test_only_a_display_contract_the_production_covers():
    game, c = negotiating()  # 9 Energy
    st = game.state
    shown = {"green": [202, 209], "yellow": [302, 300], "red": [405, 410]}  # red: 9 and 10 Energy
    for colour, ids in shown.items():
        st.private_piles[colour] = [i for i in st.private_piles[colour] + st.private_display[colour] if i not in ids]
        st.private_display[colour] = ids
    _, prompts = produce(game, "skip")
    assert set(prompts[-1].keys()) == {"contract:202", "contract:209", "contract:302", "contract:300",
                                       "contract:405", "skip"}


def test_no_negotiation_before_the_3rd_powerhouse():
    game, c = negotiating(powerhouses=2)
    with pytest.raises(StopIteration):
        next(contracts.fulfil(game, 0, 30, production=True))  # nothing in hand, no National: no question


def test_no_negotiation_without_an_engineer_nor_without_a_production():
    game, c = negotiating()
    with pytest.raises(StopIteration):
        next(contracts.fulfil(game, 0, 30, production=False))
    game.state.bank[0] += c.engineers
    c.engineers = 0
    with pytest.raises(StopIteration):
        next(contracts.fulfil(game, 0, 30, production=True))


def test_simone_fulfils_several_but_only_one_from_the_display():
    game, c = negotiating("simone")
    give_contracts(game, 0, [205])  # green, 3 energy, in hand
    gen = contracts.fulfil(game, 0, 9, production=True)
    next(gen)
    prompt = gen.send("contract:202")  # 2 from the display: 7 left, but no more from the display
    assert prompt.keys() == ("contract:205", "skip")
    with pytest.raises(StopIteration):
        gen.send("contract:205")
    assert game.state.engineers_on["contract-beside"] == [1, 0] and {202, 205} <= set(c.fulfilled)


def test_the_automa_does_not_negotiate():
    game, c = negotiating()
    c.kind, c.difficulty = "automa", "hard"
    prompt = next(contracts.fulfil(game, 0, 9, production=True))
    assert "contract:302" in prompt.keys() and all(not ch.data for ch in prompt.choices)


def test_a_contract_fulfilled_by_negotiation_builds_for_free_and_still_loses_the_column_machinery():
    game, c = negotiating()
    st = game.state
    st.private_piles["green"] = [i for i in st.private_piles["green"] if i != 211] + [202]
    st.private_display["green"] = [211, 209]  # 211: 4 energy, build a Base in the plains for free
    c.excavators, c.mixers = 0, 1
    c.machinery_gained = [0, 1]
    _, prompts = produce(game, "contract:211", "column:4", "space:B8L", "skip")  # (column 1: its Dam B3L)
    assert prompts[-3].kind == PromptKind.BUILD_COLUMN and prompts[-3].keys() == ("column:2", "column:4")
    assert c.machinery_lost == [0, 1, 0] and c.mixers == 0 and st.dams["B8L"].owner == 0
    assert violations(game) == []


def test_a_save_keeps_the_columns_and_the_lost_machinery():
    game, c = brazil()
    build_base(game, 5)
    text = dumps(restart(game))
    assert "columns_taken" in text and "machinery_lost" in text
    again = loads_game(text).state.companies[0]
    assert (again.columns_taken, again.machinery_lost) == ({"base": [5]}, [1, 1, 0])


@pytest.mark.parametrize("officer", ["elon", "solomon", "simone", "mahiri", "wilhelm"])
def test_whole_random_games_with_brazil_keep_every_invariant(officer):
    seats = (SeatSetup("P1", company="brazil", officer=officer), SeatSetup("P2", company="usa", officer="jill"),
             SeatSetup("P3", company="germany", officer="viktor"))
    for seed in (1, 2):
        result = play_random(Setup(seats, seed=seed, options={EXPANSION_OPTION: True}), seed, check=True)
        assert not result.error and not result.violations, (result.error, result.violations[:3])
