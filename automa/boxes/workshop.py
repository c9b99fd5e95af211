"""The Workshop box (automa.md 5.5): possible if its Construction Wheel holds anything; it pays the VP and
turns the wheel that many segments, taking back what comes round."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context


def try_box(ctx: Context, box: Box) -> str | None:
    if all(segment.is_empty() for segment in ctx.company.wheel):
        return "its wheel is empty"
    ctx.place("workshop", box.engineers, box.ends_turn)
    ctx.pay(box.vp_change)
    ctx.do(f"wheel:{box.rotations}")
    ctx.note(f"{box.name}: done" + (f" for {-box.vp_change} VP" if box.vp_change else ""))
    return None
