"""The Bank box (automa.md 5.9): always possible; 1 Engineer on the Bank, +1 VP."""

from __future__ import annotations


def try_box(ctx, box) -> str | None:
    ctx.place("bank", box.engineers, box.ends_turn)
    ctx.pay(box.vp_change)
    ctx.note(f"{box.name}: done")
    return None
