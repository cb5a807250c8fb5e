"""The positions API: a position from a readable description, in a few lines, no internals."""

from __future__ import annotations

import pytest

from tabletop.kernel.engine import CHANCE
from tabletop.kernel.hexgrid import edge
from tabletop.takenoko import invariants, position
from tabletop.takenoko.state import ChooseAction, KeepPlot, PlacePlot, Rain, WeatherChoice

from .helpers import play

E, NE, SE = (1, 0), (1, -1), (0, 1)


def test_a_described_position_is_sound_and_complete():
    state = position(
        {E: "G", NE: "YW", SE: "P"},
        bamboo={E: 2, SE: 1},
        tokens={SE: "enclosure"},
        channels=[edge(E, NE)],
        hands=[("P01", "A01"), ("G03",)],
        completed=[("A02",), ()],
        stocks=[{"green": 1, "channels": 2, "fertilizer": 1}, {}],
        gardener=E,
        panda=SE,
        bamboo_supply="2011",
    )
    assert invariants(state) == [] and state.pending == ChooseAction(0)
    assert state.reserve_channels == 17 and state.reserve_improvements == (3, 2, 2)
    assert state.reserve_bamboo == (36 - 3, 30, 24 - 1)
    assert len(state.tile_pile) == 24 and [len(d) for d in state.decks] == [14, 14, 13]


def test_rain_on_this_plot():
    state = position({E: "G", NE: "G"}, bamboo={E: 1}, roll="rain")
    assert isinstance(state.pending, Rain) and state.turn.weather == "rain"
    assert play(state, "rain 1,0").garden[E].bamboo == 2


def test_the_question_mark_face():
    assert isinstance(position({E: "G"}, roll="?").pending, WeatherChoice)


def test_the_next_tiles_and_cards_of_the_piles():
    state = position({}, next_tiles=("PF", "Y", "Y"), next_cards={"gardener": ("G02",)}, weather="sun")
    state = play(state, "plot")
    assert state.pending == KeepPlot(0, ("PF", "Y", "Y"))
    state = play(state, "keep PF under Y Y", "place 1,0", "objective gardener")
    assert state.boards[0].hand == ("G02",)
    assert invariants(state.view(1)) == []


def test_a_kept_plot_to_place():
    state = position({E: "G"}, placing="YW")
    assert state.pending == PlacePlot(0, "YW") and state.turn.actions == ("plot",)
    assert "YW" not in state.tile_pile.cards()  # the box holds one


def test_explicit_chance_from_a_position():
    state = play(position({E: "G", NE: "G"}, chance="explicit"), "irrigation", "panda 1,0", "end")
    assert state.to_move == CHANCE
    assert isinstance(play(state, "roll rain").pending, Rain)


def test_an_ended_game_with_the_emperor():
    state = position({}, completed=[("P05",), ("A01",)], emperor=0, over=True)
    assert state.is_over and state.scores() == (5, 3) and state.winners() == (0,)


@pytest.mark.parametrize(
    "description, error",
    [
        ({"plots": {(0, 0): "G"}}, "the pond"),
        ({"plots": {E: "Q"}}, "not a plot tile"),
        ({"plots": {(3, 0): "G"}, "bamboo": {(3, 0): 1}}, "unirrigated"),
        ({"plots": {}, "next_tiles": ("PF", "PF")}, "does not hold"),
        ({"plots": {}, "hands": [("P01",), ()], "next_cards": {"plot": ("P01",)}}, "cannot hold"),
        ({"plots": {}, "stocks": [{"fertilizer": 4}, {}]}, "more improvements"),
    ],
)
def test_impossible_descriptions_are_refused(description, error):
    plots = description.pop("plots")
    with pytest.raises(ValueError, match=error):
        position(plots, **description)
