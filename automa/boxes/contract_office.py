"""The Contract Office box (automa.md 5.3): column 1, dashed. Always possible: the face-up private
contracts of the printed colour leave the game (a pile that runs dry takes them back), two new ones are
revealed, and the Automa moves 2 steps up the Energy track (no production, no contract)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards import Box
    from ..context import Context


def try_box(ctx: Context, box: Box) -> str | None:
    ctx.place("contract", box.engineers, box.ends_turn)
    ctx.do(f"office:{box.discard_colour}")
    ctx.note(f"{box.name}: done")
    return None
