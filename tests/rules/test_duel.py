"""The Duel board (module "duel", rulebook "Duell", sammelbecken.md 3.3-3.4): setup, the Check phase, the
condition tiles, the Reward tiles, final scoring, the Automa's decisions, and where it may stop."""

from __future__ import annotations

import random

import pytest

from barrage_tui.cli import main

from barrage_tui.rules import rounds
from barrage_tui.rules.components import components
from barrage_tui.rules.engine.decisions import EventKind, PromptKind
from barrage_tui.rules.game import Game
from barrage_tui.rules.sim import automa_setup, random_setup
from barrage_tui.rules.setup import MODULES_OPTION, SeatSetup, Setup, SetupError, new_state
from barrage_tui.rules.state import GameState
from barrage_tui.rules.validation import InvalidState, check_state

from .helpers import clear_map, give_contracts, own, violations
from barrage_tui.rules.modules.duel import rules as duel
from barrage_tui.rules.modules.duel.state import DuelEvent, duel as duel_state

DUEL = {MODULES_OPTION: ["duel"]}
EXAMPLE_ROWS = ["credits", "pairs", "contracts"]


def duel_setup(kinds=("human", "human"), seed=7, options=DUEL, companies=("italy", "france", "usa")) -> Setup:
    seats = tuple(SeatSetup(f"P{i}", kind, company, "" if kind == "automa" else officer,
                            "medium" if kind == "automa" else "")
                  for i, (kind, company, officer) in enumerate(zip(kinds, companies, ("wilhelm", "jill", "viktor"))))
    return Setup(seats=seats, seed=seed, options=dict(options))


def duel_game(kinds=("human", "human"), rows=EXAMPLE_ROWS) -> Game:
    """A Duel game past the picks, on an empty map, with the given condition tiles, the markers centred,
    no Reward tile on the board and nothing fulfilled or held that a condition counts."""
    game = Game.new(duel_setup(kinds))
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    clear_map(game)
    st = game.state
    duel_state(st).conditions = list(rows)
    duel_state(st).tiles = {}
    for c in st.companies:
        set_machinery(c, 0, 0)
        c.credits = 0
        c.contracts = []
    return game


def set_machinery(company, excavators: int, mixers: int) -> None:
    """Change a supply as if received (the machinery count the invariants keep stays whole)."""
    company.machinery_gained[0] += excavators - company.excavators
    company.machinery_gained[1] += mixers - company.mixers
    company.excavators, company.mixers = excavators, mixers


def check(game: Game, keys=(), answer=None) -> tuple[list, list]:
    """Run the Check phase on the position of ``game`` (answering its questions with ``keys``, or each with
    ``answer(prompt)``), checking the invariants after it; (the events it gave, the questions it asked)."""
    game = Game(game.setup, game.state)  # the position as it is now is where the game started
    flow, prompts = duel.check_phase(game), []
    try:
        prompt = next(flow)
        while True:
            prompts.append(prompt)
            prompt = flow.send(answer(prompt) if answer else keys[len(prompts) - 1])
    except StopIteration:
        pass
    assert not violations(game)
    return game.events, prompts


def fulfil(game: Game, seat: int, kind: str, n: int = 1) -> None:
    """``n`` contracts of ``kind`` fulfilled by ``seat`` (taken from wherever they lie)."""
    ids = [c.id for c in components().contracts_of(kind)][:n]
    give_contracts(game, seat, ids)
    company = game.state.companies[seat]
    company.contracts = [c for c in company.contracts if c not in ids]
    company.fulfilled += ids


# ---------------------------------------------------------------- the data

def test_the_printed_track_facts_and_the_tile_counts():
    b = duel.board()
    assert b.vp[1] == 2 and b.vp[-1] == 15  # printed: the 2nd space of a side 2 VP, the last 15
    assert len(duel.reward_spaces(1)) == 6 and len(duel.reward_spaces(2)) == 6  # 8 - 2 returned; 6 for 6
    assert sum(t.level == 1 for t in b.tiles.values()) == 8 and sum(t.level == 2 for t in b.tiles.values()) == 6
    assert "assumed" in b.assumed and "duel.toml" in b.assumed


