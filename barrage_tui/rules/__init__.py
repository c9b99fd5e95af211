"""The rules core of Barrage: a game that stops at every decision and offers its legal choices.

    from barrage_tui.rules import Game, Setup, SeatSetup
    game = Game.new(Setup(seats=(SeatSetup("Anna"), SeatSetup("Ben"))))
    game.prompt                      # the pending decision (its kind, seat, choices, data)
    game.choose(game.prompt.choices[0].key)

This package is the rules core's one API: its clients (the app, the host, the CLI, the Automa, the saves)
import the names below and never a module inside it (tests/rules/test_architecture.py checks it); the tests
alone look inside. docs/api.md lists every name by group, one line each; docs/architecture.md has the layers
and where a new chief engineer, company, tile or board goes. Importing this package also loads the chief
engineers' plug-ins (officers/), the companies' abilities (companies/) and the modules of the game.

The one module a client imports by itself is ``barrage_tui.rules.sim`` (the CLI's ``sim`` command): it loads
the multiprocessing machinery, which the app never needs.
"""

from __future__ import annotations

from . import companies, modules, officers

# ---- start a game
from .automa_levels import AUTOMA, Level, is_automa, level, levels
from .board_files import BOARD_OPTION
from .game import Game
from .plugin import MODULES_OPTION
from .setup import (
    CONFIRM_OPTION, DRAFT_OPTION, EXPANSION_OPTION, NO_OFFICER, SEAT_KINDS, SeatSetup, Setup, SetupError,
    base_companies, expansion_companies, first_player_at_random, max_automas, new_state, picking_order, seat_choices,
    seat_counts, seat_problem,
)

# ---- decide: prompts, choices, keys, events
from .engine.decisions import Choice, Event, EventKind, IllegalChoice, Prompt, PromptKind
from .engine.keys import Key, contract_of
from .engine.keys import make as make_key

# ---- read the table: the typed views
from .company_board import Income
from .plugin import BoardPieces, MapMark
from .views import (
    ConduitSpace, DamSpace, Headstream, Lake, Map, PowerhouseSpace, Valley, map_view,
    BoardView, CompanyView, ContractsDisplay, EnergyTrackView, IncomeRow, PatentOfficeView, PrivateSpace, ScoreView,
    SeatView, TableView, WheelSegment, company_view, contracts_display, energy_track, held_by, management_board,
    patent_office, scores, table_view,
)

# ---- facts: the components, the boards
from .board_features import river
from .board_files import board_ref, file_ref as board_file_ref, is_builtin, load as load_board
from .boards import Board, BoardProblem, LayoutCell, summary as board_summary
from .build_costs import Payment, lost_label
from .components import (
    BASE_BOARD, BASE_OFFICERS, EXPANSION_OFFICERS, PROMO_OFFICERS, STRUCTURES, ActionSpace, Company, Components,
    PowerhousePiece, Toml, builtin_boards, prompt_help,
)
from .components import components as facts
from .officers import ANTON_TILE, OFFICERS, private_space
from .rewards import STRUCTURE_NAMES, a as a_structure, count as count_words, describe as describe_reward
from .rounds import ROUNDS
from .scoring import SECTION as ENERGY_SECTION, bonus_tile, objective_tile

# ---- checks: validation, invariants
from .invariants import violations
from .validation import InvalidState, check_setup, check_state, check_turn, key_path

# ---- the modules of the game
from .plugin import ModuleFacts, known_modules, modules as modules_on, registered as registered_modules
from .state import ModuleState, module_state_class

