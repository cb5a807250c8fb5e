"""The text picture of a Takenoko position: a hex map of the garden plus the players' section."""

from __future__ import annotations

import random
import re

import pytest

from tabletop.kernel.hexgrid import edge
from tabletop.takenoko import new_game, render
from tabletop.takenoko.positions import position

from .helpers import play

WIDTH = 100


def _cell(text: str, coords: str) -> str:
    """The first line of the map cell whose coordinate line reads ``coords``."""
    lines = text.splitlines()
    pattern = re.compile(rf"(?<![-\d]){re.escape(coords)}(?!\d)")
    for i, line in enumerate(lines):
        found = pattern.search(line)
        if found and i > 0 and line.startswith((" ", "|")):
            left = max(line.rfind("|", 0, found.start()), line.rfind("#", 0, found.start()))
            right = min(p for p in (line.find("|", found.end()), line.find("#", found.end())) if p >= 0)
            return lines[i - 1][left + 1 : right].strip()
    raise AssertionError(f"no cell {coords} in\n{text}")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_state_of_a_playout_renders_narrowly(players, seed):
    chooser = random.Random(seed)
    state = new_game(players, seed=seed)
    while True:
        pictures = [render(state)] + [render(state.view(seat)) for seat in range(players)]
        for text in pictures:
            assert max(len(line) for line in text.splitlines()) <= WIDTH, text
            assert "~~0,0~~" in text
        if state.is_over:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
    assert "game over" in render(state)


def test_str_is_the_render():
    state = new_game(2, seed=5)
    assert str(state) == render(state)


def test_the_pond_holds_both_figures_at_the_start():
    text = render(new_game(2, seed=1))
    assert _cell(text, "~~0,0~~") == "pond@&"


def test_a_placed_plot_shows_its_colour_height_and_improvement():
    state = position({(1, 0): "GF", (2, -1): "Y"}, bamboo={(1, 0): 3})
    text = render(state)
    assert _cell(text, "1,0") == "G3F"  # next to the pond: irrigated, upper case
    assert _cell(text, "2,-1") == "y0"  # dry: lower case
    assert _cell(text, "~~0,0~~") == "pond@&"


def test_the_gardener_and_the_panda_are_drawn_where_they_stand():
    state = position({(1, 0): "G", (0, 1): "P"}, gardener=(1, 0), panda=(0, 1))
    text = render(state)
    assert _cell(text, "1,0") == "G0@"
    assert _cell(text, "0,1") == "P0&"
    assert _cell(text, "~~0,0~~") == "~pond~"
    assert "gardener 1,0, panda 0,1" in text


def test_a_move_by_the_gardener_shows_on_the_map():
    state = position({(1, 0): "G"})
    after = play(state, "gardener 1,0")
    assert _cell(render(after), "1,0") == "G1@"  # irrigated: the gardener grew it by one
    assert _cell(render(after), "~~0,0~~") == "pond&"


def test_cells_sit_where_their_coordinates_say():
    # (1, 0) is east of the pond on its row; (0, 1) is on the row below, half a cell to the right.
    text = render(position({(1, 0): "G", (0, 1): "P", (-1, 0): "Y"}))
    lines = text.splitlines()
    row0 = next(line for line in lines if "~~0,0~~" in line)
    row1 = next(line for line in lines if re.search(r"(?<![-\d])0,1", line))
    assert row0.index("-1,0") < row0.index("~~0,0~~") < row0.index("1,0", row0.index("~~0,0~~"))
    assert row0.index("~~0,0~~") < row1.index("0,1") < row0.rindex("1,0")
    assert lines.index(row1) == lines.index(row0) + 3


def _map(text: str) -> str:
    return text.split("\nPlot:")[0]


def test_channels_are_drawn_on_their_borders():
    plots = {(1, -1): "Y", (1, 0): "G", (0, 1): "P", (2, -1): "G"}
    bare = _map(render(position(plots)))
    assert "#" not in bare and "=" not in bare
    along = _map(render(position(plots, channels=[edge((1, -1), (1, 0))])))
    assert along.count("===") == 1 and "#" not in along
    across = _map(render(position(plots, channels=[edge((1, -1), (2, -1))])))
    assert across.count("#") == 2 and "=" not in across
    assert "Y0#G0" in across.replace(" ", "") and "1,-1#2,-1" in across.replace(" ", "")


def test_the_current_player_is_marked():
    state = position({}, players=3, current=2)
    lines = render(state).splitlines()
    assert [line for line in lines if line.startswith(">")] == [
        next(line for line in lines if line.startswith("> seat 2:"))
    ]
    assert "to play" in next(line for line in lines if line.startswith("> seat 2:"))


def test_a_view_shows_other_hands_as_question_marks():
    state = new_game(2, seed=4)
    mine, theirs = state.boards[0].hand, state.boards[1].hand
    text = render(state.view(0))
    assert all(card in text for card in mine)
    assert not any(card in text for card in theirs)
    assert "hand (3): P?, G?, A?" in text


def test_objectives_in_hand_are_described():
    state = position({}, hands=[["P02", "G14", "A13"], []])
    text = render(state)
    assert "P02 irrigated line GGG (2)" in text
    assert "G14 3 yellow at 3 (7)" in text
    assert "A13 eat 1G 1Y 1P (6)" in text


def test_the_pending_decision_is_put_in_words():
    state = play(position({}, weather="wind"), "plot")
    assert "to decide: plot action: keep one drawn tile of" in render(state)
    assert "? ? ?" in render(state.view(1))
    kept = play(state, f"keep {state.pending.drawn[0]} under {' '.join(state.pending.drawn[1:])}")
    assert f"place tile {state.pending.drawn[0]}" in render(kept)


def test_player_stocks_and_reserve_are_listed():
    state = position({}, stocks=[{"green": 2, "channels": 1, "fertilizer": 1}, {}])
    text = render(state)
    assert "    eaten 2G; stored 1 channel, 1 fertilizer" in text
    assert "reserve: 19 channels; 3 watershed, 2 fertilizer, 3 enclosure" in text
