"""Cash, loans and the shop (actions B and C): paying, forced payments, loans, buying from and
selling to one's own shop."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, push, replace_top
from tabletop.loyang.rules.table import set_player
from tabletop.loyang.state import CashPending, LoyangState


def pay(state: LoyangState, seat: int, amount: int, payee: int = -1, **changes: Any) -> LoyangState:
    """Pay ``amount`` (which the payer has) to the supply or to another real player, with
    ``changes`` to the state in the same copy."""
    seats = list(state.seats)
    seats[seat] = evolve(seats[seat], cash=seats[seat].cash - amount)
    if 0 <= payee < state.n and payee != seat:
        seats[payee] = evolve(seats[payee], cash=seats[payee].cash + amount)
    return evolve(state, seats=tuple(seats), **changes)


def charge(state: LoyangState, seat: int, amount: int, payee: int = -1) -> LoyangState:
    """A forced payment: paid at once if possible, otherwise the player must first raise the
    money (sell, use a helper, take a loan) - Cash never goes negative."""
    if amount <= 0:
        return state
    if state.seats[seat].cash >= amount:
        return pay(state, seat, amount, payee)
    pending = state.stack[-1] if state.stack else None
    if isinstance(pending, CashPending) and pending.seat == seat and pending.payee == payee:
        return replace_top(state, CashPending(seat, pending.amount + amount, payee))
    return push(state, CashPending(seat, amount, payee))


def take_loan(state: LoyangState, seat: int) -> LoyangState:
    """A loan: 5 Cash and a loan card (1 step back at the end); never repaid."""
    player = state.seats[seat]
    return set_player(state, seat, evolve(player, cash=player.cash + state.components.loan, loans=player.loans + 1))


def buy_from_shop(state: LoyangState, seat: int, veg: int) -> LoyangState:
    """B: buy 1 vegetable from your own shop at the dark price tag."""
    player = state.seats[seat]
    player = evolve(
        player,
        cash=player.cash - state.components.vegetables[veg].buy,
        shop=player.shop.take(veg),
        cart=player.cart.add(veg),
    )
    return set_player(state, seat, player)


def sell_to_shop(state: LoyangState, seat: int, veg: int) -> LoyangState:
    """C: sell 1 vegetable from your cart into a free space of your shop (pale price tag)."""
    player = state.seats[seat]
    player = evolve(
        player,
        cash=player.cash + state.components.vegetables[veg].sell,
        shop=player.shop.add(veg),
        cart=player.cart.take(veg),
    )
    return set_player(state, seat, player)
