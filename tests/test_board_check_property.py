"""Property: what ``board check`` accepts stays playable. Boards made from the shipped ones and the test boards
by random edits (numbers from below to beyond their bounds, at one place or everywhere; neutral dams on
other spaces; rivers and conduits re-routed; tiles added; spaces removed) are checked: the check never
fails with anything but a ``BoardProblem``, and each board it accepts plays a whole random game (random
seats, some of them Automas) with the invariants checked after every decision, whose save then loads back
to the same state. The normal suite tries a few boards; ``-m slow`` many."""

from __future__ import annotations

import random
import tempfile
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, Phase, event, example, given, settings
from hypothesis import strategies as st

import automa
from barrage_tui.rules import board_files
from barrage_tui.rules.boards import MAX_CONDUIT_VALUE, MAX_LAKE, MAX_RED, BoardProblem
from barrage_tui.rules.components import builtin_board_bytes, builtin_boards
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import Setup
from barrage_tui.rules.sim import automa_setup, play_random, random_setup
from saves import codec
from saves.files import loads_game

TESTS = Path(__file__).parent / "boards"
SOURCES = {**{b: builtin_board_bytes(b) for b in builtin_boards()},
           **{p.stem: p.read_bytes() for p in sorted(TESTS.glob("*.toml"))}}

# The numbers of a board: (the tables' path from the top, the key, the bounds the check allows)
NUMBERS = [
    (("valley", "conduit"), "value", (1, MAX_CONDUIT_VALUE)),
    (("valley", "dam"), "red", (0, MAX_RED)),
    (("valley", "powerhouse"), "red", (0, MAX_RED)),
    (("lake",), "capacity", (1, MAX_LAKE)),
    (("lake",), "drops", (0, MAX_LAKE)),
    (("neutral_dam",), "height", (1, 3)),
    (("neutral_dam",), "drops", (0, 3)),
    (("preparation_tile",), "neutral_dam", (0, 3)),
    (("preparation_tile",), "drops", (0, 3)),
]


def tables(raw: dict, path: tuple[str, ...]) -> list[dict]:
    """Every table at ``path`` (("valley", "dam"): every valley's dam tables)."""
    found = [raw]
    for key in path:
        found = [t for parent in found for t in parent.get(key, []) if isinstance(t, dict)]
    return found


def ids(raw: dict, path: tuple[str, ...]) -> list:
    return [t["id"] for t in tables(raw, path) if "id" in t]


def number(bounds: tuple[int, int]) -> st.SearchStrategy[int]:
    """Mostly within the bounds, sometimes just beyond them or far beyond."""
    low, high = bounds
    return st.one_of(st.integers(low, high), st.integers(low, high), st.sampled_from([low - 1, high + 1, 2 ** 63]))


@st.composite
def edit(draw, raw: dict) -> str:
    """One random edit of ``raw`` (in place); returns what it did, for the failure's report."""
    kind = draw(st.sampled_from(["number", "everywhere", "neutral dam", "another neutral dam", "river", "conduit",
                                 "tile", "remove", "neutral powerhouse"]))
    if kind in ("number", "everywhere"):
        path, key, bounds = draw(st.sampled_from([n for n in NUMBERS if tables(raw, n[0])]))
        value = draw(number(bounds))
        places = tables(raw, path)
        for t in places if kind == "everywhere" else [draw(st.sampled_from(places))]:
            t[key] = value
        return f"{'/'.join(path)}.{key} = {value} ({kind})"
    if kind == "neutral dam" and raw.get("neutral_dam") and ids(raw, ("valley", "dam")):
        rule = draw(st.sampled_from(raw["neutral_dam"]))
        space = draw(st.sampled_from(ids(raw, ("valley", "dam"))))
        rule["spaces"] = [*rule.get("spaces", []), space]
        return f"neutral dam {rule.get('area')} also on {space}"
    if kind == "another neutral dam" and raw.get("neutral_dam"):
        rule = dict(draw(st.sampled_from(raw["neutral_dam"])))  # setup may draw one of its spaces twice
        raw["neutral_dam"].append(rule)
        return f"a second neutral dam on {rule.get('spaces')}"
    valleys = [v["id"] for v in raw.get("valley", [])]
    if kind == "river":
        item = draw(st.sampled_from(raw.get("valley", []) + raw.get("headstream", []) + raw.get("lake", [])))
        to = draw(st.sampled_from(valleys + raw.get("exits", []) + ids(raw, ("lake",))))
        item["to"] = to
        return f"{item.get('id')} flows to {to}"
    if kind == "conduit" and tables(raw, ("valley", "conduit")):
        conduit = draw(st.sampled_from(tables(raw, ("valley", "conduit"))))
        conduit["to"] = draw(st.sampled_from(valleys))
        return f"conduit {conduit['id']} leads to {conduit['to']}"
    if kind == "tile":
        tile = draw(st.sampled_from([1, 2, 3, 4, 5, 6, 7, 8, 101, 201]))
        raw["headstream_tiles"] = [*raw.get("headstream_tiles", []), tile]
        return f"tile {tile} added"
    if kind == "neutral powerhouse" and tables(raw, ("valley", "powerhouse")):
        ph = draw(st.sampled_from(tables(raw, ("valley", "powerhouse"))))
        ph["neutral"] = not ph.get("neutral", False)
        return f"powerhouse {ph['id']} neutral: {ph['neutral']}"
    if kind == "remove":
        what = draw(st.sampled_from(["dam", "conduit", "powerhouse"]))
        valley = draw(st.sampled_from(raw.get("valley", [])))
        if valley.get(what):
            gone = valley[what].pop(draw(st.integers(0, len(valley[what]) - 1)))
            return f"{what} {gone.get('id')} removed"
    return "nothing"


