"""Actions A-H of the Action phase, loans, storing and the path of prosperity."""

from __future__ import annotations

import pytest

from tabletop.kernel.engine import evolve
from tabletop.kernel.api import IllegalMove
from tabletop.loyang import GAME, invariants
from tabletop.loyang.rules.play_area import leave_play
from tabletop.loyang.rules.table import casual_price, set_player
from tabletop.loyang.state import ActionsPending, OVER
from tabletop.loyang import moves as M
from tabletop.loyang.state import DELIVERED, DUE, SETTLED, CashPending, Field

from .helpers import deck_cards, with_deck, vadd, vplus, vminus, card, cart, cash, empty_cart, give, legal, on_top, play, scenario, stack, starting, veg


def test_sow_fills_the_field_from_the_supply():
    state = scenario(2)
    f = state.seats[0].fields[0]
    size = state.components.field(f.card).spaces
    supply = state.supply[0]
    state = play(state, "sow 0 wheat")
    assert state.seats[0].fields[0] == Field(f.card, 0, size)
    assert state.seats[0].cart[0] == 0 and state.supply[0] == supply - (size - 1)


def test_sow_only_accepted_vegetables_on_empty_fields():
    state = cart(scenario(2), 0, leek=1, wheat=1)
    f = state.seats[0].fields[0]
    accepts = state.components.field(f.card).accepts
    sows = starting(state, "sow")
    assert ("sow 0 leek" in sows) == (veg("leek") in accepts)
    state = play(state, "sow 0 wheat")
    assert not starting(state, "sow")


def test_buy_from_your_own_shop_at_the_dark_price():
    state = scenario(2)
    before = state.seats[0].cash
    state = play(state, "buy pumpkin")
    assert state.seats[0].cash == before - 4 and state.seats[0].shop[1] == 1
    state = cash(state, 0, 100)
    state = play(state, "buy pumpkin")
    assert "buy pumpkin" not in legal(state), "only what the shop holds"


def test_sell_to_a_free_space_of_your_shop_at_the_pale_price():
    state = cart(scenario(2), 0, leek=2, turnip=1)
    assert "sell turnip" not in legal(state), "the turnip spaces are full"
    before = state.seats[0].cash
    state = play(state, "sell leek")
    assert state.seats[0].cash == before + 2
    assert "sell leek" not in legal(state), "the pale leek space is taken now"


def test_sell_also_raises_money_for_a_forced_payment():
    state = cash(give(scenario(2), 0, "R01"), 0, 0)
    p = state.seats[0]
    state = evolve(state, seats=(evolve(p, regulars=(evolve(p.regulars[0], red=True),)),) + state.seats[1:])
    state = play(state, "end actions")
    assert isinstance(state.stack[-1], CashPending)
    assert legal(state) == {"loan", "sell wheat"}
    state = play(state, "sell wheat")
    assert isinstance(state.stack[-1], CashPending), "1 Cash is not enough yet"
    state = play(state, "loan")
    assert state.seats[0].cash == 1 + 5 - 2


def test_trade_at_a_market_stall_gives_as_many_as_the_bowls():
    state = give(empty_cart(scenario(2), 0), 0, "S01")  # pumpkin 1, cabbage 1, leek 2
    assert not starting(state, "trade")
    state = cart(state, 0, wheat=1)
    assert starting(state, "trade") == {"trade S01 0", "trade S01 1"}
    state = cart(state, 0, wheat=1)
    state = play(state, "trade S01 2", "give wheat", "give wheat")
    assert state.seats[0].cart == (0, 0, 0, 0, 0, 1)
    assert state.seats[0].stalls[0].goods == (True, True, False)


def test_trade_like_for_like_and_again_with_what_you_took():
    state = give(empty_cart(scenario(2), 0), 0, "S01", "S12")
    state = cart(state, 0, pumpkin=1)
    state = play(state, "trade S01 0", "give pumpkin", "trade S12 0", "give pumpkin")
    assert state.seats[0].cart == (1, 0, 0, 0, 0, 0)


def test_emptied_stall_is_discarded_at_once():
    state = give(empty_cart(scenario(2), 0), 0, "S03")
    state = cart(state, 0, leek=3)
    for slot in range(3):
        state = play(state, f"trade S03 {slot}", "give leek")
    assert not state.seats[0].stalls and card("S03") in state.discard


