"""The command line: ``barrage-tui`` starts the app; subcommands serve play-testing and bug reports."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from .rules import Level, ModuleFacts

INTERRUPTED = 130  # the shell's status for a command ended by Ctrl+C (128 + SIGINT)
PIPE_CLOSED = 141  # ... and for one whose output's reader went away (128 + SIGPIPE)


class _Parser(argparse.ArgumentParser):
    """Its error lines show what was typed as plain text (an argument may hold terminal escape codes)."""

    def error(self, message: str) -> NoReturn:
        from barrage_tui.visible import visible

        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {visible(message)}\n")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("give 0 to 10 seconds")
    return value


class _AutomaLevels:
    """The Automa levels (automa-levels.toml), read only when ``--level`` is checked or listed: the app
    itself starts without loading the rules."""

    def __contains__(self, level: object) -> bool:
        return level in _levels()

    def __iter__(self) -> Iterator[str]:
        return iter(_levels())


def _levels() -> dict[str, Level]:
    from .rules import levels
    return levels()


class _Modules:
    """The expansion modules (modules.toml), read only when ``--modules`` is checked or listed in ``--help``:
    the list in the help is the data's, not written here."""

    def __contains__(self, ids: object) -> bool:  # (``_modules`` has checked each id already)
        return isinstance(ids, tuple) and all(m in _known_modules() for m in ids)

    def __iter__(self) -> Iterator[str]:
        return iter(_known_modules())


def _known_modules() -> dict[str, ModuleFacts]:
    from .rules import known_modules
    return known_modules()


