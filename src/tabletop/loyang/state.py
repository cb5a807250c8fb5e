"""The immutable state of a game of At the Gates of Loyang: data only.

A :class:`LoyangState` holds the table (action deck, discards, courtyard, supply, the solo grid),
one :class:`Player` per seat and the engine's stack of pending decisions (``stack``, the one
asked last). The decision on top says who moves; :mod:`tabletop.loyang.rules` says which moves
are legal and what they do (its ``RULES`` value is the state's ``rules``).

In the solo game ``seats`` holds a second, imaginary player (index 1): the opponent whose
2 stalls, 2 regular and 2 casual customers lantern helpers can reach. It never acts.
"""

from __future__ import annotations

import attrs

from tabletop.kernel.engine import CHANCE, EngineState, own_keys
from tabletop.kernel.pile import Pile
from tabletop.loyang.components import PRIVATE_BASE, STANDARD, Components, Vegetables

NO_VEG = Vegetables()

# Phases of a round (SETUP is the sowing of the home fields before round 1).
SETUP, HARVEST, CARD, ACTION, OVER = range(5)
PHASE_NAMES = ("setup", "harvest", "card", "action", "over")

# The state of a regular customer's obligation in the current round.
DUE, DELIVERED, DOUBLED, SETTLED = range(4)


@attrs.frozen(slots=False)
class Field:
    """A field in a player's field row: the card (private field number or common field action
    card), the vegetable sown (-1 while unsown) and the tokens still on it."""

    __attrs_post_init__ = own_keys

    card: int
    veg: int = -1
    count: int = 0


@attrs.frozen(slots=False)
class Stall:
    """A market stall in play and which of its three slots still hold their vegetable."""

    __attrs_post_init__ = own_keys

    card: int
    goods: tuple[bool, ...] = (True, True, True)


@attrs.frozen(slots=False)
class Regular:
    """A regular customer in play.

    ``rows`` are the filled rows (0-3; the card leaves play when the 4th is filled), ``delivered``
    the vegetable pairs lying on it (more than ``rows`` after a Messenger-boy double delivery),
    ``red`` the side of its satisfaction marker, ``status`` this round's obligation.
    """

    __attrs_post_init__ = own_keys

    card: int
    rows: int = 0
    delivered: int = 0
    red: bool = False
    status: int = DUE


@attrs.frozen(slots=False)
class Player:
    """One farmer: money, board, cards in play, the private field pile and the hand."""

    __attrs_post_init__ = own_keys

    cash: int
    loans: int = 0
    position: int = 1
    shop: Vegetables = NO_VEG
    cart: Vegetables = NO_VEG
    storehouse: Vegetables = NO_VEG
    upgraded: bool = False
    home_veg: int = -1
    home_count: int = 0
    fields: tuple[Field, ...] = ()
    #: the private field pile: its separately shuffled sets, the first drawn first (a field put
    #: under the pile lies at the bottom of the last); see :func:`pile_cards`
    pile: tuple[Pile[int], ...] = ()
    stalls: tuple[Stall, ...] = ()
    regulars: tuple[Regular, ...] = ()
    casuals: tuple[int, ...] = ()
    helpers: tuple[int, ...] = ()
    #: two-packs: (top card, lower card); the lower card is out of play until the top one leaves
    covered: tuple[tuple[int, int], ...] = ()
    hand: tuple[int, ...] = ()
    #: the blue-dot regular customer of the introductory version, held apart from the hand (-1: none)
    intro: int = -1
    #: in another seat's view: how many cards of the hand it cannot see (``hand`` is then empty)
    hidden_hand: int = 0
    #: in another seat's view: 1 when a blue-dot customer it cannot see is held (``intro`` is -1)
    hidden_intro: int = 0
    #: helpers played in this round's Card phase (the Squire cannot be used in that round)
    fresh: tuple[int, ...] = ()

    @property
    def score(self) -> int:
        """The position on the path of prosperity minus one space per loan."""
        return self.position - self.loans


def pile_cards(player: Player) -> tuple[int, ...]:
    """The fields of ``player``'s pile: each set's (in no known order), then what lies under it."""
    return tuple(card for part in player.pile for card in part.cards())


