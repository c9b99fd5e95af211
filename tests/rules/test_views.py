"""The typed views of a game (rules/views/): what the app and the host read instead of the state."""

import dataclasses

import pytest

from barrage_tui.rules import (
    Game, SeatSetup, Setup, company_view, contracts_display, energy_track, held_by, management_board, patent_office,
    scores, table_view,
)
from tests.rules.helpers import new_game


def _after_two_actions() -> Game:
    """Germany (seat 1, first in round 1) buys an Excavator; the USA goes to the Bank."""
    game = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"))
    assert game.prompt is not None and game.prompt.seat == 1
    game.choose("place:machinery-e")
    game.choose("place:bank-b")
    return game


def test_the_table_and_its_seats():
    game = _after_two_actions()
    table = table_view(game)
    assert (table.round, table.phase, table.introductory, table.turn_order, table.drafting) == (1, "actions", False,
                                                                                               (1, 0), ())
    assert table.seats == 2 and table.winners == ()
    usa, germany = table.companies
    assert (usa.seat, usa.player, usa.kind, usa.company, usa.officer) == (0, "P1", "human", "usa", "wilhelm")
    assert (germany.company, germany.officer, germany.automa, germany.drafting) == ("germany", "jill", False, False)


def test_a_company_board():
    game = _after_two_actions()
    germany = company_view(game, 1)
    # 1 Engineer on the Buy 1 Excavator space, 2 credits paid for it
    assert (germany.engineers, germany.credits, germany.excavators, germany.mixers, germany.vp) == (11, 4, 7, 4, 10)
    assert germany.pieces == {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}
    assert germany.tiles == ("base", "elevation", "conduit", "powerhouse")
    assert germany.contracts == (3,) and germany.fulfilled == ()
    assert [row.structure for row in germany.incomes] == ["base", "elevation", "conduit"]
    assert [(i.column, i.reward) for i in germany.incomes[0].incomes] == [(2, {"vp": 3}), (4, {"any_machinery": 2}),
                                                                         (5, {"vp": 7})]
    assert all(row.taken == () for row in germany.incomes)
    assert len(germany.wheel) == 5 and all(not s.tiles and not s.excavators for s in germany.wheel)
    assert germany.private_spaces == () and germany.copies == () and not germany.shows_excamixers
    assert (germany.ability_active, germany.ability_off_by_level) == (False, False)  # 3rd powerhouse
    assert germany.powerhouse_pieces == ()


def test_a_company_board_follows_the_state():
    game = _after_two_actions()
    st = game.state.companies[1]
    view = company_view(game, 1)
    assert (view.energy, view.construction_used, view.architect, view.passed) == (st.energy, st.construction_used,
                                                                                  st.architect, st.passed)
    open_next = st.wheel[(st.wheel_open + 1) % len(st.wheel)]
    open_next.tiles.append("base")  # a tile placed in the segment after the open one: the wheel's first
    assert company_view(game, 1).wheel[0].tiles == ("base",)
    assert view.wheel[0].tiles == ()  # a view built before keeps what it showed


def test_private_spaces_and_an_automa_level():
    game = Game.new(Setup(seats=(SeatSetup("Anna", company="usa", officer="mahiri"),
                                 SeatSetup("Bot", kind="automa", company="italy", difficulty="easy")), seed=3))
    anna = company_view(game, 0)
    assert [(s.ref, s.engineers, s.fee, s.used) for s in anna.private_spaces] == [("mahiri-1", 1, 0, False),
                                                                               ("mahiri-2", 1, 3, False)]
    bot = company_view(game, 1)
    assert bot.automa and bot.ability_off_by_level  # an Easy Automa has no company ability


def test_the_management_board():
    board = management_board(_after_two_actions())
    assert board.occupied == {"machinery-e": 1}
    assert board.engineers_on == {"machinery-e": (0, 1)}
    assert board.bank == (0, 0) and board.seats == 2
    assert "bank-b" in board.in_play and "patent-p1" in board.in_play


def test_the_introductory_game_has_no_patent_office_spaces():
    game = new_game(companies=("usa", "germany"), introductory=True)
    assert not any(s.startswith("patent") for s in management_board(game).in_play)
    assert table_view(game).introductory


def test_the_energy_track_contracts_and_patents():
    game = _after_two_actions()
    st = game.state
    track = energy_track(game)
    assert track.energy == (0, 0)
    assert track.bonus_tiles == tuple(st.bonus_tiles) and track.objective == st.objective
    assert track.objective_vp == (15, 10, 5)
    shown = contracts_display(game)
    assert shown.national == tuple(st.national) and len(shown.national) == 1
    assert [colour for colour, _ in shown.private] == ["green", "yellow", "red"]
    assert all(len(ids) == 2 for _, ids in shown.private)
    assert shown.piles == (("green", 13), ("yellow", 13), ("red", 13))
    assert (shown.starting_offer, shown.picking) == ((), False)
    office = patent_office(game)
    assert office.offer == tuple(st.patent_offer) and len(office.offer) == 3
    assert office.piles == (2, 5, 5)


def test_the_starting_contracts_on_offer():
    game = Game.new(Setup(seats=(SeatSetup("Anna"), SeatSetup("Ben")), seed=1))
    table = table_view(game)
    assert table.phase == "pick" and table.drafting == (0, 1)
    assert all(c.drafting for c in table.companies)
    shown = contracts_display(game)
    assert shown.picking and shown.starting_offer == tuple(game.state.starting_offer)


def test_an_automas_pair_is_on_offer_until_the_person_has_picked():
    """A person alone picks among the pairs drawn for every seat; the Automa keeps the one left: until then its
    pair is only on offer (the panels do not call it the Automa's), then it is the Automa's."""
    game = Game.new(Setup(seats=(SeatSetup("Ann"), SeatSetup("A1", "automa", difficulty="medium")), seed=3))
    assert game.prompt is not None and game.prompt.kind == "matchup"
    assert [c.drafting for c in table_view(game).companies] == [True, True]
    assert company_view(game, 1).drafting and [s.drafting for s in scores(game)] == [True, True]
    game.choose(f"matchup:{game.state.companies[1].company}")  # Ann takes the Automa's pair
    assert [c.drafting for c in table_view(game).companies] == [False, False]
    assert not company_view(game, 1).drafting and not any(s.drafting for s in scores(game))


def test_an_automa_with_a_chosen_company_is_not_on_offer():
    setup = Setup(seats=(SeatSetup("Ann"), SeatSetup("Ben"), SeatSetup("A1", "automa", company="italy")), seed=3)
    game = Game.new(setup)
    assert [c.drafting for c in table_view(game).companies] == [True, True, False]


def test_who_holds_a_thing():
    game = _after_two_actions()
    assert held_by(game, "contract:3") == 1
    assert held_by(game, "base") == 0  # the first seat holding it
    assert held_by(game, patent_office(game).offer[0]) is None
    assert held_by(game, "contract:999") is None


def test_the_scores():
    game = _after_two_actions()
    usa, germany = scores(game)
    assert (usa.seat, usa.company, usa.vp, usa.energy, usa.vp_by_source) == (0, "usa", 10, 0, {"start": 10})
    assert germany.company == "germany"


def test_views_are_read_only_and_equal_while_the_table_is_unchanged():
    game = _after_two_actions()
    view = company_view(game, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.credits = 99  # type: ignore[misc]
    assert company_view(game, 1) == view and table_view(game) == table_view(game)
    game.choose(game.prompt.choices[0].key)  # the USA's Engineers on the Bank
    assert management_board(game).bank != (0, 0)
    assert company_view(game, 0) != company_view(_after_two_actions(), 0)
