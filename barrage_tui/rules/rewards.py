"""Gaining a reward: the symbols printed on contracts and company-board income slots.

The plain gains (credits, VP, energy, machinery) come first, then the others in printed order
(the reference's resolution of the order, base-game.md section 9.1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from . import water, wheel
from .engine import keys
from .components import Toml
from .engine.decisions import Choice, Flow, PromptKind
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

PLAIN = ("credits", "vp", "energy", "excavators", "mixers")
Handler = Callable[["Game", int, Toml], Flow[None]]  # (game, seat, the whole reward)
HANDLERS: dict[str, Handler] = {}  # reward symbol -> its handling, registered with ``handler``


WORDS = {  # how a reward reads in the log and the choices; the app passes shorter ones
    "credits": "{} credits", "vp": "{} VP", "energy": "{} energy", "excavators": "{} Excavators",
    "mixers": "{} mixers", "any_machinery": "{} machinery of choice", "wheel_rotations": "turn wheel {}",
    "drops_delayed": "{} waiting drops", "drops_flowing": "{} flowing drops",
    "build": "build {}{}", "build_areas": " in {}", "build_max_production": " of production <= {}",
}
ONE = {  # the same for exactly 1
    "credits": "1 credit", "excavators": "1 Excavator", "mixers": "1 mixer", "drops_delayed": "1 waiting drop",
    "drops_flowing": "1 flowing drop",
}
SHORT = {**WORDS, "excavators": "{} Exc", "any_machinery": "{} Ex/Mx of choice", "wheel_rotations": "wheel {}"}
"""The same in fewer letters, for a list of choices on a narrow screen (``Choice.short``)."""
STRUCTURE_NAMES = {"base": "Base", "elevation": "Elevation", "conduit": "Conduit", "powerhouse": "Powerhouse",
                   "building": "Private Building", "landscape": "Landscape"}


def count(n: int, thing: str) -> str:
    """``n`` of ``thing``, 1 of it in the singular: "1 credit", "2 credits" (a plural in -s)."""
    return f"{n} {thing}" + ("" if n == 1 else "s")


def a(structure: str) -> str:
    """"a Base", "an Elevation", ..."""
    name = STRUCTURE_NAMES[structure]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def describe(reward: Toml, words: Mapping[str, str] = WORDS, one: Mapping[str, str] = ONE) -> str:
    """A reward in words (``one``: the words for exactly 1 of something)."""
    parts = []
    for key, value in reward.items():
        if key == "build":
            extra = ""
            if "build_areas" in reward:
                extra = words["build_areas"].format("/".join(reward["build_areas"]))
            if "build_max_production" in reward:
                extra = words["build_max_production"].format(reward["build_max_production"])
            parts.append(words["build"].format(a(value) if words in (WORDS, SHORT) else value, extra))  # (the app's
            # own few words name the structure bare)
        elif value == 1 and key in one:
            parts.append(one[key])
        elif key in words and not key.startswith("build_"):
            parts.append(words[key].format(value))
    return ", ".join(parts)


def gain(game: Game, seat: int, reward: Toml, source: str) -> Flow[None]:
    """Apply a reward to ``seat`` (generator: machinery of choice, drops and builds ask)."""
    company = game.state.companies[seat]
    for key in PLAIN:
        value = reward.get(key, 0)
        if not value:
            continue
        if key == "vp":
            game.gain_vp(seat, value, source)
        elif key == "credits":
            game.gain_credits(seat, value)
        elif key in ("excavators", "mixers"):
            add_machinery(company, value if key == "excavators" else 0, value if key == "mixers" else 0)
        else:
            setattr(company, key, getattr(company, key) + value)
    for key, value in reward.items():
        if key == "any_machinery":
            yield from choose_machinery(game, seat, value)
        elif key == "wheel_rotations":
            back = wheel.turn(company, value)
            game.event(f"{game.name(seat)} turns the wheel {value}" + (f", getting back {', '.join(back)}." if back else "."),
                       seat, "wheel")
        elif key in ("drops_delayed", "drops_flowing"):
            yield from water.place_drops(game, seat, value, flowing=key == "drops_flowing")
        elif key in HANDLERS:
            yield from HANDLERS[key](game, seat, reward)


def handler(key: str) -> Callable[[Handler], Handler]:
    """Register the handling of a reward symbol that lives in a rules module above this one (a contract's
    free build: construction.py, which itself gives rewards when it uncovers an income slot)."""
    def register(gain_reward: Handler) -> Handler:
        HANDLERS[key] = gain_reward
        return gain_reward
    return register


def choose_machinery(game: Game, seat: int, n: int) -> Flow[None]:
    choices = [Choice(keys.make("machinery", e, n - e), f"{count(e, 'Excavator')} + {count(n - e, 'mixer')}",
                      short=f"{e} Exc + {count(n - e, 'mixer')}")
               for e in range(n, -1, -1)]
    key = yield from game.ask(seat, PromptKind.MACHINERY, f"Take {n} machinery of your choice.", choices)
    picked = keys.Key.parse(key)
    e, m = picked.number(0), picked.number(1)
    add_machinery(game.state.companies[seat], e, m)
    game.event(f"{game.name(seat)} takes {count(e, 'Excavator')} and {count(m, 'mixer')}.", seat, "gain")


def add_machinery(company: CompanyState, excavators: int, mixers: int) -> None:
    """Machinery from the supply (the one way machinery enters a company: checked by the invariants)."""
    company.excavators += excavators
    company.mixers += mixers
    company.machinery_gained[0] += excavators
    company.machinery_gained[1] += mixers