def action_cards_of(player: Player) -> list[int]:
    """The action cards ``player`` holds: fields in play and in the pile (not the private
    ones), stalls, customers, helpers and the cards under them, the hand and the introductory
    card."""
    cards = [f.card for f in player.fields if f.card < PRIVATE_BASE]
    cards.extend(s.card for s in player.stalls)
    cards.extend(r.card for r in player.regulars)
    cards.extend(player.casuals)
    cards.extend(player.helpers)
    cards.extend(lower for _, lower in player.covered)
    cards.extend(c for c in pile_cards(player) if c < PRIVATE_BASE)
    cards.extend(player.hand)
    if player.intro >= 0:
        cards.append(player.intro)
    return cards


# ---------------------------------------------------------------------------------------------
# Pending decisions. Every record names the seat that decides.


@attrs.frozen(slots=False)
class SowHomePending:
    """Setup: buy wheat, pumpkin or turnip from your shop and sow your home field."""

    seat: int


@attrs.frozen(slots=False)
class HarvestPending:
    """Harvest phase with a Harvest helper at hand: choose fields to harvest 2 from, or harvest."""

    seat: int
    chosen: tuple[int, ...] = ()


@attrs.frozen(slots=False)
class CourtyardPending:
    """Card phase, distribution round: place a card in the courtyard or take and drop out."""

    seat: int
    flipped: bool = False


@attrs.frozen(slots=False)
class SquirePending:
    """Card phase with the Squire: pick up to 3 courtyard cards to play with ``hand_card``."""

    seat: int
    squire: int
    hand_card: int
    picked: tuple[int, ...] = ()


@attrs.frozen(slots=False)
class OfferPending:
    """Solo Card phase: buy up to ``limit`` cards from the 4x3 grid (4 with the Squire)."""

    seat: int
    bought: int = 0
    limit: int = 2
    squire: int = -1


@attrs.frozen(slots=False)
class PartnerPending:
    """4 players: the start player chooses a partner for the Action phase."""

    seat: int


@attrs.frozen(slots=False)
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


@attrs.frozen(slots=False)
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


@attrs.frozen(slots=False)
class KeepPending:
    """A two-pack was drawn: keep none, one, or both stacked."""

    seat: int
    drawn: tuple[int, ...]


@attrs.frozen(slots=False)
class CashPending:
    """A forced payment of ``amount`` Cash that the player cannot pay yet: sell, use a helper or
    take a loan until it can be paid. ``payee`` -1 is the supply."""

    seat: int
    amount: int
    payee: int = -1


@attrs.frozen(slots=False)
class ForemanPending:
    """A helper was just put on the discard pile: the Foreman's holder may take it."""

    seat: int
    helper: int


@attrs.frozen(slots=False)
class ShopPending:
    """Book-keeper: decide how many of vegetable ``veg`` your shop holds."""

    seat: int
    card: int
    veg: int = 0


@attrs.frozen(slots=False)
class BonusPending:
    """Book-keeper: choose the vegetable that pays 1 Cash per field sown with it."""

    seat: int
    card: int


@attrs.frozen(slots=False)
class MerchantPending:
    """Merchant: buy, for 1 Cash each, vegetables you must deliver twice this round."""

    seat: int
    card: int
    bought: tuple[int, ...] = ()


@attrs.frozen(slots=False)
class CrierPending:
    """Market crier, second option: move 1-3 vegetables from your stalls to your shop."""

    seat: int
    card: int
    moved: int = 0
    earned: int = 0


@attrs.frozen(slots=False)
class StorePending:
    """End of turn: keep vegetables in the storehouse (excess goes back to the supply)."""

    seat: int


@attrs.frozen(slots=False)
class AdvancePending:
    """End of turn: pay to move along the path of prosperity."""

    seat: int
    steps: int = 0


# ---------------------------------------------------------------------------------------------
# Random events (seat CHANCE): resolved from the state's random source, or asked as decisions of
# the chance seat with ``chance="explicit"``.


