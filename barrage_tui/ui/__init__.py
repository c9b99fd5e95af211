"""The Textual app: a start screen, the game screen built from one widget per part of the table, help,
round summaries and the end-of-game screen. It shows the rules' typed views of a game (``barrage_tui.rules``:
``table_view``, ``company_view`` ...) and offers ``game.prompt.choices``; it never decides a rule nor reads
the state."""

import os as _os

# The app's colours are the terminal's own (see app.DEFAULT_THEME). Said before Textual is imported,
# Textual starts in that theme instead of switching to it (which would parse every stylesheet twice).
_os.environ.setdefault("TEXTUAL_THEME", _os.environ.get("BARRAGE_THEME", "ansi-dark"))
# Textual draws a changed screen at its next frame tick; at 120 ticks a second a key's answer waits at
# most ~8 ms for it (the screen is only drawn when something changed, so this costs nothing at rest).
_os.environ.setdefault("TEXTUAL_FPS", "120")
