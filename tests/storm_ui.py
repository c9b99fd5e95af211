"""A storm of resizes and keys against the app over a pseudo-terminal, as an impatient player would make.

    .venv/bin/python tests/storm_ui.py [--seconds 10] [--seed 1] [--settle 3]

    .venv/bin/python tests/storm_ui.py --runs 3 --seconds 5   # three storms in a row (seeds 1, 2, 3): CI

Starts the app, starts the default game (Enter), then for ``--seconds`` sends random terminal sizes
(across the wide, medium and compact layouts and below the smallest) and random game keys at random
short intervals. Then the terminal goes back to 160x50 and the script prints the app's CPU use over
the next ``--settle`` seconds, and checks that a decision still works: Enter is pressed until the
game's autosave holds one decision more. Exits 1 if the app stays busy or takes no decision (stuck), or
if it ended (DIED: the end of what it wrote, its traceback, is printed).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import random
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.bench_ui import KEYS, SENTINEL, Terminal  # noqa: E402 - the path is set just above

SIZES = [(160, 50), (150, 45), (200, 60), (120, 40), (140, 42), (100, 30), (80, 24), (60, 20), (20, 10)]
STORM_KEYS = ["up", "down", "1", "2", "3", "enter", "tab", "escape", "u"]  # never q or s: no dialog waits
KEYS = dict(KEYS, tab=b"\t", escape=b"\x1b")
HOME = (160, 50)
BUSY = 50.0  # percent of one core: above this after the storm, the app is stuck


TAIL = 200_000  # bytes of the app's output kept, to show how it ended
WRITE_WAIT = 5.0  # seconds a key may wait to be taken by the app


class Died(Exception):
    """The app ended during the storm (its traceback is the end of what it wrote)."""


def resize(term: Terminal, size: tuple[int, int]) -> None:
    """Change the pseudo-terminal's size: the kernel sends the app SIGWINCH."""
    fcntl.ioctl(term.fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))


def check_alive(term: Terminal) -> None:
    if os.waitpid(term.pid, os.WNOHANG) != (0, 0):
        term.pid = 0  # reaped
        raise Died("the app ended")


def read_for(term: Terminal, seconds: float) -> int:
    """Read the app's output for ``seconds`` (a full pty would block the app), keeping its end (``TAIL``).
    Returns bytes read; raises Died when the app has ended."""
    total = 0
    end = time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        r, _, _ = select.select([term.fd], [], [], left)
        if r:
            try:
                data = os.read(term.fd, 65536)
            except OSError:  # EIO: the app's side of the terminal is closed
                data = b""
            if not data:
                raise Died("the app closed its terminal")
            total += len(data)
            term.buffer = (term.buffer + data)[-TAIL:]
    check_alive(term)
    return total


def send(term: Terminal, key: str) -> None:
    """Type ``key``; raises Died when the app has ended (a write to a terminal nobody reads would block
    for ever once its buffer is full), or it takes no input for ``WRITE_WAIT`` seconds."""
    data = KEYS.get(key, key.encode())
    check_alive(term)
    _, w, _ = select.select([], [term.fd], [], WRITE_WAIT)
    if not w:
        raise Died(f"the app took no input for {WRITE_WAIT:.0f} s")
    os.write(term.fd, data)


def last_words(term: Terminal, lines: int = 40) -> str:
    """The end of what the app wrote, as plain text (its traceback when it crashed)."""
    text = re.sub(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07", "",
                  term.buffer.decode("utf-8", "replace"))
    kept = [line.rstrip() for line in text.replace("\r", "\n").split("\n") if line.strip()]
    return "\n".join(kept[-lines:])


def cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks


def cpu_percent(term: Terminal, seconds: float) -> float:
    """The app's CPU use over ``seconds`` (percent of one core), reading its output meanwhile."""
    before = cpu_ticks(term.pid)
    start = time.perf_counter()
    read_for(term, seconds)
    used = (cpu_ticks(term.pid) - before) / os.sysconf("SC_CLK_TCK")
    return 100.0 * used / (time.perf_counter() - start)


