"""Chance nodes met by agents: outcomes drawn with their probabilities from the kernel's
random source.

In a game started with ``chance="explicit"`` a random event is a decision of the chance seat
(``state.to_move == CHANCE``). :func:`tabletop.play.play_game` decides those for the players;
an agent that looks ahead meets them in its search and decides them here, the same way.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import CHANCE
from tabletop.kernel.rng import Rng


def chance_outcome(state: Any, rng: Rng) -> tuple[Any, Rng]:
    """An outcome of the chance node ``state``, drawn with its probability, and the next generator."""
    return rng.pick(state.chance_outcomes())


def past_chance(state: Any, rng: Rng) -> tuple[Any, Rng]:
    """``state`` after drawing the outcomes of its chance nodes until a player is to move (or
    the game is over), and the next generator."""
    while state.to_move == CHANCE:
        outcome, rng = chance_outcome(state, rng)
        state = state.apply(outcome)
    return state, rng


def seat_choosing(state: Any) -> int:
    """The seat a look-ahead agent chooses for at ``state``: refused when the game is over or
    a chance outcome, not a player, decides."""
    seat: int | None = state.to_move
    if seat is None:
        raise ValueError("the game is over: there is no move to choose")
    if seat == CHANCE:
        raise ValueError("this is a chance node: its outcome is drawn, not chosen by a player")
    return seat
