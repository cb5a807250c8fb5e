"""Phase 3 of a round, the Action phase: the 4-player partners and actions A-H, as the rulebook
names them (sow, buy, sell, trade at a market stall, helpers, regular and casual customers,
the two-pack), and the end of a player's actions."""

from __future__ import annotations

from itertools import compress
from typing import Any

from tabletop.kernel.engine import evolve, push
from tabletop.kernel.rng import Rng
from tabletop.loyang import moves
from tabletop.loyang.moves import BUY, SELL
from tabletop.loyang.components import FIELD, Components
from tabletop.loyang.rules import helpers
from tabletop.loyang.rules.payments import buy_from_shop, charge, pay, sell_to_shop, take_loan
from tabletop.loyang.rules.play_area import deck_outcomes, deck_sample, deck_size, draw_from_deck, enter_play, leave_play
from tabletop.loyang.rules.table import (
    DECLINE,
    DELIVER,
    DELIVER_TWICE,
    DISCARD,
    SERVE,
    TRADE,
    Facts,
    all_to_supply,
    casual_price,
    covers,
    facts,
    from_supply,
    set_player,
    sow_moves_at,
    to_supply,
    two_pack_cost,
)
from tabletop.loyang.state import (
    ACTION,
    DELIVERED,
    DOUBLED,
    DUE,
    NO_VEG,
    SETTLED,
    ActionsPending,
    AdvancePending,
    Field,
    GivePending,
    KeepPending,
    LoyangState,
    Player,
    StorePending,
    TwoPackDraw,
)


def begin_action_phase(state: LoyangState) -> LoyangState:
    """Start player first, then the second player, then (3 players) the one without a token.
    With 4 players the start player first chooses a partner (see :func:`choose_partner`)."""
    n = state.n
    if n == 1:
        order: tuple[int, ...] = (0,)
    elif n == 2:
        order = (state.start, state.second)
    elif n == 3:
        third = next(s for s in range(3) if s not in (state.start, state.second))
        order = (state.start, state.second, third)
    else:
        order = ()
    return evolve(state, phase=ACTION, order=order, done=(False,) * n, partner=())


def choose_partner(state: LoyangState, partner: int) -> LoyangState:
    """4 players: the start player's partner; the other token-less player pairs with the second
    player. Token holders act "at the same time" (start, then second), then their partners."""
    start, second = state.start, state.second
    other = next(s for s in range(4) if s not in (start, second, partner))
    pairs = [0, 0, 0, 0]
    pairs[start], pairs[partner], pairs[second], pairs[other] = partner, start, other, second
    return evolve(state, stack=state.stack[:-1], order=(start, second, partner, other), partner=tuple(pairs))


def action_moves(state: LoyangState, turn: ActionsPending) -> tuple[Any, ...]:
    """Actions A-H open to the player, in the rulebook's order, then a loan and the end."""
    components = state.components
    table = facts(components)
    player = state.seats[turn.seat]
    out: list[Any] = []
    loaded = player.cart != NO_VEG  # sowing, selling, trading and delivering need vegetables on the cart
    if loaded and player.fields:
        _sow_moves(table, player, out)
    _shop_moves(components, table, player, out)
    if loaded and player.stalls:
        _trade_moves(table, turn, player, out)
    # E: play or discard a helper
    if player.helpers:
        helpers.action_moves(state, turn, out)
        out.extend(map(DISCARD.__getitem__, player.helpers))
    if player.regulars or player.casuals:
        _customer_moves(table, turn, player, out)
    # H: buy a two-pack (with 2-4 players the discards replace an empty deck)
    if not turn.two_pack and player.cash >= two_pack_cost(player, turn.official):
        if (state.discard and state.n > 1) or state.deck or state.deck_top:
            out.append(moves.TWO_PACK)
    if turn.blue_ready:
        out.append(moves.MARKERS_BLUE)
    out += _LAST
    return tuple(out)


#: A loan and the end of the actions, always open.
_LAST = (moves.LOAN, moves.END_ACTIONS)


