"""Sentences of the Portuguese rules summary (the BGA help, shared/seeds/003_...) that no other
test pinned down: one test per sentence, named after the rule it checks."""

from __future__ import annotations

import itertools

import pytest

from tabletop.kernel import hexgrid
from tabletop.kernel.hexgrid import edge
from tabletop.takenoko import rules
from tabletop.takenoko.components import STANDARD, PlotObjective
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import ACTIONS, Rain, Storm, WeatherChoice

from .helpers import legal, play, starting

E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)


# --- the turn: free moves -------------------------------------------------------------------------


def test_free_moves_do_not_use_up_the_two_actions():
    # "...colocar quaisquer quantidades de Melhorias ou Canais de Irrigação e completar quaisquer
    # quantidades de Objetivos, sem consumir suas duas ações"
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    stocks = [{"channels": 1, "enclosure": 1, "green": 2}, {}]
    state = position(plots, hands=[("A01",), ()], stocks=stocks)
    state = play(state, "channel 1,-1|1,0", "improve 2,-1 enclosure", "complete A01")
    assert state.turn.actions == ()
    assert rules.open_actions(state) == ACTIONS  # all five still open
    assert "end" not in legal(state)  # and the two actions are still due
    state = play(state, "irrigation")
    assert state.current == 0 and "end" not in legal(state)


def test_any_number_of_channels_and_improvements_in_one_turn():
    plots = {E: "G", NE: "G", (2, -1): "Y", (2, 0): "P"}
    state = position(plots, stocks=[{"channels": 2, "fertilizer": 1, "enclosure": 1}, {}])
    state = play(state, "improve 2,-1 fertilizer", "improve 2,0 enclosure", "channel 1,-1|1,0", "channel 1,0|2,-1")
    assert state.garden[(2, -1)].improvement == "fertilizer" and state.garden[(2, 0)].improvement == "enclosure"
    assert state.channels == {edge(NE, E), edge(E, (2, -1))}
    assert state.garden[(2, -1)].irrigated and state.garden[(2, -1)].bamboo == 2  # first shoot, on fertilizer
    assert state.boards[0].channels == 0 and state.boards[0].improvements == (0, 0, 0)
    assert state.turn.actions == ()


# --- the weather --------------------------------------------------------------------------------


def test_storm_effect_is_optional():
    # "Tipos de Clima (efeitos sempre opcionais)": the Storm too may be declined.
    state = position({E: "G"}, bamboo={E: 2}, roll="storm")
    assert isinstance(state.pending, Storm) and "skip" in legal(state)
    state = play(state, "skip")
    assert state.panda == (0, 0) and state.garden[E].bamboo == 2 and state.boards[0].bamboo == (0, 0, 0)
    assert state.turn.weather == "storm" and state.turn.actions == ()


def test_rain_and_storm_do_not_use_up_the_gardener_or_panda_action():
    plots = {E: "G", NE: "G"}
    state = play(position(plots, bamboo={E: 2}, roll="storm"), "storm 1,0")
    assert state.turn.actions == () and starting(state, "panda")
    state = play(position(plots, bamboo={E: 2}, roll="rain"), "rain 1,0")
    assert state.turn.actions == () and starting(state, "gardener")
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 4  # the rain's section and the gardener's


def test_rain_may_grow_a_plot_irrigated_only_by_a_watershed():
    # "Chuva - ... em qualquer canteiro irrigado"; a watershed plot is irrigated.
    plots = {E: "G", NE: "G", (2, -1): "YW", (2, 0): "P"}
    state = position(plots, bamboo={(2, -1): 1}, roll="rain")
    assert "rain 2,-1" in legal(state) and "rain 2,0" not in legal(state)  # (2,0) is dry
    assert play(state, "rain 2,-1").garden[(2, -1)].bamboo == 2


