"""Text from a person, a path, a file or the network, made safe to show on a terminal.

A terminal acts on some characters instead of showing them: C0 and C1 controls and DEL (ESC[2J clears the
screen, ESC]0;...BEL sets the window title), line and paragraph separators, the bidirectional overrides
and isolates (they reorder what follows on the line), lone surrogates (a path's undecodable bytes).
``visible`` shows each as an escape. The command line (saves.errors) and the app (ui.widgets.textutil) both
use it; it imports nothing, so the app can use it before the saves are loaded.
"""

from __future__ import annotations

import re

HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape(match: re.Match[str]) -> str:
    """The escape of one character ``HIDDEN`` found."""
    ch = match.group()
    code = ord(ch)
    return _NAMED.get(ch) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: object) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``, ``\\n``, ``\\u202e``); all other
    text unchanged."""
    return HIDDEN.sub(escape, str(text))
