"""Helpers for Keyflower tests: legal moves by notation, and playing moves by notation.

A turn is a chain of small decisions (``bid keywood``, ``colour red``, ``from alehouse``,
``workers 3``, ``pay saw``). Tests name a whole placement at once, in one line:
``bid keywood 3 red from alehouse`` or ``use tavern 1 red paying blue`` (``from`` lists the lots
whose outbid groups move; ``paying`` is what an exchange takes). At a turn, :func:`legal` lists
the placements so written (and ``pass``); :func:`play` answers the chain that makes one.
"""

from tabletop.keyflower_farmers.moves import Bid, Colour, Count, From, Pay, Use
from tabletop.keyflower_farmers.rules.turns import placements_at
from tabletop.keyflower_farmers.state import Placement, PlaceWorkers, Turn
from tabletop.kernel.api import IllegalMove


def placement_text(head: str, tile: str, placement: Placement) -> str:
    """A placement in the one-line notation of the tests."""
    text = f"{head} {tile} {placement.number} {placement.colour}"
    if placement.moved:
        text += f" from {','.join(placement.moved)}"
    if placement.paying:
        text += f" paying {placement.paying}"
    return text


def placements(state) -> dict[str, tuple[str, Placement]]:
    """At a turn: each legal placement in the one-line notation, with its location move's
    notation and the placement."""
    out = {}
    seat = state.pending.seat
    for move in state.legal_moves():
        if isinstance(move, Bid | Use):
            for placement in placements_at(state, seat, move.tile, isinstance(move, Bid)):
                out[placement_text(str(move).split()[0], move.tile, placement)] = (str(move), placement)
    return out


def legal(state):
    """The legal moves in notation; at a turn, the placements in the one-line notation."""
    if isinstance(state.pending, Turn):
        return {"pass", *placements(state)}
    return {str(move) for move in state.legal_moves()}


def _answer(state, placement):
    """The move answering the current part of a placement in progress."""
    settled = len(state.pending.moved)

    def agrees(move):
        if isinstance(move, Colour):
            return move.colour == placement.colour
        if isinstance(move, From):
            return placement.moved[settled:settled + 1] == (move.lot,)
        if isinstance(move, Count):
            return len(placement.moved) == settled and move.count == placement.number
        return isinstance(move, Pay) and move.item == placement.paying

    (answer,) = [move for move in state.legal_moves() if agrees(move)]
    return answer


def play(state, *texts):
    """``state`` after the moves written ``texts``, each checked to be legal (a placement in
    the one-line notation is played as its chain of decisions)."""
    for text in texts:
        move = next((m for m in state.legal_moves() if str(m) == text), None)
        if move is not None:
            state = state.apply(move)
            continue
        found = placements(state).get(text) if isinstance(state.pending, Turn) else None
        if found is None:
            raise IllegalMove(f"{text!r} is not legal; legal: {sorted(legal(state))[:20]}")
        location, placement = found
        state = play(state, location)
        while isinstance(state.pending, PlaceWorkers):
            state = state.apply(_answer(state, placement))
    return state
