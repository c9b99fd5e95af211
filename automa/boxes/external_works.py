"""The External Works box (automa.md 5.8; The Leeghwater Project only): column 3, ends the turn.

Possible only if it has the machinery of at least one face-up External Work. It takes the first position of the
box's printed order (1 = the top tile) whose work it can pay for: the machinery returned to the supply (Elon's
Excamixers last: the rules' ``work_payment``), the work and its reward taken at once (answers.py: credits as
VP, a "fulfil a Contract" reward the highest face-up private contract it allows, rightmost on ties; drops,
free structures, tiles by the Automa's usual rules). Its Engineers go on that work's action space (4.3).

Leslie Spencer at Very Hard (automa.md 10): at a construction box, while her special tile is in its supply,
it takes an External Work the same way instead of building - for 1 Engineer, the machinery and the tile onto
the wheel (which turns 1) - in the order printed on the most recently flipped card with an External Works box
(``special_tile_work``, officers.work_order; ASSUMED, SOLO's helper); its Engineer, like the box's, on the work's
space. Decision: the card's own External Works box returns the machinery even while her tile is in the supply
(5.8 as printed); only her override puts it on the wheel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import (
    WORK_ON_WHEEL, WORK_OPERATION, WORK_SPENT, LeeghwaterPrompt, external_work, leeghwater_of, make_key,
    work_payment,
)

from .. import officers

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context
    from ..view import View


def first_affordable(view: View, order: tuple[int, ...]) -> int | None:
    """The first position of ``order`` whose face-up work it can pay for, or None."""
    own = leeghwater_of(view.game.state)
    if own is None:
        return None
    for position in order:
        work = own.works[position - 1] if position <= len(own.works) else ""
        if work and work_payment(view.company, external_work(work)) is not None:
            return position
    return None


def take(ctx: Context, position: int, engineers: int, ends_turn: bool, on_wheel: bool, heading: str) -> None:
    own = leeghwater_of(ctx.state)
    assert own is not None
    work = own.works[position - 1]
    n, architect = ctx.engineers_for(engineers, ends_turn)
    ctx.do(make_key(WORK_OPERATION, position, n, *(["architect"] if architect else [])),
           **{LeeghwaterPrompt.WORK_MACHINERY: WORK_ON_WHEEL if on_wheel else WORK_SPENT})
    w = external_work(work)
    ctx.because = f"position {position}"
    ctx.note(f"{heading}: took External Work {work} at position {position} ({w.text}), "
             f"{'its machinery onto the wheel with the special tile' if on_wheel else 'returning its machinery'}")


def try_box(ctx: Context, box: Box) -> str | None:
    position = first_affordable(ctx, box.order)
    if position is None:
        return "no face-up External Work it has the machinery for"
    take(ctx, position, box.engineers, box.ends_turn, False, box.name)
    return None


def special_tile_work(ctx: Context, box: Box) -> bool:
    """Leslie's override at a construction box: an External Work with her special tile, if it can (done)."""
    if officers.special_work_tile(ctx) is None:
        return False
    order = officers.work_order(ctx)
    position = first_affordable(ctx, order)
    if position is None:
        return False
    take(ctx, position, officers.override_engineers(ctx, box.engineers), box.ends_turn, True,
         f"{box.name} -> External Works {'-'.join(map(str, order))} instead (Leslie Spencer's tile; the order "
         "of the last card flipped with an External Works box: assumed)")
    return True
