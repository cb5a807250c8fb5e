"""cattrs round trips with tagged unions, and errors that name the field."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import EngineState
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


@attrs.frozen
class _Ask:
    seat: int


@attrs.frozen
class _Tell:
    seat: int
    what: str


@attrs.frozen(slots=False)
class _Told(EngineState):
    said: tuple[str, ...]
    components: str = "box"


def _told_converter() -> Any:
    converter = serial.make_converter([_Ask | _Tell])
    serial.register_engine_state(converter, _Told, _Ask | _Tell)
    return converter


def test_an_engine_state_writes_its_stack_tagged_and_leaves_out_what_the_loader_gives() -> None:
    converter = _told_converter()
    state = _Told(stack=(_Ask(0), _Tell(1, "hi")), rng=Rng.from_seed(1), rules=None, said=("a",), components="mine")
    data = converter.unstructure(state)
    assert [item["type"] for item in data["stack"]] == ["_Ask", "_Tell"]
    assert not {"rules", "log", "components"} & set(data)
    back = converter.structure({**data, "rules": None, "log": None}, _Told)
    assert back.stack == state.stack and back.said == ("a",) and back.components == "box"


def test_an_engine_state_with_an_untyped_stack_or_an_unknown_field_is_refused() -> None:
    converter = _told_converter()
    data = converter.unstructure(_Told(stack=(_Ask(0),), rng=Rng.from_seed(1), rules=None, said=()))
    for bad in ({**data, "stack": [{"seat": 0}]}, {**data, "extra": 1}):
        with pytest.raises(InvalidRecord):
            serial.structure(converter, {**bad, "rules": None, "log": None}, _Told)
