"""The drawn map's rivers between its rows of valleys (``map_rivers.py``), the whole board in the wide layout,
and a landscape's choice marking the spaces it covers."""

from __future__ import annotations

import pytest

from barrage_tui.rules import map_view
from barrage_tui.ui.app import BarrageApp
from barrage_tui.ui.widgets.company import CompanyBoard
from barrage_tui.ui.widgets.map import MapView
from barrage_tui.ui.widgets.map_drawing import Drawing, _places
from barrage_tui.ui.widgets.map_parts import Marks, landscape_key
from barrage_tui.ui.widgets.map_rivers import DOWN, LEFT, RIGHT, STROKES, UP, valley_below

from .test_map_snapshots import BOARDS, mid_game

WIDTH = 81  # the map panel's lines in the wide layout
HAS = {bit: {ch for dirs, ch in STROKES.items() if dirs & bit and dirs.bit_count() > 1}  # the strokes going that way
       for bit in (UP, DOWN, LEFT, RIGHT)}


@pytest.mark.parametrize("name", ["base", "yellow-river", "duel", "five"])
def test_each_river_between_rows_is_drawn_from_under_its_valley_to_the_valley_it_feeds(name):
    board, seats, modules = BOARDS[name]
    m = map_view(mid_game(board, seats, modules=modules))
    lines = [t.plain for t in Drawing().lines(m, Marks(), WIDTH)]
    place = _places(m)
    cols = max(c for _, c in place.values()) + 1
    w = min(30, max((WIDTH - (cols - 1)) // cols, 15 if 18 * cols + cols - 1 > WIDTH else 18))

    def top(zone: int) -> int:  # the line of a valley's name
        name, x = f"{zone} {m.valleys[zone].area}", place[zone][1] * (w + 1) + 1
        return next(y for y, t in enumerate(lines) if t[x:].startswith(name))

    drawn = 0
    for v in m.valleys.values():
        to = valley_below(m, v.to)
        if to is None or place[to][0] <= place[v.id][0] or place[to][1] == place[v.id][1]:
            continue  # the sea, a valley of its row or above (its ▼ says it), straight down (its column's stroke)
        y, xs, xt = top(to), place[v.id][1] * (w + 1), place[to][1] * (w + 1)
        river = lines[y] if lines[y][xt] != "║" else lines[y - 1]  # on the valley's top line (joined), or above it
        assert river[xs] in HAS[UP] and river[xt] in HAS[DOWN], (v.id, to, river)
        assert all(ch in HAS[LEFT] | {"═"} for ch in river[min(xs, xt) + 1:max(xs, xt)]), (v.id, to, river)
        drawn += 1
    assert drawn > 0  # (every board here has a river that changes columns between two rows)


async def settled(pilot, app) -> MapView:
    """The map panel once the layout has settled (its height fitted to the map: a few refreshes on a busy machine)."""
    sizes: list[object] = []
    for _ in range(50):
        await pilot.pause(0.1)
        panel = app.screen.query_one(MapView)
        sizes.append((panel.outer_size, panel.line_count))
        if len(sizes) >= 4 and sizes[-1] == sizes[-2] == sizes[-3] == sizes[-4] and panel.line_count:
            break
    return panel


@pytest.mark.parametrize("name", list(BOARDS))
async def test_the_whole_board_fits_its_panel_at_160x50(name):
    board, seats, modules = BOARDS[name]
    game = mid_game(board, seats, modules=modules)
    app = BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0, game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        panel = await settled(pilot, app)
        height = panel.scrollable_content_region.height
        # all of it; with the China Challenge on the Yellow River (its landscapes' key, China's Powerhouse
        # pieces on its board) the last two lines scroll: the company boards keep their brief form
        hidden = len(panel.plain_lines) - height
        assert hidden <= (2 if "china" in modules else 0) and (hidden <= 0 or panel.max_scroll_y == hidden)
        text = "\n".join(panel.plain_lines)
        b = game.board
        missing = [s for s in (*b.dams, *b.conduits, *b.powerhouses, *b.headstreams) if s not in text]
        assert not missing and ("china" not in modules or "Yield plain" in text)
        for company in app.screen.query(CompanyBoard):  # below a tall map, what each can build with still shows
            shown = [line.strip() for line in company.plain_lines[:company.scrollable_content_region.height]]
            assert {"Tiles", "Wheel"} <= {line.split(" ")[0] for line in shown}, (company.seat, shown)
        await pilot.resize_terminal(120, 40)  # the medium layout: the map keeps its height and scrolls
        await pilot.pause(0.3)
        panel = app.screen.query_one(MapView)
        assert panel.outer_size.height == 21 and (panel.max_scroll_y > 0) == (len(panel.plain_lines) > 19)


def test_a_landscapes_choice_marks_the_spaces_it_covers():
    m = map_view(mid_game("yellow-river", 3))
    drawing = Drawing()

    def styles(marks: Marks) -> set[str]:
        out = set()
        for t in drawing.lines(m, marks, WIDTH):
            for span in t.spans:
                if t.plain[span.start:span.end].startswith("[A2"):
                    out.add(str(span.style))
        return out

    assert styles(Marks(frozenset({"A2"}))) != styles(Marks())
    assert "A2" in drawing.where and drawing.where["A2"] == drawing.where["C2X"]


def test_the_landscapes_key_says_what_each_acts_on_besides_its_spaces_from_the_board():
    game = mid_game("yellow-river", 3)
    key = [t.plain for t in landscape_key(map_view(game))]
    assert "A6: 3▼7" in key  # the board's [[diversion]]: valley 3's water to valley 7 once A6 is built
    assert "A1: HA HB C1L→11" in key  # the headstreams A1's arrows mark, the branch of C1L under it
    assert "B2: LAKE_N" in key and "B6: LAKE_N" in key  # the lake beside them
    assert not any(k.startswith(("A3:", "B3:")) for k in key)  # only spaces: their code is drawn on them
    lines = [t.plain for t in Drawing().lines(map_view(game), Marks(), WIDTH)]
    assert any("A6: 3▼7" in t for t in lines) and any("[A1] landscape tile" in t for t in lines)
    game.state.uncovered += ["A6", "A1"]  # built: the river runs to 7, the branch is open
    m = map_view(game)
    assert m.valleys[3].to == "7" and 11 in m.conduits["C1L"].targets
    key = [t.plain for t in landscape_key(m)]
    assert not any(k.startswith(("A6:", "A1:")) for k in key) and "B2: LAKE_N" in key


async def test_the_brief_forms_height_leaves_the_shown_boards_lines_as_they_are():
    board, seats, modules = BOARDS["base"]
    app = BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0,
                     game=mid_game(board, seats, modules=modules))
    async with app.run_test(size=(160, 50)) as pilot:
        await settled(pilot, app)
        company = app.screen.query(CompanyBoard).first()
        before = company.line_of("construct")
        assert before is not None and company.brief_height() > 0
        assert company.line_of("construct") == before  # (the brief form has no construction line)