def stop(term: Terminal) -> None:
    """End the app (if it still runs): SIGTERM, and SIGKILL if a stuck app has not ended within 3 s."""
    if term.pid:
        os.kill(term.pid, signal.SIGTERM)
        end = time.perf_counter() + 3.0
        while time.perf_counter() < end:
            time.sleep(0.05)
            if os.waitpid(term.pid, os.WNOHANG) != (0, 0):
                break
        else:
            os.kill(term.pid, signal.SIGKILL)
            os.waitpid(term.pid, 0)
    os.close(term.fd)


def decisions(save_dir: str) -> int:
    """How many decisions the game's autosave holds (-1: no readable autosave)."""
    import saves

    files = sorted(Path(save_dir).glob("autosave-*.toml"))
    try:
        return len(saves.load_game(files[0]).log) if files else -1
    except saves.SaveError:
        return -1


def storm(term: Terminal, rng: random.Random, seconds: float) -> tuple[int, int, int]:
    """Random sizes and keys for ``seconds``; returns (resizes, keys, bytes written by the app)."""
    resizes = keys = out = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if rng.random() < 0.5:
            size = rng.choice(SIZES) if rng.random() < 0.7 else (rng.randint(20, 220), rng.randint(8, 70))
            resize(term, size)
            resizes += 1
        else:
            send(term, rng.choice(STORM_KEYS))
            keys += 1
        out += read_for(term, rng.uniform(0.0, 0.15))
    return resizes, keys, out


def one_storm(seed: int, seconds: float, settle: float) -> bool:
    """One storm with ``seed``; prints what happened, returns whether the app came through it."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        term = Terminal("app", HOME, seed, tmp)
        try:
            try:
                term.read_until(SENTINEL)
            except (EOFError, TimeoutError) as exc:
                raise Died(f"no start screen: {exc}") from None
            read_for(term, 1.0)
            send(term, "enter")  # the default game
            read_for(term, 1.0)
            resizes, keys, out = storm(term, rng, seconds)
            print(f"storm (seed {seed}): {seconds:.0f} s, {resizes} resizes, {keys} keys, {out / 1024:.0f} KB written",
                  flush=True)
            resize(term, HOME)
            read_for(term, 1.0)
            per_second = [cpu_percent(term, 1.0) for _ in range(max(1, round(settle)))]
            cpu = sum(per_second) / len(per_second)
            print(f"cpu after the storm: {cpu:.0f}% of a core (per second: "
                  f"{', '.join(f'{c:.0f}%' for c in per_second)}; stuck above {BUSY:.0f}%)", flush=True)
            before = decisions(tmp)
            after, presses = before, 0
            while after <= before and presses < 5:  # a round summary may take the first Enter
                send(term, "enter")
                presses += 1
                read_for(term, 1.0)
                after = decisions(tmp)
            print(f"decision after the storm: {'taken' if after > before else 'NOT taken'} "
                  f"(autosave {before} -> {after} decisions, {presses} Enter)")
        except Died as exc:
            print(f"DIED (seed {seed}): {exc}; the end of its output:\n{last_words(term)}", flush=True)
            return False
        finally:
            stop(term)
    stuck = cpu > BUSY or after <= before
    print("STUCK" if stuck else "ok", flush=True)
    return not stuck


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="length of the storm (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="the first storm's seed (the next ones: +1 each)")
    ap.add_argument("--runs", type=int, default=1, help="storms in a row, each with its own app (default 1)")
    ap.add_argument("--settle", type=float, default=3.0, help="seconds of CPU measured after it (default 3)")
    args = ap.parse_args()
    failed = [seed for seed in range(args.seed, args.seed + args.runs)
              if not one_storm(seed, args.seconds, args.settle)]
    if args.runs > 1:
        print(f"{args.runs - len(failed)} of {args.runs} storms came through"
              + (f"; failed: seeds {', '.join(map(str, failed))}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
