"""One home for every fact: the data files under rules/data hold them, and the rules read them from there.

``edited_data`` changes a data file in memory before the components are built: a rule that follows the
edit reads its fact from the file, one that does not has a copy of it in the code.
"""


import pytest

import barrage_tui.rules.components as components_module
from barrage_tui.cli import build_parser
from barrage_tui.rules import automa_levels, patents, plugin, setup
from barrage_tui.rules.modules.china import data as landscape_data
from barrage_tui.rules.modules.china import setup as china_challenge
from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.modules.extra_board import board as extra_board
from barrage_tui.rules.modules.leeghwater import facts as leeghwater_facts
from barrage_tui.rules.components import components, prompt_help
from barrage_tui.rules.engine.decisions import PromptKind
from barrage_tui.rules.officers import OFFICERS
from barrage_tui.rules.setup import SeatSetup, new_company
from barrage_tui.rules.state import Segment
from barrage_tui.ui.screens.start import automa_kinds
from barrage_tui.ui.texts import KIND_HELP
from barrage_tui.rules.modules.geological import rules as geology

from .helpers import build, empty_map_game, restart


def _clear_caches() -> None:
    components.cache_clear()
    patents._effect.cache_clear()
    automa_levels.rules.cache_clear()
    china_challenge.box.cache_clear()


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


# ---------------------------------------------------------------- no key of a data file goes unread

# The keys no loader reads, on purpose, each with its reason. Any other unread key fails the test, and so
# does an entry here that is read after all (the list stays true). An entry covers the keys under it.
FOR_PEOPLE = {  # prose and provenance, for whoever reads the file or compares it with its source
    "companies": {
        "common.wheel.rule": "the wheel rule in words (rules/wheel.py does it)",
        "company[].bga_id": "BGA's number for the company, to compare with its code",
        "company[].expansion": "the box an expansion's company comes in (base_game = false leaves it out)",
    },
    "energy-track": {"wrap.track_slots_in_bga": "how BGA draws the track",
                     "section[].holds": "what each section holds, in words",
                     "section[].index": "the section's number, for readers (the list's order is the rule)",
                     "section[].to_energy": "where a section ends: where the next one starts, less 1"},
    "game-flow": {
        "game.tie_breaker": "the tie-breaker in words (rules/scoring.py)",
        "game.vp_floor_zero": "an open question noted for readers",
        "game.supply_limits": "a note: the supply is unlimited, so nothing counts it",
        "setup_step": "the setup in words (rules/setup.py does it)",
        "round_phase": "the round in words (rules/rounds.py does it)",
        "final_scoring": "the final scoring in words (rules/scoring.py does it)",
    },
    "officers": {
        "officer[].bga_id": "BGA's number for the officer, to compare with its code",
        "officer[].bga_enabled": "whether BGA deals the officer",
        "officer[].notes": "how the ability was read, for readers",
    },
    "tech-tiles": {
        "advanced[].cost_modifier": "the cost change in words (params and the effect do it)",
        "special[].owner": "the owner's name (officers.toml has it)",
    },
}

DERIVED = {  # figures kept as in the reference so a reader can check the file; the rules work them out
    # from the keys they follow, and test_derived_keys_agree_with_the_keys_they_follow checks they agree
    "contracts": {f"counts.{kind}": "how many contracts the list has"
                  for kind in ("starting", "national", "green", "yellow", "red")},
    "headstreams": {
        "tile[].total": "the sum of drops_by_round",
        "used_per_game": "one tile per headstream of the base board (data/boards/base.toml)",
        "rounds_with_drops": "the rounds drops_by_round has a number for",
    },
    "management-board": {
        "space[].red_outline": "extra_credits > 0",
        "space[].private": "the company and officer boards' spaces",
    },
    "officers": {"introductory_matchups": "companies.toml, each company's introductory"},
}

STILL_IN_CODE = {  # facts the code outside this change still repeats: read them there, then drop the entry
    "management-board": {
        "space[].exclusive": "rules/actions.py: the Bank (BANK) is the space anyone may use",
    },
}


def _exceptions() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for table in (FOR_PEOPLE, DERIVED, STILL_IN_CODE):
        for name, keys in table.items():
            merged.setdefault(name, {}).update(keys)
    return merged


def _covered(key: str, entries) -> bool:
    return any(key == e or key.startswith((f"{e}.", f"{e}[]")) for e in entries)


