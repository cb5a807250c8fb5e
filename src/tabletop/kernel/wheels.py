"""Cyclic tracks and coupled wheels.

A cyclic track of ``size`` spaces is read from a running count of the steps taken since the
start: the space under the pointer is ``steps % size`` and the number of full laps completed is
``steps // size``. Coupled wheels (gears meshed together, as on a windmill board) all advance
by the same number of steps, so one running count positions them all: the wheels repeat their
combination every ``lcm`` of their sizes.

>>> spaces_under(7, (6, 5))
(1, 2)
>>> laps_completed(5, 2, 6)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from math import lcm


def spaces_under(steps: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """The space under each wheel's pointer after ``steps`` steps of coupled wheels of ``sizes``."""
    if steps < 0:
        raise ValueError(f"a wheel cannot have turned {steps} steps")
    return tuple(steps % size for size in sizes)


def laps_completed(before: int, steps: int, size: int) -> int:
    """How many times a wheel of ``size`` spaces, having turned ``before`` steps, reaches or
    passes its starting position while turning ``steps`` more."""
    if before < 0 or steps < 0 or size < 1:
        raise ValueError(f"cannot turn a wheel of {size} spaces {steps} steps from {before}")
    return (before + steps) // size - before // size


def period(sizes: Sequence[int]) -> int:
    """After how many steps coupled wheels of ``sizes`` show the same combination again."""
    return lcm(*sizes)
