"""Benchmark of play over SSH: a host on 127.0.0.1, two players and a watcher at one table.

    .venv/bin/python tests/bench_host.py [--decisions 100] [--seed 5] [--size 160x50]

Prints, over the decisions played (each chosen by a seeded random driver with the keys a player would
press, Enter last):
  latency   from the Enter on the deciding player's terminal to the last byte of the repaint on the other
            player's terminal and on the watcher's: median and p95 (goal: p95 <= 100 ms)
  bytes     bytes sent to the watching terminal per decision: median and p95 (goal: median <= 2 KB)
  login     from the start of the SSH connection to the lobby on the player's screen (goal: <= 1 s each)
  memory    the players' apps and the process they are forked from (PSS, /proc/PID/smaps_rollup) after the
            decisions, less that process alone before anyone came, per player (goal: <= 20 MB)

A repaint ends when its terminal stays quiet for QUIET seconds (as in tests/bench_ui.py). Decisions that
end a round are left out of the figures (every terminal then shows the round's summary, closed with Enter).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from barrage_tui.rules import EventKind, SeatSetup, Setup  # noqa: E402
from barrage_tui.host.protocol import setup_to_wire  # noqa: E402
from tests.host.terminals import ENTER, conn_of, make_keys, open_terminal, running_host, until  # noqa: E402
from tests.ui.driver import keys_for, pick  # noqa: E402

QUIET = 0.06
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A"}


def pss_mb(pids) -> float:
    """The proportional set size of these processes, in MB (a page shared by n processes counts 1/n)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as fh:
                total += next(int(line.split()[1]) for line in fh if line.startswith("Pss:"))
        except (OSError, StopIteration):
            pass
    return total / 1024


async def quiet(*terms, since: float = 0.0, quiet: float = QUIET, first: float = 5.0) -> None:
    """Wait until each terminal has had output after ``since`` (or ``first`` seconds passed) and then
    none for ``quiet`` seconds."""
    start = time.perf_counter()
    while True:
        now = time.perf_counter()
        waiting = [t for t in terms if t.last <= since and now - start < first]
        if not waiting and all(now - t.last >= quiet for t in terms):
            return
        await asyncio.sleep(0.005)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


async def bench(decisions: int, seed: int, size) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-host-"))
    keys = make_keys(folder, ["anna", "ben", "cleo"])
    async with running_host(folder) as host:
        server = getattr(host, "zygote", None)  # (none before the app server: each app a new process)
        zygote = [server.proc.pid] if server is not None and server.proc is not None else []
        await asyncio.sleep(3.0)  # (the app server has imported the app: as on a host up for a while)
        alone = pss_mb(zygote)
        terms, login_ms = {}, []
        for name in keys:
            start = time.perf_counter()
            terms[name] = await open_terminal(host, name, keys[name], size)
            await terms[name].shows(f"You play as {name}")
            login_ms.append((time.perf_counter() - start) * 1000)
        setup = Setup(seats=(SeatSetup("Anna"), SeatSetup("Ben")), seed=seed)
        host.tables.handle(conn_of(host, keys["anna"]), {"op": "new", "setup": setup_to_wire(setup), "mine": [0]})
        await terms["ben"].shows("waiting for 1 player")
        terms["ben"].press(ENTER)
        table = await until(lambda: next((t for t in host.tables.tables.values() if t.game), None), "the game")
        await until(lambda: conn_of(host, keys["anna"]).table == table.id, "anna at the table")
        await terms["cleo"].shows("round 1")
        terms["cleo"].press(b"w")
        await until(lambda: conn_of(host, keys["cleo"]).table == table.id, "cleo watching")
        await quiet(*terms.values(), quiet=0.5)
        game, rng = table.game, random.Random(seed)
        other_ms, watcher_ms, watcher_bytes = [], [], []
        done = 0
        while done < decisions and game.prompt is not None:
            prompt = game.prompt
            me, other = ("anna", "ben") if prompt.seat == 0 else ("ben", "anna")
            index = pick(rng, prompt)
            for key in keys_for(index, 0, len(prompt.choices)):
                terms[me].press(KEYS.get(key, key.encode()))
                await quiet(terms[me], since=time.perf_counter(), first=0.3)
            n, mark, events = len(game.log), terms["cleo"].mark(), len(game.events)
            sent = time.perf_counter()
            terms[me].press(ENTER)
            await until(lambda: len(game.log) > n, "the decision")
            await quiet(terms[other], terms["cleo"], since=sent)
            done += 1
            if game.log[n] != prompt.choices[index].key:
                raise AssertionError(f"decision {n}: {game.log[n]} taken, {prompt.choices[index].key} meant")
            if any(e.kind == EventKind.ROUND_SCORED for e in game.events[events:]):
                for t in terms.values():  # the round's summary on every screen
                    t.press(ENTER)
                await quiet(*terms.values(), quiet=0.3)
                continue
            other_ms.append((terms[other].last - sent) * 1000)
            watcher_ms.append((terms["cleo"].last - sent) * 1000)
            watcher_bytes.append(terms["cleo"].mark() - mark)
        apps = [s.app.proc.pid for s in host._sessions if s.app is not None and s.app.proc is not None]
        per_player = (pss_mb(zygote + apps) - alone) / len(apps)
    print(f"decisions: {done} ({len(watcher_ms)} measured, round ends left out)")
    print(f"latency to the other player's screen: median {statistics.median(other_ms):.1f} ms, "
          f"p95 {pct(other_ms, 0.95):.1f} ms; to the watcher's: median {statistics.median(watcher_ms):.1f} ms, "
          f"p95 {pct(watcher_ms, 0.95):.1f} ms (goal p95 <= 100 ms)")
    print(f"bytes to the watching terminal per decision: median {statistics.median(watcher_bytes):.0f}, "
          f"p95 {pct(watcher_bytes, 0.95):.0f}, max {max(watcher_bytes)} (goal median <= 2048)")
    print(f"login to the lobby on screen: {', '.join(f'{ms:.0f}' for ms in login_ms)} ms, max {max(login_ms):.0f} ms "
          f"(goal <= 1000 ms)")
    print(f"memory per player (PSS of the apps and their app server, less that server alone): {per_player:.1f} MB "
          f"over {len(apps)} players, 2 seated and a watcher (goal <= 20 MB)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--size", default="160x50")
    args = ap.parse_args()
    size = tuple(int(x) for x in args.size.lower().split("x"))
    asyncio.run(bench(args.decisions, args.seed, size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
