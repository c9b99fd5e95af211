"""The chief engineers on screen: choosing them on the start screen (the expansion box's six too, the
Automa's rules for them), their abilities on the company boards and in the help, Elon Audia's
Excamixers, and the officers' own action spaces (Mahiri's, Wu Fang's, Gennaro's)."""

from __future__ import annotations

from barrage_tui.rules.components import EXPANSION_OFFICERS, components
from barrage_tui.rules.setup import EXPANSION_OPTION
from barrage_tui.rules.state import NEUTRAL
from barrage_tui.ui.palette import SELECTED
from barrage_tui.ui.screens.game import panel_for
from barrage_tui.ui.screens.help import HelpScreen
from barrage_tui.ui.screens.start import StartScreen
from barrage_tui.ui.widgets.company import CompanyBoard
from barrage_tui.ui.widgets.cycler import Cycler
from tests.rules.helpers import new_game, put_dam, restart

from .conftest import choose, game_screen, hotseat, screen_text, start_screen_ready

NAMES = {o.id: o.name for o in components().officers.values()}


async def start_screen(pilot) -> StartScreen:
    screen = await start_screen_ready(pilot)  # the chief engineers' names are filled in after the first paint
    await hotseat(pilot, screen)
    return screen


async def pick(pilot, screen, field: str, value) -> None:
    """Step the ◀ choice ▶ ``field`` with → until it shows ``value``."""
    cycler = screen.query_one(f"#{field}", Cycler)
    cycler.focus()
    for _ in range(len(cycler.options)):
        if cycler.value == value:
            return
        await pilot.press("right")
    assert cycler.value == value, f"{value!r} is not offered in #{field}"


def offered(screen, seat: int) -> list:
    return [v for _, v in screen.query_one(f"#officer-{seat}", Cycler).options]


# ------------------------------------------------------------ the start screen


