"""The widgets of the game screen, one module per part of the table."""