def test_the_invented_reward_tiles_ii_say_so_and_the_printed_ones_do_not():
    for t in duel.board().tiles.values():
        assert bool(t.assumed) == (t.level == 2), t.id
        if t.assumed:
            assert "Invented" in t.assumed and "edit barrage_tui/rules/data/duel.toml" in t.assumed


def test_every_drawable_condition_is_counted_and_only_the_external_works_tile_needs_a_module():
    conditions = duel.board().conditions
    plain = {c.id for c in conditions.values() if not c.requires}
    assert plain | {"external_works"} == set(duel.COUNTERS) == set(conditions)
    assert conditions["external_works"].requires == "leeghwater"


# ---------------------------------------------------------------- setup

def test_setup_draws_three_conditions_without_the_external_works_and_lays_out_the_tiles():
    seen = set()
    for seed in range(40):
        st = new_state(duel_setup(seed=seed))
        assert len(set(duel_state(st).conditions)) == 3 and "external_works" not in duel_state(st).conditions
        seen.update(duel_state(st).conditions)
        assert duel_state(st).markers == [0, 0, 0]
        on_i = {s: t for s, t in duel_state(st).tiles.items() if s in duel.reward_spaces(1)}
        on_ii = {s: t for s, t in duel_state(st).tiles.items() if s in duel.reward_spaces(2)}
        assert len(on_i) == 6 and all(t.startswith("I") and not t.startswith("II") for t in on_i.values())
        assert sorted(on_ii.values()) == [f"II{n}" for n in range(1, 7)]
        assert len(set(on_i.values())) == 6 and len(duel_state(st).tiles) == 12
        assert duel_state(st).contracts_before == [0, 0]
    assert seen == set(duel.COUNTERS) - {"external_works"}


def _without_duel(state: GameState) -> dict:
    data = state.to_dict()
    data.get("modules", {}).pop("duel", None)
    if data.get("modules") == {}:
        del data["modules"]
    data.pop("rng_counter")
    return data


@pytest.mark.parametrize("others", [[], ["geological"], ["overseas", "geological"]])
def test_the_duel_draws_come_after_every_other_draw(others):
    """The same seed deals the same base game (and the same Geological tokens) with the Duel on or off."""
    plain = new_state(duel_setup(options={MODULES_OPTION: others}))
    with_duel = new_state(duel_setup(options={MODULES_OPTION: others + ["duel"]}))
    assert _without_duel(with_duel) == _without_duel(plain)
    assert with_duel.rng_counter == plain.rng_counter + 1


def test_a_game_without_the_module_writes_no_duel_field():
    data = new_state(duel_setup(options={})).to_dict()
    assert "modules" not in data and "duel" in new_state(duel_setup()).to_dict()["modules"]


@pytest.mark.parametrize("kinds", [("human",), ("human", "human", "human"), ("automa", "automa")])
def test_the_duel_refuses_other_seats_with_one_clear_message(kinds):
    with pytest.raises(SetupError, match="Duel"):
        duel_setup(kinds).validate()


def test_the_duel_is_two_people_or_a_person_against_an_automa():
    duel_setup(("human", "human")).validate()
    duel_setup(("human", "automa")).validate()


# ---------------------------------------------------------------- the conditions

def test_credits_count_every_3_and_the_automa_none():
    game = duel_game(("human", "automa"))
    game.state.companies[0].credits = 11
    game.state.companies[1].credits = 9  # (an Automa never holds any; even if it did)
    assert duel.count(game, 0, "credits") == 3 and duel.count(game, 1, "credits") == 0


def test_dam_water_counts_the_drops_behind_ones_own_dams():
    game = duel_game()
    own(game, 0, "base", "B1L", height=2)
    own(game, 0, "base", "B5L")
    own(game, 1, "base", "B2L")
    game.state.dams["B1L"].drops, game.state.dams["B5L"].drops, game.state.dams["B2L"].drops = 2, 1, 1
    assert duel.count(game, 0, "dam_water") == 3 and duel.count(game, 1, "dam_water") == 1