# ---- the Automa's support: the rules' own queries it plans with
from .actions import engineers_available, space_exists, space_free
from .automa_step import Step as AutomaStep
from .board_features import course, open_headstreams
from .build_costs import payments
from .buildable import cost_class
from .build_spaces import board_rules, legal_spaces
from .build_tiles import TileUse, tile_uses
from .company_board import free_columns
from .contracts import contract_reduction
from .officers.amir import FLOW as AMIR_FLOW
from .officers.octavius import joins as may_join, sources as dams_into
from .officers.wu import held_drops
from .production import (
    System, conduit_value, flows_energy, fulfils_contracts, max_drops, path_value, several_dams, system_energy,
    systems as production_systems,
)
from .water import Course as WaterCourse, DropPath, own_dams_with_room
from .modules.leeghwater import (
    WORK_ON_WHEEL, WORK_OPERATION, WORK_SPENT, LeeghwaterPrompt, LeeghwaterState, external_work, leeghwater_of,
    private_building_space, work_payment,
)

# ---- the saves' support: the state itself, and reading files within limits
from .engine.file_limits import FileRefused, deep_key, read_regular, skeleton, too_large
from .state import NEUTRAL, NOBODY, CompanyState, DamState, GameState, Segment

officers.load()
companies.load()

__all__ = [
    # start a game
    "AUTOMA", "BOARD_OPTION", "CONFIRM_OPTION", "DRAFT_OPTION", "EXPANSION_OPTION", "Game", "Level",
    "MODULES_OPTION", "NO_OFFICER", "SEAT_KINDS", "SeatSetup", "Setup", "SetupError", "base_companies",
    "expansion_companies", "first_player_at_random", "is_automa", "level", "levels", "new_state", "picking_order",
    "max_automas", "seat_choices", "seat_counts", "seat_problem",
    # decide
    "Choice", "Event", "EventKind", "IllegalChoice", "Key", "Prompt", "PromptKind", "contract_of", "make_key",
    # read the table
    "ConduitSpace", "DamSpace", "DropPath", "Headstream", "Lake", "Map", "MapMark", "PowerhouseSpace", "Valley",
    "map_view", "BoardPieces", "BoardView", "CompanyView", "ContractsDisplay", "EnergyTrackView", "Income", "IncomeRow", "PatentOfficeView",
    "PrivateSpace", "ScoreView", "SeatView", "TableView", "WheelSegment", "company_view", "contracts_display",
    "energy_track", "held_by", "management_board", "patent_office", "scores", "table_view",
    # facts
    "ANTON_TILE", "BASE_BOARD", "BASE_OFFICERS", "ENERGY_SECTION", "EXPANSION_OFFICERS", "OFFICERS",
    "PROMO_OFFICERS", "ROUNDS", "STRUCTURES", "STRUCTURE_NAMES", "ActionSpace", "Board", "BoardProblem", "Company",
    "Components", "LayoutCell", "Payment", "PowerhousePiece", "Toml", "a_structure", "board_file_ref", "board_ref",
    "board_summary", "bonus_tile", "builtin_boards", "count_words", "describe_reward", "facts", "is_builtin",
    "load_board", "lost_label", "objective_tile", "private_space", "prompt_help", "river",
    # checks
    "InvalidState", "check_setup", "check_state", "check_turn", "key_path", "violations",
    # the modules of the game
    "ModuleFacts", "ModuleState", "known_modules", "module_state_class", "modules_on", "registered_modules",
    # the Automa's support
    "AMIR_FLOW", "AutomaStep", "System", "TileUse", "WaterCourse", "board_rules", "conduit_value",
    "contract_reduction", "course",
    "dams_into", "engineers_available", "flows_energy", "free_columns", "fulfils_contracts",
    "held_drops", "legal_spaces", "max_drops", "may_join", "open_headstreams", "own_dams_with_room", "path_value",
    "cost_class", "payments", "production_systems", "several_dams", "space_exists", "space_free", "system_energy", "tile_uses",
    # ... with the Leeghwater Project
    "LeeghwaterPrompt", "LeeghwaterState", "WORK_ON_WHEEL", "WORK_OPERATION", "WORK_SPENT", "external_work",
    "leeghwater_of", "private_building_space", "work_payment",
    # the saves' support
    "NEUTRAL", "NOBODY", "CompanyState", "DamState", "FileRefused", "GameState", "Segment", "deep_key",
    "read_regular", "skeleton", "too_large",
]
