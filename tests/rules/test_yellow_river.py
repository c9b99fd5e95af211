"""The Yellow River (data/boards/yellow-river.toml, a reconstruction) and the China Challenge's setup on it
(rules/china_challenge.py; sammelbecken.md 1.2): the board's parts, the lake worked example on its own lake,
the setup's counts by player count, China's tiles joining the draws, and save/load of a game on it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import automa
from barrage_tui.rules import board_files, boards, water
from barrage_tui.rules.modules.china import data as landscape_data
from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup, SetupError
from barrage_tui.rules.sim import automa_setup, play_random, random_setup
from barrage_tui.rules.validation import InvalidState, check_state
from barrage_tui.rules.modules.china import china
from saves import load_game, save_game

from .helpers import clear_map, put_dam, violations

YR = "yellow-river"
CHINA = {"board": YR, "modules": ["china"]}
SEATS = (("usa", "wilhelm"), ("germany", "jill"), ("italy", "viktor"), ("france", "graziano"))


def yr_game(players: int = 2, seed: int = 1, options: dict | None = None, automas: int = 0) -> Game:
    seats = tuple(SeatSetup(f"P{i + 1}", company=c, officer=o) if i >= automas
                  else SeatSetup(f"A{i + 1}", kind="automa", company=c)
                  for i, (c, o) in enumerate(SEATS[:players]))
    return Game.new(Setup(seats=seats, seed=seed, options=dict(CHINA if options is None else options)))


# ---------------------------------------------------------------- the board file

def test_the_yellow_river_has_every_part_of_the_china_challenge_and_says_it_is_a_reconstruction():
    b = board_files.load(YR)
    assert "reconstruction" in b.name and "invented" in b.assumed
    assert len(b.lakes) == 2 and 3 in {lake.capacity for lake in b.lakes.values()}
    assert sorted(b.landscapes) == [f"{a}{n}" for a in "ABC" for n in range(1, 7)]
    assert {c: b.landscapes[c].area for c in ("A1", "B1", "C1")} == {"A1": "mountain", "B1": "hill", "C1": "plain"}
    covered = Counter(s.covered for t in (b.dams, b.conduits, b.powerhouses) for s in t.values() if s.covered)
    covered.update(code for c in b.conduits.values() for code in c.branch_covers.values())
    covered.update(b.headstream_covers.values())
    covered.update(d.landscape for d in b.diversions.values())
    assert set(covered) == set(b.landscapes)  # every landscape covers a space, a branch, a headstream or a course
    assert list(b.headstream_covers.values()) == ["A4"] and [d.landscape for d in b.diversions.values()] == ["A6"]
    neutral = [p for p in b.powerhouses.values() if p.neutral]
    assert len(neutral) == 2 and all(p.covered for p in neutral)  # beside the board until built
    assert sum(len(c.targets) > 1 for c in b.conduits.values()) >= 2
    assert {(y.area, y.colour, y.players) for y in b.yield_spaces} >= {("hill", "yellow", "4"), ("plain", "red", "3+")}
    assert b.landscapes["A1"].headstreams == ("HA", "HB") and b.landscapes["B2"].lake in b.lakes


def _broken(change) -> str:
    text = board_files.read_bytes(YR).decode()
    with pytest.raises(boards.BoardProblem) as info:
        boards.parse_bytes(change(text).encode(), components().headstreams, components().seats)
    return str(info.value)


def test_a_landscape_marking_an_unknown_headstream_or_lake_is_refused():
    assert _broken(lambda t: t.replace('headstreams = ["HA", "HB"]', 'headstreams = ["HA", "HX"]')) == \
        "landscape A1: marks headstream 'HX', which the board does not have"
    assert _broken(lambda t: t.replace('lake = "LAKE_N"', 'lake = "LAKE_X"')) == \
        "landscape B2: lies next to lake 'LAKE_X', which the board does not have"
    assert _broken(lambda t: t.replace('assumed = "A', 'assumed = 3 #')).startswith("assumed must be a text")


# ---------------------------------------------------------------- the lake worked example, on LAKE_N

def test_the_lake_worked_example_on_the_yellow_rivers_lake():
    """Issue 13: 3 drops enter a valley with an empty height-1 dam -> 1 stays; 2 reach the lake (LAKE_N, which
    holds 2 of its 3) -> 1 stays, 1 flows on (through valleys 9 and 11, out at EXIT_W)."""
    game = yr_game()
    clear_map(game)
    put_dam(game, "B6L", 0)
    game.state.lakes["LAKE_N"] = 2
    game.state.drops_created += 2
    ends = [water.add_drop_to_headstream(game, "HC", flowing=True) for _ in range(3)]  # HC -> valley 3 -> 6
    assert ends == ["B6L", "LAKE_N", "EXIT_W"]
    assert game.state.dams["B6L"].drops == 1 and game.state.lakes["LAKE_N"] == 3 and game.state.drops_exited == 1
    assert violations(game) == []


# ---------------------------------------------------------------- the China Challenge's setup

@pytest.mark.parametrize("players, spaces", [(1, 9), (2, 9), (3, 15), (4, 18)])
def test_the_setup_lays_yield_tiles_by_colour_and_player_count(players, spaces):
    game = yr_game(players)
    st, b = game.state, game.board
    colour = {y.id: y for y in b.yield_spaces}
    assert len(china(st).yields) == spaces and len(set(china(st).yields.values())) == spaces
    tiles = landscape_data.box().yields
    assert all(tiles[t].colour == colour[y].colour for y, t in china(st).yields.items())
    skipped = {y.id for y in b.yield_spaces if y.id not in china(st).yields}
    marks = {"4": players < 4, "3+": players < 3, "": False}
    assert skipped == {y.id for y in b.yield_spaces if marks[y.players]}
    assert china(st).landscapes == {code: code for code in b.landscapes}


def test_the_setup_lays_3_objectives_beside_a5_and_takes_one_tile_out_of_each_level_pile():
    st = yr_game(3).state
    beside = china(st).objectives
    assert len(set(beside)) == 3 and st.objective not in beside
    assert len(china(st).tiles_removed) == 3
    piles = {level: set(p) for level, p in st.patent_piles.items()}
    for level, removed in zip(("1", "2", "3"), china(st).tiles_removed):
        assert components().tile(removed).level == int(level)
        assert removed not in piles[level] and removed not in st.patent_offer
    in_play = sum(len(p) for p in st.patent_piles.values()) + len(st.patent_offer)
    assert in_play == len(components().advanced_tiles) + len(china_tiles()[3]) - 3
    assert violations(Game(yr_game(3).setup, st)) == []


def test_without_the_module_or_without_landscapes_nothing_is_laid_out_and_the_base_draws_stay():
    plain = yr_game(options={"board": YR}).state
    assert "china" not in plain.modules  # nothing of the China Challenge laid out
    base_china = yr_game(options={"modules": ["china"]}).state
    base = yr_game(options={}).state
    assert "china" not in base_china.modules and base_china.bonus_tiles == base.bonus_tiles
    assert base_china.patent_piles == base.patent_piles and base_china.objective == base.objective
    laid = yr_game().state  # the base game's draws come first: the headstreams and contracts are the same
    assert laid.headstream_tiles == plain.headstream_tiles and laid.private_display == plain.private_display


def test_a_board_with_more_neutral_powerhouses_than_the_box_is_refused_for_the_china_challenge(tmp_path):
    text = board_files.read_bytes(YR).decode().replace('id = "P12_0"', 'id = "P12_0"\nneutral = true')
    path = tmp_path / "yr3.toml"
    path.write_text(text)
    with pytest.raises(SetupError, match="3 neutral powerhouse spaces, but the box has 2 neutral Powerhouses"):
        yr_game(options={"board": str(path), "modules": ["china"]})
    yr_game(options={"board": str(path)})  # without the China Challenge: a board like any other


@pytest.mark.parametrize("mark, message", [
    ('headstreams = ["HA", "HB"]', "landscape A1's tile (High-Mountain Channels) needs the board to give its headstreams"),
    ('lake = "LAKE_N"', "landscape B2's tile (Lake Sluice) needs the board to give its lake"),
])
def test_a_board_without_the_headstreams_or_lake_a_landscape_tile_acts_on_is_refused(tmp_path, mark, message):
    path = tmp_path / "unmarked.toml"
    path.write_text(board_files.read_bytes(YR).decode().replace(mark, "", 1))
    with pytest.raises(SetupError) as info:
        yr_game(options={"board": str(path), "modules": ["china"]})
    assert str(info.value) == f"the China Challenge on board yellow-river: {message}"


# ---------------------------------------------------------------- China's tiles (the landscapes module's data)

def china_tiles() -> tuple[int, int, str, list[str]]:
    """China's bonus and objective tile, its Landscape tile and its advanced tiles, where the rules read them."""
    china, tech = landscape_data.box(), components().china_tiles
    return (china.bonus.id, china.objective.id, next(t for t, x in tech.items() if x.level == 0),
            [t for t, x in tech.items() if x.level > 0])


