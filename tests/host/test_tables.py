"""The host's tables at the protocol level: who may decide, who is told what, seats kept across a drop."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import automa
import saves
from barrage_tui.host import protocol, seats
from barrage_tui.host import tables as tables_module
from barrage_tui.rules import Game

from .helpers import Clock, FakeConn, make_tables, started_table, two_and_automa

ROOT = Path(__file__).resolve().parents[2]


def replica(message: dict) -> Game:
    """What an app builds from a table message: the game from its save."""
    return saves.loads_game(message["save"], attach=automa.attach)


def follow(game: Game, conn: FakeConn, since: int) -> int:
    """Apply to ``game`` the keys and undos ``conn`` was sent after message ``since``; returns the new mark."""
    for m in conn.got[since:]:
        if m["t"] == "key":
            assert m["at"] == len(game.log)
            game.choose(m["key"])
        elif m["t"] == "undo":
            while len(game.log) > m["to"]:
                assert game.undo()
    return len(conn.got)


def decide(tables, conn, table_id, game) -> str:
    key = game.prompt.choices[0].key
    tables.handle(conn, {"op": "choose", "table": table_id, "key": key, "at": len(game.log)})
    return key


def test_two_players_each_take_a_turn_and_everyone_is_told(tmp_path):
    clock = Clock()
    tables = make_tables(tmp_path, clock)
    anna, ben, cleo = FakeConn("key:A", "anna"), FakeConn("key:B", "ben"), FakeConn("key:C", "cleo")
    table_id = started_table(tables, anna, ben)
    tables.connect(cleo)
    tables.handle(cleo, {"op": "watch", "table": table_id})
    host = tables.tables[table_id].game
    copies = {c: replica(c.last("table")) for c in (anna, ben, cleo)}
    marks = {c: len(c.got) for c in copies}
    assert [s["name"] for s in anna.last("table")["seats"]][:2] == ["Anna", "ben"]  # the joiner's name
    assert anna.last("table")["you"] == [0] and ben.last("table")["you"] == [1] and cleo.last("table")["you"] == []
    taken = {0: 0, 1: 0}
    for _ in range(40):  # the draft and round 1's first turns, the Automa's steps taken by the host
        clock.run()
        for c in copies:
            marks[c] = follow(copies[c], c, marks[c])
        prompt = host.prompt
        if prompt.kind != "automa":
            conn = anna if prompt.seat == 0 else ben
            decide(tables, conn, table_id, copies[conn])
            taken[prompt.seat] += 1
        for c in copies:
            marks[c] = follow(copies[c], c, marks[c])
            assert copies[c].state == host.state and copies[c].log == host.log
    assert taken[0] and taken[1]
    assert not [m for c in copies for m in c.got if m["t"] == "refused"]
    autosaved = saves.load_game(tables.store.autosave_path(host))
    assert autosaved.log == host.log


def test_a_decision_for_another_seat_is_refused_and_changes_nothing(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    table_id = started_table(tables, anna, ben)
    game = tables.tables[table_id].game
    deciding = ben if game.prompt.seat == 0 else anna  # the one whose decision it is not
    before, log, saved = game.state.copy(), list(game.log), tables.store.autosave_path(game).read_bytes()
    for key in game.prompt.keys():
        tables.handle(deciding, {"op": "choose", "table": table_id, "key": key, "at": len(game.log)})
    assert game.state == before and game.log == log
    assert tables.store.autosave_path(game).read_bytes() == saved
    refused = deciding.all("refused")
    assert len(refused) == len(game.prompt.keys()) and "not yours" in refused[0]["text"]
    assert not anna.all("key") and not ben.all("key")


def test_a_watcher_an_outdated_copy_and_an_illegal_key_are_refused(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben, cleo = FakeConn("key:A", "anna"), FakeConn("key:B", "ben"), FakeConn("key:C", "cleo")
    table_id = started_table(tables, anna, ben)
    tables.connect(cleo)
    tables.handle(cleo, {"op": "watch", "table": table_id})
    game = tables.tables[table_id].game
    owner = anna if game.prompt.seat == 0 else ben
    key = game.prompt.choices[0].key
    tables.handle(cleo, {"op": "choose", "table": table_id, "key": key, "at": len(game.log)})
    tables.handle(owner, {"op": "choose", "table": table_id, "key": key, "at": len(game.log) + 1})
    tables.handle(owner, {"op": "choose", "table": table_id, "key": "space:nowhere", "at": len(game.log)})
    assert game.log == [] and len(cleo.all("refused")) == 1 and len(owner.all("refused")) == 2
    assert "taken already" in owner.all("refused")[0]["text"]
    assert "not a legal choice" in owner.all("refused")[1]["text"]


def test_a_dropped_player_keeps_the_seat_and_takes_it_back_with_the_same_identity(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    table_id = started_table(tables, anna, ben)
    game = tables.tables[table_id].game
    first = anna if game.prompt.seat == 0 else ben
    decide(tables, first, table_id, replica(first.last("table")))
    tables.disconnect(first)  # the link is cut mid-game
    log = list(game.log)
    intruder = FakeConn("key:X", first.name)  # the same name, another key
    tables.connect(intruder)
    tables.handle(intruder, {"op": "join", "table": table_id, "seats": [0 if first is anna else 1]})
    assert "taken" in intruder.last("refused")["text"]
    assert ben.last("seats") is not None or anna.last("seats") is not None  # the others see the seat away
    back = FakeConn(first.identity, first.name)
    tables.connect(back)  # straight back at the table, with every decision
    again = replica(back.last("table"))
    assert again.log == log and again.state == game.state
    assert back.last("table")["you"] == [0 if first is anna else 1]


def test_undo_takes_back_only_ones_own_choice_and_tells_the_table(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    table_id = started_table(tables, anna, ben)
    game = tables.tables[table_id].game
    while not game.can_undo or game.prompt.kind == "automa":  # until a turn has a choice to take back
        seat = game.prompt.seat
        if game.prompt.kind == "automa":
            tables._apply(tables.tables[table_id], game.prompt.choices[0].key, seat)
            continue
        decide(tables, anna if seat == 0 else ben, table_id, game)
    owner = anna if game.prompt.seat == 0 else ben
    other = ben if owner is anna else anna
    n = len(game.log)
    tables.handle(other, {"op": "undo", "table": table_id, "at": n, "back": False})
    assert len(game.log) == n and "nothing of yours" in other.last("refused")["text"]
    tables.handle(owner, {"op": "undo", "table": table_id, "at": n, "back": False})
    assert len(game.log) == n - 1 and other.last("undo") == {"t": "undo", "table": table_id, "to": n - 1}


def test_the_host_takes_the_automas_steps(tmp_path):
    clock = Clock()
    tables = make_tables(tmp_path, clock)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    table_id = started_table(tables, anna, ben)
    game = tables.tables[table_id].game
    steps = 0
    while steps == 0:
        if game.prompt.kind == "automa":
            assert clock.waiting  # scheduled, not taken at once: the players see the Automa's turn first
            steps = clock.run()
        else:
            decide(tables, anna if game.prompt.seat == 0 else ben, table_id, game)
    automa_keys = [m for m in anna.all("key") if m["key"].startswith("flip")]
    assert automa_keys, "the Automa's step was sent to the players"


def test_a_saved_game_is_a_table_locked_while_open_and_let_go_when_left(tmp_path):
    store = saves.SaveStore(tmp_path / "saves")
    game = Game.new(saves.loads_game(_fresh_save()).setup)
    game.choose(game.prompt.choices[0].key)
    store.autosave(game)
    tables = make_tables(tmp_path)
    anna = FakeConn("key:A", "anna")
    tables.connect(anna)
    listed = anna.last("lobby")["tables"]
    assert [(t["table"], t["state"]) for t in listed] == [(saves.game_id(game), "saved")]
    tables.handle(anna, {"op": "join", "table": saves.game_id(game), "seats": [0, 1]})
    assert replica(anna.last("table")).log == game.log
    assert store.holder(game) is not None  # locked by the host
    tables.handle(anna, {"op": "leave"})
    assert store.holder(game) is None
    assert anna.last("lobby")["tables"][0]["you"] == [0, 1]  # still hers


HOLDER = """
import sys, time
import saves
store = saves.SaveStore(sys.argv[1])
game = saves.load_game(sys.argv[2])
lock = store.claim(game)
print("holding", flush=True)
time.sleep(60)
"""


def test_a_game_another_process_plays_is_refused_with_the_reason(tmp_path):
    store = saves.SaveStore(tmp_path / "saves")
    game = Game.new(saves.loads_game(_fresh_save()).setup)
    path = store.autosave(game)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(store.directory), str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().strip() == b"holding", proc.stderr.read().decode()
        tables = make_tables(tmp_path)
        anna = FakeConn("key:A", "anna")
        tables.connect(anna)
        tables.handle(anna, {"op": "join", "table": saves.game_id(game), "seats": [0]})
        assert "open in another barrage-tui" in anna.last("refused")["text"]
        assert not tables.tables and path.read_bytes() == store.autosave_path(game).read_bytes()
    finally:
        proc.kill()
        proc.wait()


def _fresh_save() -> str:
    from barrage_tui.rules import SeatSetup, Setup

    return saves.codec.dumps(Game.new(Setup(seats=(SeatSetup("Anna"), SeatSetup("Ben")), seed=9)))


def test_names_from_the_network_are_plain_text(tmp_path):
    tables = make_tables(tmp_path)
    mallory = FakeConn("key:M", "m")
    tables.connect(mallory)
    tables.handle(mallory, {"op": "name", "name": "\x1b[2J[b]Boss[/b]\u202e"})
    assert mallory.last("hello")["name"] == "\\x1b(2J(b)Boss(/b)\\u202e"[:20]
    setup = protocol.setup_to_wire(saves.loads_game(_fresh_save()).setup)
    setup["seats"][1]["name"] = "[link=http://x]me\n"
    tables.handle(mallory, {"op": "new", "setup": setup, "mine": [0, 1]})
    game = next(iter(tables.tables.values())).game
    assert game.state.companies[1].player == "(link=http://x)me\\n"


def test_malformed_requests_get_one_plain_refusal_each(tmp_path):
    tables = make_tables(tmp_path)
    conn = FakeConn("key:A", "anna")
    tables.connect(conn)
    bad = [{"op": "rm -rf"}, {"op": "join", "table": "x"}, {"op": "join", "table": "x", "seats": [9]},
           {"op": "choose", "table": "x", "key": "k", "at": True}, {"op": "lobby", "extra": 1},
           {"op": "new", "setup": {"seats": []}, "mine": [0]}, {"op": "join", "table": "nope", "seats": [0]},
           {"op": "watch", "table": "\x1b]0;title\x07"}]
    for message in bad:
        tables.handle(conn, message)
    refused = conn.all("refused")
    assert len(refused) == len(bad)
    assert all("\x1b" not in m["text"] and "\n" not in m["text"] for m in refused)
    lines = protocol.Lines(protocol.MAX_REQUEST)
    try:
        lines.feed(b"x" * (protocol.MAX_REQUEST + 1))
    except protocol.ProtocolError as exc:
        assert "longer" in str(exc)
    else:
        raise AssertionError("an endless line was buffered")


def test_a_flood_of_requests_is_cut_off(tmp_path, monkeypatch):
    from barrage_tui.host import tables as module

    monkeypatch.setattr(module.time, "monotonic", lambda: 1000.0)  # no time passes: no token comes back
    tables = make_tables(tmp_path)
    conn = FakeConn("key:A", "anna")
    tables.connect(conn)
    for _ in range(200):
        tables.handle(conn, {"op": "lobby"})
    assert len(conn.all("refused")) == 200 - module.BURST and "slow down" in conn.all("refused")[0]["text"]


def test_a_player_alone_at_a_table_who_drops_comes_straight_back(tmp_path):
    tables = make_tables(tmp_path)
    anna = FakeConn("key:A", "anna")
    tables.connect(anna)
    tables.handle(anna, {"op": "new", "setup": protocol.setup_to_wire(saves.loads_game(_fresh_save()).setup),
                         "mine": [0, 1]})
    table_id = anna.last("table")["table"]
    game = tables.tables[table_id].game
    tables.handle(anna, {"op": "choose", "table": table_id, "key": game.prompt.choices[0].key, "at": 0})
    tables.disconnect(anna)
    assert not tables.tables  # nobody at it: closed, its lock let go
    back = FakeConn("key:A", "anna")
    tables.connect(back)  # at once: the folder is read anew, the game found again
    assert back.last("table")["table"] == table_id and replica(back.last("table")).log == game.log


# ------------------------------------------------------------------ seats that belong to their players


def restarted(tmp_path, clock: Clock | None = None):
    """A new Tables on the same save folder: the host after a restart (nothing kept in memory)."""
    return make_tables(tmp_path, clock)


def test_after_a_restart_a_seat_goes_back_to_its_holder_only(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    table_id = started_table(tables, anna, ben)
    store = tables.store
    game = tables.tables[table_id].game
    tables.close()  # the host stops
    tables = restarted(tmp_path)
    cleo = FakeConn("key:C", "cleo")
    tables.connect(cleo)
    assert cleo.table is None  # a stranger to the table: the lobby
    tables.handle(cleo, {"op": "join", "table": table_id, "seats": [0]})
    assert "seat 1 is taken" in cleo.last("refused")["text"]
    assert table_id not in tables.tables and store.holder(game) is None  # the refused request let the game go
    anna = FakeConn("key:A", "anna")
    tables.connect(anna)
    assert anna.table == table_id and anna.last("table")["you"] == [0]  # straight back at her seat


def test_a_player_gives_a_seat_up_and_another_takes_it(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben, cleo = FakeConn("key:A", "anna"), FakeConn("key:B", "ben"), FakeConn("key:C", "cleo")
    table_id = started_table(tables, anna, ben)
    tables.connect(cleo)
    tables.handle(cleo, {"op": "release", "table": table_id, "seats": [1]})  # not hers to give
    assert "only seats you hold" in cleo.last("refused")["text"]
    tables.handle(ben, {"op": "release", "table": table_id, "seats": []})
    assert ben.last("notice")["text"] == "You gave up your seat."
    assert 1 not in tables.tables[table_id].holders
    assert seats.read(tables.store.autosave_path(tables.tables[table_id].game)) == {0: "key:A"}
    tables.handle(cleo, {"op": "join", "table": table_id, "seats": [1]})
    assert cleo.table == table_id and cleo.last("table")["you"] == [1]
    tables.close()
    tables = restarted(tmp_path)  # the seat is cleo's now, after a restart too
    tables.connect(ben)
    tables.handle(ben, {"op": "join", "table": table_id, "seats": [1]})
    assert "seat 2 is taken" in ben.last("refused")["text"]


def test_a_damaged_seats_file_lets_nobody_sit_until_the_owner_sets_it(tmp_path):
    tables = make_tables(tmp_path)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    table_id = started_table(tables, anna, ben)
    path = seats.seats_path(tables.store.autosave_path(tables.tables[table_id].game))
    tables.close()
    path.write_text("[holders\n")
    tables = restarted(tmp_path)
    cleo = FakeConn("key:C", "cleo")
    tables.connect(cleo)
    listed = next(t for t in cleo.last("lobby")["tables"] if t["table"] == table_id)
    assert all(s["holder"] for s in listed["seats"])  # no seat offered as open
    tables.handle(cleo, {"op": "join", "table": table_id, "seats": [0]})
    assert "seats file is damaged" in cleo.last("refused")["text"] and table_id not in tables.tables


def test_a_table_is_set_up_with_the_modules_and_the_board_asked_for(tmp_path):
    from barrage_tui.rules import SeatSetup, Setup

    tables = make_tables(tmp_path)
    anna = FakeConn("key:A", "anna")
    tables.connect(anna)
    setup = Setup(seats=(SeatSetup("anna"), SeatSetup("Automa", kind="automa", difficulty="medium")), seed=4,
                  options={"modules": ["overseas"], "board": "yellow-river"})
    tables.handle(anna, {"op": "new", "setup": protocol.setup_to_wire(setup), "mine": [0]})
    game = replica(anna.last("table"))
    assert game.setup.options["modules"] == ["overseas"] and game.setup.options["board"] == "yellow-river"
    wire = protocol.setup_to_wire(setup)
    for board in ("/etc/passwd", "../saves/x", "no-such-board"):  # only the host's shipped boards
        tables.handle(anna, {"op": "new", "setup": {**wire, "board": board}, "mine": [0]})
        assert "has no board" in anna.last("refused")["text"]


def test_a_module_not_offered_is_refused_at_a_new_table(tmp_path, monkeypatch):
    """A module still being built (modules.toml offered = false: the rules know it, players are not offered it)
    cannot be asked for by a client either; the Leeghwater Project stands in for one here."""
    from barrage_tui import rules
    from barrage_tui.rules import SeatSetup, Setup

    offered = {m: f for m, f in rules.known_modules().items() if m != "leeghwater"}
    monkeypatch.setattr(rules, "known_modules", lambda: offered)
    tables = make_tables(tmp_path)
    anna = FakeConn("key:A", "anna")
    tables.connect(anna)
    setup = Setup(seats=(SeatSetup("anna"), SeatSetup("ben")), seed=4, options={"modules": ["leeghwater"]})
    tables.handle(anna, {"op": "new", "setup": protocol.setup_to_wire(setup), "mine": [0]})
    assert "offers no module 'leeghwater'" in anna.last("refused")["text"] and not tables.tables


def test_a_table_of_five_on_the_five_map_keeps_its_fifth_seat(tmp_path):
    from barrage_tui.rules import SeatSetup, Setup

    tables = make_tables(tmp_path)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    for conn in (anna, ben):
        tables.connect(conn)
    setup = Setup(seats=(SeatSetup("anna"),) + tuple(SeatSetup(f"A{i}", kind="automa", difficulty="easy")
                                                      for i in range(2, 5)) + (SeatSetup("ben"),),
                  seed=4, options={"modules": ["overseas"], "board": "five"})
    tables.handle(anna, {"op": "new", "setup": protocol.setup_to_wire(setup), "mine": [0]})
    assert anna.last("refused") is None
    table_id = anna.last("lobby")["tables"][0]["table"]
    tables.handle(ben, {"op": "join", "table": table_id, "seats": [4]})
    game = tables.tables[table_id].game
    assert game.state.seats == 5
    assert seats.read(tables.store.autosave_path(game)) == {0: "key:A", 4: "key:B"}


def test_a_waiting_table_frees_after_its_creator_left(tmp_path):
    clock = Clock()
    tables = make_tables(tmp_path, clock)
    anna, ben = FakeConn("key:A", "anna"), FakeConn("key:B", "ben")
    for conn in (anna, ben):
        tables.connect(conn)
    tables.handle(anna, {"op": "new", "setup": two_and_automa(), "mine": [0]})
    tables.handle(anna, {"op": "new", "setup": two_and_automa(), "mine": [0]})
    assert len(tables.tables) == 2
    tables.disconnect(anna)
    again = FakeConn("key:A", "anna")
    tables.connect(again)  # back in time: the tables wait on
    clock.run()
    assert len(tables.tables) == 2
    tables.disconnect(again)
    clock.run()  # (the waiting time passed)
    assert not tables.tables and not [t for t in ben.last("lobby")["tables"] if t["state"] == "waiting"]


def test_names_leave_a_reserve_of_tables_for_keys(tmp_path, monkeypatch):
    monkeypatch.setattr(tables_module, "MAX_WAITING_PER_PLAYER", 100)
    tables = make_tables(tmp_path)
    stranger, anna = FakeConn("name:mallory", "mallory"), FakeConn("key:A", "anna")
    for conn in (stranger, anna):
        tables.connect(conn)
    for _ in range(tables_module.MAX_TABLES):
        tables.handle(stranger, {"op": "new", "setup": two_and_automa(), "mine": [0]})
    assert len(tables.tables) == tables_module.MAX_TABLES - tables_module.RESERVE_TABLES
    assert "as many tables as it takes" in stranger.last("refused")["text"]
    tables.handle(anna, {"op": "new", "setup": two_and_automa(), "mine": [0]})
    assert len(tables.tables) == tables_module.MAX_TABLES - tables_module.RESERVE_TABLES + 1


def test_without_keys_to_keep_them_for_names_get_every_table(tmp_path, monkeypatch):
    monkeypatch.setattr(tables_module, "MAX_WAITING_PER_PLAYER", 100)
    tables = make_tables(tmp_path)
    tables.reserve = 0  # (what an --open host without an authorized keys file sets)
    stranger = FakeConn("name:mallory", "mallory")
    tables.connect(stranger)
    for _ in range(tables_module.MAX_TABLES + 1):
        tables.handle(stranger, {"op": "new", "setup": two_and_automa(), "mine": [0]})
    assert len(tables.tables) == tables_module.MAX_TABLES
