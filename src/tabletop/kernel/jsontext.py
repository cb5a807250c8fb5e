"""Reading JSON from outside (saved states, game records, option values) within bounds.

Python's ``json`` module reads anything: a text of 100,000 ``[`` raises ``RecursionError``, a
5,000-digit number ``ValueError``, ``NaN`` and ``1e400`` load as floats no rule expects, and a
text of any size is read whole. :func:`parse_json` refuses each of those with
:class:`~tabletop.kernel.errors.InvalidRecord` (naming what was read), so that every reader of
outside JSON gets the same clean refusal.
"""

from __future__ import annotations

import json
import math
from typing import Any

from tabletop.kernel.errors import InvalidRecord, quoted

#: The largest JSON text read (characters): far above any saved state or record of a real game
#: (tens of kilobytes), far below what would take the machine's memory.
MAX_JSON_CHARS = 20_000_000

#: The deepest nesting of arrays and objects read: saved states nest a dozen levels.
MAX_DEPTH = 64

#: The most digits of a JSON number (a 64-bit random state has 20).
MAX_DIGITS = 40


class _Refused(ValueError):
    """A JSON value outside the bounds (raised by the number hooks while parsing)."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _real(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused(f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {quoted(text)}, too large")
    return value


def _constant(name: str) -> Any:
    raise _Refused(f"{name} (not a JSON number)")


def parse_json(text: Any, what: str) -> Any:
    """The JSON value of ``text`` (``what`` names it in messages: ``"the record"``).

    Raises :class:`InvalidRecord` for a text that is not a ``str``, is longer than
    :data:`MAX_JSON_CHARS`, is not JSON, nests deeper than :data:`MAX_DEPTH`, or holds ``NaN``,
    ``Infinity`` or a number of more than :data:`MAX_DIGITS` digits.
    """
    if isinstance(text, bytes | bytearray):
        raise InvalidRecord(f"{what} must be text (str), not bytes: decode it first")
    if not isinstance(text, str):
        raise InvalidRecord(f"{what} must be JSON text (str), not {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidRecord(f"{what} is {len(text):,} characters long, more than the {MAX_JSON_CHARS:,} read")
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except RecursionError:
        raise InvalidRecord(f"{what} nests arrays or objects too deeply (at most {MAX_DEPTH} levels)") from None
    except _Refused as err:
        raise InvalidRecord(f"{what} holds {err}{_where_refused(text)}") from None
    except json.JSONDecodeError as err:
        raise InvalidRecord(f"{what} is not valid JSON: {err.msg} (line {err.lineno} column {err.colno})") from None
    except ValueError as err:  # e.g. a number past Python's digit limit
        raise InvalidRecord(f"{what} is not valid JSON: {quoted(str(err))}") from None
    if _depth_over(data, MAX_DEPTH):
        raise InvalidRecord(f"{what} nests arrays or objects too deeply (at most {MAX_DEPTH} levels)")
    return data


class _Marked(str):
    """A value :func:`parse_json` refuses, kept in place to find where it stands."""


def _marked(text: str) -> Any:
    try:
        _whole(text) if text.lstrip("-").isdigit() else _real(text)
    except (_Refused, ValueError):
        return _Marked(text)
    return 0


def _where_refused(text: str) -> str:
    """`` at field 'a.b[2]'``: where the first refused number stands (``""`` if not found)."""
    try:
        data = json.loads(text, parse_int=_marked, parse_float=_marked, parse_constant=_Marked)
    except (RecursionError, ValueError):
        return ""
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        path, value = todo.pop(0)
        if isinstance(value, _Marked):
            return f" at field {path.lstrip('.')!r}"
        if isinstance(value, dict):
            todo.extend((f"{path}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            todo.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
    return ""


def _depth_over(data: Any, limit: int) -> bool:
    """Whether ``data`` nests lists and dicts more than ``limit`` deep (walked without recursion)."""
    level = [data]
    for _ in range(limit + 1):
        below: list[Any] = []
        for value in level:
            if isinstance(value, list):
                below.extend(value)
            elif isinstance(value, dict):
                below.extend(value.values())
        if not below:
            return False
        level = below
    return True
