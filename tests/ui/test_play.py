"""Playing through the keyboard, as a player would: start, actions, a construction, a production,
undo, back out, help, quit, hotseat hand-over."""

from __future__ import annotations

from barrage_tui.rules.setup import SeatSetup, first_player_at_random
from barrage_tui.rules.state import DamState
from barrage_tui.ui.screens.dialogs import ConfirmScreen
from barrage_tui.ui.screens.game import GameScreen
from barrage_tui.ui.screens.help import HelpScreen
from barrage_tui.ui.screens.start import StartScreen
from barrage_tui.ui.widgets.prompt import ChoiceList
from tests.rules.helpers import new_game, restart

from .conftest import choose, game_screen, hotseat, screen_text, start_screen_ready


async def test_enter_on_the_start_screen_starts_a_default_game(app_factory):
    app = app_factory()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        game = screen.session.game
        assert game.setup.seed == 4242 and not game.setup.introductory
        # a first run: one person against a Medium Automa; the first to pick is drawn from the seed
        table = (SeatSetup("Player 1"), SeatSetup("Automa", "automa", difficulty="medium"))
        assert [(c.player, c.kind, c.difficulty) for c in game.state.companies] == [
            (s.name, s.kind, s.difficulty) for s in first_player_at_random(table, 4242)]
        assert game.prompt is not None
        assert game.prompt.text in screen_text(app)


def test_enter_while_the_start_screen_loads_the_rules_starts_the_game():
    """Enter as the start screen appears, while its thread imports the rules: the start's own imports raced
    that thread's (ImportError: cannot import name 'Setup' from partially initialized module), 8 times in 8.
    Enter now waits for the load. In a fresh interpreter (tests/ui/early_enter.py): here the rules are
    imported already."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-m", "tests.ui.early_enter"], cwd=Path(__file__).parents[2],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.split() == ["screen=GameScreen", "loaded=True"]


def test_a_start_before_the_load_thread_has_started_does_not_hang():
    """The start used to wait for the load to finish: when it came before the event loop had started the
    load's thread, it blocked that loop for good (the test suite hung there). It now waits only while the
    load imports (tests/ui/early_enter.py --before-thread; in a process of its own, so a hang is a timeout)."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-m", "tests.ui.early_enter", "--before-thread"],
                          cwd=Path(__file__).parents[2], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.split() == ["screen=GameScreen"]


async def test_the_start_form_sets_up_seats_companies_and_mode(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        start = await start_screen_ready(pilot)  # names filled in after the first paint
        await hotseat(pilot, start)
        start.query_one("#seats").focus()
        await pilot.press("right")  # 3 seats
        await pilot.pause()
        start.query_one("#name-2").focus()
        await pilot.press("ctrl+u", *"Cleo")
        start.query_one("#company-0").focus()
        await pilot.press("right")  # USA
        start.query_one("#seed").focus()
        await pilot.press("ctrl+u", "7", "7")
        start.query_one("#first").focus()
        await pilot.press("right")  # Seat 1 picks first
        setup = start.setup()
        assert [s.name for s in setup.seats] == ["Player 1", "Player 2", "Cleo"]
        assert setup.seats[0].company == "usa" and setup.seed == 77
        start.query_one("#mode").focus()
        await pilot.press("right")  # introductory: companies are fixed
        assert start.setup().introductory
        assert all(s.company == "" for s in start.setup().seats)
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).session.game.state.seats == 3


