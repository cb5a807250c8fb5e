"""Helpers for the Takenoko tests: play moves by notation, list legal moves as text."""

from __future__ import annotations

from tabletop.takenoko import GAME, State, invariants


def play(state: State, *moves: str) -> State:
    """Apply moves written in notation, checking the invariants after each."""
    for text in moves:
        state = state.apply(GAME.parse_move(state, text))
        assert invariants(state) == []
    return state


def legal(state: State) -> set[str]:
    """The legal moves as notation."""
    return {str(m) for m in state.legal_moves()}


def starting(state: State, prefix: str) -> set[str]:
    """The legal moves whose notation starts with ``prefix``."""
    return {m for m in legal(state) if m.startswith(prefix)}



def force(state: State, text: str) -> State:
    """Apply one move by notation without checking invariants (for deliberately odd positions)."""
    return state.apply(GAME.parse_move(state, text))
