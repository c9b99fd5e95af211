"""Bad files are refused with one plain line naming the file and the problem, and are never changed."""

from __future__ import annotations

import re

import pytest

from barrage_tui.cli import main
from barrage_tui.rules.components import components
from saves import SaveError, load_game, save_game

from .helpers import HANDMADE, game_at, random_game_log


@pytest.fixture(scope="module")
def saved_text(tmp_path_factory) -> str:
    """A mid-game save of a 3-player full game."""
    setup, keys = random_game_log(3, 3, False)
    game = game_at(setup, keys, 60)
    path = tmp_path_factory.mktemp("good") / "good.toml"
    save_game(game, path)
    return path.read_text()


def refused(tmp_path, content: str | bytes, name: str = "bad.toml") -> str:
    path = tmp_path / name
    data = content.encode() if isinstance(content, str) else content
    path.write_bytes(data)
    before = path.stat()
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    assert path.read_bytes() == data  # a failed load never changes the file
    assert path.stat().st_mtime_ns == before.st_mtime_ns
    return message


def test_not_toml(tmp_path):
    assert "not valid TOML" in refused(tmp_path, "this is = = not toml\n")


def test_not_text(tmp_path):
    assert "not a text file" in refused(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")


def test_empty(tmp_path):
    assert "is empty" in refused(tmp_path, b"")


def test_foreign_toml(tmp_path):
    assert "not a barrage-tui save" in refused(tmp_path, '[project]\nname = "x"\n')
    assert "not a barrage-tui save (format = 'other')" in refused(tmp_path, 'format = "other"\n')


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, 0.999])
def test_truncated(tmp_path, saved_text, cut):
    text = saved_text[: int(len(saved_text) * cut)]
    assert "truncated" in refused(tmp_path, text)


def test_truncated_at_a_line_end(tmp_path, saved_text):
    text = saved_text[: saved_text.index("\n[[state.companies]]") + 1]
    assert "truncated: the [log] table is missing" in refused(tmp_path, text)


def test_missing_field_names_its_path(tmp_path):
    text = HANDMADE.read_text().replace("vp = 17\n", "")
    assert refused(tmp_path, text).endswith("field state.companies[1].vp is missing")


def test_wrong_type_names_its_path(tmp_path):
    text = HANDMADE.read_text().replace("vp = 17\n", 'vp = "17"\n')
    assert refused(tmp_path, text).endswith("state.companies[1].vp: expected an integer, found a string ('17')")
    text = HANDMADE.read_text().replace("B6U = { owner = 1,", "B6U = { owner = true,")
    assert "state.dams.B6U.owner: expected an integer, found a boolean" in refused(tmp_path, text)


def test_unknown_field(tmp_path):
    text = HANDMADE.read_text().replace("vp = 17\n", "vp = 17\nvictory = 3\n")
    assert "state.companies[1].victory: unknown field" in refused(tmp_path, text)


def test_unknown_component(tmp_path):
    text = HANDMADE.read_text().replace("contracts = [3, 302]", "contracts = [3, 999]")
    assert "state.companies[1].contracts[1]: unknown contract 999" in refused(tmp_path, text)
    text = HANDMADE.read_text().replace('B6U = {', 'B66U = {')
    assert "state.dams.B66U: unknown dam space 'B66U'" in refused(tmp_path, text)


def test_a_position_that_breaks_a_rule(tmp_path):
    text = HANDMADE.read_text().replace("B3L = { owner = 0, height = 2, drops = 2 }",
                                        "B3L = { owner = 0, height = 2, drops = 2 }\nB4L = { owner = 0, height = 1 }\n"
                                        "B5L = { owner = 0, height = 1 }\nB7L = { owner = 0, height = 1 }\n"
                                        "B8L = { owner = 0, height = 1 }\nB10L = { owner = 0, height = 1 }")
    assert "state.companies[0].pieces.base: -1 is out of range" in refused(tmp_path, text)
    text = HANDMADE.read_text().replace("B6U = { owner = 1, height = 1, drops = 1 }",
                                        "B6U = { owner = 1, height = 1, drops = 3 }")
    assert "the position breaks the rules: water: B6U holds 3 drops" in refused(tmp_path, text)