def _sow_moves(table: Facts, player: Player, out: list[Any]) -> None:
    """A: a vegetable of the cart on an empty field that accepts it."""
    cart = player.cart
    accepts = table.accepts
    for pos, f in enumerate(player.fields):
        if f.veg < 0:
            sowings = sow_moves_at(pos)
            for v in accepts[f.card]:
                if cart[v]:
                    out.append(sowings[v])


def _shop_moves(components: Components, table: Facts, player: Player, out: list[Any]) -> None:
    """B: buy from the shop (at its price); C: sell from the cart into a free shop space."""
    cart, cash = player.cart, player.cash
    prices, spaces = table.prices, components.shop_slots
    for v, have in enumerate(player.shop):
        if have and cash >= prices[v]:
            out.append(BUY[v])
        if cart[v] and have < spaces[v]:
            out.append(SELL[v])


def _trade_moves(table: Facts, turn: ActionsPending, player: Player, out: list[Any]) -> None:
    """D: trade at one of your market stalls (the bowls say how many vegetables to give; 1
    with the Maid)."""
    total = sum(player.cart)
    most = 1 if turn.maid else table.most_bowls
    for stall in player.stalls:
        if total >= most:  # enough for any slot: every slot still holding its vegetable
            out.extend(compress(TRADE[stall.card], stall.goods))
            continue
        for trade, bowls, full in zip(TRADE[stall.card], table.bowls[stall.card], stall.goods):
            if full and total >= bowls:
                out.append(trade)


def _customer_moves(table: Facts, turn: ActionsPending, player: Player, out: list[Any]) -> None:
    """F: deliver to regular customers (or decline); G: deliver to casual customers."""
    cart = player.cart
    wanted = table.wanted
    for r in player.regulars:
        if r.status == DUE:
            for veg, count in wanted[r.card]:
                if cart[veg] < count:
                    break
            else:  # the cart holds what the customer wants
                out.append(DELIVER[r.card])
                if turn.messenger and r.rows == 3 and covers(cart, table.wants[r.card].times(2)):
                    out.append(DELIVER_TWICE[r.card])
            out.append(DECLINE[r.card])
        elif r.status == DELIVERED and turn.messenger and covers(cart, table.wants[r.card]):
            out.append(DELIVER[r.card])
    for c in player.casuals:
        for veg, count in wanted[c]:
            if cart[veg] < count:
                break
        else:
            out.append(SERVE[c])


def sow(state: LoyangState, turn: ActionsPending, pos: int, veg: int) -> LoyangState:
    """A: put 1 vegetable from the cart on an empty field; the supply fills the other spaces
    (plus 1 per Harvest helper activated for sowing this phase)."""
    player = state.seats[turn.seat]
    f = player.fields[pos]
    count = state.components.field(f.card).spaces + turn.sow_extra
    fields = player.fields[:pos] + (Field(f.card, veg, count),) + player.fields[pos + 1 :]
    player = evolve(player, cart=player.cart.take(veg), fields=fields)
    return set_player(state, turn.seat, player, **from_supply(state, veg, count - 1))


def trade_at_stall(state: LoyangState, turn: ActionsPending, card: int, slot: int) -> LoyangState:
    """D: give 1 or 2 vegetables (the bowls; 1 with the Maid) for the stall's vegetable."""
    bowls = state.components.cards[card].slots[slot][1]
    return push(state, GivePending(turn.seat, turn.seat, card, slot, 1 if turn.maid else bowls))


def give(state: LoyangState, pending: GivePending, veg: int) -> LoyangState:
    cart = state.seats[pending.seat].cart.take(veg)
    if pending.left > 1:
        stack = state.stack[:-1] + (evolve(pending, left=pending.left - 1),)
        given = evolve(state.seats[pending.seat], cart=cart)
        return set_player(state, pending.seat, given, stack=stack, **to_supply(state, veg))
    # The last vegetable given: the stall's vegetable is taken in the same copy.
    return helpers.complete_trade(state, pending, cart, stack=state.stack[:-1], **to_supply(state, veg))


