"""Helpers for Keyflower tests: legal moves by notation, and playing moves by notation."""

from tabletop.kernel.api import IllegalMove


def legal(state):
    return {str(move) for move in state.legal_moves()}


def play(state, *texts):
    """``state`` after the moves written ``texts``, each checked to be legal."""
    for text in texts:
        for move in state.legal_moves():
            if str(move) == text:
                state = state.apply(move)
                break
        else:
            raise IllegalMove(f"{text!r} is not legal; legal: {sorted(legal(state))[:20]}")
    return state
