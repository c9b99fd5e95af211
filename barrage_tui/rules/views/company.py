"""A company board's view: a seat's resources, Engineers, pieces, incomes, tiles, wheel and contracts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import company_board, officers
from ..automa_levels import level
from ..company_board import Income
from ..components import PowerhousePiece, components
from ..plugin import BoardPieces
from ..setup import pairs_on_offer
from ..state import CompanyState, Segment
from .table import SeatView, who

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True, slots=True)
class PrivateSpace:
    """One of a chief engineer's own action spaces, on his tile (Wu Fang's, Mahiri Sekibo's two)."""

    ref: str  # as the choices name it: ``wu-1``, ``mahiri-2``
    engineers: int  # Engineers it needs
    fee: int  # credits it costs
    used: bool  # this round


@dataclass(frozen=True, slots=True)
class IncomeRow:
    """A row of the company board with incomes: each column's income, and the columns already uncovered."""

    structure: str  # base | elevation | conduit
    incomes: tuple[Income, ...]  # by column (a column without an income is left out)
    taken: tuple[int, ...]  # the columns no longer holding a piece: their incomes are uncovered


@dataclass(frozen=True, slots=True)
class WheelSegment:
    """What lies in a segment of the Construction Wheel until it comes round."""

    tiles: tuple[str, ...]
    excavators: int
    mixers: int
    excamixers: int


@dataclass(frozen=True, slots=True)
class CompanyView(SeatView):
    """A company's board as the table shows it."""

    vp: int
    credits: int
    excavators: int
    mixers: int
    excamixers: int  # Elon Audia's Mixer Excavators
    shows_excamixers: bool  # it has or had some, or its machinery counts as them (Mahiri copying Elon)
    energy: int
    engineers: int  # in the personal supply
    architect: bool  # Tommaso Battista's Architect, in the personal supply
    construction_used: int  # the company board's construction spaces used this round (components' spaces)
    private_spaces: tuple[PrivateSpace, ...]
    copies: tuple[tuple[str, bool], ...]  # Mahiri's copied chief engineers: (id, lasting the round)
    pieces: Mapping[str, int]  # structure -> pieces still on the board
    incomes: tuple[IncomeRow, ...]
    incomes_assumed: str  # why the incomes are assumed (a company board no source prints), "" when printed
    powerhouse_pieces: tuple[tuple[PowerhousePiece, str], ...]  # China's distinct pieces: each and its space ("")
    module_pieces: tuple[BoardPieces, ...]  # the modules' pieces on the board (``company_pieces``)
    tiles: tuple[str, ...]  # technology tiles in the personal supply
    wheel: tuple[WheelSegment, ...]  # the segments after the open one, in the order they come round
    contracts: tuple[int, ...]  # in hand
    fulfilled: tuple[int, ...]
    ability_active: bool  # the company's special ability works now
    ability_off_by_level: bool  # when off: the Automa's level has none (else it waits for powerhouses)


EMPTY_SEGMENT = WheelSegment((), 0, 0, 0)


def _segment(seg: Segment) -> WheelSegment:
    if seg.is_empty():  # (most are: one value for them all)
        return EMPTY_SEGMENT
    return WheelSegment(tuple(seg.tiles), seg.excavators, seg.mixers, seg.excamixers)


_INCOMES: dict[str, tuple[tuple[Income, ...], ...]] = {}  # by company: its rows' incomes (facts, read once)


def _incomes(c: CompanyState) -> tuple[tuple[Income, ...], ...]:
    """Each income row's incomes by column (a company's board: the same all game, so worked out once)."""
    found = _INCOMES.get(c.company)
    if found is None:
        found = _INCOMES[c.company] = tuple(
            tuple(inc for col in range(1, company_board.columns(s) + 1) if (inc := company_board.income(c, s, col)))
            for s in company_board.ROWS)
    return found


def company_view(game: Game, seat: int) -> CompanyView:
    st = game.state
    c = st.companies[seat]
    in_force = officers.in_force(c)
    own = officers.OFFICERS.get(c.officer)
    spaces = own.private_spaces if own else ()
    private = tuple(PrivateSpace(officers.private_space_ref(c.officer, i), need, fee, c.private_spaces_used[i])
                    for i, (need, fee) in enumerate(spaces))
    copied = [c.copied_officer] if c.copied_officer else []
    copied += [o for o in c.copied_for_round if o not in copied]
    incomes = tuple(IncomeRow(s, row, tuple(company_board.taken(c, s)))
                    for s, row in zip(company_board.ROWS, _incomes(c)))
    n = len(c.wheel)
    wheel = tuple(_segment(c.wheel[(c.wheel_open + k) % n]) for k in range(1, n))
    if components().companies[c.company].powerhouse_row_bonus:
        active, by_level = game.ability_active(seat), not level(c).company_ability
    else:  # China's distinct pieces: at work all game, as its Automa's level allows
        active, by_level = company_board.pieces_at_work(c), True
    return CompanyView(
        *who(c, seat in pairs_on_offer(game)), c.vp, c.credits, c.excavators, c.mixers, c.excamixers,
        bool(c.excamixers or c.excamixers_gained or any(o.machinery_wild for o in in_force)), c.energy,
        c.engineers, c.architect, c.construction_used, private,
        tuple((o, o in c.copied_for_round) for o in copied), dict(c.pieces), incomes,
        components().companies[c.company].assumed,
        tuple(company_board.powerhouse_row(game, seat)), tuple(p for hook in game.hooks.company_pieces for p in hook(game, seat)),
        tuple(c.tiles), wheel, tuple(c.contracts), tuple(c.fulfilled),
        active, by_level)
