"""Mahiri Sekibo: two private spaces (1 Engineer; 1 Engineer + 3 credits), each once a round.

Using one, she copies another chief engineer's ability and at once takes another action under it.
The copy ends with that extra action, or at the end of the round for an officer whose copy lasts
(``Officer.copy_lasts_round``: Elon, Amir). While she copies, ``officers.in_force`` gives the copied
officer's ``as_copy()`` besides her own.

Decision (UNVERIFIED in the reference): the Board Game Arena version gives her 9 starting credits. None
of our rules texts says so (Appendix 9 of the expansion rulebook describes only the two spaces), so she
starts with the usual 6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import contracts
from ..engine import keys
from ..actions import take_turn
from ..components import components
from ..engine.decisions import Choice, Flow, PromptKind
from . import OFFICERS
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game

MAHIRI = "mahiri"


def targets(game: Game, seat: int) -> list[str]:
    """The chief engineers she may copy: the other companies' and the spare ones."""
    st = game.state
    others = [c.officer for c in st.companies if c.seat != seat]
    return others + st.spare_officers


def copy_and_act_again(game: Game, seat: int) -> Flow[None]:
    """Her space: copy another chief engineer's ability, then take another action under it."""
    company = game.state.companies[seat]
    names = components().officers
    copyable = [o for o in targets(game, seat) if o in OFFICERS and o not in (MAHIRI, "none")]
    if copyable:
        key = yield from game.ask(seat, PromptKind.COPY_OFFICER, "Copy which chief engineer's ability?",
                                  [Choice(keys.make("copy", o), f"{names[o].name}: {names[o].ability}") for o in copyable])
        company.copied_officer = keys.Key.parse(key).arg(0)
        lasts = OFFICERS[company.copied_officer].copy_lasts_round
        if lasts and company.copied_officer not in company.copied_for_round:
            company.copied_for_round.append(company.copied_officer)
        game.event(f"{game.name(seat)} copies {names[company.copied_officer].name}"
                   + (" until the end of the round." if lasts else "."), seat, "officer")
    contracts.refill(game)
    yield from take_turn(game, seat, extra=True)
    company.copied_officer = ""


class Mahiri(Officer):
    id = MAHIRI
    private_action_label = "copy a chief engineer, then act again"

    @property
    def private_spaces(self) -> tuple[tuple[int, int], ...]:
        """(Engineers, credits) of her two spaces: management-board.toml, board "officer"."""
        return components().mahiri_spaces

    def private_action_possible(self, game: Game, seat: int) -> bool:
        return not game.state.companies[seat].copied_officer  # not for the extra action of a copy

    def private_action(self, game: Game, seat: int) -> Flow[None]:
        yield from copy_and_act_again(game, seat)
