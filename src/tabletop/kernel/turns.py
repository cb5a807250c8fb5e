"""Seat order: who plays next, turn orders from a start player, custom orders and partners.

Seats are 0-based integers; "clockwise" is increasing seat number, wrapping around.
"""

from __future__ import annotations

from collections.abc import Iterable


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise) of ``seat``."""
    return (seat + 1) % players


def previous_seat(seat: int, players: int) -> int:
    """The seat to the right (anticlockwise) of ``seat``."""
    return (seat - 1) % players


def order_from(start: int, players: int) -> tuple[int, ...]:
    """All seats clockwise, beginning with ``start``."""
    return tuple((start + i) % players for i in range(players))


def following(order: tuple[int, ...], seat: int) -> int | None:
    """The seat after ``seat`` in a custom ``order``, or ``None`` if ``seat`` is last."""
    i = order.index(seat)
    return order[i + 1] if i + 1 < len(order) else None


def seats_except(players: int, excluded: Iterable[int]) -> tuple[int, ...]:
    """All seats but the excluded ones, in seat order."""
    gone = set(excluded)
    return tuple(s for s in range(players) if s not in gone)


def partner_pairs(start: int, partner: int, players: int) -> tuple[tuple[int, int], ...]:
    """Two teams of two in a 4-player game: the start player with the chosen partner, the others together."""
    if players != 4:
        raise ValueError("partners are chosen in 4-player games only")
    if start == partner:
        raise ValueError("a player cannot be their own partner")
    rest = tuple(s for s in range(players) if s not in (start, partner))
    return ((start, partner), (rest[0], rest[1]))
