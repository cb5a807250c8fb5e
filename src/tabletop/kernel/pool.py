"""An immutable multiset of resources (goods, tokens, sections...) that never goes negative."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs


def _normalize(items: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    totals: dict[str, int] = {}
    for kind, count in items:
        if count < 0:
            raise ValueError(f"a pool cannot hold {count} {kind}")
        if count:
            totals[kind] = totals.get(kind, 0) + count
    return tuple(sorted(totals.items()))


@attrs.frozen(repr=False)
class Pool:
    """A multiset of named resources: ``Pool.of(wheat=2, cabbage=1)``.

    Counts are never negative: taking more than there is raises ``ValueError`` and leaves the
    pool unchanged (pools are immutable). Kinds with a zero count are not stored.
    """

    items: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_normalize)

    @classmethod
    def of(cls, counts: Mapping[str, int] | None = None, /, **kinds: int) -> Pool:
        merged = dict(counts or {})
        for kind, n in kinds.items():
            merged[kind] = merged.get(kind, 0) + n
        return cls(tuple(merged.items()))

    def __getitem__(self, kind: str) -> int:
        for k, n in self.items:
            if k == kind:
                return n
        return 0

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self.items)

    def __len__(self) -> int:
        return sum(n for _, n in self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={n}" for k, n in self.items)
        return f"Pool({inner})"

    def as_dict(self) -> dict[str, int]:
        return dict(self.items)

    def add(self, kind: str, count: int = 1) -> Pool:
        if count < 0:
            raise ValueError(f"cannot add {count} {kind}")
        return Pool(self.items + ((kind, count),))

    def remove(self, kind: str, count: int = 1) -> Pool:
        have = self[kind]
        if count < 0 or count > have:
            raise ValueError(f"cannot take {count} {kind}: the pool holds {have}")
        return Pool(tuple((k, n - count if k == kind else n) for k, n in self.items))

    def __add__(self, other: Pool) -> Pool:
        return Pool(self.items + other.items)

    def __sub__(self, other: Pool) -> Pool:
        if not self.contains(other):
            raise ValueError(f"cannot take {other!r} from {self!r}")
        return Pool(tuple((k, n - other[k]) for k, n in self.items))

    def contains(self, other: Pool) -> bool:
        """Whether every kind of ``other`` is here at least as often."""
        return all(self[k] >= n for k, n in other.items)
