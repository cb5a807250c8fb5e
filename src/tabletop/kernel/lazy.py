"""Slots of an immutable value filled when first read, without ``__getattr__``.

Some values know an attribute only when it is first read (the fields of a layout made by
placing a tile, found from the fields before it only when asked). The obvious way, a
``__getattr__`` called when a slot is not set, slows every attribute of the class: a class
with a ``__getattr__`` has an attribute lookup of its own, and CPython 3.11 then specializes
none of its attribute reads, so each one takes the generic lookup (about four times slower
than a specialized slot read), the lazy attribute's and every other. :func:`fill_when_read`
puts the cost on reads of the lazy attribute alone: the slot is read through a property that
fills it the first time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def fill_when_read(cls: type[T], name: str, fill: Callable[[T], Any]) -> Callable[[T, Any], None]:
    """Make the slot ``name`` of the slotted class ``cls`` filled with ``fill(value)`` when it
    is read unset, then kept. Returns the slot's own setter, for code that sets the slot
    directly (a value made without its ``__init__``); ``setattr`` through the class, as
    ``__init__`` and ``object.__setattr__`` do, still sets the slot.

    Raises ``TypeError`` if ``cls`` has no slot ``name``."""
    slot = vars(cls).get(name)
    set_slot = getattr(slot, "__set__", None)
    if slot is None or set_slot is None or not hasattr(slot, "__get__") or isinstance(slot, property):
        raise TypeError(f"{cls.__name__} has no slot {name!r} to fill when read")
    get_slot = slot.__get__

    def read(value: T) -> Any:
        try:
            return get_slot(value, cls)
        except AttributeError:
            filled = fill(value)
            set_slot(value, filled)
            return filled

    read.__name__ = name
    read.__doc__ = f"{cls.__name__}.{name}, filled by {getattr(fill, '__name__', 'its fill')} when first read."
    setattr(cls, name, property(read, set_slot))
    setter: Callable[[T, Any], None] = set_slot
    return setter
