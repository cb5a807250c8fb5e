"""Saved Windmill Valley states: the JSON ``state.to_json()`` writes and :func:`load` reads back.

The JSON object holds every field of the state, the pending decisions (``"stack"``, each with
its ``"type"``), the moves played (``"history"``), the component data (``"components"``:
``null`` for the standard box, else the data files) and ``"format": 2``; any other format is
refused naming it. Reading is strict (whole numbers are JSON integers, flags ``true``/``false``)
and the JSON of a view (a masked random source) is refused: it is not a full state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs
import cattrs

from tabletop.kernel import serial
from tabletop.kernel.engine import Rules, link_moves
from tabletop.kernel.errors import InvalidRecord, clipped
from tabletop.kernel.pile import Pile
from tabletop.windmill_valley.components import COMPONENTS, STANDARD
from tabletop.windmill_valley.moves import Move
from tabletop.windmill_valley.state import Pending, State

#: The version of the saved-state format this library writes and reads.
FORMAT = 2

_MOVE: Any = Move
_PENDING: Any = Pending


def _make_converter() -> cattrs.Converter:
    converter = serial.make_converter([Move, Pending])
    serial.register_engine_state(converter, State, _PENDING)
    return converter


CONVERTER = _make_converter()


def to_json(state: State) -> str:
    data = CONVERTER.unstructure(state)
    data["history"] = [CONVERTER.unstructure(move, unstructure_as=_MOVE) for move in state.history]
    data["format"] = FORMAT
    data["components"] = COMPONENTS.data(state.components)
    return json.dumps(data, separators=(",", ":"))


def load(text: str, rules: Rules[State]) -> State:
    """The state written by :func:`to_json`, run by ``rules``; bad input raises ``InvalidRecord``."""
    data = serial.parse_object(text, "a Windmill Valley state")
    written = data.pop("format", None)
    if written != FORMAT:
        version = "no format" if written is None else f"format {clipped(repr(written))}"
        raise InvalidRecord(f"this Windmill Valley state has {version}; this version of tabletop reads format {FORMAT}")
    components = COMPONENTS.pop_saved(data, State)
    moves = data.pop("history", None)
    if not isinstance(moves, list):
        raise InvalidRecord("invalid State: field 'history' must be the list of moves played")
    history = tuple(serial.structure(CONVERTER, move, _MOVE) for move in moves)
    data["rules"] = rules
    data["log"] = link_moves(history)
    state = serial.structure(CONVERTER, data, State)
    if components is not STANDARD:
        state = attrs.evolve(state, components=components)
    if state.rng.masked:
        raise InvalidRecord("field 'rng' is masked: this is the JSON of a view, not a full Windmill Valley state")
    for field, pile in _piles(state):
        if pile.hidden:
            raise InvalidRecord(f"field '{field}' has hidden cards: this is the JSON of a view, not a full state")
    return state


def _piles(state: State) -> Iterator[tuple[str, Pile[Any]]]:
    """Every pile of ``state``, by the field that holds it."""
    for tier, pile in enumerate(state.stacks):
        yield f"stacks[{tier}]", pile
    yield "deck", state.deck
    yield "trade_pile", state.trade_pile
    yield "start_pile", state.start_pile
    yield "boards", state.boards
    if state.gardener is not None:
        yield "gardener.deck", state.gardener.deck
