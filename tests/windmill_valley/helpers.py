"""Positions and shortcuts shared by the Windmill Valley tests."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve
from tabletop.windmill_valley import GAME, position
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.state import AdjustFloodgate, State


def asking(state: State, *pending: Any) -> State:
    """``state`` with ``pending`` asked next (the last given on top), settled as after a move."""
    return RULES.start(evolve(state, stack=state.stack + tuple(pending)))


def play(state: State, *moves: str) -> State:
    """Apply moves given in notation."""
    return GAME.play_out(state, list(moves))


def notations(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def band_level(band: str) -> int:
    """A water level in ``band`` (the band limits are provisional data)."""
    return BOX.water_bands.index(band)


def first_position(players: int = 2, **kwargs: Any) -> State:
    return position(players, **kwargs)


def finish_turn(state: State) -> State:
    """Play the seat's turn to its end with the first offers (stopping at the next seat's
    floodgate)."""
    seat = state.to_move
    while state.to_move == seat and not state.is_over:
        state = state.apply(state.legal_moves()[0])
        if isinstance(state.pending, AdjustFloodgate) and state.to_move != seat:
            break
    return state
