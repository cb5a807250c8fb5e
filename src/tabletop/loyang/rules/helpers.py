"""The 20 helpers (22 cards, the Trader three times): when they can be used and what they do.

Each helper option has a function named after it (``tout_swap``, ``tout_buy``, ...), and a
``_<helper>_moves`` function lists its legal uses in the Action phase. Helpers that are
*activated* for the Action phase (Maid, Messenger-boy, Official, Saleswoman, the Harvest helper's
sowing option) go to the discard pile at once - which lowers the two-pack price, as in John's
Maid example - and leave a flag on the player's :class:`ActionsPending`. Helpers with a choice
in several steps (Book-keeper, Merchant, Market crier) push a small session record; the helper
is discarded when it ends.
Lantern helpers reach "another player": the partner in a 4-player Action phase, the imaginary
opponent in the solo game (see :func:`tabletop.loyang.rules.table.others`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.kernel.engine import evolve, pop, push, replace_top
from tabletop.kernel.pile import Pile
from tabletop.loyang import moves
from tabletop.loyang.components import HELPER, PRIVATE_BASE, Vegetables
from tabletop.loyang.rules.payments import pay
from tabletop.loyang.rules.play_area import discard_emptied_field, leave_play, take_stall_vegetable
from tabletop.kernel.shared import shared
from tabletop.loyang.rules.table import (
    casual_price,
    covers,
    find,
    others,
    owner_of,
    return_all_to_supply,
    return_to_supply,
    set_player,
    take_all_from_supply,
    take_from_supply,
    use_helper_move,
)
from tabletop.loyang.state import (
    ACTION,
    CARD,
    DUE,
    ActionsPending,
    BonusPending,
    CashPending,
    CrierPending,
    Field,
    GivePending,
    HarvestPending,
    LoyangState,
    MerchantPending,
    Player,
    ShopPending,
    Stall,
    pile_cards,
)

Turn = ActionsPending | None


_use = use_helper_move


def _discard(state: LoyangState, seat: int, card: int) -> LoyangState:
    """A used helper goes to the discard pile (where the Foreman may take it)."""
    return leave_play(state, seat, card)


def _activate(state: LoyangState, turn: ActionsPending, card: int, **flags: Any) -> LoyangState:
    state = replace_top(state, evolve(turn, **flags))
    return _discard(state, turn.seat, card)


def _set(state: LoyangState, seat: int, **changes: Any) -> LoyangState:
    return set_player(state, seat, evolve(state.seats[seat], **changes))


def use_harvest_helper(state: LoyangState, pending: HarvestPending, card: int) -> LoyangState:
    """Harvest helper [1]: take 1 more from each chosen field that holds 4 or more tokens
    (counted before harvesting, never the home field). Used twice (Foreman), a field of 5 gives
    3 in all."""
    player = state.seats[pending.seat]
    fields = list(player.fields)
    cart = player.cart
    for pos in pending.chosen:
        f = fields[pos]
        fields[pos] = evolve(f, count=f.count - 1)
        cart = cart.add(f.veg)
    state = _set(state, pending.seat, fields=tuple(fields), cart=cart)
    state = replace_top(state, HarvestPending(pending.seat))
    return _discard(state, pending.seat, card)


def action_moves(state: LoyangState, turn: ActionsPending, out: list[Any]) -> None:
    components = state.components
    player = state.seats[turn.seat]
    trader_done = False
    for card in player.helpers:
        kind = components.cards[card].helper
        if kind == "trader":
            # The three Traders are identical: offering the first one is enough.
            if trader_done:
                continue
            trader_done = True
        generate = _ACTION_MOVES.get(kind)
        if generate is not None:
            generate(state, turn, player, card, out)


def _bookkeeper_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    out.append(_use(card))


def _con_man_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    components = state.components
    if state.solo:
        out.extend(_use(card, "offer", g) for g in state.grid if g >= 0 and components.cards[g].kind == HELPER)
        return
    if turn.seat == state.start:
        return
    for t in others(state, turn.seat):
        if state.done[t]:
            out.extend(_use(card, "", h) for h in state.seats[t].helpers)


def _deliveryman_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    components = state.components
    for t in others(state, turn.seat):
        for r in state.seats[t].regulars:
            if covers(player.cart, components.cards[r.card].want_counts):
                out.append(_use(card, "", r.card))


def _haggler_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    vegetables = state.components.vegetables
    shopper = find(state, turn.seat, "shopper") >= 0
    for v in range(6):
        # "Only when there are two of the required vegetable in the Shop" - with the Shopper
        # too, although both then come from the supply.
        if player.shop[v] < 2:
            continue
        if player.cash >= vegetables[v].buy:
            out.append(_use(card, "", v))
        if shopper and player.cash >= vegetables[v].buy - 2:
            out.append(_use(card, "shopper", v))


def _more_cards_may_come(turn: ActionsPending, player: Player) -> bool:
    """Whether a card may still enter ``p``'s play area this Action phase: from the two-pack
    not yet bought, or from under a card that leaves. Activating a helper first is worth it
    then - it lowers the two-pack's price (John's Maid example) and acts on the new card."""
    return not turn.two_pack or bool(player.covered)


def _harvest_helper_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    # The field to sow may still come: a common field of the two-pack, or one under a card.
    if any(f.veg < 0 for f in player.fields) or _more_cards_may_come(turn, player):
        out.append(_use(card, "sow"))


def _maid_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if not turn.maid:
        out.append(_use(card))


def _market_crier_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if any(not all(s.goods) for s in player.stalls):
        out.append(_use(card, "refill"))
    if _crier_sales(state, player):
        out.append(_use(card, "sell"))


def _market_woman_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    for t in others(state, turn.seat):
        for theirs in state.seats[t].stalls:
            out.extend(_use(card, "", mine.card, theirs.card) for mine in player.stalls)


def _merchant_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if _merchant_buys(state, MerchantPending(turn.seat, card)):
        out.append(_use(card))


def _messenger_boy_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if not turn.messenger and (player.regulars or _more_cards_may_come(turn, player)):
        out.append(_use(card))


def _official_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if not turn.two_pack and not turn.official:
        out.append(_use(card))


def _ploughman_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    out.extend(_use(card, "clear", pos) for pos, f in enumerate(player.fields) if f.veg >= 0 and f.count >= 2)
    if any(f.veg >= 0 and f.count == 1 for f in player.fields):
        out.append(_use(card, "harvest"))


def _saleswoman_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if player.regulars and not turn.blue_ready:
        out.append(_use(card, "blue"))
    # The bonus also pays for a casual customer bought with the Tout or still to come.
    if (player.casuals or find(state, turn.seat, "tout") >= 0 or _more_cards_may_come(turn, player)) and not turn.bonus:
        out.append(_use(card, "bonus"))


def _shopper_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    vegetables = state.components.vegetables
    out.extend(_use(card, "", v) for v in range(6) if player.cash >= vegetables[v].buy - 2)


def _subsistence_farmer_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    if player.cash < 1:
        return
    if state.solo:
        out.extend(_use(card, "solo", v) for v in state.components.home.accepts)
        return
    for t in others(state, turn.seat):
        for pos, f in enumerate(state.seats[t].fields):
            if f.veg >= 0 and f.count >= 4:
                out.append(_use(card, "", t, pos))


def _tenant_farmer_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    choices = tuple(sorted(set(pile_cards(player))))
    if not choices:
        return
    if player.cash >= 3:
        out.extend(_use(card, "take", c) for c in choices)
    for pos, f in enumerate(player.fields):
        if f.veg < 0:
            out.extend(_use(card, "swap", pos, c) for c in choices)


def _tout_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    components = state.components
    for t in others(state, turn.seat):
        for theirs in state.seats[t].casuals:
            out.extend(_use(card, "swap", mine, theirs) for mine in player.casuals)
            if covers(player.cart, components.cards[theirs].want_counts):
                out.append(_use(card, "buy", theirs))


def trader_fee(state: LoyangState) -> int:
    """Trader: 1 Cash to the stall's owner in round 8, 2 Cash in round 9."""
    last = state.components.rounds
    return 2 if state.round == last else 1 if state.round == last - 1 else 0


