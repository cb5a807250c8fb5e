"""The rules engine of At the Gates of Loyang: legal moves and their effects.

The state's ``pending`` stack holds the decision being asked; :func:`legal_moves` lists the moves
for the decision on top and :func:`apply` resolves it. When the stack runs empty, :func:`settle`
drives the round (Harvest, Card and Action phases, 9 times) until the next real decision. Actions
A-H of the Action phase are named as the rulebook names them; the helpers live in
:mod:`tabletop.loyang.helpers`.

Rule readings (see the package documentation for the full list):
* loans ("at any time") are offered wherever money can matter: the Action phase, storing,
  the path of prosperity, a forced payment (:class:`CashPending`) and the solo Card phase;
* a regular customer not served by the end of its owner's Action phase is missed then (blue to
  red, or 2 Cash while red); "decline" misses it earlier, as Fraser does in the Saleswoman example;
* the Foreman reacts to helpers that leave a player's play area (used or discarded);
* solo introductory game: the held start customer may be played ("play R..") free in a Card
  phase as one of the (up to) 2 cards, as it replaces the hand card in the multi-player game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.kernel.api import IllegalMove
from tabletop.kernel.turns import order_from
from tabletop.loyang import helpers
from tabletop.loyang import moves as M
from tabletop.loyang.components import CASUAL, FIELD, HELPER, PRIVATE_BASE, REGULAR, STALL, Components
from tabletop.loyang.state import (
    ACTION,
    CARD,
    DELIVERED,
    DOUBLED,
    DUE,
    HARVEST,
    NO_VEG,
    OVER,
    SETTLED,
    SETUP,
    ActionsPending,
    AdvancePending,
    BonusPending,
    CashPending,
    CourtyardPending,
    CrierPending,
    Field,
    ForemanPending,
    GivePending,
    HarvestPending,
    KeepPending,
    LoyangState,
    MerchantPending,
    OfferPending,
    PartnerPending,
    Player,
    Regular,
    ShopPending,
    SowHomePending,
    SquirePending,
    Stall,
    StorePending,
    _ENGINE,
    replace,
)

# attrs.evolve, compiled per class: building states is the hottest path (see state.replace).
evolve = replace
State = LoyangState

# ---------------------------------------------------------------------------------------------
# Shared move instances, so that legal_moves creates (almost) no objects.

_CARDS = range(70)
PLACE = tuple(M.Place(c) for c in _CARDS)
PICK = tuple(M.Pick(c) for c in _CARDS)
PLAY_ALONE = tuple(M.PlayAlone(c) for c in _CARDS)
TRADE = tuple(tuple(M.Trade(c, s) for s in range(3)) for c in _CARDS)
DELIVER = tuple(M.Deliver(c) for c in _CARDS)
DELIVER_TWICE = tuple(M.Deliver(c, True) for c in _CARDS)
DECLINE = tuple(M.Decline(c) for c in _CARDS)
SERVE = tuple(M.Serve(c) for c in _CARDS)
DISCARD = tuple(M.DiscardHelper(c) for c in _CARDS)
_MOVE_CACHE: dict[Any, Any] = {}


def cached(move: Any) -> Any:
    """One shared instance per distinct move value."""
    return _MOVE_CACHE.setdefault(move, move)


_SOW = tuple(tuple(M.Sow(pos, veg) for veg in range(6)) for pos in range(24))


def sow_move(pos: int, veg: int) -> M.Sow:
    if pos < len(_SOW):
        return _SOW[pos][veg]
    return cached(M.Sow(pos, veg))  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------------------
# Small tools on vegetable tuples, players and the pending stack.


def vadd(t: tuple[int, ...], veg: int, k: int = 1) -> tuple[int, ...]:
    return t[:veg] + (t[veg] + k,) + t[veg + 1 :]


def vplus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def vminus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def vtimes(a: tuple[int, ...], k: int) -> tuple[int, ...]:
    return tuple(x * k for x in a)


def has(cart: tuple[int, ...], need: tuple[int, ...]) -> bool:
    """Whether the cart holds every vegetable of ``need`` (both per-vegetable tuples)."""
    return (
        cart[0] >= need[0] and cart[1] >= need[1] and cart[2] >= need[2]
        and cart[3] >= need[3] and cart[4] >= need[4] and cart[5] >= need[5]
    )


def set_player(state: State, seat: int, player: Player, **changes: Any) -> State:
    seats = state.seats
    return evolve(state, seats=seats[:seat] + (player,) + seats[seat + 1 :], **changes)


def push(state: State, pending: Any) -> State:
    return evolve(state, pending=state.pending + (pending,))


def pop(state: State) -> State:
    return evolve(state, pending=state.pending[:-1])


def replace_top(state: State, pending: Any) -> State:
    return evolve(state, pending=state.pending[:-1] + (pending,))


def without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def others(state: State, seat: int) -> tuple[int, ...]:
    """Who "another player" can be: the partner in a 4-player Action phase, the imaginary
    opponent in the solo game, everyone else otherwise."""
    if state.n == 1:
        return (1,)
    if state.n == 4 and state.phase == ACTION and state.partner:
        return (state.partner[seat],)
    return tuple(s for s in range(state.n) if s != seat)


def owner_of(state: State, card: int) -> int:
    """The seat whose play area holds ``card`` on top (not covered)."""
    kind = state.comps.cards[card].kind
    for seat, p in enumerate(state.seats):
        if kind == STALL and any(s.card == card for s in p.stalls):
            return seat
        if kind == REGULAR and any(r.card == card for r in p.regulars):
            return seat
        if kind == CASUAL and card in p.casuals:
            return seat
        if kind == HELPER and card in p.helpers:
            return seat
        if kind == FIELD and any(f.card == card for f in p.fields):
            return seat
    raise ValueError(f"{state.comps.code(card)} is in no play area")


def casual_price(comps: Components, p: Player, card: int, bonus: bool, extra: int = 0) -> int:
    """A casual customer's payment: printed price, +2 with fewer casual than regular customers
    in play, -2 with more (covered cards do not count); the Saleswoman's bonus is always +2."""
    base = comps.cards[card].price
    if bonus:
        return base + 2
    regulars, casuals = len(p.regulars), len(p.casuals) + extra
    if casuals > regulars:
        return base - 2
    if casuals < regulars:
        return base + 2
    return base


def two_pack_cost(p: Player, official: bool) -> int:
    """The greater of the uncovered helpers and market stalls; free with the Official."""
    return 0 if official else max(len(p.helpers), len(p.stalls))


# ---------------------------------------------------------------------------------------------
# Cards entering and leaving play.


