"""``barrage-tui inspect FILE [--choose KEY ...] [--out NEW]``: a save's state and pending decision, and
choices applied headless — for bug reports and tests.

Exit status 0 on success; 1, with one line on stderr, for a file that cannot be loaded, an illegal
choice key or a file that cannot be written. ``--out -`` writes the resulting save to stdout.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from barrage_tui.rules import Game, IllegalChoice, NEUTRAL, ROUNDS, STRUCTURES, facts, modules_on
from barrage_tui.visible import visible

from . import codec
from .errors import SaveError, one_line
from .files import load_game, save_game
from .replay import Attach, board_warning


def inspect_command(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None,
                    attach: Attach | None = None) -> int:
    """``attach``: the Automa's hook (the CLI passes automa.attach), so its steps are checked and taken."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        game = load_game(args.file, attach)
    except SaveError as exc:
        print(str(exc), file=err)
        return 1
    warning = board_warning(game)
    if warning:  # as the app says it: the game is read on the board as it is now
        print(one_line(f"{args.file}: warning: {warning}", 2000), file=err)
    for i, key in enumerate(args.choose or []):
        try:
            game.choose(key)
        except IllegalChoice as exc:
            print(one_line(f"{args.file}: --choose {key!r} (choice {i + 1} given): {exc}", 2000), file=err)
            return 1
        except Exception as exc:  # an engine failure: still one line, never a traceback
            print(one_line(f"{args.file}: --choose {key!r} failed in the rules engine "
                           f"({type(exc).__name__}: {exc})", 2000), file=err)
            return 1
    if args.out == "-":
        out.write(codec.dumps(game))
        return 0
    if args.out:
        try:
            save_game(game, args.out)
        except SaveError as exc:
            print(str(exc), file=err)
            return 1
    out.write(describe(game, args.file))
    if args.out:
        out.write(f"\nWritten to {visible(args.out)}.\n")
    return 0


# ------------------------------------------------------------------------------------------ the summary

def _company_name(company: str) -> str:
    comps = facts()
    return comps.companies[company].name if company in comps.companies else company


def _officer_name(officer: str) -> str:
    comps = facts()
    return comps.officers[officer].name if officer in comps.officers else officer


def _who(game: Game, seat: int) -> str:
    if seat == NEUTRAL:
        return "neutral"
    c = game.state.companies[seat]
    return f"{_company_name(c.company)} ({c.player})"


def _list(items: Iterable[object], sep: str = ", ") -> str:
    shown = [str(i) for i in items]
    return sep.join(shown) if shown else "-"


