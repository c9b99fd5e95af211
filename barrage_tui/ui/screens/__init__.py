"""The app's screens: start, game, help, round summary, end of game, and small dialogs."""
