"""Kernel shared moves: one instance per move, found by the values that build it."""

from __future__ import annotations

import attrs

from tabletop.kernel.shared import Shared, shared


@attrs.frozen
class Go:
    to: tuple[int, int]
    how: str = "walk"


@attrs.frozen
class Stay:
    to: tuple[int, int]
    how: str = "walk"


def test_shared_by_first_field_makes_each_move_once() -> None:
    table: Shared[Go] = Shared(Go)
    first = table[(1, 0)]
    assert first == Go((1, 0))
    assert table[(1, 0)] is first
    assert table[(0, 1)] is not first


def test_shared_by_first_field_gives_the_other_fields_once() -> None:
    running: Shared[Go] = Shared(Go, "run")
    assert running[(2, 2)] == Go((2, 2), "run")
    assert running[(2, 2)] is running[(2, 2)]


def test_shared_by_class_and_arguments() -> None:
    move = shared(Go, (1, 1), "run")
    assert move == Go((1, 1), "run")
    assert shared(Go, (1, 1), "run") is move
    assert shared(Go, (1, 1)) is not move


def test_shared_moves_of_two_classes_with_the_same_arguments_stay_apart() -> None:
    assert type(shared(Go, (3, 3))) is Go
    assert type(shared(Stay, (3, 3))) is Stay
