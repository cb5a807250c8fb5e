"""Random playouts from 2 to 6 players, with and without The Farmers and in variants A and C, to
the end of the game: invariants hold after every move, saved states load back equal, views hide
the screens, illegal moves are refused leaving the state unchanged, and a finished game has
winners."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples

from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.setup import from_json, setup
from tabletop.keyflower_farmers.moves import Colour
from tabletop.kernel.api import IllegalMove
from tabletop.kernel.rng import Rng

VARIANTS = [{}, {"farmers": False}, {"first_game": True}, {"extra_green": [0]}, {"open_information": True}]


def playout(players, seed, options, check):
    state = setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, options))
    rnd = random.Random(seed)
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        active = [m for m in legal if str(m) not in ("pass", "stop", "offered")]
        move = rnd.choice(active) if active and rnd.random() < 0.8 else rnd.choice(legal)
        state = state.apply(move)
        moves += 1
        check(state)
    return state, moves


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.sampled_from(VARIANTS))
def test_playouts_keep_the_invariants_to_the_end(players, seed, options):
    def check(state):
        assert invariants(state) == []

    state, moves = playout(players, seed, options, check)
    assert state.season == 3 and moves > 0
    assert len(state.scores()) == players and state.winners()
    assert from_json(state.to_json()) == state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_saved_states_load_back_equal_all_along(players):
    def check(state):
        if state.move_count % 25 == 0:
            assert from_json(state.to_json()) == state

    playout(players, players, {}, check)


@pytest.mark.parametrize("players", [3, 5])
def test_illegal_moves_are_refused_and_change_nothing(players):
    def check(state):
        if state.move_count % 30 == 0 and state.to_move is not None and state.to_move >= 0:
            before = state.to_json()
            with pytest.raises(IllegalMove):
                state.apply(Colour("purple"))
            assert state.to_json() == before

    playout(players, 11, {}, check)


@pytest.mark.parametrize("players", [2, 6])
def test_views_hide_every_other_screen(players):
    def check(state):
        seat = state.to_move if state.to_move is not None and state.to_move >= 0 else 0
        seen = state.view(seat)
        for other in range(players):
            if other != seat:
                assert seen.screens[other].total == 0 and seen.skills[other].total == 0
                assert seen.hidden_workers[other] == state.screens[other].total

    playout(players, 5, {}, check)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_sampled_draws_are_those_the_listed_outcomes_give(players):
    # The sampled mode draws with each event's shortcut sampler: the same outcome and the same
    # next generator as the engine's sample() over the listed outcomes, so both modes play alike.
    from tabletop.keyflower_farmers.rules import RULES
    from tabletop.kernel.engine import CHANCE, ChanceDecision, sample

    state = setup(players, Rng.from_seed(players), OPTIONS.resolve(players, {"chance": "explicit"}))
    rnd = random.Random(players)
    checked = 0
    while not state.is_over:
        if state.to_move == CHANCE:
            top = state.pending
            decision = RULES.decisions[type(top)]
            assert isinstance(decision, ChanceDecision)
            rng = Rng.from_seed(rnd.randrange(10**9))
            if decision.sample is not None:
                assert decision.sample(state, top, rng) == sample(decision.outcomes(state, top), rng)
                checked += 1
            move = sample(decision.outcomes(state, top), rng)[0]
        else:
            move = rnd.choice(state.legal_moves())
        state = state.apply(move)
    assert checked > 50


@pytest.mark.parametrize("players", [2, 4])
def test_the_facts_kept_with_a_village_are_those_of_its_layout(players):
    # Each village keeps the empty cells beside it and the hexes sharing a road, updated as a
    # hex is placed; they must be what its whole layout gives.
    from tabletop.keyflower_farmers.rules.village import layout_facts
    from tabletop.keyflower_farmers.state import Village

    checked = 0

    def check(state):
        nonlocal checked
        for village in state.villages:
            kept = layout_facts(state, village)
            fresh = layout_facts(state, Village(village.layout, village.fields, village.animals))
            assert dict(kept.frontier) == dict(fresh.frontier)
            assert {cell: sorted(linked) for cell, linked in kept.roads.items()} == {
                cell: sorted(linked) for cell, linked in fresh.roads.items()
            }
            checked += 1

    playout(players, players + 7, {}, check)
    assert checked > 100


@pytest.mark.parametrize("players", [2, 4])
def test_the_villages_made_directly_are_those_their_class_makes(players):
    # Placing hexes and moving animals make villages with state.new_village (no converter):
    # each must equal the village the class makes from the same values, its animals of their kind.
    from tabletop.keyflower_farmers.state import Animals, Village

    checked = 0

    def check(state):
        nonlocal checked
        for village in state.villages:
            assert village == Village(village.layout, village.fields, village.animals)
            assert all(type(held) is Animals for _, held in village.animals)
            checked += 1

    playout(players, players + 11, {}, check)
    assert checked > 100


@pytest.mark.parametrize("players", [3, 5])
def test_the_summer_boats_kept_with_a_state_are_those_of_its_villages(players):
    # Placing a hex carries the summer boats known over to the next state (the new hex added if
    # it is one); the abilities they give must be those read again from every village.
    from tabletop.kernel.engine import evolve

    shown = 0

    def check(state):
        nonlocal shown
        fresh = evolve(state)
        object.__setattr__(fresh, "_summer_boats", None)
        for seat in range(players):
            kept = state.boat_abilities(seat)
            assert kept == fresh.boat_abilities(seat)
            shown += bool(kept)

    for seed in range(3):
        playout(players, seed + 11, {}, check)
    assert shown > 0


def test_invariants_catch_workers_on_a_hex_that_no_use_put_there():
    from tabletop.keyflower_farmers.state import new_tile
    from tabletop.kernel.engine import evolve

    state = setup(3, Rng.from_seed(5), OPTIONS.resolve(3, {}))
    tile = state.tiles[0]
    assert not tile.uses and invariants(state) == []
    stray = new_tile(tile.id, tile.face, tile.goods, tile.workers.add("red", 2), (), None, tile.sheep)
    broken = evolve(state, tiles=(stray, *state.tiles[1:]))
    assert f"{tile.id} holds 2 workers from uses of 0" in invariants(broken)
    coloured = new_tile(tile.id, tile.face, tile.goods, tile.workers, (), "red", tile.sheep)
    assert f"{tile.id} stands in a colour but was not used" in invariants(evolve(state, tiles=(coloured, *state.tiles[1:])))