def test_chinas_tiles_join_the_china_challenge_and_never_the_base_game():
    bonus, objective, landscape, advanced = china_tiles()
    base = yr_game(4, options={}).state
    assert bonus not in base.bonus_tiles and objective != base.objective
    assert not {landscape, *advanced} & {x for c in base.companies for x in c.tiles}
    assert not set(advanced) & {x for p in base.patent_piles.values() for x in p}
    seen: Counter = Counter()
    for seed in range(40):
        st = yr_game(2, seed=seed, automas=1).state
        assert [landscape in c.tiles for c in st.companies] == [False, True]  # not the Automa's
        piles = {level: set(p) for level, p in st.patent_piles.items()}
        assert all(t in piles[str(components().tile(t).level)] | set(st.patent_offer) | set(china(st).tiles_removed)
                   for t in advanced)  # each in its level's pile, on offer, or out
        seen.update(bonus=bonus in st.bonus_tiles, objective=objective == st.objective,
                    beside=objective in china(st).objectives,
                    removed=bool(set(advanced) & set(china(st).tiles_removed)))
    assert all(seen[k] for k in ("bonus", "objective", "beside", "removed")), seen


def test_a_person_taking_an_automas_pair_keeps_the_landscape_tile():
    setup = Setup(seats=(SeatSetup("P1"), SeatSetup("A", kind="automa")), seed=3, options=dict(CHINA))
    game = Game.new(setup)
    assert game.prompt.kind == "matchup"
    theirs = next(ch for ch in game.prompt.choices if ch.data["from_automa"])
    game.choose(theirs.key)
    tiles = [c.tiles for c in game.state.companies]
    landscape = china_tiles()[2]
    assert landscape in tiles[0] and landscape not in tiles[1]


