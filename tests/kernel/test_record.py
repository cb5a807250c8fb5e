"""Game records: JSON round trips, replay, and errors that name the faulty field."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.agents import RandomAgent
from tabletop.kernel.api import InvalidData, InvalidRecord
from tabletop.kernel.options import Option, Options
from tabletop.kernel.record import Record, record_of, replay
from toy.game import TOY

records = st.builds(
    Record,
    game=st.text(min_size=1, max_size=10),
    players=st.integers(1, 6),
    seed=st.integers(0, 2**63),
    moves=st.lists(st.text(max_size=12), max_size=10).map(tuple),
    options=st.dictionaries(
        st.text(max_size=5), st.integers() | st.booleans() | st.text(max_size=5), max_size=3
    ),
    version=st.just("1.2.3"),
)


@given(record=records)
def test_records_round_trip(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record


def test_a_record_without_version_gets_the_library_version() -> None:
    data = json.loads(Record(game="toy", players=2, seed=1).to_json())
    assert data["format"] == 2 and data["version"]


def _played(seed: int, players: int = 3) -> Any:
    agent = RandomAgent(seed)
    state = TOY.new_game(players, seed=seed, target=10)
    while not state.is_over:
        state = state.apply(agent.choose(state))
    return state


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_replay_rebuilds_the_state_bit_for_bit(seed: int, players: int) -> None:
    state = _played(seed, players)
    record = record_of(TOY, state, seed, {"target": 10})
    assert replay(TOY, record) == state
    assert TOY.replay(record.to_json()) == state


def test_an_unfinished_game_replays_too() -> None:
    state = TOY.new_game(2, seed=4).apply(TOY.parse_move(TOY.new_game(2, seed=4), "draw"))
    assert replay(TOY, record_of(TOY, state, 4)) == state


def _valid() -> dict[str, Any]:
    return {"format": 2, "game": "toy", "players": 2, "seed": 1, "options": {}, "moves": []}


@pytest.mark.parametrize("field", ["game", "players", "seed", "moves", "options"])
def test_a_missing_field_is_named(field: str) -> None:
    data = _valid()
    del data[field]
    with pytest.raises(InvalidRecord, match=f"no field '{field}'"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", 3),
        ("players", "2"),
        ("players", True),
        ("seed", 1.5),
        ("moves", "draw"),
        ("options", []),
    ],
)
def test_a_mistyped_field_is_named(field: str, value: Any) -> None:
    data = _valid() | {field: value}
    with pytest.raises(InvalidRecord, match=f"field '{field}'"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps(_valid() | {"moves": ["draw", 3]}), r"'moves'\[1\]"),
        ("", "the record is empty"),
        (" \n", "the record is empty"),
        (json.dumps(_valid() | {"format": 7}), "field 'format' of the record is 7"),
        (json.dumps(_valid() | {"format": 1}), "format 1, written by tabletop 0.1 before the chance door"),
        (json.dumps({k: v for k, v in _valid().items() if k != "format"}), "no field 'format'"),
        (json.dumps({"history": [], "pending": []}), "a saved state .* not a game record"),
    ],
)
def test_unreadable_records(text: str, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        Record.from_json(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "field 'game' is 'chess'"),
        ({"players": 9}, "'players'/'options'"),
        ({"options": {"speed": 2}}, "'players'/'options'"),
        ({"moves": ["draw", "fly"]}, r"'moves'\[1\] = 'fly'"),
    ],
)
def test_replay_names_what_does_not_fit(change: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        replay(TOY, json.dumps(_valid() | change))


def test_options_are_recorded_as_they_are_by_default() -> None:
    state = TOY.new_game(2, seed=1, target=10)
    assert record_of(TOY, state, 1, {"target": 10}).options == {"target": 10}


class _Target:
    """An option value given as an object, recorded by its plain value."""

    plain = 10


def _plain(value: Any) -> Any:
    return getattr(value, "plain", value)


def test_the_declared_options_decide_what_the_record_stores() -> None:
    target = Option("target", object, 12, "the target, as an object", check=_plain, to_json=_plain)
    declared = Options("toy", (2, 4), (target, *[o for o in TOY.declared if o.name != "target"]))
    game = attrs.evolve(TOY, declared=declared)
    state = _played(6)
    record = record_of(game, state, 6, {"target": _Target()})
    assert record.options == {"target": 10}
    assert replay(game, Record.from_json(record.to_json())) == state


def test_component_data_that_does_not_load_is_named_as_the_options_field() -> None:
    def refusing(players: int, rng: Any, options: Any) -> Any:
        raise InvalidData("plots.toml: table [plots], field 'count': must be of type int")

    game = attrs.evolve(TOY, setup=refusing)
    with pytest.raises(InvalidRecord, match=r"field 'options' .*plots.toml: table \[plots\], field 'count'"):
        replay(game, json.dumps(_valid()))


def test_a_record_of_explicit_chance_carries_the_outcomes_and_replays() -> None:
    agent = RandomAgent(3)
    state = TOY.new_game(2, seed=3, chance="explicit")
    while not state.is_over:
        state = state.apply(agent.choose(state))
    record = record_of(TOY, state, 3, {"chance": "explicit"})
    assert record.options == {"chance": "explicit"}
    assert any(move.startswith("drawn ") for move in record.moves)
    assert replay(TOY, record.to_json()) == state
