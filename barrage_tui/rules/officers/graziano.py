"""Graziano Del Monte: your height-3 dams hold 4 drops.

UNVERIFIED in the reference: Appendix 9 of the expansion rulebook adds a note that a height-2 dam holds 3,
against its own ability line ("heights 1 and 2 are unchanged"). We follow the ability line, as the
Board Game Arena implementation does: only height 3 changes. The Overseas Companies' page says that with
Japan, whose dams are at most height 2, a height-2 dam holds 3: so the ability is one drop more in a dam
at the company's greatest height (companies.toml ``max_dam_height``), height 3 on the base boards.
"""

from .base import Officer


class Graziano(Officer):
    id = "graziano"
    tallest_dam_extra = 1
