"""Saved Keyflower states: the JSON :func:`to_json` writes and :func:`load` reads back.

The JSON object holds every game field of the state, the pending decisions (``"stack"``, each
with its ``"type"``), the moves played (``"history"``, in notation), the component data when it
is not the standard box (``"components"``) and ``"format": 2``; a JSON of another format is
refused naming it. Reading is strict: whole numbers are JSON integers, flags ``true``/``false``,
texts strings; a field of one entry per player must have one per player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import cattrs

from tabletop.keyflower_farmers.components import COMPONENTS
from tabletop.keyflower_farmers.moves import parse_move_text
from tabletop.keyflower_farmers.state import KeyflowerState, Pending, Placement
from tabletop.kernel import serial
from tabletop.kernel.engine import Rules, link_moves
from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.pool import Pool
from tabletop.kernel.rng import Rng

#: The saved-state format this module writes and reads.
STATE_FORMAT = 2

#: The engine's and the state's own fields that a saved state does not carry as such:
#: ``components`` is written by its data, ``log`` as the history, the rest is not data.
_NOT_SAVED = ("components", "rules", "log", "_moves", "_tile_index", "_lot_index", "_owner_index", "_summer_boats")


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A structure hook that takes only values of ``kind`` itself (cattrs would turn ``"3"``
    into 3 and anything into a string)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {value!r}")
        return value

    return structure


def _make_converter() -> cattrs.Converter:
    converter = serial.make_converter([Pending])
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    # Pools are typed by their base class: read as counts, the fields' converters give the kinds.
    converter.register_structure_hook_func(lambda t: t is Pool, lambda data, _: tuple(data))
    converter.register_unstructure_hook(Rng, lambda rng: rng.state)
    converter.register_unstructure_hook_func(lambda t: t == frozenset[int], sorted)
    converter.register_structure_hook(Rng, lambda value, _: Rng(_exactly(int)(value, int)))
    converter.register_unstructure_hook(Placement, lambda p: [p.colour, list(p.moved), p.number, p.paying])
    converter.register_structure_hook(Placement, _structure_placement)
    return converter


def _structure_placement(value: Any, _: Any) -> Placement:
    colour, moved, number, paying = value
    if not (isinstance(moved, list) and all(type(lot) is str for lot in moved)):
        raise TypeError(f"expected a list of lots, not {moved!r}")
    return Placement(_exactly(str)(colour, str), tuple(moved), _exactly(int)(number, int), _exactly(str)(paying, str))


attrs.resolve_types(KeyflowerState)
CONVERTER = _make_converter()


def to_json(state: KeyflowerState) -> str:
    """The full state as JSON (``"format": 2``); the component data only when not standard."""
    data: dict[str, Any] = {"format": STATE_FORMAT}
    for field in attrs.fields(KeyflowerState):
        if field.name in _NOT_SAVED:
            continue
        value = getattr(state, field.name)
        if field.name == "stack":
            data["stack"] = [CONVERTER.unstructure(pending, Pending) for pending in value]
        else:
            data[field.name] = CONVERTER.unstructure(value, field.type)
    data["components"] = COMPONENTS.data(state.components)
    data["history"] = [str(move) for move in state.history]
    return json.dumps(data, separators=(",", ":"))


def load(text: str, rules: Rules[KeyflowerState]) -> KeyflowerState:
    """The state written by :func:`to_json`, run by ``rules``; any defect raises
    :class:`InvalidRecord` naming it. Corrected component data saved with the state is checked
    as the data files are."""
    data = serial.parse_object(text, "a Keyflower state")
    if data.get("format") != STATE_FORMAT:
        raise InvalidRecord(
            f"a Keyflower state of format {data.get('format')!r}: this version reads format {STATE_FORMAT}"
        )
    components = COMPONENTS.pop_saved(data, KeyflowerState)
    history = data.pop("history", None)
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise InvalidRecord("field 'history' must be a list of moves in notation")
    data.pop("format")
    fields: dict[str, Any] = {}
    for field in attrs.fields(KeyflowerState):
        if field.name in _NOT_SAVED:
            continue
        if field.name not in data:
            raise InvalidRecord(f"invalid KeyflowerState: required field missing @ state.{field.name}")
        raw = data.pop(field.name)
        kind: Any = tuple[Pending, ...] if field.name == "stack" else field.type
        fields[field.name] = serial.structure(CONVERTER, raw, kind)
    if data:
        raise InvalidRecord(f"invalid KeyflowerState: unknown fields {sorted(data)}")
    _check_seats(fields)
    try:
        moves = [parse_move_text(move) for move in history]
        return KeyflowerState(components=components, rules=rules, log=link_moves(moves), **fields)
    except (TypeError, ValueError) as err:
        raise InvalidRecord(f"invalid KeyflowerState: {err}") from None


#: The fields that hold one entry per seat.
PER_SEAT = ("screens", "secret", "skills", "wheat", "homes", "winter_hands", "winter_offers", "villages")


def _check_seats(fields: dict[str, Any]) -> None:
    """2 to 6 players, and one entry per player in every field kept per seat."""
    players = fields["players"]
    if not 2 <= players <= 6:
        raise InvalidRecord(f"field 'players': 2 to 6 players, not {players}")
    for name in PER_SEAT:
        if len(fields[name]) != players:
            raise InvalidRecord(f"field {name!r}: one entry per player ({players}), not {len(fields[name])}")
