"""The shape of a turn: which actions are still open, the action phase, and declared actions.

Two different actions a turn; the Wind allows the same one twice, the Sun a third different
one; with the ``declare_actions`` variant, the actions are declared before the first is taken.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

from tabletop.kernel.engine import evolve
from tabletop.kernel.pile import Pile
from tabletop.takenoko.moves import DeclareActions
from tabletop.takenoko.state import ACTIONS, HAND_LIMIT, NO_BACKS, ChooseAction, Declare, Pending, State, Turn


def ask(state: State, pending: Pending, /, **changes: Any) -> State:
    """``state`` with ``changes``, asking ``pending`` next.

    Its parameters (as those of the other rules taking ``**changes``) are positional-only:
    CPython then gathers each keyword into ``changes`` without comparing it to their names
    (the hottest calls pass three or four)."""
    return evolve(state, stack=(pending,), **changes)


def took(state: State, action: str) -> Turn:
    """The turn with ``action`` taken (the turns after each action are made once, and kept on
    the turn: a turn is an immutable value shared by the positions of its phase, and by every
    game that reaches it through :func:`_turn_after`)."""
    turn = state.turn
    after = turn.after
    if after is None:
        after = tuple(_turn_after(turn.weather, turn.actions, turn.declared, a) for a in ACTIONS)
        # Straight into the dictionary, as open_action_bits keeps what the turn allows.
        turn.__dict__["after"] = after
    return after[ACTION_INDEX[action]]


@functools.cache
def _turn_after(weather: str, done: tuple[str, ...], declared: tuple[str, ...] | None, action: str) -> Turn:
    """A turn that took ``done`` then ``action`` (made once for each: turns are immutable values)."""
    return Turn(weather, done + (action,), declared)


#: How a rule makes the next position from a state and changes: :func:`~tabletop.kernel.engine.evolve`
#: (a copy), or :func:`~tabletop.kernel.engine.rewritten` where the state is provably held by nobody else.
Make = Callable[..., State]


#: The position of each action in :data:`ACTIONS`.
ACTION_INDEX = {action: i for i, action in enumerate(ACTIONS)}

#: The action phase's stack for each seat, made once (pending decisions are immutable values).
CHOOSING = tuple((ChooseAction(seat),) for seat in range(4))


def action_phase(state: State, make: Make = evolve, /, **changes: Any) -> State:
    """Enter (or return to) the action phase, with ``changes`` made to the state (by ``make``)."""
    seat: int = changes.get("current", state.current)
    if state.options.declare_actions:
        turn: Turn = changes.get("turn", state.turn)
        if turn.declared is None:
            declaring = ask(state, Declare(seat), **changes)
            moves = declare_moves(declaring)
            if len(moves) == 1:
                return ask(declaring, ChooseAction(seat), turn=evolve(turn, declared=moves[0].actions))
            return declaring
    return make(state, stack=CHOOSING[seat], **changes)


#: The bit of each action in :func:`open_action_bits` (one per action, in :data:`ACTIONS` order).
ACTION_BIT = {action: 1 << i for i, action in enumerate(ACTIONS)}


def open_actions(state: State) -> tuple[str, ...]:
    """The actions the current player may still take this turn, in :data:`ACTIONS` order."""
    return _BY_BITS[open_action_bits(state)]


def open_action_bits(state: State) -> int:
    """:func:`open_actions` as bits (:data:`ACTION_BIT`): the action phase's listing tests
    them without comparing names.

    What the turn allows is kept on the turn (:attr:`~tabletop.takenoko.state.Turn.allowed`);
    the components are looked at only while the turn allows an action: not at the listing
    after the last one, which may end the turn."""
    turn = state.turn
    allowed = turn.allowed
    if allowed is None:
        allowed = _allowed(turn.weather, turn.actions, turn.declared)
        # Straight into the dictionary, as the engine keeps a state's moves: the turn is frozen.
        turn.__dict__["allowed"] = allowed
    if not allowed:
        return 0
    return allowed & ~_ruled_out(state)


@functools.cache
def _allowed(weather: str, done: tuple[str, ...], declared: tuple[str, ...] | None) -> int:
    """:func:`allowed_actions`, one bit each in :data:`ACTIONS` order (worked out once for
    each turn: there are few)."""
    allowed = allowed_actions(weather, done, declared)
    return sum(1 << i for i, action in enumerate(ACTIONS) if action in allowed)


#: The actions of each set of bits (one per action, in :data:`ACTIONS` order), in that order.
_BY_BITS = tuple(tuple(a for i, a in enumerate(ACTIONS) if bits >> i & 1) for bits in range(1 << len(ACTIONS)))


def allowed_actions(weather: str, done: tuple[str, ...], declared: tuple[str, ...] | None) -> tuple[str, ...]:
    """The actions a turn still allows, by its weather, the actions taken and those declared,
    in :data:`ACTIONS` order (the order the action phase lists their moves in)."""
    if declared is not None:
        remaining = list(declared)
        for action in done:
            remaining.remove(action)
        return tuple(a for a in ACTIONS if a in remaining)
    if len(done) >= Turn(weather).allowance:
        return ()
    if weather == "wind" or not done:
        return ACTIONS
    return tuple(a for a in ACTIONS if a not in done)


def _ruled_out(state: State) -> int:
    """The actions the components rule out now (often none), one bit each in :data:`ACTIONS`
    order: no tile to draw, no channel to take, no plot for a figure to go to, a full hand or
    no objective card left."""
    out = 0
    pile = state.tile_pile
    if not (pile.unseen or pile.bottom or pile.hidden):
        out |= 1
    if state.reserve_channels <= 0:
        out |= 2
    # The garden is connected to the pond, so a figure can move as soon as one plot is placed.
    if not state.garden.plots:
        out |= 4 | 8
    board = state.boards[state.current]
    held = len(board.hand)
    # Cards seen from the back are only a view's: a full hand of known cards, or a hand without
    # them (the usual cases), needs no more counting.
    if held < HAND_LIMIT and board.backs is not NO_BACKS:
        held += sum(board.backs)
    decks = state.decks
    if held >= HAND_LIMIT or not (holds(decks[0]) or holds(decks[1]) or holds(decks[2])):
        out |= 16
    return out


def holds(pile: Pile[str]) -> bool:
    """Whether ``pile`` holds a card (as ``bool(pile)``, without its two calls)."""
    return bool(pile.unseen or pile.bottom or pile.hidden)


def action_possible(state: State, action: str) -> bool:
    """Whether the components allow ``action`` now (a tile to draw, a channel to take...)."""
    return not _ruled_out(state) >> ACTIONS.index(action) & 1


def declare_moves(state: State) -> tuple[DeclareActions, ...]:
    """Variant ``declare_actions``: every set of actions the turn may declare."""
    possible = [a for a in ACTIONS if action_possible(state, a)]
    weather = state.turn.weather
    if weather == "wind":
        combos: list[tuple[str, ...]] = list(itertools.combinations_with_replacement(possible, 2))
    elif weather == "sun":
        combos = list(itertools.combinations(possible, 3)) + list(itertools.combinations(possible, 2))
    else:
        combos = list(itertools.combinations(possible, 2))
    if not combos:
        combos = [tuple(possible)]
    return tuple(DeclareActions(combo) for combo in combos)


def declare_actions(state: State, move: DeclareActions) -> State:
    """Variant: the action tokens are placed before any action is resolved."""
    return ask(state, ChooseAction(state.current), turn=evolve(state.turn, declared=move.actions))
