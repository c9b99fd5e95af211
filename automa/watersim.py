"""Where drops would end up: the rules' own Water Flow (``water.Course``, which counts the room its drops fill
without changing the map).

Used by the Water Management box (automa.md 5.2: BGA's exact simulation - drops already waiting on the
headstreams flow too, so a Dam they will fill has no room) and by the ``most_water_drops`` criterion.
The river is a tree, so the order in which drops flow does not change where they end up.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from barrage_tui.rules import WaterCourse

if TYPE_CHECKING:
    from barrage_tui.rules import Game


class Outcomes:
    """(drops that end in the seat's Dams, USA energy gained) as drops flow: the drops already waiting first
    (unless ``flowing``: then more drops flow at once on the map as it is), once; then ``more`` drops on a
    headstream, each trial on a copy of that course (the Water Management box tries every headstream)."""

    def __init__(self, game: Game, seat: int, flowing: bool) -> None:
        self.course = WaterCourse(game)
        self.dams, self.seat = game.state.dams, seat
        self.gains = self.course.gainer() == seat
        self.held, self.energy = self._flow(self.course, [] if flowing else list(game.state.headstream_drops.items()))

    def more(self, head: str, n: int) -> tuple[int, int]:
        """The outcome with ``n`` more drops on ``head``."""
        held, energy = self._flow(self.course.copy(), [(head, n)])
        return self.held + held, self.energy + energy

    def _flow(self, course: WaterCourse, sources: list[tuple[str, int]]) -> tuple[int, int]:
        held = energy = 0
        for head, n in sources:
            for _ in range(n):
                end, passing = course.flow(head)
                if end in self.dams and self.dams[end].owner == self.seat:
                    held += 1
                if self.gains:
                    energy += passing
        return held, energy


def basin_traffic(game: Game) -> dict[int, Counter[str]]:
    """For each basin, how many of the drops waiting on the headstreams would flow through it, by
    headstream (a drop stopping in a basin's Dam flows through that basin)."""
    course = WaterCourse(game)
    dams = game.board.dams
    traffic: dict[int, Counter[str]] = {}
    for head, n in game.state.headstream_drops.items():
        for _ in range(n):
            passed: list[str] = []
            course.flow(head, passed)
            for basin in {dams[node].zone for node in passed if node in dams}:
                traffic.setdefault(basin, Counter())[head] += 1
    return traffic
