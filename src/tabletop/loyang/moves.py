"""The moves of At the Gates of Loyang and their text notation.

Cards are written with their codes (``S03`` market stall, ``R07`` regular customer, ``C09``
casual customer, ``F4a`` common field, ``P5b`` private field, helpers by name such as ``Maid`` or
``Trader2``), vegetables by name, fields by their position in the field row (0 = leftmost).
Notation uses the standard card codes (a corrected component file keeps the card order).
"""

from __future__ import annotations

import attrs

from tabletop.loyang.components import STANDARD, VEGETABLES


def code(card: int) -> str:
    return STANDARD.code(card)


def veg_name(veg: int) -> str:
    return VEGETABLES[veg]


@attrs.frozen
class SowHome:
    """Setup: buy ``veg`` from your shop and sow your home field with it."""

    veg: int

    def __str__(self) -> str:
        return f"home {veg_name(self.veg)}"


@attrs.frozen
class HarvestFields:
    """Harvest phase: harvest 1 vegetable from each sown field (after any Harvest helper)."""

    def __str__(self) -> str:
        return "harvest"


@attrs.frozen
class ExtraHarvest:
    """Harvest helper, first option: also take 1 from field ``pos`` (it holds 4 or more)."""

    pos: int

    def __str__(self) -> str:
        return f"extra {self.pos}"


@attrs.frozen
class Place:
    """Distribution round: put ``card`` from your hand into the courtyard."""

    card: int

    def __str__(self) -> str:
        return f"place {code(self.card)}"


@attrs.frozen
class Take:
    """Distribution round: play ``court`` from the courtyard and ``hand`` from your hand (or your
    introductory regular customer) and drop out."""

    court: int
    hand: int

    def __str__(self) -> str:
        return f"take {code(self.court)} {code(self.hand)}"


@attrs.frozen
class PlayAlone:
    """Play ``card`` alone: in the distribution round after a short deal, with nothing to take
    and no card that may be placed, a hand card (then drop out); in the solo Card phase of the
    introductory version, the held start customer (one of the cards of the phase)."""

    card: int

    def __str__(self) -> str:
        return f"play {code(self.card)}"


@attrs.frozen
class Flip:
    """2 players: turn the top action card into the courtyard at the start of your turn."""

    def __str__(self) -> str:
        return "flip"


@attrs.frozen
class UseSquire:
    """Distribution round with the Squire: play ``hand`` and up to 3 courtyard cards."""

    squire: int
    hand: int

    def __str__(self) -> str:
        return f"squire {code(self.hand)}"


@attrs.frozen
class Pick:
    """Squire: pick ``card`` from the courtyard."""

    card: int

    def __str__(self) -> str:
        return f"pick {code(self.card)}"


@attrs.frozen
class OfferBuy:
    """Solo Card phase: buy the card at ``pos`` of the grid (row price)."""

    pos: int
    card: int

    def __str__(self) -> str:
        return f"offer {code(self.card)}"


@attrs.frozen
class Done:
    """Finish the current choice (Squire picks, solo offer, Merchant, Market crier)."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class Partner:
    """4 players: the start player takes ``seat`` as partner for the Action phase."""

    seat: int

    def __str__(self) -> str:
        return f"partner {self.seat}"


@attrs.frozen
class Sow:
    """Action A: sow ``veg`` from the cart on the empty field at ``pos``."""

    pos: int
    veg: int

    def __str__(self) -> str:
        return f"sow {self.pos} {veg_name(self.veg)}"


@attrs.frozen
class Buy:
    """Action B: buy ``veg`` from your shop."""

    veg: int

    def __str__(self) -> str:
        return f"buy {veg_name(self.veg)}"


@attrs.frozen
class Sell:
    """Action C: sell ``veg`` from your cart to your shop."""

    veg: int

    def __str__(self) -> str:
        return f"sell {veg_name(self.veg)}"


@attrs.frozen
class Trade:
    """Action D: trade for the vegetable in ``slot`` of your market stall ``card``."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"trade {code(self.card)} {self.slot}"


@attrs.frozen
class Give:
    """Trading: give ``veg`` from your cart to the supply."""

    veg: int

    def __str__(self) -> str:
        return f"give {veg_name(self.veg)}"


# How the arguments of each helper option are written: c = card, v = vegetable, i = number.
_ARGS: dict[tuple[str, str], str] = {
    ("con_man", ""): "c",
    ("con_man", "offer"): "c",
    ("deliveryman", ""): "c",
    ("haggler", ""): "v",
    ("haggler", "shopper"): "v",
    ("market_woman", ""): "cc",
    ("ploughman", "clear"): "i",
    ("shopper", ""): "v",
    ("subsistence_farmer", ""): "ii",
    ("subsistence_farmer", "solo"): "v",
    ("tenant_farmer", "take"): "c",
    ("tenant_farmer", "swap"): "ic",
    ("tout", "swap"): "cc",
    ("tout", "buy"): "c",
    ("trader", ""): "ci",
}


@attrs.frozen
class UseHelper:
    """Action E: use helper ``card`` with ``option`` ("" when it has one) and its arguments."""

    card: int
    option: str = ""
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = ["helper", code(self.card)]
        if self.option:
            parts.append(self.option)
        kinds = _ARGS.get((STANDARD.cards[self.card].helper, self.option), "")
        for kind, arg in zip(kinds, self.args):
            parts.append(code(arg) if kind == "c" else veg_name(arg) if kind == "v" else str(arg))
        return " ".join(parts)


@attrs.frozen
class DiscardHelper:
    """Action E: discard helper ``card`` without using it."""

    card: int

    def __str__(self) -> str:
        return f"discard {code(self.card)}"


