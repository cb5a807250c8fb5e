"""JSON round trips of game states with cattrs.

Each game builds one converter at import (:func:`make_converter`), registering the unions of its
move and pending-decision classes as tagged unions, and uses :func:`dumps` / :func:`loads`.
Reading bad JSON raises :class:`InvalidRecord` naming the offending field path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeVar

import cattrs
from cattrs.strategies import configure_tagged_union

from tabletop.kernel.api import InvalidRecord

T = TypeVar("T")


def make_converter(unions: Iterable[Any] = ()) -> cattrs.Converter:
    """A converter that writes each class of the given unions with a ``"type"`` tag."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    for union in unions:
        configure_tagged_union(union, converter, tag_name="type")
    return converter


def dumps(converter: cattrs.Converter, obj: Any) -> str:
    return json.dumps(converter.unstructure(obj), separators=(",", ":"))


def loads(converter: cattrs.Converter, text: str, cls: type[T]) -> T:
    """Structure ``text`` as ``cls``; any defect raises :class:`InvalidRecord` naming the field."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidRecord(f"not valid JSON: {err}") from None
    try:
        return converter.structure(data, cls)
    except cattrs.BaseValidationError as err:
        detail = "; ".join(cattrs.transform_error(err, path="state"))
        raise InvalidRecord(f"invalid {cls.__name__}: {detail}") from None
    except (TypeError, ValueError, KeyError) as err:
        raise InvalidRecord(f"invalid {cls.__name__}: {err}") from None
