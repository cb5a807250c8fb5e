"""Fuzzing every game's loading: mutated saved states and records either load into a position
that plays on without error, or are refused with ``InvalidRecord`` -- nothing else.

A case takes a real position of a game (the start and points along a random playout, every
player count), writes it (``to_json``, or its game record), mutates the JSON (a field deleted,
a value of another type, a huge or non-finite number, deep nesting, an element removed or
doubled, a placeholder, the text cut short) and reads it back. A loaded position must keep the
game's invariants and play on: legal moves while not over, every seat's view, render,
``to_json`` round trip and a few random moves. The default profile tries a few hundred cases per
game (a few seconds); ``TABLETOP_HYPOTHESIS=thorough`` tries :data:`budget.THOROUGH_FACTOR`
times more. The cases are drawn from a fixed seed, so a failure names a case that reproduces.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from budget import examples
from tabletop import GAMES
from tabletop.kernel.api import Game, InvalidRecord
from tabletop.kernel.record import record_of
from toy import register
from toy.game import TOY

ALL = {**GAMES, "toy": TOY}

#: Cases per game and kind in the default profile.
CASES = {"state": 250, "record": 80}

#: Values a mutation puts in place of another: other types, huge and extreme numbers,
#: placeholders of hidden information.
REPLACEMENTS: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 7, 2**31, 2**63, -(2**63), 10**30, 1.5, -0.5, 1e308,
    "", "x", "?", "A?", "P?", "7", "true", [], {}, [1], {"type": "x"}, [[[]]],
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """A mutation of the JSON ``text`` and its description."""
    kind = rng.choice(("delete", "replace", "replace", "replace", "nest", "shrink", "double", "truncate", "text"))
    if kind == "truncate":
        cut = rng.randrange(len(text))
        return text[:cut], f"cut at {cut}"
    if kind == "text":
        token = rng.choice(("NaN", "Infinity", "-Infinity", "1" + "0" * 400, "1e999"))
        spots = [i for i, c in enumerate(text) if c in ":[" ]
        at = rng.choice(spots) + 1
        end = at
        while end < len(text) and text[end] not in ",]}":
            end += 1
        return text[:at] + token + text[end:], f"{token} at {at}"
    data = json.loads(text)
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent, key = _at(data, path[:-1]), path[-1]
    if kind == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif kind == "replace":
        parent[key] = rng.choice(REPLACEMENTS)
    elif kind == "nest":
        value: Any = parent[key]
        for _ in range(rng.choice((70, 1_000))):
            value = [value]
        parent[key] = value
    else:
        lists = [p for p in _paths(data) if isinstance(_at(data, p), list) and _at(data, p)]
        if not lists:
            return text, "unchanged"
        path = rng.choice(lists)
        target = _at(data, path)
        index = rng.randrange(len(target))
        if kind == "shrink":
            target.pop(index)
        else:
            target.insert(index, target[index])
    try:
        mutated = json.dumps(data)
    except RecursionError:
        return "[" * 100_000, f"{kind} {path}"
    return mutated, f"{kind} {list(path)}"


def plays_on(game: Game[Any], state: Any, rng: random.Random) -> None:
    """Everything a loaded position must do without error."""
    assert game.invariants(state) == [], game.invariants(state)
    for _ in range(12):
        assert bool(state.legal_moves()) != state.is_over, "no legal moves in a game that is not over"
        game.render(state)
        state.scores()
        state.winners()
        assert game.from_json(state.to_json()) == state
        for seat in range(state.players):
            state.view(seat)
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_moves()))


def _bases(name: str) -> list[Any]:
    """Positions to mutate: every player count, at the start and along a random playout."""
    game = ALL[name]
    states = []
    for players in range(game.min_players, game.max_players + 1):
        chooser = random.Random(players)
        state = game.new_game(players, seed=players)
        for step in range(400):
            if step in (0, 7, 40, 150) or state.is_over:
                states.append(state)
            if state.is_over:
                break
            state = state.apply(chooser.choice(state.legal_moves()))
    return states


def run_cases(name: str, kind: str, n: int) -> tuple[int, int, list[str]]:
    """``n`` cases of ``kind`` (``"state"`` or ``"record"``) for game ``name``: how many
    loaded, how many were refused, and the failures (case, mutation, error)."""
    game = ALL[name]
    bases = _bases(name)
    rng = random.Random(f"{name} {kind}")
    loaded = refused = 0
    failures: list[str] = []
    for case in range(n):
        base = bases[case % len(bases)]
        text = base.to_json() if kind == "state" else record_of(game, base, base.players).to_json()
        mutated, what = mutate(text, rng)
        read: Callable[[str], Any] = game.from_json if kind == "state" else game.replay
        try:
            state = read(mutated)
        except InvalidRecord:
            refused += 1
            continue
        except Exception as err:
            failures.append(f"case {case} ({what}): load raised {type(err).__name__}: {str(err)[:160]}")
            continue
        try:
            plays_on(game, state, random.Random(case))
        except Exception as err:
            failures.append(f"case {case} ({what}): loaded, then {type(err).__name__}: {str(err)[:160]}")
            continue
        loaded += 1
    return loaded, refused, failures


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, TOY)


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_mutated_saved_state_loads_and_plays_on_or_is_refused(name: str) -> None:
    loaded, refused, failures = run_cases(name, "state", examples(CASES["state"]))
    assert not failures, f"{len(failures)} failures, {loaded} loaded, {refused} refused:\n" + "\n".join(failures[:15])


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_mutated_record_replays_and_plays_on_or_is_refused(name: str) -> None:
    loaded, refused, failures = run_cases(name, "record", examples(CASES["record"]))
    assert not failures, f"{len(failures)} failures, {loaded} loaded, {refused} refused:\n" + "\n".join(failures[:15])


def test_the_mutations_cover_every_kind() -> None:
    rng = random.Random(1)
    text = TOY.new_game(2, seed=1).to_json()
    kinds = {mutate(text, rng)[1].split(" ")[0] for _ in range(300)}
    assert {"delete", "replace", "nest", "shrink", "double", "cut", "NaN"} <= kinds