def test_contracts_count_the_points_of_this_rounds_contracts_only():
    game = duel_game()
    st = game.state
    for kind in ("green", "starting", "yellow", "red"):
        fulfil(game, 0, kind)
    fulfil(game, 1, "national")
    duel_state(st).contracts_before = [1, 0]  # the green one was fulfilled in an earlier round
    assert duel.count(game, 0, "contracts") == 1 + 2 + 3 and duel.count(game, 1, "contracts") == 4
    check(game)  # after the Check phase, this round's contracts are the past
    assert duel_state(st).contracts_before == [4, 1] and duel.count(game, 0, "contracts") == 0


def test_energy_counts_every_4_steps():
    game = duel_game()
    game.state.companies[0].energy, game.state.companies[1].energy = 11, 12
    assert duel.count(game, 0, "energy") == 2 and duel.count(game, 1, "energy") == 3


def test_pairs_count_excavator_and_mixer_in_supply_not_on_the_wheel():
    game = duel_game()
    c = game.state.companies[0]
    set_machinery(c, 3, 1)
    c.wheel[3].mixers = 4
    assert duel.count(game, 0, "pairs") == 1
    c.excamixers = 3  # Elon's Mixer Excavators stand in for either half
    assert duel.count(game, 0, "pairs") == 3


# ---------------------------------------------------------------- the Check phase

def test_the_box_example_check_phase_and_final_scoring():
    """Tommaso (seat 0, left) and Simone (seat 1, right): row 1 Credits 5 vs 10 -> Simone +2 onto a Reward I of
    2 machinery; row 2 Pairs, counted with it: 0 vs 2 -> Simone +2; row 3 Contracts 5 vs 1 -> Tommaso +4
    onto a Reward I of 5 Credits. Final: 2 VP for Tommaso, nothing, 15 VP for Simone."""
    game = duel_game()
    st = game.state
    tommaso, simone = st.companies
    tommaso.credits, simone.credits = 5, 10
    set_machinery(tommaso, 0, 1)
    set_machinery(simone, 2, 1)
    fulfil(game, 0, "yellow")
    fulfil(game, 0, "red")
    fulfil(game, 1, "starting")
    duel_state(st).markers = [0, 0, 2]  # the markers have already moved (row 3's tile on Simone's side was taken)
    duel_state(st).tiles = {"1R2": "I3", "3L2": "I8", "1L2": "I1"}
    events, _ = check(game)
    rows = [e.data for e in events if e.kind == DuelEvent.ROW]
    assert [(r["counts"], r["seat"], r["steps"], r["to"]) for r in rows] == [
        ([1, 3], 1, 2, 2), ([0, 2], 1, 2, 2), ([5, 1], 0, 4, -2)]
    assert [(e.seat, e.data["tile"]) for e in events if e.kind == DuelEvent.REWARD] == [(1, "I3"), (0, "I8")]
    assert (simone.excavators, simone.mixers) == (3, 2) and tommaso.credits == 5 + 5
    assert duel_state(st).tiles == {"1L2": "I1"}  # the tiles reached left the game
    assert events[-1].kind == DuelEvent.CHECKED and events[-1].data["markers"] == [2, 2, -2]

    duel_state(st).markers = [-2, 0, duel.board().length]  # where the markers end the game
    before = (tommaso.vp, simone.vp)
    duel.final_scoring(game)
    assert (tommaso.vp - before[0], simone.vp - before[1]) == (2, 15)
    assert tommaso.vp_by_source["duel"] == 2 and simone.vp_by_source["duel"] == 15
    scored = [e.data for e in game.events if e.kind == DuelEvent.SCORED]
    assert [(d["seat"], d["vp"]) for d in scored] == [(0, 2), (-1, 0), (1, 15)]


def test_a_tie_moves_nothing():
    game = duel_game(rows=["energy", "pairs", "credits"])
    st = game.state
    duel_state(st).markers = [3, -1, 0]
    check(game)
    assert duel_state(st).markers == [3, -1, 0]


