"""Takenoko on the kernel's engine: pending decisions name their seat, saved states carry a
format, the garden is immutable and keeps nothing derived from hidden cards."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import EngineState
from tabletop.takenoko import GAME, RULES, new_game
from tabletop.takenoko.components import STANDARD, components_from_data
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import ChooseAction, Plot

E, NE = (1, 0), (1, -1)


def _played(seed: int, moves: int) -> object:
    chooser = random.Random(seed)
    state = new_game(3, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def test_the_state_is_an_engine_state_run_by_the_takenoko_rules():
    state = new_game(2, seed=1)
    assert isinstance(state, EngineState) and state.rules is RULES
    assert state.pending == ChooseAction(state.current) and state.to_move == state.pending.seat


def test_a_saved_state_keeps_its_history_and_format():
    state = _played(4, 40)
    data = json.loads(state.to_json())
    assert data["format"] == 2 and len(data["history"]) == len(state.history)
    again = GAME.from_json(state.to_json())
    assert again == state and again.history == state.history and again.rules is RULES


@pytest.mark.parametrize("written", [None, 1, "2"])
def test_a_state_saved_in_another_format_is_refused_naming_it(written):
    data = json.loads(new_game(2, seed=1).to_json())
    if written is None:
        del data["format"]
    else:
        data["format"] = written
    with pytest.raises(InvalidRecord, match="format"):
        GAME.from_json(json.dumps(data))


def test_the_garden_cannot_be_changed():
    garden = position({E: "G"}).garden
    with pytest.raises((AttributeError, TypeError)):
        garden[NE] = Plot("G", "green")  # type: ignore[index]
    with pytest.raises(AttributeError):
        garden.plots = {}  # type: ignore[misc,assignment]
    assert not hasattr(garden, "update") and not hasattr(garden, "pop")


def test_a_view_shares_nothing_computed_from_hidden_hands():
    # Seat 1 holds a plot objective the garden shows; asking for seat 1's moves must not leave
    # a trace of that card in the garden that seat 0's view shares.
    plots = {E: "G", NE: "G", (2, -1): "G"}
    with_card = position(plots, hands=[(), ("P01",)], current=1)
    without = position(plots, hands=[(), ("P02",)], current=1)
    with_card.legal_moves()
    without.legal_moves()
    assert _caches(with_card.view(0).garden) == _caches(without.view(0).garden)


def _caches(garden: object) -> list[object]:
    # Everything the garden holds: its plots and the facts derived from them (it keeps no memo).
    return [repr(getattr(garden, name)) for name in type(garden).__slots__]


def test_the_reserve_and_the_stocks_are_pools_that_never_go_negative():
    from tabletop.kernel.pool import PoolError
    from tabletop.takenoko.state import Bamboo, Improvements

    state = position_with_stock()
    board = state.boards[0]
    assert isinstance(board.bamboo, Bamboo) and isinstance(board.improvements, Improvements)
    assert isinstance(state.reserve_improvements, Improvements) and board.bamboo.named("green") == 2
    with pytest.raises(PoolError):
        board.bamboo.take("pink")
    assert state.reserve_bamboo is None  # the unlimited supply is not counted
    limited = position_with_stock(bamboo_supply="2011")
    assert limited.reserve_bamboo == Bamboo((34, 30, 24))


def position_with_stock(**options):
    from tabletop.takenoko.positions import position

    return position({}, stocks=[{"green": 2, "fertilizer": 1}, {}], **options)


def test_every_new_game_starts_from_its_own_box_full_piles():
    # The full piles are read off a box once (setup._full_piles): whatever was played or set up
    # before, a new game's piles hold the box's cards, dealt from in sampled and explicit mode.
    data = STANDARD.as_data()
    gardener = data["objectives.toml"]["gardener"]
    gardener["cards"][0]["id"] = "G16"  # a card the standard box does not hold
    other = components_from_data(data)
    for _ in range(2):
        for components in (STANDARD, other):
            state = new_game(3, seed=5, chance="explicit", components=components)
            assert sorted(state.tile_pile.cards()) == sorted(tile.code for tile in components.tiles)
            for kind, deck in zip(("plot", "gardener", "panda"), state.decks, strict=True):
                assert sorted(deck.cards()) == sorted(components.deck(kind))
            played = new_game(3, seed=5, components=components)
            dealt = sum(len(board.hand) for board in played.boards)
            assert sum(len(deck) for deck in played.decks) + dealt == len(components.objectives)
