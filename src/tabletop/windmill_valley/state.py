"""The immutable Windmill Valley position: data only.

A :class:`State` holds the shared main board (floodgate, water level, windmills, market
markers, the enhancement display and its stacks, the farm-card offer and deck, the foreign
trade stack, the calendar's X tiles and the Queen's Wish), one :class:`Farmer` per seat (VP,
Guilder, Tools, windmill board, storage, patches, windmills, helpers and contracts), the turn in
progress (:class:`Turn`) and the decisions being asked (the engine's ``stack``: the pending
classes below, each naming the seat that answers it). Nothing here imports the rules.

The coupled wheels of a windmill board are positioned by one count, ``Farmer.turned``: the
steps turned since the start (see :mod:`tabletop.kernel.wheels`). The active large space is
``turned % 6``, the active small space ``turned % 5``, and the calendar space reached is
``turned // 6`` (at most :data:`CALENDAR_END`).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tabletop.kernel.engine import CHANCE, EngineState, own_keys
from tabletop.kernel.pile import Pile
from tabletop.windmill_valley.components import STANDARD, Components

#: Spaces of the large and the small wheel.
LARGE, SMALL = 6, 5

#: The calendar's final space: reaching it triggers the end of the game.
CALENDAR_END = 4

#: The most Guilder a farmer holds (excess is lost), the highest floodgate and water positions.
MAX_GUILDERS, MAX_SPEED, MAX_WATER = 9, 3, 8

#: Storage spaces, and the steps a wheel may turn in one turn.
STORAGE, MIN_STEPS, MAX_STEPS = 7, 1, 4

#: Rows and columns of patches on a farm board.
ROWS, COLUMNS = 4, 7

#: Market marker spaces per area, and the seat number of a neutral marker.
AREA_SPACES, NEUTRAL = 3, -1

#: A main-board space without a windmill.
FREE = -1

#: Display slots: two Common, one Uncommon, one Unique.
DISPLAY_TIERS: tuple[str, ...] = ("common", "common", "uncommon", "unique")

#: The farm cards on offer, helper and contract slots.
OFFER, SLOTS = 3, 3

#: X tiles in the box (calendar rewards taken, display costs covered).
X_TILES = 15


@attrs.frozen(slots=False)
class Farmer:
    """One player's farm, windmill board and tokens.

    Attributes:
        vp, guilders, tools: the player's Victory Points on the track, Guilder, Tool tokens.
        board: the windmill board dealt (its index in the components).
        large, small: the ids of the actions on each wheel space (printed, or an installed
            enhancement tile), in the order they come under the arrow.
        turned: steps the coupled wheels have turned since the start.
        storage: the stored bulbs, left to right.
        patches: the four rows of patches, each the colours planted in it from the left.
        windmills: windmills left in each of the five groups (top to bottom).
        helpers: the helper slots from the left: ``s<n>`` is starting card ``n``, else a farm
            card's number.
        contracts: the farm cards in the contract slots, from the left.
        market: the market area of the player's marker (-1 before setup places it).
        stacked: whether the marker is stacked on another player's.
        wished: whether the player has scored the Queen's Wish.
        removed: windmills returned from the farm board to the box.
    """

    __attrs_post_init__ = own_keys

    vp: int
    guilders: int
    tools: int
    board: int
    large: tuple[str, ...]
    small: tuple[str, ...]
    turned: int = 0
    storage: tuple[str, ...] = ()
    patches: tuple[tuple[str, ...], ...] = ((), (), (), ())
    windmills: tuple[int, ...] = (1, 1, 2, 2, 3)
    helpers: tuple[str, ...] = ()
    contracts: tuple[int, ...] = ()
    market: int = -1
    stacked: bool = False
    wished: bool = False
    removed: int = 0

    @property
    def calendar(self) -> int:
        return min(self.turned // LARGE, CALENDAR_END)

    @property
    def active(self) -> tuple[int, int]:
        """The active large and small spaces."""
        return self.turned % LARGE, self.turned % SMALL

    @property
    def planted(self) -> int:
        return sum(len(row) for row in self.patches)


@attrs.frozen(slots=False)
class Turn:
    """The turn in progress.

    Attributes:
        seat: the player whose turn it is.
        round: rounds begun (the first is 1).
        performed: the wheels (``large``/``small``) whose action was performed this turn.
        helpers: the helper cards used this turn (each once per turn).
        neutral_moved: whether a neutral market marker was moved this turn (once per turn).
        opened: whether the floodgate was opened this turn (for the helper it triggers).
        ending: 0 while the end is not triggered; 1 once it is (the round is finished); 2 in
            the extra round that follows.
    """

    __attrs_post_init__ = own_keys

    seat: int = 0
    round: int = 1
    performed: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()
    neutral_moved: bool = False
    opened: bool = False
    ending: int = 0


@attrs.frozen(slots=False)
class Gardener:
    """The solo game's automated opponent (his rules: :mod:`tabletop.windmill_valley.rules.gardener`).

    Attributes:
        deck: his face-down deck (card numbers 1-20); ``revealed``: the cards revealed, the
            current one last; ``top``: the deck's top card once its back has been looked at
            (the back shows what he takes), ``None`` before.
        board: his windmill board; ``steps``: the steps his wheels have turned.
        vp, calendar: his Victory Points and calendar space.
        wish: the Queen's Wish value his marker stands on (an index of the values), ``None``
            before his first rotation.
        windmills: windmills left on his farm; ``garden``: his four rows of planted colours.
        market: his marker's Market area.
        enhancements, farm_cards: what he took (scored at the end).
        difficulty: ``easy``, ``medium`` or ``hard``.
    """

    deck: Pile[int]
    revealed: tuple[int, ...]
    top: int | None
    board: int
    steps: int
    vp: int
    calendar: int
    wish: int | None
    windmills: int
    garden: tuple[tuple[str, ...], ...]
    market: int
    enhancements: tuple[str, ...]
    farm_cards: tuple[int, ...]
    difficulty: str


#: The Gardener's owner number on the main board (the second seat of the two-player setup).
GARDENER = 1


# --- pending decisions ---------------------------------------------------------------------


@attrs.frozen(slots=False)
class DealBoard:
    """A random windmill board is dealt to ``target`` (the Gardener's: ``GARDENER`` in solo)."""

    target: int
    seat: int = CHANCE


@attrs.frozen(slots=False)
class DealStart:
    """A starting farm card is dealt face up for the draft."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class DealTile:
    """Display ``slot`` is filled from its tier's stack."""

    slot: int
    seat: int = CHANCE


@attrs.frozen(slots=False)
class DealFarm:
    """Offer ``slot`` is filled from the farm deck."""

    slot: int
    seat: int = CHANCE


@attrs.frozen(slots=False)
class DealTrade:
    """The next foreign trade card of the face-up stack is revealed (the stack's order)."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class GardenerDraw:
    """The Gardener's deck gives a card: ``peek`` False: the card he plays this turn (only when
    no top card is known); True: the new top card, whose back shows his enhancements and farm
    card (then he plays his turn)."""

    peek: bool
    seat: int = CHANCE


@attrs.frozen(slots=False)
class DealBulb:
    """The solo player's random starting bulb."""

    seat: int = CHANCE