def _modules(text: str) -> tuple[str, ...]:
    """``--modules overseas,geological``: known module ids (modules.toml, read only when it is given)."""
    from .rules import known_modules
    ids = tuple(m.strip() for m in text.split(",") if m.strip())
    unknown = [m for m in ids if m not in known_modules()]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown module(s) {', '.join(unknown)}; known: {', '.join(known_modules())}")
    return tuple(dict.fromkeys(ids))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="barrage-tui", description="Barrage, the hydro-power board game.")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="resume the most recent game where it stopped")
    parser.add_argument("--load", metavar="FILE", help="open a saved game file")
    parser.add_argument("--save-dir", metavar="DIR", help="folder for saves and autosaves (default: your data folder)")
    parser.add_argument("--automa-delay", metavar="SECONDS", type=_seconds, default=0.6,
                        help="how long each Automa step stays on screen before it is played (default 0.6; 0: instant)")
    parser.add_argument("--no-confirm", dest="confirm", action="store_false",
                        help="new games end each turn at once, without the End turn step (undo then goes back "
                             "one choice only within the turn)")
    # the app the host runs for a player, with the host's end of a socket as this open file
    parser.add_argument("--board", dest="app_board", metavar="FILE|ID",
                        help="a new game's board: a shipped board's id or a board file (default: base)")
    parser.add_argument("--table-fd", type=int, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("sim", help="play random whole games headless and check the rules' invariants")
    sim.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    sim.add_argument("--players", type=int, help="seats per game (default: a random count the game allows)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    mode = sim.add_mutually_exclusive_group()
    mode.add_argument("--intro", action="store_true", help="only introductory games")
    mode.add_argument("--full", action="store_true", help="only full games")
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks (speed figure only)")
    sim.add_argument("--automa", type=int, default=0, metavar="A",
                     help="A Automa seats per game (1-3; 4 at a fifth seat), the other seats random; full games only")
    sim.add_argument("--modules", type=_modules, default=(), metavar="IDS", choices=_Modules(),
                     help="expansion-box modules switched on, comma-separated: %(choices)s")
    sim.add_argument("--level", choices=_AutomaLevels(), metavar="LEVEL",
                     help="the Automas' difficulty: %(choices)s (default: random per Automa)")
    sim.add_argument("--board", metavar="FILE|ID", help="the board the games are played on (default: base)")
    sim.add_argument("--jobs", type=int, metavar="N",
                     help="play the games on N processes (default: one per core; the same games either way)")
    board = sub.add_parser("board", help="boards as data (docs/board-format.md)")
    board_sub = board.add_subparsers(dest="board_command", required=True)
    check = board_sub.add_parser("check", help="check a board file: one line naming the place and the problem")
    check.add_argument("file", help="a board file (or a shipped board's id)")
    inspect = sub.add_parser("inspect", help="print a saved game's state and pending decision; apply choices headless")
    inspect.add_argument("file", help="a save file")
    inspect.add_argument("--choose", metavar="KEY", action="append", default=[], help="apply this choice key (repeatable)")
    inspect.add_argument("--out", metavar="NEW", help="write the resulting game to this file")
    host = sub.add_parser("host", help="host games for players who connect with ssh (see README: Play together)")
    host.add_argument("--bind", metavar="ADDR", default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    host.add_argument("--port", type=_port, default=2222, help="the port (default 2222)")
    host.add_argument("--host-key", metavar="FILE", help="the host's SSH key (default: made on first start in your data folder)")
    host.add_argument("--authorized-keys", metavar="FILE",
                      help="the players' public keys (default ~/.ssh/authorized_keys)")
    host.add_argument("--open", action="store_true", help="let anyone in, under any name, without a key (trusted networks only)")
    host.add_argument("--save-dir", dest="host_save_dir", metavar="DIR", help="folder of the hosted games (default: your data folder)")
    host_sub = host.add_subparsers(dest="host_command")
    seats = host_sub.add_parser("seats", help="who holds the seats of the hosted games; hand a seat over or free it")
    seats.add_argument("game", nargs="?", help="a hosted game's id (as listed)")
    seats.add_argument("seat", nargs="?", type=int, help="its seat number, 1-5")
    seats.add_argument("--to", metavar="HOLDER", help="the new holder: a key's fingerprint (SHA256:..., from "
                                                      "ssh-keygen -lf KEY.pub) or name:NAME (an --open host)")
    seats.add_argument("--free", action="store_true", help="free the seat: whoever takes it first holds it")
    seats.add_argument("--save-dir", dest="seats_save_dir", metavar="DIR", help="folder of the hosted games")
    serve = sub.add_parser("serve", help="play in a web browser (textual-serve)")
    serve.add_argument("--bind", metavar="ADDR", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    serve.add_argument("--save-dir", dest="serve_save_dir", metavar="DIR", help="folder for saves (default: your data folder)")
    serve.add_argument("--public-url", type=_public_url, metavar="URL",
                       help="the address browsers reach the page at, e.g. http://192.168.1.5:8000 (default: "
                            "http://ADDR:PORT); the page's websocket answers pages of that origin (and --bind's)")
    serve.add_argument("--no-token", dest="token", action="store_false",
                       help="no secret token in the page's address (anyone who can reach the port can then play)")
    return parser


def _public_url(text: str) -> str:
    from .web import public_url_problem
    problem = public_url_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}")
    return int(text)


def _board(text: str) -> tuple[str, str]:
    """A ``--board`` argument: (what Setup.options["board"] holds, "") or ("", the problem on one line)."""
    from .rules import BoardProblem, board_file_ref, load_board
    from .visible import visible
    ref = board_file_ref(text)
    try:
        load_board(ref)
    except BoardProblem as exc:
        return "", visible(f"{text}: {exc}")
    return ref, ""


def _max_automas() -> int:
    from .rules import max_automas
    return max_automas()


def _sim_seats_problem(players: int | None, automas: int, modules: tuple[str, ...], board: str) -> str:
    """Why ``sim --players``/``--automa`` cannot be played with these modules on this board ("": they can): the
    rules' seat counts (``seat_choices``; a fifth seat: the 4-5 player map and a fifth company)."""
    from .rules import BOARD_OPTION, MODULES_OPTION, seat_choices, seat_counts, seat_problem
    options: dict[str, object] = {MODULES_OPTION: list(modules)}
    if board:
        options[BOARD_OPTION] = board
    allowed = seat_choices(options)
    if players is not None and (why := seat_problem(options, players)) is not None:
        return f"--players {players}: {why} (allowed here: {', '.join(map(str, allowed)) or 'none'})"
    if not allowed:  # no count at all: why not at the count the modules ask for (the extra board's 5)
        n = next((s[0] for m in modules if (s := _known_modules()[m].seats)), 1)
        return f"no game can be played with these modules on this board: at {n} seats, {seat_problem(options, n)}"
    for module in (_known_modules()[m] for m in modules if _known_modules()[m].seats):  # (the Duel: a person too)
        low, high = module.seats or (0, 0)
        if automas >= high:
            return (f"{module.name} is for {seat_counts(low, high)} players: --players {low} (the default with it) "
                    f"and at most --automa {high - 1}")
    if not any(n >= max(automas, 1) and n == (players or n) for n in allowed):
        return f"--automa {automas}: at most {max(allowed, default=1)} here"
    return ""


def _board_check(path: str) -> int:
    """``barrage-tui board check FILE``: a summary line (exit 0) or the one problem (exit 1)."""
    from .rules import BoardProblem, board_file_ref, board_summary, load_board
    from .visible import visible
    try:
        board = load_board(board_file_ref(path))
    except BoardProblem as exc:
        print(visible(f"{path}: {exc}"), file=sys.stderr)
        return 1
    print(visible(f"{path}: ok: {board_summary(board)}"))
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        status = _run(argv)
        sys.stdout.flush()  # (output left in the buffer meets a closed pipe here, not at the exit)
        return status
    except KeyboardInterrupt:  # Ctrl+C: one line, never a traceback
        print("barrage-tui: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (``sim | head``): stop quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (so the exit's flush does not fail too)
        return PIPE_CLOSED


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "board":
        return _board_check(args.file)
    if args.command == "sim":
        from .rules import sim  # (its own module beside the API: the app never loads multiprocessing)
        board, problem = _board(args.board) if args.board is not None else ("", "")
        if problem:
            print(f"barrage-tui: --board {problem}", file=sys.stderr)
            return 2
        if args.games < 1:
            parser.error("--games must be at least 1")
        if args.jobs is not None and args.jobs < 1:
            parser.error("--jobs must be at least 1")
        if not 0 <= args.automa <= _max_automas():
            parser.error(f"--automa must be from 1 to {_max_automas()} (4: a fifth seat, on the 4-5 player map)")
        problem = _sim_seats_problem(args.players, args.automa, args.modules, board)
        if problem:
            parser.error(problem)
        jobs = args.jobs or os.cpu_count() or 1
        intro = True if args.intro else False if args.full else None
        if args.automa:
            if args.intro:
                parser.error("the Automa does not play the introductory game")
            if args.players and args.players < args.automa:
                parser.error("--players must be at least --automa")
            from automa import attach
            return sim.run(args.games, args.players, args.seed, check=not args.no_check, automas=args.automa,
                           level=args.level, attach=attach, modules=args.modules, board=board, jobs=jobs)
        return sim.run(args.games, args.players, args.seed, intro, check=not args.no_check, modules=args.modules,
                       board=board, jobs=jobs)
    if args.command == "inspect":
        import automa
        from saves.inspect import inspect_command
        return inspect_command(args, attach=automa.attach)
    if args.command == "host":
        from pathlib import Path

        from .host.server import HostOptions, run

        def path(text: str | None) -> Path | None:
            return Path(text).expanduser() if text else None

        if args.host_command == "seats":
            from .host.seats import command as seats_command
            return seats_command(path(args.seats_save_dir or args.host_save_dir or args.save_dir), args.game,
                                 args.seat, args.to, args.free)
        return run(HostOptions(args.bind, args.port, path(args.host_key), path(args.authorized_keys), args.open,
                               path(args.host_save_dir or args.save_dir), args.automa_delay))
    if args.command == "serve":
        from .web import serve
        return serve(args.bind, args.port, args.serve_save_dir or args.save_dir, args.public_url, args.token)
    if args.table_fd is not None:
        from .ui.table_app import run_table_client
        return run_table_client(args.table_fd)
    board, problem = _board(args.app_board) if args.app_board is not None else ("", "")
    if problem:  # said before the app starts, like a save folder that cannot be used
        print(f"barrage-tui: --board {problem}", file=sys.stderr)
        return 2
    from .ui.app import run_app
    return run_app(load=args.load, resume=args.resume, save_dir=args.save_dir, automa_delay=args.automa_delay,
                   confirm=args.confirm, board=board)
