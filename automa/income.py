"""An Automa's round-start income (automa.md 8.1): like a player's, credits as VP; machinery of its choice,
drops and the like decided by the same rules as during its turn (5.10). Easy: no income (the rules core
does not even ask)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import Choice

from .context import Context

if TYPE_CHECKING:
    from barrage_tui.rules import Game


def plan(game: Game, seat: int) -> Choice:
    ctx = Context(game, seat)
    vp = ctx.company.vp
    ctx.do("income")
    gained = [e.text for e in ctx.game.events if e.kind in ("income", "gain", "water", "wheel")]
    ctx.note(f"Income ({ctx.company.vp - vp:+d} VP): " + " ".join(gained))
    return Choice(ctx.key, ctx.label, ctx.refs())
