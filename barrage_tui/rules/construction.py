"""Construction: Bases, Elevations, Conduits and Powerhouses (rulebook "Construction").

One construction: choose a Technology tile from your supply, a legal space, and how to pay; the tile
and the machinery go into the open segment of the wheel, the wheel turns one segment, the piece is
placed (+3 credits on a red-outlined space), an uncovered income slot pays at once, then the tile's
effect happens. A company whose rows may be taken in any order (Brazil, company_board.py) also chooses the column
after the tile, and loses that column's machinery for good (also for a free build) before its income.

Here: the construction and an effect's free build (their questions and the choices they show), paying,
and placing the piece. The tile uses: build_tiles.py; where a piece may go: build_spaces.py; what it costs
and the ways to pay: build_costs.py; what can be built now: buildable.py; the income it uncovers: income.py.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import TYPE_CHECKING

from . import company_board, officers, patents, rewards, wheel
from .build_costs import (WAIVER_ENGINEERS, Payment, cost_order, extra_cost, fee_rule, free_payments, lost_label,
                          why_not, why_not_free)
from .build_spaces import base_less, fee_for, legal_spaces, space_label, space_value, without_base
from .build_tiles import TileUse, tile_uses
from .buildable import BuildCheck, plan_for
from .company_board import NO_LOSS
from .components import STRUCTURES, Toml, components
from .engine.decisions import Choice, Flow, LazyData, Offer, PromptKind, once
from .income import take_uncovered, uncovered_income
from .engine.keys import Key, make
from .plugin import Structure, module_structure
from .state import CompanyState, DamState

if TYPE_CHECKING:
    from .game import Game


def construct(game: Game, seat: int, engineer_free: bool = False) -> Flow[None]:
    """One construction with a Technology tile (generator). The action space is already paid."""
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    uses = {u.key: u for u in tile_uses(game, seat, engineer_free)}
    builds = BuildCheck(game, seat, credits)  # (a tile checked when its choice is read)
    key = yield from game.ask(seat, PromptKind.BUILD_TILE, "Choose the Technology tile to build with.",
                              Offer([Choice(k, partial(_tile_label, u), (u.tile,)) for k, u in uses.items()],
                                    {k: partial(builds, u) for k, u in uses.items()}),
                              help="A tile builds its structure type; it goes on your wheel with the machinery.")
    use = uses[key]
    spaces = plan_for(game, seat, credits, [use])[key]  # (the chosen tile's spaces and payments only)
    added = module_structure(game, use.structure) if use.structure not in STRUCTURES else None
    columns = [0] if added is not None else company_board.free_columns(company, use.structure)
    column = columns[0]
    if len(columns) > 1:  # a row taken in any order (Brazil): which column, each with its income and loss
        plans = {c: p[key] for c in columns if (p := plan_for(game, seat, credits, [use], c))}
        column = yield from _ask_column(game, seat, use.structure, list(plans),
                                        [c for c in columns if c not in plans])
        spaces = plans[column]
    fee_of = fee_rule(game, seat, use)
    priced = [space_choice(game, seat, use.structure, s, fee_of(s), spaces[s], column) for s in spaces]

    def short() -> tuple[tuple[str, str], ...]:  # the legal spaces it cannot pay for, and why (when read)
        found = [(space_label(game, use.structure, s), why_not(game, seat, use, s, fee_of(s)))
                 for s in legal_spaces(game, seat, use.structure) if s not in spaces]
        if added is not None:  # and those whose requirements are not met
            found += [(space_label(game, use.structure, s), why) for s, why in added.unavailable(game, seat)]
        return tuple(found)
    space = yield from game.ask(seat, PromptKind.BUILD_SPACE, f"Where do you build the {use.structure}?", priced,
                                data=LazyData({"structure": use.structure}, {"unavailable": short}))
    space = Key.parse(space).rest()
    pay = yield from _choose_payment(game, seat, use.structure, spaces[space])
    if use.supply_tile:
        game.state.companies[seat].tiles.remove(use.supply_tile)
    # Tile and machinery (a token's extra machinery too) into the open segment, then the wheel turns one segment.
    back = _pay(game, seat, use.structure, space, pay, list(use.to_wheel), turn=True)
    tile_name = components().tile(use.tile).name
    fee = fee_of(space)
    paid = pay.words(partial(game.money, seat), fee)
    game.event(f"{game.name(seat)} builds {rewards.a(use.structure)} on {space} with the {tile_name} tile, paying {paid}"
               + (f"; the wheel returns {', '.join(back)}" if back else "") + ".", seat, "build", (space,))
    if added is not None:  # a module's structure: its red outline paid, what building it does is the module's
        game.pay_credits(seat, fee)
        yield from added.built(game, seat, use.tile, space)
        yield from patents.after_build(game, seat, use.tile, use.structure, space)  # a Joker's effect (III)
        return
    yield from place_piece(game, seat, use.structure, space, fee, column)
    yield from patents.after_build(game, seat, use.tile, use.structure, space)


def _tile_label(use: TileUse) -> str:
    """A tile use's words, when read (a use that cannot build is never worded: some build nothing here)."""
    return use.label


