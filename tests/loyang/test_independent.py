"""A differential safety net: random playouts in which every applied move is re-derived from the
rulebook, independently of the engine, and the engine's result compared with it.

The checker (:class:`Checker`) reads only the state's fields and the printed component data in
``state.components``; it never calls the engine's helper functions. For each move it builds its own
expectation of every seat's Cash, loans, path position, cart, shop, storehouse, storehouse side,
home field and fields, and compares the whole lot after the move. Prices that the rulebook states
(shop prices, loan, upgrade, penalty, common field, path's first step, solo grid row prices,
storehouse sizes) are written here as the rulebook gives them; card contents (stall bowls,
customer ladders and prices, field sizes) come from ``state.components`` at run time, as many of them
are provisional data.

What it derives, with the rule behind it:

* B buy: Cash minus the dark price tag, shop -> cart; C sell: Cash plus the pale price tag,
  cart -> a free shop space (any time: Action phase, storing, a forced payment, solo Card phase).
* D trade: as many vegetables given as the slot's bowls (1 when the Maid is active), then the
  stall's vegetable to the cart; an emptied stall leaves at once. Trader: the same at another
  player's stall, plus 1 Cash (round 8) or 2 Cash (round 9) to its owner.
* F regular customer: the payment of the row being filled, bottom to top; the card leaves after the
  4th row and never otherwise; a miss turns a blue marker red, a miss while red costs 2 Cash.
  A customer is due when its owner has not delivered or declined it this round (the checker's own
  record of the owner's moves, compared with the engine's ``status``). Messenger-boy: a second
  delivery pays the row just filled again; twice on the top row pays it twice.
* G casual customer: printed price, +2 with fewer casual than regular customers, -2 with more,
  counted when it is served (the customer being served still counts; covered cards do not); the
  Saleswoman's bonus is +2 whatever the counts. Tout's purchase: the bought customer counts among
  the buyer's casual customers (the package's documented reading), then 2 Cash to the seller.
* H two-pack: once per Action phase, the larger of the uncovered helpers and stalls, 0 with the
  Official active (an activated helper is discarded at once, so it no longer counts: John's
  example); every common field kept costs 2 Cash, as does one played in the Card phase.
* Forced payments (common fields, penalties): paid at once when the Cash is there, otherwise
  they wait until selling, a helper or a loan raises it - never negative Cash.
* Storing: 1 space, 4 once upgraded for 2 Cash; what does not fit goes back to the supply; the
  player is asked only when something does not fit or an upgrade is possible (documented reading).
* Path: first step of a turn 1 Cash, each further step the value of the space moved to; loans +5
  Cash and 1 step back at the end (scores = position - loans).
* Harvest: each field is turned over (rounds 1-8), then 1 from each sown field and from the home
  field, the storehouse onto the cart; emptied private fields leave the game, emptied common
  fields go to the discard pile; the Harvest helper's 1 extra from fields of 4 or more tokens.
* Helpers with plain arithmetic: Shopper (2 less, from the supply), Haggler (2 for the price of 1;
  with the Shopper from the supply), Merchant (1 Cash each; 2 for 1 with the Haggler, free with
  the Shopper), Market crier's sale (shop prices, at most 3 Cash), Book-keeper (shop set at will,
  1 Cash per field card sown with the chosen vegetable, the home field included), Subsistence
  farmer (1 Cash to the field's owner; solo 1 Cash to the supply), Tenant-farmer (3 Cash),
  Deliveryman (the ladder entry, 2 Cash to the owner after the last row), Plough-man (cleared
  field unsown again; or every 1-token field harvested), Harvest helper's sowing option (+1 token).
* What is offered: buying, selling, sowing, trading, delivering (once a round, twice with the
  Messenger-boy), declining, serving, the two-pack, storing, the upgrade, the next step and the
  Merchant's purchases are on offer exactly when the rulebook allows them.

Deliberately not derived (the checker stops comparing the affected part for that move only):

* the fields of a player after the Tenant-farmer's swap (a field goes under the pile and the
  pile's order is hidden information the checker does not model); new fields are otherwise only
  checked to arrive unsown;
* stall contents after the Market woman and the Market crier's refill, casual customers after the
  Tout's swap and helpers after the Con man or the Foreman: they move cards, not money or
  vegetables the checker tracks, and cards are already conserved by ``invariants``;
* card dealing, the courtyard and the solo grid's refill (no arithmetic beyond card conservation);
* which helper uses are on offer (their phases, partners and combinations follow the helper
  reference case by case; their effects are checked when they are used).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from tabletop.loyang import moves as M
from tabletop.loyang import new_game
from tabletop.loyang.components import FIELD, PRIVATE_BASE
from tabletop.loyang.state import (
    pile_cards,
    ACTION,
    HARVEST,
    OVER,
    SETUP,
    DUE,
    ActionsPending,
    CashPending,
    CourtyardPending,
    CrierPending,
    HarvestPending,
    MerchantPending,
    SquirePending,
    StorePending,
)

# --- what the rulebook prints -------------------------------------------------------------------

BUY = (3, 4, 5, 5, 6, 6)  # action B: wheat 3, pumpkin 4, turnip and cabbage 5, bean and leek 6
SELL = (1, 1, 1, 1, 2, 2)  # action C: 1 Cash, beans and leeks 2
HOME_VEGETABLES = (0, 1, 2)  # setup: only wheat, pumpkins or turnips on the home field
HOME_SPACES = 9
ROUNDS = 9
LOAN = 5
UPGRADE = 2
CAPACITY = {False: 1, True: 4}  # storehouse before and after the upgrade
PENALTY = 2
COMMON_FIELD = 2
FIRST_STEP = 1
PATH_END = 20
SOLO_ROW_PRICE = (0, 1, 2, 2)  # solo grid: top row free, second 1, third and fourth 2
SOLO_COLUMNS = 3
TRADER_FEE = {8: 1, 9: 2}
CRIER_LIMIT = 3
TENANT_PRICE = 3


@dataclass
class Seat:
    """The checker's expectation of one seat."""

    cash: int
    loans: int
    position: int
    upgraded: bool
    cart: list[int]
    shop: list[int]
    storehouse: list[int]
    home_veg: int
    home_count: int
    fields: dict[int, tuple[int, int]]  # card -> (vegetable or -1, tokens)
    fields_known: bool = True


