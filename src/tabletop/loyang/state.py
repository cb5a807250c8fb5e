"""The immutable state of a game of At the Gates of Loyang.

A :class:`LoyangState` holds the table (action deck, discards, courtyard, supply, the solo grid),
one :class:`Player` per seat and a stack of pending decisions (``pending``, top last). The
decision on top says who moves and which moves are legal (see :mod:`tabletop.loyang.rules`).

In the solo game ``seats`` holds a second, imaginary player (index 1): the opponent whose
2 stalls, 2 regular and 2 casual customers lantern helpers can reach. It never acts.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from tabletop.kernel.rng import Rng
from tabletop.loyang.components import STANDARD, Components
from tabletop.loyang.moves import Move

T = TypeVar("T")
NO_VEG = (0, 0, 0, 0, 0, 0)

# Phases of a round (SETUP is the sowing of the home fields before round 1).
SETUP, HARVEST, CARD, ACTION, OVER = range(5)
PHASE_NAMES = ("setup", "harvest", "card", "action", "over")

# The state of a regular customer's obligation in the current round.
DUE, DELIVERED, DOUBLED, SETTLED = range(4)


@attrs.frozen
class Field:
    """A field in a player's field row: the card (private field number or common field action
    card), the vegetable sown (-1 while unsown) and the tokens still on it."""

    card: int
    veg: int = -1
    count: int = 0


@attrs.frozen
class Stall:
    """A market stall in play and which of its three slots still hold their vegetable."""

    card: int
    goods: tuple[bool, ...] = (True, True, True)


@attrs.frozen
class Regular:
    """A regular customer in play.

    ``rows`` are the filled rows (0-3; the card leaves play when the 4th is filled), ``delivered``
    the vegetable pairs lying on it (more than ``rows`` after a Messenger-boy double delivery),
    ``red`` the side of its satisfaction marker, ``status`` this round's obligation.
    """

    card: int
    rows: int = 0
    delivered: int = 0
    red: bool = False
    status: int = DUE


@attrs.frozen
class Player:
    """One farmer: money, board, cards in play, the private field pile and the hand."""

    cash: int
    loans: int = 0
    position: int = 1
    shop: tuple[int, ...] = NO_VEG
    cart: tuple[int, ...] = NO_VEG
    storehouse: tuple[int, ...] = NO_VEG
    upgraded: bool = False
    home_veg: int = -1
    home_count: int = 0
    fields: tuple[Field, ...] = ()
    pile: tuple[int, ...] = ()
    stalls: tuple[Stall, ...] = ()
    regulars: tuple[Regular, ...] = ()
    casuals: tuple[int, ...] = ()
    helpers: tuple[int, ...] = ()
    #: two-packs: (top card, lower card); the lower card is out of play until the top one leaves
    covered: tuple[tuple[int, int], ...] = ()
    hand: tuple[int, ...] = ()
    #: the blue-dot regular customer of the introductory version, held apart from the hand (-1: none)
    intro: int = -1
    #: helpers played in this round's Card phase (the Squire cannot be used in that round)
    fresh: tuple[int, ...] = ()


# ---------------------------------------------------------------------------------------------
# Pending decisions. Every record names the seat that decides.


@attrs.frozen
class SowHomePending:
    """Setup: buy wheat, pumpkin or turnip from your shop and sow your home field."""

    seat: int


@attrs.frozen
class HarvestPending:
    """Harvest phase with a Harvest helper at hand: choose fields to harvest 2 from, or harvest."""

    seat: int
    chosen: tuple[int, ...] = ()


@attrs.frozen
class CourtyardPending:
    """Card phase, distribution round: place a card in the courtyard or take and drop out."""

    seat: int
    flipped: bool = False


@attrs.frozen
class SquirePending:
    """Card phase with the Squire: pick up to 3 courtyard cards to play with ``hand_card``."""

    seat: int
    squire: int
    hand_card: int
    picked: tuple[int, ...] = ()


@attrs.frozen
class OfferPending:
    """Solo Card phase: buy up to ``limit`` cards from the 4x3 grid (4 with the Squire)."""

    seat: int
    bought: int = 0
    limit: int = 2
    squire: int = -1


@attrs.frozen
class PartnerPending:
    """4 players: the start player chooses a partner for the Action phase."""

    seat: int


@attrs.frozen
class ActionsPending:
    """A player's Action phase (actions A-H), with what this phase has activated so far."""

    seat: int
    two_pack: bool = False
    maid: bool = False
    messenger: bool = False
    official: bool = False
    blue_ready: bool = False
    bonus: bool = False
    sow_extra: int = 0


@attrs.frozen
class GivePending:
    """A trade at a market stall: give ``left`` more vegetables, then take the stall's one."""

    seat: int
    owner: int
    card: int
    slot: int
    left: int
    fee: int = 0
    #: the Trader used for a trade at another player's stall (-1: your own stall)
    helper: int = -1


@attrs.frozen
class KeepPending:
    """A two-pack was drawn: keep none, one, or both stacked."""

    seat: int
    drawn: tuple[int, ...]


@attrs.frozen
class CashPending:
    """A forced payment of ``amount`` Cash that the player cannot pay yet: sell, use a helper or
    take a loan until it can be paid. ``payee`` -1 is the supply."""

    seat: int
    amount: int
    payee: int = -1


@attrs.frozen
class ForemanPending:
    """A helper was just put on the discard pile: the Foreman's holder may take it."""

    seat: int
    helper: int


@attrs.frozen
class ShopPending:
    """Book-keeper: decide how many of vegetable ``veg`` your shop holds."""

    seat: int
    card: int
    veg: int = 0


