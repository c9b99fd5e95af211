"""The host's tables: the games played over SSH, who sits where, and who is told what.

A table is one game of the save folder (or a new one): the host holds the game's lock while the table is
open (saves/lock.py: no other barrage-tui writes it meanwhile), applies every decision, autosaves it,
then tells every app at the table the key; the apps keep copies of the game built from its save and
these keys (the engine is deterministic, so the copies are identical). The Automa's steps are taken here.

Seats are held by an identity (the SSH key, or the user name on an --open host), not by a connection: a
dropped connection keeps its seats, and the same identity coming back sits down at them again. Who holds
what is kept next to the game's save (seats.py), so a restarted host gives each seat back to its holder
only. A player may give their seats up (``release``). Every request is checked here, whatever the app
says: a connection acts only for a seat its identity holds.

Identities that are not keys (the names of an --open host) may use all the tables but ``RESERVE_TABLES``:
those stay for players with keys. A waiting table whose creator is gone frees after ``WAITING_SECONDS``.

No I/O but the save folder: the SSH server gives each connection a ``Conn`` whose ``send`` writes a
message to that connection's app, and ``later(seconds, fn)`` to schedule the Automa's steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import automa
import saves
from barrage_tui.rules import Game, IllegalChoice, PromptKind, table_view
from saves import codec
from saves.files import new_game_id

from . import protocol, seats
from .protocol import Message, ProtocolError, plain

if TYPE_CHECKING:
    from barrage_tui.rules import Setup

MAX_TABLES = 24  # open or waiting tables at once
RESERVE_TABLES = 6  # of them, kept for players with a key (an --open host's names cannot take them)
WAITING_SECONDS = 300.0  # a waiting table whose creator left frees after this (unless they come back)
MAX_WAITING_PER_PLAYER = 3  # new tables a player may have waiting for players
LISTING_SECONDS = 2.0  # the save folder is read again for the lobby at most this often
RATE = 20.0  # requests per second a connection may make on average ...
BURST = 40  # ... and at once


class Timer(Protocol):
    """What ``later`` gives back (an asyncio TimerHandle): the step can be called off."""

    def cancel(self) -> None: ...


Later = Callable[[float, Callable[[], None]], "Timer | None"]  # later(seconds, fn): fn is called then


class Refused(Exception):
    """A request the host does not carry out; the text is plain and tells the player why."""


class Bucket:
    """A rate limit: ``take(n)`` spends n tokens; ``rate`` come back a second, ``burst`` at most."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._tokens = float(burst)
        self._time = time.monotonic()

    def take(self, n: float = 1) -> bool:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._time) * self.rate)
        self._time = now
        if self._tokens < n:
            return False
        self._tokens -= n
        return True


class Conn:
    """One app at the tables (one SSH session). ``send(message)`` delivers a message to it."""

    def __init__(self, identity: str, name: str, send: Callable[[Message], None]) -> None:
        self.identity = identity
        self.name = name
        self.send = send
        self.table: str | None = None  # the table it shows (playing or watching); None: the lobby
        self.requests = Bucket(RATE, BURST)


@dataclass
class Table:
    id: str
    setup: Setup  # (the names of open seats are filled in when the game starts)
    holders: dict[int, str]  # seat -> identity (shared with Tables.held, so it outlives the open table)
    open_seats: frozenset[int] = frozenset()  # seats a new table left to whoever joins (their names are the joiners')
    creator: str = ""
    game: Game | None = None  # None: waiting for players
    lock: saves.GameLock | None = None
    # the seat that took each key of game.log (None: before)
    seats_of_keys: list[int | None] = field(default_factory=list)
    timer: Timer | None = None  # the Automa's next step

    @property
    def playing(self) -> Game:
        """The game of a table that has started (what is asked of a waiting table's game never gets here)."""
        assert self.game is not None
        return self.game

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.setup.seats) if s.kind == "human"]

    def free(self) -> list[int]:
        return [i for i in self.humans() if i not in self.holders]


