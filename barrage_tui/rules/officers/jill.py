"""Jill McDowell: a Conduit may be paid with production x 1 mixer instead of 2 x production Excavators.

All of one kind or the other, never a mix.
"""

from .base import Officer


class Jill(Officer):
    id = "jill"

    def conduit_mixers(self, value: int) -> int | None:
        return value  # production x 1 mixer, all of one kind
