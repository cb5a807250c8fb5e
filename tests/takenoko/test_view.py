"""Views hide what a seat cannot see; determinization fills it back consistently."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.kernel.rng import MaskedRandomness, Rng
from tabletop.takenoko import GAME, ObjectiveAction, PlotAction, determinize, invariants, new_game, render
from tabletop.takenoko.state import HIDDEN_TILE, KeepPlot

from tabletop.takenoko.positions import position

from .helpers import play


def _midgame(seed=3, n=3, steps=150):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    for _ in range(steps):
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def test_view_hides_other_hands_deck_orders_and_the_random_source():
    state = _midgame()
    view = state.view(0)
    assert view.boards[0].hand == state.boards[0].hand
    for seat in (1, 2):
        assert view.boards[seat].hand == ()  # counted by deck, from the back
        assert view.boards[seat].held == view.boards[seat].backs.total == len(state.boards[seat].hand)
        assert view.boards[seat].completed == state.boards[seat].completed
    assert all(deck.hidden == len(deck) for deck in view.decks)
    assert [len(d) for d in view.decks] == [len(d) for d in state.decks]
    mine = tuple(code for code, who in zip(state.tile_pile.bottom, state.returned_by) if who == 0)
    assert view.tile_pile.bottom == mine and view.tile_pile.hidden == len(state.tile_pile) - len(mine)
    assert view.rng.masked
    assert view.garden == state.garden and view.channels == state.channels
    assert invariants(view) == []


def test_view_of_the_player_to_move_keeps_its_legal_moves():
    state = _midgame(steps=151)
    seat = state.to_move
    assert state.view(seat).legal_moves() == state.legal_moves()


def test_view_cannot_draw_chance():
    state = new_game(2, seed=1)
    view = state.view(state.current)
    with pytest.raises(MaskedRandomness):
        view.apply(view.legal_moves()[0])  # drawing three plots needs the hidden pile order
    with pytest.raises(MaskedRandomness):
        view.apply(ObjectiveAction("panda"))


def test_view_hides_plots_drawn_by_another_player():
    state = position({}, next_tiles=("G", "Y", "P")).apply(PlotAction())
    assert isinstance(state.pending, KeepPlot)
    assert state.view(1).pending == KeepPlot(0, (HIDDEN_TILE,) * 3)
    assert state.view(0).pending == state.pending


@pytest.mark.parametrize("seed", range(5))
def test_determinize_samples_a_consistent_full_state(seed):
    state = _midgame(seed=seed, n=2 + seed % 3, steps=60 + 20 * seed)
    seat = seed % state.players
    view = state.view(seat)
    full = determinize(view, Rng.from_seed(seed))
    assert invariants(full) == []
    assert full.boards[seat] == state.boards[seat]
    assert full.garden == state.garden and full.pending.__class__ == state.pending.__class__
    for s, board in enumerate(full.boards):
        assert Counter(full.components.cards[c].kind for c in board.hand) == Counter(
            state.components.cards[c].kind for c in state.boards[s].hand
        )
    assert Counter(full.tile_pile.cards()) + Counter(p.tile for p in full.garden.values()) <= Counter(
        t.code for t in full.components.tiles
    )
    assert not full.rng.masked
    if not full.is_over:  # it can be played on
        assert invariants(full.apply(full.legal_moves()[0])) == []


def test_render_shows_garden_and_players():
    state = _midgame()
    text = render(state)
    assert "~~" in text and "seat 0" in text and str(state) == text


def test_view_shows_a_seat_the_plots_it_put_back_under_the_pile():
    state = play(position({}, next_tiles=("YF", "G", "P")), "plot", "keep G under P YF")
    assert state.view(0).tile_pile.bottom[-2:] == ("P", "YF")
    assert state.view(1).tile_pile.bottom == () and state.view(1).tile_pile.hidden == len(state.tile_pile)
    assert state.view(0).tile_pile.hidden == len(state.tile_pile) - 2
    full = determinize(state.view(0), Rng.from_seed(1))
    assert full.tile_pile.bottom[-2:] == ("P", "YF") and invariants(full) == []


def test_plots_put_back_are_forgotten_once_drawn_again():
    state = position({}, weather="wind", pile=("YF", "G", "P", "Y"), chance="explicit")
    for text in ("plot", "draw tile YF", "draw tile G", "draw tile P", "keep G under P YF", "place 1,0"):
        state = state.apply(GAME.parse_move(state, text))
    assert state.tile_pile.cards() == ("Y", "P", "YF") and state.returned_by == (0, 0)
    for text in ("plot", "draw tile Y", "draw tile P", "draw tile YF"):
        state = state.apply(GAME.parse_move(state, text))
    assert state.returned_by == ()


@pytest.mark.parametrize("seed", range(4))
def test_view_json_names_no_card_hidden_from_the_seat(seed):
    state = _midgame(seed=seed, n=2 + seed % 3, steps=80)
    for seat in range(state.players):
        text = state.view(seat).to_json()
        shown = {c for b in state.boards for c in b.completed} | set(state.boards[seat].hand)
        hidden = {c for s, b in enumerate(state.boards) if s != seat for c in b.hand}
        hidden |= {c for deck in state.decks for c in deck.cards()}
        assert not [c for c in hidden - shown if f'"{c}"' in text]


def test_view_history_hides_the_order_of_plots_put_back():
    state = play(position({}, next_tiles=("YF", "G", "P")), "plot", "keep G under P YF")
    for seat in (0, 1):
        assert [str(m) for m in state.view(seat).history] == ["plot", "keep G under ? ?"]


@pytest.mark.parametrize("seed", range(4))
def test_determinize_deals_exactly_the_cards_and_tiles_unseen(seed):
    state = _midgame(seed=seed, n=2 + seed % 3, steps=70)
    seat = seed % state.players

    def unseen(s):
        cards = Counter(c for t, b in enumerate(s.boards) if t != seat for c in b.hand)
        cards.update(c for deck in s.decks for c in deck.cards())
        return cards

    samples = [determinize(state.view(seat), Rng.from_seed(k)) for k in range(6)]
    for full in samples:
        assert unseen(full) == unseen(state)
        assert Counter(full.tile_pile.cards()) == Counter(state.tile_pile.cards())
        assert [len(d) for d in full.decks] == [len(d) for d in state.decks]
        # Everything public is kept as it is.
        same = ("garden", "channels", "gardener", "panda", "reserve_bamboo", "reserve_channels", "turn", "emperor")
        assert all(getattr(full, name) == getattr(state, name) for name in same)
        assert [b.completed for b in full.boards] == [b.completed for b in state.boards]
    # The hidden order is resampled, not copied from the true state.
    assert len({(s.decks, s.tile_pile) for s in samples}) > 1
