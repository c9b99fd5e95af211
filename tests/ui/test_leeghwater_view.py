"""The Leeghwater Project on screen (issue 23, item 6): the expansion board's panel (the private buildings'
rows with their builders and action spaces, the External Works with their costs and rewards), the building
pieces on each company board, the prices and reasons of the module's choices, and its sections of ?.
Pictures (SVG snapshots in tests/ui/snapshots/; `pytest --snapshot-update` after a deliberate change): the
panel at 160x50, 120x40 and 80x24 (its tab brought to the front), the help section, the company boards."""

from __future__ import annotations

import random

import pytest

from barrage_tui.rules.game import Game
from barrage_tui.rules.modules.leeghwater import buildings
from barrage_tui.rules.modules.leeghwater.app import CLOSED, FREE, ExpansionBoard, leeghwater_help
from barrage_tui.rules.modules.leeghwater.facts import box
from barrage_tui.rules.modules.leeghwater.state import leeghwater
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
from barrage_tui.rules.sim import weight
from barrage_tui.rules.views.company import company_view
from barrage_tui.ui.app import BarrageApp
from barrage_tui.ui.palette import SELECTED
from barrage_tui.ui.view import View
from barrage_tui.ui.widgets.company import CompanyBoard
from barrage_tui.ui.widgets.deck import Deck

from .conftest import game_screen, help_text
from .screenshots import assert_screen, settle

LWP = {MODULES_OPTION: ["leeghwater"]}
SIZES = ((160, 50), (120, 40), (80, 24))


def _module_key(key: str) -> bool:
    return any(x in key for x in ("works-", "-a", "building"))


def lwp_mid_game(decisions: int = 52, seed: int = 6) -> Game:
    """Round 2 of a game of three people with the module on, played at random with a taste for the module's
    spaces: three buildings built, an External Work taken this round, a building's action space taken."""
    setup = Setup(seats=(SeatSetup("Ann", company="usa", officer="margot"),
                         SeatSetup("Bob", company="germany", officer="leslie"),
                         SeatSetup("Cy", company="italy", officer="viktor")), seed=seed, options=LWP)
    game = Game.new(setup)
    r = random.Random(seed)
    for _ in range(decisions):
        p = game.prompt
        ws = [weight(c.key) * (10 if _module_key(c.key) else 1) for c in p.choices]
        game.choose(p.choices[r.choices(range(len(p.choices)), ws)[0]].key)
    return game


def app_with(game: Game) -> BarrageApp:
    return BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0, game=game)


def in_front(pilot, tab: str) -> None:
    for deck in pilot.app.screen.query(Deck):
        deck.show(tab)


# ---------------------------------------------------------------- the panel

def panel_lines(game: Game, width: int) -> list[str]:
    from barrage_tui.ui.view import View

    return [line.plain for line in ExpansionBoard(id="x").lines(View(game), width)]


def test_the_fixture_has_what_the_panel_shows():
    own = leeghwater(lwp_mid_game().state)
    assert len(own.built) == 3 and own.fulfilled and any("-a" in s for s in own.occupied)
    assert any(own.works) and not all(own.works)


@pytest.mark.parametrize("width", (38, 78, 120))
def test_each_building_shows_its_cost_vp_builders_and_action_spaces(width):
    game = lwp_mid_game()
    own = leeghwater(game.state)
    text = "\n".join(panel_lines(game, width))
    for building in own.rows:
        b = box().buildings[building]
        assert f"{b.name} {b.excavators}Ex" in text and f" {b.vp}VP" in text and b.short in text
        row = next(i for i, line in enumerate(text.splitlines()) if line.startswith(b.name))
        block = " ".join(text.splitlines()[row:row + 3])
        first = b.action_spaces[0]
        assert f"Act {first[0]}E" in block  # its first action space's Engineers
        letters = {game.state.companies[seat].company for s, seat in own.built.items()
                   if buildings.split(s)[0].id == building}
        for company in letters:  # its builders' letters on its building spaces
            from barrage_tui.ui.palette import company_letter

            assert company_letter(company) in block.split("Act")[0]
    assert CLOSED in text  # 3 seats: the second plain space is not open (assumed)
    assert FREE in text


def test_who_stands_on_a_building_action_space_and_how_many():
    game = lwp_mid_game()
    own = leeghwater(game.state)
    space, seat = next((s, who) for s, who in own.occupied.items() if "-a" in s)
    b = box().buildings[space.rpartition("-a")[0]]
    n = game.state.engineers_on[space][seat]
    from barrage_tui.ui.palette import company_letter

    letter = company_letter(game.state.companies[seat].company)
    line = next(line for line in panel_lines(game, 120) if line.startswith(b.name))
    assert f"Act {b.action_spaces[0][0]}E {letter}{n}" in line


