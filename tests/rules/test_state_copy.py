"""``GameState.copy`` (written out from the type hints: state.py ``_copier``) is a deep copy: equal, and
sharing no list, dict or dataclass with the original, however deep, with every module's fields in use."""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass

from barrage_tui.rules import sim
from barrage_tui.rules.modules.geological.state import tokens_of


def _shared(a, b, where: str = "state") -> list[str]:
    """The places where ``a`` and its copy ``b`` hold the same mutable object."""
    if isinstance(a, (bool, int, float, str)):
        return []
    found = [where] if a is b else []
    if is_dataclass(a):
        return found + [x for f in fields(a) for x in _shared(getattr(a, f.name), getattr(b, f.name),
                                                               f"{where}.{f.name}")]
    if isinstance(a, dict):
        return found + [x for k in a for x in _shared(a[k], b[k], f"{where}[{k!r}]")]
    return found + [x for i, (u, v) in enumerate(zip(a, b)) for x in _shared(u, v, f"{where}[{i}]")]


def test_a_state_copy_is_equal_and_shares_nothing_mutable():
    r = random.Random(5)
    setup = sim.random_setup(r, 4, False, modules=("overseas", "geological", "china"))
    state = sim.play_random(setup, 5, check=False).state
    assert state is not None and state.dams and tokens_of(state)
    copy = state.copy()
    assert copy == state and type(copy) is type(state)
    assert _shared(state, copy) == []
    copy.companies[0].wheel[0].tiles.append("x")
    copy.dams[next(iter(copy.dams))].drops += 1
    assert copy != state
