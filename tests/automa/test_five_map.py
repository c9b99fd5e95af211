"""The Automa on the 4-5 player map (reference automa.md 6.4 and 5.2, leeghwater-5p.md B.2): the location walk
goes through each row's unnumbered X valley right after the row's last numbered one, the cards' printed codes
name valleys by the solo app's labels (automa/data/boards.toml), and headstream ties go from the card's first
letter rightward, A, B, C, D, X, back to A. With the 5-player box's extra action board its Engineers go to the
extra board's left or right space by 4.3 (leeghwater-5p.md B.3)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import automa
from automa import criteria, placement
from automa.boxes.water import next_headstream
from automa.cards import cards
from automa.engineers import section_space
from automa.locations import headstream_order, places
from barrage_tui.rules import automa_step, board_files
from barrage_tui.rules.engine.decisions import IllegalChoice
from barrage_tui.rules.game import Game
from barrage_tui.rules.modules.extra_board.board import spots as extra_spots
from barrage_tui.rules.modules.extra_board.state import extra_board
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.sim import automa_setup, play_random
from tests.rules.helpers import violations

from .helpers import AUTOMA, HUMAN, clear_map, decide, ops, put_dam, restart, set_cards, view, wait_drops

FIVE = "five"


def five_game(modules: tuple[str, ...] = (), attach: bool = False) -> Game:
    """Four seats on the 4-5 player map (five with ``modules``): P1, the Automa (seat 1), people; round 1, the
    Automa to act once attached."""
    seats = [SeatSetup("P1", company="usa", officer="wilhelm"), SeatSetup("A", "automa", "italy", "", "medium"),
             SeatSetup("P3", company="germany"), SeatSetup("P4", company="france")]
    if modules:
        seats.append(SeatSetup("P5", company="japan"))
    game = Game.new(Setup(seats=tuple(seats), seed=5, options={"board": FIVE, "modules": ["overseas", *modules]}))
    clear_map(game)
    if not attach:
        return game
    automa.attach(game)
    while game.prompt.kind != "automa":  # the people's starting contracts
        game.choose(game.prompt.choices[0].key)
    return game


def test_the_walk_goes_through_each_rows_x_valley_after_its_last_numbered_one():
    b = board_files.load(FIVE)
    card = cards()[4].criteria  # dam 4, conduit 2B, powerhouse 11
    dams = placement.walk_order(card, "base", b)
    assert [b.dams[s].zone for s in dams[::2]] == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3]  # 4, X, 5, ...
    assert dams[:2] == ("B4L", "B4U")  # inside a valley the plain space first
    assert placement.walk_order(card, "conduit", b)[:3] == ("C2R", "C3L", "C3R")
    powerhouses = placement.walk_order(card, "powerhouse", b)
    assert powerhouses[:4] == ("P14_0", "P14_1", "P14_2", "P15_0")  # code 11 is valley 14 (14-16: 11, 12, X)
    assert [b.powerhouses[s].zone for s in powerhouses].index(16) < [b.powerhouses[s].zone
                                                                    for s in powerhouses].index(6)


def test_a_cards_code_names_the_valley_of_that_label():
    b = board_files.load(FIVE)
    p = places(b)
    assert [p.valley(n) for n in range(1, 13)] == [1, 2, 3, 4, 6, 7, 8, 10, 11, 12, 14, 15]
    assert b.dams[placement.walk_order(cards()[17].criteria, "base", b)[0]].zone == 6  # dam code 5: valley 6
    assert placement.walk_order(cards()[9].criteria, "conduit", b)[0] == "C6L"  # 5A
    assert placement.walk_order(cards()[18].criteria, "conduit", b)[:6] == (
        "C11R", "C12L", "C12R", "C13L", "C13R", "C1L")  # 9B, 10A, 10B, XA, XB, back to 1A
    assert b.powerhouses[placement.walk_order(cards()[8].criteria, "powerhouse", b)[0]].zone == 15  # code 12


def test_every_card_walks_through_every_space_of_the_five_map():
    b = board_files.load(FIVE)
    for card in cards().values():
        for structure, spaces in (("base", b.dams), ("conduit", b.conduits), ("powerhouse", b.powerhouses)):
            assert sorted(placement.walk_order(card.criteria, structure, b)) == sorted(spaces)


def test_the_walk_chooses_the_first_candidate_from_the_cards_code():
    """A fixed position: the card's code, the candidate spaces, the space chosen."""
    game = five_game()
    # card 17: dam code 5 = valley 6; X (valley 5) comes only after 4, at the end of the wrap
    assert placement.walk(view(game, 17), "base", ["B5L", "B6U", "B1L"]) == "B6U"
    # card 5: dam code 6 = valley 7; the walk goes 6, 7, X (valley 9), 8 (valley 10)
    assert placement.walk(view(game, 5), "base", ["B10L", "B9U", "B1L"]) == "B9U"
    # card 9: conduit code 5A = C6L
    assert placement.walk(view(game, 9), "conduit", ["C5L", "C5R", "C6R", "C13L"]) == "C6R"
    # card 9: powerhouse code 8 = valley 10; card 8: code 12 = valley 15, then X (16), then 5 (valley 6)
    assert placement.walk(view(game, 9), "powerhouse", ["P9_0", "P10_1", "P16_0"]) == "P10_1"
    assert placement.walk(view(game, 8), "powerhouse", ["P6_0", "P16_2"]) == "P16_2"


