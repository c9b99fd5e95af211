"""What a position's Geological tokens must be (a saved or running game), and what must hold while it is played."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...validation import fail, key_path, one_of
from .rules import box, valleys
from .state import GeologicalState

if TYPE_CHECKING:
    from ...boards import Board
    from ...game import Game


def check_state(g: GeologicalState, board: Board, at: Callable[[str], str]) -> None:
    """Each token once, on a valley with Dam spaces, a Powerhouse token never on a mountain valley
    (rules.lay_out)."""
    where_tokens = at("tokens")
    valley_ids = {str(z) for z in valleys(board)}
    tokens = box().tokens
    zones = board.zones
    for zone, token in g.tokens.items():
        where = key_path(where_tokens, zone)
        one_of(where, zone, valley_ids, "valley (a zone with Dam spaces)")
        one_of(where, token, tokens, "Geological token")
        if tokens[token].remove_in_mountains and zones[int(zone)].area == "mountain":
            raise fail(where, f"token {token} leaves a mountain valley at setup")
    if len(set(g.tokens.values())) != len(g.tokens):
        raise fail(where_tokens, "a Geological token lies on two valleys")


def invariants(game: Game, now: GeologicalState, laid: GeologicalState) -> list[str]:
    """The tokens never move from where setup laid them."""
    if now.tokens != laid.tokens:
        return [f"geology: the tokens lie {now.tokens}, laid out {laid.tokens}"]
    return []
