"""Random playouts: they end, never raise, keep the invariants; JSON and replay agree; illegal moves refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.kernel.api import IllegalMove, InvalidRecord
from tabletop.kernel import hexgrid
from tabletop.kernel.hexgrid import edge
from tabletop.kernel.record import record_of
from tabletop.takenoko import GAME, invariants, moves, new_game
from tabletop.takenoko.state import ChooseAction, PlacePlot
from budget import examples

seeds = st.integers(0, 2**32)
players = st.integers(2, 4)


def _playout(seed, n, check, **options):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed, **options)
    steps = 0
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, "a live game must offer moves"
        state = state.apply(chooser.choice(legal))
        steps += 1
        check(state)
    return state, steps


@settings(max_examples=examples(12))
@given(seeds, players)
def test_random_playouts_end_without_breaking_an_invariant(seed, n):
    def check(state):
        assert invariants(state) == []

    state, steps = _playout(seed, n, check)
    assert state.to_move is None and state.winners()
    assert steps < 5000


@settings(max_examples=examples(6))
@given(seeds, players)
def test_json_round_trip_and_replay_agree_at_every_step(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    replayed = new_game(n, seed=seed)
    step = 0
    while not state.is_over and step < 300:
        move = chooser.choice(state.legal_moves())
        state = state.apply(move)
        replayed = replayed.apply(GAME.parse_move(replayed, str(move)))
        assert replayed == state
        back = GAME.from_json(state.to_json())
        assert back == state
        assert back.legal_moves() == state.legal_moves()
        step += 1
    assert GAME.replay(record_of(GAME, state, seed)) == state
    assert GAME.replay(record_of(GAME, state, seed).to_json()) == state


@settings(max_examples=examples(8))
@given(seeds, players, st.integers(0, 300))
def test_moves_not_in_legal_moves_are_refused_and_the_state_is_unchanged(seed, n, steps):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
    before = state.to_json()
    candidates = [
        moves.PlaceTile((9, 9)),
        moves.GardenerAction((7, -7)),
        moves.PandaAction(state.panda),
        moves.PlaceChannel(edge((0, 0), (1, 0))),
        moves.CompleteObjective("P99"),
        moves.EndTurn(),
        moves.RainOn((5, 5)),
        moves.ObjectiveAction("plot"),
        moves.PlotAction(),
        moves.ChooseWeather("clouds"),
        "gardener 1,0",
    ]
    legal = state.legal_moves()
    for move in candidates:
        if move in legal:
            continue
        with pytest.raises(IllegalMove):
            state.apply(move)
        assert state.to_json() == before


def test_options_variants_play_out():
    def check(state):
        assert invariants(state) == []

    variants = [
        {"declare_actions": True},
        {"clouds_when_empty": "move_improvement"},
        {"bamboo_supply": "2011", "redraw_satisfied": True},
        {"bamboo_supply": "later", "channel_on_pond_border": True, "improvement_on_bamboo": True},
        {"weather": False, "gardener_on_plot": True, "exact_height": False, "rain_needs_irrigation": False},
        {"fertilizer_first_shoot": False, "improvement_before_shoot": False},
    ]
    for i, options in enumerate(variants):
        for seed in (i, 100 + i):
            state, _ = _playout(seed, 2 + seed % 3, check, **options)
            assert state.is_over
            assert GAME.replay(record_of(GAME, state, seed, options)) == state


def test_same_seed_same_game():
    a, _ = _playout(11, 3, lambda s: None)
    b, _ = _playout(11, 3, lambda s: None)
    assert a == b and a.history == b.history


def test_from_json_rejects_bad_input_naming_the_field():
    state = new_game(2, seed=1)
    with pytest.raises(InvalidRecord):
        GAME.from_json("{not json")
    text = state.to_json().replace('"players":2', '"players":"two"')
    with pytest.raises(InvalidRecord, match="players"):
        GAME.from_json(text)
    with pytest.raises(InvalidRecord):
        GAME.from_json(state.to_json().replace('"garden":[]', '"garden":7'))


def test_notation_round_trip_of_every_legal_move():
    chooser = random.Random(5)
    state = new_game(4, seed=5)
    while not state.is_over:
        for move in state.legal_moves():
            assert GAME.parse_move(state, str(move)) == move
        state = state.apply(chooser.choice(state.legal_moves()))


def test_registered_with_the_library():
    import tabletop

    state = tabletop.new_game("takenoko", players=3, seed=7)
    assert tabletop.GAMES["takenoko"] is GAME and state == new_game(3, seed=7)
    assert GAME.min_players == 2 and GAME.max_players == 4


def _channel_spots_read_from_the_rulebook(state):
    """Edges between two plots, free, with an end on a pond corner or on a placed channel."""
    garden = state.garden
    network = {v for e in state.channels for v in hexgrid.edge_vertices(e)} | set(hexgrid.vertices_of((0, 0)))
    return {
        hexgrid.edge(cell, other)
        for cell in garden
        for other in hexgrid.neighbours(cell)
        if other in garden
        and hexgrid.edge(cell, other) not in state.channels
        and network & set(hexgrid.edge_vertices(hexgrid.edge(cell, other)))
    }


def _plot_spots_read_from_the_rulebook(state):
    """Empty cells next to the pond, or next to two placed plots."""
    taken = set(state.garden) | {(0, 0)}
    empty = {n for cell in taken for n in hexgrid.neighbours(cell) if n not in taken}
    return {
        cell
        for cell in empty
        if (0, 0) in hexgrid.neighbours(cell) or sum(n in state.garden for n in hexgrid.neighbours(cell)) >= 2
    }


@settings(max_examples=examples(6), deadline=None)
@given(seeds, players)
def test_placement_and_growth_agree_with_an_independent_reading_of_the_rules(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    while not state.is_over:
        legal = state.legal_moves()
        if isinstance(state.pending, ChooseAction) and state.boards[state.current].channels:
            offered = {m.edge for m in legal if isinstance(m, moves.PlaceChannel)}
            assert offered == _channel_spots_read_from_the_rulebook(state)
        if isinstance(state.pending, PlacePlot):
            assert {m.at for m in legal if isinstance(m, moves.PlaceTile)} == _plot_spots_read_from_the_rulebook(state)
        move = chooser.choice(legal)
        after = state.apply(move)
        if isinstance(move, moves.GardenerAction) and move.to in state.garden:
            target = state.garden[move.to]
            for cell, plot in state.garden.items():
                reached = cell == move.to or cell in hexgrid.neighbours(move.to)
                grows = reached and plot.colour == target.colour and plot.irrigated
                step = 2 if plot.improvement == "fertilizer" else 1
                assert after.garden[cell].bamboo == (min(4, plot.bamboo + step) if grows else plot.bamboo)
        if state.turn_number <= n:
            assert after.turn_number > n or after.turn.weather == ""
        state = after
