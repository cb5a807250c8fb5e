"""Free moves: what costs no action and may be done at any time of one's turn, the weather
included: place a stored channel, place a stored improvement, complete an objective.

Each leaves the decision being asked (an action, or the weather's) open.
"""

from __future__ import annotations

from tabletop.kernel.engine import evolve
from tabletop.kernel.hexgrid import Edge, Hex
from tabletop.takenoko.components import IMPROVEMENTS, PandaObjective
from tabletop.kernel.shared import Shared
from tabletop.takenoko.moves import CompleteObjective, Move, PlaceChannel, PlaceImprovement
from tabletop.takenoko.rules.garden import (
    CHANNEL_SPOTS,
    IMPROVEMENT_INDEX,
    Memo,
    improvable,
    irrigate,
    with_board,
)
from tabletop.takenoko.rules.objectives import completable
from tabletop.takenoko.state import NO_IMPROVEMENTS, OBJECTIVES_TO_END, Improvements, Layout, Plot, Spots, State

_CHANNEL_ON = Shared(PlaceChannel)
_COMPLETE = Shared(CompleteObjective)
_IMPROVE = {kind: Shared(PlaceImprovement, kind) for kind in IMPROVEMENTS}


def free_moves(state: State) -> tuple[Move, ...]:
    """The free moves open to the current player.

    They are listed at every decision of a turn: the moves placing channels are kept by
    layout and channels (see :class:`~tabletop.takenoko.rules.garden.Memo`), and the
    objectives are checked as cheaply as can be (:func:`completable`).
    """
    moves: tuple[Move, ...] = ()
    board = state.boards[state.current]
    if board.channels:
        moves = _CHANNEL_MOVES[state.garden.layout, state.channels, state.options.channel_on_pond_border]
    stock = board.improvements
    # Compared whole: each count read from a pool (a tuple subclass) is a generic subscript.
    if stock != NO_IMPROVEMENTS:
        moves += _IMPROVEMENT_MOVES[improvable(state), stock]
    ready = completable(state)
    if ready:
        moves += _COMPLETIONS[ready]
    return moves


def _channel_moves(key: tuple[Layout, frozenset[Edge], bool]) -> tuple[Move, ...]:
    return tuple(map(_CHANNEL_ON.__getitem__, CHANNEL_SPOTS[key]))


def _improvement_moves(key: tuple[Spots, Improvements]) -> tuple[Move, ...]:
    spots, stock = key
    moves: list[Move] = []
    for kind, count in zip(IMPROVEMENTS, stock, strict=True):
        if count:
            moves.extend(map(_IMPROVE[kind].__getitem__, spots.cells))
    return tuple(moves)


#: The moves completing objectives, by the cards (ids) that can be completed.
_COMPLETIONS: Memo[tuple[str, ...], tuple[Move, ...]] = Memo(lambda ready: tuple(map(_COMPLETE.__getitem__, ready)))
#: The moves placing a stored improvement, by (plots that may take one, stock).
_IMPROVEMENT_MOVES: Memo[tuple[Spots, Improvements], tuple[Move, ...]] = Memo(_improvement_moves)
#: The moves placing a channel, by the key of :data:`~tabletop.takenoko.rules.garden.CHANNEL_SPOTS`.
_CHANNEL_MOVES: Memo[tuple[Layout, frozenset[Edge], bool], tuple[Move, ...]] = Memo(_channel_moves)


def place_channel(state: State, move: PlaceChannel) -> State:
    """Place a stored channel; the plots on both sides are irrigated (first shoot if new)."""
    watered: dict[Hex, Plot] = {}
    reserve = state.reserve_bamboo
    for cell in move.edge:
        plot = state.garden.plots.get(cell)
        if plot is not None and not plot.irrigated:
            watered[cell], reserve = irrigate(state, plot, reserve)
    board = state.boards[state.current]
    return evolve(
        state,
        channels=state.channels | {move.edge},
        garden=state.garden.updated(watered) if watered else state.garden,
        reserve_bamboo=reserve,
        boards=with_board(state, state.current, evolve(board, channels=board.channels - 1)),
    )


def place_improvement(state: State, move: PlaceImprovement) -> State:
    """Place a stored improvement on a plot without one (and without bamboo); it stays for good."""
    i = IMPROVEMENT_INDEX[move.improvement]
    plot = evolve(state.garden[move.at], improvement=move.improvement, token=True)
    reserve = state.reserve_bamboo
    if move.improvement == "watershed":
        plot, reserve = irrigate(state, plot, reserve)
    board = state.boards[state.current]
    return evolve(
        state,
        garden=state.garden.with_plot(move.at, plot),
        reserve_bamboo=reserve,
        boards=with_board(state, state.current, evolve(board, improvements=board.improvements.take(i))),
    )


def complete_objective(state: State, move: CompleteObjective) -> State:
    """Complete an objective: the card goes face up; panda sections return to the reserve.

    Completing the 9th/8th/7th objective (2/3/4 players) triggers the last round and brings
    the Emperor.
    """
    seat = state.current
    board = state.boards[seat]
    hand = list(board.hand)
    hand.remove(move.card)
    card = state.components.cards[move.card]
    bamboo, reserve = board.bamboo, state.reserve_bamboo
    if isinstance(card, PandaObjective):
        bamboo = bamboo.minus(card.sections)
        if reserve is not None:
            reserve = reserve.plus(card.sections)
    board = evolve(board, hand=tuple(hand), completed=board.completed + (move.card,), bamboo=bamboo)
    emperor = state.emperor
    if emperor is None and len(board.completed) >= OBJECTIVES_TO_END[state.players]:
        emperor = seat
    return evolve(state, boards=with_board(state, seat, board), reserve_bamboo=reserve, emperor=emperor)
