"""Fuzzing saved Takenoko states: mutated JSON either loads into a sound position that plays on,
or is refused with ``InvalidRecord``, and nothing else.

Each case takes a state from a random game (2-4 players, assorted options, both chance modes),
mutates its JSON (a field flipped, replaced, deleted or retyped, a number made huge, a value
nested deeply, a list item dropped, doubled or moved, component data changed) and loads it.
A loaded state must keep the invariants, offer moves unless it is over, and survive a random
continuation (every step checked), its render, its views and its observations.

The default profile tries a few hundred cases; ``TABLETOP_HYPOTHESIS=thorough`` (see
``tests/budget.py``) multiplies them. ``python -m tests.takenoko.test_fuzz CASES`` runs any
number and prints the figures (cases tried, refused, loaded).
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import HiddenChance
from tabletop.takenoko import GAME, invariants, new_game, observation

try:
    from tests.budget import examples
except ImportError:  # run from the tests folder
    from budget import examples  # type: ignore[no-redef]

#: Cases per chunk in the default profile (chunks run in parallel under xdist).
CHUNKS = 8
CASES_PER_CHUNK = 40

_OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"chance": "explicit"},
    {"declare_actions": True},
    {"bamboo_supply": "2011", "redraw_satisfied": True, "chance": "explicit"},
    {"bamboo_supply": "later", "clouds_when_empty": "move_improvement", "channel_on_pond_border": True},
    {"weather": False, "max_rounds": 3},
    {"improvement_on_bamboo": True, "rain_needs_irrigation": False, "gardener_on_plot": True},
)

_ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 4, 5, 7, 27, 10**100, -(10**100), 2**64, 1.5, 2.0,
    float("inf"), float("-inf"), float("nan"), "", "?", "G", "YW", "P?", "A?", "P01", "G15", "A15",
    "sun", "plot", "later", "2012", [], [0, 0], [[0, 0], [1, 0]], {}, {"type": "ChooseAction", "seat": 0},
)


#: Words a saved state uses: a plausible value changed for another is the subtlest defect.
_WORDS: tuple[str, ...] = (
    "sun", "rain", "wind", "storm", "clouds", "plot", "irrigation", "gardener", "panda", "objective",
    "2011", "later", "unlimited", "explicit", "sampled", "move_improvement", "other_weather",
    "G", "Y", "P", "GW", "PF", "YE", "P01", "A01", "G01", "watershed", "fertilizer", "enclosure",
)

#: Pending decisions, to put on the stack in place of the one asked.
_DECISIONS: tuple[dict[str, Any], ...] = (
    {"type": "ChooseAction", "seat": 0},
    {"type": "Declare", "seat": 0},
    {"type": "Rain", "seat": 0},
    {"type": "Storm", "seat": 1},
    {"type": "Clouds", "seat": 0},
    {"type": "WeatherChoice", "seat": 0, "choices": ["sun"]},
    {"type": "KeepPlot", "seat": 0, "drawn": ["G", "Y"]},
    {"type": "PlacePlot", "seat": 0, "tile": "G"},
    {"type": "WeatherDie", "seat": -1},
    {"type": "DrawPlots", "seat": -1, "drawn": [], "left": 3},
    {"type": "DrawObjective", "seat": -1, "deck": 1, "looks": 1},
    {"type": "DealObjective", "seat": -1, "to": 0, "deck": 0},
    {"type": "DrawStartPlayer", "seat": -1},
)


def _plausible(value: Any, path: tuple[Any, ...], chooser: random.Random) -> Any:
    """Another value of the kind the field holds: a flag flipped, a number moved by one, a
    word or a pending decision for another."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return chooser.choice([value + 1, value - 1, 0, 1, 2, 3])
    if isinstance(value, str):
        return chooser.choice(_WORDS)
    if value is None:
        return chooser.choice([0, 1, ["plot", "panda"], ["plot"]])
    if path[0] == "stack" and isinstance(value, dict):
        return copy.deepcopy(chooser.choice(_DECISIONS))
    if isinstance(value, list) and value:
        return value[1:] if chooser.random() < 0.5 else value + value[:1]
    return value


