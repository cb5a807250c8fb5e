"""Nothing mutable is reachable from a state, a view, a registered ``Game`` or the standard
component data, for every registered game and the toy: a caller who changes what they were
given (``view.garden.clear()``, ``components.cards.pop(...)``, ``GAMES[g].options[...] = ...``)
cannot change a game, another state, or every later ``new_game`` of the process.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import tabletop
from tabletop import GAMES
from tabletop.kernel.engine import Link
from toy import register
from toy.game import TOY

MUTABLE = (list, dict, set, bytearray)
ATOMS = (str, bytes, int, float, complex, bool, type(None), type, types.ModuleType, range, slice)
CALLABLES = (types.FunctionType, types.BuiltinFunctionType, types.BuiltinMethodType)


def mutable_paths(root: Any, name: str, limit: int = 5) -> list[str]:
    """The paths (``state.garden``, ``game.declared.options[3].default``) of the first ``limit``
    mutable containers reachable from ``root``; the engine's ``rules`` (functions of the game,
    checked by their own test) is not followed."""
    found: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[Any, str]] = [(root, name)]
    while todo and len(found) < limit:
        value, path = todo.pop()
        if id(value) in seen or isinstance(value, ATOMS) or isinstance(value, CALLABLES):
            continue
        seen.add(id(value))
        if isinstance(value, MUTABLE):
            found.append(f"{path} ({type(value).__name__})")
        elif isinstance(value, types.MethodType):
            todo.append((value.__self__, f"{path}.__self__"))
        elif isinstance(value, types.MappingProxyType):
            todo.extend((item, f"{path}[{key!r}]") for key, item in value.items())
        elif isinstance(value, tuple | frozenset):
            todo.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
            todo.extend(_attributes(value, path))
        else:
            todo.extend(_attributes(value, path))
    return found


def _attributes(value: Any, path: str) -> Iterator[tuple[Any, str]]:
    names: list[str] = []
    if hasattr(value, "__dict__"):
        names += list(vars(value))
    for cls in type(value).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    for attribute in dict.fromkeys(names):
        if attribute in ("rules", "__weakref__", "__dict__"):
            continue
        try:
            yield getattr(value, attribute), f"{path}.{attribute}"
        except AttributeError:
            continue


NAMES = [*sorted(GAMES), "toy"]

@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, TOY)


def _positions(name: str) -> Iterator[Any]:
    """A few positions of a game: the start and some way into a game (its history too)."""
    game = GAMES[name]
    state = game.new_game(max(2, game.min_players), seed=11)
    for step in range(60):
        if step % 20 == 0:
            yield state
        if state.is_over:
            break
        state = state.apply(state.legal_moves()[step % len(state.legal_moves())])
    yield state


def test_the_walk_finds_what_is_mutable() -> None:
    @attrs.frozen
    class Box:
        items: tuple[Any, ...]
        table: Any

    box = Box(items=(1, (2, [3])), table=types.MappingProxyType({"a": {4}}))
    assert mutable_paths(box, "box") == ["box.table['a'] (set)", "box.items[1][1] (list)"]


@pytest.mark.parametrize("name", NAMES)
def test_nothing_mutable_is_reachable_from_a_state(name: str) -> None:
    for state in _positions(name):
        assert mutable_paths(state, "state") == []
        assert isinstance(state.log, Link | None)


@pytest.mark.parametrize("name", NAMES)
def test_nothing_mutable_is_reachable_from_a_view(name: str) -> None:
    for state in _positions(name):
        for seat in range(state.players):
            assert mutable_paths(state.view(seat), f"view({seat})") == []


@pytest.mark.parametrize("name", NAMES)
def test_nothing_mutable_is_reachable_from_the_game(name: str) -> None:
    game = GAMES[name]
    # The standard component data is reached through the ``components`` option's check.
    assert mutable_paths(game, "game") == []


def test_the_registry_is_read_only() -> None:
    with pytest.raises(TypeError):
        tabletop.GAMES["chess"] = TOY  # type: ignore[index]
    with pytest.raises(TypeError):
        del tabletop.GAMES["toy"]  # type: ignore[attr-defined]
    assert not isinstance(tabletop.GAMES, MUTABLE)


def test_declared_options_are_read_only() -> None:
    for name in NAMES:
        declared = GAMES[name].declared
        for table in (GAMES[name].options, GAMES[name].option_help, declared.defaults):
            with pytest.raises(TypeError):
                table["chance"] = "explicit"  # type: ignore[index]
        assert isinstance(declared.options, tuple)
        assert all(isinstance(option.choices, tuple) for option in declared.options)


@pytest.mark.parametrize("name", [*sorted(GAMES), "toy"])
def test_the_engine_tables_of_a_game_are_read_only(name: str) -> None:
    rules = _start_rules(name)
    assert not isinstance(rules.decisions, MUTABLE)


def _start_rules(name: str) -> Any:
    game = GAMES[name]
    return game.new_game(max(2, game.min_players), seed=1).rules