def expect_seat(p) -> Seat:
    return Seat(
        p.cash, p.loans, p.position, p.upgraded, list(p.cart), list(p.shop), list(p.storehouse),
        p.home_veg, p.home_count, {f.card: (f.veg, f.count) for f in p.fields},
    )


@dataclass
class Turn:
    """What the checker records of a seat's Action phase from the moves themselves."""

    maid: bool = False
    official: bool = False
    bonus: bool = False
    messenger: bool = False
    sow_extra: int = 0
    two_pack: bool = False
    steps: int = 0


@dataclass
class Trade:
    seat: int
    owner: int
    card: int
    slot: int
    gives: int
    fee: int = 0
    given: int = 0


def wants(comps, card: int) -> list[int]:
    counts = [0] * 6
    for v in comps.cards[card].wants:
        counts[v] += 1
    return counts


def holder(state, card: int, attr: str) -> int:
    for seat, p in enumerate(state.seats):
        items = getattr(p, attr)
        if any((x if isinstance(x, int) else x.card) == card for x in items):
            return seat
    raise AssertionError(f"card {card} is in no {attr}")


def regular(p, card: int):
    return next((r for r in p.regulars if r.card == card), None)


def casual_price(comps, p, card: int, bonus: bool, extra: int = 0) -> int:
    """Rule G, counted at the moment of serving (the served customer is still in play)."""
    price = comps.cards[card].price
    if bonus:
        return price + 2
    casuals, regulars = len(p.casuals) + extra, len(p.regulars)
    return price - 2 if casuals > regulars else price + 2 if casuals < regulars else price


