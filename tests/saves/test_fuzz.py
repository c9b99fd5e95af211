"""Seeded mutation fuzzing: over a thousand mutated, truncated and foreign files, each one is either loaded
correctly or refused with one plain line naming the file — never a traceback — and no file is changed.

"Loaded correctly" means: the loaded game passes the rules' invariants (the loader checks them), and
saving it and loading it again gives the same game.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tomli_w
import tomllib

from barrage_tui.rules.game import Game
from saves import SaveError, load_game, save_game

from .helpers import HANDMADE, game_at, keys_of, random_game_log

ROOT = Path(__file__).resolve().parents[2]
CASES = 1200
NUMBERS = ["0", "1", "-1", "-2", "2", "3", "5", "7", "12", "99", "2147483648", "123456789012345678901234",
           "1.5", "true", '"3"', "[]", "{}"]
STRINGS = ['""', '"x"', '"usa"', '"germany"', '"wilhelm"', '"none"', '"automa"', '"actions"', '"over"',
           '"pick"', '"place:bank-b"', '"pass"', '"B1L"', '"C5R"', '"P5_0"', '"L1_BASE"', '"1"', "7", "true",
           "[]", '"\\u0000"', '"\\n"']
GARBAGE = ["foo = 1", "[state.extra]", "x", "[[state.companies]]", '"', "\x00", "[log]", "[setup]",
           "version = 2", "state = 3", "]", "}", "= 1", "[state]", "choices = 1", 'tail = ["pass"]']


# ------------------------------------------------------------------------------------------ the corpus

def base_files(tmp: Path) -> dict[str, bytes]:
    files = {}
    for name, (seed, players, intro, n) in {
        "full2": (2, 2, False, 14), "intro1": (8, 1, True, 20), "full4": (4, 4, False, 30),
        "full3-late": (3, 3, False, 110),
    }.items():
        setup, keys = random_game_log(seed, players, intro)
        path = tmp / f"{name}.toml"
        save_game(game_at(setup, keys, min(n, len(keys))), path)
        files[name] = path.read_bytes()
    setup, keys = random_game_log(5, 2, True)
    path = tmp / "finished.toml"
    save_game(game_at(setup, keys, len(keys)), path)
    files["finished"] = path.read_bytes()
    files["handmade"] = HANDMADE.read_bytes()
    return files


def foreign_files() -> list[bytes]:
    r = random.Random(99)
    out = [b"", b"   \n\n", b"{}", b'{"format": "barrage-tui", "version": 1}', b"format = 'barrage-tui'\n",
           b"format = 'barrage-tui'\nversion = 1\n", b"a = " + b"[" * 3000 + b"]" * 3000 + b"\n",
           b"a = " + b"{ b = " * 500 + b"1" + b" }" * 500 + b"\n"]
    for f in sorted((ROOT / "barrage_tui" / "rules" / "data").glob("*.toml")):
        out.append(f.read_bytes())
    for f in ("README.md", "pyproject.toml"):
        out.append((ROOT / f).read_bytes())
    for n in (1, 7, 100, 5000):
        out.append(bytes(r.randrange(256) for _ in range(n)))
        out.append("".join(chr(r.randrange(32, 127)) for _ in range(n)).encode())
    for _ in range(10):  # random TOML documents
        out.append(tomli_w.dumps(random_table(r, 3)).encode())
    return out


def random_table(r: random.Random, depth: int) -> dict:
    keys = ["format", "version", "setup", "state", "log", "origin", "seats", "round", "companies", "x", "tail"]
    table = {}
    for _ in range(r.randrange(1, 6)):
        k = r.choice(keys)
        kind = r.randrange(5 if depth else 3)
        table[k] = (r.randrange(-3, 10) if kind == 0 else r.choice(["barrage-tui", "", "x"]) if kind == 1
                    else r.random() < 0.5 if kind == 2 else [r.randrange(5) for _ in range(r.randrange(4))]
                    if kind == 3 else random_table(r, depth - 1))
    return table


# ------------------------------------------------------------------------------------------ mutations

def lines_of(text: str) -> list[str]:
    return text.split("\n")


def m_truncate_bytes(r, data: bytes) -> bytes:
    return data[: r.randrange(len(data))]


def m_truncate_lines(r, data: bytes) -> bytes:
    lines = data.split(b"\n")
    return b"\n".join(lines[: r.randrange(len(lines))]) + b"\n"


def m_delete_line(r, data: bytes) -> bytes:
    lines = data.split(b"\n")
    del lines[r.randrange(len(lines))]
    return b"\n".join(lines)


def m_duplicate_line(r, data: bytes) -> bytes:
    lines = data.split(b"\n")
    i = r.randrange(len(lines))
    lines.insert(r.randrange(len(lines)), lines[i])
    return b"\n".join(lines)


def m_swap_lines(r, data: bytes) -> bytes:
    lines = data.split(b"\n")
    i, j = r.randrange(len(lines)), r.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def m_number(r, data: bytes) -> bytes:
    text = data.decode()
    spots = [m.span() for m in re.finditer(r"(?<![\w\"-])-?\d+(?![\w\"])", text)]
    if not spots:
        return data
    a, b = r.choice(spots)
    value = r.choice(NUMBERS) if r.random() < 0.6 else str(int(text[a:b]) + r.choice((-1, 1)))
    return (text[:a] + value + text[b:]).encode()


def m_string(r, data: bytes) -> bytes:
    text = data.decode()
    spots = [m.span() for m in re.finditer(r'"[^"\n]*"', text)]
    if not spots:
        return data
    a, b = r.choice(spots)
    if r.random() < 0.5:
        value = r.choice(STRINGS)
    else:  # change one character inside the string
        s = list(text[a + 1: b - 1]) or ["a"]
        s[r.randrange(len(s))] = r.choice("abcxyz019_-:")
        value = '"' + "".join(s) + '"'
    return (text[:a] + value + text[b:]).encode()


def m_bytes(r, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(r.randrange(1, 5)):
        if out:
            out[r.randrange(len(out))] = r.randrange(256)
    return bytes(out)


def m_garbage_line(r, data: bytes) -> bytes:
    lines = data.split(b"\n")
    lines.insert(r.randrange(len(lines) + 1), r.choice(GARBAGE).encode())
    return b"\n".join(lines)


def m_structured(r, data: bytes) -> bytes:
    """Parse, change one value deep inside (type, value, removal, addition), write back with tomli-w."""
    doc = tomllib.loads(data.decode())
    path = []
    node = doc
    while isinstance(node, (dict, list)) and node and (not path or r.random() < 0.85):
        key = r.choice(list(node)) if isinstance(node, dict) else r.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return data
    parent, key = path[-1]
    old = parent[key]
    action = r.randrange(6)
    if action == 0 and isinstance(parent, dict):
        del parent[key]
    elif action == 1 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + r.choice((-3, -1, 1, 2, 5))
    elif action == 2:
        parent[key] = r.choice([0, -1, -2, 1, 3, 99, "", "x", "none", True, [], {}, [0], ["base"], {"a": 1}])
    elif action == 3 and isinstance(old, list):
        if old and r.random() < 0.5:
            old.pop(r.randrange(len(old)))
        else:
            old.append(old[0] if old else r.choice([0, "x", 1]))
    elif action == 4 and isinstance(parent, dict):
        parent[r.choice(["extra", "seat", "vp", "phase", str(key) + "_"])] = r.choice([1, "x", []])
    elif isinstance(old, str):
        parent[key] = r.choice(["usa", "italy", "jill", "pass", "B1L", "L1_BASE", "actions", "over", old + "x"])
    else:
        parent[key] = r.choice([True, False, 0, 1, "1"])
    return tomli_w.dumps(doc).encode()


TEXT_MUTATIONS = [m_truncate_bytes, m_truncate_lines, m_delete_line, m_duplicate_line, m_swap_lines, m_number,
                  m_string, m_bytes, m_garbage_line]


def mutate(r: random.Random, data: bytes) -> bytes:
    for _ in range(1 if r.random() < 0.8 else r.randrange(2, 4)):
        if r.random() < 0.35:
            try:
                data = m_structured(r, data)
                continue
            except (UnicodeDecodeError, tomllib.TOMLDecodeError):
                pass
        mutator = r.choice(TEXT_MUTATIONS)
        try:
            data = mutator(r, data)
        except UnicodeDecodeError:
            data = m_bytes(r, data)
    return data


# ------------------------------------------------------------------------------------------ the test

def check_one(path: Path, data: bytes, roundtrip_dir: Path) -> str:
    """'loaded' or 'refused'; raises AssertionError on a wrong outcome."""
    path.write_bytes(data)
    try:
        game = load_game(path)
    except SaveError as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith(f"{path}: ") and len(message) > len(str(path)) + 5, message
        outcome = "refused"
    else:
        assert isinstance(game, Game)
        again = save_game(game, roundtrip_dir / "again.toml")
        reloaded = load_game(again)
        assert reloaded.state == game.state and keys_of(reloaded) == keys_of(game) and reloaded.log == game.log
        outcome = "loaded"
    assert path.read_bytes() == data, "a load changed the file"
    return outcome


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> dict[str, bytes]:
    return base_files(tmp_path_factory.mktemp("base"))


def test_fuzz_mutated_truncated_and_foreign_files(tmp_path, base):
    names = sorted(base)
    weights = {"finished": 0.3, "full3-late": 0.5}
    r = random.Random(20240611)
    inputs: list[tuple[str, bytes]] = [(f"foreign{i}", data) for i, data in enumerate(foreign_files())]
    inputs += [("crlf", base["full2"].replace(b"\n", b"\r\n")), ("bom", b"\xef\xbb\xbf" + base["handmade"]),
               ("utf16", base["handmade"].decode().encode("utf-16"))]
    while len(inputs) < CASES:
        name = r.choices(names, [weights.get(n, 1.0) for n in names])[0]
        inputs.append((f"{name}#{len(inputs)}", mutate(r, base[name])))
    work = tmp_path / "work"
    work.mkdir()
    outcomes = {"loaded": 0, "refused": 0}
    start = time.perf_counter()
    for i, (label, data) in enumerate(inputs):
        path = work / f"case{i}.toml"
        try:
            outcomes[check_one(path, data, tmp_path)] += 1
        except AssertionError as exc:
            pytest.fail(f"case {i} ({label}): {exc}")
        except Exception as exc:  # anything else is a traceback a player would have seen
            pytest.fail(f"case {i} ({label}): {type(exc).__name__}: {exc}")
        path.unlink()
    elapsed = time.perf_counter() - start
    assert len(inputs) >= 1000
    assert outcomes["loaded"] >= 20 and outcomes["refused"] >= 500, outcomes
    print(f"fuzz: {len(inputs)} files, {outcomes}, {elapsed:.1f} s")


def test_the_command_line_never_shows_a_traceback(tmp_path, base):
    r = random.Random(7)
    for i in range(6):
        path = tmp_path / f"cli{i}.toml"
        data = mutate(r, base["full2"]) if i else b"\x00\x01garbage"
        path.write_bytes(data)
        proc = subprocess.run([sys.executable, "-m", "barrage_tui", "inspect", str(path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
        if proc.returncode:
            assert proc.returncode == 1 and proc.stderr.count("\n") == 1 and proc.stderr.startswith(str(path))
        assert path.read_bytes() == data
