"""Observation tensors: what one seat knows of a Loyang position, as a flat ``float32`` vector.

For learning agents (like OpenSpiel's ``observation_tensor``): :func:`observation` gives a
1-D vector whose length depends only on the player count (:func:`observation_size`; every
box has 70 action cards, 6 common and 8 private fields, which the component loader checks),
and :func:`observation_layout` names its blocks (``obs[observation_layout(2)["player0.cash"]]``).
Values are raw counts and 0/1 flags, unscaled, so a block can be read back exactly. Action
cards are indexed by their number (0-69: common fields, stalls, regular customers, casual
customers, helpers; see :mod:`tabletop.loyang.components`).

What is encoded is what ``seat`` may know, and nothing more: ``observation(state, seat)``
equals ``observation(state.view(seat), seat)``. Other players' hands and held introductory
customers appear only as counts, the draw pile and the private field piles only as sizes.
Player blocks are seat-relative: ``player0`` is the observer, ``player1`` the next seat
clockwise, and so on, so one network can play every seat; in the solo game ``player1`` is the
imaginary opponent (whose play area lantern helpers reach).

Layout (``S`` = seats: the players, plus the solo opponent; ``P`` = players; offsets follow
the order below, see :func:`observation_layout` for the exact slices):

============================  ======  ==============================================================
block                         length  content
============================  ======  ==============================================================
``playerK.cash``              1       Cash
``playerK.loans``             1       loans taken
``playerK.position``          1       space on the path of prosperity
``playerK.shop``              6       vegetables in the shop (wheat, pumpkin, turnip, cabbage,
                                      bean, leek: every per-vegetable block uses this order)
``playerK.cart``              6       vegetables on the cart
``playerK.storehouse``        6       vegetables in the storehouse
``playerK.upgraded``          1       1 once the storehouse is upgraded
``playerK.fields``            15x17   field slots: slot 0 the home field, then the field row in
                                      order; per slot: kind one-hot (home, private, common; all 0
                                      for an empty slot), spaces, accepted vegetables (6 flags),
                                      vegetable sown one-hot (6), vegetables left on it
``playerK.pile``              1       private fields left in the field pile
``playerK.play``              70      stalls, customers and helpers in the play area (uncovered or
                                      covering a two-pack), by card number
``playerK.covered``           70      lower cards of kept two-packs (out of play until uncovered)
``playerK.stall_goods``       14x3    per market stall (in card order), the slots still holding
                                      their vegetable
``playerK.regulars``          14x7    per regular customer in play (in card order): rows filled,
                                      vegetable pairs delivered, red marker, this round's status
                                      one-hot (due, delivered, doubled, settled)
``playerK.hand``              1       cards in hand
``playerK.intro``             1       1 while holding the introductory blue-dot customer
``hand``                      70      the observer's own hand, by card number
``intro``                     70      the observer's own held introductory customer
``courtyard``                 70      cards in the courtyard
``discard``                   70      cards on the discard pile
``draw``                      1       cards in the draw pile
``supply``                    6       vegetable tokens left in the supply (below 0 when improvised)
``round``                     1       the round (1-9)
``phase``                     5       one-hot: setup, harvest, card, action, over
``to_move``                   P       whose decision it is, seat-relative one-hot (0 once over)
``start_player``              P       holder of the large start player token, seat-relative
``second_player``             P       holder of the small one (all 0 in the solo game)
``partner``                   P       the observer's partner in a 4-player Action phase
``order``                     P       each player's place in the current phase's order (1 = first)
``done``                      P       players who finished the current phase
``active``                    P       players still in the Card phase's distribution round
``taken``                     P       each player's place among those who took from the courtyard
``pending``                   25      the decision on top of the stack, one-hot (:data:`PENDING_KINDS`)
``pending.depth``             1       decisions on the stack
``pending.cards``             70      cards the decision is about: a drawn two-pack, the stall traded
                                      at, the helper used or offered, the Squire, his hand card and
                                      picks, the Book-keeper, Merchant or Market crier used
``pending.vegetables``        6       the vegetable chosen (Book-keeper's shop), or those bought
                                      (Merchant, counts)
``pending.seat``              S       the other seat involved: the trade's stall owner, the payee
``pending.fields``            15      field slots chosen for the Harvest helper
``pending.numbers``           5       Cash due (forced payment) or vegetables still to give
                                      (trade); the trade's fee; progress (cards bought, steps paid,
                                      vegetables moved); the limit of cards to buy or Cash earned
                                      by the crier; 1 once the courtyard was flipped (2 players)
``actions``                   7       the current Action phase's activations: two-pack drawn, Maid,
                                      Messenger-boy, Official, markers blue, Saleswoman's bonus,
                                      extra sowings
``options``                   2       introductory version; the solo goal (0 with players)
``grid.rowR``                 70      solo only (``R`` = 0-3, the row's price order): the cards
                                      offered in row ``R``
``reshuffled``                1       solo only: 1 once the one reshuffle happened
============================  ======  ==============================================================

``playerK`` blocks run from ``player0`` to ``player{S-1}``, all blocks of one seat together.
Not encoded: the order of the draw and field piles (hidden), which helpers were played in
this Card phase (only the Squire cares), and the history.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

import numpy
import numpy.typing as npt

from tabletop.kernel.api import State as AnyState
from tabletop.kernel.layout import Layout
from tabletop.loyang.components import FIELD, PRIVATE_BASE, REGULAR, STALL, VEGETABLES, Components
from tabletop.loyang.state import (
    ActionsPending,
    AdvancePending,
    BonusPending,
    CashPending,
    CourtyardFlip,
    CourtyardPending,
    CrierPending,
    FieldDraw,
    ForemanPending,
    GivePending,
    GridDraw,
    HandDeal,
    HarvestPending,
    IntroDeal,
    KeepPending,
    LoyangState,
    MerchantPending,
    OfferPending,
    OpponentDraw,
    PartnerPending,
    Player,
    ShopPending,
    SowHomePending,
    SquirePending,
    StartPlayerDraw,
    StorePending,
    TwoPackDraw,
    pile_cards,
)

#: Action cards in a box.
CARDS = 70
#: Field slots of a player: the home field, then room for every private and common field.
FIELD_SLOTS = 1 + 8 + 6
#: Features of one field slot (kind 3, spaces 1, accepts 6, sown 6, left 1).
FIELD_WIDTH = 17
#: Market stalls and regular customers in a box.
STALLS = REGULARS = 14
#: Rows of the solo grid.
GRID_ROWS = 4
#: The decisions of the pending stack, in the order of the ``pending`` block.
PENDING_KINDS: tuple[type, ...] = (
    SowHomePending,
    HarvestPending,
    CourtyardPending,
    SquirePending,
    OfferPending,
    PartnerPending,
    ActionsPending,
    GivePending,
    KeepPending,
    CashPending,
    ForemanPending,
    ShopPending,
    BonusPending,
    MerchantPending,
    CrierPending,
    StorePending,
    AdvancePending,
    # Random events, asked with chance="explicit".
    StartPlayerDraw,
    IntroDeal,
    OpponentDraw,
    GridDraw,
    HandDeal,
    CourtyardFlip,
    TwoPackDraw,
    FieldDraw,
)
_PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING_KINDS)}
_VEG = len(VEGETABLES)


@functools.cache
def observation_layout(players: int) -> Layout:
    """The named blocks of an observation for ``players`` players (see the module docstring)."""
    if not 1 <= players <= 4:
        raise ValueError(f"At the Gates of Loyang is played by 1-4 players, not {players!r}")
    seats = players + 1 if players == 1 else players
    layout = Layout()
    for k in range(seats):
        for name, length in (
            ("cash", 1),
            ("loans", 1),
            ("position", 1),
            ("shop", _VEG),
            ("cart", _VEG),
            ("storehouse", _VEG),
            ("upgraded", 1),
            ("fields", FIELD_SLOTS * FIELD_WIDTH),
            ("pile", 1),
            ("play", CARDS),
            ("covered", CARDS),
            ("stall_goods", STALLS * 3),
            ("regulars", REGULARS * 7),
            ("hand", 1),
            ("intro", 1),
        ):
            layout.block(f"player{k}.{name}", length)
    for name, length in (
        ("hand", CARDS),
        ("intro", CARDS),
        ("courtyard", CARDS),
        ("discard", CARDS),
        ("draw", 1),
        ("supply", _VEG),
        ("round", 1),
        ("phase", 5),
        ("to_move", players),
        ("start_player", players),
        ("second_player", players),
        ("partner", players),
        ("order", players),
        ("done", players),
        ("active", players),
        ("taken", players),
        ("pending", len(PENDING_KINDS)),
        ("pending.depth", 1),
        ("pending.cards", CARDS),
        ("pending.vegetables", _VEG),
        ("pending.seat", seats),
        ("pending.fields", FIELD_SLOTS),
        ("pending.numbers", 5),
        ("actions", 7),
        ("options", 2),
    ):
        layout.block(name, length)
    if players == 1:
        for row in range(GRID_ROWS):
            layout.block(f"grid.row{row}", CARDS)
        layout.block("reshuffled", 1)
    return layout


def observation_size(players: int) -> int:
    """The length of every observation of a ``players``-player game."""
    return observation_layout(players).size


def layout_of(state: AnyState) -> Layout:
    """The layout of ``state``'s observations (the kernel's ``Game.observation_layout``)."""
    return observation_layout(state.players)


class _Offsets:
    """One player count's block offsets as plain ints, looked up once per count."""

    def __init__(self, players: int) -> None:
        layout = observation_layout(players)
        self.size = layout.size
        self.at = {name: where.start for name, where in layout.items()}
        # Seat K's blocks lie K strides after player0's.
        self.stride = self.at["player1.cash"] - self.at["player0.cash"]


