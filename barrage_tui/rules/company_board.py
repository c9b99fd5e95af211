"""A company board's rows (rulebook "Company board"; Brazil: seed 002): which columns a row's pieces were
taken from, the income each column uncovers and the credits some incomes cost, and the machinery that taking
a piece from a column loses for good.

A base board's rows are taken from the left, so the number built says which columns are gone (a state
lists nothing more). A row in the company's ``any_order`` (Brazil's Bases, Elevations and Conduits) may be
taken from any column; once it is not taken from the left, ``CompanyState.columns_taken`` lists its
columns.

What a board prints about its Conduits and Powerhouses is data too (companies.toml; China's board differs):
the value its Conduits add and the fee others pay per drop through them (``conduit_bonus``, ``conduit_fee``),
and distinct Powerhouse pieces, each with its own cost and ability (``pieces``, ``piece_at``; what an ability
does is the company's rule, in its module of ``companies``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .automa_levels import level
from .components import BASE_FEE, Company, FeeStep, PowerhousePiece, Toml, components
from .engine import keys
from .engine.decisions import Choice
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

Loss = tuple[int, int]  # Excavators, mixers returned to the general supply for good
NO_LOSS: Loss = (0, 0)
ROWS = ("base", "elevation", "conduit")  # the rows with incomes (the Powerhouse row shows bonuses)


class Income(NamedTuple):
    """An uncovered income: where it is on the board, what it gives and what it costs (credits)."""

    structure: str
    column: int
    reward: Toml
    price: int


def _company(company: CompanyState) -> Company:
    return components().companies[company.company]


def columns(structure: str) -> int:
    """The columns of a row: the pieces it starts with."""
    return components().common["pieces"][structure]


def built(company: CompanyState, structure: str) -> int:
    return columns(structure) - company.pieces[structure]


def taken(company: CompanyState, structure: str) -> list[int]:
    """The columns of the row no longer holding a piece, left to right."""
    listed = company.columns_taken.get(structure)
    return list(listed) if listed is not None else list(range(1, built(company, structure) + 1))


def any_order(company: CompanyState, structure: str) -> bool:
    """Whether the row's pieces may be taken from any column (else from the left)."""
    return structure in _company(company).any_order


def free_columns(company: CompanyState, structure: str) -> list[int]:
    """The columns the next piece of the row may be taken from: any left, or the leftmost."""
    gone = set(taken(company, structure))
    left = [c for c in range(1, columns(structure) + 1) if c not in gone]
    return left if any_order(company, structure) else left[:1]


def take(company: CompanyState, structure: str, column: int) -> None:
    """The piece of ``column`` leaves the board (it is being built)."""
    now = sorted(taken(company, structure) + [column])
    company.pieces[structure] -= 1
    if now == list(range(1, len(now) + 1)):
        company.columns_taken.pop(structure, None)
    else:
        company.columns_taken[structure] = now


def loss(company: CompanyState, structure: str, column: int) -> Loss:
    """The machinery lost for good by taking the piece of ``column`` (only a row taken in any order)."""
    return _company(company).column_loss.get(column, NO_LOSS) if any_order(company, structure) else NO_LOSS


def income(company: CompanyState, structure: str, column: int) -> Income | None:
    """What the column shows once its piece is gone (None: nothing, or the Powerhouse row)."""
    co = _company(company)
    reward: Toml | None = co.income.get(structure, {}).get(column)
    if reward is None:
        return None
    return Income(structure, column, reward, co.income_price.get(structure, {}).get(column, 0))


def powerhouse_mixers(company: CompanyState, column: int = 0) -> int:
    """The Mixers a Powerhouse costs: the fixed cost of the piece of ``column`` where the row's pieces differ
    (China's; 0: the first the row offers), else the common cost by the number built."""
    own = _company(company).powerhouse_pieces
    if own:
        return own[(column or free_columns(company, "powerhouse")[0]) - 1].mixers
    return components().construction_cost.powerhouse_mixers[built(company, "powerhouse")]


def conduit_extra_mixers(company: CompanyState) -> int:
    """Mixers a Conduit of the company costs on top of its Excavators (China's pressure pipelines: 1)."""
    return _company(company).pipelines.extra_mixers


def conduit_value_bonus(company: CompanyState) -> int:
    """What the company adds to the value of each Conduit it builds (China's pressure pipelines: +1)."""
    return _company(company).pipelines.value_bonus


def uncovered(company: CompanyState) -> list[Income]:
    """Every income the company's board shows, row by row, left to right."""
    found = [income(company, s, c) for s in ROWS for c in taken(company, s)]
    return [i for i in found if i is not None]


def conduit_bonus(game: Game, conduit: str) -> int:
    """What the owner of a built ``conduit`` adds to its value (China: +1); 0 for an empty space."""
    owner = game.state.conduits.get(conduit)
    return 0 if owner is None else conduit_value_bonus(game.state.companies[owner])


def conduit_fee(game: Game, conduit: str) -> FeeStep:
    """What another company pays per drop through the built ``conduit`` and its owner scores per drop: the
    owner's last fee step reached by its number of Conduits built (the base game's: 1 credit, 1 VP)."""
    st = game.state
    owner = st.companies[st.conduits[conduit]]
    steps = _company(owner).pipelines.fee
    if len(steps) == 1:
        return BASE_FEE
    built = sum(1 for o in st.conduits.values() if o == owner.seat)
    return next((s for s in reversed(steps) if built >= s.from_conduits_built), BASE_FEE)


def pieces(company: CompanyState) -> tuple[PowerhousePiece, ...]:
    """The company's distinct Powerhouse pieces, by column (none: its Powerhouses are alike)."""
    return _company(company).powerhouse_pieces


def powerhouse_row(game: Game, seat: int) -> list[tuple[PowerhousePiece, str]]:
    """The seat's distinct Powerhouse pieces (for its company board), each with the space it stands on ("":
    still on the board, to be built)."""
    where = {column: space for space, column in game.state.powerhouse_pieces.items()
             if game.state.powerhouses[space] == seat}
    return [(p, where.get(p.column, "")) for p in pieces(game.state.companies[seat])]


def pieces_at_work(company: CompanyState) -> bool:
    """Whether the company's distinct pieces' abilities work: all game, except for an Automa whose level has
    no Powerhouse-row bonus (the abilities replace that bonus)."""
    return bool(level(company).powerhouse_production_bonus)


def piece_at(game: Game, powerhouse: str) -> PowerhousePiece | None:
    """The distinct piece standing on ``powerhouse`` whose ability works (None: an ordinary Powerhouse, or
    an Automa whose level has no Powerhouse-row bonus)."""
    column = game.state.powerhouse_pieces.get(powerhouse)
    if column is None:
        return None
    company = game.state.companies[game.state.powerhouses[powerhouse]]
    return pieces(company)[column - 1] if pieces_at_work(company) else None


def placed(game: Game, seat: int, space: str, column: int) -> None:
    """A Powerhouse piece of ``column`` went on ``space``: noted where the company's pieces differ."""
    if pieces(game.state.companies[seat]):
        game.state.powerhouse_pieces[space] = column


def piece_choice(piece: PowerhousePiece) -> Choice:
    """A Powerhouse piece to build: its fixed cost and its ability, in the label and as data."""
    return Choice(keys.make("column", piece.column), f"The {piece.mixers}-Mixer Powerhouse: {piece.text}", (),
                  {"structure": "powerhouse", "column": piece.column, "mixers": piece.mixers,
                   "ability": piece.ability, "text": piece.text})
