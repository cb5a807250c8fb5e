"""Helpers for the Loyang tests: build positions, play moves by notation, list legal moves."""

from __future__ import annotations

from tabletop.loyang import GAME, invariants
from tabletop.loyang import rules
from tabletop.loyang.components import STANDARD, VEGETABLES
from tabletop.loyang.setup import scenario  # noqa: F401 - re-exported for the tests
from tabletop.loyang.state import LoyangState, replace



def card(code: str) -> int:
    """The number of the action card with ``code``."""
    return next(c.index for c in STANDARD.cards if c.code == code)


def play(state: LoyangState, *moves: str) -> LoyangState:
    """Apply moves written in notation, checking the invariants after each."""
    for text in moves:
        state = state.apply(GAME.parse_move(state, text))
        assert invariants(state) == [], (text, invariants(state))
    return state


def legal(state: LoyangState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def starting(state: LoyangState, prefix: str) -> set[str]:
    return {m for m in legal(state) if m.startswith(prefix)}


def _take_out(state: LoyangState, number: int) -> LoyangState:
    """Remove an action card from the deck, discards, courtyard, grid or a hand."""
    if number in state.draw:
        return replace(state, draw=rules.without(state.draw, number))
    if number in state.discard:
        return replace(state, discard=rules.without(state.discard, number))
    if number in state.courtyard:
        return replace(state, courtyard=rules.without(state.courtyard, number))
    if number in state.grid:
        return replace(state, grid=tuple(-1 if g == number else g for g in state.grid))
    for seat, p in enumerate(state.seats):
        if number in p.hand:
            return rules.set_player(state, seat, replace(p, hand=rules.without(p.hand, number)))
    raise AssertionError(f"{STANDARD.code(number)} is not available")


def give(state: LoyangState, seat: int, *codes: str) -> LoyangState:
    """Put the cards into ``seat``'s play area as if played (stalls filled, markers blue)."""
    for code in codes:
        number = card(code)
        state = rules.enter_play(_take_out(state, number), seat, number)
    return state


def stack(state: LoyangState, seat: int, top: str, lower: str) -> LoyangState:
    """A kept two-pack: ``top`` in play, ``lower`` under it."""
    state = give(state, seat, top)
    state = _take_out(state, card(lower))
    p = state.seats[seat]
    return rules.set_player(state, seat, replace(p, covered=p.covered + ((card(top), card(lower)),)))


def on_top(state: LoyangState, *codes: str) -> LoyangState:
    """The draw pile with these cards on top, in this order."""
    for code in reversed(codes):
        number = card(code)
        state = _take_out(state, number)
        state = replace(state, draw=(number,) + state.draw)
    return state


def in_hand(state: LoyangState, seat: int, *codes: str) -> LoyangState:
    for code in codes:
        number = card(code)
        state = _take_out(state, number)
        p = state.seats[seat]
        state = rules.set_player(state, seat, replace(p, hand=p.hand + (number,)))
    return state


def cart(state: LoyangState, seat: int, **vegs: int) -> LoyangState:
    """Add vegetables from the supply to ``seat``'s cart, e.g. ``cart(s, 0, turnip=1)``."""
    p = state.seats[seat]
    counts = tuple(vegs.get(name, 0) for name in VEGETABLES)
    state = replace(state, supply=rules.vminus(state.supply, counts))
    return rules.set_player(state, seat, replace(p, cart=rules.vplus(p.cart, counts)))


def empty_cart(state: LoyangState, seat: int) -> LoyangState:
    p = state.seats[seat]
    state = replace(state, supply=rules.vplus(state.supply, p.cart))
    return rules.set_player(state, seat, replace(p, cart=(0,) * 6))


def cash(state: LoyangState, seat: int, amount: int) -> LoyangState:
    return rules.set_player(state, seat, replace(state.seats[seat], cash=amount))


def veg(name: str) -> int:
    return VEGETABLES.index(name)


def courtyard(state: LoyangState, *codes: str) -> LoyangState:
    """The courtyard holding these cards (taken from wherever they are)."""
    for code in codes:
        number = card(code)
        state = _take_out(state, number)
        state = replace(state, courtyard=state.courtyard + (number,))
    return state
