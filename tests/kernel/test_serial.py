"""cattrs round trips with tagged unions, and errors that name the field."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.pile import Pile
from tabletop.kernel.pool import Pool
from tabletop.kernel.rng import Rng

Grain = Pool.kinds("Grain", ("wheat", "bean"))


@attrs.frozen
class Take:
    kind: str
    count: int


@attrs.frozen
class Pass:
    pass


@attrs.frozen
class Wait:
    pass


Action = Take | Pass | Wait


@attrs.frozen
class Position:
    moves: tuple[Action, ...]
    pending: Action | None
    pool: Grain
    deck: Pile[int]
    rng: Rng


CONVERTER = serial.make_converter([Action])

actions = st.one_of(
    st.builds(Take, kind=st.sampled_from(["wheat", "bean"]), count=st.integers(0, 9)),
    st.just(Pass()),
    st.just(Wait()),
)
positions = st.builds(
    Position,
    moves=st.lists(actions, max_size=5).map(tuple),
    pending=st.none() | actions,
    pool=st.dictionaries(st.sampled_from(["wheat", "bean"]), st.integers(0, 5)).map(Grain.of),
    deck=st.builds(Pile, st.lists(st.integers(0, 9), max_size=5).map(tuple), st.lists(st.integers(0, 9), max_size=3).map(tuple)),
    rng=st.integers(0, 2**64 - 1).map(Rng) | st.just(Rng.from_seed(1).mask()),
)


@given(position=positions)
def test_round_trip(position: Position) -> None:
    assert serial.loads(CONVERTER, serial.dumps(CONVERTER, position), Position) == position


def test_union_members_carry_a_type_tag_even_in_an_optional_field() -> None:
    data = json.loads(serial.dumps(CONVERTER, Position((Pass(),), Wait(), Grain(), Pile(), Rng(1))))
    assert data["moves"] == [{"type": "Pass"}]
    assert data["pending"] == {"type": "Wait"}
    data = json.loads(serial.dumps(CONVERTER, Position((), None, Grain(), Pile(), Rng(1))))
    assert data["pending"] is None


def _text(**change: object) -> str:
    position = Position((Take("wheat", 1),), None, Grain(), Pile(), Rng(1))
    data = json.loads(serial.dumps(CONVERTER, position))
    data.update(change)
    return json.dumps(data)


def test_bad_json_is_an_invalid_record() -> None:
    with pytest.raises(InvalidRecord, match="not valid JSON"):
        serial.loads(CONVERTER, "{", Position)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rng": {"state": "x"}}, "rng.state"),
        ({"moves": [{"type": "Take", "kind": "wheat"}]}, "count"),
        ({"moves": [{"type": "Jump"}]}, r"state\.moves\[0\]"),
        ({"extra": 1}, "extra"),
    ],
)
def test_a_bad_field_is_named(change: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidRecord, match=field):
        serial.loads(CONVERTER, _text(**change), Position)


def test_a_missing_field_is_named() -> None:
    data = json.loads(_text())
    del data["deck"]
    with pytest.raises(InvalidRecord, match="deck"):
        serial.loads(CONVERTER, json.dumps(data), Position)


def test_a_pool_is_a_list_of_counts_and_a_bad_count_is_named() -> None:
    data = json.loads(serial.dumps(CONVERTER, Position((), None, Grain.of(bean=2), Pile(), Rng(1))))
    assert data["pool"] == [0, 2]
    with pytest.raises(InvalidRecord, match="pool"):
        serial.loads(CONVERTER, _text(pool=[0, -1]), Position)


@pytest.mark.parametrize(("value", "field"), [("7", "count"), (7.9, "count"), (True, "count"), (3, "kind")])
def test_numbers_flags_and_texts_are_read_only_from_their_own_json_type(value: object, field: str) -> None:
    converter = serial.make_converter()
    data = {"kind": "wheat", "count": 2, field: value}
    with pytest.raises(InvalidRecord, match=field):
        serial.structure(converter, data, Take)
    assert serial.structure(converter, {"kind": "wheat", "count": 2}, Take) == Take("wheat", 2)


def test_a_union_that_does_not_structure_is_an_invalid_record_naming_it() -> None:
    converter = serial.make_converter([Action])
    for data in ("take", {"type": "Fly"}, [1]):
        with pytest.raises(InvalidRecord, match="invalid"):
            serial.structure(converter, data, Action)  # type: ignore[arg-type]
