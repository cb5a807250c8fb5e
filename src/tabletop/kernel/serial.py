"""JSON round trips of game states with cattrs.

Each game builds one converter at import (:func:`make_converter`), registering the unions of its
move and pending-decision classes as tagged unions, and uses :func:`dumps` / :func:`loads`.
Reading bad JSON raises :class:`InvalidRecord` naming the offending field path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Optional, TypeVar

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from tabletop.kernel.errors import InvalidRecord, clipped
from tabletop.kernel.jsontext import parse_json
from tabletop.kernel.pool import Pool

T = TypeVar("T")


def make_converter(unions: Iterable[Any] = ()) -> cattrs.Converter:
    """A converter that writes each class of the given unions with a ``"type"`` tag, and
    pools as lists of counts, and reads whole numbers, flags and texts only from exactly those
    JSON types.

    Fields typed ``union | None`` (e.g. no pending decision once the game is over) are tagged
    too: cattrs treats that optional type as a different union, which it would otherwise write
    without tags and then fail to read back.
    """
    converter = cattrs.Converter(forbid_extra_keys=True)
    _configure_exact(converter)
    _configure_pools(converter)
    for union in unions:
        configure_tagged_union(union, converter, tag_name="type")
        _configure_optional(union, converter)
    return converter


def register_engine_state(converter: cattrs.Converter, state: type, pending: Any) -> None:
    """Hooks for a game's engine state ``state``: its stack written as pending decisions of the
    union ``pending`` tagged by type; the engine's ``rules`` and ``log`` and the ``components``
    not written. Reading takes ``rules`` and ``log`` as the loader puts them in the data, leaves
    ``components`` to the loader, and refuses unknown fields."""

    def unstructure_stack(stack: tuple[Any, ...]) -> list[Any]:
        return [converter.unstructure(item, unstructure_as=pending) for item in stack]

    def structure_stack(data: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(data, list) or not all(isinstance(item, dict) and "type" in item for item in data):
            raise ValueError("the stack must be a list of pending decisions, each with its type")
        return tuple(converter.structure(item, pending) for item in data)

    def given(value: Any, _: Any) -> Any:
        return value

    omit = override(omit=True)
    converter.register_unstructure_hook(
        state,
        make_dict_unstructure_fn(
            state, converter, stack=override(unstruct_hook=unstructure_stack), components=omit, rules=omit, log=omit
        ),
    )
    converter.register_structure_hook(
        state,
        make_dict_structure_fn(
            state,
            converter,
            stack=override(struct_hook=structure_stack),
            rules=override(struct_hook=given),
            log=override(struct_hook=given),
            components=omit,
            _cattrs_forbid_extra_keys=True,
        ),
    )


def _configure_exact(converter: cattrs.Converter) -> None:
    """Whole numbers, flags and texts are read as exactly that JSON type: cattrs would otherwise
    convert (``"false"`` to ``True``, ``7.9`` and ``"7"`` to ``7``), so a corrupted saved state
    would load as another position instead of being refused."""

    def exact(kind: type) -> Any:
        def structure(value: Any, _: Any) -> Any:
            if type(value) is not kind:
                raise TypeError(f"expected {kind.__name__}, not {type(value).__name__}")
            return value

        return structure

    for kind in (int, bool, str):
        converter.register_structure_hook(kind, exact(kind))


def _configure_pools(converter: cattrs.Converter) -> None:
    """Pools (:mod:`tabletop.kernel.pool`) are written as their list of counts and read back
    through their class, which refuses a wrong length, a negative count or one past a cap."""

    def is_pool(cls: Any) -> bool:
        return isinstance(cls, type) and issubclass(cls, Pool)

    converter.register_unstructure_hook_func(is_pool, list)
    converter.register_structure_hook_func(is_pool, lambda data, cls: cls(data))


def _configure_optional(union: Any, converter: cattrs.Converter) -> None:
    optional = Optional[union]  # equals ``union | None`` however the field spells it

    def unstructure(obj: Any) -> Any:
        return None if obj is None else converter.unstructure(obj, unstructure_as=union)

    def structure(data: Any, _: Any) -> Any:
        return None if data is None else converter.structure(data, union)

    converter.register_unstructure_hook_func(lambda t: t == optional, unstructure)
    converter.register_structure_hook_func(lambda t: t == optional, structure)


def dumps(converter: cattrs.Converter, obj: Any) -> str:
    return json.dumps(converter.unstructure(obj), separators=(",", ":"))


def loads(converter: cattrs.Converter, text: str, cls: type[T]) -> T:
    """Structure ``text`` as ``cls``; any defect raises :class:`InvalidRecord` naming the field."""
    return structure(converter, parse_json(text, f"a saved {cls.__name__}"), cls)


def parse_object(text: str, what: str) -> dict[str, Any]:
    """The JSON object in ``text``; a text that is not bounded JSON (see
    :func:`~tabletop.kernel.jsontext.parse_json`) or another JSON value raises :class:`InvalidRecord`."""
    data = parse_json(text, what)
    if not isinstance(data, dict):
        raise InvalidRecord(f"{what} must be a JSON object")
    return data


def structure(converter: cattrs.Converter, data: Any, cls: type[T]) -> T:
    """Structure already parsed JSON ``data`` as ``cls``, with the errors of :func:`loads`."""
    name = getattr(cls, "__name__", None) or str(cls)  # a union of classes has no name
    try:
        return converter.structure(data, cls)
    except cattrs.BaseValidationError as err:
        detail = "; ".join(cattrs.transform_error(err, path="state"))
        raise InvalidRecord(f"invalid {name}: {clipped(detail, 1000)}") from None
    except RecursionError:
        raise InvalidRecord(f"invalid {name}: nested too deeply") from None
    except (TypeError, ValueError, LookupError, AttributeError) as err:
        # cattrs's own hooks (tagged unions) fail so on a value of another JSON type.
        raise InvalidRecord(f"invalid {name}: {clipped(str(err))}") from None
