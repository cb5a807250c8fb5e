"""Bad input is refused with a reason: illegal moves, corrupt component data, corrupt saved states."""

from __future__ import annotations

import json

import pytest

from tabletop.kernel.api import IllegalMove, InvalidData, InvalidRecord
from tabletop.takenoko import GAME, load_components, moves, new_game
from tabletop.takenoko.components import DATA_DIR, DATA_FILES, STANDARD, components_from_data
from tabletop.takenoko.positions import position

from .helpers import play

E, NE = (1, 0), (1, -1)


# --- illegal moves ------------------------------------------------------------------------------


def _positions():
    """One position for each kind of decision."""
    action = position({E: "G"}, stocks=[{"channels": 1}, {}])
    yield "action", action
    yield "keep", play(position({}, next_tiles=("G", "Y", "P")), "plot")
    yield "place", position({E: "G"}, placing="Y")
    for weather in ("rain", "storm", "clouds", "?"):
        yield weather, position({E: "G"}, bamboo={E: 1}, roll=weather)
    yield "declare", new_game(2, seed=1, declare_actions=True)


@pytest.mark.parametrize("name, state", list(_positions()), ids=lambda x: x if isinstance(x, str) else "")
@pytest.mark.parametrize(
    "move",
    [
        moves.PlaceTile((5, 5)),
        moves.GardenerAction((0, 0)),
        moves.PlaceChannel(((0, 0), (1, 0))),
        moves.CompleteObjective("G13"),
        moves.RainOn((9, 9)),
        moves.KeepTile("PW", ("G",)),
        moves.DeclareActions(("plot", "plot")),
        "plot",
        None,
    ],
    ids=str,
)
def test_illegal_move_refused_with_a_reason_and_the_state_unchanged(name, state, move):
    before = state.to_json()
    with pytest.raises(IllegalMove, match=r"not legal here|not a Takenoko move") as refused:
        state.apply(move)
    assert f"seat {state.current} must" in str(refused.value) or "not a Takenoko move" in str(refused.value)
    assert state.to_json() == before


def test_move_after_the_game_is_over_refused():
    state = position({}, over=True)
    with pytest.raises(IllegalMove, match="the game is over"):
        state.apply(moves.EndTurn())


def test_notation_that_names_no_legal_move_is_refused():
    state = position({E: "G"})
    with pytest.raises(IllegalMove, match="'gardener 5,5' is not a legal move"):
        GAME.parse_move(state, "gardener 5,5")


# --- corrupt component data ----------------------------------------------------------------------


def _data():
    return STANDARD.as_data()


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()


@pytest.mark.parametrize(
    "path, value, message",
    [
        (("plots.toml", "plots", "tiles", 0, "count"), 5, r"\[plots\], field 'count'.*27 plots"),
        (("plots.toml", "plots", "tiles", 0, "count"), "six", r"\[plots\], field 'count'.*type int"),
        (("plots.toml", "plots", "tiles", 0, "colour"), "blue", r"\[plots\], field 'colour'"),
        (("plots.toml", "plots", "tiles", 1, "improvement"), _DELETE, r"\[plots\], field 'improvement'.*missing"),
        (("plots.toml", "plots", "source"), _DELETE, r"\[plots\], field 'source'"),
        (("plots.toml", "plots"), _DELETE, r"table \[plots\] is missing"),
        (("supplies.toml", "channels", "count"), 21, r"\[channels\], field 'count'"),
        (("supplies.toml", "improvements", "tokens", "enclosure"), 2, r"\[improvements\], field 'tokens.enclosure'"),
        (("supplies.toml", "bamboo", "printings", 0, "pink"), 0, r"\[bamboo\]"),
        (("objectives.toml", "plot", "cards", 0, "points"), 0, r"\[plot\], field 'points'"),
        (("objectives.toml", "plot", "cards", 0, "cells"), [[0, 0], [5, 5], [0, 1]], r"\[plot\], field 'P01.cells'"),
        (("objectives.toml", "plot", "cards", 1, "colours"), ["green", "red", "green"], r"\[plot\], field 'P02.colours'"),
        (("objectives.toml", "gardener", "cards", 0, "height"), 5, r"\[gardener\], field 'G01.height'"),
        (("objectives.toml", "gardener", "cards", 0, "improvement"), "roof", r"\[gardener\], field 'G01.improvement'"),
        (("objectives.toml", "gardener", "cards", 14), _DELETE, r"\[gardener\], field 'cards'.*15 gardener"),
        (("objectives.toml", "panda", "cards", 0, "id"), "Green", r"\[panda\], field 'Green.id'"),
        (("objectives.toml", "panda", "cards", 0, "copies"), 4, r"\[panda\], field 'cards'.*15 panda"),
        (("objectives.toml", "emperor", "points"), "two", r"\[emperor\], field 'points'"),
    ],
    ids=lambda x: "/".join(map(str, x)) if isinstance(x, tuple) else None,
)
def test_corrupt_component_data_names_the_table_and_field(path, value, message):
    data = _data()
    _set(data, path, value)
    with pytest.raises(InvalidData, match=message):
        components_from_data(data)


def test_corrupt_component_files_are_named(tmp_path):
    for name in DATA_FILES:
        (tmp_path / name).write_text((DATA_DIR / name).read_text())
    (tmp_path / "supplies.toml").write_text("[channels\ncount = 20")
    with pytest.raises(InvalidData, match="supplies.toml: not valid TOML"):
        load_components(tmp_path)
    (tmp_path / "supplies.toml").unlink()
    with pytest.raises(InvalidData, match="supplies.toml: no such data file"):
        load_components(tmp_path)