@attrs.frozen(slots=False)
class DealPeek:
    """A card (``pile`` ``farm``) or an enhancement tile (``pile`` a tier) is drawn for the
    active player's eyes only (the helpers that look at extra cards or tiles)."""

    pile: str
    seat: int = CHANCE


@attrs.frozen(slots=False)
class ChooseStack:
    """Look at ``left`` more enhancement tiles: from which stack?"""

    seat: int
    left: int


@attrs.frozen(slots=False)
class Draft:
    """``seat`` keeps one of the starting cards on display (in reverse turn order)."""

    seat: int


@attrs.frozen(slots=False)
class PlaceFirstMarker:
    """``seat`` places its market marker at setup (in reverse turn order)."""

    seat: int


@attrs.frozen(slots=False)
class AdjustFloodgate:
    """Step 1: open, close or leave the floodgate."""

    seat: int


@attrs.frozen(slots=False)
class MoveWheels:
    """Step 3: turn the wheels (Tools change the steps)."""

    seat: int


@attrs.frozen(slots=False)
class CalendarReward:
    """The player reached calendar ``space``: its common reward and one of its free unique
    rewards, now or (``early``: still possible) after the action, at the end of the turn."""

    seat: int
    space: int
    early: bool = True


@attrs.frozen(slots=False)
class ChooseAction:
    """Step 4: perform one of the two active actions (both with a "+"), or 2 Guilder."""

    seat: int


