"""Saved games: one human-readable TOML file per game (format: docs/save-format.md).

    save_game(game, path)          # atomic write
    game = load_game(path)         # checked load; raises SaveError (str = "<file>: <problem>", one line)
    store = SaveStore(directory)   # autosave slots, named saves, listing; default folder in the user data dir

Imports only the rules core.
"""

from .codec import FORMAT, VERSION
from .errors import SaveError
from .files import game_id, load_game, loads_game, save_game
from .lock import GameInUse, GameLock
from .replay import board_warning
from .store import SaveInfo, SaveStore, default_save_dir

__all__ = ["FORMAT", "VERSION", "GameInUse", "board_warning", "GameLock", "SaveError", "SaveInfo", "SaveStore", "default_save_dir", "game_id",
           "load_game", "loads_game", "save_game"]
