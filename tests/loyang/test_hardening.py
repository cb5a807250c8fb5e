"""Hardening (issue 9): every bad saved state or component file refused cleanly, nothing mutable
reachable, views that carry nothing their seat cannot see, equal states interchangeable."""

from __future__ import annotations

import json
import random
import types
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel.api import InvalidData, InvalidRecord
from tabletop.kernel.engine import evolve
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.loyang import GAME, STANDARD, determinize, invariants, new_game
from tabletop.loyang.components import components_from_data
from tabletop.loyang.moves import Reveal


def _saved(state: Any) -> dict[str, Any]:
    return json.loads(state.to_json())


def _random_states(seed: int, players: int, **options: Any) -> list[Any]:
    chooser = random.Random(seed)
    state = new_game(players, seed=seed, **options)
    states = [state]
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        states.append(state)
    return states


# --- loading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("cash", "7"), ("cash", 7.9), ("cash", 7.0), ("cash", True), ("upgraded", "false"), ("upgraded", 0)],
)
def test_from_json_takes_values_of_their_own_type_only(field, value):
    data = _saved(new_game(2, seed=1))
    data["seats"][0][field] = value
    with pytest.raises(InvalidRecord, match=rf"seats\[0\]\.{field}"):
        GAME.from_json(json.dumps(data))


def test_from_json_refuses_a_position_without_legal_moves():
    data = _saved(new_game(2, seed=1))
    data["seats"][0]["cash"] = 1  # too little to buy the vegetable of the home field
    with pytest.raises(InvalidRecord, match="no legal answer"):
        GAME.from_json(json.dumps(data))


def test_from_json_refuses_a_players_decision_pending_twice():
    state = new_game(2, seed=1)
    data = _saved(state)
    data["stack"].append(data["stack"][-1])  # the question on top asked a second time
    with pytest.raises(InvalidRecord, match="stack.*is pending once"):
        GAME.from_json(json.dumps(data))


def test_from_json_refuses_a_position_that_breaks_an_invariant():
    data = _saved(new_game(2, seed=1))
    data["supply"][0] += 1
    with pytest.raises(InvalidRecord, match="vegetables not conserved"):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_a_views_json_is_refused_as_a_full_state(chance):
    for state in _random_states(3, 3, chance=chance)[::40]:
        for seat in range(3):
            with pytest.raises(InvalidRecord, match="view"):
                GAME.from_json(state.view(seat).to_json())


def test_hidden_counts_are_refused_in_a_full_state():
    state = _random_states(4, 2)[60]
    data = _saved(state)
    data["seats"][1]["hidden_hand"] = 2
    with pytest.raises(InvalidRecord, match=r"seats\[1\]\.hidden_hand"):
        GAME.from_json(json.dumps(data))
    data = _saved(state)
    data["deck"]["hidden"] = 3
    with pytest.raises(InvalidRecord, match="'deck'"):
        GAME.from_json(json.dumps(data))


def test_from_json_refuses_a_history_too_long_for_the_position():
    data = _saved(new_game(2, seed=1))
    data["history"] = [{"type": "SowHome", "veg": 0}] * 100_000
    with pytest.raises(InvalidRecord, match="history"):
        GAME.from_json(json.dumps(data))


def test_from_json_refuses_a_history_naming_no_card():
    data = _saved(_random_states(5, 2)[50])
    data["history"][-1] = {"type": "Place", "card": 5000}
    with pytest.raises(InvalidRecord, match=r"history\[\d+\]"):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("state", "moves"),
    [
        (lambda: _random_states(5, 2)[50], [{"type": "Reveal", "card": 3}]),  # sampled chance
        (lambda: new_game(2, seed=1), [{"type": "Place", "card": 3}]),  # past the setup
        (lambda: _random_states(5, 2)[50], [{"type": "SowHome", "veg": 0}] * 3),  # 3 home fields
    ],
)
def test_from_json_refuses_a_history_that_cannot_lead_to_the_position(state, moves):
    data = _saved(state())
    data["history"] = data["history"] + moves
    with pytest.raises(InvalidRecord, match="history"):
        GAME.from_json(json.dumps(data))


def test_from_json_refuses_deeply_nested_json():
    with pytest.raises(InvalidRecord):
        GAME.from_json("[" * 100_000 + "]" * 100_000)
    text = new_game(2, seed=1).to_json().replace('"cash":10', '"cash":' + "[" * 100_000 + "]" * 100_000, 1)
    with pytest.raises(InvalidRecord):
        GAME.from_json(text)


