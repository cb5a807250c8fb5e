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



def stack(state: State, *codes: str) -> State:
    """``state`` with the given plot tiles moved to the top of the pile, in that order."""
    import attrs

    rest = list(state.tile_pile)
    for code in codes:
        rest.remove(code)
    return attrs.evolve(state, tile_pile=codes + tuple(rest))


def force(state: State, text: str) -> State:
    """Apply one move by notation without checking invariants (for deliberately odd positions)."""
    return state.apply(GAME.parse_move(state, text))


def placing(state: State, code: str) -> State:
    """``state`` where the player has drawn and kept the plot ``code`` and must now place it."""
    import attrs

    from tabletop.takenoko.state import PlacePlot

    rest = list(state.tile_pile)
    rest.remove(code)
    turn = attrs.evolve(state.turn, actions=("plot",))
    return attrs.evolve(state, tile_pile=tuple(rest), stack=(PlacePlot(state.current, code),), turn=turn)