def _choose_payment(game: Game, seat: int, structure: str, offered: Sequence[Payment]) -> Flow[Payment]:
    pays = {p.key: p for p in offered}
    key = yield from game.ask(seat, PromptKind.PAYMENT, f"How do you pay for the {structure}?",
                              [Choice(k, p.label, data=_payment_data(p)) for k, p in pays.items()])
    return pays[key]


def _payment_data(pay: Payment) -> dict[str, object]:
    return {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
            "credits": pay.credits + pay.token_credits, "engineers": pay.engineers, "waiver": pay.waiver}


def _pay(game: Game, seat: int, structure: str, space: str, pay: Payment, tiles: list[str], turn: bool) -> list[str]:
    """Pay a build (not the red fee: ``place_piece``): machinery onto the open segment (the wheel turns for a
    construction, not for a free build: a token's extra machinery waits there for the next construction),
    credits, a Geological token's Engineers onto the company board or its waiver. Returns the tiles back."""
    company = game.state.companies[seat]
    company.excavators -= pay.excavators
    company.mixers -= pay.mixers
    company.excamixers -= pay.excamixers
    game.pay_credits(seat, pay.credits + pay.token_credits)
    wheel.load_open_segment(company, tiles, pay.excavators, pay.mixers, pay.excamixers)
    back = wheel.turn(company) if turn else []
    lose(game, seat, pay.lost)
    token = extra_cost(game, seat, structure, space)
    if token is None:
        return back
    if pay.engineers:
        game.place_engineers(seat, f"company-{seat}", pay.engineers, " for a Geological token.")
    if pay.waiver:
        need = WAIVER_ENGINEERS[pay.waiver]
        waiver = next(o for o in officers.in_force(company) if o.token_waiver(game, seat) == need)
        waiver.waive_token_cost(game, seat)
    game.event(f"{game.name(seat)} pays {token.name}'s cost on {space}: "
               + ("instead, " + pay.label if pay.waiver else token.short) + ".", seat, token.kind, (space,),
               {"token_cost": token.number, "cost": token.as_data(), "waiver": pay.waiver})
    return back


def _ask_column(game: Game, seat: int, structure: str, able: list[int], unable: list[int]) -> Flow[int]:
    """Which column of the row the piece is taken from (generator; a lone one is taken at once)."""
    company = game.state.companies[seat]
    own = company_board.pieces(company) if structure == "powerhouse" else ()
    if own:  # China's Powerhouses: each piece its own cost and ability
        key = yield from game.ask(seat, PromptKind.POWERHOUSE_PIECE, "Which of your Powerhouse pieces do you build?",
                                  [company_board.piece_choice(own[c - 1]) for c in able],
                                  data={"structure": structure, "unavailable": tuple(
                                      (f"the {own[c - 1].mixers}-Mixer Powerhouse", "cannot be paid for")
                                      for c in unable)})
        return Key.parse(key).number()
    choices = [column_choice(company, structure, c) for c in able]
    short = tuple((f"column {c}", f"cannot also lose {lost_label(company_board.loss(company, structure, c))}")
                  for c in unable)
    key = yield from game.ask(seat, PromptKind.BUILD_COLUMN, f"Which column of your board do you take the "
                              f"{structure} from?", choices, data={"structure": structure, "unavailable": short})
    return Key.parse(key).number()


