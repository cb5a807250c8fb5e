"""Seat order helpers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.turns import (
    following,
    next_seat,
    order_from,
    partner_pairs,
    previous_seat,
    seats_except,
)

tables = st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1)))


def test_clockwise_wraps_around() -> None:
    assert next_seat(3, 4) == 0 and previous_seat(0, 4) == 3
    assert order_from(2, 4) == (2, 3, 0, 1)


@given(table=tables)
def test_next_and_previous_are_inverse(table: tuple[int, int]) -> None:
    players, seat = table
    assert previous_seat(next_seat(seat, players), players) == seat


@given(table=tables)
def test_order_from_visits_every_seat_once_starting_with_start(table: tuple[int, int]) -> None:
    players, start = table
    order = order_from(start, players)
    assert order[0] == start and sorted(order) == list(range(players))
    assert all(next_seat(a, players) == b for a, b in zip(order, order[1:]))


def test_following_in_a_custom_order() -> None:
    order = (2, 0, 3)
    assert following(order, 2) == 0 and following(order, 3) is None
    with pytest.raises(ValueError):
        following(order, 1)


def test_seats_except() -> None:
    assert seats_except(5, [1, 3]) == (0, 2, 4)
    assert seats_except(3, []) == (0, 1, 2)


def test_partners() -> None:
    assert partner_pairs(1, 3, 4) == ((1, 3), (0, 2))
    with pytest.raises(ValueError, match="4-player"):
        partner_pairs(0, 1, 3)
    with pytest.raises(ValueError, match="own partner"):
        partner_pairs(2, 2, 4)
