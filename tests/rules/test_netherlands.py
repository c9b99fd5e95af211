"""The Netherlands (The Leeghwater Project; reference leeghwater-5p.md A.7): its board's incomes and its ability,
a drop behind another of its own Dams right after each production, from its 3rd Powerhouse."""

from barrage_tui.rules import production
from barrage_tui.rules.components import components
from barrage_tui.rules.setup import MODULES_OPTION, company_pool
from barrage_tui.rules.state import NEUTRAL

from .helpers import clear_map, drive, new_game, put_conduit, put_dam, put_powerhouse, violations

NL = 1


def netherlands(n_powerhouses=3):
    game = new_game(companies=("usa", "netherlands"), officers=("wilhelm", "jill"))
    clear_map(game)
    for c in game.state.companies:
        c.contracts = []
    game.state.national = []
    put_dam(game, "B5U", NL, height=2, drops=1)
    put_conduit(game, "C5R", NL)  # value 4, to P10
    put_dam(game, "B1L", NL, height=1)  # another Dam of its own, with room
    put_dam(game, "B2L", NEUTRAL, height=1)  # a neutral Dam: never offered
    for space in ["P10_0", "P8_0", "P7_0"][:n_powerhouses]:
        put_powerhouse(game, space, NL)
    return game


def test_the_netherlands_join_the_pool_with_the_module_only():
    assert "netherlands" in company_pool({MODULES_OPTION: ["leeghwater"]})
    assert "netherlands" not in company_pool({})
    nl = components().companies["netherlands"]
    assert nl.income["base"][2] == {"drops_delayed": 2} and nl.income["conduit"][4] == {"any_machinery": 2}
    assert nl.automa_playable  # (an Automa's with the module: its drop's rule is the automa package's)


def test_after_a_production_a_drop_goes_behind_another_own_dam():
    game = netherlands()
    _, prompts = drive(game, production.produce(game, NL, 0), ["dam:B1L"])
    assert prompts[-1].kind == "company_drop"
    assert set(prompts[-1].keys()) == {"dam:B1L", "skip"}  # not B5U (the water came from it), not the neutral B2L
    assert game.state.dams["B1L"].drops == 1 and violations(game) == []


def test_the_drop_may_be_declined():
    game = netherlands()
    drive(game, production.produce(game, NL, 0), ["skip"])
    assert game.state.dams["B1L"].drops == 0


def test_the_ability_needs_3_powerhouses():
    game = netherlands(n_powerhouses=2)
    _, prompts = drive(game, production.produce(game, NL, 0), [])
    assert all(p.kind != "company_drop" for p in prompts)
