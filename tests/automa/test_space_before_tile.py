"""A construction box chooses the space first, then the tile (reference automa.md 5.4): the candidates are the
spaces some tile of its can pay for, the tiles' cost changes applied where the level uses them (Hard and
above, 2.4); the tile is the highest-level one that can build the chosen space. Conduit II (9.2) prefers a
Conduit of value 3+ among the spaces it would build with that tile."""

import re

import pytest

from barrage_tui.rules.components import components

from .helpers import AUTOMA, HUMAN, automa_game, clear_map, decide, put_dam, set_cards


def conduit_position(level, tiles, excavators, mixers=4):
    g = automa_game(level=level)
    clear_map(g)
    a = g.state.companies[AUTOMA]
    a.tiles, a.excavators, a.mixers, a.machinery_gained = list(tiles), excavators, mixers, [excavators, mixers]
    return g


def build(g, criteria):
    """Play the Conduit box of card 11 (Production and the dashed Contract Office come first) with the
    criteria side of ``criteria``: the tile, the space and the machinery it spent."""
    a = g.state.companies[AUTOMA]
    before, tiles = (a.excavators, a.mixers), list(a.tiles)
    set_cards(g, action=11, criteria=criteria)
    choice = decide(g)
    g.choose(choice.key)
    name = re.search(r"with the (.+?) tile, paying", choice.label).group(1)  # the tile by its name
    tile = next(t for t in tiles if components().tile(t).name == name)
    (space,) = [c for c, o in g.state.conduits.items() if o == AUTOMA]
    return tile, space, (before[0] - a.excavators, before[1] - a.mixers)


@pytest.mark.parametrize("level, tile, space, spent", [
    # Hard: Conduit II makes a value-5 conduit cost 5 Excavators; "most powerful" takes C1L (value 5, the
    # first of C1L / C2R / C4R from 1A), which only the level-2 tile can pay for
    ("hard", "L2_CONDUIT", "C1L", (5, 0)),
    # Easy and Medium: no cost changes, so 5 Excavators reach value 2 only; the level-3 tile builds it
    ("medium", "L3_CONDUIT", "C6R", (4, 0)),
    ("easy", "L3_CONDUIT", "C6R", (4, 0)),
])
def test_the_space_is_chosen_among_what_any_tile_can_pay_then_the_highest_tile_that_builds_it(level, tile, space,
                                                                                             spent):
    g = conduit_position(level, ["L3_CONDUIT", "L2_CONDUIT"], excavators=5)
    assert build(g, criteria=1) == (tile, space, spent)  # card 1: most powerful first


def test_a_higher_tile_that_can_pay_for_the_chosen_space_builds_it():
    g = conduit_position("hard", ["L3_CONDUIT", "L2_CONDUIT"], excavators=10)
    assert build(g, criteria=1) == ("L3_CONDUIT", "C1L", (10, 0))


def test_only_a_lower_joker_can_pay_for_the_most_powerful_space():
    # Joker II (level 2): Excavators and mixers interchangeable, the Conduit's own Excavators first. The
    # level-3 conduit tile reaches value 1 only with 2 Excavators; 2 + 4 mixers pay for value 3.
    g = conduit_position("hard", ["L3_CONDUIT", "L2_JOKER"], excavators=2, mixers=4)
    assert build(g, criteria=1) == ("L2_JOKER", "C2L", (2, 4))  # C2L: the first value 3 from 1A


@pytest.mark.parametrize("level, tiles, excavators, tile, space", [
    # with Conduit II for every space, a Conduit of value 3+; then card 13's criteria among those: no
    # Dam in their basins, the second most powerful (4: C1R C3L C5R C6L), walk from 7A -> C1R
    ("hard", ["conduit", "L2_CONDUIT"], 5, "L2_CONDUIT", "C1R"),
    # the level-3 tile pays for every space, Conduit II is not used: the card alone decides - the
    # opponent's Dam in basin 10 (C10L value 2, C10R value 1), then the second most powerful -> C10R
    ("hard", ["L3_CONDUIT", "L2_CONDUIT"], 10, "L3_CONDUIT", "C10R"),
    # Medium: no tile effects, so no preference either
    ("medium", ["L2_CONDUIT"], 10, "L2_CONDUIT", "C10R"),
])
def test_conduit_ii_prefers_a_value_3_conduit_among_the_spaces_it_would_build(level, tiles, excavators, tile,
                                                                              space):
    g = conduit_position(level, tiles, excavators)
    put_dam(g, "B10L", HUMAN)
    got_tile, got_space, _ = build(g, criteria=13)
    assert (got_tile, got_space) == (tile, space)
