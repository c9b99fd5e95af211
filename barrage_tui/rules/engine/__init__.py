"""The engine's machinery, beneath the base game and its modules: decisions and events (``decisions``), the
keys of choices (``keys``), the game's random draws (``draws``) and the limits of what files are read
(``file_limits``). It imports nothing of the game's rules (tests/rules/test_architecture.py)."""
