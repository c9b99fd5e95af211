"""The one error a save file can give: a plain, one-line message naming the file and the problem.

Every text that comes from a file, a path or a person is printed through ``visible`` (or ``one_line``):
a save could otherwise carry terminal escape codes (``ESC[2J`` clears the screen, ``ESC]0;...BEL`` sets
the window title) into a message.
"""

from __future__ import annotations

import os

from barrage_tui.visible import visible

MAX_PROBLEM = 400  # characters of the problem kept in the message


def one_line(text: object, limit: int = MAX_PROBLEM) -> str:
    """``visible(text)`` (so on one line: line breaks shown as \\n), cut to ``limit`` characters."""
    text = visible(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class SaveError(Exception):
    """A save that cannot be read or written. ``str(error)`` is ``"<file>: <problem>"`` on one line,
    safe to print (``path`` keeps the path as given)."""

    def __init__(self, path: str | os.PathLike[str] | None, problem: str):
        self.path = "" if path is None else os.fspath(path)
        self.problem = one_line(problem)
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{visible(self.path)}: {self.problem}" if self.path else self.problem


class FormatProblem(Exception):
    """A problem found inside a save's data, before the file name is known (wrapped into SaveError)."""

    def __init__(self, problem: str):
        super().__init__(problem)
        self.problem = problem
