"""Hardening: nothing mutable is shared, views carry nothing hidden, equal states are
interchangeable, component data is checked for meaning, states have a short repr."""

from __future__ import annotations

import pickle
import random

import pytest

from tabletop import CHANCE, GAMES
from tabletop.kernel.api import InvalidData
from tabletop.kernel.engine import HiddenChance, evolve
from tabletop.kernel.rng import Rng
from tabletop.takenoko import GAME, invariants, load_components, new_game, observation
from tabletop.takenoko.components import STANDARD, components_from_data
from tabletop.takenoko.state import Garden

from .deep import differences, mutable_values


def _random_game(seed: int, steps: int, **options: object):
    chooser = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed, **options)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def _warm(state, seat: int) -> None:
    """Ask a state what players and bots ask, filling every cache it keeps."""
    try:
        state.legal_moves()
    except HiddenChance:  # a view at a hidden random event (explicit chance)
        pass
    state.scores()
    str(state)
    observation(state, seat)


# --- nothing mutable ---------------------------------------------------------------------------


def _without_rules(found: list[str]) -> list[str]:
    # The engine's ``Rules`` (a kernel class, code shared by every game's states) is walked by
    # the contract test of every game.
    return [path for path in found if ".rules." not in path]


@pytest.mark.parametrize("seed", range(4))
def test_nothing_mutable_is_reachable_from_a_state_or_its_views(seed):
    state = _random_game(seed, 40 + 30 * seed, chance="explicit" if seed % 2 else "sampled")
    _warm(state, 0)
    assert _without_rules(mutable_values(state, "state")) == []
    for seat in range(state.players):
        view = state.view(seat)
        _warm(view, seat)
        assert _without_rules(mutable_values(view, "view")) == []


def test_nothing_mutable_is_reachable_from_the_game_or_the_components():
    assert _without_rules(mutable_values(GAMES["takenoko"], "game")) == []
    assert mutable_values(STANDARD, "STANDARD") == []
    assert mutable_values(load_components(), "components") == []


