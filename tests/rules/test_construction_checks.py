"""The quick construction checks agree with listing every payment (they must never change what is offered)."""

import random

import pytest

from barrage_tui.rules import build_costs, build_spaces, build_tiles, buildable
from barrage_tui.rules.components import STRUCTURES, components
from barrage_tui.rules.build_tiles import TileUse

from .helpers import new_game

# Officers that change what a build costs (Wilhelm, Jill, Solomon, Elon), and two that change nothing.
OFFICER_PAIRS = (("wilhelm", "solomon"), ("jill", "elon"), ("graziano", "viktor"))
TILES = ("base", "elevation", "conduit", "powerhouse", "joker",
         "L1_JOKER", "L2_JOKER", "L2_CONDUIT", "L3_BASE", "L1_BASE")


def spaces_of(structure):
    m = components().map
    return {"conduit": m.conduits, "powerhouse": m.powerhouses}.get(structure, m.dams)


def uses():
    for tile in TILES:
        info = components().tile(tile)
        for s in STRUCTURES if info.builds == "any" else (info.builds,):
            yield TileUse(f"tile:{tile}:{s}", tile, tile, s, (tile,))


def can_build_by_listing(game, seat, credits, engineer_free=False):
    """``can_build`` spelled out: some tile use has a legal space with some payment."""
    return any(build_costs.payments(game, seat, use, space, credits)
               for use in build_tiles.tile_uses(game, seat, engineer_free)
               for space in build_spaces.legal_spaces(game, seat, use.structure))


@pytest.mark.parametrize("officers", OFFICER_PAIRS)
def test_payable_is_true_exactly_when_there_is_a_payment(officers):
    r = random.Random(7)
    game = new_game(companies=("italy", "france"), officers=officers)
    for seat in (0, 1):
        company = game.state.companies[seat]
        for _ in range(12):
            company.excavators, company.mixers, company.excamixers = r.randint(0, 6), r.randint(0, 5), r.randint(0, 2)
            company.pieces["powerhouse"] = r.randint(1, 4)
            credits = r.choice((0, 2, 3, 5, 9, 20))
            for use in uses():
                rules = build_costs.cost_rules(game, seat)(use)
                for space in spaces_of(use.structure):
                    listed = build_costs.payments(game, seat, use, space, credits)
                    fee = build_costs.fee_rule(game, seat, use)(space)
                    assert build_costs.payable(company, use.structure, space, credits, rules, fee) == bool(listed), (
                        use.key, space, credits, company.excavators, company.mixers, company.excamixers)


@pytest.mark.parametrize("officers", OFFICER_PAIRS)
def test_can_build_agrees_with_listing_every_payment(officers):
    r = random.Random(11)
    game = new_game(companies=("italy", "france"), officers=officers)
    company = game.state.companies[0]
    for _ in range(40):
        company.excavators, company.mixers, company.excamixers = r.randint(0, 5), r.randint(0, 4), r.randint(0, 1)
        company.tiles = r.sample(TILES, r.randint(1, 5))
        for credits in (0, 3, 6, 12):
            for engineer_free in (False, True):
                assert (buildable.can_build(game, 0, credits, engineer_free)
                        == can_build_by_listing(game, 0, credits, engineer_free)), (company.tiles, credits)


@pytest.mark.parametrize("modules", [(), ("overseas",), ("geological",), ("china",), ("leeghwater",)])
def test_can_build_agrees_with_listing_every_payment_in_random_games(modules):
    # (the quick checks, the cheapest build's bound among them, across companies, officers, tokens and tiles)
    from barrage_tui.rules.game import Game
    from barrage_tui.rules.sim import pick, random_setup

    checked = 0
    for g in range(6):
        r = random.Random(g)
        game = Game.new(random_setup(random.Random(100 + g), players=4, modules=modules), keep_undo=False, words=False)
        while (prompt := game.prompt) is not None:
            if prompt.kind == "action":
                seat, credits = prompt.seat, game.state.companies[prompt.seat].credits
                for engineer_free in (False, True):
                    assert (buildable.can_build(game, seat, credits, engineer_free)
                            == can_build_by_listing(game, seat, credits, engineer_free)), (game.state.round, seat)
                checked += 1
            game.choose(pick(r, prompt))
    assert checked >= 600


def test_parts_are_payable_exactly_when_split_lists_a_way():
    # (the quick check of a build with several parts: a Geological token's, a private building's two kinds,
    # China's extra Mixer; with Solomon's credits and without)
    from types import SimpleNamespace

    from barrage_tui.rules.build_costs import BOTH, EXCAVATORS, MIXERS, _options_payable, _split

    r = random.Random(5)
    for _ in range(4000):
        parts = tuple((r.randint(0, 4), r.choice((EXCAVATORS, MIXERS, BOTH)), r.random() < 0.7)
                      for _ in range(r.randint(1, 3)))
        e, m, x = r.randint(0, 5), r.randint(0, 5), r.randint(0, 2)
        price, budget = r.choice((0, 0, 2, 3)), r.randint(-2, 9)
        company = SimpleNamespace(excavators=e, mixers=m, excamixers=x)
        rules = SimpleNamespace(price=price)
        listed = budget >= 0 and next(_split(parts, e, m, x, price, budget), None) is not None
        assert _options_payable(company, rules, parts, budget) == listed, (parts, e, m, x, price, budget)
