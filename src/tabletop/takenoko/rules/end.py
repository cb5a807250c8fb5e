"""The end of a turn and of the game, and the forced steps between decisions.

Completing the 9th/8th/7th objective (2/3/4 players) brings the Emperor: every other player
then plays one last turn and the game ends. The round cap (option ``max_rounds``) stops a game
nobody finishes.
"""

from __future__ import annotations

from tabletop.kernel.engine import evolve, legal_moves, rewritten
from tabletop.kernel.turns import next_seat
from tabletop.takenoko.moves import EndTurn
from tabletop.takenoko.rules.actions import END_TURN
from tabletop.takenoko.rules.turn import Make
from tabletop.takenoko.rules.weather import SKIP, begin_turn, skip_weather
from tabletop.takenoko.state import CHANCE_EVENTS, State


def end_turn(state: State, move: EndTurn) -> State:
    """End the turn. After the Emperor's visit is triggered every other player plays once more.

    The round cap (``max_rounds``) only stops a game nobody has finished: once the end is
    triggered, the other players' final turns are played even past the cap.
    """
    return turn_ended(state, evolve)


def turn_ended(state: State, make: Make) -> State:
    """:func:`end_turn`, the next position made of ``state`` by ``make``."""
    following = next_seat(state.current, state.players)
    limit = state.options.max_rounds
    stalled = state.emperor is None and limit and state.turn_number >= limit * state.players
    if following == state.emperor or stalled:
        return make(state, stack=())
    return begin_turn(state, following, make)


def settle(state: State) -> State:
    """Resolve at once what leaves nothing to decide: a turn whose only move left is to end it,
    a weather effect that can only be declined."""
    while True:
        stack = state.stack
        if not stack or type(stack[-1]) in CHANCE_EVENTS:
            return state
        moves = legal_moves(state)
        if len(moves) != 1:
            return state
        if moves[0] is END_TURN:
            # The next turn is written into ``state`` itself (see rewritten): nobody else holds
            # it. Settling gets a position just made (by the setup, a chance event's resolution,
            # a move's, or this loop), or, when a move's resolution changed nothing, the
            # position the move was played on; but that one offered the move and so more than
            # ending the turn (ending it makes a new position), and it offers the same again:
            # it never comes here.
            state = turn_ended(state, rewritten)
        elif moves[0] is SKIP:
            state = skip_weather(state, SKIP)
        else:
            return state