def test_helpers_can_be_discarded_without_use():
    state = give(scenario(2), 0, "Official")
    state = play(state, "discard Official")
    assert card("Official") in state.discard and not state.seats[0].helpers


def test_other_cards_cannot_be_discarded():
    state = give(scenario(2), 0, "S03", "C01", "R01")
    assert not starting(state, "discard")


def test_deliver_to_regular_customer_pays_bottom_to_top_and_is_due_once_a_round():
    state = cart(give(scenario(2), 0, "R02"), 0, wheat=2, pumpkin=2)  # 4/5/5/6
    before = state.seats[0].cash
    state = play(state, "deliver R02")
    r = state.seats[0].regulars[0]
    assert (r.rows, r.status, state.seats[0].cash) == (1, DELIVERED, before + 4)
    assert "deliver R02" not in legal(state) and "decline R02" not in legal(state)


def test_no_partial_rows():
    state = cart(give(empty_cart(scenario(2), 0), 0, "R07"), 0, turnip=1)
    assert "deliver R07" not in legal(state)


def test_missed_regular_customer_turns_red_then_costs_2():
    state = give(scenario(2), 0, "R01")
    state = play(state, "end actions")
    r = state.seats[0].regulars[0]
    assert r.red and r.status == SETTLED
    state = evolve(state, seats=(evolve(state.seats[0], regulars=(evolve(r, status=DUE),)),) + state.seats[1:])
    state = evolve(state, stack=state.stack[:1] + (ActionsPending(0),))
    before = state.seats[0].cash
    state = play(state, "decline R01")
    assert state.seats[0].cash == before - 2


def test_regular_customer_played_is_due_this_round_unless_revealed_after_the_owners_turn():
    state = scenario(2)
    state = stack(state, 1, "Tout", "R03")
    state = evolve(state, done=(False, True))
    state = leave_play(state, 1, card("Tout"))
    assert state.seats[1].regulars[0].status == SETTLED
    state = evolve(state, done=(False, False))
    state = stack(state, 1, "Maid", "R05")
    state = leave_play(state, 1, card("Maid"))
    assert state.seats[1].regulars[-1].status == DUE


@pytest.mark.parametrize(("regulars", "casuals", "price"), [(1, 1, 7), (0, 1, 5), (2, 1, 9)])
def test_casual_customer_modifier(regulars, casuals, price):
    state = give(empty_cart(scenario(2), 0), 0, "C01", *["R04", "R06"][:regulars])
    state = cart(state, 0, wheat=2, pumpkin=1)
    before = state.seats[0].cash
    state = play(state, "serve C01")
    assert state.seats[0].cash == before + price
    assert card("C01") in state.discard


def test_casual_customers_are_served_whole_and_only_then_discarded():
    state = cart(give(empty_cart(scenario(2), 0), 0, "C01"), 0, wheat=2)
    assert "serve C01" not in legal(state)
    assert "discard C01" not in legal(state)


def test_two_pack_costs_the_larger_of_helpers_and_stalls_and_is_once_per_phase():
    state = give(scenario(2), 0, "S03", "S04", "Maid")
    state = cash(state, 0, 10)
    state = play(state, "two-pack")
    assert state.seats[0].cash == 8
    state = play(state, "keep none")
    assert "two-pack" not in legal(state), "even after keeping nothing"


def test_two_pack_is_free_without_helpers_or_stalls():
    state = cash(scenario(2), 0, 0)
    assert "two-pack" in legal(state)


def test_two_pack_keep_zero_one_or_two_stacked_either_way():
    state = on_top(scenario(2), "S03", "C02")
    state = play(state, "two-pack")
    assert legal(state) == {"keep none", "keep S03", "keep C02", "keep S03 over C02", "keep C02 over S03"}
    kept = play(state, "keep C02")
    assert kept.seats[0].casuals == (card("C02"),) and card("S03") in kept.discard
    both = play(state, "keep C02 over S03")
    assert both.seats[0].covered == ((card("C02"), card("S03")),) and not both.seats[0].stalls


def test_common_field_in_a_two_pack_costs_2_even_beneath():
    state = cash(on_top(scenario(2), "S03", "F5a"), 0, 5)
    state = play(state, "two-pack", "keep S03 over F5a")
    assert state.seats[0].cash == 3


