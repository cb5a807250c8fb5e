"""Walks over everything an object reaches, private attributes included: the mutable values
it holds, and the differences between two objects.

Functions, classes and modules end a walk (they are code, shared by every state, not data).
Caches are walked like any attribute: the engine's cache of legal moves is a tuple, and the
garden keeps no memo table (the rules keep theirs in their modules).
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping
from typing import Any

_CODE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, type)
_ATOMS = (str, bytes, int, float, complex, bool, type(None))
_MUTABLE = (list, dict, set, bytearray)


def _attributes(obj: Any) -> Iterator[tuple[str, Any]]:
    """Every attribute ``obj`` holds: its ``__dict__`` and its slots, private ones included."""
    names = dict.fromkeys(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.update(dict.fromkeys((slots,) if isinstance(slots, str) else slots))
    for name in names:
        if name in ("__dict__", "__weakref__"):
            continue
        try:
            yield name, object.__getattribute__(obj, name)
        except AttributeError:
            continue


def mutable_values(root: Any, name: str = "root") -> list[str]:
    """The path of every list, dict, set or bytearray reachable from ``root``."""
    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[Any, str]] = [(root, name)]
    while stack:
        obj, path = stack.pop()
        if isinstance(obj, _ATOMS) or isinstance(obj, _CODE) or id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, _MUTABLE):
            found.append(f"{path}: {type(obj).__name__}")
        if isinstance(obj, (Mapping, dict)):
            for key, value in list(obj.items()):
                stack.append((key, f"{path} key {key!r}"))
                stack.append((value, f"{path}[{key!r}]"))
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(obj))
        for attribute, value in _attributes(obj):
            stack.append((value, f"{path}.{attribute}"))
    return found


def differences(a: Any, b: Any, name: str = "root") -> list[str]:
    """Where ``a`` and ``b`` differ, walking their attributes (private ones and caches included),
    items and elements; the two must be equal in every value they reach and of the same types."""
    out: list[str] = []
    stack: list[tuple[Any, Any, str]] = [(a, b, name)]
    seen: set[tuple[int, int]] = set()
    while stack and len(out) < 20:
        x, y, path = stack.pop()
        if (id(x), id(y)) in seen:
            continue
        seen.add((id(x), id(y)))
        if type(x) is not type(y):
            out.append(f"{path}: {type(x).__name__} != {type(y).__name__}")
        elif isinstance(x, _ATOMS) or isinstance(x, _CODE):
            if x != y and not (x is y):
                out.append(f"{path}: {x!r} != {y!r}")
        elif hasattr(x, "dtype") and hasattr(x, "shape"):  # a numpy array (a cached encoding)
            if x.shape != y.shape or not (x == y).all():
                out.append(f"{path}: arrays differ")
        else:
            # Containers by their items, then every object (containers included) by its attributes.
            if isinstance(x, (Mapping, dict)):
                if list(x) != list(y):
                    out.append(f"{path}: keys {list(x)[:6]} != {list(y)[:6]}")
                    continue
                stack.extend((x[k], y[k], f"{path}[{k!r}]") for k in x)
            elif isinstance(x, (tuple, list)):
                if len(x) != len(y):
                    out.append(f"{path}: {len(x)} items != {len(y)}")
                    continue
                stack.extend((p, q, f"{path}[{i}]") for i, (p, q) in enumerate(zip(x, y)))
            elif isinstance(x, (set, frozenset)):
                if x != y:
                    out.append(f"{path}: {sorted(map(repr, x ^ y))[:6]} in one only")
                continue
            attributes = dict(_attributes(x))
            others = dict(_attributes(y))
            if list(attributes) != list(others):
                out.append(f"{path}: attributes {list(attributes)} != {list(others)}")
            elif not attributes and not isinstance(x, (Mapping, tuple, list)) and x != y:
                out.append(f"{path}: {x!r} != {y!r}")
            else:
                stack.extend((attributes[k], others[k], f"{path}.{k}") for k in attributes)
    return out
