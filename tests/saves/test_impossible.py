"""Impossible positions are refused when they are opened, and a position that loads stays loadable
(issue 19): every hand-edited file below is refused with one line naming the field and the problem."""

from __future__ import annotations

import random

import pytest

from barrage_tui.rules.validation import MAX_CREDITS, MAX_VP
from saves import load_game, loads_game, save_game

from .helpers import HANDMADE
from .test_errors import refused

OVER = [('round = 3\nphase = "actions"', 'round = 5\nphase = "over"')]
# (replacements in the hand-made position, what the message says)
IMPOSSIBLE = {
    "the winner has fewer VP": (
        OVER + [("turn_order = [1, 0]", "turn_order = [1, 0]\nwinner = [1]")],
        "state.winner: [1] after the final scoring, but seat(s) [0] have the most VP (then Energy)"),
    "a finished game without a winner": (
        OVER, "state.winner: the game is over but has no winner"),
    "a winner before the end": (
        [("turn_order = [1, 0]", "turn_order = [1, 0]\nwinner = [0]")],
        "state.winner: a winner in round 3, before the game is over"),
    "the game over in round 1": (
        [('round = 3\nphase = "actions"', 'round = 1\nphase = "over"'),
         ("turn_order = [1, 0]", "turn_order = [1, 0]\nwinner = [0]")],
        "state.phase: the game is over in round 1; it ends after round 5"),
    "a round without a bonus tile of its own": (
        [("bonus_tiles = [0, 1, 2, 3, 4]", "bonus_tiles = [0, 1, 2, 1, 4]")],
        "state.bonus_tiles[3]: bonus tile 1 is drawn for two rounds"),
    "the seat to play has passed": (
        [("vp = 17\n", "vp = 17\npassed = true\n")],
        "state.turn_index: points at seat 1 to play, but it has passed"),
    "every company has passed in the action phase": (
        [("vp = 17\n", "vp = 17\npassed = true\n"), ("vp = 21\n", "vp = 21\npassed = true\n")],
        "state.companies: every company has passed, yet the action phase goes on"),
    "a spare chief engineer also in play": (
        [("round = 3\n", 'round = 3\nspare_officers = ["jill"]\n')],
        "state.spare_officers[0]: 'jill' is drawn but not dealt, yet a company plays with them"),
    "a chief engineer other than Mahiri copying": (
        [("vp = 17\n", 'vp = 17\ncopied_officer = "wilhelm"\n')],
        "state.companies[1].copied_officer: 'jill' copies no other chief engineer's ability"),
    "a copy for the round without Mahiri": (
        [("vp = 17\n", 'vp = 17\ncopied_for_round = ["wilhelm"]\n')],
        "state.companies[1].copied_for_round[0]: 'jill' copies no other chief engineer's ability"),
    "two tiles on one wheel segment": (
        [('tiles = ["base", "conduit", "powerhouse", "L1_ELEVATION"]', 'tiles = ["base", "conduit", "L1_ELEVATION"]'),
         ('{ tiles = ["elevation"], excavators', '{ tiles = ["elevation", "powerhouse"], excavators')],
        "state.companies[0].wheel[1].tiles: 2 technology tiles on one segment; a segment holds one"),
    "a starting contract still offered after round 1": (
        [("round = 3\n", "round = 3\nstarting_offer = [4]\n")],
        "state.starting_offer: starting contracts still offered in round 3 (actions phase); "
        "they are all picked before round 1's income"),
    "the starting picks in round 3": (
        [('phase = "actions"', 'phase = "pick"')],
        "state.phase: the starting picks come before round 1, not in round 3"),
    # the report's position: round 3 with the Energy of 4 rounds scored reached 6 entries by the end
    "more rounds of Energy than rounds scored": (
        [("vp = 17\n", "vp = 17\nenergy_by_round = [3, 5, 7, 9]\n")],
        "state.companies[1].energy_by_round: has 4 rounds, but 2 are scored by round 3"),
}


def edited(replacements) -> str:
    text = HANDMADE.read_text()
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("case", IMPOSSIBLE, ids=list(IMPOSSIBLE))
def test_an_impossible_position_is_refused_naming_the_problem(tmp_path, case):
    replacements, problem = IMPOSSIBLE[case]
    assert refused(tmp_path, edited(replacements)) == f"{tmp_path / 'bad.toml'}: {problem}"


def test_the_possible_neighbours_still_load():
    """What the checks must not refuse: a finished game with its winner, a tie shared, the Energy of the
    rounds scored (or of none, in a hand-written position), the seat to play not passed while another has."""
    finished = edited(OVER + [("turn_order = [1, 0]", "turn_order = [1, 0]\nwinner = [0]")])
    assert loads_game(finished).over
    tie = edited(OVER + [("vp = 17\n", "vp = 21\n"), ("turn_order = [1, 0]", "turn_order = [1, 0]\nwinner = [0, 1]")])
    assert loads_game(tie).state.winner == [0, 1]
    assert loads_game(edited([("vp = 17\n", "vp = 17\nenergy_by_round = [3, 5]\n")])).state.round == 3
    assert loads_game(edited([("vp = 21\n", "vp = 21\npassed = true\n")])).prompt.seat == 1


# ------------------------------------------------------------------------------- bounds play cannot reach

def test_a_starting_position_leaves_room_for_a_whole_game(tmp_path):
    """The report: VP, credits pushed past their bound by play from a position that loaded (999 VP)."""
    for old, new, path, most in (("vp = 17\n", "vp = 999\n", "state.companies[1].vp", MAX_VP // 2),
                                 ("credits = 11\n", "credits = 990\n", "state.companies[1].credits",
                                  MAX_CREDITS // 2)):
        message = refused(tmp_path, edited([(old, new)]))
        assert message.endswith(f"{path}: {new.split()[-1]} is out of range (must be from 0 to {most}; "
                                f"a game's starting position leaves room for a whole game)")


def test_a_position_at_the_starting_bounds_stays_loadable_to_the_end(tmp_path):
    """Played on from the highest counts a start may hold, every save of the game loads again."""
    text = edited([("vp = 17\n", f"vp = {MAX_VP // 2}\n"), ("credits = 11\n", f"credits = {MAX_CREDITS // 2}\n"),
                   ("vp = 21\n", f"vp = {MAX_VP // 2}\n")])
    game = loads_game(text, "high.toml")
    r = random.Random(5)
    path = tmp_path / "high.toml"
    while game.prompt is not None:
        game.choose(r.choice(game.prompt.keys()))
        if len(game.log) % 15 == 0 or game.prompt is None:
            save_game(game, path)
            assert load_game(path).state == game.state
    assert game.state.companies[1].vp > MAX_VP // 2