def column_choice(company: CompanyState, structure: str, column: int) -> Choice:
    """A column of a row taken in any order: the income it uncovers (and its price), the machinery lost."""
    income = uncovered_income(company, structure, column)
    loss = company_board.loss(company, structure, column)
    label = short = f"Column {column}"
    if income is not None:
        price = f" (for {income.price} credits each time)" if income.price else ""
        label += f": uncovers {rewards.describe(income.reward)}{price}"
        short += f": uncovers {rewards.describe(income.reward, rewards.SHORT)}{price}"
    if loss != NO_LOSS:
        label += f" · loses {lost_label(loss)} for good"
        short += f" · loses {lost_label(loss, short=True)} for good"
    data = {"structure": structure, "column": column, "income": income.reward if income else None,
            "price": income.price if income else 0, "loss": {"excavators": loss[0], "mixers": loss[1]}}
    return Choice(make("column", column), label, (), data, short=short)


def lose(game: Game, seat: int, lost: tuple[int, int, int]) -> None:
    """Machinery returned to the general supply for good (a column's loss), counted for the invariants."""
    if not any(lost):
        return
    company = game.state.companies[seat]
    company.excavators -= lost[0]
    company.mixers -= lost[1]
    company.excamixers -= lost[2]
    company.machinery_lost = [n + k for n, k in zip(company.machinery_lost, lost)]
    game.event(f"{game.name(seat)} loses {lost_label(lost)} for good (the column's cost).", seat, "build",
               data={"lost": lost})


@rewards.handler("build")
def _build_reward(game: Game, seat: int, reward: Toml) -> Flow[None]:
    yield from free_build(game, seat, reward["build"], reward.get("build_areas"), reward.get("build_max_production"))


def free_build(game: Game, seat: int, structure: str, areas: Collection[str] | None = None,
               max_production: int | None = None) -> Flow[None]:
    """A contract's free build: no Engineers, tile, machinery or wheel turn; the red +3 is still paid, a
    Geological token's cost (its machinery onto the open segment, the wheel not turning) and a column's loss
    (seed 002: Brazil pays it for a piece built by an effect too)."""
    company = game.state.companies[seat]
    credits = game.spendable_credits(seat)
    legal = legal_spaces(game, seat, structure, areas, max_production)
    columns = company_board.free_columns(company, structure)
    column = columns[0] if columns else 0
    if legal and len(columns) > 1:  # a row taken in any order (Brazil): a column whose loss can be paid
        able = [c for c in columns if any(free_payments(game, seat, structure, s, credits, c) for s in legal)]
        if able:
            column = yield from _ask_column(game, seat, structure, able, [c for c in columns if c not in able])
    plan = {s: pays for s in legal if (pays := free_payments(game, seat, structure, s, credits, column))}
    choices = [space_choice(game, seat, structure, s, fee_for(game, seat, structure, s), pays, column)
               for s, pays in plan.items()]
    choices.append(Choice("skip", "Do not build"))

    def short() -> tuple[tuple[str, str], ...]:
        return tuple((space_label(game, structure, s), why_not_free(game, seat, structure, s, column))
                     for s in legal if s not in plan)
    picked = yield from game.ask(seat, PromptKind.BUILD_SPACE, f"Free build: where do you build the {structure}?",
                                 choices, auto=False, data=LazyData({"structure": structure}, {"unavailable": short}))
    if picked == "skip":
        return
    space = Key.parse(picked).rest()
    pay = yield from _choose_payment(game, seat, structure, plan[space])
    _pay(game, seat, structure, space, pay, [], turn=False)
    fee = fee_for(game, seat, structure, space)
    paid = f", paying {pay.words(partial(game.money, seat), fee)}" if fee or pay != FREE else ""
    game.event(f"{game.name(seat)} builds {rewards.a(structure)} on {space} for free{paid}.", seat, "build", (space,))
    yield from place_piece(game, seat, structure, space, fee, column)


FREE = Payment(0, 0, 0)  # a build that pays nothing (an effect's, on a plain space, without a token)


def place_piece(game: Game, seat: int, structure: str, space: str, fee: int, column: int = 0) -> Flow[None]:
    """The piece of ``column`` (0: the first the row offers) goes on ``space``; its column's income pays."""
    st = game.state
    company = st.companies[seat]
    game.pay_credits(seat, fee)
    column = column or company_board.free_columns(company, structure)[0]
    company_board.take(company, structure, column)
    if structure == "base":
        st.dams[space] = DamState(owner=seat, height=1)
    elif without_base(game, structure, space):  # Japan: an Elevation without a Base
        st.dams[space] = DamState(owner=seat, height=1, base=False)
    elif structure == "elevation":
        st.dams[space].height += 1
    elif structure == "conduit":
        st.conduits[space] = seat
    else:
        st.powerhouses[space] = seat
        company_board.placed(game, seat, space, column)
    yield from take_uncovered(game, seat, structure, column)
    for hook in game.hooks.after_build:  # the modules' (a Geological token's effect)
        yield from hook(game, seat, structure, space, structure == "elevation" and base_less(game, space))