def test_the_hill_basin_criteria_name_the_hill_valleys_by_their_codes():
    game = five_game()
    spaces = ["P6_0", "P7_0", "P8_0", "P9_0", "P10_0"]
    assert [criteria.POWERHOUSE[f"hills_basin_{n}"](view(game, 1), spaces) for n in (5, 6, 7)] == [
        ["P6_0"], ["P7_0"], ["P8_0"]]


def test_headstream_ties_go_from_the_cards_first_letter_rightward():
    game = five_game()
    order = {card: headstream_order(SimpleNamespace(game=game, criteria=cards()[card].criteria)) for card in (4, 6, 1)}
    assert order == {4: ("HD", "HE", "HA", "HB", "HC"),  # D, A, B printed: D, then X
                     6: ("HC", "HD", "HE", "HA", "HB"),  # C, B, A printed
                     1: ("HA", "HB", "HC", "HD", "HE")}


def test_a_water_drop_tied_between_a_and_x_goes_to_x_after_the_cards_d():
    game = five_game()
    put_dam(game, "B1L", AUTOMA)  # HA -> valley 1
    put_dam(game, "B5L", AUTOMA)  # HE (X) -> valley 5
    put_dam(game, "B4L", HUMAN)  # HD's drop ends in someone else's dam: D is not among the tied
    assert next_headstream(view(game, 4), 1, flowing=True) == "HE"  # card 4 prints D, A, B
    # the base map's rule (the card's letters in order) would have taken A


def test_a_water_drop_tie_wraps_from_x_back_to_a():
    game = five_game()
    put_dam(game, "B1L", AUTOMA)
    put_dam(game, "B2L", AUTOMA)
    assert next_headstream(view(game, 6), 1, flowing=True) == "HA"  # card 6 prints C, B, A: C, D, X, then A


def test_the_reason_names_the_cards_code_and_the_valley_it_means():
    game = five_game()
    why: list[str] = []
    placement.walk(view(game, 9), "conduit", ["C5L", "C6R"], why)
    assert why == ["location walk from 5A (valley 6)"]


def test_the_most_water_criterion_breaks_its_ties_rightward_too():
    game = five_game()
    wait_drops(game, "HA", 1)  # -> valley 1
    wait_drops(game, "HE", 1)  # X -> valley 5
    assert criteria.DAM["most_water_drops"](view(game, 4), ["B1L", "B5L"]) == ["B5L"]  # card 4: D, then X


# ---------------------------------------------------------------- the extra action board (4.3)

SMALL = {  # section: (its left spaces on the Management board, its right spaces)
    "water": (("water-p2", "water-d1"), ("water-p2c", "water-d1c")),
    "contract": (("contract-o", "contract-ob", "contract-t"), ("contract-oc", "contract-obc", "contract-tbis")),
    "workshop": (("workshop-r1", "workshop-r2", "workshop-r3"), ("workshop-r1bis", "workshop-r2c", "workshop-r3c")),
    "machinery": (("machinery-e", "machinery-a", "machinery-b"), ("machinery-ec", "machinery-abis", "machinery-bc")),
}


def take(game: Game, *spaces: str) -> None:
    for space in spaces:
        game.state.occupied[space] = HUMAN


@pytest.mark.parametrize("section", SMALL)
def test_the_extra_boards_left_space_once_every_left_space_is_taken_then_its_right_one(section):
    game = five_game(("extra_board",))
    left, right = SMALL[section]
    take(game, *left[:-1])
    assert section_space(view(game, 1), section) == left[-1]  # a left space is still free
    take(game, left[-1])
    assert section_space(view(game, 1), section) == "extra-small-2"
    extra_board(game.state).occupied["extra-small-2"] = HUMAN
    assert section_space(view(game, 1), section) == right[0]
    take(game, *right)
    assert section_space(view(game, 1), section) == "extra-small-3"
    extra_board(game.state).occupied["extra-small-3"] = HUMAN
    assert section_space(view(game, 1), section) == f"{section}-beside"