def test_storm_panda_does_not_eat_on_an_enclosure_token():
    # "Tempestade - ... comer um bambu, normalmente": the enclosure rule holds for a token too.
    state = position({E: "G"}, bamboo={E: 2}, tokens={E: "enclosure"}, roll="storm")
    state = play(state, "storm 1,0")
    assert state.panda == E and state.garden[E].bamboo == 2 and state.boards[0].bamboo == (0, 0, 0)


@pytest.mark.parametrize("choice", ["sun", "rain", "storm"])
def test_question_mark_weather_chosen_takes_its_effect(choice):
    # "Interrogação - O jogador pode escolher 1 dos outros 5 tipos de Clima"
    state = play(position({E: "G"}, bamboo={E: 1}, roll="?"), f"weather {choice}")
    assert state.turn.weather == choice
    if choice == "sun":
        assert state.turn.allowance == 3
        state = play(state, "irrigation", "panda 1,0")
        assert state.current == 0 and starting(state, "gardener")  # a third, different action
    elif choice == "rain":
        assert isinstance(state.pending, Rain) and "rain 1,0" in legal(state)
    else:
        assert isinstance(state.pending, Storm) and "storm 1,0" in legal(state)


# --- actions --------------------------------------------------------------------------------------


def test_irrigation_channel_may_be_placed_at_once():
    # "Pode colocá-lo em jogo imediatamente ou guardá-lo em sua reserva pessoal"
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = position(plots, channels=[edge(E, NE)])
    assert not starting(state, "channel")  # nothing stored yet
    state = play(state, "irrigation", "channel 1,0|2,-1")
    assert state.garden[(2, -1)].irrigated and state.garden[(2, -1)].bamboo == 1
    assert state.reserve_channels == 18 and state.boards[0].channels == 0
    assert state.turn.actions == ("irrigation",) and state.current == 0


def test_redraw_satisfied_variant_also_for_plot_cards_never_for_panda_cards():
    # "Se o objetivo de Canteiro ou Jardineiro comprado já estiver refletido ... colocado no
    # fundo do deck" (the BGA rule, option redraw_satisfied): plot cards too, panda cards never.
    plots = {E: "G", SE: "G", (1, 1): "GW"}  # a green triangle, all irrigated: P01 is shown
    next_cards = {"plot": ("P01", "P09"), "panda": ("A01",)}
    state = position(plots, stocks=[{"green": 2}, {}], redraw_satisfied=True, weather="wind", next_cards=next_cards)
    state = play(state, "objective plot")
    assert state.boards[0].hand == ("P09",) and state.decks[0].bottom[-1] == "P01"
    state = play(state, "objective panda")  # A01 is met by the two green sections held, yet kept
    assert state.boards[0].hand == ("P09", "A01")


def test_redraw_satisfied_is_off_by_default():
    plots = {E: "G", SE: "G", (1, 1): "GW"}
    state = position(plots, next_cards={"plot": ("P01",)})
    state = play(state, "objective plot")
    assert state.boards[0].hand == ("P01",) and "complete P01" in legal(state)


# --- improvements -------------------------------------------------------------------------------


def test_placed_improvement_is_never_moved_by_default_clouds():
    # "Assim que uma Melhoria é colocada, ela não pode ser mudada": Clouds with the reserve empty
    # offers another weather, not a move of a placed token (the English-rulebook variant does).
    stocks = [{"watershed": 3, "fertilizer": 3, "enclosure": 2}, {}]
    state = position({E: "G", NE: "G"}, tokens={E: "enclosure"}, stocks=stocks, roll="clouds")
    assert isinstance(state.pending, WeatherChoice)
    assert not starting(state, "clouds") and not any(m.startswith("improve 1,0 ") for m in legal(state))
    for text in ("weather sun", "improve 1,-1 enclosure", "irrigation", "panda 1,0", "gardener 1,0"):
        state = play(state, text)
    assert state.garden[E].improvement == "enclosure" and state.garden[NE].improvement == "enclosure"


# --- irrigation -----------------------------------------------------------------------------------


