"""The preparation: one objective of each type dealt to every player, then the start player
drawn (the rulebook's tallest player; at random here). Both are chance's decisions."""

from __future__ import annotations

from tabletop.kernel.engine import CHANCE
from tabletop.kernel.rng import Rng
from tabletop.takenoko.moves import DrawCard, FirstSeat
from tabletop.takenoko.rules.chance import card_outcomes, card_sample
from tabletop.takenoko.rules.garden import with_board
from tabletop.takenoko.rules.turn import action_phase, ask
from tabletop.takenoko.state import DealObjective, DrawStartPlayer, State
from tabletop.kernel.engine import evolve

_SEATS = tuple(FirstSeat(seat) for seat in range(4))


def first_deal() -> DealObjective:
    """The first random event of a game."""
    return DealObjective(CHANCE, 0, 0)


def deal_outcomes(state: State, pending: DealObjective) -> tuple[tuple[DrawCard, int], ...]:
    return card_outcomes(state.decks[pending.deck])


def deal(state: State, pending: DealObjective, move: DrawCard) -> State:
    """Deal the card drawn; seat by seat, the plot deck first, then gardener, then panda."""
    decks = list(state.decks)
    decks[pending.deck] = decks[pending.deck].take(move.card)
    board = state.boards[pending.to]
    boards = with_board(state, pending.to, evolve(board, hand=board.hand + (move.card,)))
    following: DealObjective | DrawStartPlayer
    if pending.to + 1 < state.players:
        following = DealObjective(CHANCE, pending.to + 1, pending.deck)
    elif pending.deck + 1 < len(decks):
        following = DealObjective(CHANCE, 0, pending.deck + 1)
    else:
        following = DrawStartPlayer(CHANCE)
    return ask(state, following, decks=(decks[0], decks[1], decks[2]), boards=boards)


def deal_all(state: State, pending: DealObjective, rng: Rng) -> tuple[State, Rng]:
    """The sampled mode's shortcut for the deal (see ``ChanceDecision.run``): every card left to
    deal, each drawn as :func:`card_sample` draws it (the draw :func:`deal_outcomes` weighs)
    and dealt in :func:`deal`'s order, in one copy of the state rather than one per card
    (settling does nothing between two cards: a chance event is on top)."""
    decks = list(state.decks)
    hands = [board.hand for board in state.boards]
    to, deck = pending.to, pending.deck
    while deck < len(decks):
        card, rng = card_sample(decks[deck], rng)
        decks[deck] = decks[deck].take(card.card)
        hands[to] += (card.card,)
        to += 1
        if to == state.players:
            to, deck = 0, deck + 1
    boards = tuple(
        board if hand is board.hand else evolve(board, hand=hand)
        for board, hand in zip(state.boards, hands, strict=True)
    )
    return ask(state, DrawStartPlayer(CHANCE), decks=(decks[0], decks[1], decks[2]), boards=boards), rng


def start_outcomes(state: State, pending: DrawStartPlayer) -> tuple[tuple[FirstSeat, int], ...]:
    return tuple((_SEATS[seat], 1) for seat in range(state.players))


def start(state: State, pending: DrawStartPlayer, move: FirstSeat) -> State:
    """The start player takes the first turn (no weather in the first round)."""
    return action_phase(state, start_player=move.seat, current=move.seat)