# ---------------------------------------------------------------- play, save, load

def test_a_yellow_river_game_with_china_plays_saves_and_loads(tmp_path):
    r = random.Random(5)
    setup = automa_setup(r, 1, 3, modules=("china",), board=YR)
    result = play_random(setup, 11, check=True, attach=automa.attach)
    assert not result.error and not result.violations
    game = Game.new(setup)
    automa.attach(game)
    for key in result.keys[:len(result.keys) // 2]:
        game.choose(key)
    assert china(game.state).yields and china(game.state).objectives
    loaded = load_game(save_game(game, tmp_path / "yr.toml"), automa.attach)
    assert loaded.board.id == YR and loaded.state == game.state
    assert loaded.prompt is not None and loaded.prompt.keys() == game.prompt.keys()


def test_random_setups_on_the_yellow_river_are_valid_for_every_seat_count():
    r = random.Random(2)
    for players in (1, 2, 3, 4):
        game = Game.new(random_setup(r, players, False, modules=("china",), board=YR))
        assert len(china(game.state).yields) == {1: 9, 2: 9, 3: 15, 4: 18}[players]


@pytest.mark.parametrize("change, message", [
    (lambda st: china(st).yields.update(YH1="99"), "state.modules.china.yields.YH1: unknown yield tile '99'"),
    (lambda st: china(st).yields.update(YH9="1"), "state.modules.china.yields.YH9: unknown yield space of the board 'YH9'"),
    (lambda st: china(st).yields.update(YH1=china(st).yields["YM1"]), "state.modules.china.yields: a yield tile is in two places"),
    (lambda st: china(st).landscapes.update(A1="B2"), "state.modules.china.landscapes.A1: holds 'B2': each landscape tile lies on the space of its code"),
    (lambda st: china(st).objectives.append(99), "state.modules.china.objectives[3]: unknown objective tile 99"),
    (lambda st: china(st).tiles_removed.append(st.patent_piles["2"][0]),
     "state.modules.china.tiles_removed[3]: technology tile {tile!r} is in two places"),
])
def test_a_state_with_a_broken_china_challenge_layout_is_refused(change, message):
    game = yr_game(4)
    st = game.state.copy()
    change(st)
    with pytest.raises(InvalidState) as info:
        check_state(st, game.setup)
    assert str(info.value) == message.format(tile=game.state.patent_piles["2"][0])


def test_the_china_challenges_tiles_only_leave_the_board():
    game = yr_game(4)
    st = game.state
    space, tile = next(iter(china(st).yields.items()))
    del china(st).yields[space]  # taken with a landscape
    china(st).objectives.pop()  # one chosen for A5
    assert violations(game) == []
    other = next(iter(china(st).yields))
    china(st).yields[other] = tile  # the taken tile put on another space
    assert [v for v in violations(game) if "yield_tiles" in v] == [
        f"china challenge: yield_tiles {{'{other}': '{tile}'}} were not there at the start"]
