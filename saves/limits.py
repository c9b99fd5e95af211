"""What a file must be before it is parsed: cheap checks that refuse what cannot be a save.

tomllib's time and memory grow with the file's size and number of values, and with the square of a
dotted key's depth (a 40 KB file holding one 20,000-part key takes seconds and gigabytes). A save is
small and flat, so a file is refused before parsing when it is larger, deeper or holds more values than
any save ever does. ``prescan`` reads the text once, in linear time; the figures, with what real saves
measure, are in docs/save-format.md ("Limits"); ``python tests/saves/limit_figures.py`` measures them.
"""

from __future__ import annotations

import re

from barrage_tui.rules import deep_key, skeleton, too_large as _too_large

from .errors import FormatProblem

MAX_BYTES = 1024 * 1024  # a finished 4-player game is ~18 KB; the largest plausible save about 100 KB
MAX_KEY_PARTS = 8  # parts of one dotted key or table name: a save has at most 3 (state.companies.wheel)
MAX_DEPTH = 8  # arrays and inline tables inside one another: a save 2, a hand-written position 3
MAX_VALUES = 50_000  # "=", ",", "[" and "{" outside strings and comments: a finished 4-player game ~1,100

_BRACKETS = re.compile(r"[^\[\]{}]++")


def too_large(size: int) -> str:
    return _too_large(size, MAX_BYTES, "save file")


def prescan(text: str) -> None:
    """Refuse (FormatProblem) a text that is not shaped like a save, before it is parsed."""
    if len(text) > MAX_BYTES:
        raise FormatProblem(too_large(len(text.encode("utf-8", "surrogatepass"))))
    keys = skeleton(text)  # a string becomes one bare-key character
    values = sum(keys.count(c) for c in "=,[{")
    if values > MAX_VALUES:
        raise FormatProblem(f"not a barrage-tui save: {values:,} values, more than a save ever holds "
                            f"({MAX_VALUES:,})")
    if deep_key(keys, MAX_KEY_PARTS, stripped=True):
        raise FormatProblem(f"not a barrage-tui save: a key or table name has more than {MAX_KEY_PARTS} "
                            f"dotted parts")
    depth = 0
    for ch in _BRACKETS.sub("", keys):
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise FormatProblem(f"not a barrage-tui save: arrays or tables nested more than {MAX_DEPTH} deep")
        elif depth:
            depth -= 1
