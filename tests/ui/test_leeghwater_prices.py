"""The Leeghwater Project's choices with their prices, and the spaces it does not offer with why (issue 23,
item 6): the External Works' machinery, a building's action space (its Engineers, its Credits and the
building's own), a building space's price, the Loan Agency's works too dear; in the choice list as a player
sees it."""

from __future__ import annotations

from barrage_tui.rules.modules.leeghwater.facts import box
from barrage_tui.rules.modules.leeghwater.state import leeghwater
from tests.rules.helpers import restart
from tests.rules.test_leeghwater import lwp_game, position

from .conftest import game_screen

ROWS = ["cofferdam", "wind_farm", "customer_office", "loan_agency", "research_lab"]


def built_everything(excavators: int = 1, mixers: int = 0, credits: int = 4):
    """Three seats; the seat to act built every building of the rows (their first building spaces) and is
    poor: 1 Excavator, no Mixer, 4 Credits, no Contract; another company stands on the Cofferdam's first
    action space."""
    game, seat = position(lwp_game(3), rows=ROWS, works_up=["A1", "C3", "B2"], excavators=excavators,
                          mixers=mixers, credits=credits)
    own = leeghwater(game.state)
    for b in ROWS:
        own.built[f"{b}-1"] = seat
    other = (seat + 1) % 3
    own.occupied["cofferdam-a1"] = other
    game.state.engineers_on["cofferdam-a1"] = [1 if s == other else 0 for s in range(3)]
    game.state.companies[other].engineers -= 1
    return restart(game), seat


def shorts(game) -> dict[str, str]:
    return {c.key: c.short for c in game.prompt.choices}


def test_an_external_work_says_its_reward_and_machinery():
    game, _ = built_everything()
    w = box().works["A1"]
    assert shorts(game)["place:works-1"] == f"External Work A1: {w.short} [2E, 1 Ex]"


def test_a_building_action_space_says_its_engineers_its_credits_and_the_buildings_own():
    game, _ = built_everything()
    s = shorts(game)
    assert s["place:cofferdam-a2"] == "Cofferdam: 1 drop behind a Dam [1E, 3cr]"  # its first space is taken
    assert s["place:wind_farm-a1"] == "Wind Farm: produce 5 Energy [2E, 2cr]"  # the building's own 2 Credits
    label = next(c.label for c in game.prompt.choices if c.key == "place:wind_farm-a1")
    assert label.endswith("[2 Engineers, 2 credits for the action]")


def test_the_spaces_not_offered_say_why():
    game, _ = built_everything()
    why = dict(game.prompt.data["unavailable"])
    assert why[f"External Work C3: {box().works['C3'].short}"] == "needs 6 Ex, you have 1 Ex + 0 Mx"
    assert why[f"External Work B2: {box().works['B2'].short}"] == "needs 4 Mx, you have 1 Ex + 0 Mx"
    assert why["Customer Office: fulfil a Contract"] == "no Contract in your hand"
    assert why["Research Lab: half a wheel segment back"] == "no segment of your wheel with 2 machinery"
    assert not any(label.startswith("Wind Farm") for label in why)  # offered


def test_a_building_too_dear_or_used_this_round_says_why():
    game, seat = built_everything(credits=1)  # the Wind Farm's own 2 Credits: too dear
    why = dict(game.prompt.data["unavailable"])
    assert why["Wind Farm: produce 5 Energy"] == "needs 2 credits, you have 1"
    assert why["Customer Office: fulfil a Contract"] == "needs 3 credits, you have 1"  # its own 3 Credits
    game, seat = built_everything()
    leeghwater(game.state).used["wind_farm"] = [seat]
    why = dict(restart(game).prompt.data["unavailable"])
    assert why["Wind Farm: produce 5 Energy"] == "used this round (once a round)"


async def test_the_choice_list_shows_the_prices_and_the_reasons(app_factory):
    game, _ = built_everything()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = "\n".join(line.plain for line in game_screen(app).choice_list.build(200))
        assert "Wind Farm: produce 5 Energy [2E, 2cr]" in text
        assert "✗ Customer Office: fulfil a Contract: no Contract in your hand" in text


