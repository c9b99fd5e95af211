"""``board check`` on a board file edited to break one thing: refused with exactly one line (exit 1); a guard
for a check that must neither hang nor eat memory (``bounded``)."""

from __future__ import annotations

import resource
import signal
from contextlib import contextmanager
from pathlib import Path

from barrage_tui.cli import main


def assert_refused(tmp_path, capsys, text: str, edit: tuple[str, str], message: str) -> None:
    """``text`` with ``edit`` (old, new; old found once) is refused with "<file>: ``message``" alone."""
    assert text.count(edit[0]) == 1, edit[0]
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(*edit))
    assert main(["board", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"{path}: {message}\n" and captured.out == ""


class Hung(BaseException):
    """A guarded call ran past its deadline (a BaseException: no ``except Exception`` of the code swallows it)."""


@contextmanager
def bounded(seconds: float = 5.0, memory: int = 512 * 1024 * 1024):
    """Run the block with a deadline and a memory allowance beyond what the process has, so that a regression
    (a FIFO that blocks the reader, /dev/zero read whole, a backtracking regular expression) fails the test
    with ``Hung`` or ``MemoryError`` instead of hanging it or eating the machine's memory (POSIX only)."""
    def expire(signum, frame):
        raise Hung(f"still running after {seconds} s")

    limits = resource.getrlimit(resource.RLIMIT_AS)
    in_use = _address_space()
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    if in_use:
        resource.setrlimit(resource.RLIMIT_AS, (in_use + memory, limits[1]))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, limits)


def _address_space() -> int:
    """The process's virtual memory in bytes (Linux's /proc; 0 where it is not known: no memory limit)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return 0
    line = next((line for line in status.splitlines() if line.startswith("VmSize:")), "")
    return int(line.split()[1]) * 1024 if line else 0
