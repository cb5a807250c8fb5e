"""Moves made once and shared by every listing of moves.

A game lists the same moves at decision after decision ("move the panda to (1, -1)", "sow
field 3 with cabbage"). Moves are immutable values, so one instance of each serves every
listing: a listing then builds almost no objects, and the engine's legality check finds the
chosen move by identity at once. Two ways to reach the shared instance:

* :class:`Shared`: the moves of one kind that differ by their first field only, looked up
  with ``[value]`` (a dictionary lookup; ``map(shared.__getitem__, cells)`` lists many);
* :func:`shared`: any move, found by its class and all its arguments.

Both look a move up by the values that build it: building a new move and hashing it to look
it up would cost several times more, on every listing. The tables belong to the module that
makes them, never to a state or a view.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Generic, Protocol, TypeVar, cast

M = TypeVar("M")


class Shared(dict[Any, M], Generic[M]):
    """The move of one kind for each value of its first field, made the first time it is
    asked for: ``Shared(StormTo)[cell]``. The other fields, when there are any, are given
    once: ``Shared(PlaceImprovement, "fertilizer")[cell]``."""

    def __init__(self, kind: Callable[..., M], *rest: Any) -> None:
        super().__init__()
        self.kind = kind
        self.rest = rest

    def __missing__(self, value: Any) -> M:
        move = self[value] = self.kind(value, *self.rest)
        return move


class _Maker(Protocol):
    def __call__(self, kind: Callable[..., M], /, *args: Any) -> M: ...


def _make(kind: Callable[..., M], /, *args: Any) -> M:
    """The move ``kind(*args)``: one instance, made the first time it is asked for and found
    by its class and arguments afterwards."""
    return kind(*args)


#: :func:`_make` remembered: a lookup found by the class and arguments is answered by
#: ``functools.cache`` without a Python call (listings look moves up again and again).
shared = cast(_Maker, cache(_make))