def deliver_to_regular_customer(state: LoyangState, seat: int, card: int, twice: bool) -> LoyangState:
    """F: put the two wanted vegetables on the next row (bottom to top) and take its payment
    at once; after the 4th row the card and its vegetables are discarded. With the
    Messenger-boy a row can be delivered twice (paid twice); on the top row both at once."""
    components = state.components
    player = state.seats[seat]
    info = components.cards[card]
    need = info.want_counts
    i = next(i for i, r in enumerate(player.regulars) if r.card == card)
    r = player.regulars[i]
    if r.status == DUE and twice:
        pay_in, r = 2 * info.pays[3], evolve(r, rows=4, delivered=r.delivered + 2, status=DOUBLED)
        need = need.times(2)
    elif r.status == DUE:
        pay_in, r = info.pays[r.rows], evolve(r, rows=r.rows + 1, delivered=r.delivered + 1, status=DELIVERED)
    else:
        pay_in, r = info.pays[r.rows - 1], evolve(r, delivered=r.delivered + 1, status=DOUBLED)
    player = evolve(player, cash=player.cash + pay_in, cart=player.cart.minus(need), regulars=player.regulars[:i] + (r,) + player.regulars[i + 1 :])
    state = set_player(state, seat, player)
    if r.rows == 4:
        state = leave_play(state, seat, card)
    return state


def miss_regular_customer(components: Components, player: Player, card: int) -> tuple[Player, int]:
    """A regular customer not served this round: a blue marker turns red; a red one costs a
    2 Cash penalty (returned as the amount owed)."""
    owed = 0
    regulars = []
    for r in player.regulars:
        if r.card == card:
            if r.red:
                owed = components.penalty
            r = evolve(r, red=True, status=SETTLED)
        regulars.append(r)
    return evolve(player, regulars=tuple(regulars)), owed


def _miss_every_due_customer(components: Components, player: Player) -> tuple[Player, int]:
    """:func:`miss_regular_customer` for every regular customer still due, in one copy of the
    player; the penalties are added up."""
    owed = 0
    regulars = []
    for r in player.regulars:
        if r.status == DUE:
            if r.red:
                owed += components.penalty
            r = evolve(r, red=True, status=SETTLED)
        regulars.append(r)
    return evolve(player, regulars=tuple(regulars)), owed


def deliver_to_casual_customer(state: LoyangState, turn: ActionsPending, card: int) -> LoyangState:
    """G: the three vegetables go to the supply; the price is adjusted +2/-2 by comparing the
    uncovered regular and casual customers (or +2 with the Saleswoman's bonus)."""
    components = state.components
    player = state.seats[turn.seat]
    need = components.cards[card].want_counts
    price = casual_price(components, player, card, turn.bonus)
    player = evolve(player, cash=player.cash + price, cart=player.cart.minus(need))
    state = set_player(state, turn.seat, player, **all_to_supply(state, need))
    return leave_play(state, turn.seat, card)


def buy_two_pack(state: LoyangState, turn: ActionsPending) -> LoyangState:
    """H: once per Action phase, pay max(uncovered helpers, uncovered stalls) and draw 2 (one
    random event each; with 2-4 players the discards replace an empty deck, FAQ)."""
    player = state.seats[turn.seat]
    available = deck_size(state) + (0 if state.solo else len(state.discard))
    draws = (TwoPackDraw(),) * min(2, available)
    stack = state.stack[:-1] + (evolve(turn, two_pack=True), KeepPending(turn.seat, ()), *draws)
    return pay(state, turn.seat, two_pack_cost(player, turn.official), stack=stack)


def two_pack_outcomes(state: LoyangState, pending: TwoPackDraw) -> tuple[tuple[Any, int], ...]:
    return deck_outcomes(state, refill=not state.solo)


def two_pack_sample(state: LoyangState, pending: TwoPackDraw, rng: Rng) -> tuple[moves.Reveal, Rng]:
    """The card :func:`two_pack_outcomes` samples, drawn directly."""
    return deck_sample(state, rng, refill=not state.solo)


