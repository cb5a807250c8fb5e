"""Preparing the game (the rulebook's setup) once the boards are laid out: the start player
(chosen at random unless the ``start_player`` option names one), the blue-dot regular customers
of the introductory version, solo: the imaginary opponent's cards and the 4x3 grid; then, from
the start player on, everyone sows their home field.

Each random step is a chance decision, asked in turn by :func:`next_setup_step`.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, pop, push
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import order_from
from tabletop.loyang import moves
from tabletop.loyang.components import CASUAL, REGULAR, STALL
from tabletop.loyang.rules.play_area import deck_outcomes, deck_sample, deck_size, draw_from_deck
from tabletop.loyang.rules.table import reveal, set_player, take_from_supply
from tabletop.loyang.state import (
    SETTLED,
    GridDraw,
    IntroDeal,
    LoyangState,
    OpponentDraw,
    Regular,
    SowHomePending,
    Stall,
    StartPlayerDraw,
)

#: Solo: how many cards of each kind the imaginary opponent gets.
OPPONENT_CARDS = {STALL: 2, REGULAR: 2, CASUAL: 2}


def next_setup_step(state: LoyangState) -> LoyangState:
    """Push the next step of the setup: a random event, a home field to sow, or round 1."""
    if state.start < 0:
        return push(state, StartPlayerDraw())
    if state.introductory:
        for seat in state.order:
            if state.seats[seat].intro < 0 and _blue_dot_customers(state):
                return push(state, IntroDeal(seat))
    if state.solo and _opponent_wants(state) and deck_size(state):
        return push(state, OpponentDraw())
    if state.solo and -1 in state.grid and deck_size(state):
        return push(state, GridDraw(state.grid.index(-1)))
    for seat in state.order:
        if not state.done[seat]:
            return push(state, SowHomePending(seat))
    return state


def start_outcomes(state: LoyangState, pending: StartPlayerDraw) -> tuple[tuple[Any, int], ...]:
    return tuple((moves.StartPlayer(seat), 1) for seat in range(state.n))


def choose_start_player(state: LoyangState, pending: StartPlayerDraw, move: moves.StartPlayer) -> LoyangState:
    return evolve(pop(state), start=move.seat, order=order_from(move.seat, state.n))


def _blue_dot_customers(state: LoyangState) -> tuple[int, ...]:
    cards = state.components.cards
    return tuple(card for card in state.deck.unseen if cards[card].kind == REGULAR and cards[card].start)


def intro_outcomes(state: LoyangState, pending: IntroDeal) -> tuple[tuple[Any, int], ...]:
    """Introductory version: any blue-dot regular customer still in the deck, equally likely."""
    return tuple((reveal(card), 1) for card in sorted(set(_blue_dot_customers(state))))


def deal_intro(state: LoyangState, pending: IntroDeal, move: moves.Reveal) -> LoyangState:
    """The player holds the blue-dot customer apart from the hand."""
    state = evolve(pop(state), deck=state.deck.take(move.card))
    return set_player(state, pending.to, evolve(state.seats[pending.to], intro=move.card))


def _opponent_holds(state: LoyangState) -> dict[int, int]:
    opponent = state.seats[1]
    return {STALL: len(opponent.stalls), REGULAR: len(opponent.regulars), CASUAL: len(opponent.casuals)}


def _opponent_wants(state: LoyangState) -> bool:
    held = _opponent_holds(state)
    return any(held[kind] < wanted for kind, wanted in OPPONENT_CARDS.items())


def deck_card_outcomes(state: LoyangState, pending: Any) -> tuple[tuple[Any, int], ...]:
    """Any action card of the deck, each weighted by its copies."""
    return deck_outcomes(state)


def deck_card_sample(state: LoyangState, pending: Any, rng: Rng) -> tuple[moves.Reveal, Rng]:
    """The action card :func:`deck_card_outcomes` samples, drawn directly."""
    return deck_sample(state, rng)


def turn_up_for_opponent(state: LoyangState, pending: OpponentDraw, move: moves.Reveal) -> LoyangState:
    """Solo: cards are turned up until the opponent has exactly 2 stalls (filled), 2 regular and
    2 casual customers; every other card turned up goes to the discard pile. The opponent never
    acts: its customers are never due."""
    card = move.card
    state = draw_from_deck(state, card)
    opponent = state.seats[1]
    kind = state.components.cards[card].kind
    if _opponent_holds(state).get(kind, 0) >= OPPONENT_CARDS.get(kind, 0):
        return evolve(state, discard=state.discard + (card,))
    if kind == STALL:
        state = set_player(state, 1, evolve(opponent, stalls=opponent.stalls + (Stall(card),)))
        for veg, _ in state.components.cards[card].slots:
            state = take_from_supply(state, veg)
        return state
    if kind == REGULAR:
        return set_player(state, 1, evolve(opponent, regulars=opponent.regulars + (Regular(card, status=SETTLED),)))
    return set_player(state, 1, evolve(opponent, casuals=opponent.casuals + (card,)))


def fill_grid(state: LoyangState, pending: GridDraw, move: moves.Reveal) -> LoyangState:
    """Solo: the card drawn fills its place in the grid."""
    grid = state.grid[: pending.pos] + (move.card,) + state.grid[pending.pos + 1 :]
    return draw_from_deck(state, move.card, grid=grid)


def sow_home_field(state: LoyangState, seat: int, veg: int) -> LoyangState:
    """Buy 1 vegetable from your own shop and sow your home field with it; the other 8 tokens
    come from the supply."""
    components = state.components
    player = state.seats[seat]
    spaces = components.home.spaces
    player = evolve(
        player,
        cash=player.cash - components.vegetables[veg].buy,
        shop=player.shop.take(veg),
        home_veg=veg,
        home_count=spaces,
    )
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    return take_from_supply(set_player(state, seat, player, done=done), veg, spaces - 1)


def home_choices(state: LoyangState, seat: int) -> list[int]:
    """Wheat, pumpkin or turnip, in the shop, and chosen by fewer than 2 players so far."""
    components = state.components
    player = state.seats[seat]
    chosen = [other.home_veg for other in state.seats[: state.n]]
    return [
        veg
        for veg in components.home.accepts
        if player.shop[veg] > 0 and player.cash >= components.vegetables[veg].buy and chosen.count(veg) < 2
    ]