def test_the_external_works_show_their_cost_reward_piles_and_takers():
    game = lwp_mid_game()
    own = leeghwater(game.state)
    lines = panel_lines(game, 38)
    for i, tile in enumerate(own.works):
        line = next(line for line in lines if line.startswith(f"{i + 1} "))
        if tile:
            w = box().works[tile]
            assert line.startswith(f"{i + 1} {tile} ") and w.short in line
            assert (f"{w.excavators}Ex" if w.excavators else f"{w.mixers}Mx") in line
        else:
            assert "taken" in line
    assert any(line.startswith("External Works") and " ".join(f"{k}{len(p)}" for k, p in own.piles.items()) in line
               for line in lines)
    assert any(line.startswith("Taken ") for line in lines)


async def test_the_panel_scrolls_to_the_choice_selected(app_factory):
    """At 160x50 the panel is cut by its height: the External Work the choice points at is brought into view."""
    game = lwp_mid_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        panel = screen.query_one(ExpansionBoard)
        works = [i for i, c in enumerate(game.prompt.choices) if c.key.startswith("place:works-")]
        assert works, [c.key for c in game.prompt.choices]
        for _ in range(works[0] - screen.choice_list.index):
            await pilot.press("down")
        await pilot.pause(0.2)
        ref = game.prompt.choices[works[0]].refs[0]
        y = panel.line_of(ref)
        assert y is not None and y >= panel.scrollable_content_region.height  # below the panel's first view
        assert panel.scroll_offset.y <= y < panel.scroll_offset.y + panel.scrollable_content_region.height
        line = panel.build(panel.content_width)[y]
        assert any(span.style == SELECTED for span in line.spans)  # and marked as the choice's


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_expansion_board_panel(snapshot, size):
    async def ready(pilot) -> None:
        await settle(pilot)
        in_front(pilot, "leeghwater")
        await settle(pilot)

    await assert_screen(snapshot, app_with(lwp_mid_game()), size, [], f"leeghwater_{size[0]}x{size[1]}.svg",
                        ready=ready)


# ---------------------------------------------------------------- the company boards

def test_the_company_view_has_the_building_pieces_left_and_where_the_others_went():
    game = lwp_mid_game()
    own = leeghwater(game.state)
    for seat in range(game.state.seats):
        (pieces,) = company_view(game, seat).module_pieces
        built = buildings.built_by(own, seat)
        assert (pieces.left, pieces.of) == (box().pieces - len(built), box().pieces)
        assert pieces.placed == tuple(box().buildings[b].name for b in built)


def test_without_the_module_a_company_has_no_module_pieces():
    from .driver import at_first_action

    assert company_view(at_first_action(), 0).module_pieces == ()


async def test_each_company_board_shows_its_building_pieces(app_factory):
    game = lwp_mid_game()
    own = leeghwater(game.state)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        for seat in range(game.state.seats):
            board = game_screen(app).query_one(f"#company-{seat}", CompanyBoard)
            text = " ".join(" ".join(board.plain_lines).split())
            left = box().pieces - len(buildings.built_by(own, seat))
            assert f"Buildings {left}/{box().pieces} left" in text


async def test_the_company_boards_with_building_pieces(snapshot):
    async def ready(pilot) -> None:
        await settle(pilot)
        in_front(pilot, "companies")
        await settle(pilot)

    await assert_screen(snapshot, app_with(lwp_mid_game()), (120, 40), [], "leeghwater_companies_120x40.svg",
                        ready=ready)


# ---------------------------------------------------------------- ?

def test_the_help_has_each_building_each_work_and_the_assumed_spaces():
    from rich.console import Console

    game = lwp_mid_game()
    console = Console(width=200, record=True, color_system=None, file=open("/dev/null", "w"))
    for title, shown in leeghwater_help(game):
        console.print(title)
        for part in shown:
            console.print(part)
    text = " ".join(console.export_text().split())
    own = leeghwater(game.state)
    for building in own.rows:
        assert " ".join(box().buildings[building].text.split()) in text
    for tile in filter(None, own.works):
        assert " ".join(box().works[tile].text.split()) in text
    assert " ".join(box().help["spaces"].split()) in text and "Assumed" in text
    assert "Building (level I) tile" in text


def test_the_china_challenges_winch_and_orders_say_they_are_assumed():
    """What no source prints (the Winch's cost, VP and spaces; China's orders' letters and machinery) is marked ≈
    in the panel and said in ? (seed 002 prints only their effects)."""
    from rich.console import Console

    game = Game.new(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),
                                 SeatSetup("B", company="germany", officer="jill")), seed=2,
                          options={MODULES_OPTION: ["china", "leeghwater"], "board": "yellow-river"}))
    own = leeghwater(game.state)
    own.rows[0] = "winch"
    own.works[0] = "china_i"
    board = ExpansionBoard()
    lines = [line.plain for line in board.lines(View(game), 60)]
    assert any(line.startswith("Winch") and "≈" in line for line in lines)
    assert any("china_i" in line and "≈" in line for line in lines)
    assert not any(line.startswith(box().buildings[own.rows[1]].name) and "≈" in line for line in lines)
    console = Console(width=200, record=True, color_system=None, file=open("/dev/null", "w"))
    for _, shown in leeghwater_help(game):
        for part in shown:
            console.print(part)
    text = " ".join(console.export_text().split())
    assert box().buildings["winch"].assumed in text and box().works["china_i"].assumed in text