def draw_two_pack_card(state: LoyangState, pending: TwoPackDraw, move: moves.Reveal) -> LoyangState:
    """The card drawn joins the two-pack that the player then keeps or not."""
    stack = state.stack[:-1]
    below = max(i for i, pending in enumerate(stack) if type(pending) is KeepPending)
    keep = KeepPending(stack[below].seat, stack[below].drawn + (move.card,))
    return draw_from_deck(state, move.card, refill=not state.solo, stack=stack[:below] + (keep,) + stack[below + 1 :])


def keep_moves(pending: KeepPending) -> tuple[Any, ...]:
    d = pending.drawn
    out: list[Any] = [moves.KEEP_NONE, *(_keep(c) for c in d)]
    if len(d) == 2:
        out.append(_keep(d[0], d[1]))
        out.append(_keep(d[1], d[0]))
    return tuple(out)


_KEEP: dict[tuple[int, int], moves.Keep] = {}


def _keep(top: int, lower: int = -1) -> moves.Keep:
    """Keep ``top`` (over ``lower``): one shared instance, found by the card numbers."""
    move = _KEEP.get((top, lower))
    if move is None:
        move = _KEEP[top, lower] = moves.Keep(top, lower)
    return move


def keep_two_pack(state: LoyangState, pending: KeepPending, move: moves.Keep) -> LoyangState:
    """Keep 0, 1 or 2 cards; two kept cards are stacked (the top one in play, the lower one
    waits). Each kept common field costs 2 Cash at once, even beneath the other card."""
    components = state.components
    seat = pending.seat
    kept = tuple(c for c in (move.top, move.lower) if c >= 0)
    discard = state.discard + tuple(c for c in pending.drawn if c not in kept)
    state = evolve(state, stack=state.stack[:-1], discard=discard)
    owed = sum(components.field_cost for c in kept if components.cards[c].kind == FIELD)
    if move.top >= 0:
        state = enter_play(state, seat, move.top)
    if move.lower >= 0:
        player = state.seats[seat]
        state = set_player(state, seat, evolve(player, covered=player.covered + ((move.top, move.lower),)))
    return charge(state, seat, owed)


def end_actions(state: LoyangState, turn: ActionsPending) -> LoyangState:
    """End of the actions: every regular customer still due is missed now; then store the
    vegetables and move on the path of prosperity."""
    player = state.seats[turn.seat]
    owed = 0
    if any(r.status == DUE for r in player.regulars):
        player, owed = _miss_every_due_customer(state.components, player)
    # Storing comes first (on top of the stack), then the path of prosperity.
    stack = state.stack[:-1] + (AdvancePending(turn.seat), StorePending(turn.seat))
    return charge(set_player(state, turn.seat, player, stack=stack), turn.seat, owed)


def apply_actions(state: LoyangState, turn: ActionsPending, move: Any) -> LoyangState:
    seat = turn.seat
    kind = type(move)
    if kind is moves.Sow:
        return sow(state, turn, move.pos, move.veg)
    if kind is moves.Buy:
        return buy_from_shop(state, seat, move.veg)
    if kind is moves.Sell:
        return sell_to_shop(state, seat, move.veg)
    if kind is moves.Trade:
        return trade_at_stall(state, turn, move.card, move.slot)
    if kind is moves.UseHelper:
        return helpers.use(state, turn, move)
    if kind is moves.DiscardHelper:
        return leave_play(state, seat, move.card)
    if kind is moves.Deliver:
        return deliver_to_regular_customer(state, seat, move.card, move.twice)
    if kind is moves.Decline:
        player, owed = miss_regular_customer(state.components, state.seats[seat], move.card)
        return charge(set_player(state, seat, player), seat, owed)
    if kind is moves.Serve:
        return deliver_to_casual_customer(state, turn, move.card)
    if kind is moves.TwoPack:
        return buy_two_pack(state, turn)
    if kind is moves.Loan:
        return take_loan(state, seat)
    if kind is moves.MarkersBlue:
        return helpers.markers_blue(state, turn)
    return end_actions(state, turn)
