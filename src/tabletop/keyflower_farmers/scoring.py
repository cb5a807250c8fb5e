"""Scores and winners.

Keyflower awards every point at the end of winter (base rulebook, Game end scoring; The Farmers'
scoring procedure): the rulebook keeps no running score, so before the game ends every seat has
0 points, and nobody has won.
"""

from __future__ import annotations

from tabletop.keyflower_farmers.state import KeyflowerState


def scores(state: KeyflowerState) -> tuple[int, ...]:
    """Each seat's points: 0 for everyone until the end of winter."""
    return (0,) * state.players


def winners(state: KeyflowerState) -> tuple[int, ...]:
    """The seats sharing first place once the game is over; ``()`` before."""
    if state.stack:
        return ()
    final = scores(state)
    return tuple(seat for seat, points in enumerate(final) if points == max(final))
