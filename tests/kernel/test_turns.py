"""Seat order helpers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.turns import (
    following,
    next_seat,
    order_from,
)

tables = st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1)))


def test_clockwise_wraps_around() -> None:
    assert next_seat(3, 4) == 0
    assert order_from(2, 4) == (2, 3, 0, 1)


@given(table=tables)
def test_order_from_visits_every_seat_once_starting_with_start(table: tuple[int, int]) -> None:
    players, start = table
    order = order_from(start, players)
    assert order[0] == start and sorted(order) == list(range(players))
    assert all(next_seat(a, players) == b for a, b in zip(order, order[1:]))


def test_order_from_refuses_a_seat_not_at_the_table() -> None:
    for start in (-1, 4):
        with pytest.raises(ValueError, match="not one of 4 seats"):
            order_from(start, 4)


def test_following_in_a_custom_order() -> None:
    order = (2, 0, 3)
    assert following(order, 2) == 0 and following(order, 3) is None
    with pytest.raises(ValueError):
        following(order, 1)
