"""The Geological Factor's rules (module ``geological``; expansion rulebook "Der Geofaktor", reference
sammelbecken.md section 4).

At setup a shuffled token lies on every valley with Dam spaces; the blanks leave, and so do the Powerhouse
tokens (5, 8) that came to a mountain valley (``lay_out``). A token names a structure: building that
structure in its valley costs more (``cost``; also when an effect builds it for free), and the token has
an effect. The facts are data (data/geological-tokens.toml); the base game asks here through the module's
hooks (``__init__.py``): construction (the cost, ``after_build``), production (``conduit_value``,
``production_bonus``, ``fulfils_contracts``, ``conduit_used``) and the income phase (``income``).

Decisions where the rulebook is unclear (each token's ``note`` in the data says it for the app):
- token 1's credits come in each Income phase (rounds 2-5), with the income;
- token 3's VP are for drops produced through the Conduits built in its valley (the ones its cost covers);
- token 4's water-drop effect is 1 drop from the supply behind that Dam per Elevation it has, up to its room;
- token 6 costs N Excavators and N mixers for a Conduit of raised value N (printed value + 1). It is that
  Conduit's machinery cost: tiles that change a construction's machinery change each half, and Solomon may
  pay it with credits. The extra machinery of tokens 2, 5 and 7 is no construction cost: no tile changes it
  and Solomon may not pay it with credits ("You cannot pay the additional costs for machinery with money");
  Elon's Excamixers may pay it. A yield tile's 1 Excavator / Mixer less lowers token 6's halves (build_costs.py),
  not the extra machinery. Angelo's Engineer in place of token 6's cost leaves the Conduit's usual machinery due;
- an effect's free build pays the token's cost in full (token 6's replacement too): the rulebook says the
  cost is paid "even if you build the structure through an effect";
- the Base tokens' income effects (1, 2) go with a Dam of yours in the valley however it was built; their
  costs and token 2's drop on building go with building a Base (not a Japanese Base-less Elevation);
- extra Engineers (token 3) stand on the company board until the round ends (out of play, like Engineers
  on an action space).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ... import rewards, water
from ...engine import keys
from ...automa_levels import is_automa
from ...boards import Board
from ...build_costs import ExtraCost
from ...components import load_data
from ...engine.decisions import Choice, Flow
from ...engine.draws import rng
from ...plugin import MapMark
from ...state import GameState
from .state import EVENT, GeologicalPrompt, GeologicalState, tokens_of

if TYPE_CHECKING:
    from ...game import Game

MODULE = GeologicalState.module  # its id among the modules (Setup.options["modules"])
BLANK = 0  # a blank token while they are shuffled (blanks never stay on the board)


@dataclass(frozen=True)
class Token:
    id: int
    structure: str  # base | elevation | conduit | powerhouse
    effect: str  # in words, for people
    note: str  # the decision taken where the rulebook is unclear ("" where it is plain)
    credits: int = 0  # extra cost
    excavators: int = 0
    mixers: int = 0
    engineers: int = 0
    replacement: bool = False  # token 6: N Excavators and N mixers instead of the usual machinery
    remove_in_mountains: bool = False
    base_less_elevation_pays: bool = True
    credits_per_drop: int = 0  # effects
    drops_on_build_and_income: int = 0
    vp_per_drop: int = 0
    drops_per_elevation: int = 0
    production_bonus: int = 0
    no_contract: bool = False
    conduit_value_bonus: int = 0
    credits_on_build: int = 0


@dataclass(frozen=True)
class Box:
    tokens: Mapping[int, Token]
    blanks: int  # blank tokens on a board other than the 4-5 player board (the rest go back to the box)
    all_blanks: int  # blank tokens in the box: all are laid out on the 4-5 player board
    note: str  # the decision for a board whose valleys are not one for each token and blank (``lay_out``)
    machinery_note: str  # the decision on a token's machinery: its segment, what lowers it


@cache
def box() -> Box:
    raw = load_data("geological/geological-tokens")
    tokens = {}
    for t in raw["token"]:
        tokens[t["id"]] = Token(
            t["id"], t["structure"], t["effect"], t["note"], t.get("extra_credits", 0), t.get("extra_excavators", 0),
            t.get("extra_mixers", 0), t.get("extra_engineers", 0), t.get("replacement", False),
            t["remove_in_mountains"], t.get("base_less_elevation_pays", True), t.get("credits_per_drop", 0),
            t.get("drops_on_build_and_income", 0), t.get("vp_per_drop", 0), t.get("drops_per_elevation", 0),
            t.get("production_bonus", 0), t.get("no_contract", False), t.get("conduit_value_bonus", 0),
            t.get("credits_on_build", 0))
    setup = raw["setup"]
    return Box(MappingProxyType(tokens), setup["blank_tokens"] - setup["blanks_returned_unless_5p"],
               setup["blank_tokens"], setup["note"], setup["machinery_note"])


def valleys(board: Board) -> list[int]:
    """The zones a token is laid on: every valley with Dam spaces (over its upper Dam space)."""
    return [z.id for z in board.zones.values() if z.dam_spaces]


# ---------------------------------------------------------------- setup

def layout_note(board: Board) -> str:
    """The setup decision that applies on ``board`` ("" on a board with one of the rulebook's counts of valleys:
    the base board's, one for each token and the blanks kept; the 4-5 player board's, with every blank)."""
    b = box()
    return "" if len(valleys(board)) in (len(b.tokens) + b.blanks, len(b.tokens) + b.all_blanks) else b.note


def lay_out(state: GameState, board: Board) -> None:
    """Setup steps 1-4: shuffle the tokens (from the game's seeded draws), one per valley, then take the
    blanks away and the crossed-out-mountain tokens from the mountain valleys.

    The rulebook says the module goes with every board but counts tokens for the base board's 10 valleys
    (8 tokens + 2 blanks). Decision (also in geological-tokens.toml): on a board with fewer valleys the
    valleys take the first tokens of the shuffled pile and the others go back to the box; on a board with
    more, blanks are shuffled in up to one per valley (the 4-5 player board's 13 valleys take the 8 tokens and
    all 5 blanks, as seed 002 prints), so which valleys have no token is random. With exactly 10 valleys the
    draw is as it always was."""
    b, m = box(), board
    zones = valleys(board)
    pool = sorted(b.tokens) + [BLANK] * max(b.blanks, len(zones) - len(b.tokens))
    rng(state).shuffle(pool)
    state.modules[MODULE] = GeologicalState({
        str(zone): t for zone, t in zip(zones, pool)
        if t != BLANK and not (b.tokens[t].remove_in_mountains and m.zones[zone].area == "mountain")})


def announce(game: Game) -> None:
    """The event of the laid-out tokens (when round 1 begins; nothing without the module)."""
    on = tokens_of(game.state)
    if not on:
        return
    tokens = box().tokens
    game.event("Geological tokens: " + "; ".join(f"zone {z}: token {t} ({tokens[t].effect})" for z, t in on.items()),
               kind=EVENT, refs=tuple(upper_dam(game.board, int(z)) for z in on), data={"tokens": dict(on)})


STRUCTURE_LETTER = {"base": "B", "elevation": "E", "conduit": "C", "powerhouse": "P"}


def tag(token: Token) -> str:
    """A token in a few letters: its number, the structure it concerns and its cost, e.g. "G4 E+3cr" (token 4:
    an Elevation there costs 3 credits more); "=ExMx" for token 6's replacement cost."""
    extra = ((token.credits, "cr"), (token.excavators, "Ex"), (token.mixers, "Mx"), (token.engineers, "E"))
    cost = "=ExMx" if token.replacement else "".join(f"+{n}{unit}" for n, unit in extra if n)
    return f"G{token.id} {STRUCTURE_LETTER[token.structure]}{cost}"


def map_marks(game: Game) -> tuple[MapMark, ...]:
    """Each token on the map, over its valley's upper dam space."""
    tokens = box().tokens
    return tuple(MapMark(upper_dam(game.board, int(zone)), tag(tokens[t]), "token",
                         f"Geological token {t}: {tokens[t].structure}: {tokens[t].effect}")
                 for zone, t in sorted(tokens_of(game.state).items(), key=lambda kv: int(kv[0])))


def upper_dam(board: Board, zone: int) -> str:
    """The valley's upper dam space (a token lies over it); a valley without one: its first dam space."""
    z = board.zones[zone]
    return next((s for s in z.dam_spaces if board.dams[s].upper), z.dam_spaces[0])


# ---------------------------------------------------------------- where the tokens lie

def token_in(game: Game, zone: int) -> Token | None:
    own = game.state.modules.get(GeologicalState.module)  # (asked for every space a build check looks at)
    t = own.tokens.get(str(zone)) if isinstance(own, GeologicalState) else None
    return None if t is None else box().tokens[t]


def valleys_for(game: Game, structure: str) -> frozenset[int]:
    """The valleys whose token may go with building ``structure`` (for an Elevation, a Base token too: a
    base-less one pays it): elsewhere no build of it pays a token's cost (a check of many spaces asks once)."""
    return _by_structure(tuple(tokens_of(game.state).items()), structure)[0]


def replaces_cost(game: Game, structure: str) -> bool:
    """Whether a token on the board replaces the usual machinery of building ``structure`` (token 6's Conduits)."""
    return _by_structure(tuple(tokens_of(game.state).items()), structure)[1]


@lru_cache(maxsize=256)  # (the tokens lie where setup laid them all game: every build check asks)
def _by_structure(laid: tuple[tuple[str, int], ...], structure: str) -> tuple[frozenset[int], bool]:
    """``valleys_for`` and ``replaces_cost`` of the tokens ``laid`` (zone, token)."""
    kinds = (structure, "base") if structure == "elevation" else (structure,)
    tokens = box().tokens
    return (frozenset(int(z) for z, t in laid if tokens[t].structure in kinds),
            any(tokens[t].replacement and tokens[t].structure == structure for _, t in laid))


def token_applies(game: Game, seat: int, structure: str, space: str,
                  base_less_elevation: bool = False) -> Token | None:
    """The token whose cost and effect go with building ``structure`` on ``space``, or None.

    ``base_less_elevation``: a Japanese Elevation built without a Base. It pays the Elevation tokens (4, 7;
    4's water-drop effect applies too) and not the Base tokens' costs (1, 2), as the Japan page says.
    (Construction passes it for an Elevation built on an empty Dam space.)"""
    t = token_in(game, game.board.zone_of(space))
    if t is None or not (t.structure == structure or (base_less_elevation and t.structure == "base")):
        return None
    if base_less_elevation and not t.base_less_elevation_pays:
        return None
    return t


def cost(game: Game, seat: int, structure: str, space: str, base_less_elevation: bool = False) -> ExtraCost | None:
    """What the token of ``space``'s valley adds to building ``structure`` there (None: nothing)."""
    t = token_applies(game, seat, structure, space, base_less_elevation)
    if t is None:
        return None
    return _extra_cost(t, conduit_value(game, space) if t.replacement else 0)


@cache
def _extra_cost(t: Token, replacement: int) -> ExtraCost | None:
    """A token's cost as a build's extra cost: made once (builds' checks ask it for every space, and key their
    payments by it)."""
    if t.replacement:
        return ExtraCost(f"Geological token {t.id}", t.id, EVENT, replacement=replacement)
    if not (t.credits or t.excavators or t.mixers or t.engineers):
        return None
    return ExtraCost(f"Geological token {t.id}", t.id, EVENT, t.credits, t.excavators, t.mixers, t.engineers)


def conduit_value(game: Game, conduit: str) -> int:
    """A Conduit space's production value: as printed, raised by its valley's token (6)."""
    c = game.board.conduits[conduit]
    t = token_in(game, c.zone)
    return c.production + (t.conduit_value_bonus if t is not None else 0)


# ---------------------------------------------------------------- effects

def after_build(game: Game, seat: int, structure: str, space: str, base_less_elevation: bool = False) -> Flow[None]:
    """The token's effect on building (2: a drop behind the new Base; 4: drops per Elevation; 7: credits)."""
    t = token_applies(game, seat, structure, space, base_less_elevation)
    if t is None:
        return
    if t.drops_on_build_and_income and structure == "base":
        yield from _offer_drop(game, seat, space, t)
    if t.drops_per_elevation:
        dam = game.state.dams[space]
        n = min(t.drops_per_elevation * dam.elevations, water.room(game, space))  # a Base-less one counts
        dam.drops += n
        game.state.drops_created += n
        game.event(f"{game.name(seat)} puts {rewards.count(n, 'drop')} behind the dam on {space} (Geological token {t.id}).",
                   seat, EVENT, (space,), {"token": t.id, "drops": n})
    if t.credits_on_build:
        game.gain_credits(seat, t.credits_on_build)
        game.event(f"{game.name(seat)} gains {rewards.count(t.credits_on_build, 'credit')} (Geological token {t.id}).",
                   seat, EVENT, (space,), {"token": t.id, "credits": t.credits_on_build})


def _offer_drop(game: Game, seat: int, space: str, t: Token) -> Flow[None]:
    """Token 2: you may put a drop behind your Dam here (a person is asked; an Automa always does)."""
    if water.room(game, space) < 1:
        return
    if not is_automa(game, seat):
        key = yield from game.ask(seat, GeologicalPrompt.DROP, f"Put a drop behind your dam on {space} "
                                  f"(Geological token {t.id})?",
                                  [Choice(keys.make("geo-drop", space), f"Put 1 drop behind {space}", (space,)),
                                   Choice("skip", "No drop")], auto=False, data={"token": t.id, "dam": space})
        if key == "skip":
            return
    game.state.dams[space].drops += t.drops_on_build_and_income
    game.state.drops_created += t.drops_on_build_and_income
    game.event(f"{game.name(seat)} puts a drop behind the dam on {space} (Geological token {t.id}).",
               seat, EVENT, (space,), {"token": t.id, "drops": t.drops_on_build_and_income})


def income(game: Game, seat: int) -> Flow[None]:
    """The Income phase: token 1's credits per drop held, token 2's drop, for each Dam of ``seat`` there."""
    m = game.board
    for space, dam in list(game.state.dams.items()):
        if dam.owner != seat:
            continue
        t = token_in(game, m.dams[space].zone)
        if t is None:
            continue
        if t.credits_per_drop and dam.drops:
            n = t.credits_per_drop * dam.drops
            game.gain_credits(seat, n)
            game.event(f"{game.name(seat)} gains {rewards.count(n, 'credit')} for the drops behind {space} (Geological token "
                       f"{t.id}).", seat, EVENT, (space,), {"token": t.id, "credits": n})
        if t.drops_on_build_and_income:
            yield from _offer_drop(game, seat, space, t)


def company_board_engineers(game: Game, seat: int) -> int:
    """A person's Engineers a token lets stand on ``seat``'s company board: its extra Engineers for each of the
    seat's Conduits in its valley."""
    allowed = 0
    for conduit, owner in game.state.conduits.items():
        t = token_in(game, game.board.conduits[conduit].zone) if owner == seat else None
        allowed += t.engineers if t is not None and t.structure == "conduit" else 0
    return allowed


def production_bonus(game: Game, powerhouse_zone: int) -> int:
    """Energy a production through a Powerhouse of this zone makes on top (tokens 5, 8)."""
    t = token_in(game, powerhouse_zone)
    return t.production_bonus if t is not None else 0


def fulfils_contracts(game: Game, powerhouse_zone: int) -> bool:
    """Whether a production through a Powerhouse of this zone may fulfil a contract (not with token 8)."""
    t = token_in(game, powerhouse_zone)
    return t is None or not t.no_contract


def production_events(game: Game, seat: int, powerhouse: str, conduits: list[str]) -> None:
    """Say which tokens changed a production (the Energy itself is worked out by production.py)."""
    zone = game.board.powerhouses[powerhouse].zone
    t = token_in(game, zone)
    if t is not None and t.production_bonus:
        game.event(f"+{t.production_bonus} energy from Geological token {t.id}"
                   + ("; this energy fulfils no contract." if t.no_contract else "."), seat, EVENT,
                   (powerhouse,), {"token": t.id, "energy": t.production_bonus})
    for conduit in conduits:
        c = token_in(game, game.board.conduits[conduit].zone)
        if c is not None and c.conduit_value_bonus:
            game.event(f"{conduit} has value {conduit_value(game, conduit)} (Geological token {c.id}).", seat,
                       EVENT, (conduit,), {"token": c.id})


def conduit_used(game: Game, conduit: str, drops: int) -> None:
    """Token 3: the owner of a Conduit of its valley scores per drop produced through it."""
    t = token_in(game, game.board.conduits[conduit].zone)
    if t is None or not t.vp_per_drop:
        return
    owner = game.state.conduits[conduit]
    vp = t.vp_per_drop * drops
    game.gain_vp(owner, vp, "geology")
    game.event(f"{game.name(owner)} scores {vp} VP for the drops through {conduit} (Geological token {t.id}).",
               owner, EVENT, (conduit,), {"token": t.id, "vp": vp})