@attrs.frozen
class Deliver:
    """Action F: deliver to regular customer ``card`` (``twice``: Messenger-boy, top row)."""

    card: int
    twice: bool = False

    def __str__(self) -> str:
        return f"deliver {code(self.card)}" + (" twice" if self.twice else "")


@attrs.frozen
class Decline:
    """Action F: do not deliver to regular customer ``card`` this round (marker red or 2 Cash)."""

    card: int

    def __str__(self) -> str:
        return f"decline {code(self.card)}"


@attrs.frozen
class Serve:
    """Action G: deliver to casual customer ``card``."""

    card: int

    def __str__(self) -> str:
        return f"serve {code(self.card)}"


@attrs.frozen
class TwoPack:
    """Action H: buy a two-pack."""

    def __str__(self) -> str:
        return "two-pack"


@attrs.frozen
class Keep:
    """Two-pack: keep nothing (-1), one card, or both with ``top`` over ``lower``."""

    top: int = -1
    lower: int = -1

    def __str__(self) -> str:
        if self.top < 0:
            return "keep none"
        if self.lower < 0:
            return f"keep {code(self.top)}"
        return f"keep {code(self.top)} over {code(self.lower)}"


@attrs.frozen
class Loan:
    """Take a loan: 5 Cash now, 1 step back on the path at the end."""

    def __str__(self) -> str:
        return "loan"


@attrs.frozen
class EndActions:
    """End your actions: unserved regular customers are missed, then store and move."""

    def __str__(self) -> str:
        return "end actions"


@attrs.frozen
class Store:
    """End of turn: put ``veg`` from the cart into the storehouse."""

    veg: int

    def __str__(self) -> str:
        return f"store {veg_name(self.veg)}"


@attrs.frozen
class Upgrade:
    """End of turn: pay 2 Cash to turn the storehouse to its 4-vegetable side."""

    def __str__(self) -> str:
        return "upgrade storehouse"


@attrs.frozen
class Step:
    """Path of prosperity: pay for one more space."""

    def __str__(self) -> str:
        return "step"


@attrs.frozen
class Stop:
    """Path of prosperity: stop moving; the turn ends."""

    def __str__(self) -> str:
        return "stop"


@attrs.frozen
class Foreman:
    """Foreman: take the helper just discarded, or let it go."""

    take: bool

    def __str__(self) -> str:
        return "foreman take" if self.take else "foreman pass"


@attrs.frozen
class ShopCount:
    """Book-keeper: your shop holds ``count`` of ``veg``."""

    veg: int
    count: int

    def __str__(self) -> str:
        return f"shop {veg_name(self.veg)} {self.count}"


@attrs.frozen
class Bonus:
    """Book-keeper: 1 Cash for each of your fields sown with ``veg``."""

    veg: int

    def __str__(self) -> str:
        return f"bonus {veg_name(self.veg)}"


@attrs.frozen
class MerchantBuy:
    """Merchant: buy ``veg`` for 1 Cash; ``combo`` "Shopper" (free, from the supply) or
    "Haggler" (two of them) uses that helper too."""

    veg: int
    combo: str = ""

    def __str__(self) -> str:
        return f"merchant {veg_name(self.veg)}" + (f" with {self.combo}" if self.combo else "")


@attrs.frozen
class CrierSell:
    """Market crier: move the vegetable in ``slot`` of your stall ``card`` to your shop."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"crier {code(self.card)} {self.slot}"


@attrs.frozen
class MarkersBlue:
    """Saleswoman (activated): turn all your satisfaction markers to blue now."""

    def __str__(self) -> str:
        return "markers blue"


@attrs.frozen
class Reveal:
    """Chance: the card that turns up (an action card drawn, a field turned over from a pile,
    a blue-dot customer dealt). Asked only with ``chance="explicit"``."""

    card: int

    def __str__(self) -> str:
        return f"reveal {code(self.card)}"


@attrs.frozen
class StartPlayer:
    """Chance: the start player chosen at random. Asked only with ``chance="explicit"``."""

    seat: int

    def __str__(self) -> str:
        return f"start player {self.seat}"


Move = (
    SowHome
    | HarvestFields
    | ExtraHarvest
    | Place
    | Take
    | PlayAlone
    | Flip
    | UseSquire
    | Pick
    | OfferBuy
    | Done
    | Partner
    | Sow
    | Buy
    | Sell
    | Trade
    | Give
    | UseHelper
    | DiscardHelper
    | Deliver
    | Decline
    | Serve
    | TwoPack
    | Keep
    | Loan
    | EndActions
    | Store
    | Upgrade
    | Step
    | Stop
    | Foreman
    | ShopCount
    | Bonus
    | MerchantBuy
    | CrierSell
    | MarkersBlue
    | Reveal
    | StartPlayer
)

# Shared instances of the moves without card arguments (legal_moves reuses them).
HARVEST = HarvestFields()
FLIP = Flip()
DONE = Done()
TWO_PACK = TwoPack()
LOAN = Loan()
END_ACTIONS = EndActions()
UPGRADE = Upgrade()
STEP = Step()
STOP = Stop()
FOREMAN_TAKE = Foreman(True)
FOREMAN_PASS = Foreman(False)
MARKERS_BLUE = MarkersBlue()
KEEP_NONE = Keep()
BUY = tuple(Buy(v) for v in range(6))
SELL = tuple(Sell(v) for v in range(6))
GIVE = tuple(Give(v) for v in range(6))
STORE = tuple(Store(v) for v in range(6))
SOW_HOME = tuple(SowHome(v) for v in range(6))
BONUS = tuple(Bonus(v) for v in range(6))
