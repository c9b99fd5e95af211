"""The Bank box (automa.md 5.9): always possible; 1 Engineer on the Bank, +1 VP."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context


def try_box(ctx: Context, box: Box) -> str | None:
    ctx.place("bank", box.engineers, box.ends_turn)
    ctx.pay(box.vp_change)
    ctx.note(f"{box.name}: done")
    return None
