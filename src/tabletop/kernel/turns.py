"""Seat order: who plays next, turn orders from a start player, and custom orders.

Seats are 0-based integers; "clockwise" is increasing seat number, wrapping around.
"""

from __future__ import annotations


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise) of ``seat``."""
    return (seat + 1) % players


def order_from(start: int, players: int) -> tuple[int, ...]:
    """All seats clockwise, beginning with ``start``; ``ValueError`` if ``start`` is not one
    of the ``players`` seats."""
    if not 0 <= start < players:
        raise ValueError(f"seat {start} is not one of {players} seats")
    # Two ranges joined rather than a remainder per seat: every end of season asks it.
    return (*range(start, players), *range(start))


def following(order: tuple[int, ...], seat: int) -> int | None:
    """The seat after ``seat`` in a custom ``order``, or ``None`` if ``seat`` is last."""
    i = order.index(seat)
    return order[i + 1] if i + 1 < len(order) else None