@attrs.frozen(slots=False)
class EndTurn:
    """The turn of ``seat`` ends once everything above is resolved (settled, never asked)."""

    seat: int


@attrs.frozen(slots=False)
class UseHelpers:
    """The helpers triggered by ``trigger`` (an action, with ``strength``) may be used now."""

    seat: int
    trigger: str
    strength: int


@attrs.frozen(slots=False)
class LowerWater:
    """Lower the Water Level with ``strength``; ``both``: Guilder and VP per point."""

    seat: int
    strength: int
    both: bool = False


@attrs.frozen(slots=False)
class Enhance:
    """Enhance the Wheels, ``times`` more installs; ``refreshed``: the display was replaced."""

    seat: int
    times: int = 1
    refreshed: bool = False


@attrs.frozen(slots=False)
class GainFarmCard:
    """Gain a Farm Enhancement; ``refreshed``: the offer was replaced."""

    seat: int
    refreshed: bool = False


@attrs.frozen(slots=False)
class BuildWindmill:
    """Build a Windmill; ``unconnected``: may skip the market connection, for ``fee`` Guilder."""

    seat: int
    unconnected: bool = False
    fee: int = 0


@attrs.frozen(slots=False)
class VisitMarket:
    """Visit the Market with ``steps`` movements left; ``moving``: no step taken yet (a
    neutral may still be moved); ``split``: the area's strength may be divided (starting helper)."""

    seat: int
    steps: int
    moving: bool = True


@attrs.frozen(slots=False)
class MarketChoice:
    """Choose the reward of market ``area`` (``times`` times: one plus the other markers);
    ``area`` -1: of the area next to the player's marker, once (the helpers' reward)."""

    seat: int
    area: int
    times: int


@attrs.frozen(slots=False)
class PlantBulbs:
    """Plant up to ``left`` more bulbs; ``swap``: one stored bulb may first be exchanged."""

    seat: int
    left: int
    planted: int = 0
    swap: bool = False


@attrs.frozen(slots=False)
class ForeignTrade:
    """Conduct Foreign Trade with the tile's ``effect`` (see the components); ``any_two``: the
    starting helper's any two rewards, with a bulb of the supply."""

    seat: int
    effect: str | None = None
    any_two: bool = False


@attrs.frozen(slots=False)
class KeepBulbs:
    """Keep any of ``bulbs`` (taken off the trade card) into storage, one at a time."""

    seat: int
    bulbs: tuple[str, ...]


@attrs.frozen(slots=False)
class StoreBulb:
    """A ``colour`` bulb is gained with storage nearly full: pay for the space, exchange, or refuse."""

    seat: int
    colour: str


@attrs.frozen(slots=False)
class ChooseColour:
    """A bulb of any of ``colours`` is gained into storage."""

    seat: int
    colours: tuple[str, ...]


@attrs.frozen(slots=False)
class PlantSupply:
    """A ``colour`` bulb of the supply is planted at once (a Market reward): which row?"""

    seat: int
    colour: str


@attrs.frozen(slots=False)
class ChoosePath:
    """Equally short paths lead to the market: the builder chooses whose windmills score
    (``choices``: the owners along each, sorted)."""

    seat: int
    choices: tuple[tuple[int, ...], ...]


@attrs.frozen(slots=False)
class RemoveWindmill:
    """Return one windmill of the farm board to the box (or none)."""

    seat: int


@attrs.frozen(slots=False)
class TileEffect:
    """A PROMO 1 tile's own rule (``effect``), paying ``gain`` when it is carried out."""

    seat: int
    effect: str
    cost: int = 0


@attrs.frozen(slots=False)
class ContractNow:
    """Score one of the contracts now."""

    seat: int