def _trader_moves(state: LoyangState, turn: ActionsPending, player: Player, card: int, out: list[Any]) -> None:
    components = state.components
    if player.cash < trader_fee(state):
        return
    total = sum(player.cart)
    for t in others(state, turn.seat):
        for s in state.seats[t].stalls:
            slots = components.cards[s.card].slots
            for i in range(3):
                if s.goods[i] and total >= (1 if turn.maid else slots[i][1]):
                    out.append(_use(card, "", s.card, i))


_Generator = Callable[[LoyangState, ActionsPending, Player, int, list[Any]], None]


_ACTION_MOVES: dict[str, _Generator] = {
    "bookkeeper": _bookkeeper_moves,
    "con_man": _con_man_moves,
    "deliveryman": _deliveryman_moves,
    "haggler": _haggler_moves,
    "harvest_helper": _harvest_helper_moves,
    "maid": _maid_moves,
    "market_crier": _market_crier_moves,
    "market_woman": _market_woman_moves,
    "merchant": _merchant_moves,
    "messenger_boy": _messenger_boy_moves,
    "official": _official_moves,
    "ploughman": _ploughman_moves,
    "saleswoman": _saleswoman_moves,
    "shopper": _shopper_moves,
    "subsistence_farmer": _subsistence_farmer_moves,
    "tenant_farmer": _tenant_farmer_moves,
    "tout": _tout_moves,
    "trader": _trader_moves,
}


