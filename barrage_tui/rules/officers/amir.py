"""Amir Zahir: the drops he places on headstreams may flow at once, decided drop by drop; and a drop that
may flow at once may instead go straight behind one of his dams with room, again drop by drop.

Decision (UNVERIFIED: the printed "If you may place Water Drops that flow immediately" is read together with
the first sentence): since every drop he places may flow at once, every drop he places (a waiting or a
flowing one) may go straight behind one of his own dams that has room. Drops he does not place (the
headstreams' refill, the L1 Base effect) are untouched.

Mahiri copying him: she has the ability until the end of that round.

A Very Hard Automa with him: automa/officer_amir.py (which of its Dams each drop goes into).
"""

from .base import Officer


class Amir(Officer):
    id = "amir"
    drops_placed_freely = True
    copy_lasts_round = True
