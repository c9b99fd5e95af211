"""What a module of the game brings to the app, registered by the module next to its rules: the module
``barrage_tui/rules/modules/<id>/app.py`` sets ``PARTS`` (a module without it brings nothing). The rules never
import it, so the rules core stays headless (tests/rules/test_architecture.py); the app asks here for the
parts of the modules in play in a game, and names no module itself."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rich.console import RenderableType

if TYPE_CHECKING:
    from barrage_tui.rules import Game

    from .view import Panel


@dataclass(frozen=True)
class ModuleParts:
    """A module's parts of the app: its panels (each shown beside the contracts, a tab where the panels take
    turns; the panel's id is its name), its sections of the help screen (title, what they show) and of the
    round summary (title, a line each)."""

    panels: Sequence[Callable[[], Panel]] = ()
    help: Callable[[Game], list[tuple[str, list[RenderableType]]]] | None = None
    round_summary: Callable[[Game, int], list[tuple[str, list[str]]]] | None = None


NO_PARTS = ModuleParts()


@cache
def _parts_of(module: str) -> ModuleParts:
    name = f"barrage_tui.rules.modules.{module}.app"
    if importlib.util.find_spec(name) is None:
        return NO_PARTS
    parts = getattr(importlib.import_module(name), "PARTS", NO_PARTS)
    return parts if isinstance(parts, ModuleParts) else NO_PARTS


def parts(game: Game) -> list[ModuleParts]:
    """The app parts of the modules in play in ``game`` (none without modules)."""
    return [_parts_of(m.id) for m in game.hooks.modules]


def panels(game: Game) -> list[Panel]:
    """A new panel of each the game's modules show."""
    return [make() for p in parts(game) for make in p.panels]


def help_sections(game: Game) -> list[tuple[str, list[RenderableType]]]:
    return [section for p in parts(game) if p.help is not None for section in p.help(game)]


def summary_sections(game: Game, round_no: int) -> list[tuple[str, list[str]]]:
    return [s for p in parts(game) if p.round_summary is not None for s in p.round_summary(game, round_no)]
