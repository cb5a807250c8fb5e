"""Pools: a fast, immutable count vector over a declared list of kinds.

A game declares its kinds once (``Vegetables = Pool.kinds("Vegetables", ("wheat", "pumpkin",
...))``) and gets a ``tuple`` subclass: counts are read by position or by name, serialize as a
JSON list, and cost no more than the tuple they are. Counts are never negative and never pass
their kind's cap (the number of tokens in the box, when the rulebook makes it a hard limit):
an operation that would break either raises :class:`PoolError` and changes nothing.

>>> Coins = Pool.kinds("Coins", ("copper", "silver"), caps=(10, None))
>>> purse = Coins.of(copper=3)
>>> purse.add("silver", 2).take("copper")
Coins(copper=2, silver=2)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import add as _add
from typing import ClassVar, TypeVar

P = TypeVar("P", bound="Pool")

_tuple_new = tuple.__new__
_INT = {int}


class PoolError(ValueError):
    """A pool would go negative or past a cap; the message names the kind."""


class Pool(tuple[int, ...]):
    """Counts of each declared kind, in the declared order. Make the class with :meth:`kinds`."""

    __slots__ = ()

    KINDS: ClassVar[tuple[str, ...]] = ()
    CAPS: ClassVar[tuple[int | None, ...]] = ()
    #: Whether any kind has a cap (sums need no cap check otherwise).
    CAPPED: ClassVar[bool] = False
    INDEX: ClassVar[Mapping[str, int]] = {}

    @staticmethod
    def kinds(name: str, kinds: Sequence[str], caps: Sequence[int | None] | None = None) -> type[Pool]:
        """A pool class over ``kinds`` (each capped by ``caps``, ``None`` for no cap)."""
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"pool {name} declares a kind twice: {kinds}")
        caps = tuple(caps) if caps is not None else (None,) * len(kinds)
        if len(caps) != len(kinds):
            raise ValueError(f"pool {name} has {len(kinds)} kinds but {len(caps)} caps")
        namespace = {
            "__slots__": (),
            "KINDS": tuple(kinds),
            "CAPS": caps,
            "CAPPED": any(cap is not None for cap in caps),
            "INDEX": {kind: i for i, kind in enumerate(kinds)},
        }
        return type(name, (Pool,), namespace)

    def __new__(cls: type[P], counts: Iterable[int] = ()) -> P:
        values = tuple(counts) or (0,) * len(cls.KINDS)
        # Pools are built at every copy of what holds them: whole numbers of the right length,
        # none negative and no cap to check, are taken at once; anything else is looked at
        # kind by kind below, so that the error names the kind.
        if not cls.CAPPED and len(values) == len(cls.KINDS) and values and set(map(type, values)) == _INT and min(values) >= 0:
            return _tuple_new(cls, values)
        if len(values) != len(cls.KINDS):
            raise PoolError(f"{cls.__name__} counts {len(cls.KINDS)} kinds, not {len(values)}")
        for kind, count, cap in zip(cls.KINDS, values, cls.CAPS, strict=True):
            if type(count) is not int:
                raise PoolError(f"{cls.__name__} count of {kind} must be a whole number, not {count!r}")
            if count < 0:
                raise PoolError(f"{cls.__name__} cannot hold {count} {kind}")
            if cap is not None and count > cap:
                raise PoolError(f"{cls.__name__} cannot hold {count} {kind}: there are only {cap}")
        return _tuple_new(cls, values)

    @classmethod
    def of(cls: type[P], counts: Mapping[str, int] | None = None, /, **named: int) -> P:
        """A pool from counts by kind name; kinds not named count 0."""
        values = [0] * len(cls.KINDS)
        for source in (counts or {}, named):
            for kind, count in source.items():
                values[cls.position(kind)] += count
        return cls(values)

    @classmethod
    def position(cls, kind: str | int) -> int:
        """The position of ``kind`` (a name or a position)."""
        if isinstance(kind, int):
            if not 0 <= kind < len(cls.KINDS):
                raise PoolError(f"{cls.__name__} has no kind number {kind}")
            return kind
        try:
            return cls.INDEX[kind]
        except KeyError:
            raise PoolError(f"{cls.__name__} has no kind {kind!r} (kinds: {', '.join(cls.KINDS)})") from None

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={n}" for k, n in zip(self.KINDS, self, strict=True) if n)
        return f"{type(self).__name__}({inner})"

    def named(self, kind: str) -> int:
        """The count of the kind called ``kind``."""
        i = self.INDEX.get(kind)
        return self[self.position(kind) if i is None else i]

    @property
    def total(self) -> int:
        return sum(self)

    def as_dict(self) -> dict[str, int]:
        """The non-zero counts by kind name."""
        return {k: n for k, n in zip(self.KINDS, self, strict=True) if n}

    def add(self: P, kind: str | int, count: int = 1) -> P:
        """This pool with ``count`` more of ``kind`` (at most its cap)."""
        i = kind if isinstance(kind, int) else self.INDEX.get(kind)
        if i is None:
            i = self.position(kind)  # an unknown name: refused, naming the kinds
        if count < 0:
            raise PoolError(f"cannot add {count} {self.KINDS[i]}")
        # A display rather than list(self): no call of the list type (about a third fewer
        # instructions; pools are added to and taken from at every turn of a game).
        values = [*self]
        values[i] += count
        if self.CAPPED:
            cap = self.CAPS[i]
            if cap is not None and values[i] > cap:
                raise PoolError(f"{type(self).__name__} cannot hold {values[i]} {self.KINDS[i]}: there are only {cap}")
        return _tuple_new(type(self), values)

    def take(self: P, kind: str | int, count: int = 1) -> P:
        """This pool with ``count`` fewer of ``kind``; never below zero."""
        i = kind if isinstance(kind, int) else self.INDEX.get(kind)
        if i is None:
            i = self.position(kind)
        have = self[i]
        if count < 0 or count > have:
            raise PoolError(f"cannot take {count} {self.KINDS[i]}: {type(self).__name__} holds {have}")
        values = [*self]  # (see add)
        values[i] = have - count
        return _tuple_new(type(self), values)

    def plus(self: P, other: Sequence[int]) -> P:
        """Kind by kind sum (caps checked)."""
        # Sums are made at every end of season: with no cap to check and the lengths equal,
        # the sums go straight into the new pool.
        if not self.CAPPED and len(other) == len(self):
            return _tuple_new(type(self), map(_add, self, other))
        values = [a + b for a, b in zip(self, other, strict=True)]
        if self.CAPPED:
            for i, cap in enumerate(self.CAPS):
                if cap is not None and values[i] > cap:
                    raise PoolError(
                        f"{type(self).__name__} cannot hold {values[i]} {self.KINDS[i]}: there are only {cap}"
                    )
        return _tuple_new(type(self), values)

    def minus(self: P, other: Sequence[int]) -> P:
        """Kind by kind difference; never below zero."""
        values = [a - b for a, b in zip(self, other, strict=True)]
        for i, value in enumerate(values):
            if value < 0:
                raise PoolError(f"cannot take {other[i]} {self.KINDS[i]}: {type(self).__name__} holds {self[i]}")
        return _tuple_new(type(self), values)

    def times(self: P, factor: int) -> P:
        """Every count multiplied by ``factor`` (>= 0; caps checked)."""
        if factor < 0:
            raise PoolError(f"cannot multiply a pool by {factor}")
        return self.plus([n * (factor - 1) for n in self])

    def parts(self: P, most: int) -> Iterator[P]:
        """Every part of this pool holding at most ``most`` items (the empty one included), each
        once, ordered by the count of the first kind, then of the second, and so on: the ways
        to take up to ``most`` things from it, when which of a kind does not matter."""

        def counts(position: int, room: int) -> Iterator[tuple[int, ...]]:
            if position == len(self):
                yield ()
                return
            for n in range(min(self[position], room) + 1):
                for rest in counts(position + 1, room - n):
                    yield (n, *rest)

        for part in counts(0, most):
            yield _tuple_new(type(self), part)

    def covers(self, other: Sequence[int]) -> bool:
        """Whether this pool holds at least ``other`` of every kind."""
        for a, b in zip(self, other, strict=True):
            if a < b:
                return False
        return True
