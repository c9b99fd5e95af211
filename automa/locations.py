"""The Automa's names for a board's places (data/boards.toml): the codes its cards print for valleys and
headstreams, the order the location-code walk goes through the valleys (automa.md 6.4), and how a tie
between headstreams is broken (5.2; the base map: the card's letters; the 4-5 player map: its first letter,
then rightward).

Decision (the cards know only the base map and the 4-5 player map): a board data/boards.toml does not list,
or whose valleys or headstreams are not the ones listed under its id, is walked in its file's order, each
valley's code its id, each headstream's letter its id without the leading H, ties by the card's letters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from barrage_tui.rules import Board, open_headstreams

from .cards import load

if TYPE_CHECKING:
    from .view import View

LETTERS, RIGHTWARD = "letters", "rightward"


@dataclass(frozen=True)
class Places:
    valleys: tuple[int, ...]  # in the walk's order
    labels: tuple[str, ...]  # each valley's printed code
    headstreams: tuple[str, ...]  # left to right
    letters: tuple[str, ...]  # each headstream's letter
    headstream_ties: str  # LETTERS | RIGHTWARD

    def valley(self, code: object) -> int | None:
        """The valley a card's code names (a number or its text), None where the board has none of that name."""
        return self.valleys[self.labels.index(str(code))] if str(code) in self.labels else None

    def headstream(self, letter: str) -> str | None:
        return self.headstreams[self.letters.index(letter)] if letter in self.letters else None


@cache
def places(board: Board) -> Places:  # a board is hashed by identity: once per board loaded
    raw = _data().get(board.id)
    if raw and set(raw["valleys"]) == set(board.zones) and set(raw["headstreams"]) == set(board.headstreams):
        return Places(tuple(raw["valleys"]), tuple(raw["labels"]), tuple(raw["headstreams"]), tuple(raw["letters"]),
                      raw["headstream_ties"])
    return Places(tuple(board.zones), tuple(str(z) for z in board.zones), board.headstreams,
                  tuple(h.removeprefix("H") for h in board.headstreams), LETTERS)


@cache
def _data() -> dict[str, dict[str, Any]]:  # the data file's tables (untyped TOML)
    data = load("boards")
    for board, raw in data.items():
        if len(raw["valleys"]) != len(raw["labels"]) or len(raw["headstreams"]) != len(raw["letters"]) \
                or raw["headstream_ties"] not in (LETTERS, RIGHTWARD):
            raise ValueError(f"automa/data/boards.toml [{board}]: a label for each valley and a letter for each "
                             f"headstream, headstream_ties {LETTERS!r} or {RIGHTWARD!r}")
    return data


def headstream_order(view: View) -> tuple[str, ...]:
    """The open headstreams (a headstream still under its landscape takes no drop:
    board_features.open_headstreams) in the order that breaks a tie between them (5.2):

    - by the card's letters: the three printed, then the fourth; a headstream no letter names after them,
      left to right;
    - rightward (the 4-5 player map): from the card's first letter to the right, wrapping round to the left."""
    heads = open_headstreams(view.game)
    p = places(view.game.board)
    letters = view.criteria.headstreams_full
    if p.headstream_ties == RIGHTWARD:
        first = p.headstream(letters[0])
        i = p.headstreams.index(first) if first else 0
        return tuple(h for h in p.headstreams[i:] + p.headstreams[:i] if h in heads)
    named = [h for h in map(p.headstream, letters) if h is not None and h in heads]
    return tuple(named + [h for h in p.headstreams if h in heads and h not in named])
