"""Loading saved Takenoko states: every defect is refused with ``InvalidRecord`` naming the
field, and what loads is a sound position that plays on."""

from __future__ import annotations

import json
import random
import re

import pytest

from tabletop.kernel.api import InvalidRecord
from tabletop.takenoko import GAME, invariants, new_game
from tabletop.takenoko.components import STANDARD
from tabletop.takenoko.positions import position
from tabletop.takenoko.saved import most_moves


def _game(seed: int = 3, steps: int = 30, **options: object):
    chooser = random.Random(seed)
    state = new_game(2, seed=seed, **options)
    for _ in range(steps):
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def _saved(state=None) -> dict:
    return json.loads((state or _game()).to_json())


def _refused(data, match: str) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(InvalidRecord, match=match) as err:
        GAME.from_json(text)
    assert len(str(err.value)) < 1200
    return str(err.value)


def _with_components(change) -> dict:
    data = _saved()
    data["components"] = STANDARD.as_data()
    change(data["components"])
    return data


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**100, -(10**100)])
@pytest.mark.parametrize(
    "where, field",
    [
        (lambda c, v: c["supplies.toml"]["bamboo"]["printings"][0].__setitem__("green", v), r"\[bamboo\], field '(2011\.)?green'"),
        (lambda c, v: c["objectives.toml"]["emperor"].__setitem__("points", v), r"\[emperor\], field 'points'"),
        (lambda c, v: c["objectives.toml"]["plot"]["cards"][0]["cells"][0].__setitem__(0, v), r"\[plot\], field 'P01.cells'"),
        (lambda c, v: c["plots.toml"]["plots"]["tiles"][0].__setitem__("count", v), r"\[plots\], field 'count'"),
        (lambda c, v: c["objectives.toml"]["panda"]["cards"][0].__setitem__("copies", v), r"\[panda\], field 'A01.copies'"),
    ],
)
def test_infinity_nan_or_huge_numbers_in_component_data_are_refused_naming_the_field(where, field, value):
    # Non-finite and overlong numbers are refused by the kernel's JSON reader, naming the path.
    leaf = re.findall(r"[A-Za-z]+", field)[-1]
    _refused(_with_components(lambda c: where(c, value)), f"field 'components': .*{field}|at field 'components[^']*{leaf}")


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**100, 2.0, "3", True])
@pytest.mark.parametrize(
    "path, field",
    [
        (("turn_number",), "turn_number"),
        (("reserve_channels",), "reserve_channels"),
        (("current",), "current"),
        (("gardener", 0), r"gardener\[0\]"),
        (("rng", "state"), r"rng.state"),
        (("boards", 0, "channels"), r"boards\[0\].channels"),
        (("boards", 1, "bamboo", 0), r"boards\[1\].bamboo"),
        (("garden", 0, 0), "garden"),
        (("garden", 0, 2, "bamboo"), "garden"),
        (("stack", 0, "seat"), "stack"),
        (("options", "max_rounds"), "max_rounds"),
    ],
)
def test_infinity_nan_or_huge_numbers_in_state_fields_are_refused_naming_the_field(path, field, value):
    data = _saved()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    _refused(data, f"{field}|at field '{field}")


def test_a_huge_integer_of_more_digits_than_python_reads_is_refused():
    text = _game().to_json().replace('"turn_number":', '"turn_number":' + "9" * 5000 + ",\"x\":", 1)
    _refused(text, "not valid JSON|a number of 5000 digits")


def test_deeply_nested_json_is_refused():
    _refused("[" * 100000 + "]" * 100000, "nested too deeply|nests arrays or objects too deeply")
    data = _saved()
    nested: object = 0
    for _ in range(500):
        nested = [nested]
    data["components"] = STANDARD.as_data()
    data["components"]["objectives.toml"]["plot"]["cards"][0]["colours"] = nested
    _refused(data, "components|nests arrays or objects too deeply")


def test_a_renamed_bamboo_printing_is_refused_not_a_key_error():
    def rename(components):
        components["supplies.toml"]["bamboo"]["printings"][1]["name"] = "later2"

    data = _with_components(rename)
    data["options"]["bamboo_supply"] = "later"
    _refused(data, r"\[bamboo\], field 'name': 'later2'")
    with pytest.raises(Exception, match="later2") as err:
        new_game(2, bamboo_supply="later", components=data["components"])
    assert not isinstance(err.value, KeyError)


@pytest.mark.parametrize("code", ["GZ", "?", "", "g"])
def test_an_unknown_tile_code_is_refused_not_a_key_error(code):
    data = _saved()
    data["garden"][0][2]["tile"] = code
    _refused(data, "garden|tile")
    data = _saved()
    data["tile_pile"]["unseen"][0] = code
    _refused(data, "tile")