def test_unknown_and_newer_versions(tmp_path, saved_text):
    assert "unknown format version 0" in refused(tmp_path, saved_text.replace("version = 4\n", "version = 0\n"))
    msg = refused(tmp_path, saved_text.replace("version = 4\n", "version = 7\n"))
    assert "format version 7 is newer than this barrage-tui reads (4)" in msg
    assert "version: expected an integer" in refused(tmp_path, saved_text.replace("version = 4\n", 'version = "4"\n'))


def test_snapshot_that_does_not_match_its_log(tmp_path, saved_text):
    text = re.sub(r"(\[\[state\.companies\]\]\nseat = 0\n(?:.*\n)*?vp = )(\d+)",
                  lambda m: m.group(1) + str(int(m.group(2)) + 5), saved_text, count=1)
    msg = refused(tmp_path, text)
    assert "the snapshot does not match its log: state.companies[0].vp is" in msg


def test_illegal_choice_in_the_log(tmp_path, saved_text):
    lines = saved_text.split("\n")
    start = lines.index("history = [")
    lines[start + 5] = '    "place:nowhere",'
    msg = refused(tmp_path, "\n".join(lines))
    assert "log.history[4]: illegal choice 'place:nowhere'" in msg


def test_header_count_disagrees_with_the_log(tmp_path, saved_text):
    text = re.sub(r"^choices = (\d+)$", lambda m: f"choices = {int(m.group(1)) + 1}", saved_text, flags=re.M)
    assert "truncated or edited: log.history has" in refused(tmp_path, text)


def test_missing_or_unreadable_paths(tmp_path):
    with pytest.raises(SaveError, match="the save file is missing"):
        load_game(tmp_path / "nope.toml")
    with pytest.raises(SaveError, match="is a folder"):
        load_game(tmp_path)


