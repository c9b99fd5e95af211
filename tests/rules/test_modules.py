"""The module switch (issue 12): Setup.options["modules"], the random company pool with "overseas", the
sim's ``--modules``, and saves keeping a module's game."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from barrage_tui.rules import setup as rules_setup
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import (base_companies, MODULES_OPTION, SeatSetup, Setup, SetupError, company_pool,
                                     known_modules, modules, new_state)
from barrage_tui.rules.sim import play_random, random_setup
from barrage_tui.rules.modules.geological.state import tokens_of
from saves import load_game, save_game


def test_known_modules_come_from_the_data():
    assert set(known_modules()) == {"overseas", "geological", "china", "duel", "extra_board", "leeghwater"}
    assert all(m.name and m.text for m in known_modules().values())


def test_modules_option_is_read_and_checked():
    assert modules({}) == frozenset()
    assert modules({MODULES_OPTION: ["geological", "overseas"]}) == {"geological", "overseas"}
    Setup(seats=(SeatSetup("A"),), options={MODULES_OPTION: ["geological"]}).validate()
    with pytest.raises(SetupError, match="unknown module"):
        Setup(seats=(SeatSetup("A"),), options={MODULES_OPTION: ["nonesuch"]}).validate()
    with pytest.raises(SetupError, match="list"):
        Setup(seats=(SeatSetup("A"),), options={MODULES_OPTION: "geological"}).validate()


def test_overseas_puts_japan_and_brazil_in_the_random_pool(monkeypatch):
    # (Their companies.toml entries come with the Japan and Brazil work: stand-ins here.)
    comps = components()
    usa = comps.companies["usa"]
    with_overseas = replace(comps, companies={**comps.companies, "japan": replace(usa, id="japan", module="overseas"),
                                              "brazil": replace(usa, id="brazil", module="overseas")})
    monkeypatch.setattr(rules_setup, "components", lambda: with_overseas)
    assert company_pool({}) == base_companies()
    assert company_pool({MODULES_OPTION: ["overseas"]}) == base_companies() + ("japan", "brazil")
    drawn = set()
    for seed in range(30):
        st = new_state(Setup(seats=tuple(SeatSetup(f"P{i}") for i in range(4)), seed=seed,
                             options={MODULES_OPTION: ["overseas"]}))
        drawn |= {c.company for c in st.companies}
    assert {"japan", "brazil"} <= drawn


def test_without_modules_setups_and_draws_stay_as_they_were():
    import random
    a, b = random_setup(random.Random(3), 3), random_setup(random.Random(3), 3, modules=())
    assert a == b and MODULES_OPTION not in a.options
    geo = random_setup(random.Random(3), 3, modules=("geological",))
    assert geo.options[MODULES_OPTION] == ["geological"]


def test_sim_modules_flag_runs_and_refuses_an_unknown_module():
    def run(*args):
        return subprocess.run([sys.executable, "-m", "barrage_tui", "sim", *args], capture_output=True, text=True,
                              timeout=300)
    done = run("--games", "2", "--players", "2", "--seed", "4", "--modules", "overseas,geological")
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1].startswith("games=2 errors=0 violations=0")
    bad = run("--games", "1", "--modules", "geological,nonesuch")
    assert bad.returncode == 2 and "unknown module(s) nonesuch" in bad.stderr and "Traceback" not in bad.stderr


def test_a_saved_game_keeps_its_modules_and_tokens(tmp_path):
    setup = Setup(seats=(SeatSetup("A", company="usa", officer="angelo"), SeatSetup("B", company="italy",
                                                                                   officer="jill")),
                  seed=9, options={MODULES_OPTION: ["geological"]})
    result = play_random(setup, 9)
    assert not result.error and not result.violations
    game = Game.replay(setup, result.keys[:120])
    path = tmp_path / "geo.toml"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.setup.options[MODULES_OPTION] == ["geological"]
    assert tokens_of(loaded.state) == tokens_of(game.state) and tokens_of(loaded.state)
    assert loaded.state == game.state


# ---------------------------------------------------------------- modules as plug-ins (rules/plugin.py)

def test_a_game_without_modules_has_no_hook_to_run():
    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=1))
    from barrage_tui.rules.plugin import HOOKS

    assert game.hooks.modules == () and all(getattr(game.hooks, point) == () for point in HOOKS)
    assert game.state.modules == {}


def test_a_module_runs_only_the_hooks_it_fills_and_only_where_the_board_plays_it():
    from barrage_tui.rules.board_files import BOARD_OPTION
    from barrage_tui.rules.validation import InvalidState, check_state

    seats = (SeatSetup("A", company="china"), SeatSetup("B"))
    duel = Game.new(Setup(seats=seats, seed=1, options={MODULES_OPTION: ["duel"]}))
    assert [m.id for m in duel.hooks.modules] == ["duel"]
    assert duel.hooks.after_water_flow and not duel.hooks.build_cost  # the Duel adds a phase, no build cost
    # The China Challenge has rules only on a board with landscapes; on the base map the module only brings
    # China into the company pool: no hook, no state.
    base_map = Game.new(Setup(seats=seats, seed=1, options={MODULES_OPTION: ["china"]}))
    yellow = Game.new(Setup(seats=seats, seed=1, options={MODULES_OPTION: ["china"], BOARD_OPTION: "yellow-river"}))
    assert base_map.hooks.modules == () and "china" not in base_map.state.modules
    assert [m.id for m in yellow.hooks.modules] == ["china"] and "china" in yellow.state.modules
    base_map.state.modules["china"] = yellow.state.modules["china"]
    with pytest.raises(InvalidState, match="state.modules.china: the state of module 'china', which has no rules on"):
        check_state(base_map.state, base_map.setup)


def test_a_switched_on_module_that_keeps_a_state_must_have_it():
    from barrage_tui.rules.validation import InvalidState, check_state

    game = Game.new(Setup(seats=(SeatSetup("A"), SeatSetup("B")), seed=1, options={MODULES_OPTION: ["duel"]}))
    del game.state.modules["duel"]
    with pytest.raises(InvalidState, match="state.modules.duel: missing"):
        check_state(game.state, game.setup)