@st.composite
def boards(draw) -> tuple[str, bytes, list[str]]:
    """(the board it comes from, the edited board's bytes, the edits)."""
    source = draw(st.sampled_from(sorted(SOURCES)))
    raw = tomllib.loads(SOURCES[source].decode())
    edits = [draw(edit(raw)) for _ in range(draw(st.integers(1, 3)))]
    return source, tomli_w.dumps(raw).encode(), edits


def at_the_bounds(source: str) -> tuple[str, bytes, list[str]]:
    """The board with its conduits, red fees, lakes and neutral dams at the top of their bounds."""
    raw = tomllib.loads(SOURCES[source].decode())
    tops = {"value": MAX_CONDUIT_VALUE, "red": MAX_RED, "capacity": MAX_LAKE, "height": 3}
    for path, key, _ in NUMBERS:
        for t in tables(raw, path):
            if key in tops:
                t[key] = tops[key]
            elif key == "drops" and path != ("preparation_tile",):
                t[key] = tops["capacity" if path == ("lake",) else "height"]
    return source, tomli_w.dumps(raw).encode(), ["every number at its top bound"]


def loads_back(game: Game) -> None:
    """A finished game's save loads (replayed, with the Automa's steps checked) to the same state. The save
    is made of the game as the app keeps it (with undo), replayed from its choices."""
    setup = game.setup
    kept = Game.replay(Setup(setup.seats, setup.introductory, setup.seed, setup.promo_officers,
                             dict(setup.options)), list(game.log))
    loaded = loads_game(codec.dumps(kept), "the game's save", attach=automa.attach)
    assert loaded.state == kept.state == game.state, "the save loads to another state"


def plays_whole_games(board: tuple[str, bytes, list[str]], seed: int, automas: int) -> None:
    source, data, edits = board
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.toml"
        path.write_bytes(data)
        try:
            accepted = board_files.load(str(path))
        except BoardProblem:
            event("refused")  # nothing to play (anything else raised is a failure of the check)
            return
        event("accepted")
        r = random.Random(seed)
        automas = min(automas, max(accepted.seats or (4,)))
        setup = automa_setup(r, automas, board=str(path)) if automas else random_setup(r, board=str(path))
        result = play_random(setup, r.randrange(2 ** 31), check=True, attach=automa.attach, watch=loads_back)
        assert not result.error and not result.violations, (source, edits, setup, result.error or result.violations)
        assert result.state is not None and result.state.phase == "over", (source, edits)


# No shrinking: each example is whole games, and a failure's report already names the board, its edits and
# the setup (hypothesis prints the example to replay).
SETTINGS = dict(deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(max_examples=4, **SETTINGS)
@given(boards(), st.integers(0, 2 ** 31), st.integers(0, 2))
@example(at_the_bounds("base"), 1, 1)
@example(at_the_bounds("small"), 2, 0)
def test_an_accepted_board_plays_whole_games(board, seed, automas):
    plays_whole_games(board, seed, automas)


@pytest.mark.slow
@settings(max_examples=200, **SETTINGS)
@given(boards(), st.integers(0, 2 ** 31), st.integers(0, 3))
def test_many_accepted_boards_play_whole_games(board, seed, automas):
    plays_whole_games(board, seed, automas)
