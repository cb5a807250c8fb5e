"""End of the game: loans subtracted, tie-breaks (Cash, then vegetables on fields and in the
storehouse, then a shared win), leftover customers and shop contents do not count."""

from __future__ import annotations

from tabletop.kernel.engine import evolve
from tabletop.loyang.state import OVER, Field

from .helpers import card, cart, empty_cart, give, play, scenario


def finished(*players):
    state = scenario(len(players))
    seats = tuple(evolve(p, **changes) for p, changes in zip(state.seats, players))
    return evolve(state, seats=seats, phase=OVER, stack=())


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
    state = evolve(state, phase=OVER, stack=())
    assert state.scores() == (1, 1)


def test_money_received_after_your_turn_cannot_move_you_on_the_path():
    # Seat 1's Trader pays seat 0, who has finished, 2 Cash in round 9: seat 0 gets no decision.
    state = scenario(2, round=9)
    state = give(state, 0, "S03")
    state = play(state, "end actions")
    while state.to_move == 0:
        state = state.apply(state.legal_moves()[-1])
    state = cart(give(state, 1, "Trader1"), 1, leek=1)
    position, before = state.seats[0].position, state.seats[0].cash
    state = play(state, "helper Trader1 S03 0", "give leek")
    assert state.seats[0].cash == before + 2 and state.to_move == 1
    state = play(state, "end actions")
    while not state.is_over:
        assert state.to_move == 1
        state = state.apply(state.legal_moves()[-1])
    assert state.seats[0].position == position


def test_casual_customers_left_unserved_cost_nothing_during_the_game():
    state = give(empty_cart(scenario(2), 0), 0, "C01")
    before = state.seats[0].cash
    state = play(state, "end actions")
    assert state.seats[0].cash == before and state.seats[0].casuals == (card("C01"),)


def test_loans_are_subtracted_before_the_tie_breaks():
    # 19 with 1 loan ties 18 with none: then the Cash decides, not the path position.
    state = finished({"position": 19, "loans": 1, "cash": 2}, {"position": 18, "cash": 4})
    assert state.scores() == (18, 18) and state.winners() == (1,)


def test_the_home_field_counts_among_the_fields_for_the_second_tie_break():
    a = {"position": 18, "cash": 3, "storehouse": (0,) * 6, "fields": (), "home_count": 2}
    b = {"position": 18, "cash": 3, "storehouse": (1, 0, 0, 0, 0, 0), "fields": (), "home_count": 0}
    assert finished(a, b).winners() == (0,)