def enter_play(state: State, seat: int, card: int, played_in_card_phase: bool = False) -> State:
    """Put ``card`` into the right part of ``seat``'s play area: a stall is filled, a regular
    customer gets a blue satisfaction marker. (Paying for a common field is the caller's.)"""
    comps = state.comps
    info = comps.cards[card]
    p = state.seats[seat]
    kind = info.kind
    if kind == FIELD:
        return set_player(state, seat, evolve(p, fields=p.fields + (Field(card),)))
    if kind == STALL:
        supply = state.supply
        for veg, _ in info.slots:
            supply = vadd(supply, veg, -1)
        return set_player(state, seat, evolve(p, stalls=p.stalls + (Stall(card),)), supply=supply)
    if kind == REGULAR:
        # "Only requires delivery in that round if the player has not taken his turn yet."
        regular = Regular(card, status=SETTLED if turn_taken(state, seat) else DUE)
        return set_player(state, seat, evolve(p, regulars=p.regulars + (regular,)))
    if kind == CASUAL:
        return set_player(state, seat, evolve(p, casuals=p.casuals + (card,)))
    fresh = p.fresh + (card,) if played_in_card_phase else p.fresh
    return set_player(state, seat, evolve(p, helpers=p.helpers + (card,), fresh=fresh))


def turn_taken(state: State, seat: int) -> bool:
    """Whether ``seat`` has had this round's Action-phase turn: finished it, or ended the actions
    (a helper used for a payment while storing can still reveal a card). The solo game's
    imaginary opponent never has a turn, so its customers are never due."""
    if seat >= state.n:
        return True
    return state.phase == ACTION and (
        state.done[seat] or any(type(d) is AdvancePending and d.seat == seat for d in state.pending)
    )


def leave_play(state: State, seat: int, card: int, discard: bool = True) -> State:
    """Take ``card`` out of ``seat``'s play area (if it is there), reveal the card it covered,
    and put it on the discard pile (``discard``) where the Foreman may react to a helper."""
    comps = state.comps
    p = state.seats[seat]
    kind = comps.cards[card].kind
    supply = state.supply
    if kind == FIELD:
        p = evolve(p, fields=tuple(f for f in p.fields if f.card != card))
    elif kind == STALL:
        for stall in p.stalls:
            if stall.card == card:
                for (veg, _), full in zip(comps.cards[card].slots, stall.goods):
                    if full and discard:
                        supply = vadd(supply, veg)
        p = evolve(p, stalls=tuple(s for s in p.stalls if s.card != card))
    elif kind == REGULAR:
        for r in p.regulars:
            if r.card == card:
                supply = vplus(supply, vtimes(comps.cards[card].want_counts, r.delivered))
        p = evolve(p, regulars=tuple(r for r in p.regulars if r.card != card))
    elif kind == CASUAL:
        if card in p.casuals:
            p = evolve(p, casuals=without(p.casuals, card))
    elif card in p.helpers:
        p = evolve(p, helpers=without(p.helpers, card))
    lower = -1
    for top, under in p.covered:
        if top == card:
            lower = under
            p = evolve(p, covered=tuple(pair for pair in p.covered if pair[0] != card))
    state = set_player(state, seat, p, supply=supply)
    if lower >= 0:
        state = enter_play(state, seat, lower)
    if discard:
        state = evolve(state, discard=state.discard + (card,))
        if kind == HELPER:
            state = foreman_offer(state, seat, card)
    return state


def foreman_offer(state: State, discarder: int, helper: int) -> State:
    """Foreman: "take one helper immediately after it is placed on the discard pile". In a
    4-player Action phase only the discarder and their partner qualify (the Foreman carries the
    lantern); in the Harvest and Card phases there are no partners."""
    comps = state.comps
    if comps.cards[helper].helper == "foreman":
        return state
    if state.n == 1:
        eligible: tuple[int, ...] = (0,)
    elif state.n == 4 and state.phase == ACTION and state.partner:
        eligible = (discarder, state.partner[discarder])
    else:
        eligible = tuple(range(state.n))
    for seat in eligible:
        if helpers.find(state, seat, "foreman") >= 0:
            return push(state, ForemanPending(seat, helper))
    return state


def pay(state: State, seat: int, amount: int, payee: int = -1) -> State:
    """Pay ``amount`` (which the payer has) to the supply or to another real player."""
    p = state.seats[seat]
    state = set_player(state, seat, evolve(p, cash=p.cash - amount))
    if 0 <= payee < state.n and payee != seat:
        q = state.seats[payee]
        state = set_player(state, payee, evolve(q, cash=q.cash + amount))
    return state


def charge(state: State, seat: int, amount: int, payee: int = -1) -> State:
    """A forced payment: paid at once if possible, otherwise the player must first raise the
    money (sell, use a helper, take a loan) - Cash never goes negative."""
    if amount <= 0:
        return state
    if state.seats[seat].cash >= amount:
        return pay(state, seat, amount, payee)
    top = state.pending[-1] if state.pending else None
    if isinstance(top, CashPending) and top.seat == seat and top.payee == payee:
        return replace_top(state, CashPending(seat, top.amount + amount, payee))
    return push(state, CashPending(seat, amount, payee))


def draw_cards(state: State, n: int) -> tuple[tuple[int, ...], State]:
    """Draw up to ``n`` action cards. In the Action phase of a game with 2-4 players an empty
    draw pile is replaced at once by the shuffled discards (FAQ); the solo game shuffles only
    once (see :func:`discard_emptied_field`)."""
    drawn = state.draw[:n]
    state = evolve(state, draw=state.draw[n:])
    if len(drawn) < n and not state.solo and state.discard:
        pile, rng = state.rng.shuffled(state.discard)
        more = pile[: n - len(drawn)]
        state = evolve(state, draw=pile[len(more) :], discard=(), rng=rng)
        drawn += more
    return drawn, state


# ---------------------------------------------------------------------------------------------
# Setup: sowing the home field.


def sow_home_field(state: State, seat: int, veg: int) -> State:
    """Buy 1 vegetable from your own shop and sow your home field with it; the other 8 tokens
    come from the supply."""
    comps = state.comps
    p = state.seats[seat]
    spaces = comps.home.spaces
    p = evolve(
        p,
        cash=p.cash - comps.vegetables[veg].buy,
        shop=vadd(p.shop, veg, -1),
        home_veg=veg,
        home_count=spaces,
    )
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    return set_player(state, seat, p, supply=vadd(state.supply, veg, 1 - spaces), done=done)


def home_choices(state: State, seat: int) -> list[int]:
    """Wheat, pumpkin or turnip, in the shop, and chosen by fewer than 2 players so far."""
    comps = state.comps
    p = state.seats[seat]
    chosen = [q.home_veg for q in state.seats[: state.n]]
    return [
        v for v in comps.home.accepts
        if p.shop[v] > 0 and p.cash >= comps.vegetables[v].buy and chosen.count(v) < 2
    ]


# ---------------------------------------------------------------------------------------------
# The round: phase 1, harvest.