def space_choice(game: Game, seat: int, structure: str, space: str, fee: int, pays: Sequence[Payment],
                 column: int = 0) -> Choice:
    """A space to build on, with its price (the cheapest of ``pays``, the red fee, a Geological token's cost
    and the machinery the piece's ``column`` loses) and the income it uncovers, in the label and as data
    (both worked out when first read)."""
    words = once(lambda: _space_words(game, seat, structure, space, fee, min(pays, key=cost_order), column))
    return Choice(make("space", space), lambda: words()[0], (space,), lambda: words()[1], lambda: words()[2])


def _space_words(game: Game, seat: int, structure: str, space: str, fee: int, pay: Payment,
                 column: int) -> tuple[str, dict[str, object], str]:
    """``space_choice``'s label, data and short label."""
    company = game.state.companies[seat]
    if structure not in STRUCTURES:
        added = module_structure(game, structure)
        assert added is not None, structure
        return _module_structure_words(game, added, space, pay, fee)
    column = column or company_board.free_columns(company, structure)[0]
    income = uncovered_income(company, structure, column)
    loss = company_board.loss(company, structure, column)
    total = Payment(pay.excavators, pay.mixers, pay.credits + fee, pay.excamixers, pay.token_credits,
                    pay.engineers, pay.waiver)
    label = space_label(game, structure, space) + (f" · costs {total.short}" if total != Payment(0, 0, 0) else "")
    token = extra_cost(game, seat, structure, space)
    if token is not None:
        label += f" · {token.name}: {token.short}"
    short = label
    if loss != NO_LOSS:
        label += f" · loses {lost_label(loss)}"
        short += f" · loses {lost_label(loss, short=True)}"
    if income is not None:
        price = f" for {income.price} cr" if income.price else ""
        label += f" · uncovers {rewards.describe(income.reward)}{price}"
        short += f" · uncovers {rewards.describe(income.reward, rewards.SHORT)}{price}"
    data: dict[str, object] = {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
                               "credits": pay.credits + pay.token_credits, "red": fee,
                               "income": income.reward if income else None}
    if token is not None:  # (credits above: the token's included) its cost, and the Engineers it takes
        data |= {"engineers": pay.engineers, "token": token.as_data()}
    if company_board.any_order(company, structure):  # a piece from a chosen column: its income's price and its loss
        data |= {"column": column, "income_price": income.price if income else 0,
                 "loss": {"excavators": loss[0], "mixers": loss[1]}}
    if without_base(game, structure, space):
        data["without_base"] = True  # Japan: a new height-1 dam, an Elevation without a Base
    own = company_board.pieces(company) if structure == "powerhouse" else ()
    if own:  # China's Powerhouse piece of ``column``: its ability
        piece = own[column - 1]
        label += f" · the {piece.mixers}-Mixer Powerhouse ({piece.text})"
        short += f" · the {piece.mixers}-Mixer Powerhouse ({piece.text})"
        data |= {"piece": piece.column, "ability": piece.ability}
    bonus = company_board.conduit_value_bonus(company) if structure == "conduit" else 0
    if bonus:  # China's pipelines: the value the Conduit will have as the company's
        data["value"] = space_value(game, space) + bonus
        label += f" · value {data['value']} as yours"
        short += f" · value {data['value']} as yours"
    return label, data, short


def _module_structure_words(game: Game, added: Structure, space: str,
                            pay: Payment, fee: int) -> tuple[str, dict[str, object], str]:
    total = Payment(pay.excavators, pay.mixers, pay.credits + fee, pay.excamixers)
    label = f"{added.label(game, space)} · costs {total.short}"
    data: dict[str, object] = {"excavators": pay.excavators, "mixers": pay.mixers, "excamixers": pay.excamixers,
                               "credits": pay.credits, "red": fee, "income": None, **added.data(game, space)}
    return label, data, f"{added.short(game, space)} · {total.short}"
