"""Saved Takenoko states: the JSON :meth:`State.to_json` writes and :func:`load` reads back.

The JSON object holds every field of the state, the pending decisions (``"stack"``, each with
its ``"type"``), the moves played (``"history"``), the component data when it is not the
standard box (``"components"``), and ``"format": 2``. States saved before the engine rewrite
have no format; they are refused with a message naming the format.

Reading is strict: whole numbers are JSON integers of at most 64 bits (no ``"3"``, ``2.5``,
``Infinity`` or ``10**100``), flags are ``true``/``false``, and the JSON of a view (hidden
cards counted, tiles written ``?``, a masked random source) is refused: it is not a full state.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import Rules, evolve, link_moves
from tabletop.kernel.hexgrid import Edge, Hex, edge
from tabletop.takenoko.components import COMPONENTS, STANDARD
from tabletop.takenoko.moves import Move
from tabletop.kernel.pool import Pool
from tabletop.takenoko.moves import KeepTile
from tabletop.takenoko.state import HIDDEN_TILE, Backs, Bamboo, DrawPlots, Garden, Improvements, KeepPlot, Pending, PlacePlot, Plot, State

#: Moves are a union of classes: structured through ``Any`` to satisfy ``serial.structure``.
_MOVE: Any = Move
_PENDING: Any = Pending

#: The version of the saved-state format this library writes and reads.
FORMAT = 2

#: Whole numbers in a saved state lie in this range (the random source's state is 64 bits).
WHOLE_NUMBERS = range(-(2**63), 2**64)


def _brief(value: Any) -> str:
    """``repr(value)`` cut short: messages name a bad value, never echo a huge one."""
    text = repr(value) if not isinstance(value, (list, dict)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A structure hook that takes only values of ``kind`` itself (cattrs would turn ``"3"``
    into 3, ``2.5`` into 2 and anything into a string); whole numbers within 64 bits."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {_brief(value)}")
        if kind is int and value not in WHOLE_NUMBERS:
            raise ValueError(f"{_brief(value)} is out of range")
        return value

    return structure


def _pool_of(pool: type[Pool]) -> Callable[[Any, Any], Pool]:
    """A structure hook reading a pool from its list of counts (never negative, caps kept)."""

    def structure(data: Any, _: Any) -> Pool:
        if not isinstance(data, list) or not all(type(n) is int and n in WHOLE_NUMBERS for n in data):
            raise ValueError(f"{pool.__name__} must be a list of {len(pool.KINDS)} counts")
        return pool(data)

    return structure


def _make_converter() -> Any:
    converter = serial.make_converter([Move, Pending])
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    # The unions were configured with cattrs' lenient hooks (``"3"`` read as 3): again, strictly.
    for union in (Move, Pending):
        configure_tagged_union(union, converter, tag_name="type")
    for pool in (Bamboo, Improvements, Backs):
        converter.register_unstructure_hook(pool, list)
        converter.register_structure_hook(pool, _pool_of(pool))
    _register_garden(converter)
    serial.register_engine_state(converter, State, _PENDING)
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
                raise ValueError(f"garden entry {_brief(item)} is not [q, r, plot]")
            q, r, plot = item
            cell = (converter.structure(q, int), converter.structure(r, int))
            if cell in plots:
                raise ValueError(f"garden cell {q},{r} holds two plots")
            plots[cell] = converter.structure(plot, Plot)
        return Garden(plots)

    def structure_edge(data: Any, _: Any) -> Edge:
        if not isinstance(data, list) or len(data) != 2:
            raise ValueError(f"edge {_brief(data)} is not two cells")
        a: Hex = converter.structure(data[0], tuple[int, int])
        b: Hex = converter.structure(data[1], tuple[int, int])
        if (a, b) != edge(a, b):  # raises unless adjacent
            raise ValueError(f"edge {_brief(data)} is not written with its smaller cell first")
        return (a, b)

    converter.register_unstructure_hook_func(lambda t: t == Garden, unstructure_garden)
    converter.register_structure_hook_func(lambda t: t == Garden, structure_garden)
    converter.register_unstructure_hook_func(
        lambda t: t == frozenset[Edge], lambda edges: [[list(a), list(b)] for a, b in sorted(edges)]
    )
    converter.register_structure_hook_func(lambda t: t == Edge, structure_edge)


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
    try:
        data = serial.parse_object(text, "a Takenoko state")
    except RecursionError:
        raise InvalidRecord("this Takenoko state is not valid JSON: it is nested too deeply") from None
    except InvalidRecord:
        raise
    except ValueError as err:  # e.g. an integer of more digits than Python reads
        raise InvalidRecord(f"this Takenoko state is not valid JSON: {str(err)[:200]}") from None
    written = data.pop("format", None)
    if written != FORMAT:
        version = "no format (a state saved before format 2)" if written is None else f"format {written!r}"
        raise InvalidRecord(f"this Takenoko state has {version}; this version of tabletop reads format {FORMAT}")
    components = COMPONENTS.pop_saved(data, State)
    moves = data.pop("history", None)
    if not isinstance(moves, list):
        raise InvalidRecord("invalid State: field 'history' must be the list of moves played")
    turns = data.get("turn_number")
    most = most_moves(turns if type(turns) is int and 1 <= turns <= MAX_TURNS else 1)
    if len(moves) > most:
        raise InvalidRecord(
            f"invalid State: field 'history' holds {len(moves)} moves, more than {most} "
            f"(what {_brief(turns)} turns can hold)"
        )
    history = tuple(_move(i, move) for i, move in enumerate(moves))
    data["rules"] = rules
    data["log"] = link_moves(history)
    state = serial.structure(CONVERTER, data, State)
    if components is not STANDARD:
        state = evolve(state, components=components)
    hidden = _hidden_parts(state)
    if hidden:
        raise InvalidRecord(
            f"field {hidden!r} shows hidden information: this is the JSON of a view, not a full Takenoko state"
        )
    return state


#: The most turns a saved state may have begun (a game without a round cap could go on, but a
#: longer one is no game anybody plays: 2,500 rounds of 4 players).
MAX_TURNS = 10_000


def most_moves(turns: int) -> int:
    """The most moves a game can have played by its turn ``turns``: the deal (13 chance
    outcomes at most), then per turn the die and the weather (3), three actions of at most 16
    moves each (an objective drawn among a whole deck of redraws), every channel and improvement
    token placed (29), every objective completed (a hand and more: 8) and the end of the turn."""
    return 13 + turns * (3 + 3 * 16 + 29 + 8 + 1)


def _move(index: int, data: Any) -> Any:
    """The move ``history[index]``; bad JSON raises ``InvalidRecord`` naming it."""
    where = f"field 'history[{index}]'"
    if not isinstance(data, dict) or "type" not in data:
        raise InvalidRecord(f"invalid State: {where} must be a move with its type, not {_brief(data)}")
    try:
        return CONVERTER.structure(data, _MOVE)
    except cattrs.BaseValidationError as err:
        detail = "; ".join(cattrs.transform_error(err, path=f"history[{index}]"))
        raise InvalidRecord(f"invalid State: {where}: {detail[:300]}") from None
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise InvalidRecord(f"invalid State: {where}: {str(err)[:300]}") from None


def _hidden_parts(state: State) -> str:
    """The first field of ``state`` that only a view holds (counted cards, ``?`` tiles, a
    masked random source), or ``""`` for a full state."""
    if state.rng.masked or state.rng.state < 0:
        return "rng"
    if state.tile_pile.hidden:
        return "tile_pile.hidden"
    for index, deck in enumerate(state.decks):
        if deck.hidden:
            return f"decks[{index}].hidden"
    for seat, board in enumerate(state.boards):
        if board.backs.total:
            return f"boards[{seat}].backs"
    tiles = list(state.tile_pile.unseen + state.tile_pile.bottom)
    tiles += [plot.tile for plot in state.garden.values()]
    if HIDDEN_TILE in tiles:
        return "tile_pile" if HIDDEN_TILE in state.tile_pile.cards() else "garden"
    for pending in state.stack:
        if isinstance(pending, (KeepPlot, DrawPlots)) and HIDDEN_TILE in pending.drawn:
            return "stack"
        if isinstance(pending, PlacePlot) and pending.tile == HIDDEN_TILE:
            return "stack"
    for move in state.history:
        if isinstance(move, KeepTile) and HIDDEN_TILE in (move.keep,) + move.under:
            return "history"
    return ""
