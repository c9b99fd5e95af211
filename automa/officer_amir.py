"""Amir Zahir for a Very Hard Automa (seed 002 Appendix 8, "Automa rules"; automa.md section 10):

    "When Automa places Water Drops on Source tiles, it always lets them flow immediately. If Automa is
    to place Water Drops that flow immediately on Source tiles, it tries to place them behind its Dams
    instead. The first choice is a Dam that is part of a complete own system of Dam, Conduit and
    Powerhouse (if several options, it chooses the Conduit with the highest production value). The
    second choice is a Dam already connected by a Conduit of another player (if several options, the
    Conduit with the highest production value). The third choice is a Dam that may possibly be
    connected to an already built Powerhouse. If several options are equal, Automa follows the code at
    the end of the Dam row on the criteria side of the Automa tile."

Every drop it places (both Water Management boxes, and the drops of contract and income rewards) is
decided on its own, in turn: straight behind one of its own Dams with room, the first of

    1. a Dam of a complete own system: its basin has a built Conduit of its own delivering to a basin
       with one of its Powerhouses - the most powerful such Conduit first;
    2. a Dam whose basin has another company's built Conduit delivering to a basin with one of its
       Powerhouses - the most powerful such Conduit first;
    3. a Dam whose basin has a Conduit space, built or not, delivering to a basin with one of its
       Powerhouses (the card criterion ``owned_powerhouse``);

remaining ties: the Dam/Elevation location walk of the current criteria card. Otherwise the drop goes on
a headstream and flows at once, by the Water Management rule (automa.md 5.2: only where it then ends in
one of its Dams; if it would not, it is not placed), so the box is possible if either can take a drop.

Decisions (UNVERIFIED):
- "connected by a Conduit of another player" is read as choice 1 with another company's Conduit: the
  Conduit leads to one of its Powerhouses (a Dam whose water cannot reach its Powerhouse is no system).
- "an already built Powerhouse" is one of its own (only those produce for it).
- A Dam with room that none of the three choices names gets no drop directly (the printed list has no
  fourth choice; SOLO's "any own Dam" is not printed): the drop flows from a headstream instead.
- Neutral Dams are not "its Dams" (as for a human Amir).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import AMIR_FLOW, make_key, own_dams_with_room

from . import criteria, officers, placement
from .boxes import water as water_box  # (a module: the water box imports this one too)
from .geography import OWN, geo

if TYPE_CHECKING:
    from barrage_tui.rules import Prompt

    from .view import View


def applies(view: View) -> bool:
    return officers.has(view, "amir")


def _system_conduit_value(view: View, dam: str, own: bool) -> int | None:
    """The most powerful built Conduit of the Dam's basin leading to one of its Powerhouses, whose owner is
    (``own``) or is not itself; None if there is none."""
    g = geo(view.game)
    st, seat = view.game.state, view.seat
    found = [g.value(c) for c in g.conduits_from(g.zone(dam))
             if c in st.conduits and (st.conduits[c] == seat) == own
             and OWN in g.powerhouse_relations(st, g.delivers_to(c), seat)]
    return max(found) if found else None


def choose_dam(view: View) -> tuple[str, str] | None:
    """(the Dam a drop goes straight into, why), or None when none of the three choices has room."""
    rooms = own_dams_with_room(view.game, view.seat)
    for why, own in (("a complete own system", True), ("another company's Conduit to its Powerhouse", False)):
        scored = {d: v for d in rooms if (v := _system_conduit_value(view, d, own)) is not None}
        if scored:
            top = max(scored.values())
            return placement.walk(view, "elevation", [d for d, v in scored.items() if v == top]), why
    linked = criteria.dam_owned_powerhouse(view, rooms)
    if linked:
        return placement.walk(view, "elevation", linked), "a Conduit space may link it to its Powerhouse"
    return None


def first_drop(view: View, count: int) -> str | None:
    """Where its first drop would go (a Dam or a headstream), or None: the Water Management box's test."""
    dam = choose_dam(view)
    return dam[0] if dam else water_box.next_headstream(view, count, flowing=True)


def answer(view: View, prompt: Prompt, remaining: int) -> str:
    """The answer to water.place_drops's question for one drop."""
    dam = choose_dam(view)
    if dam is not None:
        return make_key("dam", dam[0])
    head = water_box.next_headstream(view, remaining, flowing=True)
    if head is None:
        return "done"
    flowing = make_key("headstream", head, AMIR_FLOW)  # offered when the drops would otherwise wait
    return flowing if prompt.find(flowing) is not None else make_key("headstream", head)