def test_a_marker_stops_at_the_end_of_its_track():
    game = duel_game(rows=["energy", "pairs", "credits"])
    st = game.state
    end = duel.board().length
    duel_state(st).markers = [-(end - 1), 0, 0]
    st.companies[0].energy = 20  # 5 against 0: 5 steps left, only 1 to go
    events, _ = check(game)
    assert duel_state(st).markers[0] == -end
    assert "the track ends" in events[0].text and events[0].data["steps"] == 5 and events[0].data["to"] == -end


def test_a_marker_can_move_back_across_the_centre():
    game = duel_game(rows=["energy", "pairs", "credits"])
    st = game.state
    duel_state(st).markers = [-3, 0, 0]
    st.companies[1].energy = 20
    check(game)
    assert duel_state(st).markers[0] == 2


def test_passing_over_reward_tiles_takes_each_in_the_order_reached():
    game = duel_game(rows=["energy", "pairs", "credits"])
    st = game.state
    duel_state(st).tiles = {"1L2": "I8", "1L5": "II1", "1R2": "I2"}
    st.companies[0].energy = 24  # 6 steps left: over space 2 and space 5 of its side
    events, _ = check(game)
    assert [e.data["tile"] for e in events if e.kind == DuelEvent.REWARD] == ["I8", "II1"]
    assert st.companies[0].credits == 5 and st.companies[0].vp_by_source["duel"] == 6
    assert duel_state(st).tiles == {"1R2": "I2"}


def test_rows_resolve_in_order_so_a_reward_counts_for_the_next_row():
    """Row 1's reward (4 Energy) turns row 2's Energy count from a tie into a win."""
    game = duel_game(rows=["credits", "energy", "pairs"])
    st = game.state
    st.companies[0].credits = 3
    duel_state(st).markers = [-1, 0, 0]
    duel_state(st).tiles = {"1L2": "I4"}
    check(game)
    assert duel_state(st).markers[:2] == [-2, -1]


# ---------------------------------------------------------------- the Reward tiles

def _reach(tile: str, kinds=("human", "human")) -> Game:
    """Seat 0 about to reach ``tile`` on row 1 (Energy 4 against 0: one step), with a dam of its own below
    every headstream's first river node it could fill."""
    game = duel_game(kinds, rows=["energy", "pairs", "credits"])
    st = game.state
    st.companies[0].energy = 4
    duel_state(st).markers = [-1, 0, 0]
    duel_state(st).tiles = {"1L2": tile}
    return game


@pytest.mark.parametrize("tile, gained", [
    ("I1", {"energy": 2 + 4, "mixers": 1}), ("I2", {"vp": 3, "excavators": 1}),
    ("I3", {"excavators": 1, "mixers": 1}), ("I4", {"energy": 4 + 4}), ("I6", {"credits": 3}),
    ("I8", {"credits": 5}), ("II1", {"vp": 6}), ("II3", {"energy": 6 + 4}),
    ("II4", {"credits": 4, "excavators": 1}), ("II5", {"vp": 2}),
])
def test_a_reward_tile_gives_what_it_shows_at_once(tile, gained):
    game = _reach(tile)
    c = game.state.companies[0]
    check(game)
    got = {"energy": c.energy, "mixers": c.mixers, "excavators": c.excavators, "credits": c.credits,
           "vp": c.vp_by_source.get("duel", 0)}
    assert {k: got[k] for k in gained} == gained
    assert not duel_state(game.state).tiles


@pytest.mark.parametrize("tile, turns", [("I5", 2), ("I6", 1), ("II5", 2)])
def test_a_reward_tile_turns_the_wheel(tile, turns):
    game = _reach(tile)
    c = game.state.companies[0]
    c.wheel[turns].excavators = 2  # comes back when the wheel has turned that far
    c.machinery_gained[0] += 2
    check(game)
    assert c.wheel_open == turns and c.excavators == 2


