"""The JSON form of a Loyang state (format 2).

The saved state holds every field of the position, the engine's decision stack under
``"stack"``, the moves played so far under ``"history"`` (the engine keeps them as linked
:class:`~tabletop.kernel.engine.Link` values; they are written as a list), ``"format": 2`` and
the component data when it is not the standard one. States saved before format 2 (without a
``"format"`` field) are refused with an :class:`~tabletop.kernel.api.InvalidRecord` that says so.
"""

from __future__ import annotations

import json
from typing import Any

from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import Rules, evolve, link_moves
from tabletop.kernel.pool import PoolError
from tabletop.kernel.serial import make_converter
from tabletop.loyang.components import COMPONENTS, STANDARD, Vegetables
from tabletop.loyang.moves import Move
from tabletop.loyang.state import LoyangState, Pending

#: The version of the saved state that this module writes and reads.
FORMAT = 2

_CONVERTER = make_converter([Pending, Move])
_CONVERTER.register_unstructure_hook(Vegetables, list)


def _vegetables(value: Any, _: Any) -> Vegetables:
    if not isinstance(value, list):
        raise ValueError(f"vegetable counts must be a list of 6 whole numbers, not {value!r}")
    try:
        return Vegetables(value)
    except PoolError as err:
        raise ValueError(str(err)) from None


_CONVERTER.register_structure_hook(Vegetables, _vegetables)
_OMIT = override(omit=True)
# The engine types its stack loosely; Loyang's holds its pending decisions.
_STACK = tuple[Pending, ...]
_UNSTRUCTURE = make_dict_unstructure_fn(
    LoyangState,
    _CONVERTER,
    components=_OMIT,
    rules=_OMIT,
    log=_OMIT,
    _moves=_OMIT,
    stack=override(unstruct_hook=lambda stack: _CONVERTER.unstructure(stack, _STACK)),
)
_STRUCTURE = make_dict_structure_fn(
    LoyangState,
    _CONVERTER,
    _cattrs_forbid_extra_keys=True,
    components=_OMIT,
    log=_OMIT,
    rules=override(struct_hook=lambda value, _: value),
    stack=override(struct_hook=lambda value, _: _CONVERTER.structure(value, _STACK)),
)
_CONVERTER.register_structure_hook(LoyangState, _STRUCTURE)


def to_json(state: LoyangState) -> str:
    """The full state as JSON; the component data is included only when it is not standard."""
    data: dict[str, Any] = _UNSTRUCTURE(state)
    data["history"] = _CONVERTER.unstructure(list(state.history), list[Move])
    data["format"] = FORMAT
    data["components"] = COMPONENTS.data(state.components)
    return json.dumps(data, separators=(",", ":"))


def from_json(text: str, rules: Rules[LoyangState]) -> LoyangState:
    """Read a state written by :func:`to_json`, to be run by ``rules``; bad input raises
    ``InvalidRecord`` naming the field. Custom component data saved with the state is checked
    as the data files are."""
    data = serial.parse_object(text, "a Loyang state")
    version = data.pop("format", None)
    if version != FORMAT:
        saved = "before format 2 (it has no 'format' field)" if version is None else f"in format {version!r}"
        raise InvalidRecord(
            f"this Loyang state was saved {saved}; this version reads format {FORMAT} only: "
            "replay the game record instead"
        )
    components = COMPONENTS.pop_saved(data, LoyangState)
    history = serial.structure(_CONVERTER, data.pop("history", None), list[Move])
    data["rules"] = rules
    state = serial.structure(_CONVERTER, data, LoyangState)
    if state.n not in (1, 2, 3, 4) or len(state.seats) != state.n + (1 if state.n == 1 else 0):
        raise InvalidRecord("field 'n'/'seats': 1-4 players, plus the solo opponent")
    changes: dict[str, Any] = {"log": link_moves(history)}
    if components is not STANDARD:
        changes["components"] = components
    return evolve(state, **changes)
