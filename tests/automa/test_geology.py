"""The Automa with the Geological Factor. Decision (not in the Automa rules): it pays a token's cost as it
pays every cost - credits in VP, its machinery, its Engineers - and skips a space whose cost it cannot pay;
token 2's drop it always takes."""

from __future__ import annotations

import automa
from automa.boxes.construction import restricted
from barrage_tui.rules.game import Game
from barrage_tui.rules.invariants import violations
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
from barrage_tui.rules.state import NEUTRAL, DamState
from barrage_tui.rules.modules.geological.state import GeologicalState

from .helpers import AUTOMA, clear_map, decide, put_conduit, put_dam, put_powerhouse, set_cards


def geo_automa_game(tokens: dict[int, int]) -> Game:
    setup = Setup(seats=(SeatSetup("P1", company="usa", officer="wilhelm"),
                         SeatSetup("A", "automa", "italy", "", "medium")), seed=1,
                  options={MODULES_OPTION: ["geological"]})
    game = Game.new(setup)
    clear_map(game)
    game.state.modules["geological"] = GeologicalState({str(z): t for z, t in tokens.items()})
    return automa.attach(Game(setup, game.state))


def play(game):
    choice = decide(game)
    game.choose(choice.key)
    return choice


def only_hill_valley_5(game):
    for space in ("B6L", "B6U", "B7L", "B7U"):  # taken: the Automa's hill Base can only go to valley 5
        game.state.dams[space] = DamState(owner=NEUTRAL, height=1)


def test_it_pays_a_tokens_credits_in_vp():
    game = geo_automa_game({5: 1})
    only_hill_valley_5(game)
    a = game.state.companies[AUTOMA]
    vp = a.vp
    set_cards(game, action=2, criteria=1)  # Production, Water, Base (hills only), ...
    choice = play(game)
    (space,) = [s for s, d in game.state.dams.items() if d.owner == AUTOMA]
    red = 3 if space.endswith("U") else 0
    assert vp - a.vp == red + 3 and a.credits == 0, choice.label
    assert not violations(game)


def test_it_takes_token_2s_drop_without_being_asked():
    game = geo_automa_game({5: 2})
    only_hill_valley_5(game)
    a = game.state.companies[AUTOMA]
    a.excavators, a.machinery_gained = 6, [6, 4]  # a hill Base: 4 Excavators, and the token's 2
    set_cards(game, action=2, criteria=1)
    play(game)
    (space,) = [s for s, d in game.state.dams.items() if d.owner == AUTOMA]
    assert game.state.dams[space].drops == 1 and a.excavators == 0
    assert not violations(game)


def test_it_skips_a_space_whose_token_it_cannot_pay():
    game = geo_automa_game({5: 2})
    only_hill_valley_5(game)
    a = game.state.companies[AUTOMA]
    a.excavators, a.machinery_gained = 5, [5, 4]  # 4 for the Base, not the token's 2 more
    set_cards(game, action=2, criteria=1)
    choice = decide(game)
    assert "not enough machinery for a Base" in choice.label


def test_it_pays_token_3s_engineers_and_skips_the_conduit_without_them():
    def conduit_built(engineers):
        game = geo_automa_game({2: 3})
        a = game.state.companies[AUTOMA]
        a.excavators, a.machinery_gained = 6, [6, 4]
        game.state.bank[AUTOMA], a.engineers = a.engineers - engineers, engineers  # the rest placed already
        set_cards(game, action=9, criteria=1)  # Production, Water, Conduit 3+, Elevation
        play(game)
        assert not violations(game)
        (conduit,) = [c for c, o in game.state.conduits.items() if o == AUTOMA]
        return conduit, game.state.engineers_on.get(f"company-{AUTOMA}", [0, 0])[AUTOMA]

    conduit, on_board = conduit_built(12)
    assert conduit == "C2L"  # the first value-3 conduit of its walk (tests/automa/test_boxes.py) ...
    box = on_board - 2  # ... with the token's 2 Engineers beside the box's
    conduit, _ = conduit_built(box + 1)
    assert conduit != "C2L"  # one Engineer short of the token: the next space


def test_its_production_box_does_not_count_a_token_8_powerhouse_for_a_contract():
    def first_box(tokens):
        game = geo_automa_game(tokens)
        put_dam(game, "B5L", AUTOMA, drops=3)
        put_conduit(game, "C5R", AUTOMA)
        put_powerhouse(game, "P10_0", AUTOMA)
        set_cards(game, action=2, criteria=1)  # Production first
        return decide(game).label

    assert "Production (-2, green contract): 10 energy" in first_box({})
    assert "Production (-2, green contract): skipped, no production system" in first_box({10: 8})


def test_a_conduit_of_value_3_plus_box_counts_token_6s_plus_1():
    game = geo_automa_game({6: 6})
    assert "C6R" in restricted(game, "conduit", ["C6R", "C7L"], min_value=3)  # printed 2, raised to 3
    assert "C7L" not in restricted(game, "conduit", ["C6R", "C7L"], min_value=3)