def to_dam(space: str):
    """An answer to a drop's question: the Headstream whose drop reaches ``space``."""
    return lambda prompt: next(c.key for c in prompt.choices if c.data.get("reaches") == space)


@pytest.mark.parametrize("tile", ["I7", "II6"])
def test_the_drops_reward_asks_for_two_headstreams_and_they_flow_at_once(tile):
    game = _reach(tile)
    own(game, 0, "base", "B1L", height=2)
    _, prompts = check(game, answer=to_dam("B1L"))
    assert [p.kind for p in prompts] == [PromptKind.HEADSTREAM_DROP] * 2 and prompts[0].seat == 0
    assert game.state.dams["B1L"].drops == 2


def test_the_machinery_of_choice_reward_asks():
    game = _reach("II2")
    _, prompts = check(game, ["machinery:1:2"])
    assert prompts[0].kind == PromptKind.MACHINERY
    assert (game.state.companies[0].excavators, game.state.companies[0].mixers) == (1, 2)


# ---------------------------------------------------------------- the Automa

def test_the_automa_places_reward_drops_where_they_reach_its_dams_without_a_question():
    game = _reach("I7", kinds=("automa", "human"))
    own(game, 0, "base", "B1L", height=3)
    _, prompts = check(game)
    assert prompts == [] and game.state.dams["B1L"].drops == 2


def test_the_automa_without_a_dam_to_fill_places_no_drop():
    game = _reach("I7", kinds=("automa", "human"))
    _, prompts = check(game)
    assert prompts == [] and game.state.drops_created == 0


def test_the_automa_takes_machinery_of_choice_to_even_out_its_supply():
    game = _reach("II2", kinds=("automa", "human"))
    set_machinery(game.state.companies[0], 3, 0)
    _, prompts = check(game)
    assert prompts == [] and (game.state.companies[0].excavators, game.state.companies[0].mixers) == (3, 3)


def test_the_automa_gains_vp_for_a_credits_reward():
    game = _reach("I8", kinds=("automa", "human"))
    vp = game.state.companies[0].vp
    check(game)
    assert game.state.companies[0].vp == vp + 5


# ---------------------------------------------------------------- in the round, saves, undo

def _at_check_with_a_question() -> Game:
    """The round-1 Check phase of a real game, seat 0 about to be asked where Reward I7's drops go."""
    game = _reach("I7")
    own(game, 0, "base", "B1L", height=2)
    game.state.phase = rounds.CHECK
    return Game(game.setup, game.state)


def test_the_check_phase_runs_between_water_flow_and_scoring_and_stops_for_a_question():
    game = _at_check_with_a_question()
    assert game.prompt.kind == PromptKind.HEADSTREAM_DROP and game.prompt.seat == 0
    assert duel_state(game.state).asking == ["0:I7"] and not violations(game)
    head = to_dam("B1L")(game.prompt)
    game.choose(head)
    events = game.choose(head)
    kinds = [e.kind for e in events]
    assert kinds.index(DuelEvent.CHECKED) < kinds.index(EventKind.ROUND_SCORED)
    assert game.state.round == 2 and duel_state(game.state).rows_done == 0 and not duel_state(game.state).asking


def test_a_game_saved_at_a_rewards_question_starts_again_at_that_question():
    game = _at_check_with_a_question()
    game.choose(to_dam("B1L")(game.prompt))
    state, keys = game.turn_snapshot()
    again = Game.replay(game.setup, keys, GameState.from_dict(state.to_dict()))
    assert again.prompt.text == game.prompt.text and again.state.to_dict() == game.state.to_dict()
    assert game.undo() and game.prompt.text.startswith("Place drop 1")


def test_final_scoring_of_a_whole_game_adds_the_duel_source():
    game = duel_game()
    st = game.state
    st.round, duel_state(st).markers = rounds.ROUNDS, [-2, 0, 3]
    for c in st.companies:
        c.passed = True
    st.phase = rounds.CHECK
    game = Game(game.setup, st)
    assert game.over
    assert game.state.companies[0].vp_by_source["duel"] == duel.board().vp[1]
    assert game.state.companies[1].vp_by_source["duel"] == duel.board().vp[2]