def begin_round(state: State, number: int) -> State:
    """Start round ``number``: regular customers are due again; each player turns over the top
    field of their pile (not in the last round)."""
    seats = list(state.seats)
    for seat in range(state.n):
        p = seats[seat]
        regulars = tuple(r if r.status == DUE else evolve(r, status=DUE) for r in p.regulars)
        fields, pile = p.fields, p.pile
        if number < state.comps.rounds and pile:
            fields, pile = fields + (Field(pile[0]),), pile[1:]
        seats[seat] = evolve(p, regulars=regulars, fields=fields, pile=pile, fresh=())
    return evolve(
        state,
        seats=tuple(seats),
        round=number,
        phase=HARVEST,
        order=order_from(state.start, state.n),
        done=(False,) * state.n,
        partner=(),
    )


def harvest(state: State, seat: int) -> State:
    """Harvest exactly 1 vegetable from each sown field and put it, with the storehouse's
    vegetables, on the cart. Emptied private fields leave the game; emptied common fields go to
    the discard pile (revealing what they covered)."""
    p = state.seats[seat]
    cart = vplus(p.cart, p.storehouse)
    home_count = p.home_count
    if home_count > 0:
        cart = vadd(cart, p.home_veg)
        home_count -= 1
    kept: list[Field] = []
    emptied: list[int] = []
    for f in p.fields:
        if f.veg >= 0 and f.count > 0:
            cart = vadd(cart, f.veg)
            if f.count == 1:
                emptied.append(f.card)
                continue
            f = evolve(f, count=f.count - 1)
        kept.append(f)
    p = evolve(p, cart=cart, storehouse=NO_VEG, home_count=home_count, fields=tuple(kept))
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    state = set_player(state, seat, p, done=done)
    for card in emptied:
        state = discard_emptied_field(state, seat, card)
    return state


def discard_emptied_field(state: State, seat: int, card: int) -> State:
    """An emptied field: a private field leaves the game, a common field is discarded. In the
    solo game the first field discarded in the Harvest phase triggers the one reshuffle."""
    if card < PRIVATE_BASE:
        state = leave_play(state, seat, card)
    if state.solo and state.phase == HARVEST and not state.reshuffled:
        pile, rng = state.rng.shuffled(state.draw + state.discard)
        state = evolve(state, draw=pile, discard=(), rng=rng, reshuffled=True)
    return state


def harvest_moves(state: State, top: HarvestPending) -> tuple[Any, ...]:
    card = helpers.harvest_helper(state, top.seat)
    if card < 0:
        return ()
    fields = state.seats[top.seat].fields
    extras = [
        cached(M.ExtraHarvest(i)) for i, f in enumerate(fields)
        if f.veg >= 0 and f.count >= 4 and i not in top.chosen
    ]
    if top.chosen:
        return (cached(M.UseHelper(card, "harvest")), *extras)
    if not extras:
        return ()
    return (M.HARVEST, *extras)


def apply_harvest(state: State, top: HarvestPending, move: Any) -> State:
    if isinstance(move, M.HarvestFields):
        return harvest(pop(state), top.seat)
    if isinstance(move, M.ExtraHarvest):
        return replace_top(state, evolve(top, chosen=top.chosen + (move.pos,)))
    return helpers.use_harvest_helper(state, top, move.card)


# ---------------------------------------------------------------------------------------------
# Phase 2: the Card phase.


