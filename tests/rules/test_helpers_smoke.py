"""The test helpers themselves: a built position plays through the engine and through a generator."""

from barrage_tui.rules import production
from barrage_tui.rules.state import DamState

from .helpers import clear_map, drive, new_game, put_drops, restart


def test_a_built_position_produces_through_the_engine():
    game = new_game(companies=("usa", "italy"), officers=("wilhelm", "jill"))
    st = game.state
    seat = game.prompt.seat
    clear_map(game)
    st.dams["B5U"] = DamState(owner=seat, height=1)
    put_drops(game, "B5U", 2)
    st.conduits["C5R"] = seat
    st.powerhouses["P10_0"] = seat
    game = restart(game)
    game.choose("place:turbine-0")
    game.choose("drops:2")
    assert st.companies[seat].energy == 8  # 2 drops x conduit value 4


def test_drive_a_rules_generator():
    game = new_game()
    st = game.state
    clear_map(game)
    st.dams["B1U"] = DamState(owner=0, height=1)
    put_drops(game, "B1U", 1)
    st.conduits["C1L"] = 1
    st.powerhouses["P8_0"] = 0
    st.companies[0].contracts = [1]
    _, prompts = drive(game, production.produce(game, 0, bonus=0), ["skip"])
    assert prompts[0].kind == "contract"
    assert st.companies[0].energy == 5 and st.companies[1].credits == 7
