"""Where drops would end up: the rules' own Water Flow (water.flow_drop) run on a scratch copy of the game,
so the map is not changed.

Used by the Water Management box (automa.md 5.2: BGA's exact simulation - drops already waiting on the
headstreams flow too, so a Dam they will fill has no room) and by the ``most_water_drops`` criterion.
The river is a tree, so the order in which drops flow does not change where they end up.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from barrage_tui.rules import facts, flow_drop

if TYPE_CHECKING:
    from barrage_tui.rules import Game


def outcome(game: Game, seat: int, extra: dict[str, int], flowing: bool) -> tuple[int, int]:
    """(drops that end in the seat's Dams, USA energy gained) when ``extra`` drops are put on headstreams:
    flowing at once on the map as it is, or waiting - then every waiting drop flows with them."""
    trial = game.scratch()
    st = trial.state
    sources = [] if flowing else list(st.headstream_drops.items())
    sources += list(extra.items())
    energy = st.companies[seat].energy
    held = 0
    for head, n in sources:
        for _ in range(n):
            end = flow_drop(trial, head)
            if end in st.dams and st.dams[end].owner == seat:
                held += 1
    return held, st.companies[seat].energy - energy


def basin_traffic(game: Game) -> dict[int, Counter[str]]:
    """For each basin, how many of the drops waiting on the headstreams would flow through it, by
    headstream (a drop stopping in a basin's Dam flows through that basin)."""
    trial = game.scratch()
    dams = game.board.dams
    traffic: dict[int, Counter[str]] = {}
    for head, n in game.state.headstream_drops.items():
        for _ in range(n):
            passed: list[str] = []
            flow_drop(trial, head, passed)
            for basin in {dams[node].zone for node in passed if node in dams}:
                traffic.setdefault(basin, Counter())[head] += 1
    return traffic
