"""The command line: ``barrage-tui`` starts the app; subcommands serve play-testing and bug reports."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="barrage-tui", description="Barrage, the hydro-power board game.")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("sim", help="play random whole games headless and check the rules' invariants")
    sim.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    sim.add_argument("--players", type=int, choices=(1, 2, 3, 4), help="seats per game (default: random 1-4)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    mode = sim.add_mutually_exclusive_group()
    mode.add_argument("--intro", action="store_true", help="only introductory games")
    mode.add_argument("--full", action="store_true", help="only full games")
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks (speed figure only)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "sim":
        from .rules import sim
        if args.games < 1:
            parser.error("--games must be at least 1")
        intro = True if args.intro else False if args.full else None
        return sim.run(args.games, args.players, args.seed, intro, check=not args.no_check)
    print("The terminal app is not built yet; try `barrage-tui sim`.", file=sys.stderr)
    return 2