# --- corrupt saved states --------------------------------------------------------------------------


def _saved(**change):
    data = json.loads(new_game(2, seed=1).to_json())
    data.update(change)
    return data


@pytest.mark.parametrize(
    "data, field",
    [
        (_saved(players="two"), "players"),
        (_saved(current=None), "current"),
        (_saved(garden=[[1, 0]]), "garden"),
        (_saved(channels=[[[0, 0]]]), "channels"),
        (_saved(pending={"type": "Teleport"}), "pending"),
        (_saved(boards=[{"hand": 3}]), "boards"),
        (_saved(colour_blind=True), "colour_blind"),
        ({k: v for k, v in _saved().items() if k != "decks"}, "decks"),
        ({k: v for k, v in _saved().items() if k != "components"}, "components"),
        (_saved(components=7), "components"),
        (_saved(components={"plots.toml": {}}), "components"),
        (_saved(players="2"), "players"),
        (_saved(turn_number=2.5), "turn_number"),
        (_saved(current=5), "current"),
        (_saved(emperor=-1), "emperor"),
        (_saved(reserve_channels=21), "channels not conserved"),
        (_saved(reserve_improvements=[4, 3, 3]), "watershed tokens not conserved"),
        (_saved(channels=[[[1, 0], [3, 0]]]), "channels"),
        (_saved(gardener=[5, 5]), "the gardener stands on the empty cell"),
        (_saved(tile_pile={"unseen": ["G"] * 27, "bottom": [], "hidden": 0}), "plot tiles not conserved"),
        (_saved(turn={"weather": "hail", "actions": [], "declared": None}), "weather 'hail'"),
    ],
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_corrupt_saved_state_names_the_field(data, field):
    with pytest.raises(InvalidRecord, match=field):
        GAME.from_json(json.dumps(data))


def test_saved_state_that_is_not_a_json_object_is_refused():
    with pytest.raises(InvalidRecord, match="not valid JSON"):
        GAME.from_json("{")
    with pytest.raises(InvalidRecord, match="JSON object"):
        GAME.from_json("[]")


def test_custom_components_are_saved_with_the_state():
    data = _data()
    data["objectives.toml"]["emperor"]["points"] = 3
    data["plots.toml"]["plots"]["tiles"][0]["count"] = 5
    data["plots.toml"]["plots"]["tiles"][4]["count"] = 7
    custom = components_from_data(data)
    state = new_game(2, seed=3, components=custom)
    back = GAME.from_json(state.to_json())
    assert back == state and back.components == custom and back.components != STANDARD
    assert back.components.emperor_points == 3
    assert json.loads(new_game(2, seed=3).to_json())["components"] is None


@pytest.mark.parametrize(
    "actions, weather, move, reason",
    [
        (("irrigation",), "", moves.IrrigationAction(), "the irrigation action was taken already"),
        (("irrigation", "panda"), "sun", moves.IrrigationAction(), "was taken already"),
        (("irrigation", "panda", "plot"), "sun", moves.ObjectiveAction("panda"), "the turn's 3 actions are taken"),
        ((), "", moves.GardenerAction((3, 0)), "straight line"),
        ((), "", moves.PlaceChannel(((1, -1), (1, 0))), "no stored channel"),
        ((), "", moves.CompleteObjective("A01"), "conditions are met"),
        ((), "", moves.EndTurn(), "two actions come first"),
        ((), "", moves.PlaceImprovement(E, "enclosure"), "no improvement and"),
    ],
    ids=lambda x: str(x) if not isinstance(x, tuple) else None,
)
def test_illegal_move_says_why(actions, weather, move, reason):
    state = position({E: "G", NE: "G"}, actions=actions, weather=weather)
    with pytest.raises(IllegalMove, match=reason):
        state.apply(move)


def test_drawing_from_an_empty_objective_deck_says_why():
    state = position({}, decks={"plot": (), "gardener": ("G01",), "panda": ()})
    with pytest.raises(IllegalMove, match="no plot objective left"):
        state.apply(moves.ObjectiveAction("plot"))


def test_saved_state_with_an_unknown_card_is_refused():
    data = _saved()
    data["decks"][0]["unseen"][0] = "P99"
    with pytest.raises(InvalidRecord, match="unknown objective cards P99"):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "name, move, reason",
    [
        ("empty pile", moves.PlotAction(), "the plot pile is empty"),
        ("no channel left", moves.IrrigationAction(), "no irrigation channel is left"),
        ("full hand", moves.ObjectiveAction("panda"), "hand of 5 objectives is full"),
        ("no plot yet", moves.GardenerAction(E), "no plot is placed yet"),
        ("dry rain", moves.RainOn((2, -1)), "the rain grows an irrigated plot"),
        ("storm on the pond", moves.StormTo((0, 0)), "to a placed plot"),
        ("lonely plot", moves.PlaceTile((3, 0)), "next to the pond or next to two plots"),
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_illegal_move_names_the_rule_it_breaks(name, move, reason):
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = {
        "empty pile": position(plots, pile=()),
        "no channel left": position(plots, stocks=[{}, {"channels": 20}]),
        "full hand": position(plots, hands=[("P01", "P02", "G01", "G02", "A01"), ()]),
        "no plot yet": position({}),
        "dry rain": position(plots, roll="rain"),
        "storm on the pond": position(plots, roll="storm"),
        "lonely plot": position(plots, placing="P"),
    }[name]
    before = state.to_json()
    with pytest.raises(IllegalMove, match=reason):
        state.apply(move)
    assert state.to_json() == before