@attrs.frozen(slots=False)
class StartPlayerDraw:
    """Setup: the start player is chosen at random (when the ``start_player`` option is None)."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class IntroDeal:
    """Introductory version: a blue-dot regular customer from the deck is dealt to ``to``."""

    to: int
    seat: int = CHANCE


@attrs.frozen(slots=False)
class OpponentDraw:
    """Solo setup: the next action card is turned up for the imaginary opponent."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class GridDraw:
    """Solo: the next action card fills position ``pos`` of the grid."""

    pos: int
    seat: int = CHANCE


@attrs.frozen(slots=False)
class HandDeal:
    """Card phase: the next action card of the deal goes to ``to``'s hand."""

    to: int
    seat: int = CHANCE


@attrs.frozen(slots=False)
class CourtyardFlip:
    """2 players: the top action card is turned into the courtyard."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class TwoPackDraw:
    """Action H: the next card of a two-pack (the :class:`KeepPending` under it collects it);
    with 2-4 players an empty deck is replaced by the shuffled discards first."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class FieldDraw:
    """Start of a round: ``owner`` turns over the top field of their pile."""

    owner: int
    seat: int = CHANCE


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
    | StartPlayerDraw
    | IntroDeal
    | OpponentDraw
    | GridDraw
    | HandDeal
    | CourtyardFlip
    | TwoPackDraw
    | FieldDraw
)


@attrs.frozen(slots=False)
class LoyangState(EngineState):
    """A position. Use :meth:`legal_moves` and :meth:`apply`; never mutate.

    Attributes (beyond the engine's ``stack`` of pending decisions, ``rng``, ``chance`` and
    history): ``n`` (players), ``seats`` (players, plus the solo opponent), ``round`` (1-9;
    0 during the setup), ``phase`` (``OVER`` once the stack is empty for good), ``start`` /
    ``second`` (holders of the large and small start player tokens; ``start`` is -1 until a
    random start player is chosen), ``order`` (seats in the order of the current phase),
    ``done`` (who finished it), ``partner`` (4 players, Action phase), ``deck`` (the face-down
    action deck, a :class:`~tabletop.kernel.pile.Pile`: no order is stored, each draw is a
    random event), ``deck_top`` (cards known to lie on it), ``discard`` (latest last),
    ``courtyard``, ``active`` (seats still in the distribution round, next first), ``taken``
    (seats in the order they took), ``grid`` (solo offer, row by row, -1 = empty),
    ``reshuffled`` (solo: the one reshuffle happened), ``supply`` (vegetable tokens left in
    the box) and ``improvised`` (tokens in play beyond the box's: players improvise them when
    the supply runs out, and they are the first to leave play again), ``components`` (the
    card data).
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
    deck: Pile[int]
    discard: tuple[int, ...]
    courtyard: tuple[int, ...]
    active: tuple[int, ...]
    taken: tuple[int, ...]
    grid: tuple[int, ...]
    reshuffled: bool
    supply: Vegetables
    improvised: Vegetables = NO_VEG
    #: action cards known to lie on top of the deck, drawn first, in this order (only positions
    #: described with :func:`tabletop.loyang.positions.position` have them)
    deck_top: tuple[int, ...] = ()
    introductory: bool = False
    goal: int = 17
    #: option: the Market crier may also sell in the Card phase to pay for a common field
    crier_in_card_phase: bool = False
    #: compared too: states of different boxes are not interchangeable (JSON, invariants)
    components: Components = attrs.field(default=STANDARD, repr=False)

    def __repr__(self) -> str:
        # Short, like every game's: the full field-by-field repr runs to thousands of characters.
        where = f"{PHASE_NAMES[self.phase]} {self.asking}" if self.stack else "over"
        view = " view" if self.rng.masked else ""
        return f"<loyang.State{view} {self.n}p round {self.round} {where}>"

    @property
    def players(self) -> int:
        return self.n

    @property
    def solo(self) -> bool:
        return self.n == 1

    def solo_result(self) -> str:
        """Solo: the rating of the score so far: "master" (19), "very good" (18), "good" (17)
        or "below goal"."""
        reached = self.seats[0].score
        rating = "below goal"
        for name, level in sorted(self.components.solo_goals, key=lambda item: item[1]):
            if reached >= level:
                rating = name.replace("_", " ")
        return rating
