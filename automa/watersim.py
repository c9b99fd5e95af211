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


def outcome(game: Game, seat: int, extra: dict[str, int], flowing: bool) -> tuple[int, int]:
    """(drops that end in the seat's Dams, USA energy gained) when ``extra`` drops are put on headstreams:
    flowing at once on the map as it is, or waiting - then every waiting drop flows with them."""
    course = WaterCourse(game)
    sources = [] if flowing else list(game.state.headstream_drops.items())
    sources += list(extra.items())
    dams = game.state.dams
    gains = course.gainer() == seat
    held = energy = 0
    for head, n in sources:
        for _ in range(n):
            end, passing = course.flow(head)
            if end in dams and dams[end].owner == seat:
                held += 1
            if gains:
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
