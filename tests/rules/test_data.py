"""One home for every fact: the data files under rules/data hold them, and the rules read them from there.

``edited_data`` changes a data file in memory before the components are built: a rule that follows the
edit reads its fact from the file, one that does not has a copy of it in the code.
"""

import pytest

import barrage_tui.rules.components as components_module
from barrage_tui.cli import build_parser
from barrage_tui.rules import automa_step, patents
from barrage_tui.rules.components import components, prompt_help
from barrage_tui.rules.decisions import PromptKind
from barrage_tui.rules.officers import OFFICERS
from barrage_tui.rules.setup import SeatSetup, new_company
from barrage_tui.rules.state import Segment
from barrage_tui.ui.screens.start import automa_kinds
from barrage_tui.ui.texts import KIND_HELP

from .helpers import build, empty_map_game, restart


def _clear_caches() -> None:
    components.cache_clear()
    patents._effect.cache_clear()
    automa_step.levels.cache_clear()


@pytest.fixture
def edited_data(monkeypatch):
    """``edit(name, change)``: the file ``name`` is read as ``change`` leaves it (a function on its tables)."""
    changes = {}
    read = components_module._read_file

    def read_edited(name: str) -> dict:
        data = read(name)
        if name in changes:
            changes[name](data)
        return data

    def edit(name: str, change) -> None:
        before = changes.get(name, lambda data: None)
        changes[name] = lambda data: (before(data), change(data))
        _clear_caches()

    monkeypatch.setattr(components_module, "_read_file", read_edited)
    yield edit
    monkeypatch.undo()
    _clear_caches()


def _row(rows: list, id_: str) -> dict:
    return next(r for r in rows if r["id"] == id_)


def with_tile(tile: str):
    """Seat 0 on an empty map, holding ``tile`` (the basic tile of its type set aside)."""
    game, seat = empty_map_game()
    c = game.state.companies[seat]
    c.tiles = [t for t in c.tiles if t != components().tile(tile).builds] + [tile]
    return restart(game), seat


# ---------------------------------------------------------------- companies and chief engineers

def test_construction_costs_come_from_companies_toml(edited_data):
    game, seat = empty_map_game()
    assert build(game, "tile:base", "B1L") == (5, 0, 0)  # a Base in the mountains
    edited_data("companies", lambda d: d["common"]["construction_cost"]["base_excavators"].update(mountain=2))
    game, seat = empty_map_game()
    assert build(game, "tile:base", "B1L") == (2, 0, 0)


def test_an_income_slot_is_wherever_the_company_board_shows_one(edited_data):
    """Building the 1st Base uncovers slot 1: an income only if the company's data shows one there."""
    game, seat = empty_map_game()
    c = game.state.companies[seat]  # Italy
    build(game, "tile:base", "B1L")
    assert c.credits == 20
    edited_data("companies", lambda d: _row(d["company"], "italy")["income_base"].update({"1": {"credits": 4}}))
    game, seat = empty_map_game()
    c = game.state.companies[seat]
    build(game, "tile:base", "B1L")
    assert c.credits == 20 + 4


def test_the_starting_supply_comes_from_the_data(edited_data):
    edited_data("companies", lambda d: d["common"].update(starting_credits=9, starting_mixers=1))
    edited_data("officers", lambda d: _row(d["officer"], "tommaso")["starting"].update(engineers=7))
    c = new_company(0, SeatSetup("A"), "usa", "tommaso", introductory=False)
    assert (c.credits, c.mixers, c.excavators, c.vp) == (9, 1, 6, 10)
    assert (c.engineers, c.architect, c.machinery_gained) == (7, True, [6, 1])


def test_a_chief_engineers_starting_changes_come_from_officers_toml():
    elon = new_company(0, SeatSetup("A"), "usa", "elon", introductory=False)
    assert (elon.excavators, elon.mixers, elon.excamixers, elon.excamixers_gained) == (0, 0, 8, 8)
    anton = new_company(0, SeatSetup("A"), "usa", "anton", introductory=True)
    assert anton.tiles == ["base", "elevation", "conduit", "powerhouse", "joker", "anton"]


def test_mahiris_spaces_come_from_the_management_board(edited_data):
    assert OFFICERS["mahiri"].private_spaces == ((1, 0), (1, 3))
    edited_data("management-board", lambda d: _row(d["space"], "officer-mahiri-2").update(engineers=2))
    assert OFFICERS["mahiri"].private_spaces == ((1, 0), (2, 3))


# ---------------------------------------------------------------- Technology tiles

def test_every_tile_effect_has_a_handler_and_every_handler_a_tile():
    comps = components()
    tiles = [*comps.advanced_tiles.values(), *comps.special_tiles.values()]
    assert {t.effect for t in tiles} == set(patents.EFFECTS)


def test_a_cost_effect_takes_its_figure_from_the_tile(edited_data):
    game, seat = with_tile("L2_CONDUIT")
    assert build(game, "tile:L2_CONDUIT", "C1L") == (5, 0, 0)  # value 5: 10 Excavators, capped at 5
    edited_data("tech-tiles", lambda d: _row(d["advanced"], "L2_CONDUIT")["params"].update(units=4))
    game, seat = with_tile("L2_CONDUIT")
    assert build(game, "tile:L2_CONDUIT", "C1L") == (4, 0, 0)


def test_an_effect_after_building_takes_its_figure_from_the_tile(edited_data):
    edited_data("tech-tiles", lambda d: _row(d["advanced"], "L3_JOKER")["params"].update(vp=2))
    game, seat = with_tile("L3_JOKER")
    c = game.state.companies[seat]
    c.tiles.append("L1_BASE")
    c.wheel[4] = Segment(["L2_CONDUIT"])
    build(game, "tile:L3_JOKER:powerhouse", "P8_0")
    assert c.vp == 10 + 2 * 3  # 2 VP for each of its 3 advanced tiles


# ---------------------------------------------------------------- the Automa's levels

def _add_level(data: dict) -> None:
    data["level"].append({**data["level"][-1], "id": "brutal", "name": "Brutal"})


def test_the_command_line_offers_the_automa_levels_of_the_data(edited_data, capsys):
    parser = build_parser()
    assert parser.parse_args(["sim", "--level", "very_hard"]).level == "very_hard"
    with pytest.raises(SystemExit):
        parser.parse_args(["sim", "--level", "brutal"])
    assert "invalid choice: 'brutal' (choose from 'easy', 'medium', 'hard', 'very_hard')" in capsys.readouterr().err
    edited_data("automa-levels", _add_level)
    assert parser.parse_args(["sim", "--level", "brutal"]).level == "brutal"


def test_the_start_screen_offers_the_automa_levels_of_the_data(edited_data):
    assert automa_kinds() == [("Automa easy", "automa:easy"), ("Automa medium", "automa:medium"),
                              ("Automa hard", "automa:hard"), ("Automa very hard", "automa:very_hard")]
    edited_data("automa-levels", _add_level)
    assert automa_kinds()[-1] == ("Automa brutal", "automa:brutal")


# ---------------------------------------------------------------- texts

def test_every_kind_of_decision_has_its_help_text_and_no_other_kind_has_one():
    assert set(prompt_help()) == {kind.value for kind in PromptKind}
    assert all(text.strip() for text in prompt_help().values())
    assert KIND_HELP == prompt_help() and KIND_HELP[PromptKind.BANK].startswith("How many Engineers")