def cash_moves(state: LoyangState, pending: CashPending, out: list[Any]) -> None:
    """Helpers that raise money for a forced payment ("sell, use a Helper or take a Loan"): the
    Book-keeper ([2,3]: Card or Action phase) and the Market crier's sale ([3]: Action phase;
    also the Card phase with the option ``crier_in_card_phase``, the reading of the Foreman's
    note, which names him among the helpers used in the Card phase). In the middle of your own
    actions (a common field of the two-pack, a missed customer's penalty) also the helpers that
    bring in proceeds: the Deliveryman and the Tout's purchase of a casual customer."""
    seat = pending.seat
    player = state.seats[seat]
    bookkeeper = find(state, seat, "bookkeeper")
    if bookkeeper >= 0 and state.phase in (CARD, ACTION):
        out.append(_use(bookkeeper))
    crier = find(state, seat, "market_crier")
    crier_phases = (CARD, ACTION) if state.crier_in_card_phase else (ACTION,)
    if crier >= 0 and state.phase in crier_phases and _crier_sales(state, player):
        out.append(_use(crier, "sell"))
    turn = _own_turn(state, seat)
    if turn is None:
        return
    deliveryman = find(state, seat, "deliveryman")
    if deliveryman >= 0:
        _deliveryman_moves(state, turn, player, deliveryman, out)
    tout = find(state, seat, "tout")
    if tout >= 0:
        options: list[Any] = []
        _tout_moves(state, turn, player, tout, options)
        out.extend(m for m in options if m.option == "buy")


def _own_turn(state: LoyangState, seat: int) -> ActionsPending | None:
    """``seat``'s Action phase, if a forced payment interrupted its actions."""
    below = state.stack[-2] if len(state.stack) >= 2 else None
    return below if isinstance(below, ActionsPending) and below.seat == seat else None


