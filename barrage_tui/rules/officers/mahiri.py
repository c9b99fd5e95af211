"""Mahiri Sekibo: two private spaces (1 Engineer; 1 Engineer + 3 credits), each once a round.

Using one, she copies another chief engineer's ability and at once takes another action under it.
The copy ends with that extra action.

Decision (UNVERIFIED in the reference): the Board Game Arena version gives her 9 starting credits. None
of our rules texts says so (Appendix 9 of the expansion rulebook describes only the two spaces), so she
starts with the usual 6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import copy_and_act_again
from ..components import components
from ..decisions import Flow
from .base import Officer

if TYPE_CHECKING:
    from ..game import Game


class Mahiri(Officer):
    id = "mahiri"
    private_action_label = "copy a chief engineer, then act again"
    copies_others = True
    automa_first_action_for_others = True  # an Automa with her: the others' first action goes the Automa way

    @property
    def private_spaces(self) -> tuple[tuple[int, int], ...]:
        """(Engineers, credits) of her two spaces: management-board.toml, board "officer"."""
        return components().mahiri_spaces

    def private_action_possible(self, game: Game, seat: int) -> bool:
        return not game.state.companies[seat].copied_officer  # not for the extra action of a copy

    def private_action(self, game: Game, seat: int) -> Flow[None]:
        yield from copy_and_act_again(game, seat)
