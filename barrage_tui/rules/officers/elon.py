"""Elon Audia: he starts with no Excavators and no mixers but 8 Excamixers (Mixer Excavators).

An Excamixer pays for a machinery unit of either kind; Excamixers go on the wheel with (and mixed with)
the usual machinery and come back with its segment. He may still buy ordinary machinery. They count with
credits and machinery for the final resources VP. (They may also pay External Works, leaving the game,
and extra machinery costs: build_costs.py pays with them wherever machinery is paid; the modules with
those costs are not in this game.)

Mahiri copying him: her machinery counts as Excamixers until the end of that round.

A Very Hard Automa with him spends Excavators and mixers before Excamixers (automa/boxes/construction.py).
"""

from __future__ import annotations

from .base import Officer


class Elon(Officer):
    id = "elon"
    copy_lasts_round = True

    def as_copy(self) -> Officer:
        return ELON_COPY


class ElonCopy(Elon):
    """Mahiri's copy: all her Excavators and mixers count as Excamixers (either kind) this round."""

    machinery_wild = True

    def as_copy(self) -> Officer:
        return self


ELON_COPY = ElonCopy()
