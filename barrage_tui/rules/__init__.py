"""The rules core of Barrage: a game that stops at every decision and offers its legal choices.

    from barrage_tui.rules import Game, Setup, SeatSetup
    game = Game.new(Setup(seats=(SeatSetup("Anna"), SeatSetup("Ben"))))
    game.prompt                      # the pending decision (its kind, seat, choices, data)
    game.choose(game.prompt.choices[0].key)

What clients (the app, the saves, the Automa, tests) use is exported here; docs/architecture.md has the
layers and where a new chief engineer, company, tile or board goes. Importing this package also loads
the chief engineers' plug-ins (officers/) and the companies' abilities (companies/). The game's facts:
``barrage_tui.rules.components.components()`` (a module of that name, so the function is not re-exported).
"""

from __future__ import annotations

from . import companies, modules, officers
from .automa_levels import AUTOMA, Level, is_automa, level, levels
from .components import BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, STRUCTURES
from .engine.decisions import Choice, Event, EventKind, IllegalChoice, Prompt, PromptKind
from .game import Game
from .invariants import violations
from .engine.keys import Key
from .setup import DRAFT_OPTION, EXPANSION_OPTION, SEAT_KINDS, SeatSetup, Setup, SetupError, new_state
from .state import NEUTRAL, NOBODY, CompanyState, DamState, GameState, Segment

officers.load()
companies.load()

__all__ = [
    "AUTOMA", "BASE_OFFICERS", "EXPANSION_OFFICERS", "EXPANSION_OPTION", "DRAFT_OPTION", "NEUTRAL", "NOBODY",
    "PROMO_OFFICERS", "SEAT_KINDS", "STRUCTURES", "Choice", "CompanyState", "DamState", "Event", "EventKind",
    "Game", "GameState", "IllegalChoice", "Key", "Level", "Prompt", "PromptKind", "SeatSetup", "Segment",
    "Setup", "SetupError", "is_automa", "level", "levels", "new_state", "violations",
]