def describe(game: Game, name: str = "") -> str:
    st = game.state
    setup = game.setup
    lines: list[str] = []
    add = lines.append
    kind = "introductory game" if setup.introductory else "full game"
    head = f"Save {name}: " if name else ""
    switched_on = sorted(modules_on(setup.options))
    add(f"{head}{st.seats} seat(s), {kind}, seed {setup.seed}"
        + (f", game id {setup.options['id']}" if setup.options.get("id") else "")
        + (f", modules: {', '.join(switched_on)}" if switched_on else ""))
    phase = "game over" if game.over else f"{st.phase} phase"
    add(f"Round {st.round} of {ROUNDS}, {phase}. Turn order: {_list(_who(game, s) for s in st.turn_order)}.")
    add("")
    add("Companies")
    for c in st.companies:
        flags = [f for f, on in (("passed", c.passed), ("Architect in supply", c.architect),
                                 (f"copying {_officer_name(c.copied_officer)}", bool(c.copied_officer))) if on]
        add(f"  [{c.seat}] {c.player} ({c.kind}) - {_company_name(c.company)}, {_officer_name(c.officer)}: "
            f"{c.vp} VP, {c.credits} credits, {c.excavators} excavators, {c.mixers} mixers, "
            f"energy {c.energy}, {c.engineers} engineers" + (f" ({', '.join(flags)})" if flags else ""))
        add(f"      pieces left: {_list(f'{s} {c.pieces.get(s, 0)}' for s in STRUCTURES)}"
            + (f"; columns taken: {_list(f'{s} {taken}' for s, taken in sorted(c.columns_taken.items()))}"
               if c.columns_taken else "")
            + (f"; machinery lost for good: {c.machinery_lost[0]} excavators, {c.machinery_lost[1]} mixers, "
               f"{c.machinery_lost[2]} Excamixers" if any(c.machinery_lost) else ""))
        add(f"      tiles: {_list(c.tiles)}")
        wheel = []
        for i, seg in enumerate(c.wheel):
            if seg.is_empty():
                continue
            parts = list(seg.tiles) + [f"{n} {w}" for n, w in ((seg.excavators, "excavators"),
                                                                (seg.mixers, "mixers")) if n]
            wheel.append(f"[{i}] {' + '.join(parts)}")
        add(f"      wheel (open segment {c.wheel_open}): {_list(wheel)}")
        add(f"      contracts in hand: {_list(c.contracts)}; fulfilled: {_list(c.fulfilled)}")
    add("")
    add("Map")
    add(f"  headstreams: {_list(f'{h} tile {st.headstream_tiles.get(h)} ({st.headstream_drops.get(h, 0)} drops)' for h in st.headstream_tiles)}")
    dams = [f"{s} {_who(game, d.owner)} height {d.height}{'' if d.base else ' (an Elevation without a Base)'}, "
            f"{d.drops} drops" for s, d in sorted(st.dams.items())]
    add(f"  dams: {_list(dams, '; ')}")
    add(f"  conduits: {_list(f'{s} {_who(game, o)}' for s, o in sorted(st.conduits.items()))}")
    add(f"  powerhouses: {_list(f'{s} {_who(game, o)}' for s, o in sorted(st.powerhouses.items()))}")
    if game.board.id != "base":
        add(f"  board: {game.board.name or game.board.id}" + (" (a reconstruction)" if game.board.assumed else ""))
    if st.lakes:
        add(f"  lakes: {_list(f'{lake} {n} drops' for lake, n in sorted(st.lakes.items()))}")
    if st.preparation:
        add(f"  preparation tiles: {_list(f'{t} at {n}' for t, n in sorted(st.preparation.items()))}")
    for module_lines in game.hooks.describe:  # the modules' own state, in their words
        for line in module_lines(game, lambda seat: _who(game, seat)):
            add(f"  {line}")
    add("")
    add("Boards")
    add(f"  occupied spaces: {_list(f'{s} {_who(game, o)}' for s, o in st.occupied.items())}")
    add(f"  bank: {_list(f'{_who(game, s)} {n}' for s, n in enumerate(st.bank) if n)}")
    add(f"  national contracts: {_list(st.national)}")
    for colour in ("green", "yellow", "red"):
        add(f"  {colour} contracts: {_list(st.private_display.get(colour, []))} "
            f"(pile {len(st.private_piles.get(colour, []))})")
    if st.drafting:
        add(f"  still to pick a company and chief engineer: {_list(st.companies[s].player for s in st.drafting)}")
    if st.starting_offer:
        add(f"  starting contracts offered: {_list(st.starting_offer)}")
    if not st.introductory:
        piles = ", ".join(f"{lv}: {len(p)}" for lv, p in sorted(st.patent_piles.items()))
        add(f"  patent office: {_list(t or '(empty)' for t in st.patent_offer)} (piles {piles})")
    add(f"  bonus tiles by round: {_list(st.bonus_tiles)}; objective tile: {st.objective}")
    add(f"Log: {len(game.log)} choice(s), {len(game.log) - game.turn_start} of them in the current turn.")
    add("")
    if game.over:
        ranking = sorted(st.companies, key=lambda c: -c.vp)
        add("Game over. Final scores: " + ", ".join(f"{_who(game, c.seat)} {c.vp} VP" for c in ranking) + ".")
        if st.winner:
            add(f"Winner: {' and '.join(_who(game, s) for s in st.winner)}.")
    else:
        p = game.prompt
        assert p is not None  # not over: a decision is pending
        # a seat still in the draft holds a pair only on offer: name the player, not that company
        who = st.companies[p.seat].player if p.seat in st.drafting else _who(game, p.seat)
        add(f"Pending decision: seat {p.seat}, {who} - {p.kind}: {p.text}")
        if not p.choices:  # an Automa's turn: its cards decide (the automa package, attached by the app)
            add("  (the Automa's cards decide this step; --choose its recorded step key to apply one)")
        width = max((len(c.key) for c in p.choices), default=0)
        for choice in p.choices:
            add(f"  {choice.key:<{width}}  {choice.label}")
    return "".join(visible(line) + "\n" for line in lines)  # names and ids come from the file
