"""The wild-machinery rule (automa.md 5.6): each machine of its choice is the type it has fewer of in its
supply (the wheel does not count), an Excavator on a tie; decided one machine at a time. Jill McDowell
(Very Hard) always takes mixers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import officers

if TYPE_CHECKING:
    from .view import View


def wild(view: View, count: int) -> tuple[int, int]:
    """(Excavators, mixers) for ``count`` machines of its choice."""
    fixed = officers.wild_machinery(view)
    if fixed == "mixer":
        return 0, count
    exc, mix = view.company.excavators, view.company.mixers
    e = m = 0
    for _ in range(count):
        if exc + e <= mix + m:
            e += 1
        else:
            m += 1
    return e, m
