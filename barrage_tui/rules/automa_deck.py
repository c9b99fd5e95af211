"""The Automa's deck of 20 cards (automa.md 3.2, 3.3): shuffled at setup, one card flipped a turn."""

from __future__ import annotations

from .engine.draws import rng
from .state import GameState

DECK_SIZE = 20  # the Automa cards are numbered 1..20 (automa.md section 7)


def shuffle_deck(state: GameState) -> None:
    cards = list(range(1, DECK_SIZE + 1))
    rng(state).shuffle(cards)
    state.automa_draw, state.automa_discard = cards, []


def flip(state: GameState) -> None:
    """Flip the top card onto the discard pile. When that empties the draw pile, the rest of the discard
    pile is shuffled into a new one and the card just flipped stays as the criteria card (BGA's way, 3.3)."""
    state.automa_discard.append(state.automa_draw.pop())
    if not state.automa_draw:
        rest = state.automa_discard[:-1]
        rng(state).shuffle(rest)
        state.automa_draw, state.automa_discard = rest, state.automa_discard[-1:]
