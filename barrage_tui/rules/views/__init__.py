"""Typed, read-only views of a game for its clients (the app, the host): what the table shows, worked out from
the state on request, so a client never reads the state itself.

Each view is a frozen dataclass of plain values (tuples, read-only mappings) built by a function of the
game; building one is cheap, and two views of an unchanged table are equal (the app's panels compare them
to skip a redraw). They describe the game when built: build a new one after a choice.
"""

from __future__ import annotations

from .company import CompanyView, IncomeRow, PrivateSpace, WheelSegment, company_view
from .map import ConduitSpace, DamSpace, Headstream, Lake, Map, PowerhouseSpace, Valley, map_view
from .table import (
    BoardView, ContractsDisplay, EnergyTrackView, PatentOfficeView, ScoreView, SeatView, TableView, contracts_display,
    energy_track, held_by, management_board, patent_office, scores, table_view,
)

__all__ = [
    "ConduitSpace", "DamSpace", "Headstream", "Lake", "Map", "PowerhouseSpace", "Valley", "map_view",
    "BoardView", "CompanyView", "ContractsDisplay", "EnergyTrackView", "IncomeRow", "PatentOfficeView", "PrivateSpace",
    "ScoreView", "SeatView", "TableView", "WheelSegment", "company_view", "contracts_display", "energy_track",
    "held_by", "management_board", "patent_office", "scores", "table_view",
]
