"""The extra action board (module ``extra_board``, every effect assumed: its data file says how each was read)."""

from __future__ import annotations

import pytest

from barrage_tui.rules import SeatSetup, Setup, SetupError
from barrage_tui.rules.game import Game
from barrage_tui.rules.modules.extra_board.state import ExtraBoardPrompt, extra_board

from .helpers import at_turn, put_conduit, put_dam, put_powerhouse, violations

OPTIONS = {"board": "five", "modules": ["overseas", "extra_board"]}
COMPANIES = ("usa", "germany", "italy", "france", "japan")


def five_people(options=OPTIONS) -> Game:
    """Five people past the picks, at the first action; seat 0 to act."""
    setup = Setup(tuple(SeatSetup(f"P{i + 1}", company=c, officer="") for i, c in enumerate(COMPANIES)),
                  seed=5, options=options)
    game = Game.new(setup)
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return at_turn(game, 0)


def spots(game: Game) -> dict[str, str]:
    return {c.key: c.label for c in game.prompt.choices if c.key.startswith("place:extra-")}


def can_produce(game: Game) -> Game:
    """Seat 0 with a dam holding 2 drops, its conduit and a powerhouse at its end (mountain 1 to hill 6)."""
    put_dam(game, "B1U", 0, drops=2)
    put_conduit(game, "C1L", 0)
    put_powerhouse(game, "P6_0", 0)
    return at_turn(game, 0)


def test_its_four_spaces_are_offered_and_say_they_are_assumed():
    game = five_people()
    assert set(spots(game)) == {"place:extra-small-2", "place:extra-small-3"}  # nothing to produce with yet
    offered = spots(can_produce(game))
    assert set(offered) == {"place:extra-small-2", "place:extra-small-3", "place:extra-produce-2",
                            "place:extra-produce-3"}
    assert all(label.endswith("(assumed)") for label in offered.values())
    assert "turn your wheel 1; pay 3 Credits for 1 machinery of your choice" in offered["place:extra-small-2"]
    assert "[3 Engineers, 3 Credits]" in offered["place:extra-produce-3"]


def test_a_small_action_space_gives_one_small_action_chosen():
    game = five_people()
    company = game.state.companies[0]
    credits, engineers = company.credits, company.engineers
    game.choose("place:extra-small-2")
    assert game.prompt.kind == ExtraBoardPrompt.SMALL_ACTION
    assert list(game.prompt.keys()) == ["wheel", "machinery", "drop", "contract"]
    game.choose("machinery")  # 3 Credits, then one machinery of the seat's choice
    assert game.prompt.kind == "machinery"
    excavators = company.excavators
    game.choose("machinery:1:0")
    assert (company.credits, company.engineers, company.excavators) == (credits - 3, engineers - 2, excavators + 1)
    assert extra_board(game.state).occupied == {"extra-small-2": 0}
    assert game.state.engineers_on["extra-small-2"][0] == 2
    assert not violations(game)


def test_a_space_taken_is_not_offered_again_this_round():
    game = five_people()
    game.choose("place:extra-small-3")
    game.choose("wheel")
    at_turn(game, 1)
    assert "place:extra-small-3" not in spots(game) and "place:extra-small-2" in spots(game)


def test_the_red_outlined_production_space_costs_3_credits_and_produces_with_no_bonus():
    game = five_people()
    game.state.companies[0].contracts, game.state.national = [], []  # (no contract to fulfil on the way)
    game = can_produce(game)
    company = game.state.companies[0]
    credits, energy = company.credits, company.energy
    game.choose("place:extra-produce-3")
    assert game.prompt.keys() == ("drops:1", "drops:2")
    game.choose("drops:2")
    assert company.credits == credits - 3
    assert company.energy == energy + 2 * 3  # 2 drops through a conduit of 3, no bonus
    assert not violations(game)


def test_the_red_outlined_production_space_is_not_offered_when_its_3_credits_leave_none_for_the_conduits_toll():
    game = five_people()
    put_dam(game, "B1U", 0, drops=2)
    put_conduit(game, "C1L", 1)  # another's conduit: 1 credit a drop
    put_powerhouse(game, "P6_0", 0)
    game.state.companies[0].credits = 3
    game = at_turn(game, 0)
    assert "place:extra-produce-2" in spots(game) and "place:extra-produce-3" not in spots(game)


@pytest.mark.parametrize("seats", [4])
def test_the_board_is_for_five_seats(seats):
    setup = Setup(tuple(SeatSetup(f"P{i}") for i in range(seats)), seed=1, options=OPTIONS)
    with pytest.raises(SetupError, match=r"The extra action board \(5 players, assumed\) is for exactly 5 players"):
        setup.validate()


def test_without_the_module_five_seats_have_no_extra_board():
    game = five_people({"board": "five", "modules": ["overseas"]})
    assert not spots(game)


def test_the_red_production_space_is_offered_only_when_a_production_is_left_once_its_credits_are_paid():
    """Through another company's conduit a drop pays its owner: with 3 Credits, the 3-Credit space would leave
    none for that (the soak found it: a production with no way to pay)."""
    game = five_people()
    game.state.companies[0].contracts, game.state.national = [], []
    put_dam(game, "B1U", 0, drops=1)
    put_conduit(game, "C1L", 1)  # seat 1's
    put_powerhouse(game, "P6_0", 0)
    game.state.companies[0].credits = 3
    game = at_turn(game, 0)
    assert "place:extra-produce-2" in spots(game) and "place:extra-produce-3" not in spots(game)
    game.state.companies[0].credits = 4
    assert "place:extra-produce-3" in spots(at_turn(game, 0))
