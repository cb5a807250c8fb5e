"""Phase 2 of a round, the Card phase: the deal, the distribution round (courtyard, Squire, the
2-player flip) and, solo, the 4x3 grid."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, pop, push, replace_top
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import order_from
from tabletop.loyang import moves
from tabletop.loyang.components import FIELD
from tabletop.loyang.rules.actions import begin_action_phase
from tabletop.loyang.rules.payments import charge, pay, sell_to_shop, take_loan
from tabletop.loyang.rules.play_area import deck_size, draw_from_deck, enter_play, leave_play
from tabletop.kernel.shared import shared
from tabletop.loyang.rules.table import (
    PICK,
    PLACE,
    PLAY_ALONE,
    sale_moves,
    set_player,
    squire,
    take_moves,
    without,
)
from tabletop.loyang.state import (
    CARD,
    CourtyardFlip,
    CourtyardPending,
    GridDraw,
    HandDeal,
    LoyangState,
    OfferPending,
    SquirePending,
)


def begin_card_phase(state: LoyangState) -> LoyangState:
    """Shuffle the discards into the draw pile (only now) and deal 4 cards each; when the deck
    runs short, the remaining cards are dealt evenly. The solo game deals nothing (grid)."""
    if state.solo:
        return evolve(state, phase=CARD, done=(False,))
    deck = state.deck.shuffle_in(state.discard)
    per = min(state.components.hand, (len(deck) + len(state.deck_top)) // state.n)  # the deck's cards
    order = order_from(state.start, state.n)
    # Each card dealt is a random event; the start player's come first (last on the stack).
    deals: tuple[HandDeal, ...] = ()
    for seat in reversed(order):
        deals += (HandDeal(seat),) * per
    return evolve(
        state, stack=state.stack + deals, deck=deck, discard=(), phase=CARD, courtyard=(), active=order, taken=()
    )


def deal_card(state: LoyangState, pending: HandDeal, move: moves.Reveal) -> LoyangState:
    """The card dealt goes to the player's hand."""
    seats = state.seats
    player = seats[pending.to]
    player = evolve(player, hand=player.hand + (move.card,))
    return draw_from_deck(state, move.card, seats=seats[: pending.to] + (player,) + seats[pending.to + 1 :])


def deal_cards(state: LoyangState, pending: HandDeal, rng: Rng) -> tuple[LoyangState, Rng]:
    """The sampled mode's shortcut for the whole deal (see ``ChanceDecision.run``): every card
    dealt on top of the stack, each drawn as :func:`~.play_area.deck_sample` draws it and given
    as :func:`deal_card` gives it, in one copy of the state (nothing is settled between two
    cards of a deal)."""
    stack, deck, deck_top = state.stack, state.deck, state.deck_top
    hands = [player.hand for player in state.seats]
    while stack and type(stack[-1]) is HandDeal:
        if deck_top:
            card, deck_top = deck_top[0], deck_top[1:]
        else:
            card, rng = deck.sample_draw(rng)
            deck = deck.take(card)
        hands[stack[-1].to] += (card,)
        stack = stack[:-1]
    seats = tuple(
        player if hand is player.hand else evolve(player, hand=hand)
        for player, hand in zip(state.seats, hands, strict=True)
    )
    return evolve(state, stack=stack, deck=deck, deck_top=deck_top, seats=seats), rng


def flip_card(state: LoyangState, pending: CourtyardFlip, move: moves.Reveal) -> LoyangState:
    """2 players: the card turned up goes into the courtyard."""
    return draw_from_deck(state, move.card, courtyard=state.courtyard + (move.card,))


def courtyard_moves(state: LoyangState, pending: CourtyardPending) -> tuple[Any, ...]:
    player = state.seats[pending.seat]
    out: list[Any] = []
    if state.n == 2 and not pending.flipped and deck_size(state):
        out.append(moves.FLIP)
    # The last player left must take; a player's last card never goes to the courtyard.
    if len(state.active) > 1 and len(player.hand) >= 2:
        out.extend(map(PLACE.__getitem__, player.hand))
    if state.courtyard:
        plays = player.hand + ((player.intro,) if player.intro >= 0 else ())
        out.extend(take_moves(state.courtyard, plays))
        squire_card = squire(state, pending.seat)
        if squire_card >= 0:
            out.extend(shared(moves.UseSquire, squire_card, h) for h in plays)
    if not out:
        # Only after a short deal: no courtyard card to take and no card that may be placed.
        out.extend(PLAY_ALONE[c] for c in player.hand)
    return tuple(out)