def test_covered_cards_do_not_count_for_the_two_pack():
    state = stack(scenario(2), 0, "Maid", "Shopper")
    state = cash(state, 0, 5)
    state = play(state, "two-pack")
    assert state.seats[0].cash == 4


def test_deck_exhausted_in_the_action_phase_reshuffles_the_discards():
    state = scenario(2)
    deck = deck_cards(state)
    state = with_deck(state, deck[:1], discard=deck[1:])
    state = play(state, "two-pack")
    assert len(state.stack[-1].drawn) == 2 and state.discard == ()
    assert invariants(state) == []


def test_store_one_vegetable_or_upgrade_for_2_to_store_four():
    state = cart(scenario(2), 0, pumpkin=2, turnip=1)
    state = play(state, "end actions")
    assert legal(state) >= {"store wheat", "store pumpkin", "store turnip", "upgrade storehouse", "done"}
    supply = state.supply
    kept = play(state, "store pumpkin", "done")
    assert kept.seats[0].storehouse == (0, 1, 0, 0, 0, 0)
    assert kept.supply[0] == supply[0] + 1 and kept.supply[1] == supply[1] + 1
    upgraded = play(state, "upgrade storehouse")
    assert upgraded.seats[0].storehouse == (1, 2, 1, 0, 0, 0), "4 fit after the upgrade"
    assert upgraded.seats[0].upgraded


def test_path_first_step_costs_1_then_the_space_value():
    state = cash(empty_cart(scenario(2), 0), 0, 3)
    state = play(state, "end actions", "done", "step")
    assert state.seats[0].position == 2 and state.seats[0].cash == 2
    assert "step" not in legal(state), "space 3 costs 3"
    state = play(state, "loan", "step")
    assert state.seats[0].position == 3 and state.seats[0].cash == 4


def test_the_path_ends_at_space_20():
    state = empty_cart(scenario(2), 0)
    p = state.seats[0]
    state = cash(evolve(state, seats=(evolve(p, position=19),) + state.seats[1:]), 0, 50)
    state = play(state, "end actions", "done", "step")
    assert state.seats[0].position == 20 and state.to_move == 1


def test_loans_give_5_cash_and_cost_a_step_at_the_end():
    state = play(scenario(2), "loan", "loan")
    p = state.seats[0]
    assert p.cash == 7 + 10 and p.loans == 2
    assert state.scores()[0] == p.position - 2


def test_illegal_move_is_refused_and_the_state_unchanged():
    state = scenario(2)
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.apply(M.Serve(card("C01")))
    with pytest.raises(IllegalMove):
        state.apply("end actions")
    assert state.to_json() == before


def test_a_stall_revealed_by_another_player_is_filled_at_once():
    # Seat 0's Trader takes the last vegetable of seat 1's stall, which covers another stall.
    state = stack(scenario(2), 1, "S03", "S04")
    p = state.seats[1]
    state = set_player(state, 1, evolve(p, stalls=(evolve(p.stalls[0], goods=(False, False, True)),)))
    state = evolve(state, supply=vplus(state.supply, (1, 1, 0, 0, 0, 0)))
    state = cart(give(empty_cart(state, 0), 0, "Trader1"), 0, leek=1)
    state = play(state, "helper Trader1 S03 2", "give leek")
    revealed = state.seats[1].stalls
    assert [s.card for s in revealed] == [card("S04")] and revealed[0].goods == (True, True, True)
    assert card("S03") in state.discard


def test_the_lower_card_of_a_two_pack_is_revealed_when_another_player_removes_the_top_card():
    # The Deliveryman's last delivery removes seat 1's regular customer from the top of a pack.
    state = stack(scenario(2), 1, "R07", "C01")
    p = state.seats[1]
    state = set_player(state, 1, evolve(p, regulars=(evolve(p.regulars[0], rows=3, delivered=3),)))
    state = evolve(state, supply=vminus(state.supply, (0, 0, 3, 3, 0, 0)))
    state = cart(give(state, 0, "Deliveryman"), 0, turnip=1, cabbage=1)
    state = play(state, "helper Deliveryman R07")
    assert state.seats[1].casuals == (card("C01"),) and not state.seats[1].covered


