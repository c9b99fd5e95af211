"""What a company can build now: each tile use's spaces with the payments it can make there
(``build_plan``), and whether it can build at all (``can_build``, asked before an action is offered).
Spaces that cost alike (a cost class) are priced once."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import cache, partial
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple, overload

from . import company_board
from .boards import Board
from .build_costs import (CostRules, ExtraCost, Payment, cost_rules, each_payment, extra_cost, fee_rule, payable,
                          unique, within_reach)
from .build_spaces import legal_spaces, red_fees
from .build_tiles import TileUse, each_tile_use, tile_uses
from .company_board import NO_LOSS, Loss
from .components import STRUCTURES
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game


def _cost_class(game: Game, structure: str, rules: CostRules) -> Callable[[str], Hashable]:
    """space -> its cost class now: the map's (``_cost_classes``), for an Elevation whether it raises a dam
    (no red fee) or stands on an empty space (Japan: the red fee of a new dam), and with a module that makes
    one space dearer than the board does (``red_surcharge``: the China Challenge's A3) that space's fee. A
    module's structure: its space's machinery (``rules``' module costs) and red fee (a private building's
    spaces: each building's free ones cost alike)."""
    if structure not in STRUCTURES:
        first, second, fee = rules.structure_costs, rules.second_costs, red_fees(game, structure)
        return lambda space: (first.get(space), second.get(space), fee(space))
    classes = _cost_classes(game.board, structure)
    dams = game.state.dams
    of: Callable[[str], Hashable] = (classes.__getitem__ if structure != "elevation"
                                     else lambda space: (classes[space], space in dams))
    if not game.hooks.red_surcharge:
        return of
    fee_of = red_fees(game, structure)  # (what does not depend on the space, found once)
    return lambda space: (of(space), fee_of(space))


@cache
def _cost_classes(m: Board, structure: str) -> dict[str, Hashable]:
    """space -> cost class, for every space of ``structure``. Spaces of one class cost the same to build
    on: (area, red fee) for dams, the value of a conduit, the red fee of a powerhouse space. (Map data
    only: it never changes; a board is hashed by identity.)"""
    if structure == "conduit":  # (a covered one: what uncovers it may make it cheaper)
        return {s: (c.production, c.covered) for s, c in m.conduits.items()}
    if structure == "powerhouse":
        return {s: p.extra_credits for s, p in m.powerhouses.items()}
    return {s: (d.area, d.extra_credits) for s, d in m.dams.items()}


def cost_class(game: Game, seat: int, use: TileUse) -> Callable[[str], Hashable]:
    """space -> its cost class for building with ``use`` now (with a module's extra cost there): spaces of one
    class are paid for in the same ways, so a search over many spaces prices each class once."""
    rules = cost_rules(game, seat)(use)
    class_of = _cost_class(game, use.structure, rules)
    token_of = _token_costs(game, seat, use.structure)
    if token_of is None:
        return class_of
    return lambda space: (class_of(space), token_of(space))


def build_plan(game: Game, seat: int, credits: int,
               engineer_free: bool = False) -> dict[str, dict[str, Sequence[Payment]]]:
    """tile-use key -> space -> payments, keeping only what can really be built."""
    return plan_for(game, seat, credits, tile_uses(game, seat, engineer_free))


def _column_terms(company: CompanyState, structure: str, column: int | None) -> list[tuple[Loss, int]]:
    """The different (loss, piece) of the columns the next piece may come from (or of ``column``): the
    machinery the column loses (Brazil), and the column itself where its piece has its own cost (China's
    Powerhouses; else 0)."""
    if structure not in STRUCTURES:  # a module's structure: no piece of the company board
        return [(NO_LOSS, 0)]
    own = structure == "powerhouse" and bool(company_board.pieces(company))
    if column is None and not own and not company_board.any_order(company, structure):  # (a row taken from
        return [(NO_LOSS, 0)] if company.pieces[structure] > 0 else []  # the left loses nothing: most rows)
    found = [column] if column is not None else company_board.free_columns(company, structure)
    return sorted({(company_board.loss(company, structure, c), c if own else 0) for c in found})


def plan_for(game: Game, seat: int, credits: int, uses: list[TileUse],
             column: int | None = None) -> dict[str, dict[str, Sequence[Payment]]]:
    """As ``build_plan``, for the piece of ``column`` (None: of any column the row offers). A space is kept when it
    can be paid (``payable``); its payments are listed when first read (the chosen space's, a label's price)."""
    company = game.state.companies[seat]
    rules_of = cost_rules(game, seat)
    legal: dict[str, list[str]] = {}  # structure -> legal spaces, the same for every use building it
    # (structure, cost rules tile, cost class, a module's extra cost, column terms) -> payments (None: no way to pay)
    found: dict[tuple[str, str, Hashable, ExtraCost | None, tuple[Loss, int]], Payments | None] = {}
    plan: dict[str, dict[str, Sequence[Payment]]] = {}
    for use in uses:
        s = use.structure
        rules = rules_of(use)
        fee_of = fee_rule(game, seat, use)
        if s not in legal:
            legal[s] = legal_spaces(game, seat, s)
        class_of = _cost_class(game, s, rules)
        terms = _column_terms(company, s, column)
        spaces: dict[str, Sequence[Payment]] = {}
        for space in legal[s]:
            token = extra_cost(game, seat, s, space)
            by_loss = []
            for loss, piece in terms:
                key = (s, rules.tile, class_of(space), token, (loss, piece))
                if key not in found:
                    fee = fee_of(space)
                    found[key] = Payments(partial(each_payment, company, s, space, credits, rules, fee, token, loss,
                                                  column=piece)) if payable(
                        company, s, space, credits, rules, fee, token, loss, piece) else None
                if (pays := found[key]) is not None:
                    by_loss.append(pays)
            if by_loss:
                spaces[space] = by_loss[0] if len(by_loss) == 1 else Payments(partial(chain.from_iterable, by_loss))
        if spaces:
            plan[use.key] = spaces
    return plan


class Payments(Sequence[Payment]):
    """The ways to pay for a build on one space, listed (without repeats, in order) when first read."""

    __slots__ = ("_ways", "_listed")

    def __init__(self, ways: Callable[[], Iterable[Payment]]) -> None:
        self._ways = ways
        self._listed: list[Payment] | None = None

    def _list(self) -> list[Payment]:
        if self._listed is None:
            self._listed = unique(self._ways())
        return self._listed

    @overload
    def __getitem__(self, i: int) -> Payment: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Payment]: ...

    def __getitem__(self, i: int | slice) -> Payment | Sequence[Payment]:
        return self._list()[i]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[Payment]:
        return iter(self._list())

    def __repr__(self) -> str:
        return f"Payments({self._list()!r})"


def can_build(game: Game, seat: int, credits: int, engineer_free: bool = False) -> bool:
    """Whether any tile use can build anywhere."""
    return next(buildable_uses(game, seat, credits, each_tile_use(game, seat, engineer_free)), None) is not None


def buildable_uses(game: Game, seat: int, credits: int, uses: Iterable[TileUse]) -> Iterator[TileUse]:
    """The ``uses`` that can build somewhere, in order: those ``build_plan`` keeps, without listing their
    payments (the cheapest checks first: a piece left, the cheapest build within reach, a legal space, then
    one payable space per cost class)."""
    return filter(BuildCheck(game, seat, credits), uses)


class BuildCheck:
    """Whether a tile use can build somewhere (``buildable_uses``), asked one use at a time: what several uses
    share (a structure's pieces and legal spaces, the answer for one structure and cost rules) is found once."""

    __slots__ = ("game", "seat", "credits", "_rules_of", "_answers", "_found", "_legal")

    def __init__(self, game: Game, seat: int, credits: int) -> None:
        self.game, self.seat, self.credits = game, seat, credits
        self._rules_of: Callable[[TileUse | None], CostRules] | None = None
        self._answers: dict[tuple[str, str], bool] = {}  # (structure, cost rules tile) -> whether it can build
        self._found: dict[str, _Pieces | None] = {}  # structure -> its pieces' terms (None: none left)
        self._legal: dict[str, list[str]] = {}  # structure -> its legal spaces, the same for every use building it

    def __call__(self, use: TileUse) -> bool:
        game, seat, s = self.game, self.seat, use.structure
        if s not in self._found:
            self._found[s] = _pieces(game, seat, s)
        pieces = self._found[s]
        if pieces is None:
            return False
        if self._rules_of is None:
            self._rules_of = cost_rules(game, seat)
        rules = self._rules_of(use)
        answer = self._answers.get((s, rules.tile))
        if answer is None:  # (a use with the same structure and cost rules: answered already)
            answer = self._answers[s, rules.tile] = _builds(
                game, seat, game.state.companies[seat], self.credits, use, rules, pieces, self._legal)
        return answer


class _Pieces(NamedTuple):
    """What a check of one structure reads for every tile use building it: the terms of the pieces it may take
    (``_column_terms``), the Geological tokens' costs (None: none apply) and whether a module's cost replaces the
    usual machinery somewhere (``replaces_cost``: token 6's Conduits)."""

    terms: list[tuple[Loss, int]]
    token_of: Callable[[str], ExtraCost | None] | None
    replaced: bool


def _pieces(game: Game, seat: int, s: str) -> _Pieces | None:
    terms = _column_terms(game.state.companies[seat], s, None)
    if not terms:
        return None
    replaces = game.hooks.replaces_cost  # (none without modules)
    return _Pieces(terms, _token_costs(game, seat, s), bool(replaces) and any(hook(game, s) for hook in replaces))


def _builds(game: Game, seat: int, company: CompanyState, credits: int, use: TileUse, rules: CostRules,
            pieces: _Pieces, legal: dict[str, list[str]]) -> bool:
    """Whether ``use`` builds somewhere: its cheapest build within reach (over the board's cost classes before any
    space is listed; a module's structure, whose spaces cost as the module says: each cost of its legal spaces), then a
    payable legal space. ``legal``: the legal spaces by structure, listed once for every use. Where a module's cost
    replaces the usual machinery (token 6's Conduits), those spaces are priced one by one."""
    s = use.structure
    base = s in STRUCTURES
    bound = not rules.conduit_discounts  # (a module's discount makes one Conduit cheaper than its class)
    reach = not (base and bound) or _within_reach(company, credits, s, rules, pieces, _class_spaces(game.board, s))
    if not reach and not pieces.replaced:
        return False
    if s not in legal:
        legal[s] = legal_spaces(game, seat, s)
    spaces = legal[s]
    if spaces and not base and bound:
        reach = _module_reach(company, credits, s, rules, spaces)
    if not reach:  # only where a module's cost replaces the machinery may it still be paid
        token_of = pieces.token_of
        spaces = [] if token_of is None else [
            space for space in spaces if (token := token_of(space)) is not None and token.replacement]
    return bool(spaces) and _payable_somewhere(game, seat, company, credits, use, rules, spaces, pieces)


def _within_reach(company: CompanyState, credits: int, s: str, rules: CostRules, pieces: _Pieces,
                  spaces: Sequence[str]) -> bool:
    """Whether the cheapest build of ``s`` on any of ``spaces`` (one of each cost class on the board) is within the
    company's machinery and credits (``within_reach``; a module's extra costs only add)."""
    return within_reach(company, s, rules, spaces, [p for _, p in pieces.terms], credits)


def _module_reach(company: CompanyState, credits: int, s: str, rules: CostRules, spaces: Sequence[str]) -> bool:
    """Whether a module's structure (a private building: its Excavators and its Mixers) can be paid on any of
    ``spaces`` before their red fees, each cost its module gives priced once."""
    seen = set()
    for space in spaces:
        cost = (rules.structure_costs[space], rules.second_costs.get(space))
        if cost not in seen:
            seen.add(cost)
            if payable(company, s, space, credits, rules, 0):
                return True
    return False


@cache
def _class_spaces(m: Board, structure: str) -> tuple[str, ...]:
    """One space of each cost class of ``structure`` on the board (``_cost_classes``)."""
    return tuple({c: s for s, c in reversed(_cost_classes(m, structure).items())}.values())


def _payable_somewhere(game: Game, seat: int, company: CompanyState, credits: int, use: TileUse,
                       rules: CostRules, spaces: list[str], pieces: _Pieces) -> bool:
    s = use.structure
    unpayable: set[Hashable] = set()  # the cost classes (with the token's cost) found unpayable
    class_of = _cost_class(game, s, rules)
    fee_of = fee_rule(game, seat, use)
    (loss, piece), more = pieces.terms[0], pieces.terms[1:]
    token_of = pieces.token_of
    for space in spaces:
        token = token_of(space) if token_of is not None else None
        alike = (class_of(space), token)
        if alike not in unpayable:
            fee = fee_of(space)
            if payable(company, s, space, credits, rules, fee, token, loss, piece) or any(
                    payable(company, s, space, credits, rules, fee, token, *term) for term in more):
                return True
            unpayable.add(alike)
    return False


def _token_costs(game: Game, seat: int, structure: str) -> Callable[[str], ExtraCost | None] | None:
    """space -> a module's extra cost of building ``structure`` there (a Geological token's), looked up only in
    the zones where one may apply (its ``build_cost_zones``; a space of ``structure``'s table: Bases and
    Elevations on dam spaces); None when there are none (without modules: never)."""
    hooks = game.hooks.build_cost_zones
    if not hooks:
        return None
    valleys = frozenset().union(*(hook(game, structure) for hook in hooks))
    if not valleys:
        return None
    m = game.board
    where = m.conduits if structure == "conduit" else m.powerhouses if structure == "powerhouse" else m.dams
    return lambda space: extra_cost(game, seat, structure, space) if where[space].zone in valleys else None