def play_two_cards(state: LoyangState, seat: int, hand_card: int, court_cards: tuple[int, ...]) -> LoyangState:
    """Play the hand card and the courtyard card(s); the rest of the hand goes to the courtyard
    and the player drops out of the distribution round (the decision on top of the stack is
    answered). Common fields cost 2 Cash at once."""
    components = state.components
    player = state.seats[seat]
    rest = player.hand if hand_card == player.intro else without(player.hand, hand_card)
    intro = -1 if hand_card == player.intro else player.intro
    courtyard = tuple(c for c in state.courtyard if c not in court_cards) + rest
    active = state.active[1:]
    # The next player in the round is asked in the same copy (what step_phase would push).
    stack = state.stack[:-1] or ((CourtyardPending(active[0]),) if active else ())
    state = set_player(
        state, seat, evolve(player, hand=(), intro=intro), stack=stack,
        courtyard=courtyard, active=active, taken=state.taken + (seat,),
    )
    owed = 0
    for card in (*court_cards, hand_card):
        state = enter_play(state, seat, card, played_in_card_phase=True)
        if components.cards[card].kind == FIELD:
            owed += components.field_cost
    return charge(state, seat, owed)


def play_alone(state: LoyangState, seat: int, card: int) -> LoyangState:
    """A player who can neither place nor take (an empty courtyard, which happens only when the
    deck ran short) plays a hand card of their choice alone, puts the rest of the hand in the
    courtyard and drops out; ``card`` -1 (no hand card at all) only drops out. The rulebook
    does not cover this case."""
    player = state.seats[seat]
    rest = without(player.hand, card) if card >= 0 else player.hand
    state = set_player(
        state, seat, evolve(player, hand=()),
        active=state.active[1:], taken=state.taken + (seat,), courtyard=state.courtyard + rest,
    )
    if card < 0:
        return state
    state = enter_play(state, seat, card, played_in_card_phase=True)
    if state.components.cards[card].kind == FIELD:
        state = charge(state, seat, state.components.field_cost)
    return state


def apply_courtyard(state: LoyangState, pending: CourtyardPending, move: Any) -> LoyangState:
    seat = pending.seat
    player = state.seats[seat]
    if isinstance(move, moves.Flip):
        # 2 players: turn the top action card into the courtyard first.
        return push(replace_top(state, evolve(pending, flipped=True)), CourtyardFlip())
    if isinstance(move, moves.Place):
        active = state.active[1:] + state.active[:1]
        # The next player in the round is asked in the same copy (what step_phase would push).
        stack = state.stack[:-1] or (CourtyardPending(active[0]),)
        return set_player(
            state, seat, evolve(player, hand=without(player.hand, move.card)),
            stack=stack, courtyard=state.courtyard + (move.card,), active=active,
        )
    if isinstance(move, moves.UseSquire):
        return replace_top(state, SquirePending(seat, move.squire, move.hand))
    if isinstance(move, moves.PlayAlone):
        return play_alone(pop(state), seat, move.card)
    return play_two_cards(state, seat, move.hand, (move.court,))


def squire_moves(state: LoyangState, pending: SquirePending) -> tuple[Any, ...]:
    picks = tuple(PICK[c] for c in state.courtyard if c not in pending.picked)
    return picks + ((moves.DONE,) if pending.picked else ())


def apply_squire(state: LoyangState, pending: SquirePending, move: Any) -> LoyangState:
    """Squire: play the hand card and up to 3 courtyard cards (not stacked); the Squire is then
    discarded - a Foreman taken with it can take it straight back."""
    if isinstance(move, moves.Pick):
        pending = evolve(pending, picked=pending.picked + (move.card,))
        if len(pending.picked) < 3 and len(pending.picked) < len(state.courtyard):
            return replace_top(state, pending)
    state = play_two_cards(state, pending.seat, pending.hand_card, pending.picked)
    return leave_play(state, pending.seat, pending.squire)


