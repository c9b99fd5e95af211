"""What a file a person names must be before it is read and parsed: cheap checks, each in linear time.

``read_regular`` reads a regular file only, and never more than a bound: a named pipe (FIFO) would block
the reader, a device (/dev/zero) would flood it, and a folder or a symlink loop must give a plain problem,
not a traceback. ``deep_key`` finds, before tomllib parses a text, a dotted key with so many parts that
tomllib's time would grow with their square. The board reader (``board_files``, ``boards``) and the save
reader (saves/files.py, saves/limits.py) use them.
"""

from __future__ import annotations

import os
import re
import stat

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO that slipped past the stat check must not block the open
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


class FileRefused(ValueError):
    """A file that is not read: ``str()`` is the problem on one line, without the file's name."""


def too_large(size: int, limit: int, what: str) -> str:
    return f"too large for a {what} ({size:,} bytes; at most {limit // 1024:,} KB)"


def _not_regular(mode: int, what: str) -> FileRefused:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return FileRefused(f"is {kind}, not a {what}")


def read_regular(path: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path``, refused (``FileRefused``) when it is anything else (judged
    from its stat, before it is opened, and again once it is open) or holds more than ``limit`` bytes;
    ``what`` names the kind of file in the problem ("board file")."""
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(mode, what)
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise FileRefused(f"the {what} is missing") from None
    except FileRefused:
        raise
    except (OSError, ValueError) as exc:  # a symlink loop, no permission, a NUL in the path ...
        raise FileRefused(f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if not stat.S_ISREG(info.st_mode):  # replaced between the stat and the open
            raise _not_regular(info.st_mode, what)
        if info.st_size > limit:
            raise FileRefused(too_large(info.st_size, limit, what))
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:  # grew since its stat (or a file whose stat says 0 bytes, as in /proc)
        raise FileRefused(too_large(len(data), limit, what))
    return data


# Strings and comments, each matched from its opening to its end (an unclosed one to the end of its line or
# of the text), so that no match ever fails and backtracks: one linear pass. Quantifiers are possessive.
_STRINGS_AND_COMMENTS = re.compile(r'''
      """ (?: [^"\\]++ | \\[\s\S]? | "(?!"") )*+ (?: """"{0,2} | \Z )    # multi-line basic string
    | \'\'\' (?: [^']++ | '(?!'') )*+ (?: \'\'\''{0,2} | \Z )          # multi-line literal string
    | " (?: [^"\\\n]++ | \\[^\n]? )*+ (?: " | $ )                       # basic string
    | ' [^'\n]*+ (?: ' | $ )                                            # literal string
    | \# [^\n]*+                                                        # comment
''', re.VERBOSE | re.MULTILINE)


def skeleton(text: str) -> str:
    """The TOML ``text`` with each string and comment made one bare-key character, in one linear pass: what
    is left is keys, numbers and punctuation, to count and measure without parsing."""
    return _STRINGS_AND_COMMENTS.sub("_", text)


def deep_key(text: str, parts: int, stripped: bool = False) -> bool:
    """Whether a key or table name of the TOML ``text`` (already a ``skeleton`` when ``stripped``) has more
    than ``parts`` dotted parts (a quoted part counts as one). Linear: a match is only tried where a part
    begins, and each part is taken whole (possessive: never given back), so a character is read by at most
    ``parts + 1`` tries."""
    keys = text if stripped else skeleton(text)
    return re.search(r"(?<![\w-])[\w-]++(?:[ \t]*+\.[ \t]*+[\w-]++){%d}" % parts, keys) is not None