# ---------------------------------------------------------------- validation

def test_a_tile_left_behind_a_marker_on_its_side_is_refused():
    game = duel_game()
    duel_state(game.state).markers = [-3, 0, 0]
    duel_state(game.state).tiles = {"1L2": "I1"}
    with pytest.raises(InvalidState, match="modules.duel.tiles.1L2: the row 1 marker went past"):
        check_state(game.state, game.setup)
    duel_state(game.state).markers = [3, 0, 0]  # on the other side: it may have come back
    check_state(game.state, game.setup)


@pytest.mark.parametrize("change, problem", [
    (lambda st: duel_state(st).markers.__setitem__(0, 99), "modules.duel.markers[0]: 99 is out of range"),
    (lambda st: duel_state(st).conditions.__setitem__(0, "external_works"), "needs the module 'leeghwater'"),
    (lambda st: duel_state(st).conditions.__setitem__(1, duel_state(st).conditions[0]), "3 different condition tiles"),
    (lambda st: duel_state(st).tiles.update({"2L5": "I1"}), "lies on a space for Reward tiles II"),
    (lambda st: duel_state(st).tiles.update({"2L9": "I1"}), "unknown Duel reward space"),
    (lambda st: setattr(duel_state(st), "asking", ["0:I7"]), "a Check phase under way"),
])
def test_a_broken_duel_board_is_refused_with_the_field_named(change, problem):
    game = duel_game()
    change(game.state)
    with pytest.raises(InvalidState, match=problem.replace("[", r"\[").replace("]", r"\]")):
        check_state(game.state, game.setup)


def test_a_duel_board_without_the_module_is_refused():
    state = new_state(duel_setup(options={}))
    state.modules["duel"] = new_state(duel_setup()).modules["duel"]
    with pytest.raises(InvalidState, match="state.modules.duel: the state of module 'duel', not switched on"):
        check_state(state, duel_setup(options={}))


# ---------------------------------------------------------------- random play

def test_random_play_seats_two_for_the_duel():
    r = random.Random(3)
    assert {len(random_setup(r, modules=("duel",)).seats) for _ in range(20)} == {2}
    seats = automa_setup(r, 1, modules=("duel",)).seats
    assert sorted(s.kind for s in seats) == ["automa", "human"]


@pytest.mark.parametrize("args", [["--players", "3"], ["--automa", "2"]])
def test_sim_refuses_a_duel_that_is_not_for_two(args, capsys):
    with pytest.raises(SystemExit):
        main(["sim", "--games", "1", "--modules", "duel", *args])
    assert "Duel is for exactly 2 players" in capsys.readouterr().err


def test_with_the_leeghwater_project_the_external_works_tile_is_drawn_and_counts_its_machinery():
    """Setup step 2 keeps the third-party-orders tile when the Leeghwater Project is on; its row counts each
    player's machinery used on External Works this round (the module's tally)."""
    both = {MODULES_OPTION: ["duel", "leeghwater"]}
    drawn = [seed for seed in range(40) if "external_works" in duel_state(new_state(duel_setup(seed=seed, options=both))).conditions]
    assert drawn
    game = Game.new(duel_setup(seed=drawn[0], options=both))
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    row = duel_state(game.state).conditions.index("external_works") + 1
    assert duel.counts(game, row) == [0, 0]
    seat = game.prompt.seat
    c = game.state.companies[seat]
    c.excavators = c.mixers = 9
    c.machinery_gained = [c.machinery_gained[0] + 9 - 6, c.machinery_gained[1] + 9 - 4]
    spots = [k for k in game.prompt.keys() if k.startswith("place:works-")]
    events = game.choose(spots[0])
    paid = next(e.data["paid"] for e in events if e.kind == "external_work")
    used = paid["excavators"] + paid["mixers"] + paid["excamixers"]
    assert used > 0 and duel.counts(game, row) == ([used, 0] if seat == 0 else [0, used])
    assert violations(game) == []