def test_production_takes_the_extra_boards_space_once_the_top_three_of_its_column_are_taken():
    game = five_game(("extra_board",))
    take(game, "turbine-b2", "turbine-b1")
    assert section_space(view(game, 1), "turbine") == "turbine-0"
    take(game, "turbine-0")
    assert section_space(view(game, 1), "turbine") == "extra-produce-2"  # before turbine-m1
    extra_board(game.state).occupied["extra-produce-2"] = HUMAN
    assert section_space(view(game, 1), "turbine") == "turbine-m1"
    take(game, "turbine-m1", "turbine-m2", "turbine-b2c", "turbine-b1c", "turbine-0c")
    assert section_space(view(game, 1), "turbine") == "extra-produce-3"  # before turbine-m1c
    extra_board(game.state).occupied["extra-produce-3"] = HUMAN
    assert section_space(view(game, 1), "turbine") == "turbine-m1c"


def test_without_the_extra_board_the_sections_go_on_to_their_right_column():
    game = five_game()
    take(game, *SMALL["workshop"][0], "turbine-b2", "turbine-b1", "turbine-0")
    assert [section_space(view(game, 1), s) for s in ("workshop", "turbine")] == ["workshop-r1bis", "turbine-m1"]


def test_the_automas_engineers_block_the_extra_boards_space_for_the_round():
    game = five_game(("extra_board",), attach=True)
    game.state.companies[AUTOMA].tiles = []  # nothing it could build
    take(game, *SMALL["contract"][0])
    set_cards(game, action=3, criteria=1)  # its Contract Office box (dashed), then the Bank
    game = restart(game)  # (its step is worked out anew)
    choice = decide(game)
    assert ops(choice)[1] == "eng:extra-small-2:1"
    game.choose(choice.key)
    assert extra_board(game.state).occupied == {"extra-small-2": AUTOMA}
    assert game.state.engineers_on["extra-small-2"][AUTOMA] == 1 and not violations(game)
    assert "extra-small-2" not in [s.id for s in extra_spots(game, HUMAN)]
    with pytest.raises(IllegalChoice, match="not a free action space"):
        automa_step.Step(game.scratch(), AUTOMA, lambda prompt: "").do("eng:extra-small-2:1")


# ---------------------------------------------------------------- whole games: every level, 1-4 Automas

LEVELS = ("easy", "medium", "hard", "very_hard")


def five_seat_game(level: str, automas: int, modules: tuple[str, ...], seed: int):
    r = random.Random(f"{level}:{automas}:{'+'.join(modules)}:{seed}")
    setup = automa_setup(r, automas, 5, level=level, modules=modules, board=FIVE)
    return play_random(setup, r.randrange(2**31), check=True, attach=automa.attach)


def assert_played(results) -> None:
    failed = [x for x in results if x.error or x.violations]
    assert not failed, (failed[0].setup, " ".join(failed[0].keys), failed[0].error or failed[0].violations)
    assert all(x.state.phase == "over" and x.state.seats == 5 for x in results)


def test_five_seats_with_one_to_four_automas_at_every_level():
    """A game at each level, with 1, 2, 3 and 4 Automas (the other seats people), the last with the extra board."""
    assert_played([five_seat_game(level, n, ("overseas",) + (("extra_board",) if n == 4 else ()), 1)
                   for n, level in enumerate(LEVELS, 1)])


@pytest.mark.slow
@pytest.mark.parametrize("modules", [("overseas",), ("overseas", "extra_board"), ("leeghwater", "extra_board")],
                         ids="+".join)
def test_five_seats_with_one_to_four_automas_at_every_level_soak(modules):
    assert_played([five_seat_game(level, n, modules, seed) for level in LEVELS for n in range(1, 5)
                   for seed in range(2)])


def test_one_person_and_four_automas_with_a_company_no_automa_plays_is_a_table_sim_sets_up(monkeypatch):
    """A company the Automa does not play (none of the data's today: as if the Netherlands were one) goes to the
    person at a random table."""
    from barrage_tui.rules import setup as setup_rules, sim

    for module in (setup_rules, sim):
        monkeypatch.setattr(module, "automa_plays_company", lambda company: company != "netherlands")
    for seed in range(20):
        setup = automa_setup(random.Random(seed), 4, 5, modules=("leeghwater",), board=FIVE)
        Setup.validate(setup)
        assert [s.company for s in setup.seats if s.kind == "human"] == ["netherlands"]