@functools.cache
def _offsets(players: int) -> _Offsets:
    return _Offsets(players)


class _Cards:
    """What the encoder needs of one set of components, computed once per set."""

    def __init__(self, components: Components) -> None:
        self.components = components
        stalls, regulars = components.of_kind(STALL), components.of_kind(REGULAR)
        self.stall = {card: i for i, card in enumerate(stalls)}
        self.regular = {card: i for i, card in enumerate(regulars)}
        # Per field card (common and private): its features after the kind flag.
        self.field: dict[int, tuple[int, tuple[float, ...]]] = {}
        for card in (*components.of_kind(FIELD), *range(PRIVATE_BASE, PRIVATE_BASE + len(components.private))):
            field = components.field(card)
            kind = 1 if card >= PRIVATE_BASE else 2  # the kind one-hot: home, private, common
            self.field[card] = (kind, (field.spaces, *(float(v in field.accepts) for v in range(_VEG))))
        home = components.home
        self.home = (home.spaces, *(float(v in home.accepts) for v in range(_VEG)))


_CARD_TABLES: dict[int, _Cards] = {}


def _cards(components: Components) -> _Cards:
    known = _CARD_TABLES.get(id(components))
    if known is None or known.components is not components:
        known = _CARD_TABLES[id(components)] = _Cards(components)
    return known