def test_storehouse_may_be_upgraded_even_when_everything_fits():
    state = cart(empty_cart(scenario(2), 0), 0, bean=1)
    state = play(state, "end actions")
    assert legal(state) >= {"upgrade storehouse", "store bean", "done"}
    state = play(state, "upgrade storehouse")
    assert legal(state) == {"step", "loan", "stop"}, "then everything fits: stored at once"
    assert state.seats[0].upgraded and state.seats[0].storehouse == (0, 0, 0, 0, 1, 0)


def test_storing_needs_no_decision_when_everything_fits_and_no_upgrade_is_possible():
    state = cash(cart(empty_cart(scenario(2), 0), 0, bean=1), 0, 1)
    state = play(state, "end actions")
    assert legal(state) == {"step", "loan", "stop"}
    assert state.seats[0].storehouse == (0, 0, 0, 0, 1, 0) and state.seats[0].cart == (0,) * 6


def test_vegetables_that_do_not_fit_are_sold_or_go_back_to_the_supply():
    state = cart(empty_cart(scenario(2), 0), 0, bean=1, leek=1, wheat=1)
    state = cash(state, 0, 1)
    supply = state.supply
    state = play(state, "end actions", "sell leek", "store bean", "done")
    p = state.seats[0]
    assert p.cash == 3 and p.storehouse == (0, 0, 0, 0, 1, 0) and p.cart == (0,) * 6
    assert state.supply[veg("wheat")] == supply[veg("wheat")] + 1


def test_a_regular_customer_revealed_after_its_owner_ended_the_actions_is_not_due():
    # The Book-keeper pays the missed-customer penalty while storing and reveals R05.
    state = stack(scenario(2), 0, "Bookkeeper", "R05")
    state = cash(give(state, 0, "R01"), 0, 0)
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, regulars=(evolve(p.regulars[0], red=True),)))
    state = play(state, "end actions")
    assert isinstance(state.stack[-1], CashPending)
    state = play(state, "helper Bookkeeper", "shop wheat 0", "shop pumpkin 0", "shop turnip 0",
                 "shop cabbage 0", "shop bean 0", "shop leek 0", "bonus wheat")
    revealed = next(r for r in state.seats[0].regulars if r.card == card("R05"))
    assert revealed.status == SETTLED and not revealed.red


def test_a_regular_customer_revealed_in_the_owners_own_actions_is_due_that_round():
    state = stack(scenario(2), 0, "Maid", "R05")
    state = play(state, "helper Maid")
    assert state.seats[0].regulars[0].status == DUE
    state = play(state, "end actions")
    assert state.seats[0].regulars[0].red, "missed: the marker turns red"


def test_sow_a_bean_field_of_4_spaces_holds_4_beans():
    state = give(empty_cart(scenario(2), 0), 0, "F4b")  # the tests' F4b accepts beans
    state = cart(state, 0, bean=1)
    state = play(state, "sow 1 bean")
    assert state.seats[0].fields[1] == Field(card("F4b"), veg("bean"), 4)


def test_each_kept_common_field_costs_2_at_once_and_can_be_paid_by_selling_or_a_loan():
    state = cash(on_top(scenario(2), "F3a", "F4a"), 0, 1)
    state = play(state, "two-pack", "keep F3a over F4a")
    assert isinstance(state.stack[-1], CashPending) and state.stack[-1].amount == 4
    assert legal(state) == {"sell wheat", "loan"}
    state = play(state, "sell wheat", "loan")
    assert state.seats[0].cash == 1 + 1 + 5 - 4 and state.stack[-1].__class__.__name__ == "ActionsPending"


def test_illegal_moves_say_why_and_leave_the_state_unchanged():
    state = cash(give(empty_cart(scenario(2), 0), 0, "S03"), 0, 0)
    before = state.to_json()
    for text in ("buy wheat", "discard S03", "trade S03 0", "two-pack two-pack", "step"):
        with pytest.raises(IllegalMove, match="not a legal move"):
            GAME.parse_move(state, text)
    with pytest.raises(IllegalMove, match=r"is not legal here; seat 0 is taking actions"):
        state.apply(M.Buy(0))
    with pytest.raises(IllegalMove, match="game is over"):
        evolve(state, phase=OVER, stack=()).apply(M.Loan())
    assert state.to_json() == before


def test_a_helper_discarded_after_the_actions_reveals_a_customer_not_due_this_round():
    state = stack(empty_cart(scenario(2), 0), 0, "Official", "R05")
    state = play(state, "end actions", "done")
    assert "discard Official" in legal(state)
    state = play(state, "discard Official")
    revealed = state.seats[0].regulars[0]
    assert revealed.card == card("R05") and revealed.status == SETTLED and not revealed.red
    state = play(state, "stop")
    assert state.to_move == 1


