"""The end of the game (the round finished, then one more round, or none in the expert
variant), the final scoring and the tie-breaks."""

from __future__ import annotations

import attrs

from tabletop.kernel.engine import evolve
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.scoring import contract_score, group_score, patch_score, scores, winners
from tabletop.windmill_valley.state import Turn

from .helpers import finish_turn, first_position, notations, play


def test_after_the_trigger_the_round_is_finished_then_one_more_round():
    state = first_position(players=3, turn=Turn(seat=0, ending=0), farms={1: {"turned": 23}})
    state = finish_turn(state)  # seat 0
    state = finish_turn(state)  # seat 1 reaches the last calendar space
    assert state.turn.ending == 1 and state.to_move == 2
    state = finish_turn(state)  # seat 2 finishes the round
    assert state.turn.ending == 2 and state.to_move == 0
    for seat in (0, 1):
        state = finish_turn(state)
        assert not state.is_over
    state = finish_turn(state)
    assert state.is_over and state.winners()


def test_the_expert_variant_has_no_extra_round():
    state = first_position(players=2, expert=True, farms={0: {"turned": 23}})
    state = finish_turn(state)
    assert state.turn.ending == 1 and not state.is_over
    state = finish_turn(state)
    assert state.is_over


def test_complete_rows_score_high_when_one_colour_else_low():
    farmer = first_position().farmers[0]
    one = attrs.evolve(farmer, patches=(("red",) * 7, (), (), ()))
    mixed = attrs.evolve(farmer, patches=(("red",) * 6 + ("white",), (), (), ()))
    low, high = BOX.farm.row_values[0]
    assert patch_score(BOX, one) == high and patch_score(BOX, mixed) == low  # one-bulb columns hold no duplicate


def test_columns_score_when_complete_and_all_different_and_lose_with_any_duplicate():
    farmer = first_position().farmers[0]
    different = attrs.evolve(farmer, patches=(("white",), ("yellow",), ("red",), ("violet",)))
    assert patch_score(BOX, different) == BOX.farm.column_values[0]
    repeated = attrs.evolve(farmer, patches=(("white",), ("white",), (), ()))
    assert patch_score(BOX, repeated) == -BOX.farm.column_values[0]


def test_an_empty_windmill_group_scores_its_colour_in_the_patches():
    farmer = first_position().farmers[0]
    colour, value = BOX.farm.group_colours[4], BOX.farm.group_values[4]
    emptied = attrs.evolve(farmer, windmills=(1, 1, 2, 2, 0), patches=((colour, colour), (), (), ()))
    assert group_score(BOX, emptied) == 2 * value
    kept = attrs.evolve(emptied, windmills=(1, 1, 2, 2, 1))
    assert group_score(BOX, kept) == 0


def test_contracts_score_at_the_end():
    card = next(c for c in BOX.farm_cards if c.contract == "bulbs")
    state = first_position(farms={0: {"contracts": (card.id,), "patches": ((card.contract_arg,) * 3, (), (), ())}})
    assert contract_score(state, 0, card.id) == 3 * card.contract_vp
    assert scores(state)[0] == 5 + 3 * card.contract_vp + patch_score(BOX, state.farmers[0]) + group_score(BOX, state.farmers[0])


def _over(**kwargs):
    return evolve(first_position(**kwargs), stack=())


def test_tied_players_share_the_victory():
    assert winners(_over(farms={0: {"vp": 10}, 1: {"vp": 10}})) == (0, 1)


def test_the_first_tie_break_is_the_most_bulbs_planted():
    state = _over(farms={0: {"vp": 10, "patches": (("red",), (), (), ())}, 1: {"vp": 10, "storage": ("red",) * 3}})
    assert scores(state)[0] == scores(state)[1] and winners(state) == (0,)


def test_the_second_tie_break_is_the_most_bulbs_in_storage():
    state = _over(farms={0: {"vp": 10, "storage": ()}, 1: {"vp": 10}})
    assert winners(state) == (1,)


def test_the_third_tie_break_is_the_most_windmills_on_the_board():
    space = BOX.spaces[0].id
    state = _over(farms={0: {"vp": 10}, 1: {"vp": 10}}, mills={space: 0})
    assert scores(state)[0] == scores(state)[1] and winners(state) == (0,)


def test_no_winner_before_the_end():
    assert first_position().winners() == ()
    assert notations(first_position())
