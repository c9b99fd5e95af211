"""Angelo Alberti (expansion rulebook, Appendix 8): only with the Geological Factor, never an Automa's; twice a
round 1 Engineer on his space pays a Geological token's cost instead; Mahiri copying him bypasses one."""

from __future__ import annotations

import pytest

from barrage_tui.rules import build_costs, build_tiles
from barrage_tui.rules.game import Game
from barrage_tui.rules.officers import OFFICERS
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup, SetupError, new_state, officer_pool
from barrage_tui.rules.sim import automa_setup, random_setup
from barrage_tui.rules.modules.geological.state import GeologicalState

from .helpers import at_turn, clear_map, play, violations

GEOLOGICAL = {MODULES_OPTION: ["geological"]}


def geo(officers, tokens):
    """Seat 0 (Italy with ``officers[0]``) to act on an empty map, rich, with ``tokens`` (zone -> token) laid."""
    game = Game.new(Setup(seats=(SeatSetup("P1", company="italy", officer=officers[0]),
                                 SeatSetup("P2", company="france", officer=officers[1])), seed=1, options=GEOLOGICAL))
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    clear_map(game)
    c = game.state.companies[0]
    c.excavators, c.mixers, c.credits = 20, 20, 20
    c.machinery_gained = [20, 20]
    for company in game.state.companies:
        company.contracts = []
    game.state.national = []
    game.state.modules["geological"] = GeologicalState({str(z): t for z, t in tokens.items()})
    return at_turn(game, 0), 0


def test_angelo_is_in_the_pool_only_with_the_geological_factor_and_never_an_automas():
    assert "angelo" in officer_pool(True, switched_on=frozenset({"geological"}))
    assert "angelo" not in officer_pool(True, True)
    Setup(seats=(SeatSetup("A", officer="angelo"),), options=GEOLOGICAL).validate()
    with pytest.raises(SetupError, match="Automa"):
        Setup(seats=(SeatSetup("A", kind="automa", officer="angelo", difficulty="very_hard"), SeatSetup("B")),
              options=GEOLOGICAL).validate()
    dealt_to_people, dealt_to_automas = set(), set()
    for seed in range(80):
        st = new_state(Setup(seats=(SeatSetup("A", kind="automa", difficulty="very_hard"), SeatSetup("B"),
                                    SeatSetup("C"), SeatSetup("D")), seed=seed, options=GEOLOGICAL))
        dealt_to_automas.add(st.companies[0].officer)
        dealt_to_people |= {c.officer for c in st.companies[1:]} | set(st.spare_officers)
    assert "angelo" in dealt_to_people and "angelo" not in dealt_to_automas


def test_random_setups_never_give_angelo_to_an_automa():
    import random
    r = random.Random(5)
    for _ in range(200):
        setup = automa_setup(r, r.randint(1, 3), modules=("geological",))
        assert all(s.officer != "angelo" for s in setup.seats if s.kind == "automa")
        setup.validate()
    assert any(s.officer == "angelo" for _ in range(100)
               for s in random_setup(r, 4, False, modules=("geological",)).seats)


def test_one_engineer_on_his_space_pays_the_token_instead_twice_a_round():
    game, seat = geo(("angelo", "viktor"), {5: 1, 6: 2})
    c = game.state.companies[seat]
    credits, engineers = c.credits, c.engineers
    play(game, "place:construct", "tile:base", "space:B5L")
    assert game.prompt.kind == "payment"
    waiver = [k for k in game.prompt.keys() if k.endswith(":engineer")]
    assert waiver == ["pay:4:0:0:engineer"]
    game.choose(waiver[0])
    assert c.credits == credits and c.engineers == engineers - 1 - 1  # the construction's and Angelo's
    assert game.state.engineers_on["angelo-1"][seat] == 1
    assert not violations(game)
    c.tiles.append("base")  # (the tile back from the wheel, for the payments below)
    use = next(u for u in build_tiles.tile_uses(game, seat) if u.structure == "base")
    assert any(p.waiver for p in build_costs.payments(game, seat, use, "B6L", 20))  # the second use
    game.state.engineers_on["angelo-1"][seat] = 2
    assert not any(p.waiver for p in build_costs.payments(game, seat, use, "B6L", 20))  # twice a round


def test_his_engineer_replaces_token_6s_replacement_cost_and_token_3s_engineers():
    game, seat = geo(("angelo", "viktor"), {5: 6, 6: 3})
    use = next(u for u in build_tiles.tile_uses(game, seat) if u.structure == "conduit")
    waived = [p for p in build_costs.payments(game, seat, use, "C5R", 20) if p.waiver]
    # Decision (token 6's note): the Engineer replaces the token's replacement cost, so the Conduit costs its
    # usual machinery (printed value 4: 8 Excavators), not nothing
    assert [(p.excavators, p.mixers) for p in waived] == [(8, 0)]
    paid = [p for p in build_costs.payments(game, seat, use, "C5R", 20) if not p.waiver]
    assert [(p.excavators, p.mixers) for p in paid] == [(5, 5)]  # without him: the raised value 5, in both
    waived = [p for p in build_costs.payments(game, seat, use, "C6L", 20) if p.waiver]
    assert [(p.excavators, p.engineers) for p in waived] == [(8, 0)]  # the usual cost stays; no 2 Engineers


def test_mahiri_copying_angelo_bypasses_one_token_with_no_engineer():
    game, seat = geo(("mahiri", "viktor"), {5: 1})
    game.state.spare_officers = ["angelo", "jill"]
    game = at_turn(game, seat)
    c = game.state.companies[seat]
    credits = c.credits
    play(game, "place:mahiri-1", "copy:angelo", "place:construct", "tile:base", "space:B5L")
    assert "pay:4:0:0:bypass" in game.prompt.keys()
    engineers = c.engineers
    game.choose("pay:4:0:0:bypass")
    assert c.credits == credits and c.engineers == engineers and "angelo-1" not in game.state.engineers_on
    assert c.copied_officer == ""
    assert not violations(game)


def test_angelo_plugin_never_plays_for_an_automa():
    assert not OFFICERS["angelo"].automa_ready
