"""The Automa, the official solo opponent of Barrage (reference automa.md), for 1-3 Automa seats at four
difficulty levels. It depends on ``barrage_tui.rules`` only.

    from automa import attach
    game = attach(Game.new(setup))   # every Automa prompt now offers the one step its cards give
    game.choose(game.prompt.choices[0].key)

Modules: cards (the 20 cards, data/cards.toml), turn (the turn procedure), boxes/ (one per box type),
placement + criteria + geography (where it builds), watersim (where drops end up), contracts, machinery,
engineers (where its Engineers go), officers (a Very Hard Automa's chief engineer; officer_wu, officer_amir,
officer_octavius for the longer rules of the expansion box's), income, answers (the questions the rules
ask while a step runs), context (a step being worked out), hook (attach).
"""

from .hook import Automa, attach

__all__ = ["Automa", "attach"]
