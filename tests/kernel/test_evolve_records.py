"""kernel.engine.evolve copies any attrs record without slots, not only engine states (games use
it for their players and pending decisions too)."""

from __future__ import annotations

import attrs

from tabletop.kernel.engine import evolve


@attrs.frozen(slots=False)
class Record:
    name: str
    count: int = 0


def test_evolve_copies_a_plain_record_with_changes_and_shares_the_rest():
    first = Record("wheat", 2)
    second = evolve(first, count=3)
    assert second == Record("wheat", 3) and first == Record("wheat", 2)
    assert second.name is first.name and type(second) is Record
