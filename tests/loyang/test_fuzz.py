"""Fuzzing the loading of saved states: a mutated state either loads into a sound position that
plays on, or is refused with ``InvalidRecord`` - never another error, never a broken position.

Saved states are taken at random points of random games (1-4 players, the introductory
version, explicit chance), then fields are flipped, replaced, deleted, given another type,
huge numbers or deep nesting. The default profile tries a few hundred cases; the thorough one
(``TABLETOP_HYPOTHESIS=thorough``, see ``tests/budget.py``) many more, each loaded state
played on to the end. ``python tests/loyang/test_fuzz.py CASES SEED`` (from ``tests/loyang``)
runs a long fuzz and prints its figures.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

from budget import examples

from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.rng import Rng
from tabletop.loyang import GAME, determinize, invariants, new_game, observation

DEEP = "@@deep@@"
#: Values a field may be replaced with: other types, coercible look-alikes, extremes.
ODD_VALUES: tuple[Any, ...] = (
    0, 1, -1, 2, 7, 69, 70, 99, 100, 107, 108, 7.9, -0.0, "7", "false", "true", "", "?",
    True, False, None, [], {}, [0], [-1], {"type": "nothing"}, 10**100, -(10**100), 2**64,
    1e308, [0] * 70, list(range(200)), DEEP,
)


def saved_states(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` saved states (parsed JSON) from one random game chosen by ``seed``."""
    chooser = random.Random(seed)
    options: dict[str, Any] = {"introductory": chooser.random() < 0.3}
    if chooser.random() < 0.3:
        options["chance"] = "explicit"
    state = new_game(chooser.randint(1, 4), seed=seed, **options)
    states = [state]
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        states.append(state)
    return [json.loads(s.to_json()) for s in chooser.sample(states, min(count, len(states)))]


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside ``node`` (dictionary keys and list positions)."""
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_places(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_places(value, (*path, i)))
    return out


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def mutate(data: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """``data`` with one to three random changes."""
    data = json.loads(json.dumps(data))
    for _ in range(chooser.randint(1, 3)):
        places = _places(data)[1:]
        path = chooser.choice(places)
        parent, key = _at(data, path[:-1]), path[-1]
        value = parent[key]
        how = chooser.randrange(6)
        if how == 0:  # delete the field or element
            del parent[key]
        elif how == 1 and type(value) is int:  # a nearby number
            parent[key] = value + chooser.choice((-2, -1, 1, 2, 5, 70))
        elif how == 2 and type(value) is bool:
            parent[key] = not value
        elif how == 3:  # a value found elsewhere in the state
            parent[key] = json.loads(json.dumps(_at(data, chooser.choice(places))))
        elif how == 4 and isinstance(value, list):  # a duplicated or dropped element
            if value and chooser.random() < 0.5:
                value.append(json.loads(json.dumps(chooser.choice(value))))
            elif value:
                value.pop(chooser.randrange(len(value)))
        else:
            parent[key] = json.loads(json.dumps(chooser.choice(ODD_VALUES)))  # a copy: they are shared
    return data


def text_of(data: dict[str, Any]) -> str:
    return json.dumps(data).replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)


def check_sound(state: Any, chooser: random.Random, playout: int) -> None:
    """A loaded state is a sound position: invariants hold, it can be shown and seen by every
    seat, every legal move applies, and it plays on for ``playout`` moves (to the end if -1)."""
    assert invariants(state) == []
    assert GAME.from_json(state.to_json()) == state
    str(state)
    for seat in range(state.players):
        view = state.view(seat)
        observation(view, seat)
        assert invariants(determinize(view, Rng.from_seed(seat))) == []
    for move in state.legal_moves():
        after = state.apply(move)
        assert invariants(after) == []
    steps = 0
    while not state.is_over and steps != playout:
        moves = state.legal_moves()
        assert moves, "a live game must offer moves"
        state = state.apply(chooser.choice(moves))
        assert invariants(state) == []
        steps += 1


def fuzz(cases: int, seed: int = 0, playout: int = 30) -> Counter[str]:
    """Try ``cases`` mutated states; count them as refused or loaded. Anything else raises."""
    chooser = random.Random(seed)
    bases = [data for game in range(max(4, cases // 40)) for data in saved_states(seed * 1000 + game, 10)]
    figures: Counter[str] = Counter()
    for case in range(cases):
        text = text_of(mutate(chooser.choice(bases), chooser))
        try:
            state = GAME.from_json(text)
        except InvalidRecord as err:
            assert len(str(err)) < 1_000, "a refusal does not echo the input"
            figures["refused"] += 1
            continue
        try:
            check_sound(state, chooser, playout)
        except Exception as err:
            raise AssertionError(f"case {case}: loaded but not sound ({err!r}): {text[:3000]}") from err
        figures["loaded"] += 1
    figures["tried"] = cases
    return figures


def test_mutated_states_load_soundly_or_are_refused() -> None:
    cases = examples(300)
    figures = fuzz(cases, seed=cases, playout=-1 if cases > 300 else 30)
    assert figures["refused"] + figures["loaded"] == cases
    assert figures["loaded"] > 0 and figures["refused"] > 0


def test_unchanged_saved_states_all_load() -> None:
    for data in saved_states(7, 30):
        assert GAME.from_json(json.dumps(data)).to_json() == json.dumps(data, separators=(",", ":"))


if __name__ == "__main__":
    cases, seed = (int(arg) for arg in (sys.argv[1:] + ["10000", "1"][len(sys.argv) - 1 :])[:2])
    print(dict(fuzz(cases, seed=seed, playout=-1)))
