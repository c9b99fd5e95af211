"""The Automa on the Yellow River (a reconstruction, data/boards/yellow-river.toml) with the China Challenge:
its location walk reaches every space of the board from every card, it starts where the card says (the
board keeps the base map's ids), it never builds a landscape (no Landscape tile, never takes one of China's
tiles); its whole games are tests/test_random_play.py's (the yellow-river cases)."""

from __future__ import annotations

from automa import placement
from automa.boxes import patent_office
from automa.cards import cards
from barrage_tui.rules import board_files
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup

YR = "yellow-river"


def test_every_card_walks_through_every_space_of_the_yellow_river():
    b = board_files.load(YR)
    for card in cards().values():
        assert sorted(placement.walk_order(card.criteria, "base", b)) == sorted(b.dams)
        assert sorted(placement.walk_order(card.criteria, "conduit", b)) == sorted(b.conduits)
        assert sorted(placement.walk_order(card.criteria, "powerhouse", b)) == sorted(b.powerhouses)


def test_the_walk_starts_where_the_card_says_on_the_yellow_river():
    """The board keeps the base map's valley and conduit ids, so a card's start is found on it."""
    b = board_files.load(YR)
    for card in cards().values():
        c = card.criteria
        assert b.dams[placement.walk_order(c, "base", b)[0]].zone == c.dam_start
        assert placement.walk_order(c, "conduit", b)[0] == c.conduit_start_space
        assert b.powerhouses[placement.walk_order(c, "powerhouse", b)[0]].zone == c.powerhouse_start


def test_an_automa_gets_no_landscape_tile_and_never_takes_a_landscape_tile():
    setup = Setup(seats=(SeatSetup("P1", company="usa", officer="wilhelm"),
                         SeatSetup("A", kind="automa", company="italy")), seed=2,
                  options={"board": YR, "modules": ["china"]})
    game = Game.new(setup)
    china = components().china_tiles
    landscape = next(t for t, x in china.items() if x.level == 0)
    assert [landscape in c.tiles for c in game.state.companies] == [True, False]
    game.state.patent_offer = [t for t, x in china.items() if x.level > 0]
    for structure in ("base", "elevation", "conduit", "powerhouse"):
        assert patent_office.choose_slot(game.state, structure) is None