def test_every_state_of_random_games_loads_and_plays_on():
    for players in (1, 2, 3, 4):
        for state in _random_states(players, players, introductory=players == 2)[::25]:
            loaded = GAME.from_json(state.to_json())
            assert loaded == state and loaded.to_json() == state.to_json()


# --- component data --------------------------------------------------------------------------


def _players(data):
    return data["board.toml"]["player"]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["board.toml"]["vegetables"]["rows"][4].update(sell=-100), r"\[vegetables\] rows\[4\] field 'sell'"),
        (lambda d: d["board.toml"]["vegetables"]["rows"][0].update(sell=4), r"\[vegetables\] rows\[0\] field 'sell'"),
        (lambda d: d["board.toml"]["vegetables"]["rows"][1].update(buy=0), r"\[vegetables\] rows\[1\] field 'buy'"),
        (lambda d: _players(d).update(cash=-5), r"\[player\] field 'cash'"),
        (lambda d: _players(d).update(loan=0), r"\[player\] field 'loan'"),
        (lambda d: _players(d).update(storehouse=50), r"\[player\] field 'storehouse'"),
        (lambda d: _players(d).update(common_field_cost=10**100), r"\[player\] field 'common_field_cost'"),
        (lambda d: _players(d).update(regular_penalty=-2), r"\[player\] field 'regular_penalty'"),
        (lambda d: d["board.toml"]["path"]["values"].__setitem__(3, -4), r"\[path\] field 'values\[3\]'"),
        (lambda d: d["board.toml"]["path"].update(start=30), r"\[path\] field 'start'"),
        (lambda d: d["board.toml"]["rounds"].update(rounds=0), r"\[rounds\] field 'rounds'"),
        (lambda d: d["board.toml"]["rounds"]["solo_rows"].__setitem__(0, -1), r"\[rounds\] field 'solo_rows\[0\]'"),
        (lambda d: d["board.toml"]["rounds"]["solo_goals"].update(good=40), r"\[rounds\] field 'solo_goals'"),
        (lambda d: d["board.toml"]["shop"]["slots"].__setitem__(0, -1), r"\[shop\]"),
        (
            lambda d: d["customers.toml"]["regular_certain"]["customers"][0].update(pays=[-9, -8, -7, -6]),
            r"customers\[0\] field 'pays\[0\]'",
        ),
        (
            lambda d: d["customers.toml"]["casual_certain"]["customers"][0].update(price=-3),
            r"customers\[0\] field 'price'",
        ),
    ],
)
def test_component_numbers_outside_the_rulebooks_ranges_are_refused(change, where):
    data = STANDARD.as_data()
    change(data)
    with pytest.raises(InvalidData, match=where):
        components_from_data(data)


# --- sizes -----------------------------------------------------------------------------------


