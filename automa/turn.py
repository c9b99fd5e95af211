"""An Automa turn (automa.md 4.1): flip a card, then walk the boxes of the action side.

    1. Flip: the action side is the card now on top of the draw pile, the criteria side the one just flipped.
       (Very Hard, Wu Fang: his check may make the turn his action instead: officer_wu.py.)
    2. The boxes in printed order, without the Leeghwater boxes unless The Leeghwater Project is played (2.5),
       and without the Machinery Shop in round 5
       (every one of them, card 4's too although its mark is not printed: automa.md 12 #6). Gennardo
       Grasso (Very Hard) reads column 2, then column 1, then column 3.
    3. The first possible box is carried out; a dashed box (water, contract office) lets the walk go on.
       The Bank is always possible. With no Engineers left the walk stops.
    4. Tommaso's Architect, used alone on a 1-Engineer box, gives another whole turn with a new card.

``plan(game, seat)`` works the turn out on a copy and returns the one Choice the engine offers: its key is
the recorded step, its label says which card sides were used, what was done and why earlier boxes were
skipped, its refs are what it built, produced or blocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import Choice, leeghwater_of

from . import officer_wu, officers
from .boxes import TRY
from .cards import Box, Card
from .context import Context

if TYPE_CHECKING:
    from barrage_tui.rules import Game

LAST_ROUND = 5


def boxes(ctx: Context, card: Card) -> list[Box]:
    out = []
    leeghwater = leeghwater_of(ctx.state) is not None
    for box in card.actions:
        if box.lwp_only and not leeghwater:
            continue
        if box.kind == "machinery_shop" and ctx.state.round == LAST_ROUND:
            ctx.note(f"{box.name}: not in round 5")
            continue
        out.append(box)
    order = officers.column_order(ctx)
    return sorted(out, key=lambda box: order.index(box.column))  # stable: printed order within a column


def one_turn(ctx: Context) -> None:
    ctx.do("flip")
    card, criteria = ctx.action_card, ctx.criteria_card
    ctx.flipped(card.id, criteria.id)
    if officer_wu.take_turn(ctx):
        return
    for box in boxes(ctx, card):
        if not ctx.engineers_left():
            ctx.note("No Engineers left: the turn ends.")
            return
        ctx.because = ""
        why_not = TRY[box.kind](ctx, box)
        if why_not is not None:
            ctx.skip(box.name, why_not)
            continue
        ctx.taken.append((box.name, ctx.because))
        if box.ends_turn:
            return


def plan(game: Game, seat: int) -> Choice:
    ctx = Context(game, seat)
    one_turn(ctx)
    while ctx.architect_used and ctx.engineers_left():
        ctx.architect_used = False
        ctx.note("The Architect gives another turn.")
        one_turn(ctx)
    return Choice(ctx.key, ctx.label, ctx.refs(), ctx.reasons)
