"""Where an Automa acts in the round: its turns and its income, each ONE recorded step (automa_step.py).

The Automa (reference automa.md) has no credits and takes no decisions: a deck of cards does. The
``automa`` package reads the cards and works out a step; the rules core asks for it with a prompt of kind
``PromptKind.AUTOMA`` (no choices until the ``automa`` package, attached to the game, offers its one step)
and carries it out through the same rules functions a human's action uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import company_board
from .automa_levels import AUTOMA, level
from .automa_step import apply
from .build_costs import engineers_available
from .engine.decisions import NO_DATA, Flow, Prompt, PromptKind
from .components import components

if TYPE_CHECKING:
    from .game import Game

PROMPT_KIND = PromptKind.AUTOMA


def plays_automa_way(game: Game, seat: int) -> bool:
    """An Automa's turns; and a human's first action of each round while an Automa has an officer whose
    ability makes the others play it the Automa way (Mahiri Sekibo, automa.md section 10).

    Decision (UNVERIFIED, the reference gives only the one sentence): the human's card turn is worked out
    exactly as the Automa's (card sides, boxes, Engineers on the first free space, the box's VP cost);
    credits are paid and gained as usual, a production fulfils from the hand or a National contract, and
    the Automa's chief-engineer adaptations do not apply. "First action" = nothing placed yet this round."""
    st = game.state
    if st.companies[seat].kind == AUTOMA:
        return True
    if not any(c.kind == AUTOMA and components().officers[c.officer].automa_first_action_for_others
               for c in st.companies):
        return False
    placed = sum(n[seat] for n in st.engineers_on.values()) + st.bank[seat]
    return placed == 0


def take_turn(game: Game, seat: int) -> Flow[None]:
    """One Automa turn (generator): a single prompt whose one choice the ``automa`` package computes."""
    company = game.state.companies[seat]
    if company.kind == AUTOMA and not engineers_available(company):
        company.passed = True
        game.event(f"{game.name(seat)} (Automa) has no Engineers left and passes.", seat, "pass")
        return
    who = "(Automa)" if company.kind == AUTOMA else "plays this action the Automa way (Mahiri)"
    yield from _step(game, seat, f"{game.name(seat)} {who}: its turn from the Automa cards.")


def take_income(game: Game, seat: int) -> Flow[None]:
    """The round-start income of an Automa (generator): one step, asked only when an income slot is
    uncovered (its machinery of choice and drops are decided by the automa package, automa.md 5.10)."""
    company = game.state.companies[seat]
    if not level(company).round_income:
        game.event(f"{game.name(seat)} (Automa, {level(company).name}) takes no income.", seat, "income")
        return
    if not company_board.uncovered(company):
        return
    yield from _step(game, seat, f"{game.name(seat)} (Automa) takes its income.")


def _step(game: Game, seat: int, text: str) -> Flow[None]:
    key = yield Prompt(seat, PROMPT_KIND, text, (),
                       help="The Automa's whole step, worked out from its cards; it is recorded as one choice.")
    offered = game.prompt.find(key) if game.prompt is not None else None
    game.event(f"{game.name(seat)}: {offered.label}" if offered else text, seat, PROMPT_KIND,
               offered.refs if offered else (), offered.data if offered else NO_DATA)
    apply(game, seat, key)