def unread_keys() -> dict[str, set[str]]:
    """Load every data file as the rules do, noting the keys read: file -> the keys nothing read."""
    with components_module.recording_reads() as reads:
        components.__wrapped__()
        prompt_help.__wrapped__()
        components_module._only_choice_words.__wrapped__()
        automa_levels.rules.__wrapped__()
        geology.box.__wrapped__()
        duel.board.__wrapped__()
        landscape_data.box.__wrapped__()
        plugin.every_module.__wrapped__()
        leeghwater_facts.box.__wrapped__()
        china_challenge.box.__wrapped__()
        extra_board.box.__wrapped__()
    return reads.unread()


def test_every_key_of_every_data_file_is_read_by_the_rules():
    unread, exceptions = unread_keys(), _exceptions()
    assert set(exceptions) <= set(unread), "an exception names a file that is not there"
    not_read = {name: sorted(k for k in keys if not _covered(k, exceptions.get(name, ())))
                for name, keys in unread.items()}
    not_read = {name: keys for name, keys in not_read.items() if keys}
    assert not not_read, f"data keys nothing reads (read them, or list them above with a reason): {not_read}"
    stale = {name: sorted(e for e in entries if not any(_covered(k, (e,)) for k in unread[name]))
             for name, entries in exceptions.items()}
    stale = {name: entries for name, entries in stale.items() if entries}
    assert not stale, f"listed as unread, but read (drop them from the list): {stale}"


def test_derived_keys_agree_with_the_keys_they_follow():
    raw = components_module._read_file
    contracts = raw("contracts")
    assert all(contracts["counts"][kind] == len(contracts[kind])
               for kind in ("starting", "national", "green", "yellow", "red"))
    heads = raw("headstreams")
    assert all(t["total"] == sum(t["drops_by_round"]) for t in heads["tile"])
    assert heads["used_per_game"] == len(components_module.components().map.headstreams)
    assert all(heads["rounds_with_drops"] == list(range(1, len(t["drops_by_round"]) + 1)) for t in heads["tile"])
    for s in raw("management-board")["space"]:
        assert s["red_outline"] == (s["extra_credits"] > 0), s["id"]
        assert s.get("private", False) == (s["board"] in ("company", "officer")), s["id"]
    intro = sorted(({"company": c["id"], **c["introductory"]} for c in raw("companies")["company"]
                    if "introductory" in c), key=lambda row: row["turn_position"])
    assert raw("officers")["introductory_matchups"]["rows"] == intro


def test_a_new_key_nothing_reads_fails_the_check(edited_data):
    edited_data("companies", lambda d: d["common"].update(starting_energy=3))
    assert unread_keys()["companies"] - _exceptions()["companies"].keys() == {"common.starting_energy"}


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
    tiles = [*comps.advanced_tiles.values(), *comps.special_tiles.values(),
             *(t for t in comps.china_tiles.values() if t.effect and t.builds in patents.BUILDS)]
    # a module's tile whose effect changes a cost the base game pays (Building II: one kind of machinery)
    cost_changes = {t.effect for t in comps.module_tiles.values() if t.effect in patents.EFFECTS}
    assert {t.effect for t in tiles} | cost_changes == set(patents.EFFECTS)
    assert cost_changes == {"one_machinery_kind"}


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
    err = capsys.readouterr().err
    assert "invalid choice: 'brutal'" in err and "very_hard" in err
    edited_data("automa-levels", _add_level)
    assert parser.parse_args(["sim", "--level", "brutal"]).level == "brutal"


def test_the_start_screen_offers_the_automa_levels_of_the_data(edited_data):
    assert automa_kinds() == [("Automa easy", "automa:easy"), ("Automa medium", "automa:medium"),
                              ("Automa hard", "automa:hard"), ("Automa very hard", "automa:very_hard")]
    edited_data("automa-levels", _add_level)
    assert automa_kinds()[-1] == ("Automa brutal", "automa:brutal")


# ---------------------------------------------------------------- texts

def test_every_kind_of_decision_has_its_help_text_and_no_other_kind_has_one():
    from barrage_tui.rules.modules.geological.state import GeologicalPrompt
    from barrage_tui.rules.modules.extra_board.state import ExtraBoardPrompt
    from barrage_tui.rules.modules.leeghwater.prompts import LeeghwaterPrompt

    assert set(prompt_help()) == ({kind.value for kind in PromptKind} | {kind.value for kind in GeologicalPrompt}
                                  | {kind.value for kind in LeeghwaterPrompt} | {kind.value for kind in ExtraBoardPrompt})
    assert all(text.strip() for text in prompt_help().values())
    assert KIND_HELP == prompt_help() and KIND_HELP[PromptKind.BANK].startswith("How many Engineers")
