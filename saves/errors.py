"""The one error a save file can give: a plain, one-line message naming the file and the problem.

Every text that comes from a file, a path or a person is printed through ``visible`` (or ``one_line``):
a save could otherwise carry terminal escape codes (``ESC[2J`` clears the screen, ``ESC]0;...BEL`` sets
the window title) into a message.
"""

from __future__ import annotations

import os
import re

MAX_PROBLEM = 400  # characters of the problem kept in the message

# C0 and C1 controls and DEL; line and paragraph separators; the bidirectional overrides and isolates
# (they reorder what follows on the line); lone surrogates (a path's undecodable bytes: unprintable).
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    ch = match.group()
    code = ord(ch)
    return _NAMED.get(ch) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text) -> str:
    """``text`` safe to print to a terminal: every control character shown as an escape (``\\x1b``,
    ``\\n``, ``\\u202e``); all other text unchanged."""
    return _HIDDEN.sub(_escape, str(text))


def one_line(text, limit: int = MAX_PROBLEM) -> str:
    """``visible(text)`` (so on one line: line breaks shown as \\n), cut to ``limit`` characters."""
    text = visible(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class SaveError(Exception):
    """A save that cannot be read or written. ``str(error)`` is ``"<file>: <problem>"`` on one line,
    safe to print (``path`` keeps the path as given)."""

    def __init__(self, path: str | os.PathLike | None, problem: str):
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
