"""The map as the rules core gives it to clients (rules/views/map.py): typed, worked out by the rules (the
capacity, a conduit's value in force, what is covered or blocked, where the water goes), and with the marks
the modules lay on the board through their ``map_marks`` hook."""

from dataclasses import FrozenInstanceError

import pytest

from barrage_tui.rules.game import Game
from barrage_tui.rules.modules.china.data import box as china_box
from barrage_tui.rules.modules.china.state import china
from barrage_tui.rules.modules.geological import rules as geology
from barrage_tui.rules.modules.geological.state import GeologicalState
from barrage_tui.rules.preparation import blocked_spaces
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup
from barrage_tui.rules.state import NEUTRAL
from barrage_tui.rules.views.map import map_view

from .helpers import clear_map, new_game, put_conduit, put_dam


def test_each_space_says_what_stands_on_it_and_what_it_holds():
    game = new_game()
    clear_map(game)
    put_dam(game, "B2U", 1, height=2, drops=1)
    put_dam(game, "B5L", NEUTRAL, height=2, drops=2)
    put_conduit(game, "C2R", 0)
    m = map_view(game)
    b2u = m.dams["B2U"]
    assert (b2u.owner, b2u.height, b2u.drops, b2u.capacity, b2u.red, b2u.upper) == (1, 2, 1, 2, 3, True)
    assert (m.dams["B5L"].owner, m.dams["B5L"].capacity) == (NEUTRAL, 2)
    assert (m.dams["B1U"].owner, m.dams["B1U"].height, m.dams["B1U"].capacity) == (None, 0, 0)
    assert (m.conduits["C2R"].owner, m.conduits["C2R"].value, m.conduits["C2R"].targets) == (0, 5, (10,))
    assert m.valleys[1].to == "8" and m.valleys[11].to in m.exits  # where each valley's water goes
    assert [h.id for h in m.headstreams] == ["HA", "HB", "HC", "HD"] and m.headstreams[0].to == "1"
    assert m.companies == tuple(c.company for c in game.state.companies)
    with pytest.raises(FrozenInstanceError):
        m.dams["B2U"].drops = 3  # type: ignore[misc]


def test_the_duel_maps_blocked_spaces_are_blocked():
    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3, options={"board": "duel"}))
    m = map_view(game)
    blocked = blocked_spaces(game.board, game.state.preparation)
    assert blocked and all(
        (m.dams.get(s) or m.conduits.get(s) or m.powerhouses[s]).blocked for s in blocked)
    assert not any(d.blocked for s, d in m.dams.items() if s not in blocked)


def test_a_geological_token_is_a_mark_over_its_valleys_upper_dam_and_raises_a_conduit():
    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=5, options={MODULES_OPTION: ["geological"]}))
    zone = next(z for z in geology.valleys(game.board) if game.board.zones[z].conduits)
    game.state.modules["geological"] = GeologicalState({str(zone): 6})  # token 6: its conduits' value + 1
    m = map_view(game)
    upper = geology.upper_dam(game.board, zone)
    (token,) = m.dams[upper].marks
    assert (token.text, token.look) == ("G6 C=ExMx", "token")
    conduit = game.board.zones[zone].conduits[0]
    assert m.conduits[conduit].value == game.board.conduits[conduit].production + 1
    assert not any(d.marks for s, d in m.dams.items() if s != upper)
    assert map_view(new_game()).area_marks == () and not any(d.marks for d in map_view(new_game()).dams.values())


def test_the_china_challenges_yield_tiles_are_marks_by_area_and_its_landscapes_cover_spaces():
    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=2,
                          options={MODULES_OPTION: ["china"], "board": "yellow-river"}))
    m = map_view(game)
    lying = china(game.state).yields
    assert sorted(k.text for k in m.area_marks if k.look.startswith("yield:")) == sorted(f"#{t}" for t in lying.values())
    assert {k.group for k in m.area_marks} == {"Yield"} and {k.place for k in m.area_marks} <= set(game.board.areas)
    covered = [s for s, d in m.dams.items() if d.covered]
    assert covered and all(m.dams[s].covered == game.board.covered_by(s) for s in covered)
    assert any(h.covered for h in m.headstreams)  # a headstream under its landscape


def test_the_duel_maps_invented_headstream_tiles_are_assumed_and_the_base_maps_are_not():
    duel = map_view(Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=3, options={"board": "duel"})))
    assert duel.headstreams and all(h.assumed for h in duel.headstreams)  # (every Duel tile is invented)
    base = map_view(new_game())
    assert not any(h.assumed for h in base.headstreams)


def test_a_space_under_an_assumed_landscape_tile_says_so():
    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=2,
                          options={MODULES_OPTION: ["china"], "board": "yellow-river"}))
    m = map_view(game)
    tiles = china(game.state).landscapes
    spaces = [*m.dams.values(), *m.conduits.values(), *m.powerhouses.values()]
    assert any(s.cover_assumed for s in spaces)
    for s in spaces:
        assert s.cover_assumed == (bool(s.covered) and bool(china_box().landscapes[tiles[s.covered]].assumed))
    assert all(h.cover_assumed == bool(h.covered) for h in m.headstreams)  # (A4's tile is partly assumed)
    assert not any(s.cover_assumed for s in [*map_view(new_game()).dams.values()])
