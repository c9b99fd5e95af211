"""Graziano Del Monte: your height-3 dams hold 4 drops.

UNVERIFIED in the reference: Appendix 9 of the expansion rulebook adds a note that a height-2 dam holds 3,
against its own ability line ("heights 1 and 2 are unchanged"). We follow the ability line, as the
Board Game Arena implementation does: only height 3 changes.
"""

from .base import Officer


class Graziano(Officer):
    id = "graziano"
    height3_capacity = 4
