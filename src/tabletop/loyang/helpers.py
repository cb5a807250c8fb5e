"""The 20 helpers (22 cards, the Trader three times): when they can be used and what they do.

Each helper option has a function named after it (``tout_swap``, ``tout_buy``, ...), and a
``_<helper>_moves`` function lists its legal uses in the Action phase. Helpers that are
*activated* for the Action phase (Maid, Messenger-boy, Official, Saleswoman, the Harvest helper's
sowing option) go to the discard pile at once - which lowers the two-pack price, as in John's
Maid example - and leave a flag on the player's :class:`ActionsPending`. Helpers with a choice
in several steps (Book-keeper, Merchant, Market crier) push a small session record; the helper
is discarded when it ends.
Lantern helpers reach "another player": the partner in a 4-player Action phase, the imaginary
opponent in the solo game (see :func:`tabletop.loyang.rules.others`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.loyang import moves as M
from tabletop.loyang import rules
from tabletop.loyang.components import HELPER, PRIVATE_BASE, Components
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
    replace,
)

# attrs.evolve, compiled per class (see state.replace).
evolve = replace
State = LoyangState
Turn = ActionsPending | None

_KIND_CARDS: dict[int, tuple[Components, dict[str, tuple[int, ...]]]] = {}


def kind_cards(comps: Components) -> dict[str, tuple[int, ...]]:
    """Helper kind -> its card numbers, computed once per component set."""
    entry = _KIND_CARDS.get(id(comps))
    if entry is None or entry[0] is not comps:
        table: dict[str, tuple[int, ...]] = {}
        for card in comps.cards:
            if card.kind == HELPER:
                table[card.helper] = table.get(card.helper, ()) + (card.index,)
        entry = (comps, table)
        _KIND_CARDS[id(comps)] = entry
    return entry[1]


def find(state: State, seat: int, kind: str) -> int:
    """An uncovered helper of ``kind`` in ``seat``'s play area, or -1."""
    helpers = state.seats[seat].helpers
    for card in kind_cards(state.comps).get(kind, ()):
        if card in helpers:
            return card
    return -1


def harvest_helper(state: State, seat: int) -> int:
    return find(state, seat, "harvest_helper")


def squire(state: State, seat: int) -> int:
    """The Squire, unless it was played in this round's Card phase (a Squire taken with the
    Foreman is not "played" and may be used at once)."""
    card = find(state, seat, "squire")
    return -1 if card in state.seats[seat].fresh else card


def _use(card: int, option: str = "", *args: int) -> M.UseHelper:
    return rules.cached(M.UseHelper(card, option, args))  # type: ignore[no-any-return]


def _discard(state: State, seat: int, card: int) -> State:
    """A used helper goes to the discard pile (where the Foreman may take it)."""
    return rules.leave_play(state, seat, card)


def _activate(state: State, turn: ActionsPending, card: int, **flags: Any) -> State:
    state = rules.replace_top(state, evolve(turn, **flags))
    return _discard(state, turn.seat, card)


def _set(state: State, seat: int, **changes: Any) -> State:
    return rules.set_player(state, seat, evolve(state.seats[seat], **changes))


# ---------------------------------------------------------------------------------------------
# Phase 1 and 2 helpers.


def use_harvest_helper(state: State, top: HarvestPending, card: int) -> State:
    """Harvest helper [1]: take 1 more from each chosen field that holds 4 or more tokens
    (counted before harvesting, never the home field). Used twice (Foreman), a field of 5 gives
    3 in all."""
    p = state.seats[top.seat]
    fields = list(p.fields)
    cart = p.cart
    for pos in top.chosen:
        f = fields[pos]
        fields[pos] = evolve(f, count=f.count - 1)
        cart = rules.vadd(cart, f.veg)
    state = _set(state, top.seat, fields=tuple(fields), cart=cart)
    state = rules.replace_top(state, HarvestPending(top.seat))
    return _discard(state, top.seat, card)


# ---------------------------------------------------------------------------------------------
# Which helper uses are legal in the Action phase.


def action_moves(state: State, turn: ActionsPending, out: list[Any]) -> None:
    comps = state.comps
    p = state.seats[turn.seat]
    trader_done = False
    for card in p.helpers:
        kind = comps.cards[card].helper
        if kind == "trader":
            # The three Traders are identical: offering the first one is enough.
            if trader_done:
                continue
            trader_done = True
        generate = _ACTION_MOVES.get(kind)
        if generate is not None:
            generate(state, turn, p, card, out)


