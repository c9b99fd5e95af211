"""The China company (seed 002 "Chinese Company"; reference sammelbecken.md 1.9), usable on any board.

Pressure pipelines: every Conduit China built has production value +1 for whoever uses it
(``conduit_bonus``, added by production.conduit_value on top of a Geological token's +1) and costs 1 Mixer
more to build (build_costs.py, ``company_board.conduit_extra_mixers``); another company producing through one pays
China per drop and China scores VP per drop by the step its number of Conduits built has reached (``fee``).
Unique powerhouses: its four Powerhouse pieces (company_board.py: the row's columns, taken in any order) each have a
fixed Mixer cost and an ability for productions through that piece only (``piece_at``); which piece stands
where is ``GameState.powerhouse_pieces``. The facts are China's entry in data/companies.toml.

Decisions (UNVERIFIED, the rulebook does not say; each is also written in the data):
- the 3-Mixer piece's "production value +2" is +2 Energy once per production (like the Powerhouse row's
  bonus), not +2 per drop;
- the pieces' abilities replace the Powerhouse row: China has no +1 / +3 production bonus and nothing
  switches on with its 3rd Powerhouse (companies/china.py);
- an Automa's pieces' abilities follow its level's Powerhouse-row bonus (Medium and up), the abilities they
  stand in for; the pipelines' value, cost and fee hold at every level, like Japan's board rules;
- the 5-Mixer piece's extra drop is worth the production's best path value (with Dr. Octavius's several
  dams: the most valuable one used), counted before Viktor's minimum and the bonuses;
- the 4-Mixer piece's VP count the production's whole Energy (its bonuses included);
- a free build (a contract's) of a China Conduit pays no extra Mixer (it pays no machinery at all), and a
  contract's "Conduit of value at most N" looks at the space, without China's +1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import company_board
from .engine import keys
from .automa_levels import level
from .components import BASE_FEE, FeeStep, PowerhousePiece, components
from .engine.decisions import Choice
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

EVENT = "china"  # the kind of the events of China's own rules; ``data`` says which (fee, piece)


def pieces(company: CompanyState) -> tuple[PowerhousePiece, ...]:
    """The company's distinct Powerhouse pieces, by column (none: its Powerhouses are alike)."""
    return components().companies[company.company].powerhouse_pieces


def powerhouse_row(game: Game, seat: int) -> list[tuple[PowerhousePiece, str]]:
    """The seat's distinct Powerhouse pieces (for its company board), each with the space it stands on ("":
    still on the board, to be built)."""
    where = {column: space for space, column in game.state.powerhouse_pieces.items()
             if game.state.powerhouses[space] == seat}
    return [(p, where.get(p.column, "")) for p in pieces(game.state.companies[seat])]


def conduit_bonus(game: Game, conduit: str) -> int:
    """What the owner of a built ``conduit`` adds to its value (China: +1); 0 for an empty space."""
    owner = game.state.conduits.get(conduit)
    return 0 if owner is None else company_board.conduit_value_bonus(game.state.companies[owner])


def fee(game: Game, conduit: str) -> FeeStep:
    """What another company pays per drop through the built ``conduit`` and its owner scores per drop: the
    owner's last fee step reached by its number of Conduits built."""
    st = game.state
    owner = st.companies[st.conduits[conduit]]
    built = sum(1 for o in st.conduits.values() if o == owner.seat)
    steps = components().companies[owner.company].pipelines.fee
    return next((s for s in reversed(steps) if built >= s.from_conduits_built), BASE_FEE)


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


def ability(game: Game, powerhouse: str) -> str:
    piece = piece_at(game, powerhouse)
    return piece.ability if piece is not None else "none"


def extra_drop(game: Game, powerhouse: str) -> bool:
    """Whether a production through ``powerhouse`` counts one drop more (the 5-Mixer piece)."""
    return ability(game, powerhouse) == "one_extra_drop"


def energy_bonus(game: Game, powerhouse: str) -> int:
    """Energy a production through ``powerhouse`` makes on top (the 3-Mixer piece: +2)."""
    return 2 if ability(game, powerhouse) == "production_plus_2" else 0


def placed(game: Game, seat: int, space: str, column: int) -> None:
    """A Powerhouse piece of ``column`` went on ``space``: noted where the company's pieces differ."""
    if pieces(game.state.companies[seat]):
        game.state.powerhouse_pieces[space] = column


def after_production(game: Game, seat: int, powerhouse: str, energy: int) -> None:
    """The pieces' abilities told, and the 4-Mixer piece's VP: 1 per 2 Energy of the production."""
    piece = piece_at(game, powerhouse)
    if piece is None or piece.ability == "none":
        return
    data: dict[str, object] = {"piece": piece.column, "ability": piece.ability}
    if piece.ability == "vp_per_2_energy":
        vp = energy // 2
        game.gain_vp(seat, vp, "powerhouses")
        data["vp"] = vp
        text = f"scores {vp} VP for {energy} energy"
    else:
        text = "made " + ("2 more energy" if piece.ability == "production_plus_2" else "energy as if 1 more drop")
    game.event(f"{game.name(seat)}'s {piece.mixers}-Mixer Powerhouse on {powerhouse} {text}.", seat, EVENT,
               (powerhouse,), data)


def piece_choice(piece: PowerhousePiece) -> Choice:
    """A Powerhouse piece to build: its fixed cost and its ability, in the label and as data."""
    return Choice(keys.make("column", piece.column), f"The {piece.mixers}-Mixer Powerhouse: {piece.text}", (),
                  {"structure": "powerhouse", "column": piece.column, "mixers": piece.mixers,
                   "ability": piece.ability, "text": piece.text})