class Tables:
    def __init__(self, store: saves.SaveStore, *, automa_delay: float = 0.6, later: Later | None = None,
                 log: Callable[[str], object] | None = None) -> None:
        self.store = store
        self.automa_delay = automa_delay
        self.later = later or (lambda delay, fn: None)
        self.log = log or (lambda text: None)
        self.tables: dict[str, Table] = {}
        self.held: dict[str, dict[int, str]] = {}  # game id -> seat -> identity, for open and closed tables
        self.reserve = RESERVE_TABLES  # (0 on an --open host that knows no key: nobody to keep them for)
        self.damaged: dict[str, str] = {}  # game id -> why its seats file cannot be read (nobody may sit)
        self.conns: list[Conn] = []
        self._listing: tuple[float, list[saves.SaveInfo]] = (0.0, [])

    # ------------------------------------------------------------------ connections

    def connect(self, conn: Conn) -> None:
        """A new app: hello, and at once back at the table where its identity holds seats, else the lobby."""
        self.conns.append(conn)
        conn.send({"t": "hello", "name": conn.name})
        self._saved()  # (who holds the seats of the saved games, as their seats files say)
        for table_id, holders in self.held.items():
            if conn.identity in holders.values():
                try:
                    self._sit(conn, table_id)
                    break
                except Refused:
                    continue
        self._lobby_changed()

    def disconnect(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
        left = conn.table
        conn.table = None
        if left in self.tables:
            self._seats_changed(self.tables[left])
            self._close_if_idle(self.tables[left])
        if not self._online(conn.identity):
            for table in self.tables.values():
                if table.game is None and table.creator == conn.identity:
                    self.later(WAITING_SECONDS, partial(self._expire, table))
        self._lobby_changed()

    def _online(self, identity: str) -> bool:
        return any(c.identity == identity for c in self.conns)

    def _expire(self, table: Table) -> None:
        """A waiting table whose creator left a while ago and is still away frees its place."""
        if self.tables.get(table.id) is table and table.game is None and not self._online(table.creator):
            self.tables.pop(table.id)
            self.held.pop(table.id, None)
            self.log(f"table {table.id} was waiting without its creator: closed")
            self._lobby_changed()

    def handle(self, conn: Conn, message: Message) -> None:
        """One request from ``conn``: carried out, or refused with a plain reason (the game unchanged)."""
        try:
            if not conn.requests.take():
                raise Refused("too many requests: slow down")
            message = protocol.request(message)
            getattr(self, "_op_" + message["op"])(conn, message)
        except (Refused, ProtocolError) as exc:
            conn.send({"t": "refused", "text": plain(exc)})

    def close(self) -> None:
        """The host stops: every open table lets its game go (each is saved after every decision)."""
        for table in list(self.tables.values()):
            self._close(table)

    # ------------------------------------------------------------------ requests

    def _op_lobby(self, conn: Conn, msg: Message) -> None:
        self._listing = (0.0, [])
        conn.send(self.lobby(conn))

    def _op_name(self, conn: Conn, msg: Message) -> None:
        conn.name = protocol.player_name(msg["name"])
        for other in self.conns:
            if other.identity == conn.identity:
                other.name = conn.name
        conn.send({"t": "hello", "name": conn.name})
        self._lobby_changed()

    def _op_new(self, conn: Conn, msg: Message) -> None:
        setup = protocol.setup_from_wire(msg["setup"])
        mine = set(msg["mine"])
        humans = {i for i, s in enumerate(setup.seats) if s.kind == "human"}
        if not mine or not mine <= humans:
            raise Refused("take at least one of the people's seats")
        self._room_for_a_table(conn, "join one or try later")
        waiting = [t for t in self.tables.values() if t.game is None and t.creator == conn.identity]
        if len(waiting) >= MAX_WAITING_PER_PLAYER:
            raise Refused("you have tables waiting for players already")
        table_id = new_game_id()
        while table_id in self.tables or table_id in self.held:
            table_id = new_game_id()
        setup = replace(setup, options={**setup.options, "id": table_id})
        holders = self.held.setdefault(table_id, {})
        holders.update({s: conn.identity for s in mine})
        table = Table(table_id, setup, holders, frozenset(humans - mine), conn.identity)
        self.tables[table_id] = table
        self.log(f"{conn.name} opened table {table_id}")
        self._maybe_start(table)
        self._lobby_changed()

    def _op_join(self, conn: Conn, msg: Message) -> None:
        table = self._open(msg["table"], conn)
        wanted = msg["seats"]
        try:
            for seat in wanted:
                if seat not in table.humans():
                    raise Refused(f"seat {seat + 1} is not a person's seat at this table")
                holder = table.holders.get(seat)
                if holder is not None and holder != conn.identity:
                    raise Refused(f"seat {seat + 1} is taken")
            if not wanted and conn.identity not in table.holders.values():
                raise Refused("choose a seat to take")
        except Refused:
            self._close_if_idle(table)  # a saved game opened for this request is let go again
            raise
        for seat in wanted:
            table.holders[seat] = conn.identity
        if table.game is None:
            self._maybe_start(table)
        else:
            self._keep_seats(table)
            self._sit(conn, table.id)
        self._lobby_changed()

    def _op_release(self, conn: Conn, msg: Message) -> None:
        """Give up seats (``[]``: all of the sender's at that table): whoever takes them next plays them."""
        table_id = msg["table"]
        self._saved()
        holders = self.held.get(table_id, {})
        mine = [s for s, h in holders.items() if h == conn.identity]
        wanted = msg["seats"] or mine
        if not wanted or not set(wanted) <= set(mine):
            raise Refused("you can give up only seats you hold")
        table = self.tables.get(table_id)
        if table is not None:  # (a table still waiting for players has no save yet)
            save = self.store.autosave_path(table.game) if table.game is not None else None
        else:
            save = next((i.path for i in self._saved() if i.game_id == table_id), None)
        for seat in wanted:
            holders.pop(seat)
        if save is not None:
            self._write_seats(save, holders, table_id)
        self.log(f"{conn.name} gave up seat {', '.join(str(s + 1) for s in wanted)} at table {table_id}")
        if table is not None:
            self._seats_changed(table)
        conn.send({"t": "notice", "text": "You gave up your seat." if len(wanted) == 1 else "You gave up your seats."})
        self._lobby_changed()

    def _op_watch(self, conn: Conn, msg: Message) -> None:
        table = self._open(msg["table"], conn)
        if table.game is None:
            raise Refused("this table is waiting for players; its game has not started")
        self._show(conn, table)
        self._lobby_changed()

    def _op_leave(self, conn: Conn, msg: Message) -> None:
        left = self.tables.get(conn.table or "")
        conn.table = None
        if left is not None:
            self._seats_changed(left)
            self._close_if_idle(left)
        conn.send(self.lobby(conn))
        self._lobby_changed()

    def _op_choose(self, conn: Conn, msg: Message) -> None:
        table, game = self._at(conn, msg)
        prompt = game.prompt
        assert prompt is not None  # (_at refuses a game that is over)
        if table.holders.get(prompt.seat) != conn.identity:
            raise Refused(f"this decision is {self._who(table, prompt.seat)}'s, not yours")
        self._apply(table, msg["key"], prompt.seat)

    def _op_undo(self, conn: Conn, msg: Message) -> None:
        table, game = self._at(conn, msg)
        undone = 0
        # back (Esc): to the start of the action, as the app's Session.back does; else one choice
        while self._may_undo(table, conn.identity) and (
                (game.prompt is not None and game.prompt.kind != PromptKind.ACTION) if msg["back"] else not undone):
            game.undo()
            table.seats_of_keys.pop()
            undone += 1
        if not undone:
            raise Refused("nothing of yours to undo in this turn")
        self._autosave(table)
        self._to_table(table.id, {"t": "undo", "table": table.id, "to": len(game.log)})
        self._lobby_changed()

    # ------------------------------------------------------------------ the tables

    def _at(self, conn: Conn, msg: Message) -> tuple[Table, Game]:
        """The table a decision request is about, which the sender must be at, with the decision it saw."""
        table = self.tables.get(msg["table"])
        if table is None or table.game is None or conn.table != table.id:
            raise Refused("you are not at that table")
        game = table.game
        if game.prompt is None:
            raise Refused("the game is over")
        if msg["at"] != len(game.log):
            raise Refused("that decision was taken already; the table shows the new one")
        return table, game

    def _may_undo(self, table: Table, identity: str) -> bool:
        """The last choice was this player's, of this turn, and the pending decision is theirs too."""
        game = table.playing
        last = table.seats_of_keys[-1] if table.seats_of_keys else None
        return (game.can_undo and game.prompt is not None and last is not None
                and table.holders.get(last) == identity and table.holders.get(game.prompt.seat) == identity)

    def _apply(self, table: Table, key: str, seat: int) -> None:
        game = table.playing
        try:
            game.choose(key)
        except IllegalChoice:
            raise Refused(f"{plain(key, 60)!r} is not a legal choice here") from None
        except Exception as exc:  # noqa: BLE001 - a rule that raised left the game as it was
            raise Refused(f"the rules refused {plain(key, 60)!r}: {plain(exc)}") from None
        table.seats_of_keys.append(seat)
        self._autosave(table)
        self._to_table(table.id, {"t": "key", "table": table.id, "at": len(game.log) - 1, "key": key})
        self._schedule_automa(table)
        self._lobby_changed()

    def _schedule_automa(self, table: Table) -> None:
        prompt = table.playing.prompt
        if prompt is None or prompt.kind != PromptKind.AUTOMA:
            return
        at = len(table.playing.log)

        def step() -> None:
            table.timer = None
            game = table.playing
            if self.tables.get(table.id) is table and len(game.log) == at and game.prompt is not None \
                    and game.prompt.kind == PromptKind.AUTOMA:
                try:
                    self._apply(table, game.prompt.choices[0].key, game.prompt.seat)
                except Refused as exc:  # a bug in the Automa: said on the host's console, the game waits
                    self.log(f"table {table.id}: the Automa's step was refused: {exc}")

        table.timer = self.later(self.automa_delay, step)

    def _keep_seats(self, table: Table) -> None:
        """Who holds the seats of a playing table, next to its save (so a restarted host knows)."""
        self._write_seats(self.store.autosave_path(table.playing), table.holders, table.id)

    def _write_seats(self, save: Path, holders: dict[int, str], table_id: str) -> None:
        try:
            seats.write(save, holders)
        except OSError as exc:
            text = f"the host could not keep who sits where: {saves.errors.one_line(exc)}"
            self.log(f"table {table_id}: {text}")
            self._to_table(table_id, {"t": "notice", "text": plain(text)})

    def _autosave(self, table: Table) -> None:
        try:
            self.store.autosave(table.playing)
        except Exception as exc:  # noqa: BLE001 - a save that fails must not stop the game
            text = f"the host could not save the game: {saves.errors.one_line(exc)}"
            self.log(f"table {table.id}: {text}")
            self._to_table(table.id, {"t": "notice", "text": plain(text)})

    def _maybe_start(self, table: Table) -> None:
        """A table whose people's seats are all taken starts its game (the joiners' names on their seats)."""
        if table.game is not None or table.free():
            return
        names = self._names()
        seats = tuple(replace(s, name=names.get(table.holders[i], s.name)) if i in table.open_seats else s
                      for i, s in enumerate(table.setup.seats))
        table.setup = replace(table.setup, seats=seats)
        game = automa.attach(Game.new(table.setup))
        try:
            table.lock = self.store.claim(game)
        except (saves.GameInUse, saves.SaveError, OSError) as exc:
            raise Refused(f"the game cannot start: {saves.errors.one_line(exc)}") from None
        table.game = game
        self._autosave(table)
        self._keep_seats(table)
        self.log(f"table {table.id} started")
        for conn in self.conns:
            if conn.identity in table.holders.values() and conn.table is None:
                self._show(conn, table)
        self._schedule_automa(table)

    def _room_for_a_table(self, conn: Conn | None, then: str) -> None:
        reserve = 0 if conn is None or conn.identity.startswith("key:") else self.reserve
        if len(self.tables) >= MAX_TABLES - reserve:
            raise Refused(f"this host has as many tables as it takes; {then}")

    def _open(self, table_id: str, conn: Conn | None = None) -> Table:
        """The open table ``table_id``, or the saved game of that id opened as a table (load and lock)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        info = next((i for i in self._saved() if i.game_id == table_id), None)
        if info is None:
            raise Refused("there is no such table")
        self._room_for_a_table(conn, "try later")
        try:
            game = saves.load_game(info.path, attach=automa.attach)
            lock = self.store.claim(game)
        except saves.GameInUse:
            raise Refused("this game is open in another barrage-tui on the host; wait until it closes") from None
        except (saves.SaveError, OSError) as exc:
            raise Refused(f"the game cannot be opened: {saves.errors.one_line(exc)}") from None
        try:
            holders = self.held[table_id] = seats.read(info.path)
        except seats.SeatsDamaged as exc:
            lock.release()
            self.log(f"table {table_id}: {exc}")
            raise Refused("this game's seats file is damaged: the host's owner can set its seats "
                          "(barrage-tui host seats)") from None
        table = Table(table_id, game.setup, holders, game=game, lock=lock, seats_of_keys=[None] * len(game.log))
        self.tables[table_id] = table
        self.log(f"table {table_id} opened from {info.path.name}")
        self._schedule_automa(table)
        return table

    def _sit(self, conn: Conn, table_id: str) -> None:
        table = self._open(table_id, conn)
        if table.game is None:
            raise Refused("this table is waiting for players")
        self._show(conn, table)

    def _show(self, conn: Conn, table: Table) -> None:
        """``conn`` follows ``table`` from now on: the game as saved, then every key."""
        previous = self.tables.get(conn.table or "")
        conn.table = table.id
        if previous is not None and previous is not table:
            self._seats_changed(previous)
            self._close_if_idle(previous)
        conn.send({"t": "table", "table": table.id, "save": codec.dumps(table.playing), **self._seats(table, conn)})
        self._seats_changed(table, but=conn)

    def _close_if_idle(self, table: Table) -> None:
        if table.game is not None and not any(c.table == table.id for c in self.conns):
            self._close(table)

    def _close(self, table: Table) -> None:
        """Nobody follows the table: its lock is let go (the game was saved after its last decision)."""
        if table.timer is not None:
            table.timer.cancel()
        if table.lock is not None:
            table.lock.release()
        self.tables.pop(table.id, None)
        self._listing = (0.0, [])  # the game is one of the folder's saved games again: read the folder anew
        if not table.holders:
            self.held.pop(table.id, None)
        self.log(f"table {table.id} closed")

    # ------------------------------------------------------------------ telling

    def _to_table(self, table_id: str, message: Message) -> None:
        for conn in list(self.conns):
            if conn.table == table_id:
                conn.send(message)

    def _seats_changed(self, table: Table, but: Conn | None = None) -> None:
        if table.game is None:
            return
        for conn in list(self.conns):
            if conn.table == table.id and conn is not but:
                conn.send({"t": "seats", "table": table.id, **self._seats(table, conn)})

    def _lobby_changed(self) -> None:
        for conn in list(self.conns):
            if conn.table is None:
                conn.send(self.lobby(conn))

    def _names(self) -> dict[str, str]:
        return {c.identity: c.name for c in self.conns}

    def _who(self, table: Table, seat: int) -> str:
        if table.game is not None:
            return plain(table_view(table.game).companies[seat].player)
        return plain(table.setup.seats[seat].name)

    def _seats(self, table: Table, conn: Conn) -> Message:
        """Who sits where, as ``conn`` is told it: each seat's player, holder, whether online; its own seats."""
        names = self._names()
        online = {c.identity for c in self.conns if c.table == table.id}
        rows = []
        for i, seat in enumerate(table.setup.seats):
            holder = table.holders.get(i)
            rows.append({"seat": i, "name": self._who(table, i),
                         "kind": seat.kind, "holder": plain(names.get(holder, "away") if holder else ""),
                         "online": holder in online})
        return {"seats": rows, "you": sorted(s for s, h in table.holders.items() if h == conn.identity)}

    def _saved(self) -> list[saves.SaveInfo]:
        """The unfinished games of the save folder, one per game (its autosave), re-read now and then."""
        when, infos = self._listing
        if time.monotonic() - when > LISTING_SECONDS:
            infos = [i for i in self.store.list() if i.autosave and not i.over and i.game_id]
            self._listing = (time.monotonic(), infos)
            for info in infos:  # a closed game's seats file says who holds its seats (the owner may edit it)
                if info.game_id in self.tables:
                    continue
                try:
                    self.held[info.game_id] = seats.read(info.path)
                    self.damaged.pop(info.game_id, None)
                except seats.SeatsDamaged as exc:
                    self.held.pop(info.game_id, None)
                    self.damaged[info.game_id] = str(exc)
        return infos

    def lobby(self, conn: Conn) -> Message:
        rows = []
        for table in self.tables.values():
            game = table.game
            state = "waiting" if game is None else "over" if game.over else "playing"
            turn = game.prompt.seat if game is not None and game.prompt is not None else -1
            rows.append({"table": table.id, "state": state, "round": table_view(game).round if game else 0,
                         "turn": turn, "watchers": sum(1 for c in self.conns if c.table == table.id),
                         **self._seats(table, conn)})
        for info in self._saved():
            if info.game_id in self.tables:
                continue
            holders = self.held.get(info.game_id, {})
            if info.game_id in self.damaged:  # nobody's to take until the owner sets them
                holders = {i: "?" for i in range(len(info.seats))}
            names = self._names()
            rows.append({"table": info.game_id, "state": "saved", "round": info.round, "turn": -1, "watchers": 0,
                         "seats": [{"seat": i, "name": plain(name), "kind": "", "online": False,
                                    "holder": plain(names.get(holders[i], "away")) if i in holders else ""}
                                   for i, (name, _company) in enumerate(info.seats)],
                         "you": sorted(s for s, h in holders.items() if h == conn.identity)})
        return {"t": "lobby", "tables": rows[:50]}
