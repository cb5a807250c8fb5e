"""Saved Takenoko states: the JSON :meth:`State.to_json` writes and :func:`load` reads back.

The JSON object holds every field of the state, the pending decisions (``"stack"``, each with
its ``"type"``), the moves played (``"history"``), the component data when it is not the
standard box (``"components"``), and ``"format": 2``. States saved before the engine rewrite
have no format; they are refused with a message naming the format.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import Rules, evolve, link_moves
from tabletop.kernel.hexgrid import Edge, Hex, edge
from tabletop.takenoko.components import COMPONENTS, STANDARD
from tabletop.takenoko.moves import Move
from tabletop.kernel.pool import Pool
from tabletop.takenoko.state import Backs, Bamboo, Garden, Improvements, Pending, Plot, State

#: Moves are a union of classes: structured through ``Any`` to satisfy ``serial.structure``.
_MOVE: Any = Move
_PENDING: Any = Pending

#: The version of the saved-state format this library writes and reads.
FORMAT = 2


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A structure hook that takes only values of ``kind`` itself (cattrs would turn ``"3"``
    into 3, ``2.5`` into 2 and anything into a string)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {value!r}")
        return value

    return structure


def _pool_of(pool: type[Pool]) -> Callable[[Any, Any], Pool]:
    """A structure hook reading a pool from its list of counts (never negative, caps kept)."""

    def structure(data: Any, _: Any) -> Pool:
        if not isinstance(data, list):
            raise ValueError(f"{pool.__name__} must be a list of {len(pool.KINDS)} counts")
        return pool(data)

    return structure


def _given(value: Any, _: Any) -> Any:
    """A structure hook for the fields :func:`load` fills in itself (the rules, the history)."""
    return value


def _make_converter() -> Any:
    converter = serial.make_converter([Move, Pending])
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    for pool in (Bamboo, Improvements, Backs):
        converter.register_unstructure_hook(pool, list)
        converter.register_structure_hook(pool, _pool_of(pool))
    _register_garden(converter)
    _register_state(converter)
    return converter


def _register_garden(converter: Any) -> None:
    """The garden as ``[[q, r, plot], ...]`` in the order placed, channels as pairs of cells."""

    def unstructure_garden(garden: Garden) -> list[Any]:
        return [[cell[0], cell[1], converter.unstructure(plot)] for cell, plot in garden.items()]

    def structure_garden(data: Any, _: Any) -> Garden:
        if not isinstance(data, list):
            raise ValueError("the garden must be a list of [q, r, plot]")
        plots: dict[Hex, Plot] = {}
        for item in data:
            if not isinstance(item, list) or len(item) != 3:
                raise ValueError(f"garden entry {item!r} is not [q, r, plot]")
            q, r, plot = item
            if not isinstance(q, int) or not isinstance(r, int):
                raise ValueError(f"garden cell {q!r},{r!r} is not two integers")
            plots[(q, r)] = converter.structure(plot, Plot)
        return Garden(plots)

    def structure_edge(data: Any, _: Any) -> Edge:
        if not isinstance(data, list) or len(data) != 2:
            raise ValueError(f"edge {data!r} is not two cells")
        a: Hex = converter.structure(data[0], tuple[int, int])
        b: Hex = converter.structure(data[1], tuple[int, int])
        if (a, b) != edge(a, b):  # raises unless adjacent
            raise ValueError(f"edge {data!r} is not written with its smaller cell first")
        return (a, b)

    converter.register_unstructure_hook_func(lambda t: t == Garden, unstructure_garden)
    converter.register_structure_hook_func(lambda t: t == Garden, structure_garden)
    converter.register_unstructure_hook_func(
        lambda t: t == frozenset[Edge], lambda edges: [[list(a), list(b)] for a, b in sorted(edges)]
    )
    converter.register_structure_hook_func(lambda t: t == Edge, structure_edge)


def _register_state(converter: Any) -> None:
    """The state's fields, the pending decisions tagged by type; the engine's ``rules`` and
    ``log`` are not written (:func:`load` gives them), the components go separately."""

    def unstructure_stack(stack: tuple[Any, ...]) -> list[Any]:
        return [converter.unstructure(pending, unstructure_as=Pending) for pending in stack]

    def structure_stack(data: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise ValueError("the stack must be a list of pending decisions")
        return tuple(converter.structure(item, _PENDING) for item in data)

    converter.register_unstructure_hook(
        State,
        make_dict_unstructure_fn(
            State,
            converter,
            stack=override(unstruct_hook=unstructure_stack),
            components=override(omit=True),
            rules=override(omit=True),
            log=override(omit=True),
        ),
    )
    converter.register_structure_hook(
        State,
        make_dict_structure_fn(
            State,
            converter,
            stack=override(struct_hook=structure_stack),
            rules=override(struct_hook=_given),
            log=override(struct_hook=_given),
            components=override(omit=True),
            _cattrs_forbid_extra_keys=True,
        ),
    )


CONVERTER = _make_converter()


def to_json(state: State) -> str:
    """The full state as JSON; the component data goes with it when it is not the standard."""
    data = CONVERTER.unstructure(state)
    data["history"] = [CONVERTER.unstructure(move, unstructure_as=Move) for move in state.history]
    data["components"] = COMPONENTS.data(state.components)
    data["format"] = FORMAT
    return json.dumps(data, separators=(",", ":"))


def load(text: str, rules: Rules[State]) -> State:
    """The state written by :func:`to_json`, run by ``rules``; bad input raises ``InvalidRecord``
    naming the field (the caller checks that the position is sound)."""
    data = serial.parse_object(text, "a Takenoko state")
    written = data.pop("format", None)
    if written != FORMAT:
        version = "no format (a state saved before format 2)" if written is None else f"format {written!r}"
        raise InvalidRecord(f"this Takenoko state has {version}; this version of tabletop reads format {FORMAT}")
    components = COMPONENTS.pop_saved(data, State)
    moves = data.pop("history", None)
    if not isinstance(moves, list):
        raise InvalidRecord("invalid State: field 'history' must be the list of moves played")
    history = tuple(serial.structure(CONVERTER, move, _MOVE) for move in moves)
    data["rules"] = rules
    data["log"] = link_moves(history)
    state = serial.structure(CONVERTER, data, State)
    if components is not STANDARD:
        state = evolve(state, components=components)
    return state
