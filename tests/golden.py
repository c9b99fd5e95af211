"""Golden games: seeded whole games pinned to their choice count and a hash of the final state.

The random-play checks catch a broken rule; these catch a *changed* one: a reshaping of the engine must
leave every one of these games exactly as it was. When a rule is changed on purpose, print the new pins
with ``python -m tests.golden`` and say in the commit which games changed and why.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from pathlib import Path

from automa import attach
from barrage_tui.rules.board_files import BOARD_OPTION
from barrage_tui.rules.setup import EXPANSION_OPTION, MODULES_OPTION, SeatSetup, Setup
from barrage_tui.rules.sim import play_random

PINS = Path(__file__).with_name("golden_games.toml")
EXPANSION = {EXPANSION_OPTION: True}


def _human(name: str, company: str, officer: str) -> SeatSetup:
    return SeatSetup(name, company=company, officer=officer)


def _automa(name: str, company: str, difficulty: str, officer: str = "") -> SeatSetup:
    return SeatSetup(name, "automa", company, officer, difficulty)


# The base game: 1-4 seats, people and Automas at every level, every chief engineer at least once, the
# introductory game.
GAMES: dict[str, Setup] = {
    "solo-wilhelm": Setup((_human("P1", "usa", "wilhelm"),), seed=11),
    "graziano-vs-medium": Setup((_human("P1", "germany", "graziano"), _automa("A2", "italy", "medium")), seed=12),
    "three-very-hard-solomon": Setup((_human("P1", "france", "viktor"), _human("P2", "usa", "jill"),
                                      _automa("A3", "germany", "very_hard", "solomon")), seed=13),
    "four-base-promo": Setup((_human("P1", "italy", "anton"), _human("P2", "france", "mahiri"),
                              _human("P3", "usa", "simone"), _human("P4", "germany", "tommaso")), seed=14),
    "four-expansion": Setup((_human("P1", "usa", "elon"), _human("P2", "germany", "wu"),
                             _human("P3", "italy", "octavius"), _human("P4", "france", "gennaro")),
                            seed=15, options=EXPANSION),
    "amir-franz-vs-hard": Setup((_automa("A1", "france", "hard"), _human("P2", "italy", "amir"),
                                 _human("P3", "usa", "franz")), seed=16, options=EXPANSION),
    "very-hard-wu-and-easy": Setup((_human("P1", "germany", "mahiri"), _automa("A2", "usa", "very_hard", "wu"),
                                    _automa("A3", "france", "easy")), seed=17, options=EXPANSION),
    "introductory-draft-two": Setup((SeatSetup("P1"), SeatSetup("P2")), introductory=True, seed=18),
    "full-draft-three": Setup((SeatSetup("P1"), SeatSetup("P2"), SeatSetup("P3")), seed=19),
}


def _with(*module_ids: str, board: str = "", expansion: bool = False) -> dict:
    """The options of a game with these modules on, on this board ("": the base map)."""
    options: dict = {MODULES_OPTION: list(module_ids)} if module_ids else {}
    if board:
        options[BOARD_OPTION] = board
    if expansion:
        options[EXPANSION_OPTION] = True
    return options


# Every module of modules.toml and every shipped board, alone and mixed, with people and Automas: the
# expansions' behaviour, pinned before they move out of the base game (issue 20).
GAMES |= {
    "overseas-japan-brazil": Setup((_human("P1", "japan", "viktor"), _automa("A2", "brazil", "medium"),
                                    _human("P3", "usa", "anton")), seed=21, options=_with("overseas")),
    "overseas-brazil-vs-very-hard-japan": Setup((_human("P1", "brazil", "simone"),
                                                 _automa("A2", "japan", "very_hard", "graziano")),
                                                seed=22, options=_with("overseas")),
    "geological-angelo": Setup((_human("P1", "germany", "angelo"), _automa("A2", "italy", "hard"),
                                _human("P3", "japan", "elon")), seed=23,
                               options=_with("geological", expansion=True)),
    "china-on-the-base-map": Setup((_human("P1", "china", "wu"), _human("P2", "france", "octavius"),
                                    _automa("A3", "usa", "easy")), seed=24, options=_with("china", expansion=True)),
    "china-challenge-yellow-river": Setup((_human("P1", "china", "jill"), _automa("A2", "germany", "very_hard",
                                                                                   "solomon"),
                                           _human("P3", "italy", "tommaso")), seed=25,
                                          options=_with("china", board="yellow-river")),
    "duel-board": Setup((_human("P1", "usa", "mahiri"), _automa("A2", "france", "medium")), seed=26,
                        options=_with("duel")),
    "duel-map": Setup((_human("P1", "italy", "gennaro"), _automa("A2", "germany", "hard")), seed=27,
                      options=_with(board="duel", expansion=True)),
    "duel-board-on-duel-map": Setup((_human("P1", "france", "franz"), _human("P2", "usa", "amir")), seed=28,
                                    options=_with("duel", board="duel", expansion=True)),
    "all-modules-four": Setup((_human("P1", "japan", "angelo"), _human("P2", "brazil", "wilhelm"),
                               _automa("A3", "china", "medium"), _human("P4", "germany", "mahiri")), seed=29,
                              options=_with("overseas", "geological", "china", expansion=True)),
    "drafted-modules-two": Setup((SeatSetup("P1"), SeatSetup("P2")), seed=30,
                                 options=_with("overseas", "geological", "china")),
    # The 4-5 player map: five seats (Japan and Brazil make five companies), people and Automas; four seats.
    "five-seats-five-map": Setup((_human("P1", "japan", "viktor"), _automa("A2", "usa", "hard"),
                                  _human("P3", "brazil", "mahiri"), _human("P4", "italy", "jill"),
                                  _automa("A5", "germany", "medium")), seed=31,
                                 options=_with("overseas", board="five")),
    "four-seats-five-map": Setup((SeatSetup("P1"), SeatSetup("P2"), SeatSetup("P3"), _automa("A4", "", "easy")),
                                 seed=32, options=_with(board="five")),
    "five-seats-extra-board": Setup((_human("P1", "brazil", "wu"), _human("P2", "france", "elon"),
                                     _human("P3", "japan", "gennaro"), _automa("A4", "italy", "very_hard", "anton"),
                                     _human("P5", "germany", "octavius")), seed=33,
                                    options=_with("overseas", "extra_board", board="five", expansion=True)),
    # The Leeghwater Project: people (Margot, Leslie) and a Very Hard Automa (Leslie's override), the
    # Netherlands; and with the China Challenge on the Yellow River (the Winch, China's orders) and the Duel.
    "leeghwater-margot-leslie": Setup((_human("P1", "netherlands", "margot"), _automa("A2", "usa", "very_hard",
                                                                                       "leslie"),
                                       _human("P3", "italy", "jill")), seed=34, options=_with("leeghwater")),
    "leeghwater-china-challenge": Setup((_human("P1", "china", "tommaso"), _automa("A2", "netherlands", "hard"),
                                         _human("P3", "germany", "simone")), seed=35,
                                        options=_with("china", "leeghwater", board="yellow-river")),
    "leeghwater-duel": Setup((_human("P1", "france", "margot"), _automa("A2", "germany", "medium")), seed=36,
                             options=_with("duel", "leeghwater")),
}
PLAY_SEED = 2026  # the random players' own seed


def fingerprint(setup: Setup) -> tuple[int, str]:
    """Play the game to its end; its number of decisions and a hash of its choice keys and final state."""
    result = play_random(setup, PLAY_SEED, check=False, attach=attach)
    if result.error:
        raise AssertionError(f"the golden game failed: {result.error}")
    return result.decisions, _digest(result.keys, result.state.to_dict())


def first_round_log(setup: Setup) -> str:
    """The words of the game's log up to the start of round 2 (its setup, then round 1), one event a line."""
    from barrage_tui.rules.engine.decisions import EventKind

    over = []
    result = play_random(setup, PLAY_SEED, check=False, attach=attach, watch=over.append)
    if not over:
        raise AssertionError(f"the golden game failed: {result.error}")
    rounds = [i for i, e in enumerate(over[0].events) if e.kind == EventKind.ROUND]
    return "".join(f"{e.text}\n" for e in over[0].events[:rounds[1]])


def _digest(keys: list[str], state: dict) -> str:
    text = json.dumps({"keys": keys, "state": state}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pins() -> dict[str, dict]:
    with PINS.open("rb") as fh:
        return tomllib.load(fh)


if __name__ == "__main__":  # print the pins of today's engine, in the pins file's format
    for name, setup in GAMES.items():
        decisions, digest = fingerprint(setup)
        print(f'[{name}]\ndecisions = {decisions}\nhash = "{digest}"\n')
    sys.exit(0)
