"""Benchmark of the terminal app, run over a pseudo-terminal as a player would see it.

    .venv/bin/python tests/bench_ui.py [--runs 7] [--decisions 0] [--seed 11] [--size 160x50]

Prints four figures:
  cold start   time until the start screen is on the terminal, as a ratio to a bare Textual app
               started the same way (goal: <= 1.3); also the time until its form is filled in (the
               start screen draws its title and buttons first, Enter works at once, the form follows)
  latency      keypress-to-screen time (until the last byte of the repaint) over a played sequence:
               median and p95 (goal: p95 <= 25 ms)
  bytes        bytes written to the terminal per decision: median and p95 (goal: median <= 1.5 KB)
  summary      closing the round's summary (a key not in the figures above): from the key to the last byte
               of what it redraws (until 0.3 s pass without output), and the bytes: median over the
               summaries closed (goal: one repaint of the screen it covered; the last round's brings
               the final scores up too)

The played sequence is a seeded random game driven by key presses (digits, arrows, Enter); the
benchmark keeps its own copy of the game to know which keys select which choice.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import random
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SENTINEL = b"BARRAGE"  # on the first frame of the start screen (and of the bare app)
FORM = b"Seat 2"  # the start screen's form is drawn
SUMMARY = b"End of round"  # the round's summary is up
QUIET = 0.06  # seconds without output that end a repaint
KEYS = {"enter": b"\r", "down": b"\x1b[B", "up": b"\x1b[A"}


# ---------------------------------------------------------------- the programs under test (children)

def child(mode: str, seed: int, save_dir: str) -> None:
    if mode == "bare":
        from textual.app import App
        from textual.widgets import Static

        class Bare(App):
            def compose(self):
                yield Static("BARRAGE")

        Bare().run()
    elif mode == "app":
        from barrage_tui.cli import main

        sys.exit(main(["--save-dir", save_dir]))
    else:  # a hotseat game of two people with a known seed (the start screen's first run is against an Automa)
        from barrage_tui.rules.game import Game
        from barrage_tui.ui.app import BarrageApp
        from barrage_tui.ui.storage import open_store

        app = BarrageApp(store=open_store(save_dir), game=Game.new(two_people(seed)))
        profile = os.environ.get("BENCH_PROFILE")
        if profile:  # for finding what is slow: BENCH_PROFILE=file.prof (written when the bench ends it)
            import cProfile

            prof = cProfile.Profile()

            def stop(*_):
                prof.disable()
                prof.dump_stats(profile)
                os._exit(0)

            signal.signal(signal.SIGTERM, stop)
            prof.enable()
            app.run()
        else:
            app.run()


# ---------------------------------------------------------------- driving a child over a pty

class Terminal:
    def __init__(self, mode: str, size: tuple[int, int], seed: int, save_dir: str, colors: str = "truecolor") -> None:
        self.start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: set the window size and run the program
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
            env = dict(os.environ, TERM="xterm-256color")
            env.pop("COLORTERM", None)
            for name in ("COLUMNS", "LINES"):  # (set in pytest's workers: they would override the terminal's size)
                env.pop(name, None)
            if colors == "truecolor":
                env["COLORTERM"] = "truecolor"
            os.execve(sys.executable, [sys.executable, __file__, "--child", mode, "--seed", str(seed),
                                       "--save-dir", save_dir], env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        self.buffer = b""
        self.dump: list[bytes] | None = None  # the bytes read, kept (BENCH_DUMP)

    def read_until(self, needle: bytes, timeout: float = 20.0) -> float:
        """Read until ``needle`` has been written; returns the time it arrived."""
        end = time.perf_counter() + timeout
        while needle not in self.buffer:
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{needle!r} not seen; got {self.buffer[-300:]!r}")
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                data = os.read(self.fd, 65536)
                if not data:
                    raise EOFError("the program ended")
                self.buffer += data
        return time.perf_counter()

    def drain(self, quiet: float = QUIET, timeout: float = 5.0, first: float | None = None) -> tuple[int, float | None]:
        """Read until the output stays quiet; returns (bytes read, time of the last byte).

        ``first``: how long to wait for the first byte (default: ``quiet``)."""
        total, last = 0, None
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            wait = quiet if last is not None or first is None else first
            r, _, _ = select.select([self.fd], [], [], wait)
            if not r:
                break
            data = os.read(self.fd, 65536)
            if not data:
                break
            if self.dump is not None:
                self.dump.append(data)
            self.buffer += data
            total += len(data)
            last = time.perf_counter()
        return total, last

    def press(self, key: str, expect_output: bool = True) -> tuple[float | None, int]:
        """Send one key; returns (keypress-to-screen seconds or None if nothing was drawn, bytes)."""
        self.buffer = b""  # (what this key writes: ``seen``)
        sent = time.perf_counter()
        os.write(self.fd, KEYS.get(key, key.encode()))
        n, last = self.drain(first=2.0 if expect_output else QUIET)
        return (last - sent if last is not None else None), n

    @property
    def seen(self) -> bytes:
        """What was written since the last key was sent."""
        return self.buffer

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            while True:
                r, _, _ = select.select([self.fd], [], [], 0.2)
                if not r or not os.read(self.fd, 65536):
                    break
        except OSError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def cold_start(mode: str, size, save_dir: str) -> tuple[float, float]:
    """(time to the first frame, time to the filled-in form) of a fresh process."""
    term = Terminal(mode, size, 1, save_dir)
    try:
        first = term.read_until(SENTINEL) - term.start
        form = term.read_until(FORM) - term.start if mode == "app" else first
        return first, form
    finally:
        term.close()


def two_people(seed: int):
    """The benchmark's game: two people at one keyboard, the first to pick drawn, turns confirmed."""
    from barrage_tui.rules.setup import CONFIRM_OPTION, SeatSetup, Setup, first_player_at_random

    seats = (SeatSetup("Player 1"), SeatSetup("Player 2"))
    return Setup(seats=first_player_at_random(seats, seed), seed=seed, options={CONFIRM_OPTION: True})