def begin_card_phase(state: State) -> State:
    """Shuffle the discards into the draw pile (only now) and deal 4 cards each; when the deck
    runs short, the remaining cards are dealt evenly. The solo game deals nothing (grid)."""
    if state.solo:
        return evolve(state, phase=CARD, done=(False,))
    pile, rng = state.rng.shuffled(state.draw + state.discard)
    per = min(state.comps.hand, len(pile) // state.n)
    seats = list(state.seats)
    for i, seat in enumerate(order_from(state.start, state.n)):
        seats[seat] = evolve(seats[seat], hand=pile[i * per : (i + 1) * per])
    return evolve(
        state,
        seats=tuple(seats),
        phase=CARD,
        rng=rng,
        draw=pile[per * state.n :],
        discard=(),
        courtyard=(),
        active=order_from(state.start, state.n),
        taken=(),
    )


def courtyard_moves(state: State, top: CourtyardPending) -> tuple[Any, ...]:
    p = state.seats[top.seat]
    out: list[Any] = []
    if state.n == 2 and not top.flipped and state.draw:
        out.append(M.FLIP)
    # The last player left must take; a player's last card never goes to the courtyard.
    if len(state.active) > 1 and len(p.hand) >= 2:
        out.extend(PLACE[c] for c in p.hand)
    if state.courtyard:
        plays = p.hand + ((p.intro,) if p.intro >= 0 else ())
        out.extend(cached(M.Take(c, h)) for c in state.courtyard for h in plays)
        squire = helpers.squire(state, top.seat)
        if squire >= 0:
            out.extend(cached(M.UseSquire(squire, h)) for h in plays)
    if not out:
        # Only after a short deal: no courtyard card to take and no card that may be placed.
        out.extend(PLAY_ALONE[c] for c in p.hand)
    return tuple(out)


def play_two_cards(state: State, seat: int, hand_card: int, court_cards: tuple[int, ...]) -> State:
    """Play the hand card and the courtyard card(s); the rest of the hand goes to the courtyard
    and the player drops out of the distribution round. Common fields cost 2 Cash at once."""
    comps = state.comps
    p = state.seats[seat]
    rest = p.hand if hand_card == p.intro else without(p.hand, hand_card)
    intro = -1 if hand_card == p.intro else p.intro
    courtyard = tuple(c for c in state.courtyard if c not in court_cards) + rest
    state = set_player(
        state, seat, evolve(p, hand=(), intro=intro),
        courtyard=courtyard, active=state.active[1:], taken=state.taken + (seat,),
    )
    owed = 0
    for card in (*court_cards, hand_card):
        state = enter_play(state, seat, card, played_in_card_phase=True)
        if comps.cards[card].kind == FIELD:
            owed += comps.field_cost
    return charge(state, seat, owed)


def play_alone(state: State, seat: int, card: int) -> State:
    """A player who can neither place nor take (an empty courtyard, which happens only when the
    deck ran short) plays a hand card of their choice alone, puts the rest of the hand in the
    courtyard and drops out; ``card`` -1 (no hand card at all) only drops out. The rulebook
    does not cover this case."""
    p = state.seats[seat]
    rest = without(p.hand, card) if card >= 0 else p.hand
    state = set_player(
        state, seat, evolve(p, hand=()),
        active=state.active[1:], taken=state.taken + (seat,), courtyard=state.courtyard + rest,
    )
    if card < 0:
        return state
    state = enter_play(state, seat, card, played_in_card_phase=True)
    if state.comps.cards[card].kind == FIELD:
        state = charge(state, seat, state.comps.field_cost)
    return state


def apply_courtyard(state: State, top: CourtyardPending, move: Any) -> State:
    seat = top.seat
    p = state.seats[seat]
    if isinstance(move, M.Flip):
        # 2 players: turn the top action card into the courtyard first.
        state = evolve(state, courtyard=state.courtyard + state.draw[:1], draw=state.draw[1:])
        return replace_top(state, evolve(top, flipped=True))
    if isinstance(move, M.Place):
        state = set_player(
            state, seat, evolve(p, hand=without(p.hand, move.card)),
            courtyard=state.courtyard + (move.card,),
            active=state.active[1:] + state.active[:1],
        )
        return pop(state)
    if isinstance(move, M.UseSquire):
        return replace_top(state, SquirePending(seat, move.squire, move.hand))
    if isinstance(move, M.PlayAlone):
        return play_alone(pop(state), seat, move.card)
    return play_two_cards(pop(state), seat, move.hand, (move.court,))


def squire_moves(state: State, top: SquirePending) -> tuple[Any, ...]:
    picks = tuple(PICK[c] for c in state.courtyard if c not in top.picked)
    return picks + ((M.DONE,) if top.picked else ())


def apply_squire(state: State, top: SquirePending, move: Any) -> State:
    """Squire: play the hand card and up to 3 courtyard cards (not stacked); the Squire is then
    discarded - a Foreman taken with it can take it straight back."""
    if isinstance(move, M.Pick):
        top = evolve(top, picked=top.picked + (move.card,))
        if len(top.picked) < 3 and len(top.picked) < len(state.courtyard):
            return replace_top(state, top)
    state = play_two_cards(pop(state), top.seat, top.hand_card, top.picked)
    return leave_play(state, top.seat, top.squire)


def end_card_phase(state: State) -> State:
    """Leftover courtyard cards become the discard pile. The last player to take becomes start
    player, the second-to-last second player."""
    taken = state.taken
    start = taken[-1] if taken else state.start
    second = taken[-2] if len(taken) >= 2 else (start + 1) % state.n
    return begin_action_phase(
        evolve(state, discard=state.discard + state.courtyard, courtyard=(), start=start, second=second)
    )


# Solo: the 4x3 grid.


def row_price(state: State, pos: int) -> int:
    return state.comps.solo_rows[pos // state.comps.solo_columns]


def offer_moves(state: State, top: OfferPending) -> tuple[Any, ...]:
    p = state.seats[0]
    out: list[Any] = []
    if top.bought < top.limit:
        out.extend(
            cached(M.OfferBuy(pos, card)) for pos, card in enumerate(state.grid)
            if card >= 0 and p.cash >= row_price(state, pos)
        )
        # Introductory version: the start customer replaces one of the cards of the Card phase.
        if p.intro >= 0:
            out.append(PLAY_ALONE[p.intro])
        # Selling is allowed in the Card phase too (rule C): here it pays for the row prices.
        comps = state.comps
        out.extend(M.SELL[v] for v in range(6) if p.cart[v] and p.shop[v] < comps.shop_slots[v])
    squire = helpers.squire(state, 0)
    if squire >= 0 and top.squire < 0 and top.bought < top.limit:
        out.append(cached(M.UseHelper(squire, "offer")))
    out.append(M.LOAN)
    out.append(M.DONE)
    return tuple(out)


def apply_offer(state: State, top: OfferPending, move: Any) -> State:
    """Solo Card phase: buy up to 2 cards (row 1 free, row 2 1 Cash, rows 3-4 2 Cash each).
    In the introductory version the held start customer may be played free as one of them: in
    the multi-player game it replaces the hand card, and the solo game has no hand."""
    if isinstance(move, M.Loan):
        return take_loan(state, 0)
    if isinstance(move, M.Sell):
        return sell_to_shop(state, 0, move.veg)
    if isinstance(move, M.UseHelper):
        return replace_top(state, evolve(top, limit=4, squire=move.card))
    if isinstance(move, M.PlayAlone):
        state = replace_top(state, evolve(top, bought=top.bought + 1))
        state = set_player(state, 0, evolve(state.seats[0], intro=-1))
        return enter_play(state, 0, move.card, played_in_card_phase=True)
    if isinstance(move, M.OfferBuy):
        grid = state.grid[: move.pos] + (-1,) + state.grid[move.pos + 1 :]
        state = replace_top(state, evolve(top, bought=top.bought + 1))
        state = pay(evolve(state, grid=grid), 0, row_price(state, move.pos))
        state = enter_play(state, 0, move.card, played_in_card_phase=True)
        if state.comps.cards[move.card].kind == FIELD:
            state = charge(state, 0, state.comps.field_cost)
        return state
    state = refill_grid(pop(state))
    state = begin_action_phase(state)
    if top.squire >= 0:
        state = leave_play(state, 0, top.squire)
    return state


def refill_grid(state: State) -> State:
    """The rest of row 2 is discarded; cards slide up their column; the gaps at the bottom are
    filled from the draw pile (as far as it goes: the solo deck is reshuffled only once)."""
    cols = state.comps.solo_columns
    rows = len(state.comps.solo_rows)
    grid = list(state.grid)
    discard = state.discard + tuple(c for c in grid[cols : 2 * cols] if c >= 0)
    grid[cols : 2 * cols] = [-1] * cols
    for col in range(cols):
        column = [grid[r * cols + col] for r in range(rows) if grid[r * cols + col] >= 0]
        column += [-1] * (rows - len(column))
        for r in range(rows):
            grid[r * cols + col] = column[r]
    draw = state.draw
    for i in range(len(grid)):
        if grid[i] < 0 and draw:
            grid[i], draw = draw[0], draw[1:]
    return evolve(state, grid=tuple(grid), draw=draw, discard=discard)


# ---------------------------------------------------------------------------------------------
# Phase 3: the Action phase.


def begin_action_phase(state: State) -> State:
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


def choose_partner(state: State, partner: int) -> State:
    """4 players: the start player's partner; the other token-less player pairs with the second
    player. Token holders act "at the same time" (start, then second), then their partners."""
    start, second = state.start, state.second
    other = next(s for s in range(4) if s not in (start, second, partner))
    pairs = [0, 0, 0, 0]
    pairs[start], pairs[partner], pairs[second], pairs[other] = partner, start, other, second
    return evolve(pop(state), order=(start, second, partner, other), partner=tuple(pairs))


def action_moves(state: State, turn: ActionsPending) -> tuple[Any, ...]:
    comps = state.comps
    seat = turn.seat
    p = state.seats[seat]
    cart = p.cart
    vegetables = comps.vegetables
    out: list[Any] = []
    # A: sow
    for pos, f in enumerate(p.fields):
        if f.veg < 0:
            for v in comps.field(f.card).accepts:
                if cart[v]:
                    out.append(sow_move(pos, v))
    # B: buy, C: sell
    for v in range(6):
        if p.shop[v] and p.cash >= vegetables[v].buy:
            out.append(M.BUY[v])
        if cart[v] and p.shop[v] < comps.shop_slots[v]:
            out.append(M.SELL[v])
    # D: trade at a market stall
    total = sum(cart)
    for stall in p.stalls:
        slots = comps.cards[stall.card].slots
        for i in range(3):
            if stall.goods[i] and total >= (1 if turn.maid else slots[i][1]):
                out.append(TRADE[stall.card][i])
    # E: play or discard a helper
    helpers.action_moves(state, turn, out)
    out.extend(DISCARD[h] for h in p.helpers)
    # F: deliver to regular customers (or decline)
    for r in p.regulars:
        need = comps.cards[r.card].want_counts
        if r.status == DUE:
            if has(cart, need):
                out.append(DELIVER[r.card])
                if turn.messenger and r.rows == 3 and has(cart, vtimes(need, 2)):
                    out.append(DELIVER_TWICE[r.card])
            out.append(DECLINE[r.card])
        elif r.status == DELIVERED and turn.messenger and has(cart, need):
            out.append(DELIVER[r.card])
    # G: deliver to casual customers
    for c in p.casuals:
        if has(cart, comps.cards[c].want_counts):
            out.append(SERVE[c])
    # H: buy a two-pack
    if not turn.two_pack and p.cash >= two_pack_cost(p, turn.official):
        if state.draw or (state.discard and not state.solo):
            out.append(M.TWO_PACK)
    if turn.blue_ready:
        out.append(M.MARKERS_BLUE)
    out.append(M.LOAN)
    out.append(M.END_ACTIONS)
    return tuple(out)


def sow(state: State, turn: ActionsPending, pos: int, veg: int) -> State:
    """A: put 1 vegetable from the cart on an empty field; the supply fills the other spaces
    (plus 1 per Harvest helper activated for sowing this phase)."""
    p = state.seats[turn.seat]
    f = p.fields[pos]
    count = state.comps.field(f.card).spaces + turn.sow_extra
    fields = p.fields[:pos] + (evolve(f, veg=veg, count=count),) + p.fields[pos + 1 :]
    p = evolve(p, cart=vadd(p.cart, veg, -1), fields=fields)
    return set_player(state, turn.seat, p, supply=vadd(state.supply, veg, 1 - count))


def buy_from_shop(state: State, seat: int, veg: int) -> State:
    """B: buy 1 vegetable from your own shop at the dark price tag."""
    p = state.seats[seat]
    p = evolve(
        p,
        cash=p.cash - state.comps.vegetables[veg].buy,
        shop=vadd(p.shop, veg, -1),
        cart=vadd(p.cart, veg),
    )
    return set_player(state, seat, p)


def sell_to_shop(state: State, seat: int, veg: int) -> State:
    """C: sell 1 vegetable from your cart into a free space of your shop (pale price tag)."""
    p = state.seats[seat]
    p = evolve(
        p,
        cash=p.cash + state.comps.vegetables[veg].sell,
        shop=vadd(p.shop, veg),
        cart=vadd(p.cart, veg, -1),
    )
    return set_player(state, seat, p)


def trade_at_stall(state: State, turn: ActionsPending, card: int, slot: int) -> State:
    """D: give 1 or 2 vegetables (the bowls; 1 with the Maid) for the stall's vegetable."""
    bowls = state.comps.cards[card].slots[slot][1]
    return push(state, GivePending(turn.seat, turn.seat, card, slot, 1 if turn.maid else bowls))


def give(state: State, top: GivePending, veg: int) -> State:
    p = state.seats[top.seat]
    state = set_player(state, top.seat, evolve(p, cart=vadd(p.cart, veg, -1)), supply=vadd(state.supply, veg))
    if top.left > 1:
        return replace_top(state, evolve(top, left=top.left - 1))
    state = pop(state)
    return helpers.complete_trade(state, top)


def take_stall_vegetable(state: State, seat: int, owner: int, card: int, slot: int) -> State:
    """Move a stall's vegetable to ``seat``'s cart; an emptied stall is discarded at once."""
    comps = state.comps
    veg = comps.cards[card].slots[slot][0]
    q = state.seats[owner]
    stalls = tuple(
        evolve(s, goods=s.goods[:slot] + (False,) + s.goods[slot + 1 :]) if s.card == card else s
        for s in q.stalls
    )
    state = set_player(state, owner, evolve(q, stalls=stalls))
    p = state.seats[seat]
    state = set_player(state, seat, evolve(p, cart=vadd(p.cart, veg)))
    if not any(g for s in stalls if s.card == card for g in s.goods):
        state = leave_play(state, owner, card)
    return state


def deliver_to_regular_customer(state: State, seat: int, card: int, twice: bool) -> State:
    """F: put the two wanted vegetables on the next row (bottom to top) and take its payment
    at once; after the 4th row the card and its vegetables are discarded. With the
    Messenger-boy a row can be delivered twice (paid twice); on the top row both at once."""
    comps = state.comps
    p = state.seats[seat]
    info = comps.cards[card]
    need = info.want_counts
    i = next(i for i, r in enumerate(p.regulars) if r.card == card)
    r = p.regulars[i]
    if r.status == DUE and twice:
        pay_in, r = 2 * info.pays[3], evolve(r, rows=4, delivered=r.delivered + 2, status=DOUBLED)
        need = vtimes(need, 2)
    elif r.status == DUE:
        pay_in, r = info.pays[r.rows], evolve(r, rows=r.rows + 1, delivered=r.delivered + 1, status=DELIVERED)
    else:
        pay_in, r = info.pays[r.rows - 1], evolve(r, delivered=r.delivered + 1, status=DOUBLED)
    p = evolve(p, cash=p.cash + pay_in, cart=vminus(p.cart, need), regulars=p.regulars[:i] + (r,) + p.regulars[i + 1 :])
    state = set_player(state, seat, p)
    if r.rows == 4:
        state = leave_play(state, seat, card)
    return state


def miss_regular_customer(comps: Components, p: Player, card: int) -> tuple[Player, int]:
    """A regular customer not served this round: a blue marker turns red; a red one costs a
    2 Cash penalty (returned as the amount owed)."""
    owed = 0
    regulars = []
    for r in p.regulars:
        if r.card == card:
            if r.red:
                owed = comps.penalty
            r = evolve(r, red=True, status=SETTLED)
        regulars.append(r)
    return evolve(p, regulars=tuple(regulars)), owed


def deliver_to_casual_customer(state: State, turn: ActionsPending, card: int) -> State:
    """G: the three vegetables go to the supply; the price is adjusted +2/-2 by comparing the
    uncovered regular and casual customers (or +2 with the Saleswoman's bonus)."""
    comps = state.comps
    p = state.seats[turn.seat]
    need = comps.cards[card].want_counts
    price = casual_price(comps, p, card, turn.bonus)
    p = evolve(p, cash=p.cash + price, cart=vminus(p.cart, need))
    state = set_player(state, turn.seat, p, supply=vplus(state.supply, need))
    return leave_play(state, turn.seat, card)


def buy_two_pack(state: State, turn: ActionsPending) -> State:
    """H: once per Action phase, pay max(uncovered helpers, uncovered stalls) and draw 2."""
    p = state.seats[turn.seat]
    state = pay(state, turn.seat, two_pack_cost(p, turn.official))
    drawn, state = draw_cards(state, 2)
    state = replace_top(state, evolve(turn, two_pack=True))
    return push(state, KeepPending(turn.seat, drawn))


def keep_moves(top: KeepPending) -> tuple[Any, ...]:
    d = top.drawn
    out: list[Any] = [M.KEEP_NONE, *(cached(M.Keep(c)) for c in d)]
    if len(d) == 2:
        out.append(cached(M.Keep(d[0], d[1])))
        out.append(cached(M.Keep(d[1], d[0])))
    return tuple(out)


def keep_two_pack(state: State, top: KeepPending, move: M.Keep) -> State:
    """Keep 0, 1 or 2 cards; two kept cards are stacked (the top one in play, the lower one
    waits). Each kept common field costs 2 Cash at once, even beneath the other card."""
    comps = state.comps
    seat = top.seat
    state = pop(state)
    kept = tuple(c for c in (move.top, move.lower) if c >= 0)
    state = evolve(state, discard=state.discard + tuple(c for c in top.drawn if c not in kept))
    owed = sum(comps.field_cost for c in kept if comps.cards[c].kind == FIELD)
    if move.top >= 0:
        state = enter_play(state, seat, move.top)
    if move.lower >= 0:
        p = state.seats[seat]
        state = set_player(state, seat, evolve(p, covered=p.covered + ((move.top, move.lower),)))
    return charge(state, seat, owed)


def take_loan(state: State, seat: int) -> State:
    """A loan: 5 Cash and a loan card (1 step back at the end); never repaid."""
    p = state.seats[seat]
    return set_player(state, seat, evolve(p, cash=p.cash + state.comps.loan, loans=p.loans + 1))


def end_actions(state: State, turn: ActionsPending) -> State:
    """End of the actions: every regular customer still due is missed now; then store the
    vegetables and move on the path of prosperity."""
    p = state.seats[turn.seat]
    owed = 0
    for r in p.regulars:
        if r.status == DUE:
            p, due = miss_regular_customer(state.comps, p, r.card)
            owed += due
    state = set_player(state, turn.seat, p)
    state = replace_top(state, AdvancePending(turn.seat))
    state = push(state, StorePending(turn.seat))
    return charge(state, turn.seat, owed)


def apply_actions(state: State, turn: ActionsPending, move: Any) -> State:
    seat = turn.seat
    kind = type(move)
    if kind is M.Sow:
        return sow(state, turn, move.pos, move.veg)
    if kind is M.Buy:
        return buy_from_shop(state, seat, move.veg)
    if kind is M.Sell:
        return sell_to_shop(state, seat, move.veg)
    if kind is M.Trade:
        return trade_at_stall(state, turn, move.card, move.slot)
    if kind is M.UseHelper:
        return helpers.use(state, turn, move)
    if kind is M.DiscardHelper:
        return leave_play(state, seat, move.card)
    if kind is M.Deliver:
        return deliver_to_regular_customer(state, seat, move.card, move.twice)
    if kind is M.Decline:
        p, owed = miss_regular_customer(state.comps, state.seats[seat], move.card)
        return charge(set_player(state, seat, p), seat, owed)
    if kind is M.Serve:
        return deliver_to_casual_customer(state, turn, move.card)
    if kind is M.TwoPack:
        return buy_two_pack(state, turn)
    if kind is M.Loan:
        return take_loan(state, seat)
    if kind is M.MarkersBlue:
        return helpers.markers_blue(state, turn)
    return end_actions(state, turn)


# End of turn: store, then the path of prosperity.


def store_moves(state: State, top: StorePending) -> tuple[Any, ...]:
    comps = state.comps
    p = state.seats[top.seat]
    room = storehouse_room(comps, p)
    out: list[Any] = [M.STORE[v] for v in comps.storehouse_accepts if p.cart[v] and room > 0]
    if not p.upgraded and p.cash >= comps.upgrade_cost:
        out.append(M.UPGRADE)
    out.extend(M.SELL[v] for v in range(6) if p.cart[v] and p.shop[v] < comps.shop_slots[v])
    out.append(M.LOAN)
    out.append(M.DONE)
    return tuple(out)


def storehouse_room(comps: Components, p: Player) -> int:
    capacity = comps.storehouse_upgraded if p.upgraded else comps.storehouse
    return capacity - sum(p.storehouse)


def apply_store(state: State, top: StorePending, move: Any) -> State:
    """Store: the storehouse holds 1 vegetable (4 once upgraded for 2 Cash) of the kinds it
    shows; what does not fit is sold to the shop or goes back to the supply."""
    seat = top.seat
    p = state.seats[seat]
    if isinstance(move, M.Store):
        p = evolve(p, cart=vadd(p.cart, move.veg, -1), storehouse=vadd(p.storehouse, move.veg))
        return set_player(state, seat, p)
    if isinstance(move, M.Upgrade):
        return set_player(state, seat, evolve(p, cash=p.cash - state.comps.upgrade_cost, upgraded=True))
    if isinstance(move, M.Sell):
        return sell_to_shop(state, seat, move.veg)
    if isinstance(move, M.Loan):
        return take_loan(state, seat)
    return set_player(pop(state), seat, evolve(p, cart=NO_VEG), supply=vplus(state.supply, p.cart))


def step_cost(comps: Components, p: Player, steps: int) -> int:
    """The first step of a round costs 1 Cash; each further step the value of the space."""
    return comps.first_step if steps == 0 else comps.path_values[p.position]


def advance_moves(state: State, top: AdvancePending) -> tuple[Any, ...]:
    """Step (if affordable), take a loan ("at any time"), discard a helper (helpers "can be
    discarded at any time": a card it covers is revealed after the turn, so a regular customer
    is not due this round) or stop."""
    p = state.seats[top.seat]
    discards = tuple(DISCARD[h] for h in p.helpers)
    if can_step(state.comps, p, top.steps):
        return (M.STEP, *discards, M.LOAN, M.STOP)
    return (*discards, M.LOAN, M.STOP)


def apply_advance(state: State, top: AdvancePending, move: Any) -> State:
    if isinstance(move, M.Stop):
        return finish_turn(state, top.seat)
    if isinstance(move, M.Loan):
        return take_loan(state, top.seat)
    if isinstance(move, M.DiscardHelper):
        return leave_play(state, top.seat, move.card)
    p = state.seats[top.seat]
    cost = step_cost(state.comps, p, top.steps)
    state = set_player(state, top.seat, evolve(p, cash=p.cash - cost, position=p.position + 1))
    return replace_top(state, evolve(top, steps=top.steps + 1))


def finish_turn(state: State, seat: int) -> State:
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    return evolve(pop(state), done=done)


def can_step(comps: Components, p: Player, steps: int) -> bool:
    return p.position < comps.path_end and p.cash >= step_cost(comps, p, steps)


# ---------------------------------------------------------------------------------------------
# Forced payments and the Foreman.


def cash_moves(state: State, top: CashPending) -> tuple[Any, ...]:
    comps = state.comps
    p = state.seats[top.seat]
    out: list[Any] = [M.SELL[v] for v in range(6) if p.cart[v] and p.shop[v] < comps.shop_slots[v]]
    helpers.cash_moves(state, top, out)
    out.append(M.LOAN)
    return tuple(out)


def apply_cash(state: State, top: CashPending, move: Any) -> State:
    if isinstance(move, M.Sell):
        return sell_to_shop(state, top.seat, move.veg)
    if isinstance(move, M.Loan):
        return take_loan(state, top.seat)
    return helpers.use(state, None, move)


def apply_foreman(state: State, top: ForemanPending, move: Any) -> State:
    """Foreman: take the helper back from the discard pile; the Foreman is then used up."""
    state = pop(state)
    if not move.take:
        return state
    i = len(state.discard) - 1 - state.discard[::-1].index(top.helper)
    state = evolve(state, discard=state.discard[:i] + state.discard[i + 1 :])
    p = state.seats[top.seat]
    state = set_player(state, top.seat, evolve(p, helpers=p.helpers + (top.helper,)))
    return leave_play(state, top.seat, helpers.find(state, top.seat, "foreman"))


# ---------------------------------------------------------------------------------------------
# The driver: legal moves, apply, and the automatic steps between decisions.


def legal_moves(state: State) -> tuple[Any, ...]:
    if state.phase == OVER:
        return ()
    top = state.pending[-1]
    kind = type(top)
    if kind is ActionsPending:
        return action_moves(state, top)  # type: ignore[arg-type]
    return _MOVES[kind](state, top)


def _sow_home_moves(state: State, top: Any) -> tuple[Any, ...]:
    return tuple(M.SOW_HOME[v] for v in home_choices(state, top.seat))


def _partner_moves(state: State, top: Any) -> tuple[Any, ...]:
    return tuple(cached(M.Partner(s)) for s in range(4) if s not in (state.start, state.second))


def _give_moves(state: State, top: Any) -> tuple[Any, ...]:
    cart = state.seats[top.seat].cart
    return tuple(M.GIVE[v] for v in range(6) if cart[v])


def _foreman_moves(state: State, top: Any) -> tuple[Any, ...]:
    return (M.FOREMAN_TAKE, M.FOREMAN_PASS)


_MOVES: dict[type, Callable[[State, Any], tuple[Any, ...]]] = {
    SowHomePending: _sow_home_moves,
    HarvestPending: harvest_moves,
    CourtyardPending: courtyard_moves,
    SquirePending: squire_moves,
    OfferPending: offer_moves,
    PartnerPending: _partner_moves,
    GivePending: _give_moves,
    KeepPending: lambda state, top: keep_moves(top),
    CashPending: cash_moves,
    ForemanPending: _foreman_moves,
    ShopPending: helpers.session_moves,
    BonusPending: helpers.session_moves,
    MerchantPending: helpers.session_moves,
    CrierPending: helpers.session_moves,
    StorePending: store_moves,
    AdvancePending: advance_moves,
}

_APPLY: dict[type, Callable[[State, Any, Any], State]] = {
    SowHomePending: lambda state, top, move: sow_home_field(pop(state), top.seat, move.veg),
    HarvestPending: apply_harvest,
    CourtyardPending: apply_courtyard,
    SquirePending: apply_squire,
    OfferPending: apply_offer,
    PartnerPending: lambda state, top, move: choose_partner(state, move.seat),
    ActionsPending: apply_actions,
    GivePending: lambda state, top, move: give(state, top, move.veg),
    KeepPending: keep_two_pack,
    CashPending: apply_cash,
    ForemanPending: apply_foreman,
    ShopPending: helpers.session_apply,
    BonusPending: helpers.session_apply,
    MerchantPending: helpers.session_apply,
    CrierPending: helpers.session_apply,
    StorePending: apply_store,
    AdvancePending: apply_advance,
}

_DECISIONS = {
    SowHomePending: "sowing the home field",
    HarvestPending: "harvesting",
    CourtyardPending: "playing in the distribution round",
    SquirePending: "picking courtyard cards for the Squire",
    OfferPending: "buying from the solo grid",
    PartnerPending: "choosing a partner",
    ActionsPending: "taking actions",
    GivePending: "giving vegetables at a market stall",
    KeepPending: "keeping cards of a two-pack",
    CashPending: "raising Cash for a payment",
    ForemanPending: "deciding whether the Foreman takes a helper",
    ShopPending: "setting the shop with the Book-keeper",
    BonusPending: "choosing the Book-keeper's vegetable",
    MerchantPending: "buying with the Merchant",
    CrierPending: "selling with the Market crier",
    StorePending: "storing vegetables",
    AdvancePending: "moving on the path of prosperity",
}


def apply(state: State, move: Any) -> State:
    """The state after ``move``; raises :class:`IllegalMove` (saying why) if it is not legal."""
    if state.phase == OVER:
        raise IllegalMove(f"the game is over; {move} cannot be played")
    if move not in state.legal_moves():
        top = state.pending[-1]
        raise IllegalMove(
            f"{move!s} is not legal: seat {top.seat} is {_DECISIONS[type(top)]}"
            f" (legal: {', '.join(str(m) for m in state.legal_moves()[:8])})"
        )
    top = state.pending[-1]
    state = settle(_APPLY[type(top)](state, top, move))
    return evolve(state, history=state.history + (move,))


def settle(state: State) -> State:
    """Run the automatic parts of the game until a real decision is on top of the stack."""
    comps = state.comps
    while state.phase != OVER:
        if not state.pending:
            state = step_phase(state)
            continue
        top = state.pending[-1]
        kind = type(top)
        if kind is CashPending:
            if state.seats[top.seat].cash >= top.amount:  # type: ignore[union-attr]
                state = pay(pop(state), top.seat, top.amount, top.payee)  # type: ignore[union-attr]
                continue
        elif kind is StorePending:
            p = state.seats[top.seat]
            # Nothing to decide when everything fits and the storehouse cannot be upgraded.
            fits = sum(p.cart) <= storehouse_room(comps, p) and all(
                p.cart[v] == 0 or v in comps.storehouse_accepts for v in range(6)
            )
            if fits and (p.upgraded or p.cash < comps.upgrade_cost):
                state = set_player(pop(state), top.seat, evolve(p, cart=NO_VEG, storehouse=vplus(p.storehouse, p.cart)))
                continue
        elif kind is AdvancePending:
            if state.seats[top.seat].position >= comps.path_end:
                state = finish_turn(state, top.seat)
                continue
        elif kind is HarvestPending:
            if not harvest_moves(state, top):  # type: ignore[arg-type]
                state = harvest(pop(state), top.seat)
                continue
        elif kind is ForemanPending:
            # The Foreman is gone (used on another offer) or the helper was taken already.
            gone = top.helper not in state.discard  # type: ignore[union-attr]
            if gone or helpers.find(state, top.seat, "foreman") < 0:
                state = pop(state)
                continue
        elif kind is CourtyardPending:
            if not courtyard_moves(state, top):  # type: ignore[arg-type]
                state = play_alone(pop(state), top.seat, -1)
                continue
        return state
    return state


def step_phase(state: State) -> State:
    """The stack is empty: start the next decision or the next phase."""
    phase = state.phase
    if phase == SETUP:
        for seat in state.order:
            if not state.done[seat]:
                return push(state, SowHomePending(seat))
        return begin_round(state, 1)
    if phase == HARVEST:
        for seat in state.order:
            if not state.done[seat]:
                return push(state, HarvestPending(seat))
        return begin_card_phase(state)
    if phase == CARD:
        if state.solo:
            return push(state, OfferPending(0))
        if state.active:
            return push(state, CourtyardPending(state.active[0]))
        return end_card_phase(state)
    if not state.order:
        return push(state, PartnerPending(state.start))
    for seat in state.order:
        if not state.done[seat]:
            return push(state, ActionsPending(seat))
    if state.round >= state.comps.rounds:
        return evolve(state, phase=OVER, order=())
    return begin_round(state, state.round + 1)


# ---------------------------------------------------------------------------------------------
# Invariants (for tests and debugging).


def invariants(state: State) -> list[str]:
    """Violated invariants of a full state (empty when sound): Cash never negative; vegetables
    conserved between supply, shops, carts, storehouses, fields, stalls and regular customers;
    each of the 70 action cards in exactly one place, each private field at most once per
    player, a covered card only under a card in play; satisfaction markers consistent (rows and
    deliveries agree, no customer still due once its owner's turn is over, the solo opponent's
    never due); shop, storehouse, home field and path within bounds."""
    comps = state.comps
    out: list[str] = []
    vegetables = list(state.supply)
    places: list[int] = [*state.draw, *state.discard, *state.courtyard, *(g for g in state.grid if g >= 0)]
    for pending in state.pending:
        if isinstance(pending, KeepPending):
            places.extend(pending.drawn)
    for seat, p in enumerate(state.seats):
        who = f"seat {seat}"
        if p.cash < 0:
            out.append(f"{who} has negative Cash ({p.cash})")
        for name, counts in (("shop", p.shop), ("cart", p.cart), ("storehouse", p.storehouse)):
            if min(counts) < 0:
                out.append(f"{who}'s {name} holds a negative count {counts}")
            vegetables = [a + b for a, b in zip(vegetables, counts)]
        if any(s > n for s, n in zip(p.shop, comps.shop_slots)):
            out.append(f"{who}'s shop holds more than its spaces")
        capacity = comps.storehouse_upgraded if p.upgraded else comps.storehouse
        if sum(p.storehouse) > capacity:
            out.append(f"{who}'s storehouse holds more than {capacity}")
        if seat < state.n and not 1 <= p.position <= comps.path_end:
            out.append(f"{who} is off the path ({p.position})")
        if p.home_veg >= 0:
            vegetables[p.home_veg] += p.home_count
        if not 0 <= p.home_count <= (comps.home.spaces if p.home_veg >= 0 else 0):
            out.append(f"{who}'s home field holds {p.home_count} tokens")
        private = [c for c in (*p.pile, *(f.card for f in p.fields)) if c >= PRIVATE_BASE]
        if len(set(private)) != len(private):
            out.append(f"{who} has a private field twice")
        for f in p.fields:
            if f.veg >= 0:
                if f.count <= 0:
                    out.append(f"{who}'s sown field {comps.code(f.card)} is empty but still in play")
                vegetables[f.veg] += f.count
            elif f.count:
                out.append(f"{who}'s unsown field {comps.code(f.card)} holds tokens")
            if f.card < PRIVATE_BASE:
                places.append(f.card)
        for s in p.stalls:
            places.append(s.card)
            if not any(s.goods):
                out.append(f"{who}'s empty stall {comps.code(s.card)} was not discarded")
            for (veg, _), full in zip(comps.cards[s.card].slots, s.goods):
                vegetables[veg] += full
        for r in p.regulars:
            places.append(r.card)
            if not 0 <= r.rows <= 3 or r.delivered < r.rows or r.status not in (DUE, DELIVERED, DOUBLED, SETTLED):
                out.append(f"{who}'s regular customer {comps.code(r.card)} has an inconsistent marker or rows")
            if r.status in (DELIVERED, DOUBLED) and r.rows == 0:
                out.append(f"{who}'s regular customer {comps.code(r.card)} is marked delivered with no row filled")
            if r.status == DUE and turn_taken(state, seat):
                out.append(f"{who}'s regular customer {comps.code(r.card)} is still due after the turn")
            for veg, k in enumerate(comps.cards[r.card].want_counts):
                vegetables[veg] += k * r.delivered
        places.extend(p.casuals)
        places.extend(p.helpers)
        places.extend(lower for _, lower in p.covered)
        places.extend(c for c in p.pile if c < PRIVATE_BASE)
        places.extend(p.hand)
        if p.intro >= 0:
            places.append(p.intro)
        tops = [top for top, _ in p.covered]
        if len(set(tops)) != len(tops):
            out.append(f"{who} has two cards under one")
        in_play = {f.card for f in p.fields} | {s.card for s in p.stalls} | {r.card for r in p.regulars}
        if not set(tops) <= in_play | set(p.casuals) | set(p.helpers):
            out.append(f"{who} has a card covered by a card no longer in play")
    totals = [v.tokens for v in comps.vegetables]
    if vegetables != totals:
        out.append(f"vegetables not conserved: {vegetables} != {totals}")
    if sorted(places) != list(range(len(comps.cards))):
        missing = sorted(set(range(len(comps.cards))) - set(places))
        doubled = sorted({c for c in places if places.count(c) > 1})
        out.append(f"action cards not conserved: missing {missing}, twice {doubled}")
    return out


_ENGINE["legal_moves"] = legal_moves
_ENGINE["apply"] = apply
