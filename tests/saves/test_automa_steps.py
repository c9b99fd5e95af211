"""A save's recorded Automa steps are checked against what the Automa decides in that position."""

import pytest

import automa
from barrage_tui.rules import Game, PromptKind, SeatSetup, Setup
from saves import SaveError, loads_game
from saves.codec import dumps


def automa_game_text() -> tuple[str, str]:
    """The text of a saved solo game a few turns in, and the first Automa step it records."""
    setup = Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                         SeatSetup("A2", "automa", "italy", "", "medium")), seed=5)
    game = automa.attach(Game.new(setup))
    step = None
    while step is None or len(game.log) < 12:
        prompt = game.prompt
        key = prompt.choices[0].key
        if prompt.kind == PromptKind.AUTOMA and step is None:
            step = key
        game.choose(key)
    return dumps(game), step


def test_a_save_with_its_automas_own_steps_loads_with_the_automa_attached():
    text, _ = automa_game_text()
    game = loads_game(text, "solo.toml", automa.attach)
    assert game.automa is not None and len(game.log) >= 12


@pytest.mark.parametrize("forged", ["vp:100", "flip;eng:bank-b:1;vp:1"])
def test_a_save_whose_automa_step_differs_is_refused_naming_the_log_entry(forged):
    text, step = automa_game_text()
    assert text.count(f'"{step}"') >= 1
    tampered = text.replace(f'"{step}"', f'"{forged}"')
    with pytest.raises(SaveError) as refused:
        loads_game(tampered, "solo.toml", automa.attach)
    message = str(refused.value)
    assert message.startswith("solo.toml: log.") and "illegal choice" in message and forged in message
