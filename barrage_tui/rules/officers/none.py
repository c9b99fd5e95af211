"""No chief engineer: an Automa below Very Hard has none (reference automa.md 2.2); every default applies."""

from .base import Officer


class NoOfficer(Officer):
    id = "none"