async def test_a_person_may_choose_any_chief_engineer_of_the_base_box_the_promos_and_the_expansion(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_screen(pilot)
        officers = offered(screen, 0)
        assert officers[0] == ""  # Random
        for officer in ("wilhelm", "mahiri", "simone", "tommaso", *EXPANSION_OFFICERS):
            assert officer in officers
        assert "angelo" not in officers and "none" not in officers  # Angelo needs the Geological Factor


async def test_choosing_one_of_the_six_puts_the_expansion_box_in_the_game(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_screen(pilot)
        await pick(pilot, screen, "first", 0)  # seat 1 picks first: setup.seats[0] is seat 1
        assert screen.query_one("#officer-set", Cycler).value is False
        assert EXPANSION_OPTION not in screen.setup().options
        await pick(pilot, screen, "officer-0", "wu")
        assert screen.query_one("#officer-set", Cycler).value is True
        assert "Chief engineers  ◀ With the expansion box ▶" in screen_text(app)
        # the ability of the chief engineer in the focused field is shown under the seats
        assert components().officers["wu"].ability[:40] in " ".join(screen_text(app).split())
        setup = screen.setup()
        assert setup.seats[0].officer == "wu" and setup.options[EXPANSION_OPTION] is True
        # back to the base box and the promos: the seat draws at random again
        await pick(pilot, screen, "officer-set", False)
        setup = screen.setup()
        assert setup.seats[0].officer == "" and EXPANSION_OPTION not in setup.options
        await pick(pilot, screen, "officer-set", True)
        assert screen.setup().options[EXPANSION_OPTION] is True
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).session.game.setup.options[EXPANSION_OPTION] is True


async def test_only_a_very_hard_automa_has_a_chief_engineer(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_screen(pilot)
        await pick(pilot, screen, "first", 0)
        await pick(pilot, screen, "officer-1", "elon")
        for level in ("easy", "medium", "hard"):
            await pick(pilot, screen, "kind-1", f"automa:{level}")
            officer = screen.query_one("#officer-1", Cycler)
            assert officer.options == [("None", "")] and officer.disabled
            assert screen.setup().seats[1].officer == ""
        await pick(pilot, screen, "kind-1", "automa:very_hard")
        officer = screen.query_one("#officer-1", Cycler)
        assert not officer.disabled
        assert set(EXPANSION_OFFICERS) <= set(offered(screen, 1))
        await pick(pilot, screen, "officer-1", "franz")
        await pick(pilot, screen, "officer-0", "gennaro")
        setup = screen.setup()
        assert setup.seats[1].kind == "automa" and setup.seats[1].difficulty == "very_hard"
        assert setup.options[EXPANSION_OPTION] is True
        screen.query_one("#start-game").focus()
        await pilot.press("enter")
        await pilot.pause()
        companies = game_screen(app).session.game.state.companies
        assert [c.officer for c in companies] == ["gennaro", "franz"]


async def test_the_introductory_game_turns_the_chief_engineer_fields_off(app_factory):
    app = app_factory()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_screen(pilot)
        await pick(pilot, screen, "officer-set", True)
        await pick(pilot, screen, "mode", True)
        assert screen.query_one("#officer-set", Cycler).disabled
        assert screen.query_one("#officer-0", Cycler).disabled
        assert EXPANSION_OPTION not in screen.setup().options  # the introductory game has no expansion
        await pick(pilot, screen, "mode", False)
        assert not screen.query_one("#officer-0", Cycler).disabled


# ------------------------------------------------------------ the company boards and the help


def to_act(game, officer: str):
    """The same position with ``officer``'s company to act; returns (game, its seat)."""
    seat = next(c.seat for c in game.state.companies if c.officer == officer)
    game.state.turn_index = game.state.turn_order.index(seat)
    return restart(game), seat


def board_text(app, seat: int) -> str:
    return "\n".join(app.screen.query_one(f"#company-{seat}", CompanyBoard).plain_lines)


async def test_the_six_abilities_show_on_the_company_boards_and_in_the_help(app_factory):
    game = new_game(companies=("usa", "germany", "italy", "france"), officers=("elon", "wu", "octavius", "franz"))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        for seat, officer in enumerate(("elon", "wu", "octavius", "franz")):
            assert NAMES[officer] in board_text(app, seat)
        await pilot.press("question_mark")
        await pilot.pause()
        help_text = " ".join(app.screen.plain_text(200).split())
        assert isinstance(app.screen, HelpScreen)
        for officer in ("elon", "wu", "octavius", "franz"):
            o = components().officers[officer]
            assert f"{o.name} {o.ability}" in help_text
            assert o.ability_text[:60] in help_text  # the card, as printed


async def test_elon_audias_excamixers_show_in_his_supply_and_on_his_wheel(app_factory):
    game, seat = to_act(new_game(companies=("usa", "germany"), officers=("elon", "jill"), seed=2), "elon")
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        assert "ExMx 8" in board_text(app, seat)
        assert "ExMx" not in board_text(app, 1 - seat)
        await choose(pilot, "place:construct")
        await choose(pilot, "tile:base")
        space = next(k for k in game.prompt.keys() if k.startswith("space:B") and k.endswith("L"))
        await choose(pilot, space)
        if game.prompt is not None and game.prompt.kind == "payment":
            await choose(pilot, next(k for k in game.prompt.keys() if k.count(":") == 4))
        c = game.state.companies[seat]
        on_wheel = c.wheel[c.wheel_open].excamixers if c.wheel[c.wheel_open].excamixers else \
            sum(s.excamixers for s in c.wheel)
        assert on_wheel and c.excamixers == 8 - on_wheel
        text = board_text(app, seat)
        assert f"ExMx {c.excamixers}" in text and f"{on_wheel}ExMx" in text


def wu_position():
    game, seat = to_act(new_game(companies=("italy", "france"), officers=("wu", "gennaro"), seed=4), "wu")
    put_dam(game, "B1U", seat, height=2, drops=2)
    put_dam(game, "B8L", NEUTRAL, drops=1)
    return restart(game), seat


async def test_the_officers_own_spaces_are_labelled_and_marked_as_theirs(app_factory):
    game, seat = wu_position()
    other = 1 - seat
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        assert "Wu's space: 1E free" in board_text(app, seat)
        assert "Gennardo's space: 2E free" in board_text(app, other)
        assert "Mahiri" not in board_text(app, seat) + board_text(app, other)
        assert panel_for(game_screen(app).view, "wu-1") == "companies"
        screen = game_screen(app)
        index = game.prompt.keys().index("place:wu-1")
        await pilot.press(*[str(d) for d in str(index + 1)])
        await pilot.pause()
        assert screen.choice_list.index == index
        board = screen.query_one(f"#company-{seat}", CompanyBoard)
        line = board.line_of("wu-1")
        assert line is not None
        styles = [span.style for span in board.lines(screen.view, board.content_width)[line].spans]
        assert SELECTED in styles  # the space the selected choice uses is marked on Wu's tile
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.companies[seat].private_spaces_used[0]
        assert "Wu's space: 1E used" in board_text(app, seat)


async def test_mahiris_two_spaces_keep_their_numbers(app_factory):
    game = new_game(companies=("usa", "germany"), officers=("mahiri", "wilhelm"))
    app = app_factory(game=game)
    async with app.run_test(size=(160, 60)) as pilot:
        await pilot.pause(0.2)
        text = board_text(app, 0)
        assert "Mahiri's space 1: 1E free" in text and "Mahiri's space 2: 1E+3cr free" in text
        await pilot.resize_terminal(160, 50)  # a shorter panel: the denser board has them on one line
        await pilot.pause(0.2)
        assert "Mahiri's spaces 1E free · 1E+3cr free" in board_text(app, 0)


async def test_the_help_explains_a_copy_by_its_printed_copying_line(app_factory):
    game = new_game(companies=("usa", "germany"), officers=("mahiri", "wilhelm"))
    game.state.spare_officers = ["elon", "jill"]
    game, _ = to_act(game, "mahiri")
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        await choose(pilot, "place:mahiri-1")
        assert game.prompt.kind == "copy_officer"
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(app.screen.plain_text(200).split())
        assert components().officers["elon"].copying[:60] in text
