"""Who holds the seats of a hosted game, kept next to its save so that a restarted host gives each seat
back to its holder only.

``autosave-ID.toml`` gets ``autosave-ID.seats`` (TOML; not ``.toml``, so no save listing takes it for a
save): one line per held seat, the seat's number (0 first, in the save's seat order) and its holder, an
SSH key's fingerprint (``key:SHA256:…``) or, on an ``--open`` host, a user name (``name:NAME``). Written
atomically (saves/atomic.py) whenever who holds what changes. ``barrage-tui host seats`` shows them and
lets the host's owner free a seat or hand it to another holder.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import tomli_w

from barrage_tui.rules import facts
from saves.atomic import write_atomic

SUFFIX = ".seats"
MAX_BYTES = 64 * 1024
MAX_HOLDER = 200
HEADER = ("# Who holds each seat of this game at barrage-tui host (seat numbers from 0, in the save's order).\n"
          "# A holder is key:FINGERPRINT (an SSH key) or name:NAME (an --open host).\n"
          "# Change it with: barrage-tui host seats\n")


class SeatsDamaged(ValueError):
    """The seats file cannot be read; the text says why."""


def seats_path(save: Path) -> Path:
    return Path(save).with_suffix(SUFFIX)


def read(save: Path) -> dict[int, str]:
    """The seats held in the game saved at ``save`` ({} when it has no seats file). SeatsDamaged when the
    file cannot be read: its seats are then nobody's to take (the owner frees them)."""
    path = seats_path(save)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise SeatsDamaged(f"{path.name}: {exc.strerror or exc}") from None
    try:
        if len(data) > MAX_BYTES:
            raise ValueError("too long")
        table = tomllib.loads(data.decode("utf-8")).get("holders", {})
        if not isinstance(table, dict):
            raise ValueError("[holders] is not a table")
        out = {}
        most = facts().seats[1]  # (the rules' most seats: 5 on the 4-5 player map)
        for seat, holder in table.items():
            if not (seat.isdigit() and int(seat) < most and isinstance(holder, str) and 0 < len(holder) <= MAX_HOLDER):
                raise ValueError(f"seat {seat!r}: a seat number 0-{most - 1} and a holder's text")
            out[int(seat)] = holder
        return out
    except (ValueError, UnicodeDecodeError) as exc:  # (tomllib.TOMLDecodeError is a ValueError)
        raise SeatsDamaged(f"{path.name}: {exc}") from None


def write(save: Path, holders: dict[int, str]) -> None:
    """Replace the seats file of the game saved at ``save`` (atomically). Raises OSError."""
    text = HEADER + tomli_w.dumps({"holders": {str(seat): holders[seat] for seat in sorted(holders)}})
    write_atomic(seats_path(save), text.encode("utf-8"))


# ------------------------------------------------------------------ barrage-tui host seats


def holder_of(text: str) -> str:
    """A holder as the owner types it: a key's fingerprint (``SHA256:…``, as ``ssh-keygen -lf KEY.pub``
    prints it) or ``name:NAME``. ValueError when it is neither."""
    text = text.strip()
    if text.startswith("key:"):
        text = text[4:]
    if text.startswith("SHA256:") and 8 < len(text) <= 60 and text[7:].replace("+", "").replace("/", "").isalnum():
        return f"key:{text}"
    if text.startswith("name:") and 5 < len(text) <= MAX_HOLDER:
        return text
    raise ValueError(f"{text!r} is neither a key's fingerprint (SHA256:…, from ssh-keygen -lf KEY.pub) nor name:NAME")


def command(save_dir: Path | None, game: str | None, seat: int | None, to: str | None, free: bool,
            out: Callable[[str], object] = print) -> int:
    """``barrage-tui host seats``: without GAME, every hosted game's seats and holders; with GAME SEAT and
    ``--to HOLDER`` or ``--free``, that seat handed over or freed. A game open at a running host is not
    changed (its lock is held): the owner does it when nobody is at that table, or with the host stopped."""
    import saves
    from saves.lock import GameInUse, claim

    store = saves.SaveStore(save_dir)
    info: saves.SaveInfo | None  # (each hosted game's, then the one named)
    games = [i for i in store.list() if i.autosave and i.game_id]
    if game is None:
        if not games:
            out(f"no hosted games in {store.directory}")
        for info in games:
            try:
                held = read(info.path)
            except SeatsDamaged as exc:
                out(f"{info.game_id}  (seats file damaged: {exc}; --free or --to sets a seat anew)")
                continue
            state = "over" if info.over else f"round {info.round}"
            out(f"{info.game_id}  {state}")
            for i, (name, _company) in enumerate(info.seats):
                out(f"  seat {i + 1}  {name:<20}  {held.get(i, '(open)')}")
        return 0
    info = next((i for i in games if i.game_id == game), None)
    if info is None:
        out(f"barrage-tui host seats: no hosted game {game!r} in {store.directory}")
        return 2
    if seat is None or not 1 <= seat <= len(info.seats) or (to is None) == (not free):
        out("barrage-tui host seats: give GAME SEAT (1-%d) and either --to HOLDER or --free" % len(info.seats))
        return 2
    try:
        holder = holder_of(to) if to is not None else None
    except ValueError as exc:
        out(f"barrage-tui host seats: {exc}")
        return 2
    try:
        lock = claim(game, info.path)  # (the lock beside its autosave, as the host takes it)
    except GameInUse:
        out(f"barrage-tui host seats: game {game} is open at a running host now; change its seats when "
            f"nobody is at that table (or with the host stopped)")
        return 2
    try:
        try:
            held = read(info.path)
        except SeatsDamaged:
            held = {}  # (set anew: the owner's word)
        if holder is None:
            held.pop(seat - 1, None)
        else:
            held[seat - 1] = holder
        write(info.path, held)
    except OSError as exc:
        out(f"barrage-tui host seats: cannot write {seats_path(info.path)}: {exc.strerror or exc}")
        return 2
    finally:
        lock.release()
    out(f"seat {seat} of {game}: " + (f"held by {holder}" if holder else "open: whoever takes it first holds it"))
    return 0
