"""The Water Management box (automa.md 5.2): column 1, dashed (the turn goes on).

Possible only if at least one of its drops would end in one of its OWN dams with room (judged by
simulating the flow: for waiting drops, everything now waiting flows too). It places only such drops,
one at a time: each on the first headstream in the order that breaks their ties (locations.headstream_order:
the card's letters; on the 4-5 player map its first letter, then rightward) from which it raises the number
of drops ending in its dams; if no single drop can, two
together on one headstream (another dam upstream catches the first). USA at Hard: among equal
headstreams, the one whose drops give it more energy through its ability. The same rule places the drops
of rewards (5.10). Amir Zahir (Very Hard): each drop straight behind one of its Dams, else flowing at once
(officer_amir.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import count_words

from .. import officer_amir
from ..locations import headstream_order
from ..watersim import Outcomes

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context
    from ..view import View


def next_headstream(view: View, remaining: int, flowing: bool) -> str | None:
    """Where the next drop goes (a headstream id), or None when no drop would reach its dams."""
    trial = Outcomes(view.game, view.seat, flowing)
    order = headstream_order(view)
    for together in range(1, remaining + 1):
        results = {h: trial.more(h, together) for h in order}
        best = max(results.values())
        if best[0] > trial.held:
            return next(h for h in order if results[h] == best)
    return None


def try_box(ctx: Context, box: Box) -> str | None:
    flowing = box.flow_immediately
    if officer_amir.applies(ctx):
        first = officer_amir.first_drop(ctx, box.drops)
    else:
        first = next_headstream(ctx, box.drops, flowing)
    if first is None:
        return "no drop would reach one of its dams with room"
    ctx.place("water", box.engineers, box.ends_turn)
    before = ctx.state.drops_created
    ctx.do(f"water:{box.drops}:{'flow' if flowing else 'wait'}")
    ctx.note(f"{box.name}: {count_words(ctx.state.drops_created - before, 'drop')}, first on {first}")
    return None
