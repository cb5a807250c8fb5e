"""Named blocks of an observation vector."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.layout import Layout


def test_blocks_are_consecutive_slices_in_the_order_added() -> None:
    layout = Layout()
    assert layout.block("hand", 6) == 0
    assert layout.block("score", 1) == 6
    assert layout.block("empty", 0) == 7
    assert layout.block("deck", 2) == 7
    assert list(layout) == ["hand", "score", "empty", "deck"]
    assert layout["score"] == slice(6, 7) and layout["deck"] == slice(7, 9)
    assert layout.size == 9 and len(layout) == 4
    assert layout.describe().splitlines()[1].split() == ["6", "1", "score"]


def test_a_name_used_twice_is_refused() -> None:
    layout = Layout()
    layout.block("hand", 3)
    with pytest.raises(ValueError, match="'hand' is defined twice"):
        layout.block("hand", 1)
    assert layout.size == 3


def test_a_negative_length_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot have -1 features"):
        Layout().block("x", -1)


@given(st.lists(st.integers(0, 50), max_size=20))
def test_blocks_cover_the_vector_without_overlap(lengths: list[int]) -> None:
    layout = Layout()
    for i, n in enumerate(lengths):
        layout.block(f"b{i}", n)
    covered = [i for name in layout for i in range(layout[name].start, layout[name].stop)]
    assert covered == list(range(layout.size)) and layout.size == sum(lengths)
