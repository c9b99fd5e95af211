"""Tommaso Battista (promo): 11 Engineers and 1 Architect.

The Architect placed alone on a space that needs exactly 1 Engineer gives another turn right after
that action. With other Engineers, or on the Bank, it is a plain Engineer.
"""

from .base import Officer


class Tommaso(Officer):
    id = "tommaso"
    architect = True