def observation(state: LoyangState, seat: int) -> npt.NDArray[numpy.float32]:
    """What ``seat`` knows of ``state``, as a fresh 1-D ``float32`` vector (see the module docstring).

    Raises ``ValueError`` for a seat not in the game (the solo opponent never observes).
    """
    players = state.n
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not in this {players}-player game")
    off = _offsets(players)
    at = off.at
    tables = _cards(state.components)
    # Every feature is gathered as (index, value) and stored with one fancy-indexed write:
    # a numpy store per feature would cost more than all the gathering.
    index: list[int] = []
    value: list[float] = []
    put, val = index.append, value.append
    seats = state.seats
    count = len(seats)

    def ones(start: int, cards: tuple[int, ...]) -> None:
        index.extend([start + card for card in cards])
        value.extend([1.0] * len(cards))

    for k in range(count):
        _player_features(seats[(seat + k) % count], k * off.stride, at, tables, index, value)

    own = seats[seat]
    ones(at["hand"], own.hand)
    if own.intro >= 0:
        put(at["intro"] + own.intro)
        val(1.0)
    ones(at["courtyard"], state.courtyard)
    ones(at["discard"], state.discard)
    index.extend(range(at["supply"], at["supply"] + _VEG))
    value += state.supply
    index += (at["draw"], at["round"], at["phase"] + state.phase)
    value += (len(state.deck) + len(state.deck_top), state.round, 1.0)

    _turn_features(state, seat, at, index, value)
    _pending(state, seat, at, index, value)
    actions = next((pending for pending in reversed(state.stack) if isinstance(pending, ActionsPending)), None)
    if actions is not None:
        index.extend(range(at["actions"], at["actions"] + 7))
        value += (
            actions.two_pack,
            actions.maid,
            actions.messenger,
            actions.official,
            actions.blue_ready,
            actions.bonus,
            actions.sow_extra,
        )
    index += (at["options"], at["options"] + 1)
    value += (state.introductory, state.goal if state.solo else 0)
    if state.solo:
        columns = state.components.solo_columns
        for i, card in enumerate(state.grid):
            if card >= 0:
                put(at[f"grid.row{i // columns}"] + card)
                val(1.0)
        put(at["reshuffled"])
        val(state.reshuffled)

    out = numpy.zeros(off.size, dtype=numpy.float32)
    out[index] = value
    return out