async def test_the_first_to_pick_is_drawn_or_chosen(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        start = await start_screen_ready(pilot)
        await hotseat(pilot, start)
        start.query_one("#seats").focus()
        await pilot.press("right", "right")  # 4 seats
        await pilot.pause()
        first = start.query_one("#first")
        assert [label for label, _ in first.options] == ["Random", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
        names = ["Player 1", "Player 2", "Player 3", "Player 4"]
        drawn = [s.name for s in start.setup().seats]  # Random: the table's order from a drawn seat
        assert drawn == [s.name for s in first_player_at_random(tuple(SeatSetup(n) for n in names), 4242)]
        first.focus()
        await pilot.press("right", "right", "right")  # Seat 3
        assert [s.name for s in start.setup().seats] == ["Player 3", "Player 4", "Player 1", "Player 2"]
        start.query_one("#seats").focus()
        await pilot.press("left")  # 3 seats: Seat 3 is still there
        await pilot.pause()
        assert [s.name for s in start.setup().seats] == ["Player 3", "Player 1", "Player 2"]


async def test_a_bad_setup_is_explained_not_raised(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_screen_ready(pilot)
        start = app.screen
        for i in (0, 1):
            start.query_one(f"#company-{i}").focus()
            await pilot.press("right")  # both USA
        start.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "same company" in screen_text(app)


def production_position():
    """Germany (seat 1) to act, with a dam holding water, a conduit and a powerhouse of its own."""
    game = new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"), seed=3)
    seat = game.prompt.seat
    st = game.state
    st.dams["B5L"] = DamState(owner=seat, height=2, drops=2)
    st.conduits["C5R"] = seat  # value 4, to zone 10
    st.conduits["C5L"] = seat  # value 3, to zone 8
    st.powerhouses["P10_0"] = seat
    st.powerhouses["P8_0"] = seat
    st.companies[seat].pieces.update(base=4, elevation=4, conduit=3, powerhouse=2)
    return restart(game), seat


async def test_several_turns_with_a_construction_and_a_production(app_factory):
    game, seat = production_position()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        company = game.state.companies[seat]
        # a production: turbine space, the system, the drops
        await choose(pilot, "place:turbine-0")
        system = next(c.key for c in game.prompt.choices if c.key.startswith("system:B5L:C5R:P10_0"))
        assert game.prompt.kind == "system"
        await choose(pilot, system)
        assert game.prompt.kind == "production_drops"
        await choose(pilot, "drops:2")
        assert company.energy == 8 + 1  # 2 drops x 4, +1 for a second powerhouse
        assert game.prompt.kind == "contract"
        await choose(pilot, "contract:2")
        assert 2 in company.fulfilled
        assert any("produces 9 energy" in e.text for e in game.events)
        assert "energy 9" in screen_text(app)  # on Germany's company board
        # the other company builds: company space, tile, space, payment
        other = game.prompt.seat
        assert other != seat
        await choose(pilot, "place:construct")
        assert game.prompt.kind == "build_tile"
        await choose(pilot, "tile:base")
        space = game.prompt.choices[0].key
        await choose(pilot, space)
        if game.prompt is not None and game.prompt.kind == "payment":
            await choose(pilot, game.prompt.choices[0].key)
        built = space.split(":", 1)[1]
        assert game.state.dams[built].owner == other
        assert game.state.companies[other].pieces["base"] == 4
        assert f"builds a Base on {built}" in screen_text(app)
        assert screen.session.game is game


async def test_undo_takes_back_a_choice_of_this_turn(app_factory):
    game, seat = production_position()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await choose(pilot, "place:turbine-0")
        assert game.prompt.kind == "system"
        assert game.state.occupied.get("turbine-0") == seat
        await pilot.press("u")
        await pilot.pause()
        assert game.prompt.kind == "action"
        assert "turbine-0" not in game.state.occupied
        assert "Undone" in screen_text(app)
        await pilot.press("u")  # nothing more in this turn
        await pilot.pause()
        assert "Nothing to undo" in screen_text(app)


async def test_escape_backs_out_of_an_unfinished_action(app_factory):
    game, seat = production_position()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await choose(pilot, "place:construct")
        await choose(pilot, "tile:base")
        assert game.prompt.kind == "build_space"
        await pilot.press("escape")
        await pilot.pause()
        assert game.prompt.kind == "action" and game.prompt.seat == seat
        assert game.state.companies[seat].construction_used == 0
        assert "Backed out" in screen_text(app)


async def test_choices_are_highlighted_on_the_board(app_factory):
    game, seat = production_position()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        index = game.prompt.keys().index("place:turbine-0")
        screen.choice_list.move(index)
        await pilot.pause()
        assert screen.view.strong == {"turbine-0"}
        await choose(pilot, "place:turbine-0")
        assert game.prompt.kind == "system"
        assert screen.view.strong == set(game.prompt.choices[0].refs)  # the first system, on the map
        index = next(i for i, c in enumerate(game.prompt.choices) if "C5R" in c.refs)
        await pilot.press(str(index + 1))
        assert screen.view.strong == {"B5L", "C5R", "P10_0"}


async def test_help_explains_the_decision_and_lists_the_keys(app_factory):
    game, seat = production_position()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.plain_text()
        assert "choose an action" in text
        assert "Produce: send water" in text  # what a choice does
        assert "Undo the last choice" in text  # from the key registry
        assert "Jill McDowell" in text  # the chief engineers in play
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_q_asks_before_quitting(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_banner_says_whose_turn_when_it_passes_to_another_player(app_factory):
    game, seat = production_position()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await choose(pilot, "place:bank-b")
        await choose(pilot, "engineers:1")
        other = game.state.companies[game.prompt.seat]
        assert game.prompt.seat != seat
        assert f"{other.player.upper()} (GERMANY G): YOUR TURN".replace("GERMANY G", "USA U") in screen_text(app) \
            or "YOUR TURN" in screen_text(app)


async def test_the_mouse_picks_a_choice_through_messages(app_factory):
    """A click selects a line and posts Highlighted; a click on the selected line posts Selected."""
    game, seat = production_position()
    app = app_factory(game=game)
    seen = []
    async with app.run_test(size=(120, 40), message_hook=seen.append) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        index = game.prompt.keys().index("place:bank-b")
        screen.choice_list.scroll_to_line(screen.choice_list._rows[index][0])  # the mouse scrolls there first
        await pilot.pause()
        row, kind = screen.choice_list.row_of(index), game.prompt.kind
        assert row is not None
        await pilot.click("#choices", offset=(5, 0))  # the header: nothing
        await pilot.pause()
        assert screen.choice_list.index != index and game.prompt.kind == kind
        await pilot.click("#choices", offset=(5, row))
        await pilot.pause()
        assert screen.choice_list.index == index
        assert screen.view.strong == {"bank-b"}
        await pilot.click("#choices", offset=(5, screen.choice_list.row_of(index)))  # (scrolled to show the next)
        await pilot.pause()
        assert game.prompt.kind == "bank"
    highlighted = {id(m): m for m in seen if isinstance(m, ChoiceList.Highlighted)}.values()  # seen as it bubbles
    assert any(m.choice.key == "place:bank-b" for m in highlighted if m.choice is not None)
    selected = {id(m): m for m in seen if isinstance(m, ChoiceList.Selected)}.values()
    assert [m.key for m in selected] == ["place:bank-b"]


async def test_the_draft_shows_the_pairs_on_offer_and_explains_them(app_factory):
    from barrage_tui.rules.components import components
    from barrage_tui.rules.game import Game
    from barrage_tui.ui.texts import company_name

    from .driver import default_setup

    game = Game.new(default_setup(2, 9))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert game.prompt.kind == "matchup"
        text = screen_text(app)
        assert "Player 1 to play" in text and "company picks" in text
        for c in game.state.companies:
            assert f"{company_name(c.company)} · on offer" in text
        second = game.prompt.choices[1]
        await pilot.press("down")
        await pilot.pause()
        assert f"{company_name(second.key.split(':')[1])} · on offer  ◀ selected" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        help_text = " ".join(app.screen.plain_text(200).split())
        officer = components().officers[second.refs[1].split(":")[1]]
        assert " ".join(officer.ability.split()) in help_text
        await pilot.press("escape")
        await pilot.press("enter")
        await pilot.pause()
        picked = game.state.companies[0]
        assert (picked.company, picked.officer) == (second.key.split(":")[1], officer.id)
        assert f"{company_name(picked.company)} · Player 1" in screen_text(app)


async def test_the_modules_companies_may_be_chosen_on_the_form(app_factory):
    """The Overseas Companies', the China Challenge's and the Leeghwater Project's companies may be chosen for a
    seat without their modules (a module still being built, ``offered = false``, would keep its own off)."""
    from barrage_tui.ui.widgets.cycler import Cycler

    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        start = await start_screen_ready(pilot)
        offered = [value for _, value in start.query_one("#company-0", Cycler).options]
        assert {"usa", "japan", "brazil", "china", "netherlands"} <= set(offered)