def _base_states(seed: int) -> list[str]:
    """Saved states of random games at random moments (over ones included)."""
    chooser = random.Random(seed)
    texts = []
    for i, options in enumerate(_OPTION_SETS):
        state = new_game(2 + (seed + i) % 3, seed=seed * 31 + i, **options)
        stops = sorted(chooser.sample(range(400), 3))
        moves = 0
        for stop in stops:
            while moves < stop and not state.is_over:
                state = state.apply(chooser.choice(state.legal_moves()))
                moves += 1
            texts.append(state.to_json())
    return texts


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the JSON tree ``data`` (the root excluded)."""
    out = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        out.append(path + (key,))
        out.extend(_paths(value, path + (key,)))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _retyped(value: Any, chooser: random.Random) -> Any:
    if isinstance(value, bool):
        return not value if chooser.random() < 0.5 else str(value).lower()
    if isinstance(value, int):
        return chooser.choice([value + 1, value - 1, -value, value * 1000, str(value), float(value), value + 0.5])
    if isinstance(value, str):
        return chooser.choice([value + "x", value[:-1], value.upper(), [value], 0])
    if isinstance(value, list):
        return chooser.choice([{}, tuple_like(value), value[::-1], value + value[:1], value[1:]])
    if isinstance(value, dict):
        return chooser.choice([list(value.values()), {**value, "extra": 1}, {}])
    return chooser.choice(_ODD_VALUES)


def tuple_like(value: list[Any]) -> dict[str, Any]:
    return {str(i): item for i, item in enumerate(value)}


def _mutate(data: dict[str, Any], chooser: random.Random) -> str:
    """Change ``data`` in place in one random way; returns what was done."""
    if chooser.random() < 0.15:
        # Component data: the standard box's, changed.
        from tabletop.takenoko.components import STANDARD

        data["components"] = STANDARD.as_data()
    # A field first, then a place in it: small fields (options, turn, stack) are hit as often
    # as the garden or the history.
    field = chooser.choice(list(data))
    paths = [p for p in _paths(data) if p[0] == field]
    path = chooser.choice(paths)
    parent, key = _at(data, path[:-1]), path[-1]
    value = parent[key]
    kind = chooser.randrange(10)
    if kind >= 8:
        parent[key] = _plausible(value, path, chooser)
    elif kind == 0:
        del parent[key]
        return f"deleted {path}"
    if kind == 1:
        parent[key] = chooser.choice(_ODD_VALUES)
    elif kind == 2:
        parent[key] = _retyped(value, chooser)
    elif kind == 3:
        parent[key] = _nested(chooser.choice([5, 50, 500]))
        return f"nested {path} deeply"
    elif kind == 4 and isinstance(parent, list):
        parent.insert(chooser.randrange(len(parent) + 1), copy.deepcopy(value))
    elif kind == 5 and isinstance(parent, list) and len(parent) > 1:
        other = chooser.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == 6 and isinstance(value, list):
        parent[key] = value * chooser.choice([2, 10, 1000])
    else:
        parent[key] = chooser.choice([10**100, float("inf"), float("nan"), -1, 0])
    return f"changed {path} from {_short(value)} to {_short(parent[key])}"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) < 60 else text[:57] + "..."


def _plays_on(state: Any, chooser: random.Random, steps: int) -> None:
    """Check a loaded state: sound, playable, drawable, viewable, for ``steps`` random moves;
    every legal move of the loaded state applies."""
    for move in state.legal_moves():
        assert invariants(state.apply(move)) == []
    for _ in range(steps):
        problems = invariants(state)
        assert problems == [], problems
        str(state)
        state.scores()
        for seat in range(state.players):
            view = state.view(seat)
            observation(state, seat)
            str(view)
        if state.is_over:
            state.winners()
            return
        moves = state.legal_moves()
        assert moves, "no legal move in a game that is not over"
        state = state.apply(chooser.choice(moves))
    GAME.from_json(state.to_json())


def fuzz(cases: int, seed: int, log: Callable[[str], None] | None = None) -> Counter[str]:
    """Try ``cases`` mutated states; the figures by outcome (``refused``, ``loaded``)."""
    chooser = random.Random(seed)
    bases = _base_states(seed)
    figures: Counter[str] = Counter()
    for case in range(cases):
        data = json.loads(chooser.choice(bases))
        if chooser.random() < 0.02:
            text, done = "[" * 100000 + "]" * 100000, "nested 100000 deep"
        else:
            done = _mutate(data, chooser)
            if chooser.random() < 0.3:
                done += "; " + _mutate(data, chooser)
            text = json.dumps(data)
        try:
            state = GAME.from_json(text)
        except InvalidRecord as err:
            figures["refused"] += 1
            assert len(str(err)) < 2000, f"case {case} ({done}): a message of {len(str(err))} characters"
            continue
        except Exception as err:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"case {case} ({done}): {type(err).__name__}: {err}"[:2000]) from err
        figures["loaded"] += 1
        try:
            _plays_on(state, chooser, chooser.choice([3, 10, 40]))
        except HiddenChance as err:
            raise AssertionError(f"case {case} ({done}) loaded a view as a full state: {err}") from err
        except Exception as err:  # noqa: BLE001
            raise AssertionError(f"case {case} ({done}) loaded, then: {type(err).__name__}: {err}"[:2000]) from err
        if log is not None and case % 1000 == 999:
            log(f"{case + 1} cases: {dict(figures)}")
    figures["tried"] = cases
    return figures


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_saved_states_load_soundly_or_are_refused(chunk):
    figures = fuzz(examples(CASES_PER_CHUNK), seed=chunk)
    assert figures["refused"] + figures["loaded"] == figures["tried"]


if __name__ == "__main__":
    total: Counter[str] = Counter()
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    per_seed = 1000
    for start in range(0, count, per_seed):
        total += fuzz(min(per_seed, count - start), seed=1000 + start // per_seed)
        print(dict(total), flush=True)
    print("tried", total["tried"], "refused", total["refused"], "loaded", total["loaded"])
