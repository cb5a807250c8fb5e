"""A square grid filled row by row from the left, with bonuses for rows and columns.

Some boards hold a grid whose rows fill from the left (a token always goes to the leftmost
free space of a row) and score each row and each column by what it holds. Such a grid is a
tuple of rows, each the tuple of what was placed in it from the left; a row is complete when it
holds ``width`` things. The functions here read it.

>>> rows = (("red", "red"), ("red",))
>>> columns(rows, 2)
(('red', 'red'), ('red',))
>>> complete_rows(rows, 2)
(0,)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)


def columns(rows: Sequence[Sequence[T]], width: int) -> tuple[tuple[T, ...], ...]:
    """The grid's columns, each from the top row down (a column lists only what is placed)."""
    return tuple(tuple(row[c] for row in rows if len(row) > c) for c in range(width))


def complete_rows(rows: Sequence[Sequence[T]], width: int) -> tuple[int, ...]:
    """The positions of the rows holding ``width`` things."""
    return tuple(r for r, row in enumerate(rows) if len(row) >= width)


def complete_columns(rows: Sequence[Sequence[T]], width: int) -> tuple[int, ...]:
    """The positions of the columns holding one thing in every row."""
    return tuple(c for c, column in enumerate(columns(rows, width)) if len(column) == len(rows))


def uniform(line: Sequence[T]) -> bool:
    """Whether every thing of ``line`` is the same (an empty line is)."""
    return len(set(line)) <= 1


def all_different(line: Sequence[T]) -> bool:
    """Whether no two things of ``line`` are the same."""
    return len(set(line)) == len(line)


def free_rows(rows: Sequence[Sequence[T]], width: int) -> tuple[int, ...]:
    """The positions of the rows with a free space (where the next thing would go leftmost)."""
    return tuple(r for r, row in enumerate(rows) if len(row) < width)