def harvested_round(state, seat: int) -> int:
    """The round whose harvest ``seat`` has had."""
    if state.phase == SETUP:
        return 0
    if state.phase == HARVEST and not state.done[seat]:
        return state.round - 1
    return state.round


def has_pending(state, kind, seat: int) -> bool:
    return any(type(d) is kind and d.seat == seat for d in state.stack)


@dataclass
class Checker:
    turns: dict[int, Turn] = field(default_factory=dict)
    served: dict[int, set[int]] = field(default_factory=dict)  # regulars delivered/declined this round
    served_round: int = -1
    full: dict[int, set[int]] = field(default_factory=dict)  # ... and no further delivery this round
    owed: dict[int, int] = field(default_factory=dict)  # forced payments not yet made
    extras: dict[int, list[int]] = field(default_factory=dict)  # Harvest helper choices
    trade: Trade | None = None
    crier_earned: int = 0
    seen: dict[str, int] = field(default_factory=dict)

    def turn(self, seat: int) -> Turn:
        return self.turns.setdefault(seat, Turn())

    def check(self, pre, move, post) -> None:
        comps = pre.components
        n = pre.n
        if pre.round != self.served_round:
            self.served, self.full, self.served_round = {}, {}, pre.round
        seat = pre.to_move
        top = pre.stack[-1]
        model = [expect_seat(p) for p in pre.seats]
        me = model[seat]
        p = pre.seats[seat]
        turn = self.turn(seat)
        served = self.served.setdefault(seat, set())
        full = self.full.setdefault(seat, set())
        self.check_offers(pre)
        charges = 0
        leaving: set[tuple[int, int]] = set()  # regular customers that must leave play
        kind = type(move)
        self.seen[kind.__name__] = self.seen.get(kind.__name__, 0) + 1

        def take_from_cart(counts: list[int], times: int = 1) -> None:
            for v in range(6):
                me.cart[v] -= counts[v] * times

        def pay_to(owner: int, amount: int) -> None:
            me.cash -= amount
            if owner < n:  # solo: payments to the imaginary opponent go to the supply
                model[owner].cash += amount

        def fields_cost(cards) -> int:
            return COMMON_FIELD * sum(1 for c in cards if comps.cards[c].kind == FIELD)

        if kind is M.SowHome:
            others = [q.home_veg for i, q in enumerate(pre.seats[:n]) if i != seat]
            assert move.veg in HOME_VEGETABLES and others.count(move.veg) < 2
            me.cash -= BUY[move.veg]
            me.shop[move.veg] -= 1
            me.home_veg, me.home_count = move.veg, HOME_SPACES
        elif kind is M.ExtraHarvest:
            f = p.fields[move.pos]
            assert f.veg >= 0 and f.count >= 4, "the Harvest helper needs 4 tokens on the field"
            self.extras.setdefault(seat, []).append(move.pos)
        elif kind is M.UseHelper and isinstance(top, HarvestPending):
            for pos in self.extras.pop(seat, []):
                f = p.fields[pos]
                veg, count = me.fields[f.card]
                me.fields[f.card] = (veg, count - 1)
                me.cart[veg] += 1
        elif kind is M.Take:
            charges += fields_cost((move.court, move.hand))
        elif kind is M.PlayAlone:
            if isinstance(top, CourtyardPending):  # (solo: the held start customer, free)
                charges += fields_cost((move.card,))
        elif isinstance(top, SquirePending) and not has_pending(post, SquirePending, seat):
            picked = top.picked + ((move.card,) if kind is M.Pick else ())
            charges += fields_cost((*picked, top.hand_card))
        elif kind is M.OfferBuy:
            price = SOLO_ROW_PRICE[move.pos // SOLO_COLUMNS]
            assert p.cash >= price
            me.cash -= price
            charges += fields_cost((move.card,))
        elif kind is M.Sow:
            f = p.fields[move.pos]
            assert f.veg < 0 and move.veg in comps.field(f.card).accepts
            me.cart[move.veg] -= 1
            me.fields[f.card] = (move.veg, comps.field(f.card).spaces + turn.sow_extra)
        elif kind is M.Buy:
            assert p.shop[move.veg] > 0 and p.cash >= BUY[move.veg]
            me.cash -= BUY[move.veg]
            me.shop[move.veg] -= 1
            me.cart[move.veg] += 1
        elif kind is M.Sell:
            assert p.shop[move.veg] < comps.shop_slots[move.veg], "only into a free space"
            me.cash += SELL[move.veg]
            me.shop[move.veg] += 1
            me.cart[move.veg] -= 1
        elif kind is M.Trade:
            bowls = comps.cards[move.card].slots[move.slot][1]
            self.trade = Trade(seat, seat, move.card, move.slot, 1 if turn.maid else bowls)
        elif kind is M.Give:
            trade = self.trade
            assert trade is not None and trade.seat == seat
            me.cart[move.veg] -= 1
            trade.given += 1
            if trade.given < trade.gives:
                assert type(post.stack[-1]).__name__ == "GivePending", "more vegetables to give"
            else:
                self.trade = None
                veg = comps.cards[trade.card].slots[trade.slot][0]
                me.cart[veg] += 1
                if trade.fee:
                    pay_to(trade.owner, trade.fee)
                before = next(s for s in pre.seats[trade.owner].stalls if s.card == trade.card)
                after = next((s for s in post.seats[trade.owner].stalls if s.card == trade.card), None)
                goods = before.goods[: trade.slot] + (False,) + before.goods[trade.slot + 1 :]
                if any(goods):
                    assert after is not None and after.goods == goods
                else:
                    assert after is None, "an emptied market stall is discarded at once"
        elif kind is M.UseHelper:
            charges += self.helper(pre, move, post, model, seat, turn, leaving, pay_to, take_from_cart)
        elif kind is M.Deliver:
            r = regular(p, move.card)
            info = comps.cards[move.card]
            if move.twice:
                assert turn.messenger and r.rows == 3 and move.card not in served
                pay, rows, times = 2 * info.pays[3], 4, 2
                full.add(move.card)
            elif move.card in served:
                full.add(move.card)
                assert turn.messenger, "a second delivery in a round needs the Messenger-boy"
                pay, rows, times = info.pays[r.rows - 1], r.rows, 1
            else:
                pay, rows, times = info.pays[r.rows], r.rows + 1, 1
            served.add(move.card)
            me.cash += pay
            take_from_cart(wants(comps, move.card), times)
            after = regular(post.seats[seat], move.card)
            if rows == 4:
                leaving.add((seat, move.card))
            else:
                assert after.rows == rows and after.red == r.red, "delivering does not turn the marker"
        elif kind is M.Decline:
            r = regular(p, move.card)
            assert move.card not in served
            served.add(move.card)
            full.add(move.card)
            charges += PENALTY if r.red else 0
            assert regular(post.seats[seat], move.card).red
        elif kind is M.Serve:
            me.cash += casual_price(comps, p, move.card, turn.bonus)
            take_from_cart(wants(comps, move.card))
        elif kind is M.TwoPack:
            assert not turn.two_pack, "one two-pack per Action phase"
            turn.two_pack = True
            cost = 0 if turn.official else max(len(p.helpers), len(p.stalls))
            assert p.cash >= cost
            me.cash -= cost
        elif kind is M.Keep:
            charges += fields_cost(c for c in (move.top, move.lower) if c >= 0)
        elif kind is M.Loan:
            me.cash += LOAN
            me.loans += 1
        elif kind is M.EndActions:
            for r in p.regulars:
                due = r.card not in served
                assert (r.status == DUE) == due, "the engine and the checker disagree on who is due"
                if due:
                    charges += PENALTY if r.red else 0
                    assert regular(post.seats[seat], r.card).red
            self.turns[seat] = Turn()
        elif kind is M.MarkersBlue:
            assert not any(r.red for r in post.seats[seat].regulars)
        elif kind is M.Store:
            assert sum(p.storehouse) < CAPACITY[p.upgraded]
            me.cart[move.veg] -= 1
            me.storehouse[move.veg] += 1
        elif kind is M.Upgrade:
            assert not p.upgraded
            me.cash -= UPGRADE
            me.upgraded = True
        elif kind is M.Step:
            cost = FIRST_STEP if turn.steps == 0 else comps.path_values[p.position]  # the space moved to
            assert p.position < PATH_END and p.cash >= cost
            turn.steps += 1
            me.cash -= cost
            me.position += 1
        elif kind is M.ShopCount:
            me.shop[move.veg] = move.count
        elif kind is M.Bonus:
            sown = sum(1 for f in p.fields if f.veg == move.veg and f.count > 0)
            me.cash += sown + (1 if p.home_veg == move.veg and p.home_count > 0 else 0)
        elif kind is M.MerchantBuy:
            if move.combo == "Shopper":
                me.cart[move.veg] += 1
            elif move.combo == "Haggler":
                me.cash -= 1
                me.shop[move.veg] -= 2
                me.cart[move.veg] += 2
            else:
                me.cash -= 1
                me.shop[move.veg] -= 1
                me.cart[move.veg] += 1
        elif kind is M.CrierSell:
            assert isinstance(top, CrierPending)
            veg = comps.cards[move.card].slots[move.slot][0]
            earned = min(SELL[veg], CRIER_LIMIT - self.crier_earned)
            self.crier_earned += earned
            me.cash += earned
            me.shop[veg] += 1
        # Everything else (place, flip, partner, foreman, pick, done, stop, discard, ...) moves
        # no Cash and no vegetable the checker tracks.

        # Forced payments: paid at once if the Cash is there, else they wait for the Cash.
        self.owed[seat] = self.owed.get(seat, 0) + charges
        for s, owed in list(self.owed.items()):
            if not owed:
                continue
            waiting = [d for d in post.stack if type(d) is CashPending and d.seat == s]
            if waiting:
                assert len(waiting) == 1 and waiting[0].amount == owed, (waiting, owed)
                if post.stack[-1] is waiting[0]:
                    assert post.seats[s].cash < owed, "a payment that can be made is made"
            else:
                model[s].cash -= owed
                self.owed[s] = 0

        # Storing: ends with Done (what is left goes to the supply) or by itself when it fits.
        for s in range(n):
            before = has_pending(pre, StorePending, s) or (kind is M.EndActions and s == seat)
            if before and not has_pending(post, StorePending, s):
                m = model[s]
                if isinstance(top, StorePending) and top.seat == s and kind is M.Done:
                    m.cart = [0] * 6
                else:
                    assert sum(m.storehouse) + sum(m.cart) <= CAPACITY[m.upgraded], "stored by itself only if it fits"
                    assert m.upgraded or m.cash < UPGRADE, "asked while an upgrade is possible"
                    m.storehouse = [a + b for a, b in zip(m.storehouse, m.cart)]
                    m.cart = [0] * 6

        # Harvest phase: a new field (rounds 1-8), then 1 from each sown field.
        for s in range(n):
            m = model[s]
            if post.round > pre.round:
                pile = pile_cards(pre.seats[s])
                if post.round < ROUNDS and pile:
                    # The top field: the piles are face down, so any field of the first set left.
                    first_set = next(part for part in pre.seats[s].pile if part).cards()
                    (new,) = set(pile) - set(pile_cards(post.seats[s]))
                    assert new in first_set and new in {f.card for f in post.seats[s].fields}
                    m.fields[new] = (-1, 0)
                else:
                    assert pile_cards(post.seats[s]) == pile, "no new field in the last round"
            if harvested_round(post, s) > harvested_round(pre, s):
                assert harvested_round(post, s) == harvested_round(pre, s) + 1
                m.cart = [a + b for a, b in zip(m.cart, m.storehouse)]
                m.storehouse = [0] * 6
                if m.home_count:
                    m.cart[m.home_veg] += 1
                    m.home_count -= 1
                for card, (veg, count) in list(m.fields.items()):
                    if veg >= 0 and count > 0:
                        m.cart[veg] += 1
                        if count == 1:
                            del m.fields[card]
                            if card >= PRIVATE_BASE:
                                assert card not in pile_cards(post.seats[s]), "an emptied private field leaves the game"
                            else:
                                assert card in post.discard or card in post.deck.cards() or any(
                                    card in q.hand for q in post.seats
                                ), "an emptied common field goes to the discard pile"
                        else:
                            m.fields[card] = (veg, count - 1)

        # Regular customers leave play only after their 4th delivery; new ones start blue, empty.
        for s, q in enumerate(post.seats):
            old = {r.card for r in pre.seats[s].regulars}
            new = {r.card for r in q.regulars}
            assert old - new == {c for t, c in leaving if t == s}, "a regular customer left play early"
            for r in q.regulars:
                if r.card not in old:
                    assert r.rows == 0 and r.delivered == 0 and not r.red

        # Compare everything the checker expects.
        for s, (m, q) in enumerate(zip(model, post.seats)):
            got = Seat(
                q.cash, q.loans, q.position, q.upgraded, list(q.cart), list(q.shop), list(q.storehouse),
                q.home_veg, q.home_count, {},
            )
            want = Seat(
                m.cash, m.loans, m.position, m.upgraded, m.cart, m.shop, m.storehouse, m.home_veg, m.home_count, {}
            )
            assert got == want, f"seat {s} after {move}: engine {got}, rulebook {want}"
            if m.fields_known:
                now = {f.card: (f.veg, f.count) for f in q.fields}
                assert {c: now.get(c) for c in m.fields} == m.fields, f"seat {s}'s fields after {move}"
                assert all(now[c] == (-1, 0) for c in now.keys() - m.fields.keys()), "new fields arrive unsown"
            assert q.cash >= 0, "Cash is never negative"
            assert sum(q.storehouse) <= CAPACITY[q.upgraded]
            if s < n and post.phase == ACTION and post.done[s]:
                assert q.cart == (0,) * 6, "after the turn the cart is empty"
        if post.is_over:
            assert post.scores() == tuple(q.position - q.loans for q in post.seats[:n])

    def check_offers(self, pre) -> None:
        """The moves offered for buying, selling, trading, delivering, the two-pack, storing and
        the path are exactly the ones the rulebook allows (loans and ending are always there)."""
        comps = pre.components
        top = pre.stack[-1]
        seat = top.seat
        p = pre.seats[seat]
        offered = set(pre.legal_moves())

        def offers(move, allowed: bool) -> None:
            assert (move in offered) == allowed, f"{move} offered: {move in offered}, rulebook: {allowed}"

        def cart_has(counts, times: int = 1) -> bool:
            return all(p.cart[v] >= counts[v] * times for v in range(6))

        selling = isinstance(top, (ActionsPending, StorePending, CashPending))
        for v in range(6):
            if selling:
                offers(M.Sell(v), p.cart[v] > 0 and p.shop[v] < comps.shop_slots[v])
        if isinstance(top, ActionsPending):
            turn = self.turn(seat)
            served = self.served.get(seat, set())
            full = self.full.get(seat, set())
            for v in range(6):
                offers(M.Buy(v), p.shop[v] > 0 and p.cash >= BUY[v])
            for pos, f in enumerate(p.fields):
                for v in range(6):
                    offers(M.Sow(pos, v), f.veg < 0 and p.cart[v] > 0 and v in comps.field(f.card).accepts)
            for stall in p.stalls:
                for slot, (_, bowls) in enumerate(comps.cards[stall.card].slots):
                    need = 1 if turn.maid else bowls
                    offers(M.Trade(stall.card, slot), stall.goods[slot] and sum(p.cart) >= need)
            for r in p.regulars:
                need = wants(comps, r.card)
                again = r.card in served and turn.messenger
                offers(M.Deliver(r.card), cart_has(need) and r.card not in full and (r.card not in served or again))
                offers(M.Decline(r.card), r.card not in served)
                top_row = turn.messenger and r.rows == 3 and r.card not in served
                offers(M.Deliver(r.card, True), top_row and cart_has(need, 2))
            for c in p.casuals:
                offers(M.Serve(c), cart_has(wants(comps, c)))
            cost = 0 if turn.official else max(len(p.helpers), len(p.stalls))
            if len(pre.deck) + len(pre.deck_top):
                offers(M.TwoPack(), not turn.two_pack and p.cash >= cost)
            assert M.Loan() in offered and M.EndActions() in offered
        elif isinstance(top, StorePending):
            room = CAPACITY[p.upgraded] - sum(p.storehouse)
            for v in range(6):
                offers(M.Store(v), p.cart[v] > 0 and room > 0 and v in comps.storehouse_accepts)
            offers(M.Upgrade(), not p.upgraded and p.cash >= UPGRADE)
        elif isinstance(top, MerchantPending):
            # "1 of any vegetable that you must deliver at least twice to your Regular customers
            # in this round", from the shop, for 1 Cash (the Shopper's and Haggler's combinations
            # are checked for their effect only).
            served = self.served.get(seat, set())
            need = [0] * 6
            for r in p.regulars:
                if r.card not in served:
                    for v in comps.cards[r.card].wants:
                        need[v] += 1
            for v in range(6):
                allowed = need[v] >= 2 and v not in top.bought and p.shop[v] > 0 and p.cash >= 1
                offers(M.MerchantBuy(v), allowed)
        elif type(top).__name__ == "AdvancePending":
            cost = FIRST_STEP if self.turn(seat).steps == 0 else comps.path_values[p.position]
            offers(M.Step(), p.position < PATH_END and p.cash >= cost)

    def helper(self, pre, move, post, model, seat, turn, leaving, pay_to, take_from_cart) -> int:
        """A helper's effect on the checker's expectation (returns forced charges: none)."""
        comps = pre.components
        me = model[seat]
        p = pre.seats[seat]
        kind = comps.cards[move.card].helper
        option = move.option
        args = move.args
        if kind == "maid":
            turn.maid = True
        elif kind == "official":
            turn.official = True
        elif kind == "messenger_boy":
            turn.messenger = True
        elif kind == "saleswoman" and option == "bonus":
            turn.bonus = True
        elif kind == "harvest_helper" and option == "sow":
            turn.sow_extra += 1
        elif kind == "shopper":
            me.cash -= BUY[args[0]] - 2
            me.cart[args[0]] += 1
        elif kind == "haggler":
            veg = args[0]
            assert p.shop[veg] >= 2, "the Haggler needs two of the vegetable in the shop"
            me.cart[veg] += 2
            if option == "shopper":
                me.cash -= BUY[veg] - 2
            else:
                me.cash -= BUY[veg]
                me.shop[veg] -= 2
        elif kind == "subsistence_farmer" and option == "solo":
            assert args[0] in HOME_VEGETABLES
            me.cash -= 1
            me.cart[args[0]] += 1
        elif kind == "subsistence_farmer":
            owner, pos = args
            f = pre.seats[owner].fields[pos]
            assert f.count >= 4 and owner != seat
            model[owner].fields[f.card] = (f.veg, f.count - 1)
            me.cart[f.veg] += 1
            pay_to(owner, 1)
        elif kind == "tenant_farmer" and option == "take":
            me.cash -= TENANT_PRICE
        elif kind == "tenant_farmer":
            me.fields_known = False  # a field goes back under the pile
        elif kind == "deliveryman":
            target = args[0]
            owner = holder(pre, target, "regulars")
            assert owner != seat
            r = regular(pre.seats[owner], target)
            me.cash += comps.cards[target].pays[r.rows]
            take_from_cart(wants(comps, target))
            if r.rows == 3:
                pay_to(owner, 2)
                leaving.add((owner, target))
            else:
                after = regular(post.seats[owner], target)
                assert after.rows == r.rows + 1 and after.red == r.red and after.status == r.status
        elif kind == "tout" and option == "buy":
            theirs = args[0]
            owner = holder(pre, theirs, "casuals")
            me.cash += casual_price(comps, p, theirs, turn.bonus, extra=1)
            take_from_cart(wants(comps, theirs))
            pay_to(owner, 2)
        elif kind == "trader":
            card, slot = args
            owner = holder(pre, card, "stalls")
            bowls = comps.cards[card].slots[slot][1]
            self.trade = Trade(seat, owner, card, slot, 1 if turn.maid else bowls, TRADER_FEE.get(pre.round, 0))
        elif kind == "ploughman" and option == "clear":
            f = p.fields[args[0]]
            assert f.count >= 2
            me.fields[f.card] = (-1, 0)
        elif kind == "ploughman":
            for f in p.fields:
                if f.veg >= 0 and f.count == 1:
                    me.cart[f.veg] += 1
                    del me.fields[f.card]
        elif kind == "market_crier" and option == "sell":
            self.crier_earned = 0
        # Book-keeper and Merchant open a session (checked move by move); Con man, Market woman,
        # Market crier's refill, Tout's swap, Saleswoman's markers: no Cash, no tracked vegetable.
        return 0


# --- playouts -----------------------------------------------------------------------------------

#: How much more (or less) often a "busy" playout picks each kind of move than a uniform one:
#: uniform choice seldom delivers, since most moves on offer are buying, selling and loans.
BUSY = {
    "Deliver": 30.0, "Serve": 30.0, "Trade": 4.0, "Step": 4.0, "TwoPack": 6.0, "UseHelper": 6.0,
    "Keep": 2.0, "Sow": 3.0, "Loan": 0.3, "Decline": 0.5, "EndActions": 0.3, "DiscardHelper": 0.3,
    "Upgrade": 3.0, "MarkersBlue": 5.0, "CrierSell": 3.0, "MerchantBuy": 3.0, "ExtraHarvest": 3.0,
}


def checked_playout(seed: int, n: int, busy: bool, **options) -> Checker:
    chooser = random.Random(seed)
    checker = Checker()
    state = new_game(n, seed=seed, **options)
    while not state.is_over:
        legal = state.legal_moves()
        if busy:
            move = chooser.choices(legal, [BUSY.get(type(m).__name__, 1.0) for m in legal])[0]
        else:
            move = chooser.choice(legal)
        after = state.apply(move)
        checker.check(state, move, after)
        state = after
    return checker


@settings(max_examples=examples(100))
@given(st.integers(0, 2**32), st.integers(1, 4), st.booleans(), st.booleans())
def test_every_move_does_what_the_rulebook_says(seed, n, busy, introductory):
    checked_playout(seed, n, busy, introductory=introductory)


def test_the_checker_sees_the_moves_it_checks():
    # The busy playouts reach the moves the checker derives (a guard against a silent net).
    seen: dict[str, int] = {}
    for seed in range(12):
        for name, count in checked_playout(seed, seed % 4 + 1, True).seen.items():
            seen[name] = seen.get(name, 0) + count
    checked = ("Buy", "Sell", "Give", "Deliver", "Decline", "Serve", "TwoPack", "Keep", "Step", "Loan", "Store")
    helped = ("UseHelper", "MerchantBuy", "ShopCount", "Bonus")
    for name in (*checked, "Upgrade", "Sow", *helped, "OfferBuy", "Take", "SowHome"):
        assert seen.get(name, 0) > 0, (name, seen)