def _player_features(
    player: Player, base: int, at: Mapping[str, int], tables: _Cards, index: list[int], value: list[float]
) -> None:
    """Gather one player's board and play area, its block starting at ``base``."""
    put, val = index.append, value.append

    def ones(start: int, cards: tuple[int, ...]) -> None:
        index.extend([start + card for card in cards])
        value.extend([1.0] * len(cards))

    start = base + at["player0.cash"]
    # cash, loans, position, shop, cart, storehouse, upgraded lie side by side.
    index.extend(range(start, start + 4 + 3 * _VEG))
    value += (player.cash, player.loans, player.position, *player.shop, *player.cart, *player.storehouse, player.upgraded)
    slot = base + at["player0.fields"]
    index.extend(range(slot, slot + FIELD_WIDTH))
    home_veg = [0.0] * _VEG
    if player.home_veg >= 0:
        home_veg[player.home_veg] = 1.0
    value += (1.0, 0.0, 0.0, *tables.home, *home_veg, player.home_count)
    for field in player.fields:
        slot += FIELD_WIDTH
        kind, printed = tables.field[field.card]
        put(slot + kind)
        val(1.0)
        index.extend(range(slot + 3, slot + 10))
        value += printed
        if field.veg >= 0:
            index += (slot + 10 + field.veg, slot + 16)
            value += (1.0, field.count)
    play = base + at["player0.play"]
    ones(play, tuple(stall.card for stall in player.stalls))
    ones(play, tuple(regular.card for regular in player.regulars))
    ones(play, player.casuals)
    ones(play, player.helpers)
    ones(base + at["player0.covered"], tuple(lower for _, lower in player.covered))
    goods = base + at["player0.stall_goods"]
    for stall in player.stalls:
        first = goods + 3 * tables.stall[stall.card]
        for i, full in enumerate(stall.goods):
            if full:
                put(first + i)
                val(1.0)
    regulars = base + at["player0.regulars"]
    for regular in player.regulars:
        first = regulars + 7 * tables.regular[regular.card]
        index += (first, first + 1, first + 2, first + 3 + regular.status)
        value += (regular.rows, regular.delivered, regular.red, 1.0)
    index += (base + at["player0.pile"], base + at["player0.hand"], base + at["player0.intro"])
    value += (len(pile_cards(player)), len(player.hand) + player.hidden_hand, player.intro >= 0 or player.hidden_intro)


