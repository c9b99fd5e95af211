"""Viktor Fiesler: when drops x conduit value is below 4 it counts as 4, before any bonus.

Not applied to Germany's second production (see production.py).
"""

from .base import Officer


class Viktor(Officer):
    id = "viktor"
    production_floor = 4
