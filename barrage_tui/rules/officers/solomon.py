"""Solomon P. Jordan: when building, any machinery unit may be paid with 3 credits instead.

The credits go to the supply, not on the wheel. Construction only.
"""

from .base import Officer


class Solomon(Officer):
    id = "solomon"
    credits_per_machinery = 3