def end_card_phase(state: LoyangState) -> LoyangState:
    """Leftover courtyard cards become the discard pile. The last player to take becomes start
    player, the second-to-last second player."""
    taken = state.taken
    start = taken[-1] if taken else state.start
    second = taken[-2] if len(taken) >= 2 else (start + 1) % state.n
    return begin_action_phase(
        evolve(state, discard=state.discard + state.courtyard, courtyard=(), start=start, second=second)
    )


def row_price(state: LoyangState, pos: int) -> int:
    return state.components.solo_rows[pos // state.components.solo_columns]


def offer_moves(state: LoyangState, pending: OfferPending) -> tuple[Any, ...]:
    player = state.seats[0]
    out: list[Any] = []
    if pending.bought < pending.limit:
        out.extend(
            shared(moves.OfferBuy, pos, card) for pos, card in enumerate(state.grid)
            if card >= 0 and player.cash >= row_price(state, pos)
        )
        # Introductory version: the start customer replaces one of the cards of the Card phase.
        if player.intro >= 0:
            out.append(PLAY_ALONE[player.intro])
        # Selling is allowed in the Card phase too (rule C): here it pays for the row prices.
        out.extend(sale_moves(state.components, player))
    squire_card = squire(state, 0)
    if squire_card >= 0 and pending.squire < 0 and pending.bought < pending.limit:
        out.append(shared(moves.UseHelper, squire_card, "offer"))
    out.append(moves.LOAN)
    out.append(moves.DONE)
    return tuple(out)


def apply_offer(state: LoyangState, pending: OfferPending, move: Any) -> LoyangState:
    """Solo Card phase: buy up to 2 cards (row 1 free, row 2 1 Cash, rows 3-4 2 Cash each).
    In the introductory version the held start customer may be played free as one of them: in
    the multi-player game it replaces the hand card, and the solo game has no hand."""
    if isinstance(move, moves.Loan):
        return take_loan(state, 0)
    if isinstance(move, moves.Sell):
        return sell_to_shop(state, 0, move.veg)
    if isinstance(move, moves.UseHelper):
        return replace_top(state, evolve(pending, limit=4, squire=move.card))
    if isinstance(move, moves.PlayAlone):
        state = replace_top(state, evolve(pending, bought=pending.bought + 1))
        state = set_player(state, 0, evolve(state.seats[0], intro=-1))
        return enter_play(state, 0, move.card, played_in_card_phase=True)
    if isinstance(move, moves.OfferBuy):
        grid = state.grid[: move.pos] + (-1,) + state.grid[move.pos + 1 :]
        state = replace_top(state, evolve(pending, bought=pending.bought + 1))
        state = pay(state, 0, row_price(state, move.pos), grid=grid)
        state = enter_play(state, 0, move.card, played_in_card_phase=True)
        if state.components.cards[move.card].kind == FIELD:
            state = charge(state, 0, state.components.field_cost)
        return state
    state = refill_grid(pop(state))
    state = begin_action_phase(state)
    if pending.squire >= 0:
        state = leave_play(state, 0, pending.squire)
    return state


def refill_grid(state: LoyangState) -> LoyangState:
    """The rest of row 2 is discarded; cards slide up their column; the gaps at the bottom are
    filled from the deck, one random event each (as far as it goes: the solo deck is reshuffled
    only once)."""
    cols = state.components.solo_columns
    rows = len(state.components.solo_rows)
    grid = list(state.grid)
    discard = state.discard + tuple(c for c in grid[cols : 2 * cols] if c >= 0)
    grid[cols : 2 * cols] = [-1] * cols
    for col in range(cols):
        column = [grid[r * cols + col] for r in range(rows) if grid[r * cols + col] >= 0]
        column += [-1] * (rows - len(column))
        for r in range(rows):
            grid[r * cols + col] = column[r]
    state = evolve(state, grid=tuple(grid), discard=discard)
    gaps = [pos for pos, card in enumerate(grid) if card < 0][: deck_size(state)]
    for pos in reversed(gaps):
        state = push(state, GridDraw(pos))
    return state
