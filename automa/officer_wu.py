"""Wu Fang for a Very Hard Automa (seed 002 Appendix 8, "Automa rules"; automa.md 4.1 step 2 and 10):

    "Before checking which action (or actions) Automa carries out (Automa tile), you must check whether
    it controls a number of Water Drops at least as high as the Energy it needs to fulfil a Contract
    shown in the production section. If so, it places a worker on the special action space as its
    action and produces Energy units equal to the number of Water Drops it controls. It then fulfils the
    best possible Contract (in case of a tie, the one furthest to the right)."

Right after the flip: if the drops held behind its own Dams are at least the Energy of a face-up
Contract of the colour printed in the new action side's Production box, its turn is only this: 1
Engineer on Wu Fang's space (``wu-1``), Energy equal to those drops (no bonus; the drops stay), and the
best Contract that Energy covers - the highest value, rightmost on ties (the rules core's action of his
space, automa_step ``officer``). Otherwise the card is read as usual. His second rule (a Base, else an
Elevation, instead of a construction box) is the ``construction_override`` of data/officers.toml.

Decisions (UNVERIFIED):
- His space is a special action space, used once a round, as for a human: once it holds the Engineer the
  check is not made again that round.
- Only the Contract test is made, not the Energy-track test of the Production box (the text names only
  the Contract; automa.md 13).
- The Energy is not a production (as for a human Wu Fang): France's reduction does not apply, in the
  test or the fulfilment, and a National Contract cannot be fulfilled; "the best possible Contract" is
  any face-up private Contract, of any colour, as in the Production box.
- "Controls" = held behind its own Dams; a neutral Dam's drops do not count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import held_drops

from . import contracts, officers

if TYPE_CHECKING:
    from .cards import Card
    from .context import Context
    from .view import View


def production_colour(card: Card) -> str:
    return next(box.contract_colour for box in card.actions if box.kind == "produce")


def check(view: View, card: Card) -> str | None:
    """Why its turn is Wu Fang's action (a sentence), or None."""
    if not officers.has(view, "wu") or view.company.private_spaces_used[0]:
        return None
    held = held_drops(view.game, view.seat)
    colour = production_colour(card)
    needs = [contracts.need(c) for c in view.game.state.private_display.get(colour, [])]
    if not needs or held < min(needs):
        return None
    return f"its Dams hold {held} drop(s), enough for a face-up {colour} contract ({min(needs)})"


def take_turn(ctx: Context) -> bool:
    """Carry out Wu Fang's action instead of the card, if the check says so. True if it did."""
    why = check(ctx, ctx.action_card)
    if why is None:
        return False
    ctx.place_at(officers.officer_space(ctx), 1, ends_turn=True)
    fulfilled = len(ctx.company.fulfilled)
    ctx.do("officer")
    got = ctx.company.fulfilled[fulfilled:]
    ctx.note(f"Wu Fang before the card: {why}; it produces {held_drops(ctx.game, ctx.seat)} energy on his space"
             + (f" and fulfils contract #{got[0]}" if got else ""))
    return True