@attrs.frozen
class BonusPending:
    """Book-keeper: choose the vegetable that pays 1 Cash per field sown with it."""

    seat: int
    card: int


@attrs.frozen
class MerchantPending:
    """Merchant: buy, for 1 Cash each, vegetables you must deliver twice this round."""

    seat: int
    card: int
    bought: tuple[int, ...] = ()


@attrs.frozen
class CrierPending:
    """Market crier, second option: move 1-3 vegetables from your stalls to your shop."""

    seat: int
    card: int
    moved: int = 0
    earned: int = 0


@attrs.frozen
class StorePending:
    """End of turn: keep vegetables in the storehouse (excess goes back to the supply)."""

    seat: int


@attrs.frozen
class AdvancePending:
    """End of turn: pay to move along the path of prosperity."""

    seat: int
    steps: int = 0


Pending = (
    SowHomePending
    | HarvestPending
    | CourtyardPending
    | SquirePending
    | OfferPending
    | PartnerPending
    | ActionsPending
    | GivePending
    | KeepPending
    | CashPending
    | ForemanPending
    | ShopPending
    | BonusPending
    | MerchantPending
    | CrierPending
    | StorePending
    | AdvancePending
)


def _no_moves() -> tuple[Any, ...] | None:
    return None


_REPLACERS: dict[type, Any] = {}
_setattr = object.__setattr__


def _replacer(cls: type) -> Any:
    """Compile a copy-with-changes function for ``cls`` (straight-line code, one line per
    attribute): building states is the engine's hottest path."""
    names = [a.name for a in attrs.fields(cls) if a.name != "_moves"]
    lines = ["def replace(inst, changes):", "    new = new_(cls)"]
    lines += [f"    set_(new, {name!r}, inst.{name})" for name in names]
    if "_moves" in {a.name for a in attrs.fields(cls)}:
        lines.append("    set_(new, '_moves', None)")
    lines += ["    for name, value in changes.items():", "        set_(new, name, value)", "    return new"]
    namespace: dict[str, Any] = {"new_": object.__new__, "set_": _setattr, "cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own field names
    return namespace["replace"]


def replace(inst: T, **changes: Any) -> T:
    """``attrs.evolve`` for the frozen classes of this package, several times faster: the new
    instance shares every unchanged attribute. A state's cached legal moves are not copied."""
    cls = type(inst)
    fn = _REPLACERS.get(cls)
    if fn is None:
        fn = _REPLACERS[cls] = _replacer(cls)
    result: T = fn(inst, changes)
    return result


@attrs.frozen
class LoyangState:
    """A position. Use :meth:`legal_moves` and :meth:`apply`; never mutate.

    Attributes (beyond the API): ``seats`` (players, plus the solo opponent), ``round`` (1-9),
    ``phase``, ``start``/``second`` (holders of the large and small start player tokens),
    ``order`` (seats in the order of the current phase), ``done`` (who finished it),
    ``partner`` (4 players, Action phase), ``draw``/``discard`` (action deck, top first / latest
    last), ``courtyard``, ``active`` (seats still in the distribution round, next first),
    ``taken`` (seats in the order they took), ``grid`` (solo offer, row by row, -1 = empty),
    ``reshuffled`` (solo: the one reshuffle happened), ``supply`` (vegetable tokens left; it goes
    below zero when players must improvise tokens), ``pending`` (decision stack).
    """

    n: int
    seats: tuple[Player, ...]
    round: int
    phase: int
    start: int
    second: int
    order: tuple[int, ...]
    done: tuple[bool, ...]
    partner: tuple[int, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    courtyard: tuple[int, ...]
    active: tuple[int, ...]
    taken: tuple[int, ...]
    grid: tuple[int, ...]
    reshuffled: bool
    supply: tuple[int, ...]
    pending: tuple[Pending, ...]
    rng: Rng
    introductory: bool = False
    goal: int = 17
    #: option: the Market crier may also sell in the Card phase to pay for a common field
    crier_in_card_phase: bool = False
    history: tuple[Move, ...] = ()
    comps: Components = attrs.field(default=STANDARD, eq=False, repr=False)
    _moves: tuple[Any, ...] | None = attrs.field(factory=_no_moves, eq=False, repr=False, init=False)

    # -- the API contract ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.n

    @property
    def solo(self) -> bool:
        return self.n == 1

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.pending[-1].seat

    def legal_moves(self) -> tuple[Any, ...]:
        moves = self._moves
        if moves is None:
            moves = _ENGINE["legal_moves"](self)
            _setattr(self, "_moves", moves)
        return moves

    def apply(self, move: Any) -> LoyangState:
        result: LoyangState = _ENGINE["apply"](self, move)
        return result

    def scores(self) -> tuple[int, ...]:
        from tabletop.loyang import scoring

        return scoring.scores(self)

    def winners(self) -> tuple[int, ...]:
        from tabletop.loyang import scoring

        return scoring.winners(self)

    def solo_result(self) -> str:
        """Solo: the rating reached ("master", "very good", "good" or "below goal")."""
        from tabletop.loyang import scoring

        return scoring.solo_result(self)

    def view(self, seat: int) -> LoyangState:
        from tabletop.loyang import view

        return view.view(self, seat)

    def to_json(self) -> str:
        from tabletop.loyang import setup

        return setup.to_json(self)

    def __str__(self) -> str:
        from tabletop.loyang.render import render

        return render(self)


#: The rules engine's entry points, registered by :mod:`tabletop.loyang.rules` at import.
_ENGINE: dict[str, Any] = {}
