"""Amir Zahir: the drops he places on headstreams may flow at once, decided drop by drop; and a drop that
may flow at once may instead go straight behind one of his dams with room, again drop by drop.

Decision (UNVERIFIED: the printed "If you may place Water Drops that flow immediately" is read together with
the first sentence): since every drop he places may flow at once, every drop he places (a waiting or a
flowing one) may go straight behind one of his own dams that has room. Drops he does not place (the
headstreams' refill, the L1 Base effect) are untouched.

Each drop he places (water.place_drops) may also go on a headstream flowing at once
("headstream:<h>:flow", when the drops would wait) or straight behind one of his dams ("dam:<space>").

Mahiri copying him: she has the ability until the end of that round.

A Very Hard Automa with him: automa/officer_amir.py (which of its Dams each drop goes into).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine import keys
from ..engine.decisions import Choice
from ..water import own_dams_with_room, put_drop
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game

FLOW = "flow"  # "headstream:<h>:flow": his drop flows at once


class Amir(Officer):
    id = "amir"
    copy_lasts_round = True

    def drop_places(self, game: Game, seat: int, heads: Sequence[str], flowing: bool) -> list[Choice]:
        choices = [] if flowing else [Choice(keys.make("headstream", h, FLOW), f"{h}, flowing at once", (h,))
                                      for h in heads]
        return choices + [Choice(keys.make("dam", d), f"Straight behind your dam {d}", (d,))
                          for d in own_dams_with_room(game, seat)]

    def place_drop(self, game: Game, seat: int, key: keys.Key) -> bool:
        if key.verb == "dam":
            dam = key.arg(0)
            game.state.dams[dam].drops += 1
            game.state.drops_created += 1
            game.event(f"{game.name(seat)} puts a drop straight behind the dam on {dam} (Amir Zahir).",
                       seat, "water", (dam,))
            return True
        if key.arg(1) == FLOW:
            put_drop(game, seat, key.arg(0), True)
            return True
        return False
