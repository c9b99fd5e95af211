"""The extra action board's spaces (data/action-board.toml, every effect assumed): offered to a seat as
module action spaces, each taken once a round; a small-action space gives one of the small actions, chosen,
which are the Management board's own actions (``actions.do_action``). An Automa's Engineers only block a
space (``block``; where, the Automa's own rules say: automa/data/cards.toml [engineer_placement])."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING

from ... import actions, production, rewards
from ...automa_levels import is_automa
from ...components import ActionSpace, frozen_table, load_data
from ...engine.decisions import Choice, Flow, IllegalChoice
from ...plugin import ActionSpot
from .state import ExtraBoardEvent, ExtraBoardPrompt, extra_board

if TYPE_CHECKING:
    from ...game import Game

BOARD = "extra"  # the small actions' ActionSpace.board


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    engineers: int
    credits: int
    small: bool  # one of the small actions; else a production with ``production_bonus``
    production_bonus: int


@dataclass(frozen=True)
class SmallAction:
    key: str
    text: str
    space: ActionSpace  # the Management board's action it is, with its figures


@dataclass(frozen=True)
class Box:
    assumed: str
    spaces: tuple[Space, ...]
    small: tuple[SmallAction, ...]


@cache
def box() -> Box:
    raw = load_data("extra_board/action-board")
    spaces = tuple(Space(s["id"], s["name"], s["engineers"], s["credits"], s.get("small", False),
                         s.get("production_bonus", 0)) for s in raw["space"])
    figures = {"key", "text", "action", "cost_credits"}
    small = tuple(SmallAction(a["key"], a["text"], ActionSpace(
        f"{BOARD}-{a['key']}", BOARD, i + 1, 1, 0, 0, 1, a["action"], a.get("cost_credits", 0),
        frozen_table({k: v for k, v in a.items() if k not in figures}))) for i, a in enumerate(raw["small_action"]))
    return Box(raw["assumed"], spaces, small)


def spots(game: Game, seat: int) -> list[ActionSpot]:
    """The board's spaces ``seat`` may take now: free this round, and its action possible (a person's: the
    Automa's rules for the board are its own)."""
    if is_automa(game, seat):
        return []
    taken = extra_board(game.state).occupied
    credits = game.state.companies[seat].credits
    found = []
    for s in box().spaces:
        if s.id in taken or s.credits > credits:
            continue
        if s.small:
            if not _small_actions(game, seat, s.credits):
                continue
            what = "one small action (" + "; ".join(a.text for a in box().small) + ")"
        elif not _production_possible(game, seat, s):
            continue
        else:
            what = "a production" + (f" {s.production_bonus:+d}" if s.production_bonus else "")
        price = f", {rewards.count(s.credits, 'Credit')}" if s.credits else ""
        found.append(ActionSpot(s.id, s.engineers, s.credits,
                                f"{s.name}: {what} [{rewards.count(s.engineers, 'Engineer')}{price}] (assumed)",
                                f"Extra {s.engineers}E{'+' + str(s.credits) if s.credits else ''}: "
                                f"{'small action' if s.small else 'production'} (assumed)",
                                partial(take, space=s), s.name))
    return found


def _production_possible(game: Game, seat: int, space: Space) -> bool:
    """Whether ``seat`` can produce once the space's credits are paid (the toll of another's Conduit needs
    credits too)."""
    with actions.credits_after(game.state.companies[seat], space.credits):
        return production.can_produce(game, seat, space.production_bonus)


def _small_actions(game: Game, seat: int, fee: int) -> list[SmallAction]:
    """The small actions ``seat`` can carry out once ``fee`` is paid."""
    company = game.state.companies[seat]
    found = []
    for a in box().small:
        with actions.credits_after(company, fee + a.space.cost_credits):
            if company.credits >= 0 and actions.action_possible(game, seat, a.space):
                found.append(a)
    return found


def take(game: Game, seat: int, space: Space) -> Flow[None]:
    """The Engineers stand on ``space`` (its credits paid): its action."""
    extra_board(game.state).occupied[space.id] = seat
    if not space.small:
        yield from production.produce(game, seat, space.production_bonus)
        return
    offered = _small_actions(game, seat, 0)
    key = yield from game.ask(seat, ExtraBoardPrompt.SMALL_ACTION, "Which small action of the extra board?",
                              [Choice(a.key, a.text[0].upper() + a.text[1:]) for a in offered],
                              data={"space": space.id})
    chosen = next(a for a in offered if a.key == key)
    if chosen.space.cost_credits:
        game.pay_credits(seat, chosen.space.cost_credits)
    game.event(f"{game.name(seat)} takes the extra board's small action: {chosen.text} (assumed).", seat,
               ExtraBoardEvent.SMALL_ACTION, data={"space": space.id, "action": chosen.key})
    yield from actions.do_action(game, seat, chosen.space)


def free_spaces(game: Game) -> list[str]:
    """The board's spaces nobody took this round."""
    taken = extra_board(game.state).occupied
    return [s.id for s in box().spaces if s.id not in taken]


def block(game: Game, seat: int, space_id: str) -> str | None:
    """An Automa's Engineers block ``space_id`` (they do nothing there: its rules for this board, automa.md 4.3,
    say only when it stands here): the space's name; None where it is not one of the board's."""
    space = next((s for s in box().spaces if s.id == space_id), None)
    if space is None:
        return None
    taken = extra_board(game.state).occupied
    if space_id in taken:
        raise IllegalChoice(f"{space_id} is not a free action space")
    taken[space_id] = seat
    return space.name


def round_ends(game: Game) -> None:
    extra_board(game.state).occupied.clear()
