"""The Automa as the rules core sees it: which seats are Automas, what their difficulty level switches off,
and its own scoring rule. The Automa's decisions are the ``automa`` package's; its turns are carried out
by automa_turns.py and automa_step.py.

Where a human pays or gains credits an Automa pays or gains VP (Game.pay_credits / gain_credits); its
difficulty level (``levels()``, from data/automa-levels.toml) switches off income, production bonuses, the
company ability and tile effects where the rules modules ask ``level(company)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .components import load_data

if TYPE_CHECKING:
    from .game import Game
    from .state import CompanyState

AUTOMA = "automa"


@dataclass(frozen=True)
class Level:
    id: str
    name: str
    round_income: bool = True
    immediate_income: bool = True
    powerhouse_production_bonus: bool = True
    company_ability: bool = True
    advanced_tile_effects: bool = True
    officer: bool = True


HUMAN = Level("human", "human")  # a human: every rule applies


@dataclass(frozen=True)
class AutomaRules:
    """What data/automa-levels.toml says: the levels, and the Automa's own figures (automa.md 2.2, 8.3)."""

    levels: dict[str, Level]
    starting_vp: int
    starting_credits: int
    objective_extra_vp: int
    objective_extra_places: int


@cache
def rules() -> AutomaRules:
    raw = load_data("automa-levels")
    start, objective = raw["automa"]["start"], raw["automa"]["objective"]
    return AutomaRules({lv["id"]: Level(**lv) for lv in raw["level"]}, start["vp"], start["credits"],
                       objective["extra_vp"], objective["extra_places"])


def levels() -> dict[str, Level]:
    return rules().levels


def level(company: CompanyState) -> Level:
    """The rules that apply to this company: all for a human, its difficulty level's for an Automa."""
    return levels()[company.difficulty] if company.kind == AUTOMA else HUMAN


def is_automa(game: Game, seat: int) -> bool:
    return game.state.companies[seat].kind == AUTOMA


def objective_extra(game: Game, quantities: dict[int, int]) -> dict[int, int]:
    """An Automa whose place (after ties) is among the first three scores 5 VP more (automa.md 8.3)."""
    extra: dict[int, int] = {}
    for c in game.state.companies:
        if c.kind == AUTOMA:
            ahead = sum(1 for q in quantities.values() if q > quantities[c.seat])
            if ahead < rules().objective_extra_places:
                extra[c.seat] = rules().objective_extra_vp
    return extra