def _bookkeeper_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    out.append(_use(card))


def _con_man_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    comps = state.comps
    if state.solo:
        out.extend(_use(card, "offer", g) for g in state.grid if g >= 0 and comps.cards[g].kind == HELPER)
        return
    if turn.seat == state.start:
        return
    for t in rules.others(state, turn.seat):
        if state.done[t]:
            out.extend(_use(card, "", h) for h in state.seats[t].helpers)


def _deliveryman_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    comps = state.comps
    for t in rules.others(state, turn.seat):
        for r in state.seats[t].regulars:
            if rules.has(p.cart, comps.cards[r.card].want_counts):
                out.append(_use(card, "", r.card))


def _haggler_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    vegetables = state.comps.vegetables
    shopper = find(state, turn.seat, "shopper") >= 0
    for v in range(6):
        # "Only when there are two of the required vegetable in the Shop" - with the Shopper
        # too, although both then come from the supply.
        if p.shop[v] < 2:
            continue
        if p.cash >= vegetables[v].buy:
            out.append(_use(card, "", v))
        if shopper and p.cash >= vegetables[v].buy - 2:
            out.append(_use(card, "shopper", v))


def _more_cards_may_come(turn: ActionsPending, p: Player) -> bool:
    """Whether a card may still enter ``p``'s play area this Action phase: from the two-pack
    not yet bought, or from under a card that leaves. Activating a helper first is worth it
    then - it lowers the two-pack's price (John's Maid example) and acts on the new card."""
    return not turn.two_pack or bool(p.covered)


def _harvest_helper_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    # The field to sow may still come: a common field of the two-pack, or one under a card.
    if any(f.veg < 0 for f in p.fields) or _more_cards_may_come(turn, p):
        out.append(_use(card, "sow"))


def _maid_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if not turn.maid:
        out.append(_use(card))


def _market_crier_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if any(not all(s.goods) for s in p.stalls):
        out.append(_use(card, "refill"))
    if _crier_sales(state, p):
        out.append(_use(card, "sell"))


def _market_woman_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    for t in rules.others(state, turn.seat):
        for theirs in state.seats[t].stalls:
            out.extend(_use(card, "", mine.card, theirs.card) for mine in p.stalls)


def _merchant_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if _merchant_buys(state, MerchantPending(turn.seat, card)):
        out.append(_use(card))


def _messenger_boy_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if not turn.messenger and (p.regulars or _more_cards_may_come(turn, p)):
        out.append(_use(card))


def _official_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if not turn.two_pack and not turn.official:
        out.append(_use(card))


def _ploughman_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    out.extend(_use(card, "clear", pos) for pos, f in enumerate(p.fields) if f.veg >= 0 and f.count >= 2)
    if any(f.veg >= 0 and f.count == 1 for f in p.fields):
        out.append(_use(card, "harvest"))


def _saleswoman_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if p.regulars and not turn.blue_ready:
        out.append(_use(card, "blue"))
    # The bonus also pays for a casual customer bought with the Tout or still to come.
    if (p.casuals or find(state, turn.seat, "tout") >= 0 or _more_cards_may_come(turn, p)) and not turn.bonus:
        out.append(_use(card, "bonus"))


def _shopper_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    vegetables = state.comps.vegetables
    out.extend(_use(card, "", v) for v in range(6) if p.cash >= vegetables[v].buy - 2)


def _subsistence_farmer_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if p.cash < 1:
        return
    if state.solo:
        out.extend(_use(card, "solo", v) for v in state.comps.home.accepts)
        return
    for t in rules.others(state, turn.seat):
        for pos, f in enumerate(state.seats[t].fields):
            if f.veg >= 0 and f.count >= 4:
                out.append(_use(card, "", t, pos))


def _tenant_farmer_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    if not p.pile:
        return
    # Sorted, so that the moves do not give away the hidden order of the pile.
    choices = tuple(sorted(set(p.pile)))
    if p.cash >= 3:
        out.extend(_use(card, "take", c) for c in choices)
    for pos, f in enumerate(p.fields):
        if f.veg < 0:
            out.extend(_use(card, "swap", pos, c) for c in choices)


def _tout_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    comps = state.comps
    for t in rules.others(state, turn.seat):
        for theirs in state.seats[t].casuals:
            out.extend(_use(card, "swap", mine, theirs) for mine in p.casuals)
            if rules.has(p.cart, comps.cards[theirs].want_counts):
                out.append(_use(card, "buy", theirs))


