"""Wilhelm Adler: your Bases cost 3 Excavators in every area; Elevations are unchanged."""

from .base import Officer


class Wilhelm(Officer):
    id = "wilhelm"
    base_excavators = 3
