"""Kernel lazy slots: a slot filled when first read, the class's other reads left alone."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.lazy import fill_when_read


@attrs.frozen
class Span:
    low: int
    high: int
    width: int = 0


fills: list[Span] = []


def _width(span: Span) -> int:
    fills.append(span)
    return span.high - span.low


SET_WIDTH = fill_when_read(Span, "width", _width)


def _unfilled(low: int, high: int) -> Span:
    span: Span = object.__new__(Span)
    object.__setattr__(span, "low", low)
    object.__setattr__(span, "high", high)
    return span


def test_an_unset_slot_is_filled_when_first_read_then_kept() -> None:
    fills.clear()
    span = _unfilled(2, 7)
    assert span.width == 5
    assert span.width == 5
    assert fills == [span]


def test_a_slot_set_by_init_is_read_as_set() -> None:
    fills.clear()
    assert Span(2, 7, 1).width == 1
    assert fills == []


def test_the_returned_setter_sets_the_slot_itself() -> None:
    fills.clear()
    span = _unfilled(0, 3)
    SET_WIDTH(span, 9)
    assert span.width == 9
    assert fills == []


def test_equality_and_hash_read_the_filled_value() -> None:
    assert _unfilled(1, 4) == Span(1, 4, 3)
    assert hash(_unfilled(1, 4)) == hash(Span(1, 4, 3))
    assert attrs.evolve(_unfilled(1, 4), low=0) == Span(0, 4, 3)


def test_the_value_stays_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Span(0, 1).width = 4  # type: ignore[misc]


def test_the_class_keeps_no_getattr_hook() -> None:
    # The point of the helper: a __getattr__ would stop CPython 3.11 from specializing the
    # reads of every attribute of the class.
    assert "__getattr__" not in vars(Span)


def test_only_a_slot_can_be_made_lazy() -> None:
    @attrs.frozen
    class Plain:
        x: int

    with pytest.raises(TypeError, match="no slot 'y'"):
        fill_when_read(Plain, "y", lambda value: 0)
    with pytest.raises(TypeError, match="no slot 'width'"):
        fill_when_read(Span, "width", _width)  # a property now, no longer the slot
