"""Building Automa positions for tests.

    game = automa_game(level="medium")          # P1 (human, USA) and the Automa (seat 1, Italy), round 1,
                                                # the Automa to act (it plays first in round 1)
    clear_map(game); put_dam(game, "B5L", AUTOMA, drops=2); ...    # the position
    set_cards(game, action=7, criteria=12)      # the card sides its next flip shows
    choice = decide(game)                       # the one choice the hook offers (key = the recorded step)
    game.choose(choice.key)

``view(game, card)`` gives the criteria functions what they look at (the Automa, a criteria card).
"""

from __future__ import annotations

from types import SimpleNamespace

import automa
from automa.cards import cards
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.rules.state import NEUTRAL
from tests.rules.helpers import clear_map, put_conduit, put_dam, put_powerhouse  # as in the rules' tests

HUMAN, AUTOMA = 0, 1


def automa_game(level="medium", company="italy", officer="", human=("usa", "wilhelm"), seed=1,
                attach=True) -> Game:
    setup = Setup(seats=(SeatSetup("P1", company=human[0], officer=human[1]),
                         SeatSetup("A", "automa", company, officer, level)), seed=seed)
    game = Game.new(setup)
    return automa.attach(game) if attach else game


def restart(game: Game) -> Game:
    """The same position as a fresh game (nothing cached), the Automa attached."""
    return automa.attach(Game(game.setup, game.state))


def wait_drops(game: Game, headstream: str, n: int) -> None:
    game.state.headstream_drops[headstream] += n
    game.state.drops_created += n


def set_cards(game: Game, action: int, criteria: int) -> None:
    """Stack the deck: the next flip shows the action side of ``action`` and the criteria of ``criteria``."""
    rest = [c for c in range(1, 21) if c not in (action, criteria)]
    game.state.automa_draw = rest + [action, criteria]
    game.state.automa_discard = []


def decide(game: Game):
    """The hook's one choice for the pending Automa prompt."""
    assert game.prompt.kind == "automa", game.prompt
    (choice,) = game.prompt.choices
    return choice


def ops(choice) -> list[str]:
    return choice.key.split(";")


def view(game: Game, card: int, seat: int = AUTOMA):
    """What the placement criteria look at: the game, the Automa and a criteria card."""
    return SimpleNamespace(game=game, seat=seat, company=game.state.companies[seat], criteria=cards()[card].criteria)


__all__ = ["HUMAN", "AUTOMA", "NEUTRAL", "clear_map", "put_conduit", "put_dam", "put_powerhouse"]