def use(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Use a helper: in your Action phase (``turn``), or to raise money for a forced payment
    (``turn`` None; then the Action phase it interrupted, if any)."""
    kind = state.components.cards[move.card].helper
    if turn is None:
        turn = _own_turn(state, state.stack[-1].seat)
    return _USE[kind, move.option](state, turn, move)


def _seat(state: LoyangState, turn: Turn) -> int:
    """Who uses the helper: the player in the Action phase, or the one raising a payment."""
    return turn.seat if turn is not None else state.stack[-1].seat


def book_keeper(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Book-keeper [2,3]: fill or empty each shop space as you like, then 1 Cash per field sown
    with a vegetable of your choice."""
    return push(state, ShopPending(_seat(state, turn), move.card))


def con_man(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Con man: swap him for an uncovered helper of a player who has finished this round's
    Action phase (not as start player); he stays in the game with that player."""
    seat, card, target = _seat(state, turn), move.card, move.args[0]
    owner = owner_of(state, target)
    state = leave_play(state, owner, target, discard=False)
    state = leave_play(state, seat, card, discard=False)
    state = _set(state, seat, helpers=state.seats[seat].helpers + (target,))
    return _set(state, owner, helpers=state.seats[owner].helpers + (card,))


def con_man_solo(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Con man, solo game: swap him for a helper of the offer (he takes its place in the grid)."""
    seat, card, target = _seat(state, turn), move.card, move.args[0]
    grid = tuple(card if g == target else g for g in state.grid)
    state = leave_play(evolve(state, grid=grid), seat, card, discard=False)
    return _set(state, seat, helpers=state.seats[seat].helpers + (target,))


def deliveryman(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Deliveryman: deliver to another player's regular customer and keep the payment; after
    its last delivery pay the owner 2 of it. The owner's own obligation this round remains."""
    components = state.components
    seat, target = _seat(state, turn), move.args[0]
    owner = owner_of(state, target)
    info = components.cards[target]
    other = state.seats[owner]
    regulars = []
    rows = 0
    for r in other.regulars:
        if r.card == target:
            rows = r.rows
            r = evolve(r, rows=r.rows + 1, delivered=r.delivered + 1)
        regulars.append(r)
    state = _set(state, owner, regulars=tuple(regulars))
    player = state.seats[seat]
    state = _set(state, seat, cart=player.cart.minus(info.want_counts), cash=player.cash + info.pays[rows])
    if rows + 1 == 4:
        state = pay(state, seat, 2, owner)
        state = leave_play(state, owner, target)
    return _discard(state, seat, move.card)


def haggler(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Haggler: 2 identical vegetables from your shop for the price of 1 (there must be 2 in
    the shop)."""
    seat, veg = _seat(state, turn), move.args[0]
    player = state.seats[seat]
    price = state.components.vegetables[veg].buy
    state = _set(state, seat, cart=player.cart.add(veg, 2), shop=player.shop.take(veg, 2), cash=player.cash - price)
    return _discard(state, seat, move.card)


def haggler_with_shopper(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Haggler with the Shopper: both vegetables from the supply instead, for the Shopper's
    price of one (2 less than the shop's); both helpers are used."""
    seat, veg = _seat(state, turn), move.args[0]
    player = state.seats[seat]
    price = state.components.vegetables[veg].buy - 2
    state = _set(state, seat, cart=player.cart.add(veg, 2), cash=player.cash - price)
    state = take_from_supply(state, veg, 2)
    state = _discard(state, seat, move.card)
    return _discard(state, seat, find(state, seat, "shopper"))


def harvest_helper_sow(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Harvest helper [3]: fields you sow in this Action phase get 1 extra token."""
    assert turn is not None
    return _activate(state, turn, move.card, sow_extra=turn.sow_extra + 1)


def maid(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Maid: this Action phase, 2-bowl stall spaces take 1 vegetable (also with a Trader)."""
    assert turn is not None
    return _activate(state, turn, move.card, maid=True)


def market_crier_refill(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Market crier: refill all your stalls (an empty one is already discarded)."""
    seat = _seat(state, turn)
    components = state.components
    player = state.seats[seat]
    state = _set(state, seat, stalls=tuple(Stall(s.card) for s in player.stalls))
    for stall in player.stalls:
        for (veg, _), full in zip(components.cards[stall.card].slots, stall.goods):
            if not full:
                state = take_from_supply(state, veg)
    return _discard(state, seat, move.card)


def market_crier_sell(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Market crier: move 1-3 vegetables from your stalls to your shop for their sale prices,
    at most 3 Cash in all (see :func:`session_apply`)."""
    return push(state, CrierPending(_seat(state, turn), move.card))


def market_woman(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Market woman: swap one of your stalls with another player's; both are refilled, and a
    card under either stall is revealed for its owner."""
    components = state.components
    seat = _seat(state, turn)
    mine, theirs = move.args
    owner = owner_of(state, theirs)
    refill = [0] * 6
    for card, goods in (
        (mine, next(s.goods for s in state.seats[seat].stalls if s.card == mine)),
        (theirs, next(s.goods for s in state.seats[owner].stalls if s.card == theirs)),
    ):
        for (veg, _), full in zip(components.cards[card].slots, goods):
            refill[veg] += not full
    state = leave_play(state, seat, mine, discard=False)
    state = leave_play(state, owner, theirs, discard=False)
    state = _set(state, seat, stalls=state.seats[seat].stalls + (Stall(theirs),))
    state = _set(state, owner, stalls=state.seats[owner].stalls + (Stall(mine),))
    state = take_all_from_supply(state, refill)
    return _discard(state, seat, move.card)


def merchant(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Merchant: buy the vegetables you must deliver twice this round (see :func:`merchant_buy`)."""
    return push(state, MerchantPending(_seat(state, turn), move.card))


def merchant_types(state: LoyangState, seat: int) -> tuple[int, ...]:
    """Merchant: vegetables you must still deliver at least twice to your regular customers
    this round (wheat/wheat counts twice; casual customers do not count)."""
    components = state.components
    need = [0] * 6
    for r in state.seats[seat].regulars:
        if r.status == DUE:
            for v in components.cards[r.card].wants:
                need[v] += 1
    return tuple(v for v in range(6) if need[v] >= 2)


def _merchant_buys(state: LoyangState, pending: MerchantPending) -> list[Any]:
    player = state.seats[pending.seat]
    shopper = find(state, pending.seat, "shopper") >= 0
    haggler = find(state, pending.seat, "haggler") >= 0
    out: list[Any] = []
    for v in merchant_types(state, pending.seat):
        # "Players can never buy vegetables that are not in their Shop" (with the Shopper too:
        # he takes one "that the Merchant could buy from the Shop").
        if v in pending.bought or not player.shop[v]:
            continue
        if player.cash >= 1:
            out.append(shared(moves.MerchantBuy, v))
        if shopper:
            out.append(shared(moves.MerchantBuy, v, "Shopper"))
        if haggler and player.shop[v] >= 2 and player.cash >= 1:
            out.append(shared(moves.MerchantBuy, v, "Haggler"))
    return out


def merchant_buy(state: LoyangState, pending: MerchantPending, move: moves.MerchantBuy) -> LoyangState:
    """Merchant: 1 Cash for one of each such vegetable from your shop. With the Haggler: 2 of
    them for 1 Cash; with the Shopper: one of them free from the supply."""
    seat, veg = pending.seat, move.veg
    state = replace_top(state, evolve(pending, bought=pending.bought + (veg,)))
    player = state.seats[seat]
    if move.combo == "Shopper":
        state = _set(state, seat, cart=player.cart.add(veg))
        state = take_from_supply(state, veg)
        return _discard(state, seat, find(state, seat, "shopper"))
    if move.combo == "Haggler":
        state = _set(state, seat, cart=player.cart.add(veg, 2), shop=player.shop.take(veg, 2), cash=player.cash - 1)
        return _discard(state, seat, find(state, seat, "haggler"))
    return _set(state, seat, cart=player.cart.add(veg), shop=player.shop.take(veg), cash=player.cash - 1)


def messenger_boy(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Messenger-boy: this Action phase each regular customer may be delivered twice."""
    assert turn is not None
    return _activate(state, turn, move.card, messenger=True)


def official(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Official: the two-pack is free for you this Action phase."""
    assert turn is not None
    return _activate(state, turn, move.card, official=True)


def plough_man_clear(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Plough-man: return all vegetables of one field of 2+ tokens (not the home field) to the
    supply, without refund; the field is as if newly turned over and may be sown again."""
    seat, pos = _seat(state, turn), move.args[0]
    player = state.seats[seat]
    f = player.fields[pos]
    state = _set(state, seat, fields=player.fields[:pos] + (Field(f.card),) + player.fields[pos + 1 :])
    state = return_to_supply(state, f.veg, f.count)
    return _discard(state, seat, move.card)


def plough_man_harvest(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Plough-man: harvest every field holding exactly 1 token (not the home field) at once;
    the emptied fields leave play as after a harvest."""
    seat = _seat(state, turn)
    player = state.seats[seat]
    cart = player.cart
    kept = []
    emptied = []
    for f in player.fields:
        if f.veg >= 0 and f.count == 1:
            cart = cart.add(f.veg)
            emptied.append(f.card)
        else:
            kept.append(f)
    state = _set(state, seat, cart=cart, fields=tuple(kept))
    for card in emptied:
        state = discard_emptied_field(state, seat, card)
    return _discard(state, seat, move.card)


def saleswoman_blue(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Saleswoman: turn all your satisfaction markers blue - activated now, done when you say
    "markers blue" (:func:`markers_blue`), so that you may first decline, as Fraser does."""
    assert turn is not None
    return _activate(state, turn, move.card, blue_ready=True)


def saleswoman_bonus(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Saleswoman: your casual customers pay +2 this Action phase whatever your counts."""
    assert turn is not None
    return _activate(state, turn, move.card, bonus=True)


def markers_blue(state: LoyangState, turn: ActionsPending) -> LoyangState:
    player = state.seats[turn.seat]
    state = _set(state, turn.seat, regulars=tuple(evolve(r, red=False) for r in player.regulars))
    return replace_top(state, evolve(turn, blue_ready=False))


def shopper(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Shopper: 1 vegetable from the supply for 2 less than the shop price."""
    seat, veg = _seat(state, turn), move.args[0]
    player = state.seats[seat]
    state = _set(state, seat, cart=player.cart.add(veg), cash=player.cash - (state.components.vegetables[veg].buy - 2))
    return _discard(take_from_supply(state, veg), seat, move.card)


def subsistence_farmer(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Subsistence farmer: take 1 vegetable from another player's field of 4+ tokens (not a home
    field) into your cart and pay them 1 Cash."""
    seat = _seat(state, turn)
    owner, pos = move.args
    other = state.seats[owner]
    f = other.fields[pos]
    state = _set(state, owner, fields=other.fields[:pos] + (evolve(f, count=f.count - 1),) + other.fields[pos + 1 :])
    player = state.seats[seat]
    state = _set(state, seat, cart=player.cart.add(f.veg))
    state = pay(state, seat, 1, owner)
    return _discard(state, seat, move.card)


def subsistence_farmer_solo(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Subsistence farmer, solo game: buy 1 wheat, pumpkin or turnip from the supply for 1 Cash."""
    seat, veg = _seat(state, turn), move.args[0]
    player = state.seats[seat]
    state = _set(state, seat, cart=player.cart.add(veg), cash=player.cash - 1)
    return _discard(take_from_supply(state, veg), seat, move.card)


def _without_field(pile: tuple[Pile[int], ...], field: int) -> tuple[Pile[int], ...]:
    """The field pile without ``field`` (its order otherwise unchanged)."""
    return tuple(part.remove(field) if field in part.cards() else part for part in pile)


def tenant_farmer_take(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Tenant-farmer: pay 3 Cash for any field of your pile (the pile's order unchanged)."""
    seat, field = _seat(state, turn), move.args[0]
    player = state.seats[seat]
    fields = player.fields + (Field(field),)
    state = _set(state, seat, pile=_without_field(player.pile, field), fields=fields, cash=player.cash - 3)
    return _discard(state, seat, move.card)


def tenant_farmer_swap(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Tenant-farmer: put an unsown field (a common field too, not paid again when it turns up)
    under your pile and take another field from the pile."""
    seat = _seat(state, turn)
    pos, field = move.args
    player = state.seats[seat]
    back = player.fields[pos].card
    fields = player.fields[:pos] + player.fields[pos + 1 :] + (Field(field),)
    pile = _without_field(player.pile, field)
    pile = pile[:-1] + (pile[-1].put_under((back,)),)
    state = _set(state, seat, pile=pile, fields=fields)
    if back < PRIVATE_BASE:
        # A common field leaving play reveals the card it covered.
        state = leave_play(state, seat, back, discard=False)
    return _discard(state, seat, move.card)


def tout_swap(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Tout: swap one of your casual customers with another player's. A card either customer
    covered is revealed for its own owner ("moved to the appropriate place", as for every
    two-pack whose top card another player removes)."""
    seat = _seat(state, turn)
    mine, theirs = move.args
    owner = owner_of(state, theirs)
    state = leave_play(state, seat, mine, discard=False)
    state = leave_play(state, owner, theirs, discard=False)
    state = _set(state, seat, casuals=state.seats[seat].casuals + (theirs,))
    state = _set(state, owner, casuals=state.seats[owner].casuals + (mine,))
    return _discard(state, seat, move.card)


def tout_buy(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Tout: buy another player's casual customer for 2 Cash, paid from the proceeds of
    serving it at once."""
    assert turn is not None
    components = state.components
    seat, theirs = turn.seat, move.args[0]
    owner = owner_of(state, theirs)
    state = leave_play(state, owner, theirs, discard=False)
    player = state.seats[seat]
    need = components.cards[theirs].want_counts
    # The bought customer counts among the buyer's casual customers while it is served; a card
    # the Tout covers is revealed only after the Tout is discarded (Jon's example).
    price = casual_price(components, player, theirs, turn.bonus, extra=1)
    state = _set(state, seat, cart=player.cart.minus(need), cash=player.cash + price)
    state = return_all_to_supply(evolve(state, discard=state.discard + (theirs,)), need)
    state = pay(state, seat, 2, owner)
    return _discard(state, seat, move.card)


def trader(state: LoyangState, turn: Turn, move: moves.UseHelper) -> LoyangState:
    """Trader: trade for 1 vegetable at another player's stall (1 or 2 vegetables as the bowls
    show, 1 with the Maid); in round 8 pay its owner 1 Cash, in round 9 2 Cash."""
    assert turn is not None
    card, slot = move.args
    owner = owner_of(state, card)
    bowls = state.components.cards[card].slots[slot][1]
    return push(
        state, GivePending(turn.seat, owner, card, slot, 1 if turn.maid else bowls, trader_fee(state), move.card)
    )


def complete_trade(state: LoyangState, pending: GivePending, cart: Vegetables, **changes: Any) -> LoyangState:
    """The vegetables are given (``cart`` is what is left on it; ``changes`` to the state made
    with the stall's vegetable, in one copy): take the stall's vegetable, pay a Trader's fee,
    discard him."""
    state = take_stall_vegetable(state, pending.seat, pending.owner, pending.card, pending.slot, cart, **changes)
    if pending.fee:
        state = pay(state, pending.seat, pending.fee, pending.owner)
    if pending.helper >= 0:
        state = _discard(state, pending.seat, pending.helper)
    return state


#: Each helper option (the helper's kind and the option's name in the move) and its effect.
_USE: dict[tuple[str, str], Callable[[LoyangState, Turn, moves.UseHelper], LoyangState]] = {
    ("bookkeeper", ""): book_keeper,
    ("con_man", ""): con_man,
    ("con_man", "offer"): con_man_solo,
    ("deliveryman", ""): deliveryman,
    ("haggler", ""): haggler,
    ("haggler", "shopper"): haggler_with_shopper,
    ("harvest_helper", "sow"): harvest_helper_sow,
    ("maid", ""): maid,
    ("market_crier", "refill"): market_crier_refill,
    ("market_crier", "sell"): market_crier_sell,
    ("market_woman", ""): market_woman,
    ("merchant", ""): merchant,
    ("messenger_boy", ""): messenger_boy,
    ("official", ""): official,
    ("ploughman", "clear"): plough_man_clear,
    ("ploughman", "harvest"): plough_man_harvest,
    ("saleswoman", "blue"): saleswoman_blue,
    ("saleswoman", "bonus"): saleswoman_bonus,
    ("shopper", ""): shopper,
    ("subsistence_farmer", ""): subsistence_farmer,
    ("subsistence_farmer", "solo"): subsistence_farmer_solo,
    ("tenant_farmer", "take"): tenant_farmer_take,
    ("tenant_farmer", "swap"): tenant_farmer_swap,
    ("tout", "swap"): tout_swap,
    ("tout", "buy"): tout_buy,
    ("trader", ""): trader,
}


def _crier_sales(state: LoyangState, player: Player) -> list[Any]:
    components = state.components
    out = []
    for s in player.stalls:
        for i, ((veg, _), full) in enumerate(zip(components.cards[s.card].slots, s.goods)):
            if full and player.shop[veg] < components.shop_slots[veg]:
                out.append(shared(moves.CrierSell, s.card, i))
    return out


def session_moves(state: LoyangState, pending: Any) -> tuple[Any, ...]:
    if isinstance(pending, ShopPending):
        limit = state.components.shop_slots[pending.veg]
        return tuple(shared(moves.ShopCount, pending.veg, k) for k in range(limit + 1))
    if isinstance(pending, BonusPending):
        return moves.BONUS
    if isinstance(pending, MerchantPending):
        buys = _merchant_buys(state, pending)
        return (*buys, moves.DONE) if pending.bought else tuple(buys)
    crier: CrierPending = pending
    sales = _crier_sales(state, state.seats[crier.seat]) if crier.moved < 3 else []
    return (*sales, moves.DONE) if crier.moved else tuple(sales)


def session_apply(state: LoyangState, pending: Any, move: Any) -> LoyangState:
    components = state.components
    seat = pending.seat
    player = state.seats[seat]
    if isinstance(pending, ShopPending):
        veg, count = move.veg, move.count
        state = _set(state, seat, shop=Vegetables(player.shop[:veg] + (count,) + player.shop[veg + 1 :]))
        if count < player.shop[veg]:
            state = return_to_supply(state, veg, player.shop[veg] - count)
        else:
            state = take_from_supply(state, veg, count - player.shop[veg])
        if veg == 5:
            return replace_top(state, BonusPending(seat, pending.card))
        return replace_top(state, evolve(pending, veg=veg + 1))
    if isinstance(pending, BonusPending):
        veg = move.veg
        # "For each Field card on which this vegetable has been planted": the home field is a
        # field card too.
        sown = sum(1 for f in player.fields if f.veg == veg and f.count > 0)
        sown += 1 if player.home_veg == veg and player.home_count > 0 else 0
        state = _set(pop(state), seat, cash=player.cash + sown)
        return _discard(state, seat, pending.card)
    if isinstance(pending, MerchantPending):
        if isinstance(move, moves.Done):
            return _discard(pop(state), seat, pending.card)
        return merchant_buy(state, pending, move)
    if isinstance(move, moves.Done):
        return _discard(pop(state), seat, pending.card)
    stall = next(s for s in player.stalls if s.card == move.card)
    veg = components.cards[move.card].slots[move.slot][0]
    earned = min(components.vegetables[veg].sell, 3 - pending.earned)
    goods = stall.goods[: move.slot] + (False,) + stall.goods[move.slot + 1 :]
    stalls = tuple(evolve(s, goods=goods) if s.card == move.card else s for s in player.stalls)
    state = _set(state, seat, stalls=stalls, shop=player.shop.add(veg), cash=player.cash + earned)
    state = replace_top(state, evolve(pending, moved=pending.moved + 1, earned=pending.earned + earned))
    if not any(goods):
        state = leave_play(state, seat, move.card)
    return state
