"""End of the game: loans subtracted, tie-breaks (Cash, then vegetables on fields and in the
storehouse, then a shared win), leftover customers and shop contents do not count."""

from __future__ import annotations

from tabletop.loyang.state import OVER, Field, replace

from .helpers import give, scenario


def finished(*players):
    state = scenario(len(players))
    seats = tuple(replace(p, **changes) for p, changes in zip(state.seats, players))
    return replace(state, seats=seats, phase=OVER)


def test_loans_are_subtracted_from_the_path_position():
    state = finished({"position": 18, "loans": 2}, {"position": 17})
    assert state.scores() == (16, 17) and state.winners() == (1,)


def test_scores_are_shown_during_the_game_and_winners_only_at_the_end():
    state = scenario(2)
    assert state.scores() == (1, 1) and state.winners() == ()


def test_tie_goes_to_more_cash():
    state = finished({"position": 18, "cash": 3}, {"position": 18, "cash": 5})
    assert state.winners() == (1,)


def test_then_to_more_vegetables_on_fields_and_in_the_storehouse():
    a = {"position": 18, "cash": 3, "storehouse": (0, 0, 0, 0, 0, 2), "fields": (), "home_count": 0}
    b = {"position": 18, "cash": 3, "storehouse": (0, 0, 0, 0, 0, 0), "fields": (Field(100, 0, 1),), "home_count": 0}
    assert finished(a, b).winners() == (0,)


def test_shop_contents_do_not_break_ties_and_a_full_tie_is_shared():
    a = {"position": 18, "cash": 3, "shop": (3, 2, 2, 2, 2, 2), "home_count": 0, "fields": ()}
    b = {"position": 18, "cash": 3, "shop": (0, 0, 0, 0, 0, 0), "home_count": 0, "fields": ()}
    assert finished(a, b).winners() == (0, 1)


def test_leftover_customers_cost_nothing_at_the_end():
    state = give(scenario(2), 0, "R01", "C01")
    state = replace(state, phase=OVER)
    assert state.scores() == (1, 1)
