"""A company board's incomes as they are taken: the one a piece uncovers, paid at once when it is built
(``uncovered_income``), and the income phase of a human company (rulebook "Income"): every income slot
its Bases, Elevations and Conduits have uncovered gives its reward again. An income with a price (Brazil)
is taken after the free ones, each when the player pays for it (``take_priced``, also at once). (An
Automa's income: automa_turns.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import company_board, rewards
from .automa_levels import level
from .build_costs import short_of_credits
from .company_board import Income
from .engine.decisions import Choice, Flow, PromptKind
from .engine.keys import Key, make
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game


def income(game: Game, seat: int) -> Flow[None]:
    incomes = company_board.uncovered(game.state.companies[seat])
    for found in incomes:
        if not found.price:
            yield from _gain(game, seat, found, "takes income")
    priced = [i for i in incomes if i.price]
    if priced:
        yield from take_priced(game, seat, priced, "the Income phase")


def take_uncovered(game: Game, seat: int, structure: str, column: int) -> Flow[None]:
    """The income the piece of ``column`` uncovers, paid at once (a priced one if the player pays for it)."""
    found = uncovered_income(game.state.companies[seat], structure, column)
    if found is not None and found.price:
        yield from take_priced(game, seat, [found], "at once")
    elif found is not None:
        yield from _gain(game, seat, found, "uncovers an income")


def _gain(game: Game, seat: int, found: Income, how: str) -> Flow[None]:
    """An income's reward, with the event saying ``how`` it is taken."""
    game.event(f"{game.name(seat)} {how}: {rewards.describe(found.reward)}.", seat, "income")
    yield from rewards.gain(game, seat, found.reward, "income")


def uncovered_income(company: CompanyState, structure: str, column: int) -> Income | None:
    """The income paid at once for taking the piece of ``column`` (the n-th piece of a base board's row
    uncovers slot n), where the company board shows one (None: nothing to pay now)."""
    found = company_board.income(company, structure, column)
    return found if found is not None and level(company).immediate_income else None


def take_priced(game: Game, seat: int, incomes: list[Income], when: str) -> Flow[None]:
    """Incomes with a price (Brazil): one by one, in the order the player likes, each paid for before it is
    taken, or left (then it is skipped this time); the credits of one may pay for the next (generator)."""
    left = list(incomes)
    while left:
        credits = game.spendable_credits(seat)
        able = [i for i in left if i.price <= credits]
        short = tuple((income_label(i), short_of_credits(i.price, credits)) for i in left if i.price > credits)
        if not able:
            game.event(f"{game.name(seat)} cannot pay for " + "; ".join(income_label(i) for i in left) + ".",
                       seat, "income")
            return
        choices = [Choice(make("income", i.structure, i.column),
                          f"Pay {rewards.count(i.price, 'credit')}: {income_label(i)}", (),
                          {"structure": i.structure, "column": i.column, "price": i.price, "income": i.reward})
                   for i in able]
        choices.append(Choice("skip", "Take no " + ("more " if len(left) < len(incomes) else "") + "priced income"))
        key = yield from game.ask(seat, PromptKind.INCOME_PRICE, f"Pay for an income ({when})?", choices, auto=False,
                                  data={"unavailable": short})
        if key == "skip":
            return
        picked = Key.parse(key)
        taken = next(i for i in able if (i.structure, i.column) == (picked.arg(0), picked.number(1)))
        left.remove(taken)
        game.pay_credits(seat, taken.price)
        yield from _gain(game, seat, taken, f"pays {rewards.count(taken.price, 'credit')} for an income")


def income_label(income: Income) -> str:
    return f"{income.structure} column {income.column}: {rewards.describe(income.reward)}"
