"""Pools: count vectors over declared kinds, never negative, caps as hard limits."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.pool import Pool, PoolError

KINDS = ("wheat", "cabbage", "bean", "pumpkin")
Veg = Pool.kinds("Veg", KINDS)
Capped = Pool.kinds("Capped", ("gold", "silver"), caps=(3, None))

kinds = st.sampled_from(KINDS)
pools = st.lists(st.integers(0, 20), min_size=4, max_size=4).map(Veg)


def test_counts_by_position_and_by_name() -> None:
    pool = Veg.of(wheat=2, cabbage=1)
    assert pool == (2, 1, 0, 0) and pool[0] == 2 and pool.named("cabbage") == 1
    assert pool.total == 3 and pool.as_dict() == {"wheat": 2, "cabbage": 1}
    assert Veg.of({"wheat": 1}, wheat=1) == Veg.of(wheat=2)
    assert repr(pool) == "Veg(wheat=2, cabbage=1)"
    assert Veg() == (0, 0, 0, 0) and not Veg().total


def test_a_pool_is_a_tuple_of_ints_and_a_class_per_declaration() -> None:
    assert isinstance(Veg(), tuple) and Veg.KINDS == KINDS
    assert list(Veg.of(bean=1)) == [0, 0, 1, 0]  # its JSON is a list of counts
    with pytest.raises(ValueError, match="declares a kind twice"):
        Pool.kinds("Twice", ("a", "a"))
    with pytest.raises(ValueError, match="2 kinds but 1 caps"):
        Pool.kinds("Short", ("a", "b"), caps=(1,))


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Veg((1, 2)), "counts 4 kinds, not 2"),
        (lambda: Veg((1, 2, 3, -1)), "cannot hold -1 pumpkin"),
        (lambda: Veg((1, 2, 3, 1.5)), "must be a whole number"),
        (lambda: Veg.of(rice=1), "has no kind 'rice'"),
        (lambda: Veg().add("wheat", -1), "cannot add -1 wheat"),
        (lambda: Veg.of(wheat=1).take("wheat", 2), "cannot take 2 wheat: Veg holds 1"),
        (lambda: Veg.position(9), "has no kind number 9"),
        (lambda: Capped.of(gold=4), "there are only 3"),
        (lambda: Capped.of(gold=3).add("gold"), "cannot hold 4 gold"),
        (lambda: Capped.of(gold=2).plus((2, 0)), "cannot hold 4 gold"),
        (lambda: Veg.of(bean=1).minus((0, 0, 2, 0)), "cannot take 2 bean"),
        (lambda: Veg().times(-1), "cannot multiply"),
    ],
)
def test_refusals_name_the_kind(build: object, message: str) -> None:
    with pytest.raises(PoolError, match=message):
        build()  # type: ignore[operator]


def test_a_refused_operation_changes_nothing() -> None:
    pool = Veg.of(wheat=1)
    with pytest.raises(PoolError):
        pool.take("wheat", 2)
    assert pool == Veg.of(wheat=1)


def test_uncapped_kinds_have_no_limit() -> None:
    assert Capped.of(silver=10**6).add("silver").named("silver") == 10**6 + 1


@given(pool=pools, kind=kinds, n=st.integers(0, 10))
def test_add_then_take_is_the_same_pool(pool: Pool, kind: str, n: int) -> None:
    assert pool.add(kind, n).take(kind, n) == pool
    assert type(pool.add(kind, n)) is Veg


@given(a=pools, b=pools)
def test_plus_minus_and_covers(a: Pool, b: Pool) -> None:
    total = a.plus(b)
    assert total.minus(b) == a and total.covers(a) and total.covers(b)
    assert a.covers(b) == all(x >= y for x, y in zip(a, b, strict=True))
    assert a.times(2) == a.plus(a) and a.times(0) == Veg()


@given(pool=pools, kind=kinds, n=st.integers(0, 30))
def test_a_pool_never_goes_negative(pool: Pool, kind: str, n: int) -> None:
    if n > pool.named(kind):
        with pytest.raises(PoolError):
            pool.take(kind, n)
    else:
        assert min(pool.take(kind, n)) >= 0


def test_sums_check_caps_only_for_pools_that_declare_some() -> None:
    assert Capped.CAPPED and not Veg.CAPPED
    with pytest.raises(PoolError, match="there are only 3"):
        Capped.of(gold=2).plus((2, 0))
    assert Veg.of(wheat=30).plus((30, 0, 0, 0)).named("wheat") == 60  # no cap: any count


def test_parts_are_every_way_to_take_up_to_most_items() -> None:
    pool = Veg.of(wheat=2, bean=1)
    assert list(pool.parts(2)) == [
        Veg(),
        Veg.of(bean=1),
        Veg.of(wheat=1),
        Veg.of(wheat=1, bean=1),
        Veg.of(wheat=2),
    ]
    assert list(Veg().parts(3)) == [Veg()] and list(pool.parts(0)) == [Veg()]


@given(pool=st.lists(st.integers(0, 3), min_size=4, max_size=4).map(Veg), most=st.integers(0, 6))
def test_parts_are_exactly_the_covered_pools_of_at_most_most_items(pool: Pool, most: int) -> None:
    parts = list(pool.parts(most))
    every = [Veg(counts) for counts in product(*(range(n + 1) for n in pool))]
    assert parts == sorted(part for part in every if part.total <= most)