def _turn_features(state: LoyangState, seat: int, at: Mapping[str, int], index: list[int], value: list[float]) -> None:
    """Gather who moves, holds the tokens, partners, acts in which order, is done (seat-relative)."""
    players = state.n
    put, val = index.append, value.append

    def relative(block: str, who: int, number: float = 1.0) -> None:
        if who >= 0:
            put(at[block] + (who - seat) % players)
            val(number)

    relative("to_move", -1 if state.is_over else state.stack[-1].seat)
    relative("start_player", state.start)
    relative("second_player", state.second)
    if state.partner:
        relative("partner", state.partner[seat])
    for block, seq in (("order", state.order), ("taken", state.taken)):
        for place, who in enumerate(seq, start=1):
            relative(block, who, place)
    for who, done in enumerate(state.done):
        if done:
            relative("done", who)
    for who in state.active:
        relative("active", who)


def _pending(state: LoyangState, seat: int, at: Mapping[str, int], index: list[int], value: list[float]) -> None:
    """Gather the features of the decision on top of the stack (see ``pending.*`` in the docstring)."""
    depth = len(state.stack)
    index.append(at["pending.depth"])
    value.append(depth)
    if not depth:
        return
    top = state.stack[-1]
    index.append(at["pending"] + _PENDING_INDEX[type(top)])
    value.append(1.0)
    cards: tuple[int, ...] = ()
    # pending.numbers: amount, fee, progress, limit, flipped.
    numbers: tuple[float, float, float, float, float] | None = None
    other = -1
    if isinstance(top, KeepPending):
        cards = top.drawn
    elif isinstance(top, GivePending):
        cards = (top.card,) if top.helper < 0 else (top.card, top.helper)
        numbers = (top.left, top.fee, 0, 0, 0)
        other = top.owner
    elif isinstance(top, CashPending):
        numbers = (top.amount, 0, 0, 0, 0)
        other = top.payee
    elif isinstance(top, SquirePending):
        cards = (top.squire, top.hand_card, *top.picked)
    elif isinstance(top, OfferPending):
        cards = (top.squire,) if top.squire >= 0 else ()
        numbers = (0, 0, top.bought, top.limit, 0)
    elif isinstance(top, ForemanPending):
        cards = (top.helper,)
    elif isinstance(top, (ShopPending, BonusPending)):
        cards = (top.card,)
        if isinstance(top, ShopPending):
            index.append(at["pending.vegetables"] + top.veg)
            value.append(1.0)
    elif isinstance(top, MerchantPending):
        cards = (top.card,)
        bought = [0] * _VEG
        for veg in top.bought:
            bought[veg] += 1
        index.extend(range(at["pending.vegetables"], at["pending.vegetables"] + _VEG))
        value += bought
    elif isinstance(top, CrierPending):
        cards = (top.card,)
        numbers = (0, 0, top.moved, top.earned, 0)
    elif isinstance(top, AdvancePending):
        numbers = (0, 0, top.steps, 0, 0)
    elif isinstance(top, CourtyardPending):
        numbers = (0, 0, 0, 0, top.flipped)
    elif isinstance(top, HarvestPending):
        index.extend([at["pending.fields"] + 1 + i for i in top.chosen])
        value.extend([1.0] * len(top.chosen))
    index.extend([at["pending.cards"] + card for card in cards])
    value.extend([1.0] * len(cards))
    if numbers is not None:
        index.extend(range(at["pending.numbers"], at["pending.numbers"] + 5))
        value += numbers
    if other >= 0:
        count = len(state.seats)
        index.append(at["pending.seat"] + (other - seat) % count)
        value.append(1.0)
