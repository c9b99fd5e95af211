"""Tables driven at the protocol level: fake connections that keep what they are sent."""

from __future__ import annotations

from barrage_tui.host.protocol import setup_to_wire
from barrage_tui.host.tables import Conn, Tables
from barrage_tui.rules import SeatSetup, Setup
from saves import SaveStore


class FakeConn(Conn):
    def __init__(self, identity: str, name: str) -> None:
        super().__init__(identity, name, self._keep)
        self.got: list[dict] = []

    def _keep(self, message: dict) -> None:
        self.got.append(message)

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.got) if m["t"] == kind), None)

    def all(self, kind: str) -> list[dict]:
        return [m for m in self.got if m["t"] == kind]


class Clock:
    """``later`` for the tables: the Automa's steps wait here until ``run`` (no real time passes)."""

    def __init__(self) -> None:
        self.waiting: list = []

    def later(self, delay, fn):
        entry = _Timer(fn)
        self.waiting.append(entry)
        return entry

    def run(self) -> int:
        n = 0
        while self.waiting:
            entry = self.waiting.pop(0)
            if not entry.cancelled:
                entry.fn()
                n += 1
        return n


class _Timer:
    def __init__(self, fn) -> None:
        self.fn, self.cancelled = fn, False

    def cancel(self) -> None:
        self.cancelled = True


def make_tables(tmp_path, clock: Clock | None = None) -> Tables:
    clock = clock or Clock()
    return Tables(SaveStore(tmp_path / "saves"), automa_delay=0, later=clock.later)


def two_and_automa(seed: int = 3) -> dict:
    """A full game: two people (seats 0 and 1 in picking order) and a medium Automa."""
    return setup_to_wire(Setup(seats=(SeatSetup("Anna"), SeatSetup("Ben"),
                                      SeatSetup("Automa", kind="automa", difficulty="medium")), seed=seed))


def started_table(tables: Tables, anna: FakeConn, ben: FakeConn, seed: int = 3) -> str:
    """Anna opens a table at seat 0, Ben joins seat 1: the game starts. Returns the table's id."""
    tables.connect(anna)
    tables.connect(ben)
    tables.handle(anna, {"op": "new", "setup": two_and_automa(seed), "mine": [0]})
    table_id = anna.last("lobby")["tables"][0]["table"]
    tables.handle(ben, {"op": "join", "table": table_id, "seats": [1]})
    return table_id