def test_channel_along_the_pond_is_a_wasted_move_in_the_bga_variant():
    # "o jogo permite que um Canal ... seja posicionado entre um Canteiro e o lago, porém essa
    # seria uma jogada desperdiçada": it waters nothing new and reaches no new border.
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = position(plots, bamboo={E: 1}, stocks=[{"channels": 2}, {}], channel_on_pond_border=True)
    spots = starting(state, "channel")
    after = play(state, "channel 0,0|1,0")
    assert after.garden == state.garden and after.reserve_bamboo == state.reserve_bamboo
    assert starting(after, "channel") == spots - {"channel 0,0|1,0"}


def test_gardener_grows_plots_irrigated_only_by_a_watershed():
    # "Um Canteiro com uma Melhoria de Fosso também é considerado como automaticamente irrigado,
    # para os fins de Canteiro e Jardineiro": printed or token, destination or neighbour.
    plots = {E: "G", NE: "G", (2, -1): "GW", (2, 0): "Y", (3, -1): "G"}
    state = position(plots, tokens={(3, -1): "watershed"}, bamboo={(2, -1): 1, (3, -1): 1}, gardener=E)
    state = play(state, "gardener 2,-1")
    assert state.garden[(2, -1)].bamboo == 2  # printed watershed, where the gardener stops
    assert state.garden[(3, -1)].bamboo == 2  # watershed token, green neighbour
    assert state.garden[(2, 0)].bamboo == 0  # yellow neighbour, dry anyway


# --- objectives -----------------------------------------------------------------------------------


def test_objective_conditions_are_checked_when_completing():
    # "se sua carta de objetivo coincidir com as condições do jardim naquele momento": a garden
    # that showed the card earlier but no longer does cannot complete it.
    state = position({E: "G", NE: "G"}, bamboo={E: 4}, hands=[("G04",), ()])
    assert "complete G04" in legal(state)
    state = play(state, "panda 1,0")
    assert state.garden[E].bamboo == 3 and "complete G04" not in legal(state)
    state = play(state, "gardener 1,-1")  # grows E back to 4 (its green irrigated neighbour)
    assert state.garden[E].bamboo == 4 and "complete G04" in legal(state)


def _adjacent_pairs(cells):
    return sum(1 for a, b in itertools.combinations(cells, 2) if hexgrid.are_adjacent(a, b))


@pytest.mark.parametrize("card", [c for c in STANDARD.objectives if isinstance(c, PlotObjective)], ids=lambda c: c.id)
def test_lines_curves_and_triangles_are_three_plots_diamonds_four(card):
    # "Linhas retas, curvas e triângulos consistem de 3 Canteiros. Losangos consistem de 4."
    cells = card.cells
    if card.shape in ("diamond", "two-colour diamond"):
        assert len(cells) == 4 and _adjacent_pairs(cells) == 5  # two triangles sharing a side
        return
    assert len(cells) == 3
    if card.shape == "triangle":
        assert _adjacent_pairs(cells) == 3
        return
    assert card.shape in ("line", "curve") and _adjacent_pairs(cells) == 2
    middle = next(c for c in cells if all(hexgrid.are_adjacent(c, o) for o in cells if o != c))
    ends = [c for c in cells if c != middle]
    straight = hexgrid.add(ends[0], ends[1]) == hexgrid.scale(middle, 2)
    assert straight is (card.shape == "line")


def test_every_plot_shape_is_in_the_box_in_each_colour():
    shapes = {(c.shape, c.colours[0]) for c in STANDARD.objectives if isinstance(c, PlotObjective)}
    for shape in ("line", "curve", "triangle", "diamond"):
        assert {colour for s, colour in shapes if s == shape} == {"green", "yellow", "pink"}
    mixed = {frozenset(c.colours) for c in STANDARD.objectives if getattr(c, "shape", "") == "two-colour diamond"}
    assert mixed == {frozenset(p) for p in (("green", "yellow"), ("green", "pink"), ("pink", "yellow"))}