def test_inspect_reports_a_bad_file_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text("format = 'barrage-tui'\nversion = 9\n")
    assert main(["inspect", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"{path}: format version 9 is newer")


def test_a_draft_seat_without_a_pick_to_come(tmp_path):
    # the hand-made position is in the action phase: nobody can still be choosing a company
    text = HANDMADE.read_text().replace("turn_order = [1, 0]", "turn_order = [1, 0]\ndrafting = [1]")
    assert "state.drafting[0]: seat 1 has no pick to come" in refused(tmp_path, text)


HUGE = 10**18
# (where the huge number goes: text replaced in the hand-made position, the path of the refused field)
HUGE_NUMBERS = [
    ("HA = 1, HB = 0", f"HA = {HUGE}, HB = 0", "state.headstream_drops.HA"),
    ("B6U = { owner = 1, height = 1, drops = 1 }", f"B6U = {{ owner = 1, height = 1, drops = {HUGE} }}",
     "state.dams.B6U.drops"),
    ("round = 3\n", f"round = 3\ndrops_created = {HUGE}\n", "state.drops_created"),
    ("round = 3\n", f"round = 3\ndrops_created = 10\ndrops_exited = {HUGE}\n", "state.drops_exited"),
    ("round = 3\n", f"round = 3\nrng_counter = {HUGE}\n", "state.rng_counter"),
    ("round = 3\n", f"round = 3\nbank = [{HUGE}, 0]\n", "state.bank[0]"),
    ("round = 3\n", f"round = 3\nengineers_on = {{ x = [0, {HUGE}] }}\n", "state.engineers_on.x[1]"),
    ("round = 3\n", f"round = 3\nautoma_draw = [{HUGE}]\n", "state.automa_draw[0]"),
    ("vp = 17\n", f"vp = {HUGE}\n", "state.companies[1].vp"),
    ("credits = 11\n", f"credits = {HUGE}\n", "state.companies[1].credits"),
    ("excavators = 6\nmixers = 5\n", f"excavators = {HUGE}\nmixers = 5\n", "state.companies[1].excavators"),
    ("excavators = 6\nmixers = 5\n", f"excavators = 6\nmixers = {HUGE}\n", "state.companies[1].mixers"),
    *[("vp = 17\n", f"vp = 17\n{name} = {HUGE}\n", f"state.companies[1].{name}")
      for name in ("energy", "energy_next_round", "engineers", "excamixers", "excamixers_gained")],
    ("vp = 17\n", f"vp = 17\npieces = {{ base = {HUGE}, elevation = 5, conduit = 5, powerhouse = 4 }}\n",
     "state.companies[1].pieces.base"),
    ("vp = 17\n", f"vp = 17\nmachinery_gained = [{HUGE}, 5]\n", "state.companies[1].machinery_gained[0]"),
    ("vp = 17\n", f"vp = 17\nenergy_by_round = [{HUGE}]\n", "state.companies[1].energy_by_round[0]"),
    ("vp = 17\n", f"vp = 17\nvp_by_source = {{ x = {HUGE} }}\n", "state.companies[1].vp_by_source.x"),
    ('{ tiles = ["elevation"], excavators = 0, mixers = 3 }',
     f'{{ tiles = ["elevation"], excavators = 0, mixers = {HUGE} }}', "state.companies[0].wheel[1].mixers"),
]


@pytest.mark.parametrize("old,new,path", HUGE_NUMBERS, ids=[case[2] for case in HUGE_NUMBERS])
def test_a_huge_count_is_refused_at_load(tmp_path, old, new, path):
    """Every count is bounded (issue 15: 10**18 drops on a headstream made the round's end run forever)."""
    text = HANDMADE.read_text()
    assert old in text
    assert f"{path}: {HUGE} is out of range (must be from " in refused(tmp_path, text.replace(old, new, 1))


def test_a_huge_contract_or_card_number_names_no_real_one(tmp_path):
    text = HANDMADE.read_text().replace("contracts = [3, 302]", f"contracts = [3, {HUGE}]")
    assert f"state.companies[1].contracts[1]: unknown contract {HUGE}" in refused(tmp_path, text)
    text = HANDMADE.read_text().replace("round = 3\n", "round = 3\nautoma_draw = [3, 3]\n")
    assert "state.automa_draw[1]: Automa card 3 is in two places" in refused(tmp_path, text)


def test_the_water_bounds_come_from_the_rules_data():
    from barrage_tui.rules.validation import water_bounds

    base = components().map
    dam, headstream, game = water_bounds(2, base)
    assert dam == 4  # Graziano's height-3 dams hold 4
    assert headstream == 3 + 2 * 13 * 2 * 3  # tile 8's 3 drops + 2 seats x (12 Engineers + income) x 2 x 3
    assert water_bounds(4, base)[1] > headstream and game > 5 * 4 * headstream


ESCAPES_TOML = "\\u001b[2J\\u001b]0;pwned\\u0007"  # clear the screen; set the window title
ESCAPES_SHOWN = "\\x1b[2J\\x1b]0;pwned\\x07"


def test_visible_shows_control_characters_and_keeps_the_rest():
    from saves.errors import one_line, visible

    assert visible("a\x1b[2J\x07\n\r\t\x7f\x9b\u202e\u2028\udcff b") == \
        "a\\x1b[2J\\x07\\n\\r\\t\\x7f\\x9b\\u202e\\u2028\\udcff b"
    assert visible("Été 长 ~ \\ é") == "Été 长 ~ \\ é"
    assert one_line("\x1b" * 10, 12) == "\\x1b\\x1b\\..."


def test_escape_codes_in_a_refused_file_are_shown_not_sent(tmp_path, capsys):
    path = tmp_path / "esc\x1b[2J.toml"
    path.write_text(HANDMADE.read_text().replace("vp = 17\n", f'vp = 17\n"{ESCAPES_TOML}" = 1\n'))
    assert main(["inspect", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert not any(ch in err for ch in "\x1b\x07")
    assert err.startswith(f"{tmp_path}/esc\\x1b[2J.toml: ")
    assert f'state.companies[1]."{ESCAPES_SHOWN}": unknown field' in err


def test_escape_codes_in_names_are_shown_not_sent_by_inspect(tmp_path, capsys):
    path = tmp_path / "names.toml"
    path.write_text(HANDMADE.read_text().replace('name = "Bob"', f'name = "Bob{ESCAPES_TOML}"'))
    assert main(["inspect", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and f"Bob{ESCAPES_SHOWN}" in out
    assert not any(ch in out for ch in "\x1b\x07")


def test_ctrl_c_during_inspect_is_one_line_not_a_traceback(monkeypatch, capsys):
    import saves.inspect

    def interrupted(path, attach=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(saves.inspect, "load_game", interrupted)
    try:
        status = main(["inspect", str(HANDMADE)])
    except KeyboardInterrupt:  # (it would otherwise stop the whole test run)
        raise AssertionError("Ctrl+C escaped main: Python prints a traceback") from None
    assert status == 130
    out, err = capsys.readouterr()
    assert out == "" and err == "barrage-tui: interrupted\n"