@attrs.frozen(slots=False)
class TradeReward:
    """Choose ``count`` more rewards among the trade card ``card``'s quarters ``quarters``,
    paying ``fee`` Guilder for the first. ``blocks``: the two adjacent quarters were gained,
    each asking this many decisions (the first quarter's on top): which is resolved first?"""

    seat: int
    card: int
    quarters: tuple[int, ...]
    count: int
    fee: int = 0
    blocks: tuple[int, ...] = ()


Pending: TypeAlias = (
    DealBoard | DealStart | DealTile | DealFarm | DealTrade | GardenerDraw | DealBulb | DealPeek | ChooseStack | Draft | PlaceFirstMarker | AdjustFloodgate
    | MoveWheels | CalendarReward | ChooseAction | EndTurn | UseHelpers | LowerWater | Enhance | GainFarmCard
    | BuildWindmill | VisitMarket | MarketChoice | PlantBulbs | ForeignTrade | KeepBulbs | StoreBulb
    | ChooseColour | PlantSupply | ChoosePath | RemoveWindmill | TileEffect | ContractNow | TradeReward
)


@attrs.frozen(slots=False)
class State(EngineState):
    """A Windmill Valley position.

    Attributes:
        players: the number of players.
        expert: the expert variant (no extra round at the end).
        farmers: one per seat.
        floodgate: the water speed, 1-3.
        water: the water level, 0-8.
        mills: the owner of the windmill on each main-board space (-1: free), in the
            components' order of spaces.
        neutrals: the market area of each neutral marker in play.
        display: the enhancement tile ids on display (``""``: none left), by slot.
        covered: the display slots whose printed cost is covered by an X tile (a Common tile
            replacing a tier that ran out).
        stacks: the face-down Common, Uncommon and Unique stacks.
        discards: the discarded tiles of each tier, shuffled back when a stack runs out.
        offer: the farm cards on offer (0: none).
        deck: the face-down farm deck; ``discard`` its discard pile.
        trade: the foreign trade card in play (on top of the face-up stack); ``spots``: the
            bulbs on its four spots (``""``: free); ``trade_pile``: the cards under it (their
            order unseen, but for those put under in a known order).
        taken: per calendar space, whether each unique reward is covered by an X tile.
        wish: the starting card whose Queen's Wish is in play; ``wishes``: values taken.
        starting: the starting cards on display for the draft; ``start_pile`` the others.
        boards: the windmill boards not dealt.
        turn: the turn in progress.
        gardener: the solo opponent (``None`` unless one player plays).
        peeked_cards, peeked_tiles: the farm cards and enhancement tiles the active player
            looks at with a helper, during that action (seen by that player only);
            ``unseen_peeks``: in another seat's view, how many of them it cannot see, by
            pile (farm deck, Common, Uncommon, Unique), back in their piles.
        viewer: the seat whose view this is (``None`` for a full state).
        components: the component data the game is played with (the standard box, or
            corrected data given as the ``components`` option).
    """

    players: int
    expert: bool
    farmers: tuple[Farmer, ...]
    floodgate: int
    water: int
    mills: tuple[int, ...]
    neutrals: tuple[int, ...]
    display: tuple[str, ...]
    covered: tuple[bool, ...]
    stacks: tuple[Pile[str], ...]
    discards: tuple[tuple[str, ...], ...]
    offer: tuple[int, ...]
    deck: Pile[int]
    discard: tuple[int, ...]
    trade: int
    trade_pile: Pile[int]
    spots: tuple[str, ...]
    taken: tuple[tuple[bool, ...], ...]
    wish: int
    wishes: int
    starting: tuple[int, ...]
    start_pile: Pile[int]
    boards: Pile[int]
    turn: Turn
    gardener: Gardener | None = None
    peeked_cards: tuple[int, ...] = ()
    peeked_tiles: tuple[str, ...] = ()
    unseen_peeks: tuple[int, ...] = (0, 0, 0, 0)
    viewer: int | None = None
    components: Components = attrs.field(default=STANDARD, repr=False)

    def __repr__(self) -> str:
        # Short, like every game's: the full field-by-field repr runs to thousands of characters.
        view = " view" if self.viewer is not None else ""
        return f"<windmill_valley.State{view} {self.players}p round {self.turn.round} {self.asking}>"