async def test_a_building_space_says_its_price_and_the_others_why_not(app_factory):
    """The Building tile's spaces: their few words and price; the buildings out of reach, each by a space of
    its row, with why (the second plain space, closed at 3 seats, assumed). Reading them used to raise."""
    game, seat = position(lwp_game(3), rows=ROWS, excavators=2, mixers=3, credits=3)
    own = leeghwater(game.state)
    own.built["cofferdam-1"] = seat  # built already
    game = restart(game)
    game.choose("place:construct")
    game.choose("tile:building")
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        prompt = game_screen(app).session.game.prompt
        assert prompt.kind == "build_space" and prompt.data["structure"] == "building"
        text = "\n".join(line.plain for line in game_screen(app).choice_list.build(300))
        assert "Research Lab 1, 4VP · 2 Ex + 2 Mx" in text and "Research Lab 3 red, 4VP · 2 Ex + 2 Mx + 3 cr" in text
        assert "Customer Office 1" not in text  # 3 Ex + 5 Mx: not enough
        why = dict(prompt.data["unavailable"])
        office = next(label for label in why if label.startswith("Customer Office, building space 1"))
        assert why[office] == "needs 3 Ex + 5 Mx, you have 2 Ex + 3 Mx"
        cofferdam = next(label for label in why if label.startswith("Cofferdam, building space 3"))
        assert why[cofferdam] == "you built it already"
        assert any(w.startswith("open from 4 players (ASSUMED") for w in why.values())
        assert "✗ Customer Office, building space 1" in text


def test_the_cofferdams_dams_say_which_are_full():
    """The Cofferdam's choice of Dam: a full Dam of one's own (or a neutral one) is shown as not offered, full."""
    from barrage_tui.rules.state import NEUTRAL, DamState
    from tests.rules.helpers import clear_map
    from tests.rules.test_leeghwater import ROWS as RULES_ROWS

    game, seat = position(lwp_game(), rows=RULES_ROWS)
    clear_map(game)
    st = game.state
    st.dams["B1L"] = DamState(owner=NEUTRAL, height=1)
    st.dams["B3L"] = DamState(owner=seat, height=1, drops=1)  # full
    st.dams["B4L"] = DamState(owner=seat, height=1)
    st.companies[seat].pieces["base"] -= 2
    leeghwater(st).built["cofferdam-1"] = seat
    st.drops_created += 1
    game = restart(game)
    game.choose("place:cofferdam-a1")
    assert game.prompt.kind == "lwp_dam"
    assert game.prompt.data["unavailable"] == (("B3L (yours)", "full"),)


def test_the_research_labs_segments_of_one_machinery_say_why_not():
    from tests.rules.test_leeghwater import ROWS as RULES_ROWS
    from tests.rules.test_leeghwater import built

    game, seat = position(lwp_game(), rows=RULES_ROWS)
    c = game.state.companies[seat]
    two, one, more = ((c.wheel_open + k) % len(c.wheel) for k in (2, 3, 4))
    c.wheel[two].excavators = c.wheel[more].excavators = 2
    c.wheel[one].mixers = 1
    c.machinery_gained = [c.machinery_gained[0] + 4, c.machinery_gained[1] + 1]
    game = built(game, seat, "research_lab")
    game.choose("place:research_lab-a1")
    assert game.prompt.kind == "lwp_segment" and set(game.prompt.keys()) == {f"segment:{two}", f"segment:{more}"}
    assert game.prompt.data["unavailable"] == ((f"Segment {one + 1}: 1 mixer", "half of 1 machinery is none"),)


def test_margots_space_says_its_engineers_and_her_choice_each_buildings_action():
    game = lwp_game(2, officers=("jill", "margot"))
    if game.state.companies[game.prompt.seat].officer != "margot":
        game.choose("place:bank")  # (Jill's company plays first: Margot's is next)
    game, seat = position(game, rows=ROWS)
    assert game.state.companies[seat].officer == "margot"
    own = leeghwater(game.state)
    own.built["wind_farm-1"] = own.built["cofferdam-1"] = seat
    game = restart(game)
    short = next(c.short for c in game.prompt.choices if c.key == "place:margot-1")
    assert short == "Margot Fouche's space 1: the action of a private building you built, once more [1E]"
    game.choose("place:margot-1")
    assert game.prompt.kind == "lwp_building"
    assert {c.short for c in game.prompt.choices} >= {"Wind Farm: 2cr: produce 5 Energy"}


async def test_the_help_says_a_space_is_not_offered_and_why(app_factory):
    """? listed every space shown but not choosable as 'Not affordable', a building used this round too."""
    game, seat = built_everything()
    leeghwater(game.state).used["wind_farm"] = [seat]
    app = app_factory(game=restart(game))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        from .conftest import help_text

        text = await help_text(pilot)
        assert "Wind Farm: produce 5 Energy Not offered: used this round (once a round)" in text
        assert "Not affordable" not in text


def test_a_lone_answer_of_the_module_is_told_in_its_own_words():
    """Margot's space with one building that can act: the log says which, once, without '..'."""
    game = lwp_game(2, officers=("jill", "margot"))
    if game.state.companies[game.prompt.seat].officer != "margot":
        game.choose("place:bank")
    game, seat = position(game, rows=ROWS)
    leeghwater(game.state).built["wind_farm-1"] = seat
    game = restart(game)
    events = game.choose("place:margot-1")
    only = next(e.text for e in events if e.kind == "only_choice")
    assert only == f"{game.name(seat)}: the only building that can act: Wind Farm: " \
                   f"{box().buildings['wind_farm'].text.rstrip('.')}."
