"""The Machinery Shop box (automa.md 5.6): always possible (the turn leaves it out in round 5); it pays the
VP and takes the printed machinery, "any" by the wild-machinery rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import count_words

from ..machinery import wild

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context


def try_box(ctx: Context, box: Box) -> str | None:
    e, m = wild(ctx, box.gain.count("any"))
    e += box.gain.count("excavator")
    m += box.gain.count("mixer")
    ctx.place("machinery", box.engineers, box.ends_turn)
    ctx.pay(box.vp_change)
    ctx.do(f"machinery:{e}:{m}")
    ctx.note(f"{box.name}: {count_words(e, 'Excavator')}, {count_words(m, 'mixer')} for {-box.vp_change} VP")
    return None