async def test_the_help_screen_has_the_module_sections(app_factory):
    app = app_factory(game=lwp_mid_game())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot)
        assert "The Leeghwater Project: private buildings" in text
        assert "The Leeghwater Project: External Works" in text


async def test_the_help_section_picture(snapshot):
    """? scrolled to its end: the module's sections are the last."""
    await assert_screen(snapshot, app_with(lwp_mid_game()), (120, 40), ["question_mark", "end"],
                        "leeghwater_help_120x40.svg")


# ---------------------------------------------------------------- saves

async def test_a_game_with_the_module_is_autosaved_and_loads_back_whole(app_factory, tmp_path):
    """An External Work taken through the app (keys), autosaved; the save loads back with the module's state."""
    import saves

    from .conftest import choose

    game = lwp_mid_game()
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = game_screen(app).session.game
        work = next(c.key for c in game.prompt.choices if c.key.startswith("place:works-"))
        await choose(pilot, work)
        while game.prompt.seat == 2 and game.prompt.kind != "action":  # its reward's questions, if any
            await choose(pilot, game.prompt.choices[0].key)
        await pilot.pause()
        files = sorted((tmp_path / "saves").glob("autosave-*"))
        assert len(files) == 1
        loaded = saves.load_game(files[0])
        assert leeghwater(loaded.state) == leeghwater(game.state) and loaded.state.to_dict() == game.state.to_dict()
        assert len(leeghwater(loaded.state).fulfilled) > len(leeghwater(lwp_mid_game().state).fulfilled)


def test_every_space_of_a_row_is_found_on_its_lines():
    """A building space on its row's first line, an action space on the row's Act line: line_of scrolls there."""
    from barrage_tui.ui.view import View

    game = lwp_mid_game()
    panel = ExpansionBoard(id="x")
    lines = [line.plain for line in panel.lines(View(game), 38)]
    for building in leeghwater(game.state).rows:
        name = box().buildings[building].name
        assert lines[panel.line_of(f"{building}-3")].startswith(name)
        assert "Act " in lines[panel.line_of(f"{building}-a2")]


# ---------------------------------------------------------------- the round summary

async def test_the_round_summary_names_the_external_works_revealed_for_the_next_round(app_factory):
    from barrage_tui.rules.modules.leeghwater.app import revealed

    from .conftest import round_summary_text

    game = lwp_mid_game()
    works = revealed(game, 1)
    assert len(works) == 3 and all(w.split()[0] in leeghwater(game.state).works or w.split()[0] in
                                   leeghwater(game.state).fulfilled for w in works)
    assert revealed(game, 2) == []  # not scored yet
    text = await round_summary_text(app_factory, game)
    assert "External Works for the next round" in text
    for w in works:
        assert w[:30] in text


@pytest.mark.parametrize("width", (28, 33, 38, 78))
def test_no_line_of_the_panel_is_wider_than_the_panel(width):
    """(The Loan Agency's action, 34 letters, was cut in 120x40's 33 columns: a cell is flowed whole.)"""
    assert max(len(line) for line in panel_lines(lwp_mid_game(), width)) <= width


async def test_with_a_long_recap_beside_the_panel_the_choices_keep_their_lines(app_factory):
    """160x50 with a module's panel leaves the decision 16 lines: the others' turns took 11 of them, the header
    3, and the choices one (none, with the Automa's reasoning); the recap now leaves them 4."""
    from barrage_tui.ui.widgets.prompt import Recap

    app = app_factory(game=lwp_mid_game())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.3)
        screen = game_screen(app)
        assert screen.choice_list.recap_text
        assert screen.choice_list.window_height >= Recap.CHOICES


def test_inspect_tells_the_module_with_its_spaces_taken(tmp_path):
    """`barrage-tui inspect` of a save with the module on: its rows, works and the spaces taken this round."""
    import contextlib
    import io

    import saves

    from barrage_tui.cli import main

    game = lwp_mid_game()
    path = tmp_path / "lwp.toml"
    saves.save_game(game, path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["inspect", str(path)]) == 0
    text = out.getvalue()
    own = leeghwater(game.state)
    assert f"private buildings: {', '.join(own.rows)}" in text
    taken = text.split("its action spaces taken this round: ")[1].splitlines()[0]
    assert all(f"{space} {game.name(seat)}" in taken for space, seat in own.occupied.items()) and own.occupied