def play(size, seed: int, decisions: int, save_dir: str, colors: str = "truecolor"):
    from barrage_tui.rules.game import Game
    from tests.ui.driver import keys_for, pick

    mirror = Game.new(two_people(seed))  # the game the app plays
    rng = random.Random(seed)
    term = Terminal("game", size, seed, save_dir, colors)
    latencies: list[float] = []
    per_decision: list[int] = []
    closes: list[tuple[float, int]] = []  # closing each round's summary: (seconds, bytes)
    # BENCH_DUMP=file: what each key wrote, pickled as (decision, prompt kind, key, bytes), to see which cells
    dump = os.environ.get("BENCH_DUMP")
    dumped: list[tuple[int, str, str, bytes]] = []
    try:
        term.dump = [] if dump else None
        term.drain(quiet=0.8, timeout=30.0, first=20.0)  # the game screen, drawn (a busy machine starts it late)
        if term.dump is not None:
            dumped.append((-1, "", "", b"".join(term.dump)))
        done = 0
        while mirror.prompt is not None and (not decisions or done < decisions):
            prompt = mirror.prompt
            index = pick(rng, prompt)
            total = 0
            keys = keys_for(index, 0, len(prompt.choices)) + ["enter"]
            for j, key in enumerate(keys):
                # the first digit of a two-digit number may select the choice already selected
                silent = key.isdigit() and j == 0 and len(keys) > 2 and key == "1"
                if term.dump is not None:
                    term.dump = []
                latency, n = term.press(key, expect_output=not silent)
                if term.dump is not None:
                    dumped.append((done, prompt.kind, key, b"".join(term.dump)))
                total += n
                if latency is not None:
                    latencies.append(latency)
                    if os.environ.get("BENCH_VERBOSE"):
                        print(f"  key {key:5s} {prompt.kind:18s} {latency * 1000:6.1f} ms {n:6d} B", file=sys.stderr)
            per_decision.append(total)
            if os.environ.get("BENCH_VERBOSE"):
                print(f"  {done:4d} {prompt.kind:18s} {len(prompt.choices):3d} choices -> {total:6d} bytes",
                      file=sys.stderr)
            events = mirror.choose(prompt.choices[index].key)
            done += 1
            if any(e.kind == "round_scored" for e in events):
                # The summary comes once the water has flowed (a key would end the show: it then stays up, and
                # the key is spent on the water). It is closed once it is drawn whole, and what closing it
                # redraws is drawn before the next key: that key's time is its own, and the close's too.
                if SUMMARY not in term.seen:
                    term.read_until(SUMMARY, timeout=60.0)
                term.drain(quiet=0.3)  # the rest of the summary's frames (not the close's)
                if os.environ.get("BENCH_VERBOSE"):
                    print(f"  {'(the summary up)':43s} {len(term.seen):6d} B since the key", file=sys.stderr)
                if term.dump is not None:
                    term.dump = []
                sent = time.perf_counter()
                latency, n = term.press("enter")  # close the round summary (its own figure)
                more, last = term.drain(quiet=0.3)  # what closing it redraws, however long the pauses between
                close = last - sent if last is not None else latency or 0.0
                closes.append((close, n + more))
                if os.environ.get("BENCH_VERBOSE"):
                    print(f"  key enter {'(the summary closed)':18s} {close * 1000:6.1f} ms {n + more:6d} B",
                          file=sys.stderr)
                if term.dump is not None:
                    dumped.append((done - 1, "summary", "enter", b"".join(term.dump)))
    finally:
        term.close()
        if dump:
            import pickle

            Path(dump).write_bytes(pickle.dumps(dumped))
    return latencies, per_decision, closes, done


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--runs", type=int, default=7, help="cold starts of each program (default 7)")
    ap.add_argument("--decisions", type=int, default=0, help="decisions to play (default 0: a whole game)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--size", default="160x50", help="terminal size (default 160x50)")
    ap.add_argument("--colors", choices=("truecolor", "256"), default="truecolor",
                    help="the terminal's colours for the played sequence (default truecolor; SSH often gives 256)")
    ap.add_argument("--save-dir", default="")
    args = ap.parse_args()
    if args.child:
        child(args.child, args.seed, args.save_dir)
        return 0
    size = tuple(int(x) for x in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        bare, app, form = [], [], []
        for _ in range(args.runs):  # interleaved, so both see the same machine
            bare.append(cold_start("bare", size, tmp)[0])
            first, filled = cold_start("app", size, tmp)
            app.append(first)
            form.append(filled)
        b, a, f = statistics.median(bare), statistics.median(app), statistics.median(form)
        print(f"cold start: app {a * 1000:.0f} ms, bare Textual app {b * 1000:.0f} ms, "
              f"ratio {a / b:.2f} (goal <= 1.3); form filled in at {f * 1000:.0f} ms (ratio {f / b:.2f})")
        latencies, per_decision, closes, done = play(size, args.seed, args.decisions, tmp, args.colors)
    print(f"latency: {len(latencies)} key presses over {done} decisions, median {statistics.median(latencies) * 1000:.1f} ms, "
          f"p95 {pct(latencies, 0.95) * 1000:.1f} ms (goal p95 <= 25 ms)")
    print(f"bytes per decision ({args.colors} colours): median {statistics.median(per_decision):.0f}, "
          f"p95 {pct(per_decision, 0.95):.0f}, max {max(per_decision)} (goal median <= 1536)")
    if closes:
        times, sizes = [t for t, _ in closes], [n for _, n in closes]
        print(f"summary closed: {len(closes)} times, median {statistics.median(times) * 1000:.1f} ms "
              f"(max {max(times) * 1000:.1f} ms), {statistics.median(sizes):.0f} B (max {max(sizes)}) "
              f"(goal: one repaint of the screen)")
    else:
        print("summary closed: no round ended in the decisions played")
    return 0


if __name__ == "__main__":
    sys.exit(main())
