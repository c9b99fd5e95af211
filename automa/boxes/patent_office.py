"""The Patent Office box (automa.md 5.7): possible if the office shows a tile of the printed type, or a
Joker. It takes the printed type if there is one, a Joker only if not; the highest level; on equal level
the lower slot. It pays 2 VP (not 5 credits) and puts 1 Engineer on that slot's space. Card 19's Building box
(The Leeghwater Project) takes a Building tile the same way, a Joker if none.

Decision (the China Challenge): it never takes a China advanced tile (they build landscapes, which the
Automa never builds: automa/boxes/construction.py); they build no card's structure, so none is chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import STRUCTURE_NAMES, facts


if TYPE_CHECKING:
    from barrage_tui.rules import GameState

    from ..cards import Box
    from ..context import Context


def choose_slot(state: GameState, structure: str) -> int | None:
    tiles = facts()
    offer = [(slot, tiles.tile(t)) for slot, t in enumerate(state.patent_offer, 1) if t]
    for builds in (structure, "any"):
        found = [(slot, t) for slot, t in offer if t.builds == builds]
        if found:
            return max(found, key=lambda st: (st[1].level, -st[0]))[0]
    return None


def try_box(ctx: Context, box: Box) -> str | None:
    slot = choose_slot(ctx.state, box.structure)
    if slot is None:
        return f"no {STRUCTURE_NAMES[box.structure]} or Joker tile in the Patent Office"
    tile = ctx.state.patent_offer[slot - 1]
    ctx.place_at(f"patent-p{slot}", box.engineers, box.ends_turn)
    ctx.pay(box.vp_change)
    ctx.do(f"patent:{slot}")
    ctx.note(f"{box.name}: took {tile} from slot {slot}")
    return None