@pytest.mark.parametrize("seat", [0, 1])
def test_the_json_of_a_view_is_refused_as_a_full_state(seat):
    state = _game(steps=40)
    _refused(state.view(seat).to_json(), "view")


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d["rng"].__setitem__("state", -1), "rng"),
        (lambda d: d["tile_pile"].__setitem__("hidden", 1), "tile_pile"),
        (lambda d: d["decks"][0].__setitem__("hidden", 2), r"decks\[0\]"),
        (lambda d: d["boards"][1].__setitem__("backs", [1, 0, 0]), r"boards\[1\].backs"),
        (lambda d: d["boards"][1]["hand"].__setitem__(0, "P?"), "objective cards|unknown"),
        (lambda d: d["tile_pile"]["unseen"].__setitem__(0, "?"), "tile_pile"),
    ],
)
def test_hidden_placeholders_in_a_full_state_are_refused(change, field):
    data = _saved()
    change(data)
    _refused(data, field)


def test_declare_actions_switched_on_mid_turn_is_refused():
    data = _saved()
    assert data["stack"][0]["type"] == "ChooseAction" and data["turn"]["declared"] is None
    data["options"]["declare_actions"] = True
    _refused(data, "without declaring the actions")


def test_declare_actions_switched_off_with_declared_actions_is_refused():
    state = _game(seed=4, steps=25, declare_actions=True)
    while state.turn.declared is None:
        state = state.apply(state.legal_moves()[0])
    data = _saved(state)
    data["options"]["declare_actions"] = False
    _refused(data, "without the declare_actions variant")


def test_an_option_switched_mid_game_loads_when_the_position_agrees_with_it():
    data = _saved()
    data["options"]["declare_actions"] = True
    data["stack"] = [{"type": "Declare", "seat": data["stack"][0]["seat"]}]
    state = GAME.from_json(json.dumps(data))
    assert invariants(state) == [] and state.legal_moves()
    state = state.apply(state.legal_moves()[0])
    assert state.turn.declared is not None
    data = _saved()
    data["options"]["gardener_on_plot"] = True  # a scoring rule: any position agrees with it
    assert GAME.from_json(json.dumps(data)).legal_moves()


def test_the_round_cap_lowered_below_the_turn_is_refused():
    data = _saved()
    data["options"]["max_rounds"] = 2
    _refused(data, "past the cap")


def test_a_history_of_a_million_moves_is_refused_at_once():
    data = _saved()
    data["history"] = data["history"][:1] * 1_000_000
    message = _refused(data, r"field 'history' holds 1000000 moves|more than the 20,000,000 read")
    assert str(most_moves(data["turn_number"])) in message or "characters long" in message


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda h: h + [{"type": "PlaceTile", "at": [5, 5], "improvement": ""}] * 10, "plots placed"),
        (lambda h: h + [{"type": "EndTurn"}] * 40, "turns ended"),
        (lambda h: h + [{"type": "CompleteObjective", "card": "P01"}] * 9, "objectives completed"),
        (lambda h: h + [{"type": "Roll", "face": "sun"}], "chance outcomes"),
        (lambda h: h + [{"type": "Teleport"}], r"history\[\d+\]"),
        (lambda h: h + [7], r"history\[\d+\]"),
        (lambda h: h + [{"type": "PlaceTile", "at": 5}], r"history\[\d+\]"),
    ],
)
def test_a_history_inconsistent_with_the_position_is_refused(change, match):
    data = _saved()
    data["history"] = change(data["history"])
    _refused(data, match)


def test_a_set_up_position_with_no_history_loads_and_plays_on():
    state = position({(1, 0): "G", (1, -1): "Y", (0, -1): "P"}, bamboo={(1, 0): 2}, roll="rain", declare_actions=True)
    again = GAME.from_json(state.to_json())
    assert again == state and invariants(again) == []
    for _ in range(30):
        if again.is_over:
            break
        again = again.apply(random.Random(1).choice(again.legal_moves()))
        assert invariants(again) == []


@pytest.mark.parametrize("seed", range(12))
def test_every_saved_state_of_a_random_game_loads_back_equal(seed):
    options = [{}, {"chance": "explicit"}, {"declare_actions": True, "redraw_satisfied": True, "chance": "explicit"}][seed % 3]
    chooser = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed, **options)
    while not state.is_over and len(state.history) < 600:
        again = GAME.from_json(state.to_json())
        assert again == state and again.to_json() == state.to_json()
        for _ in range(chooser.randrange(1, 40)):
            if state.is_over:
                break
            state = state.apply(chooser.choice(state.legal_moves()))
    assert GAME.from_json(state.to_json()) == state


# Found by a long fuzz of saved states: a plot to place written "?" (a view's hidden tile) loaded
# as a hidden tile and failed with a KeyError when its places were listed.
def test_a_plot_to_place_written_as_a_hidden_tile_is_refused():
    from tabletop.takenoko.state import PlacePlot

    chooser = random.Random(4)
    state = new_game(2, seed=4)
    while not isinstance(state.pending, PlacePlot):
        state = state.apply(chooser.choice(state.legal_moves()))
    data = _saved(state)
    data["stack"][-1]["tile"] = "?"
    _refused(data, "field 'stack' shows hidden information")
