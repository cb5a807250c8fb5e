"""Cards entering and leaving a player's play area, the action deck, and the Foreman's offer when a
helper reaches the discard pile."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, push
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.loyang import moves
from tabletop.loyang.components import CASUAL, FIELD, HELPER, PRIVATE_BASE, REGULAR, STALL, Vegetables
from tabletop.loyang.rules.table import (
    all_from_supply,
    all_to_supply,
    find,
    reveal,
    reveal_each,
    reveal_outcomes,
    set_player,
    turn_taken,
    without,
)
from tabletop.loyang.state import (
    ACTION,
    DUE,
    HARVEST,
    NO_VEG,
    SETTLED,
    Field,
    ForemanPending,
    LoyangState,
    Regular,
    Stall,
)


def enter_play(state: LoyangState, seat: int, card: int, played_in_card_phase: bool = False) -> LoyangState:
    """Put ``card`` into the right part of ``seat``'s play area: a stall is filled, a regular
    customer gets a blue satisfaction marker. (Paying for a common field is the caller's.)"""
    components = state.components
    info = components.cards[card]
    player = state.seats[seat]
    kind = info.kind
    if kind == FIELD:
        return set_player(state, seat, evolve(player, fields=player.fields + (Field(card),)))
    if kind == STALL:
        filled = [0] * 6
        for veg, _ in info.slots:
            filled[veg] += 1
        player = evolve(player, stalls=player.stalls + (Stall(card),))
        return set_player(state, seat, player, **all_from_supply(state, filled))
    if kind == REGULAR:
        # "Only requires delivery in that round if the player has not taken his turn yet."
        regular = Regular(card, status=SETTLED if turn_taken(state, seat) else DUE)
        return set_player(state, seat, evolve(player, regulars=player.regulars + (regular,)))
    if kind == CASUAL:
        return set_player(state, seat, evolve(player, casuals=player.casuals + (card,)))
    fresh = player.fresh + (card,) if played_in_card_phase else player.fresh
    return set_player(state, seat, evolve(player, helpers=player.helpers + (card,), fresh=fresh))


def leave_play(state: LoyangState, seat: int, card: int, discard: bool = True) -> LoyangState:
    """Take ``card`` out of ``seat``'s play area (if it is there), reveal the card it covered,
    and put it on the discard pile (``discard``) where the Foreman may react to a helper."""
    components = state.components
    player = state.seats[seat]
    kind = components.cards[card].kind
    returned = NO_VEG  # vegetables leaving play with the card
    if kind == FIELD:
        player = evolve(player, fields=tuple(f for f in player.fields if f.card != card))
    elif kind == STALL:
        for stall in player.stalls:
            if stall.card == card:
                for (veg, _), full in zip(components.cards[card].slots, stall.goods):
                    if full and discard:
                        returned = returned.add(veg)
        player = evolve(player, stalls=tuple(s for s in player.stalls if s.card != card))
    elif kind == REGULAR:
        for r in player.regulars:
            if r.card == card:
                returned = returned.plus(components.cards[card].want_counts.times(r.delivered))
        player = evolve(player, regulars=tuple(r for r in player.regulars if r.card != card))
    elif kind == CASUAL:
        if card in player.casuals:
            player = evolve(player, casuals=without(player.casuals, card))
    elif card in player.helpers:
        player = evolve(player, helpers=without(player.helpers, card))
    lower = -1
    for upper, under in player.covered:
        if upper == card:
            lower = under
            player = evolve(player, covered=tuple(pair for pair in player.covered if pair[0] != card))
    changes: dict[str, Any] = {}
    if any(returned):
        changes.update(all_to_supply(state, returned))
    if discard:
        changes["discard"] = state.discard + (card,)
    state = set_player(state, seat, player, **changes)
    if lower >= 0:
        state = enter_play(state, seat, lower)
    if discard and kind == HELPER:
        state = foreman_offer(state, seat, card)
    return state


def foreman_offer(state: LoyangState, discarder: int, helper: int) -> LoyangState:
    """Foreman: "take one helper immediately after it is placed on the discard pile". In a
    4-player Action phase only the discarder and their partner qualify (the Foreman carries the
    lantern); in the Harvest and Card phases there are no partners."""
    components = state.components
    if components.cards[helper].helper == "foreman":
        return state
    if state.n == 1:
        eligible: tuple[int, ...] = (0,)
    elif state.n == 4 and state.phase == ACTION and state.partner:
        eligible = (discarder, state.partner[discarder])
    else:
        eligible = tuple(range(state.n))
    for seat in eligible:
        if find(state, seat, "foreman") >= 0:
            return push(state, ForemanPending(seat, helper))
    return state


def deck_size(state: LoyangState) -> int:
    """How many action cards the deck holds."""
    return len(state.deck) + len(state.deck_top)


def deck_outcomes(state: LoyangState, refill: bool = False) -> tuple[tuple[moves.Reveal, int], ...]:
    """The possible next action cards, each weighted by its copies. With ``refill`` (a two-pack
    with 2-4 players) an empty deck is first replaced by the shuffled discards (FAQ)."""
    if state.deck_top:
        return ((reveal(state.deck_top[0]), 1),)
    deck = state.deck if state.deck or not refill else Pile(state.discard)
    if deck.unseen:
        # Every action card exists once: each card of the deck is equally likely.
        return reveal_each(deck.unseen)
    return reveal_outcomes(deck.draw_outcomes())


def deck_sample(state: LoyangState, rng: Rng, refill: bool = False) -> tuple[moves.Reveal, Rng]:
    """The next action card drawn at random with ``rng`` (the one the engine's ``sample``
    draws from :func:`deck_outcomes`), and the next generator: the sampled mode's shortcut."""
    if state.deck_top:
        return reveal(state.deck_top[0]), rng
    deck = Pile(state.discard) if refill and not state.deck else state.deck
    card, rng = deck.sample_draw(rng)
    return reveal(card), rng


def draw_from_deck(state: LoyangState, card: int, refill: bool = False, **changes: Any) -> LoyangState:
    """The state once ``card`` (one of :func:`deck_outcomes`) is drawn from the deck and the
    random event on top of the stack answered (unless ``changes`` give the stack), with
    ``changes`` (one copy: the hot path)."""
    changes.setdefault("stack", state.stack[:-1])
    if state.deck_top:
        return evolve(state, deck_top=state.deck_top[1:], **changes)
    if refill and not state.deck:
        return evolve(state, deck=state.deck.shuffle_in(state.discard).take(card), discard=(), **changes)
    return evolve(state, deck=state.deck.take(card), **changes)


def discard_emptied_field(state: LoyangState, seat: int, card: int) -> LoyangState:
    """An emptied field: a private field leaves the game, a common field is discarded. In the
    solo game the first field discarded in the Harvest phase triggers the one reshuffle."""
    if card < PRIVATE_BASE:
        state = leave_play(state, seat, card)
    if state.solo and state.phase == HARVEST and not state.reshuffled:
        state = evolve(state, deck=state.deck.shuffle_in(state.discard), discard=(), reshuffled=True)
    return state


def take_stall_vegetable(
    state: LoyangState, seat: int, owner: int, card: int, slot: int, cart: Vegetables, **changes: Any
) -> LoyangState:
    """Move a stall's vegetable to ``seat``'s cart (``cart``: what it holds once the
    vegetables for the trade are given); an emptied stall is discarded at once. ``changes``
    are made in the same copy of the state (the vegetables given, the decision answered)."""
    veg = state.components.cards[card].slots[slot][0]
    seats = list(state.seats)
    stalls = seats[owner].stalls
    for i, stall in enumerate(stalls):
        if stall.card == card:
            break
    goods = stall.goods[:slot] + (False,) + stall.goods[slot + 1 :]
    stalls = stalls[:i] + (Stall(card, goods),) + stalls[i + 1 :]
    if owner == seat:  # one's own stall: one copy of the player
        seats[seat] = evolve(seats[seat], stalls=stalls, cart=cart.add(veg))
    else:
        seats[owner] = evolve(seats[owner], stalls=stalls)
        seats[seat] = evolve(seats[seat], cart=cart.add(veg))
    state = evolve(state, seats=tuple(seats), **changes)
    if not any(goods):
        state = leave_play(state, owner, card)
    return state