def test_the_standard_components_cannot_be_changed():
    with pytest.raises(AttributeError):
        STANDARD.cards.pop("P01")  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        del STANDARD.tile_by_code["G"]  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        STANDARD.data["objectives.toml"]["emperor"]["points"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        STANDARD.bamboo["2011"] = (1, 1, 1)  # type: ignore[index]
    assert new_game(2, seed=1).components.cards["P01"].points == 2


def test_the_public_tables_of_the_game_modules_are_read_only():
    from tabletop.takenoko import encode, state

    tables = [state.OBJECTIVES_TO_END, state.Bamboo.INDEX, state.Improvements.INDEX, state.Backs.INDEX]
    tables += [encode.CELL_INDEX, encode.EDGE_INDEX]
    for table in tables:
        with pytest.raises(TypeError):
            table[next(iter(table))] = 0  # type: ignore[index]


def test_a_garden_hands_out_nothing_that_changes_it():
    state = _random_game(1, 60)
    garden = state.view(1).garden
    with pytest.raises(AttributeError):
        garden.clear()  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        garden.plots[(9, 9)] = garden[next(iter(garden))]  # type: ignore[index]
    assert state.garden == garden and invariants(state) == []


def test_gardens_and_components_pickle_and_copy_to_equals():
    state = _random_game(2, 80)
    garden = pickle.loads(pickle.dumps(state.garden))
    assert garden == state.garden and list(garden) == list(state.garden)
    assert pickle.loads(pickle.dumps(STANDARD)) == STANDARD
    custom = components_from_data(STANDARD.as_data())
    assert pickle.loads(pickle.dumps(custom)).as_data() == STANDARD.as_data()


# --- views -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(24))
def test_states_differing_only_in_what_a_seat_cannot_see_give_identical_views(seed):
    options = {
        "chance": "explicit" if seed % 2 else "sampled",
        "declare_actions": seed % 4 > 1,
        "redraw_satisfied": seed % 3 == 0,
    }
    state = _random_game(seed, random.Random(seed).randrange(150), **options)
    seat = seed % state.players
    view = state.view(seat)
    one = GAME.determinize(view, Rng.from_seed(1))
    other = GAME.determinize(view, Rng.from_seed(2))
    # Bots ask these states everything (their garden's caches fill with facts about the hands
    # the seat cannot see); the views must carry none of it.
    _warm(one, seat)
    _warm(other, seat)
    fresh = one.view(seat), other.view(seat), view
    assert differences(fresh[0], fresh[1]) == []
    assert differences(fresh[0], fresh[2]) == []
    for seen in fresh[:2]:
        _warm(seen, seat)
    assert differences(fresh[0], fresh[1]) == []
    assert (observation(one, seat) == observation(other, seat)).all()
    assert str(fresh[0]) == str(fresh[1])


# --- equal states are interchangeable ---------------------------------------------------------


def _reordered(garden: Garden) -> Garden:
    return Garden(reversed(list(garden.items())))


def test_gardens_in_another_placement_order_are_different_positions():
    state = _random_game(5, 120)
    assert len(state.garden) >= 3
    other = _reordered(state.garden)
    assert other != state.garden and dict(other) == dict(state.garden)
    moved = evolve(state, garden=other)
    assert moved != state and moved.to_json() != state.to_json()
    # The order matters to the invariants: a plot away from the pond must come after two neighbours.
    far = Garden([((1, 0), state.garden[next(iter(state.garden))]), ((0, 1), state.garden[next(iter(state.garden))])])
    assert far == Garden(dict(far)) != _reordered(far)


@pytest.mark.parametrize("seed", range(6))
def test_equal_states_have_the_same_json_and_invariants(seed):
    state = _random_game(seed, 30 + 20 * seed)
    again = GAME.from_json(state.to_json())
    assert again == state
    assert again.to_json() == state.to_json() and invariants(again) == invariants(state) == []
    viewed = GAME.determinize(state.view(0), Rng.from_seed(seed))
    if viewed == state:
        assert viewed.to_json() == state.to_json()


def test_states_of_different_boxes_are_different():
    data = STANDARD.as_data()
    data["objectives.toml"]["emperor"]["points"] = 3
    custom = components_from_data(data)
    standard, corrected = new_game(2, seed=1), new_game(2, seed=1, components=custom)
    assert standard.to_json() != corrected.to_json()
    assert standard != corrected
    assert GAME.from_json(corrected.to_json()) == corrected


# --- component data checked for meaning --------------------------------------------------------


def _data():
    return STANDARD.as_data()


def _change(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, message",
    [
        (("plots.toml", "plots", "tiles", 0, "count"), 10**100, r"\[plots\], field 'count': must be a whole number from 0 to 27"),
        (("plots.toml", "plots", "tiles", 0, "count"), -1, r"\[plots\], field 'count'"),
        (("supplies.toml", "bamboo", "printings", 0, "green"), 10**100, r"\[bamboo\], field '2011.green'"),
        (("supplies.toml", "bamboo", "printings", 0, "green"), float("inf"), r"\[bamboo\], field '2011.green'"),
        (("supplies.toml", "bamboo", "printings", 1, "name"), "later2", r"\[bamboo\], field 'name': 'later2'"),
        (("supplies.toml", "bamboo", "printings", 1, "name"), "2011", r"\[bamboo\], field 'name': '2011'"),
        (("objectives.toml", "plot", "cards", 0, "points"), 10**100, r"\[plot\], field 'points': must be a whole number"),
        (("objectives.toml", "plot", "cards", 0, "cells"), [[float("inf"), 0], [1, 0], [0, 1]], r"\[plot\], field 'P01.cells'"),
        (("objectives.toml", "plot", "cards", 0, "cells"), [[10**100, 0], [1, 0], [0, 1]], r"\[plot\], field 'P01.cells'"),
        (("objectives.toml", "plot", "cards", 0, "id"), "P?", r"\[plot\], field 'id': 'P\?' is not a card id"),
        (("objectives.toml", "gardener", "cards", 0, "bamboos"), 10**100, r"\[gardener\], field 'G01.bamboos'"),
        (("objectives.toml", "gardener", "cards", 0, "bamboos"), 5, r"\[gardener\], field 'G01.bamboos'"),
        (("objectives.toml", "gardener", "cards", 0, "points"), 0, r"\[gardener\], field 'points'"),
        (("objectives.toml", "panda", "cards", 0, "green"), 10**100, r"\[panda\], field 'A01.green'"),
        (("objectives.toml", "panda", "cards", 0, "copies"), 10**100, r"\[panda\], field 'A01.copies'"),
        (("objectives.toml", "panda", "cards", 0, "points"), 21, r"\[panda\], field 'points'"),
        (("objectives.toml", "emperor", "points"), 10**100, r"\[emperor\], field 'points'"),
        (("objectives.toml", "emperor", "points"), float("nan"), r"\[emperor\], field 'points'"),
    ],
    ids=lambda x: "/".join(map(str, x)) if isinstance(x, tuple) else None,
)
def test_component_numbers_outside_the_rulebook_ranges_are_refused_naming_table_and_field(path, value, message):
    with pytest.raises(InvalidData, match=message):
        components_from_data(_change(_data(), path, value))


def test_component_data_with_a_file_of_another_game_is_refused():
    with pytest.raises(InvalidData, match="fields.toml: not a data file of Takenoko"):
        components_from_data(_data() | {"fields.toml": {}})


# --- repr -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_state_and_its_views_have_a_short_repr(seed):
    state = _random_game(seed, 400, chance="explicit" if seed % 2 else "sampled")
    for shown in (state, state.view(0)):
        text = repr(shown)
        assert text.startswith("<takenoko.State ") and len(text) < 100


def test_a_state_repr_names_who_is_asked_what():
    state = new_game(3, seed=1, chance="explicit")
    while state.to_move != CHANCE or state.turn_number < 4:
        state = state.apply(state.legal_moves()[0])
    assert repr(state).endswith(f"of seat {state.current}, chance {type(state.pending).__name__}>")
