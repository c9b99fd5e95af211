"""The modules of the game, one package each, named by its id in ``data/modules.toml``. Importing this
package registers them all (``plugin.register``); the base game never imports one."""

from . import china, duel, extra_board, geological, leeghwater

__all__ = ["china", "duel", "extra_board", "geological", "leeghwater"]
