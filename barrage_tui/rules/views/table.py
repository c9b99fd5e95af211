"""The table's views: who sits where and the round, the energy track, the contracts, the patent office, the
management board, the scores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions import space_exists
from ..components import components
from ..contracts import COLOURS
from ..engine.keys import contract_of
from ..setup import pairs_on_offer
from ..state import CompanyState

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True, slots=True)
class SeatView:
    """Who plays at a seat: the player, a person or an Automa, and the company and chief engineer held."""

    seat: int
    player: str
    kind: str  # "human" | "automa"
    company: str  # a company id (components' companies)
    officer: str  # a chief engineer's id; "none": an Automa below Very Hard has none
    drafting: bool  # the pair is only on offer, not yet the seat's: it has not picked yet (the full game's draft), or
    # it is an Automa's that a seat still to pick may take (``setup.pairs_on_offer``)
    passed: bool  # passed this round

    @property
    def automa(self) -> bool:
        return self.kind == "automa"


def who(c: CompanyState, drafting: bool) -> tuple[int, str, str, str, str, bool, bool]:
    """A ``SeatView``'s fields, first in every view of a seat (``CompanyView``, ``ScoreView`` extend it)."""
    return c.seat, c.player, c.kind, c.company, c.officer, drafting, c.passed


@dataclass(frozen=True, slots=True)
class TableView:
    """The round and the seats: what every panel's heading needs."""

    round: int  # 0 before the first; 6 once the last has ended
    phase: str  # setup | pick | actions | over (and the phases a module adds)
    introductory: bool
    turn_order: tuple[int, ...]  # seats, first to play first
    drafting: tuple[int, ...]  # seats still to pick a company and chief engineer (the full game's draft)
    companies: tuple[SeatView, ...]  # by seat
    winners: tuple[int, ...]  # seats, once the game is over

    @property
    def seats(self) -> int:
        return len(self.companies)


def table_view(game: Game) -> TableView:
    st = game.state
    on_offer = pairs_on_offer(game)
    return TableView(st.round, st.phase, st.introductory, tuple(st.turn_order), tuple(st.drafting),
                     tuple(SeatView(*who(c, c.seat in on_offer)) for c in st.companies), tuple(st.winner))


@dataclass(frozen=True, slots=True)
class EnergyTrackView:
    """The energy track: each seat's energy this round and VP, the round bonus tiles, the final objective."""

    energy: tuple[int, ...]  # by seat
    vp: tuple[int, ...]  # by seat: the score so far
    bonus_tiles: tuple[int, ...]  # one per round, round 1 first
    objective: int  # the objective tile's id
    objective_vp: tuple[int, ...]  # the objective's VP by place


def energy_track(game: Game) -> EnergyTrackView:
    st = game.state
    return EnergyTrackView(tuple(c.energy for c in st.companies), tuple(c.vp for c in st.companies),
                           tuple(st.bonus_tiles), st.objective,
                           game.objective_vp_table())


@dataclass(frozen=True, slots=True)
class ContractsDisplay:
    """The contracts on the table: the national ones, the private display and its piles by colour, and the
    starting contracts on offer."""

    national: tuple[int, ...]
    private: tuple[tuple[str, tuple[int, ...]], ...]  # (colour, the contracts shown), green, yellow, red
    piles: tuple[tuple[str, int], ...]  # (colour, the contracts left in its pile), in the same order
    starting_offer: tuple[int, ...]  # still to be picked
    picking: bool  # the starting contracts are being picked (phase "pick")


def contracts_display(game: Game) -> ContractsDisplay:
    st = game.state
    return ContractsDisplay(tuple(st.national), tuple((c, tuple(st.private_display.get(c, ()))) for c in COLOURS),
                         tuple((c, len(st.private_piles.get(c, ()))) for c in COLOURS), tuple(st.starting_offer),
                         st.phase == "pick")


@dataclass(frozen=True, slots=True)
class PatentOfficeView:
    """The advanced technology tiles on offer (a slot's "": empty until the next round) and the piles' sizes."""

    offer: tuple[str, ...]  # slot 1 first
    piles: tuple[int, ...]  # the tiles left in each pile, by its level, I first


def patent_office(game: Game) -> PatentOfficeView:
    st = game.state
    return PatentOfficeView(tuple(st.patent_offer), tuple(len(v) for _, v in sorted(st.patent_piles.items())))


@dataclass(frozen=True, slots=True)
class BoardView:
    """The management board: who holds each exclusive action space with how many Engineers, and the Bank."""

    seats: int
    in_play: frozenset[str]  # the action spaces on the table at this seat count (no Patent Office: introductory)
    occupied: Mapping[str, int]  # action space -> the seat on it
    engineers_on: Mapping[str, tuple[int, ...]]  # action space -> the Engineers of each seat on it
    bank: tuple[int, ...]  # Engineers on the Bank, by seat


def management_board(game: Game) -> BoardView:
    st = game.state
    return BoardView(st.seats, frozenset(s.id for s in components().spaces.values() if space_exists(game, s)),
                     dict(st.occupied), {k: tuple(v) for k, v in st.engineers_on.items()}, tuple(st.bank))


@dataclass(frozen=True, slots=True)
class ScoreView(SeatView):
    """A seat's score: its VP by where they came from (``vp_by_source``: start, energy_track, contracts ...,
    and the modules' own) and its energy, which breaks ties."""

    vp: int
    energy: int
    vp_by_source: Mapping[str, int]


def scores(game: Game) -> tuple[ScoreView, ...]:
    """Every seat's score, by seat."""
    on_offer = pairs_on_offer(game)
    return tuple(ScoreView(*who(c, c.seat in on_offer), c.vp, c.energy, dict(c.vp_by_source))
                 for c in game.state.companies)


def held_by(game: Game, thing: str) -> int | None:
    """The seat holding ``thing`` in its personal supply: a technology tile's id, or a contract as its
    choices name it (``contract:<id>``); None: nobody holds it."""
    companies = game.state.companies
    if (cid := contract_of(thing)) is not None:
        return next((c.seat for c in companies if cid in c.contracts), None)
    return next((c.seat for c in companies if thing in c.tiles), None)