def trader_fee(state: State) -> int:
    """Trader: 1 Cash to the stall's owner in round 8, 2 Cash in round 9."""
    last = state.comps.rounds
    return 2 if state.round == last else 1 if state.round == last - 1 else 0


def _trader_moves(state: State, turn: ActionsPending, p: Player, card: int, out: list[Any]) -> None:
    comps = state.comps
    if p.cash < trader_fee(state):
        return
    total = sum(p.cart)
    for t in rules.others(state, turn.seat):
        for s in state.seats[t].stalls:
            slots = comps.cards[s.card].slots
            for i in range(3):
                if s.goods[i] and total >= (1 if turn.maid else slots[i][1]):
                    out.append(_use(card, "", s.card, i))


_Generator = Callable[[State, ActionsPending, Player, int, list[Any]], None]
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


def cash_moves(state: State, top: CashPending, out: list[Any]) -> None:
    """Helpers that raise money for a forced payment ("sell, use a Helper or take a Loan"): the
    Book-keeper ([2,3]: Card or Action phase) and the Market crier's sale ([3]: Action phase;
    also the Card phase with the option ``crier_in_card_phase``, the reading of the Foreman's
    note, which names him among the helpers used in the Card phase). In the middle of your own
    actions (a common field of the two-pack, a missed customer's penalty) also the helpers that
    bring in proceeds: the Deliveryman and the Tout's purchase of a casual customer."""
    seat = top.seat
    p = state.seats[seat]
    bookkeeper = find(state, seat, "bookkeeper")
    if bookkeeper >= 0 and state.phase in (CARD, ACTION):
        out.append(_use(bookkeeper))
    crier = find(state, seat, "market_crier")
    crier_phases = (CARD, ACTION) if state.crier_in_card_phase else (ACTION,)
    if crier >= 0 and state.phase in crier_phases and _crier_sales(state, p):
        out.append(_use(crier, "sell"))
    turn = _own_turn(state, seat)
    if turn is None:
        return
    deliveryman = find(state, seat, "deliveryman")
    if deliveryman >= 0:
        _deliveryman_moves(state, turn, p, deliveryman, out)
    tout = find(state, seat, "tout")
    if tout >= 0:
        options: list[Any] = []
        _tout_moves(state, turn, p, tout, options)
        out.extend(m for m in options if m.option == "buy")


def _own_turn(state: State, seat: int) -> ActionsPending | None:
    """``seat``'s Action phase, if a forced payment interrupted its actions."""
    below = state.pending[-2] if len(state.pending) >= 2 else None
    return below if isinstance(below, ActionsPending) and below.seat == seat else None


# ---------------------------------------------------------------------------------------------
# Using a helper.