def test_storehouse_holds_only_the_kinds_it_shows_when_the_data_restricts_them():
    import attrs

    from .helpers import TEST

    only_wheat = attrs.evolve(TEST, storehouse_accepts=(veg("wheat"),))
    state = cart(empty_cart(scenario(2, components=only_wheat), 0), 0, bean=1)
    state = cash(state, 0, 0)
    state = play(state, "end actions")
    assert "store bean" not in legal(state) and "done" in legal(state), "the bean must go"


def test_the_order_of_serving_changes_the_casual_customer_modifier():
    # 1 regular, 2 casual customers: the first served pays 2 less (2 > 1), the second the
    # printed price (1 = 1).
    state = give(empty_cart(scenario(2), 0), 0, "R04", "C01", "C02")  # C01 7, C02 8
    state = cart(state, 0, wheat=3, pumpkin=2, turnip=1)
    before = state.seats[0].cash
    state = play(state, "serve C01")
    assert state.seats[0].cash == before + 7 - 2
    state = play(state, "serve C02")
    assert state.seats[0].cash == before + 5 + 8


def test_a_regular_customer_leaving_play_changes_the_casual_customer_modifier():
    # 2 regulars, 1 casual: +2; once the 4th row of one regular is filled, 1 = 1: the printed price.
    state = give(empty_cart(scenario(2), 0), 0, "R01", "R04", "C01")
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, regulars=(evolve(p.regulars[0], rows=3, delivered=3),) + p.regulars[1:]))
    state = evolve(state, supply=vadd(state.supply, veg("wheat"), -6))
    state = cart(state, 0, wheat=4, pumpkin=1)
    assert casual_price(state.components, state.seats[0], card("C01"), False) == 7 + 2
    before = state.seats[0].cash
    state = play(state, "deliver R01", "serve C01")
    assert state.seats[0].cash == before + 6 + 7


def test_a_common_field_kept_beneath_is_not_paid_again_when_revealed():
    state = cash(on_top(empty_cart(scenario(2), 0), "S03", "F5a"), 0, 5)
    state = play(state, "two-pack", "keep S03 over F5a")
    assert state.seats[0].cash == 3 and card("F5a") not in [f.card for f in state.seats[0].fields]
    state = cart(state, 0, leek=3)
    for slot in range(3):
        state = play(state, f"trade S03 {slot}", "give leek")
    assert card("F5a") in [f.card for f in state.seats[0].fields], "revealed when the stall is emptied"
    assert state.seats[0].cash == 3 and state.stack[-1].__class__.__name__ == "ActionsPending"


def test_missed_regular_customer_costs_2_cash_each_time_while_red():
    state = give(scenario(2), 0, "R01")
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, regulars=(evolve(p.regulars[0], red=True),)))
    before = state.seats[0].cash
    state = play(state, "decline R01")
    assert state.seats[0].cash == before - 2 and state.seats[0].regulars[0].red
    assert "decline R01" not in legal(state), "missed once a round"
    state = evolve(state, round=2, seats=(evolve(state.seats[0], regulars=(evolve(state.seats[0].regulars[0], status=DUE),)),) + state.seats[1:])
    state = play(state, "end actions")
    assert state.seats[0].cash == before - 4, "missed again at the end of the actions: 2 more"


def test_payments_never_make_cash_negative_a_penalty_waits_for_a_loan():
    state = cash(empty_cart(give(scenario(2), 0, "R01"), 0), 0, 1)
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, regulars=(evolve(p.regulars[0], red=True),)))
    state = play(state, "end actions")
    assert state.seats[0].cash == 1 and legal(state) == {"loan"}
    state = play(state, "loan")
    assert state.seats[0].cash == 1 + 5 - 2 and state.seats[0].loans == 1


def test_loans_are_offered_wherever_money_matters_and_never_repaid():
    state = cart(scenario(2), 0, bean=2)
    assert "loan" in legal(state), "Action phase"
    state = play(state, "end actions")
    assert "loan" in legal(state), "storing"
    state = play(state, "done")
    assert "loan" in legal(state), "path of prosperity"
    assert not any("repay" in m for m in legal(state))
