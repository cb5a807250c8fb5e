"""A seeded, serializable random source that lives inside a state.

The generator is SplitMix64: its whole state is one 64-bit integer, so carrying it in an
immutable game state costs nothing and serializes as a number. Every draw returns the value and
the *next* generator; nothing is mutated.

A view of a state holds a *masked* generator: it refuses to draw, so a bot cannot peek at
future shuffles. Determinization uses a separate stream (:meth:`Rng.stream`) so sampling hidden
information never disturbs the game's own sequence.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from operator import mod
from typing import TypeVar

import attrs

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
MASKED = -1
_SPAN = 1 << 64
# The rejection limits of the small bounds, which nearly every game draw uses (a die, a
# position in a short pile): a look-up rather than a 64-bit remainder per draw.
_SMALL = 128
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(_SMALL))
#: The largest bound of the draws that :func:`outputs_for_small` serves.
SMALL_MOST = _SMALL


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def fresh_seed() -> int:
    """A new non-negative 63-bit seed from the operating system, for a game or a simulation
    given none (the one place the library reads randomness from outside a seed)."""
    import secrets

    return secrets.randbits(63)


class MaskedRandomness(RuntimeError):
    """Raised when a masked generator (one inside a view) is asked for a random value."""


@attrs.frozen
class Rng:
    """Immutable SplitMix64 generator. ``state == -1`` means masked (inside a view)."""

    state: int

    @classmethod
    def from_seed(cls, seed: int | None) -> Rng:
        """A generator for ``seed``; ``None`` picks a fresh seed from the operating system."""
        if seed is None:
            seed = fresh_seed()
        return cls(_mix(seed & _MASK))

    @property
    def masked(self) -> bool:
        return self.state == MASKED

    def mask(self) -> Rng:
        """The generator a view carries: it cannot be drawn from."""
        return Rng(MASKED)

    def stream(self, label: int) -> Rng:
        """An independent generator derived from this one and ``label`` (e.g. for determinization)."""
        if self.masked:
            raise MaskedRandomness("a view's random source is hidden; derive streams from a seed")
        return Rng(_mix(self.state ^ _mix(label + 0x5851F42D4C957F2D)))

    def next64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer and the next generator."""
        if self.state == MASKED:
            raise MaskedRandomness("this state is a view: its random source is hidden")
        nxt = (self.state + _GAMMA) & _MASK
        return _mix(nxt), _rng(nxt)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (``1 <= n <= 2**64``) and the next generator."""
        value, state = below_at(self.state, n)
        return value, _rng(state)

    def draws(self) -> Draws:
        """A cursor that draws bounded values one after another along this generator's
        stream, for a rules step that draws many (it makes no generator per draw). A masked
        generator's cursor refuses to draw, as the generator does."""
        return Draws(self.state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """A uniformly chosen element of a non-empty sequence and the next generator."""
        index, rng = self.below(len(items))
        return items[index], rng

    def pick(self, weighted: Sequence[tuple[T, float]]) -> tuple[T, Rng]:
        """An element of ``weighted`` (``(element, probability)`` pairs summing to 1, as
        ``state.chance_outcomes()`` gives them) drawn with its probability, and the next
        generator."""
        if not weighted:
            raise ValueError("pick() needs at least one outcome")
        value, rng = self.next64()
        point = value / (1 << 64)
        for element, probability in weighted:
            point -= probability
            if point < 0:
                return element, rng
        return weighted[-1][0], rng  # rounding left a sliver past the last probability

    def seed63(self) -> tuple[int, Rng]:
        """A non-negative 63-bit seed (fits a JSON record and any int64) and the next generator."""
        value, rng = self.next64()
        return value >> 1, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of ``items`` (Fisher-Yates) and the next generator."""
        out = list(items)
        draws = self.draws()
        for i in range(len(out) - 1, 0, -1):
            j = draws.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), draws.rng


class Draws:
    """A cursor along a generator's stream: :meth:`below` gives the same values, in the same
    order, as successive :meth:`Rng.below` calls, and :attr:`rng` is the generator after them.

    It is the one mutable object of this module, made for the length of one rules step (a
    shuffle, a run of draws from a pile) and never stored in a state.
    """

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        self._state = state

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; the cursor moves past the draw."""
        value, self._state = below_at(self._state, n)
        return value

    @property
    def rng(self) -> Rng:
        """The generator after the draws made so far."""
        return _rng(self._state)


def below_at(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` drawn from the generator state ``state`` (an
    :attr:`Rng.state`), and the state after it: ``next64`` step by step (every random event of
    a game draws here). A run of many draws may thread the state through it itself (a pile's
    run: see :mod:`.pile`), a call per draw fewer than through a :class:`Draws` cursor."""
    if 0 < n < _SMALL:
        limit = _LIMITS[n]
    elif n <= 0:
        raise ValueError(f"below() needs a positive bound, not {n}")
    elif n > _SPAN:
        # Past 2**64 the rejection limit is 0 and no draw would ever be accepted.
        raise ValueError(f"below() draws from 64 bits; {n} is too large a bound")
    else:
        limit = _SPAN - _SPAN % n
    if state == MASKED:
        raise MaskedRandomness("this state is a view: its random source is hidden")
    # Values at or past the last whole multiple of n are drawn again, so that every result is
    # equally likely.
    while True:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        value = z ^ (z >> 31)
        if value < limit:
            return value % n, state


# Several outputs at once: output k of a run of draws in the 128-bit lane k of one integer, so
# that each step of the mix is one operation on the whole run rather than one per draw. A lane
# holds its 64-bit value and room above for the spill of a shift from the lane above and for the
# whole 128-bit product of a multiplication (masked back to 64 bits before the next step).
_LANE = 128
#: The longest run whose lane constants are made at import (a longer run's are made when first
#: asked for, then kept).
AHEAD_MOST = 64


def _lane_constants(n: int) -> tuple[int, int, int, int]:
    """For ``n`` lanes: a 1 in each lane, the steps ``GAMMA * (k + 1)`` of lane ``k``, the 64-bit
    mask of each lane, and the bit just above each lane's 64 bits."""
    ones = sum(1 << (_LANE * k) for k in range(n))
    steps = sum((_GAMMA * (k + 1)) << (_LANE * k) for k in range(n))
    return ones, steps, ones * _MASK, ones << 64


_AHEAD = tuple(_lane_constants(n) for n in range(AHEAD_MOST + 1))
#: The lane constants of the longer runs asked for so far (a few lengths: a game's long runs,
#: such as all the draws of a setup at once, repeat from game to game); kept bounded all the same.
_LONGER: dict[int, tuple[int, int, int, int]] = {}


def _lanes(n: int) -> tuple[int, int, int, int]:
    """The :func:`_lane_constants` of ``n`` lanes (made at import for runs up to
    :data:`AHEAD_MOST`, kept in :data:`_LONGER` for longer ones)."""
    if n <= AHEAD_MOST:
        return _AHEAD[n]
    constants = _LONGER.get(n)
    if constants is None:
        if len(_LONGER) >= 64:
            _LONGER.clear()
        constants = _LONGER[n] = _lane_constants(n)
    return constants


def _unpacked(packed: int, n: int) -> Sequence[int]:
    """The ``n`` 64-bit outputs in the lanes of ``packed`` (see :func:`outputs_ahead`), the
    leftover bits above each dropped."""
    return memoryview(packed.to_bytes(16 * n, sys.byteorder)).cast("Q")[::2]


def _beyond(packed: int, n: int, top: int) -> bool:
    """Whether one of the ``n`` outputs in ``packed`` lies at or past ``2**64 - top``: a value
    there carries into the bit above its lane when ``top`` is added (the leftover bits of the
    mix lie higher). Below it, a value is below the rejection limit of every bound up to
    ``top``, so only then need each value be checked against its own bound's."""
    ones, _, _, carries = _lanes(n)
    return bool((packed + ones * top) & carries)


def outputs_ahead(state: int, n: int) -> tuple[int, int]:
    """The next ``n`` outputs of the generator at ``state`` (an :attr:`Rng.state`), as ``n``
    calls of ``next64`` would give them, packed into one integer: output ``k`` (from 0) is
    ``packed >> (128 * k) & (2**64 - 1)`` (the bits above each lane's 64 hold leftovers); and the
    state after the ``n`` outputs. The outputs of a run of draws made with a few operations on
    one large integer rather than the mix of one output after another (see :func:`below_ahead`)."""
    if state == MASKED:
        raise MaskedRandomness("this state is a view: its random source is hidden")
    ones, steps, lanes, _ = _lanes(n)
    z = (state * ones + steps) & lanes
    z = ((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    z = ((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    return z ^ (z >> 31), (state + n * _GAMMA) & _MASK


def below_ahead(packed: int, top: int, n: int) -> list[int] | None:
    """The draws below ``top``, ``top - 1``, ..., ``top - n + 1`` (the bounds of ``n`` cards
    drawn one after another out of ``top``) made from the ``n`` outputs ``packed`` (see
    :func:`outputs_ahead`): what ``n`` calls of :func:`below_at` threaded from the same state
    give, and the state after the first ``k`` of them is the state after ``k`` outputs
    (:func:`state_after`). ``None`` if one of the outputs would be drawn again (its value lies at
    or past the bound's rejection limit): the later draws need outputs past the ``n``, so the
    caller draws one by one with :func:`below_at`."""
    if n <= 0:
        return []
    if top - n < 0:
        raise ValueError(f"below() needs a positive bound, not {top - n + 1}")
    if top > _SPAN:
        raise ValueError(f"below() draws from 64 bits; {top} is too large a bound")
    return _below_each_from(packed, n, range(top, top - n, -1), top)


def outputs_for_small(state: int, n: int) -> Sequence[int] | None:
    """The next ``n`` outputs of the generator at ``state`` (see :func:`outputs_ahead`) one by
    one, for draws each below a bound of at most 128, of any bounds in any order (a run whose
    bounds are not known ahead: a card's draw may call for another draw): none of these
    outputs lies at or past such a bound's rejection limit, so each draw is its output modulo
    its bound, as :func:`below_at` draws it, and the state after ``k`` draws is
    :func:`state_after` ``k`` outputs. ``None`` if an output lies within 128 of ``2**64`` (a
    draw might be drawn again: the caller draws one by one with :func:`below_at`)."""
    packed, _ = outputs_ahead(state, n)
    # Every bound up to 128 has its limit 2**64 - 2**64 % bound past 2**64 - 128.
    return None if _beyond(packed, n, _SMALL) else _unpacked(packed, n)


def state_after(state: int, n: int) -> int:
    """The generator state after ``n`` outputs from ``state``: after ``n`` draws none of which
    was drawn again."""
    return (state + n * _GAMMA) & _MASK


def below_each(state: int, bounds: Sequence[int]) -> tuple[list[int], int] | None:
    """The draws below each of ``bounds`` in turn (``1 <= bound <= 2**64``) and the state
    after them: what :func:`below_at` threaded from the generator state ``state`` gives, made
    at once from the outputs of :func:`outputs_ahead` (for runs from several piles of known
    sizes, one after another). ``None`` if one of the outputs would be drawn again: the later
    draws need outputs past these, so the caller draws one by one."""
    if not bounds:
        return [], state
    if min(bounds) < 1:
        raise ValueError(f"below() needs a positive bound, not {min(bounds)}")
    top = max(bounds)
    if top > _SPAN:
        raise ValueError(f"below() draws from 64 bits; {top} is too large a bound")
    return below_each_within(state, bounds, top)


def below_each_within(state: int, bounds: Sequence[int], top: int) -> tuple[list[int], int] | None:
    """:func:`below_each` for ``bounds`` the caller knows to lie between 1 and ``top`` (at most
    ``2**64``), as a pile's draws lie within its size: not checked again (the least and the
    greatest of a long run of bounds cost about a third of what its draws cost)."""
    n = len(bounds)
    packed, after = outputs_ahead(state, n)
    drawn = _below_each_from(packed, n, bounds, top)
    return None if drawn is None else (drawn, after)


def _below_each_from(packed: int, n: int, bounds: Sequence[int], top: int) -> list[int] | None:
    """The draws below each of the ``n`` ``bounds`` (at most ``top``) made from the ``n``
    outputs ``packed``, as :func:`below_at` makes them; ``None`` if one of the outputs would be
    drawn again."""
    values = _unpacked(packed, n)
    if _beyond(packed, n, top) and any(map(_drawn_again, values, bounds)):
        return None
    return list(map(mod, values, bounds))


def _drawn_again(value: int, bound: int) -> bool:
    """Whether :func:`below_at` draws again after the output ``value`` for ``bound``."""
    return value >= _SPAN - _SPAN % bound


_set_state = vars(Rng)["state"].__set__


def _rng(state: int) -> Rng:
    """``Rng(state)`` without the call of ``__init__`` (one per random draw)."""
    rng: Rng = object.__new__(Rng)
    _set_state(rng, state)
    return rng