def use(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Use a helper: in your Action phase (``turn``), or to raise money for a forced payment
    (``turn`` None; then the Action phase it interrupted, if any)."""
    kind = state.comps.cards[move.card].helper
    if turn is None:
        turn = _own_turn(state, state.pending[-1].seat)
    return _USE[kind, move.option](state, turn, move)


def _seat(state: State, turn: Turn) -> int:
    """Who uses the helper: the player in the Action phase, or the one raising a payment."""
    return turn.seat if turn is not None else state.pending[-1].seat


def book_keeper(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Book-keeper [2,3]: fill or empty each shop space as you like, then 1 Cash per field sown
    with a vegetable of your choice."""
    return rules.push(state, ShopPending(_seat(state, turn), move.card))


def con_man(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Con man: swap him for an uncovered helper of a player who has finished this round's
    Action phase (not as start player); he stays in the game with that player."""
    seat, card, target = _seat(state, turn), move.card, move.args[0]
    owner = rules.owner_of(state, target)
    state = rules.leave_play(state, owner, target, discard=False)
    state = rules.leave_play(state, seat, card, discard=False)
    state = _set(state, seat, helpers=state.seats[seat].helpers + (target,))
    return _set(state, owner, helpers=state.seats[owner].helpers + (card,))


def con_man_solo(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Con man, solo game: swap him for a helper of the offer (he takes its place in the grid)."""
    seat, card, target = _seat(state, turn), move.card, move.args[0]
    grid = tuple(card if g == target else g for g in state.grid)
    state = rules.leave_play(evolve(state, grid=grid), seat, card, discard=False)
    return _set(state, seat, helpers=state.seats[seat].helpers + (target,))


def deliveryman(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Deliveryman: deliver to another player's regular customer and keep the payment; after
    its last delivery pay the owner 2 of it. The owner's own obligation this round remains."""
    comps = state.comps
    seat, target = _seat(state, turn), move.args[0]
    owner = rules.owner_of(state, target)
    info = comps.cards[target]
    q = state.seats[owner]
    regulars = []
    rows = 0
    for r in q.regulars:
        if r.card == target:
            rows = r.rows
            r = evolve(r, rows=r.rows + 1, delivered=r.delivered + 1)
        regulars.append(r)
    state = _set(state, owner, regulars=tuple(regulars))
    p = state.seats[seat]
    state = _set(state, seat, cart=rules.vminus(p.cart, info.want_counts), cash=p.cash + info.pays[rows])
    if rows + 1 == 4:
        state = rules.pay(state, seat, 2, owner)
        state = rules.leave_play(state, owner, target)
    return _discard(state, seat, move.card)


def haggler(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Haggler: 2 identical vegetables from your shop for the price of 1 (there must be 2 in
    the shop)."""
    seat, veg = _seat(state, turn), move.args[0]
    p = state.seats[seat]
    price = state.comps.vegetables[veg].buy
    state = _set(state, seat, cart=rules.vadd(p.cart, veg, 2), shop=rules.vadd(p.shop, veg, -2), cash=p.cash - price)
    return _discard(state, seat, move.card)


def haggler_with_shopper(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Haggler with the Shopper: both vegetables from the supply instead, for the Shopper's
    price of one (2 less than the shop's); both helpers are used."""
    seat, veg = _seat(state, turn), move.args[0]
    p = state.seats[seat]
    price = state.comps.vegetables[veg].buy - 2
    state = _set(state, seat, cart=rules.vadd(p.cart, veg, 2), cash=p.cash - price)
    state = evolve(state, supply=rules.vadd(state.supply, veg, -2))
    state = _discard(state, seat, move.card)
    return _discard(state, seat, find(state, seat, "shopper"))


def harvest_helper_sow(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Harvest helper [3]: fields you sow in this Action phase get 1 extra token."""
    assert turn is not None
    return _activate(state, turn, move.card, sow_extra=turn.sow_extra + 1)


def maid(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Maid: this Action phase, 2-bowl stall spaces take 1 vegetable (also with a Trader)."""
    assert turn is not None
    return _activate(state, turn, move.card, maid=True)


def market_crier_refill(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Market crier: refill all your stalls (an empty one is already discarded)."""
    seat = _seat(state, turn)
    comps = state.comps
    p = state.seats[seat]
    supply = state.supply
    for s in p.stalls:
        for (veg, _), full in zip(comps.cards[s.card].slots, s.goods):
            if not full:
                supply = rules.vadd(supply, veg, -1)
    state = _set(state, seat, stalls=tuple(Stall(s.card) for s in p.stalls))
    return _discard(evolve(state, supply=supply), seat, move.card)


def market_crier_sell(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Market crier: move 1-3 vegetables from your stalls to your shop for their sale prices,
    at most 3 Cash in all (see :func:`session_apply`)."""
    return rules.push(state, CrierPending(_seat(state, turn), move.card))


def market_woman(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Market woman: swap one of your stalls with another player's; both are refilled, and a
    card under either stall is revealed for its owner."""
    comps = state.comps
    seat = _seat(state, turn)
    mine, theirs = move.args
    owner = rules.owner_of(state, theirs)
    refill = [0] * 6
    for card, goods in (
        (mine, next(s.goods for s in state.seats[seat].stalls if s.card == mine)),
        (theirs, next(s.goods for s in state.seats[owner].stalls if s.card == theirs)),
    ):
        for (veg, _), full in zip(comps.cards[card].slots, goods):
            refill[veg] += not full
    state = rules.leave_play(state, seat, mine, discard=False)
    state = rules.leave_play(state, owner, theirs, discard=False)
    state = _set(state, seat, stalls=state.seats[seat].stalls + (Stall(theirs),))
    state = _set(state, owner, stalls=state.seats[owner].stalls + (Stall(mine),))
    state = evolve(state, supply=rules.vminus(state.supply, tuple(refill)))
    return _discard(state, seat, move.card)


def merchant(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Merchant: buy the vegetables you must deliver twice this round (see :func:`merchant_buy`)."""
    return rules.push(state, MerchantPending(_seat(state, turn), move.card))


def merchant_types(state: State, seat: int) -> tuple[int, ...]:
    """Merchant: vegetables you must still deliver at least twice to your regular customers
    this round (wheat/wheat counts twice; casual customers do not count)."""
    comps = state.comps
    need = [0] * 6
    for r in state.seats[seat].regulars:
        if r.status == DUE:
            for v in comps.cards[r.card].wants:
                need[v] += 1
    return tuple(v for v in range(6) if need[v] >= 2)


def _merchant_buys(state: State, top: MerchantPending) -> list[Any]:
    p = state.seats[top.seat]
    shopper = find(state, top.seat, "shopper") >= 0
    haggler = find(state, top.seat, "haggler") >= 0
    out: list[Any] = []
    for v in merchant_types(state, top.seat):
        # "Players can never buy vegetables that are not in their Shop" (with the Shopper too:
        # he takes one "that the Merchant could buy from the Shop").
        if v in top.bought or not p.shop[v]:
            continue
        if p.cash >= 1:
            out.append(rules.cached(M.MerchantBuy(v)))
        if shopper:
            out.append(rules.cached(M.MerchantBuy(v, "Shopper")))
        if haggler and p.shop[v] >= 2 and p.cash >= 1:
            out.append(rules.cached(M.MerchantBuy(v, "Haggler")))
    return out


def merchant_buy(state: State, top: MerchantPending, move: M.MerchantBuy) -> State:
    """Merchant: 1 Cash for one of each such vegetable from your shop. With the Haggler: 2 of
    them for 1 Cash; with the Shopper: one of them free from the supply."""
    seat, veg = top.seat, move.veg
    state = rules.replace_top(state, evolve(top, bought=top.bought + (veg,)))
    p = state.seats[seat]
    if move.combo == "Shopper":
        state = _set(state, seat, cart=rules.vadd(p.cart, veg))
        state = evolve(state, supply=rules.vadd(state.supply, veg, -1))
        return _discard(state, seat, find(state, seat, "shopper"))
    if move.combo == "Haggler":
        state = _set(state, seat, cart=rules.vadd(p.cart, veg, 2), shop=rules.vadd(p.shop, veg, -2), cash=p.cash - 1)
        return _discard(state, seat, find(state, seat, "haggler"))
    return _set(state, seat, cart=rules.vadd(p.cart, veg), shop=rules.vadd(p.shop, veg, -1), cash=p.cash - 1)


def messenger_boy(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Messenger-boy: this Action phase each regular customer may be delivered twice."""
    assert turn is not None
    return _activate(state, turn, move.card, messenger=True)


def official(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Official: the two-pack is free for you this Action phase."""
    assert turn is not None
    return _activate(state, turn, move.card, official=True)


def plough_man_clear(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Plough-man: return all vegetables of one field of 2+ tokens (not the home field) to the
    supply, without refund; the field is as if newly turned over and may be sown again."""
    seat, pos = _seat(state, turn), move.args[0]
    p = state.seats[seat]
    f = p.fields[pos]
    state = _set(state, seat, fields=p.fields[:pos] + (Field(f.card),) + p.fields[pos + 1 :])
    state = evolve(state, supply=rules.vadd(state.supply, f.veg, f.count))
    return _discard(state, seat, move.card)


def plough_man_harvest(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Plough-man: harvest every field holding exactly 1 token (not the home field) at once;
    the emptied fields leave play as after a harvest."""
    seat = _seat(state, turn)
    p = state.seats[seat]
    cart = p.cart
    kept = []
    emptied = []
    for f in p.fields:
        if f.veg >= 0 and f.count == 1:
            cart = rules.vadd(cart, f.veg)
            emptied.append(f.card)
        else:
            kept.append(f)
    state = _set(state, seat, cart=cart, fields=tuple(kept))
    for card in emptied:
        state = rules.discard_emptied_field(state, seat, card)
    return _discard(state, seat, move.card)


def saleswoman_blue(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Saleswoman: turn all your satisfaction markers blue - activated now, done when you say
    "markers blue" (:func:`markers_blue`), so that you may first decline, as Fraser does."""
    assert turn is not None
    return _activate(state, turn, move.card, blue_ready=True)


def saleswoman_bonus(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Saleswoman: your casual customers pay +2 this Action phase whatever your counts."""
    assert turn is not None
    return _activate(state, turn, move.card, bonus=True)


def markers_blue(state: State, turn: ActionsPending) -> State:
    p = state.seats[turn.seat]
    state = _set(state, turn.seat, regulars=tuple(evolve(r, red=False) for r in p.regulars))
    return rules.replace_top(state, evolve(turn, blue_ready=False))


def shopper(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Shopper: 1 vegetable from the supply for 2 less than the shop price."""
    seat, veg = _seat(state, turn), move.args[0]
    p = state.seats[seat]
    state = _set(state, seat, cart=rules.vadd(p.cart, veg), cash=p.cash - (state.comps.vegetables[veg].buy - 2))
    return _discard(evolve(state, supply=rules.vadd(state.supply, veg, -1)), seat, move.card)


def subsistence_farmer(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Subsistence farmer: take 1 vegetable from another player's field of 4+ tokens (not a home
    field) into your cart and pay them 1 Cash."""
    seat = _seat(state, turn)
    owner, pos = move.args
    q = state.seats[owner]
    f = q.fields[pos]
    state = _set(state, owner, fields=q.fields[:pos] + (evolve(f, count=f.count - 1),) + q.fields[pos + 1 :])
    p = state.seats[seat]
    state = _set(state, seat, cart=rules.vadd(p.cart, f.veg))
    state = rules.pay(state, seat, 1, owner)
    return _discard(state, seat, move.card)


def subsistence_farmer_solo(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Subsistence farmer, solo game: buy 1 wheat, pumpkin or turnip from the supply for 1 Cash."""
    seat, veg = _seat(state, turn), move.args[0]
    p = state.seats[seat]
    state = _set(state, seat, cart=rules.vadd(p.cart, veg), cash=p.cash - 1)
    return _discard(evolve(state, supply=rules.vadd(state.supply, veg, -1)), seat, move.card)


def tenant_farmer_take(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Tenant-farmer: pay 3 Cash for any field of your pile (the pile's order unchanged)."""
    seat, field = _seat(state, turn), move.args[0]
    p = state.seats[seat]
    state = _set(state, seat, pile=rules.without(p.pile, field), fields=p.fields + (Field(field),), cash=p.cash - 3)
    return _discard(state, seat, move.card)


def tenant_farmer_swap(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Tenant-farmer: put an unsown field (a common field too, not paid again when it turns up)
    under your pile and take another field from the pile."""
    seat = _seat(state, turn)
    pos, field = move.args
    p = state.seats[seat]
    back = p.fields[pos].card
    fields = p.fields[:pos] + p.fields[pos + 1 :] + (Field(field),)
    state = _set(state, seat, pile=rules.without(p.pile, field) + (back,), fields=fields)
    if back < PRIVATE_BASE:
        # A common field leaving play reveals the card it covered.
        state = rules.leave_play(state, seat, back, discard=False)
    return _discard(state, seat, move.card)


def tout_swap(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Tout: swap one of your casual customers with another player's. A card either customer
    covered is revealed for its own owner ("moved to the appropriate place", as for every
    two-pack whose top card another player removes)."""
    seat = _seat(state, turn)
    mine, theirs = move.args
    owner = rules.owner_of(state, theirs)
    state = rules.leave_play(state, seat, mine, discard=False)
    state = rules.leave_play(state, owner, theirs, discard=False)
    state = _set(state, seat, casuals=state.seats[seat].casuals + (theirs,))
    state = _set(state, owner, casuals=state.seats[owner].casuals + (mine,))
    return _discard(state, seat, move.card)


def tout_buy(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Tout: buy another player's casual customer for 2 Cash, paid from the proceeds of
    serving it at once."""
    assert turn is not None
    comps = state.comps
    seat, theirs = turn.seat, move.args[0]
    owner = rules.owner_of(state, theirs)
    state = rules.leave_play(state, owner, theirs, discard=False)
    p = state.seats[seat]
    need = comps.cards[theirs].want_counts
    # The bought customer counts among the buyer's casual customers while it is served; a card
    # the Tout covers is revealed only after the Tout is discarded (Jon's example).
    price = rules.casual_price(comps, p, theirs, turn.bonus, extra=1)
    state = _set(state, seat, cart=rules.vminus(p.cart, need), cash=p.cash + price)
    state = evolve(state, supply=rules.vplus(state.supply, need), discard=state.discard + (theirs,))
    state = rules.pay(state, seat, 2, owner)
    return _discard(state, seat, move.card)


def trader(state: State, turn: Turn, move: M.UseHelper) -> State:
    """Trader: trade for 1 vegetable at another player's stall (1 or 2 vegetables as the bowls
    show, 1 with the Maid); in round 8 pay its owner 1 Cash, in round 9 2 Cash."""
    assert turn is not None
    card, slot = move.args
    owner = rules.owner_of(state, card)
    bowls = state.comps.cards[card].slots[slot][1]
    return rules.push(
        state, GivePending(turn.seat, owner, card, slot, 1 if turn.maid else bowls, trader_fee(state), move.card)
    )


def complete_trade(state: State, top: GivePending) -> State:
    """The vegetables are given: take the stall's vegetable, pay a Trader's fee, discard him."""
    state = rules.take_stall_vegetable(state, top.seat, top.owner, top.card, top.slot)
    if top.fee:
        state = rules.pay(state, top.seat, top.fee, top.owner)
    if top.helper >= 0:
        state = _discard(state, top.seat, top.helper)
    return state


#: Each helper option (the helper's kind and the option's name in the move) and its effect.
_USE: dict[tuple[str, str], Callable[[State, Turn, M.UseHelper], State]] = {
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


# ---------------------------------------------------------------------------------------------
# Sessions: Book-keeper, Merchant, Market crier.


def _crier_sales(state: State, p: Player) -> list[Any]:
    comps = state.comps
    out = []
    for s in p.stalls:
        for i, ((veg, _), full) in enumerate(zip(comps.cards[s.card].slots, s.goods)):
            if full and p.shop[veg] < comps.shop_slots[veg]:
                out.append(rules.cached(M.CrierSell(s.card, i)))
    return out


def session_moves(state: State, top: Any) -> tuple[Any, ...]:
    if isinstance(top, ShopPending):
        limit = state.comps.shop_slots[top.veg]
        return tuple(rules.cached(M.ShopCount(top.veg, k)) for k in range(limit + 1))
    if isinstance(top, BonusPending):
        return M.BONUS
    if isinstance(top, MerchantPending):
        buys = _merchant_buys(state, top)
        return (*buys, M.DONE) if top.bought else tuple(buys)
    crier: CrierPending = top
    sales = _crier_sales(state, state.seats[crier.seat]) if crier.moved < 3 else []
    return (*sales, M.DONE) if crier.moved else tuple(sales)


def session_apply(state: State, top: Any, move: Any) -> State:
    comps = state.comps
    seat = top.seat
    p = state.seats[seat]
    if isinstance(top, ShopPending):
        veg, count = move.veg, move.count
        state = _set(state, seat, shop=p.shop[:veg] + (count,) + p.shop[veg + 1 :])
        state = evolve(state, supply=rules.vadd(state.supply, veg, p.shop[veg] - count))
        if veg == 5:
            return rules.replace_top(state, BonusPending(seat, top.card))
        return rules.replace_top(state, evolve(top, veg=veg + 1))
    if isinstance(top, BonusPending):
        veg = move.veg
        # "For each Field card on which this vegetable has been planted": the home field is a
        # field card too.
        sown = sum(1 for f in p.fields if f.veg == veg and f.count > 0)
        sown += 1 if p.home_veg == veg and p.home_count > 0 else 0
        state = _set(rules.pop(state), seat, cash=p.cash + sown)
        return _discard(state, seat, top.card)
    if isinstance(top, MerchantPending):
        if isinstance(move, M.Done):
            return _discard(rules.pop(state), seat, top.card)
        return merchant_buy(state, top, move)
    if isinstance(move, M.Done):
        return _discard(rules.pop(state), seat, top.card)
    stall = next(s for s in p.stalls if s.card == move.card)
    veg = comps.cards[move.card].slots[move.slot][0]
    earned = min(comps.vegetables[veg].sell, 3 - top.earned)
    goods = stall.goods[: move.slot] + (False,) + stall.goods[move.slot + 1 :]
    stalls = tuple(evolve(s, goods=goods) if s.card == move.card else s for s in p.stalls)
    state = _set(state, seat, stalls=stalls, shop=rules.vadd(p.shop, veg), cash=p.cash + earned)
    state = rules.replace_top(state, evolve(top, moved=top.moved + 1, earned=top.earned + earned))
    if not any(goods):
        state = rules.leave_play(state, seat, move.card)
    return state
