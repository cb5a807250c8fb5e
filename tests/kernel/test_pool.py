"""Pools of resources: an immutable multiset that never goes negative."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.pool import Pool

kinds = st.sampled_from(["wheat", "cabbage", "bean", "pumpkin"])
counts = st.dictionaries(kinds, st.integers(0, 20))
pools = counts.map(Pool.of)


def test_of_and_indexing() -> None:
    pool = Pool.of(wheat=2, cabbage=1)
    assert pool["wheat"] == 2 and pool["bean"] == 0
    assert len(pool) == 3 and set(pool) == {"wheat", "cabbage"}
    assert Pool.of({"wheat": 1}, wheat=1) == Pool.of(wheat=2)
    assert repr(pool) == "Pool(cabbage=1, wheat=2)"


def test_zero_counts_are_not_stored() -> None:
    assert Pool.of(wheat=0) == Pool() and not Pool.of(wheat=0)
    assert Pool.of(wheat=2).remove("wheat", 2).items == ()


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        Pool.of(wheat=-1)
    with pytest.raises(ValueError):
        Pool().add("wheat", -1)
    with pytest.raises(ValueError):
        Pool.of(wheat=1).remove("wheat", -1)


def test_taking_too_much_is_refused_and_changes_nothing() -> None:
    pool = Pool.of(wheat=1)
    with pytest.raises(ValueError, match="holds 1"):
        pool.remove("wheat", 2)
    with pytest.raises(ValueError):
        pool - Pool.of(wheat=1, bean=1)
    assert pool == Pool.of(wheat=1)


@given(a=pools, b=pools)
def test_add_then_subtract(a: Pool, b: Pool) -> None:
    total = a + b
    assert len(total) == len(a) + len(b)
    assert total.contains(a) and total.contains(b)
    assert total - b == a


@given(a=counts, b=counts)
def test_equal_contents_equal_pools(a: dict[str, int], b: dict[str, int]) -> None:
    def nonzero(counts: dict[str, int]) -> dict[str, int]:
        return {k: n for k, n in counts.items() if n}

    assert (Pool.of(a) == Pool.of(b)) == (nonzero(a) == nonzero(b))
    assert hash(Pool.of(a)) == hash(Pool.of(dict(reversed(list(a.items())))))


@given(pool=pools, ops=st.lists(st.tuples(st.booleans(), kinds, st.integers(0, 5)), max_size=30))
def test_a_pool_never_goes_negative(pool: Pool, ops: list[tuple[bool, str, int]]) -> None:
    for adding, kind, n in ops:
        before = pool
        if adding:
            pool = pool.add(kind, n)
        else:
            try:
                pool = pool.remove(kind, n)
            except ValueError:
                assert n > before[kind]
                assert pool == before
        assert all(count > 0 for _, count in pool.items)
    assert pool.as_dict() == {k: pool[k] for k in pool}