class _Card(int):
    """A card number that counts the comparisons made with it."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _Card.compared += 1
        return int(self) == other

    __hash__ = int.__hash__


def test_the_card_conservation_check_is_linear_in_the_pile_size():
    state = new_game(2, seed=1)
    cards = [_Card(c % 70) for c in range(3_000)]
    big = evolve(state, deck=Pile[int](cards))
    _Card.compared = 0
    assert any("action cards not conserved" in fault for fault in invariants(big))
    assert _Card.compared < 10 * len(cards)  # the quadratic check made millions


# --- immutability ----------------------------------------------------------------------------

_CODE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, type)


def _mutable_parts(root: Any, name: str) -> list[str]:
    """The paths of every mutable value reachable from ``root``: its attributes (instance and
    class data, private ones included) and the items of its containers, recursively."""
    found: list[str] = []
    seen: set[int] = set()
    todo = [(root, name)]
    while todo:
        obj, path = todo.pop()
        if id(obj) in seen or isinstance(obj, _CODE) or callable(obj) and not attrs.has(type(obj)):
            continue
        seen.add(id(obj))
        if isinstance(obj, (list, dict, set, bytearray)):
            found.append(path)
        if isinstance(obj, Mapping):
            todo.extend((v, f"{path}[{k!r}]") for k, v in obj.items())
        elif isinstance(obj, (tuple, list, set, frozenset)):
            todo.extend((v, f"{path}[{i}]") for i, v in enumerate(obj))
        names = set(vars(obj)) if hasattr(obj, "__dict__") else set()
        for cls in type(obj).__mro__:
            names.update(getattr(cls, "__slots__", ()))
            if cls.__module__.startswith("tabletop"):
                names.update(k for k, v in vars(cls).items() if not k.startswith("__") and not callable(v)
                             and not isinstance(v, (property, classmethod, staticmethod, types.MemberDescriptorType)))
        for attribute in names:
            if hasattr(obj, attribute):
                todo.append((getattr(obj, attribute), f"{path}.{attribute}"))
    return sorted(found)


def test_nothing_mutable_is_reachable_from_states_views_the_game_or_the_components():
    state = _random_states(6, 3, introductory=True)[120]
    state.legal_moves()  # the cached moves are reachable too
    assert _mutable_parts(state, "state") == []
    assert _mutable_parts(state.view(1), "view") == []
    assert _mutable_parts(tabletop.GAMES["loyang"], "game") == []
    assert _mutable_parts(STANDARD, "components") == []


# --- views -----------------------------------------------------------------------------------


def _everything(obj: Any) -> Any:
    """Every attribute of ``obj`` (private ones and caches included), recursively, as plain data."""
    if isinstance(obj, (int, str, float, type(None))) and not isinstance(obj, tuple):
        return obj
    names = set(vars(obj)) if hasattr(obj, "__dict__") else set()
    for cls in type(obj).__mro__:
        names.update(getattr(cls, "__slots__", ()))
    names -= {"rules", "log"}  # the history is compared move by move below
    parts = tuple((n, _everything(getattr(obj, n))) for n in sorted(names) if hasattr(obj, n))
    items = tuple(_everything(x) for x in obj) if isinstance(obj, tuple) else ()
    history = tuple(map(str, obj.history)) if hasattr(obj, "history") else ()
    return (type(obj).__name__, parts, items, history)


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_views_are_equal_when_only_what_the_seat_cannot_see_differs(chance):
    for players in (1, 2, 3, 4):
        for i, state in enumerate(_random_states(players + 10, players, chance=chance, introductory=True)[::30]):
            for seat in range(players):
                view = state.view(seat)
                one = determinize(view, Rng.from_seed(i))
                other = determinize(view, Rng.from_seed(i + 1000))
                one.legal_moves()  # a cache filled in one state and not the other changes nothing
                assert _everything(one.view(seat)) == _everything(other.view(seat)) == _everything(view)


def test_a_views_history_names_no_card_dealt_to_another_hand():
    for state in _random_states(8, 3, chance="explicit")[::10]:
        for seat in range(3):
            others = {c for s, p in enumerate(state.seats) if s != seat for c in p.hand}
            revealed = {m.card for m in state.view(seat).history if isinstance(m, Reveal)}
            assert not revealed & others


# --- equality and repr -----------------------------------------------------------------------


def test_equal_states_are_interchangeable():
    state = _random_states(9, 2)[80]
    custom = attrs.evolve(STANDARD, cash=12)
    assert evolve(state, components=custom) != state
    copy = GAME.from_json(state.to_json())
    assert copy == state and hash(copy) == hash(state)
    assert copy.to_json() == state.to_json() and invariants(copy) == invariants(state)
    assert copy.legal_moves() == state.legal_moves() and str(copy) == str(state)


def test_the_repr_is_short_and_says_where_the_game_stands():
    assert repr(new_game(2, seed=1)) == "<loyang.State 2p round 0 setup seat 0 SowHomePending>"
    for state in _random_states(2, 4)[::20]:
        assert len(repr(state)) < 100 and repr(state) == repr(GAME.from_json(state.to_json()))
    assert repr(_random_states(2, 2)[-1]) == "<loyang.State 2p round 9 over>"
    assert repr(new_game(2, seed=1).view(1)).startswith("<loyang.State view 2p")


def test_a_view_refuses_a_move_that_needs_chance_naming_determinize():
    from tabletop.kernel.engine import HiddenChance
    from tabletop.loyang.moves import TwoPack

    for state in _random_states(0, 2):
        two_packs = [m for m in state.legal_moves() if isinstance(m, TwoPack)]
        if two_packs:
            view = state.view(state.to_move)
            before = view.to_json()
            with pytest.raises(HiddenChance, match="determinize"):
                view.apply(two_packs[0])
            assert view.to_json() == before
            return
    raise AssertionError("no two-pack offered in the game")
