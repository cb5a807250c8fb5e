"""The round: Harvest phase, Card phase (distribution round, 2 players, start players) and the
order of the Action phase (3 players, 4-player partners), end after 9 rounds."""

from __future__ import annotations

from tabletop.kernel.engine import evolve
from tabletop.loyang.components import Vegetables
from tabletop.loyang import invariants
from tabletop.loyang.rules.actions import begin_action_phase
from tabletop.loyang.rules.card_phase import begin_card_phase
from tabletop.loyang.rules.driver import settle
from tabletop.loyang.rules.harvest import begin_round, harvest
from tabletop.loyang.rules.payments import charge
from tabletop.loyang.rules.table import PLACE, others, set_player
from tabletop.loyang.state import ACTION, CARD, DUE, HARVEST, CashPending, Field

from tabletop.loyang.state import pile_cards

from .helpers import deck_cards, on_top, reveal, with_deck, vadd, vminus, card, card_phase, cash, courtyard, game, give, in_hand, legal, play, scenario, stack, starting


def sown(state, seat, *fields):
    p = state.seats[seat]
    return set_player(state, seat, evolve(p, fields=tuple(fields)))


def test_harvest_reveals_a_field_and_takes_1_from_each_field():
    state = scenario(2)
    state = give(state, 0, "F3a")
    p = state.seats[0]
    state = sown(state, 0, Field(p.fields[0].card, 0, 5), Field(card("F3a"), 1, 2))
    state = evolve(state, supply=vminus(state.supply, (5, 2, 0, 0, 0, 0)))
    pile_top = pile_cards(state.seats[0])[0]
    state = harvest(reveal(begin_round(state, 2), state.components.code(pile_top)), 0)
    p = state.seats[0]
    assert p.fields[-1].card == pile_top and p.fields[-1].veg == -1
    assert p.fields[0].count == 4 and p.fields[1].count == 1
    assert p.cart[0] == 1 + 1 + 1  # earlier wheat, home wheat, field wheat
    assert p.cart[1] == 1
    assert invariants(state) == []


def test_storehouse_goes_onto_the_cart_at_harvest():
    state = scenario(2)
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, cart=Vegetables(), storehouse=p.cart))
    state = harvest(begin_round(state, 2), 0)
    assert state.seats[0].storehouse == (0,) * 6 and state.seats[0].cart[0] == 2


def test_emptied_private_field_leaves_the_game_and_common_field_is_discarded():
    state = give(scenario(2), 0, "F4a")
    p = state.seats[0]
    private = p.fields[0].card
    state = sown(state, 0, Field(private, 2, 1), Field(card("F4a"), 2, 1))
    state = evolve(state, supply=vminus(state.supply, (0, 0, 2, 0, 0, 0)))
    state = harvest(state, 0)
    assert state.seats[0].fields == ()
    assert card("F4a") in state.discard and private not in state.discard
    assert invariants(state) == []


def test_emptied_common_field_reveals_the_card_under_it():
    state = stack(scenario(2), 0, "F3b", "S05")
    state = sown(state, 0, *state.seats[0].fields[:1], Field(card("F3b"), 0, 1))
    state = evolve(state, supply=vminus(state.supply, (1, 0, 0, 0, 0, 0)))
    state = harvest(state, 0)
    assert [s.card for s in state.seats[0].stalls] == [card("S05")]
    assert invariants(state) == []


def test_unsown_fields_are_not_discarded():
    state = harvest(scenario(2), 0)
    assert len(state.seats[0].fields) == 1


def test_no_new_field_is_revealed_in_round_9():
    state = scenario(2)
    before = len(pile_cards(state.seats[0]))
    assert len(pile_cards(reveal(begin_round(state, 9)).seats[0])) == before
    assert len(pile_cards(reveal(begin_round(state, 8)).seats[0])) == before - 1


def test_card_phase_shuffles_the_discards_back_and_deals_4():
    state = scenario(2)
    deck = deck_cards(state)
    state = with_deck(state, deck[10:], discard=deck[:10], phase=HARVEST, stack=())
    state = reveal(begin_card_phase(state))
    assert state.discard == () and len(deck_cards(state)) == 70 - 8
    assert all(len(p.hand) == 4 for p in state.seats)


def test_deck_short_in_the_card_phase_is_dealt_evenly():
    state = scenario(3)
    state = with_deck(state, deck_cards(state)[:7], discard=(), stack=())
    state = reveal(begin_card_phase(state))
    assert [len(p.hand) for p in state.seats] == [2, 2, 2] and len(deck_cards(state)) == 1


def test_start_player_opens_the_courtyard_and_nobody_passes():
    state = card_phase(3)
    assert state.to_move == 0
    assert all(m.startswith("place ") for m in legal(state)), "no take from an empty courtyard, no pass"
    opened = state.seats[0].hand[0]
    state = state.apply(PLACE[opened])
    assert state.courtyard == (opened,) and len(state.seats[0].hand) == 3
    assert state.to_move == 1, "then clockwise"
    assert all(m.startswith(("place ", "take ")) for m in legal(state))


def test_take_plays_a_courtyard_card_and_a_hand_card_and_drops_out():
    state = card_phase(3)
    hand0 = state.seats[0].hand
    state = state.apply(PLACE[hand0[0]])
    take = next(m for m in state.legal_moves() if str(m).startswith("take"))
    p = state.seats[1]
    rest = [c for c in p.hand if c != take.hand]
    state = state.apply(take)
    assert state.seats[1].hand == () and state.active == (2, 0)
    assert set(rest) <= set(state.courtyard)
    assert take.court not in state.courtyard
    assert state.seats[1].covered == (), "cards of the Card phase are never stacked"
    assert invariants(state) == []


def test_last_card_never_goes_to_the_courtyard():
    state = card_phase(2)
    state = in_hand(evolve(state, seats=(evolve(state.seats[0], hand=()),) + state.seats[1:]), 0, "S03")
    assert not starting(state, "place")


def test_last_player_left_must_take():
    state = card_phase(3)
    for _ in range(2):
        state = state.apply(next(m for m in state.legal_moves() if str(m).startswith("place")))
    state = state.apply(next(m for m in state.legal_moves() if str(m).startswith("take")))
    state = state.apply(next(m for m in state.legal_moves() if str(m).startswith("take")))
    assert state.active == (1,)
    assert all(str(m).startswith("take") for m in state.legal_moves())


def test_the_last_to_take_becomes_start_player_and_the_one_before_second():
    state = card_phase(3)
    order = []
    while state.phase == CARD:
        seat = state.to_move
        moves = state.legal_moves()
        take = [m for m in moves if str(m).startswith("take")]
        place = [m for m in moves if str(m).startswith("place")]
        move = take[0] if take and (seat != 0 or not place) else (place or moves)[0]
        if str(move).startswith("take"):
            order.append(seat)
        state = state.apply(move)
        while state.phase == CARD and state.stack[-1].__class__.__name__ == "CashPending":
            state = state.apply(next(m for m in state.legal_moves() if str(m) == "loan"))
    assert state.phase == ACTION
    assert (state.start, state.second) == (order[-1], order[-2])
    assert state.to_move == state.start
    assert state.order[2] not in (state.start, state.second)


def test_leftover_courtyard_cards_become_the_discard_pile():
    state = card_phase(2)
    while state.phase == CARD:
        moves = state.legal_moves()
        state = state.apply(next((m for m in moves if str(m).startswith("take")), moves[-1]))
    assert len(state.discard) == 8 - 4 and not state.courtyard


def test_two_players_may_flip_the_top_card_into_the_courtyard():
    state = on_top(card_phase(2), "S03")
    assert "flip" in legal(state)
    top = card("S03")
    state = play(state, "flip")
    assert state.courtyard == (top,) and "flip" not in legal(state)
    assert starting(state, "take"), "the start player may take at once"


def test_no_flip_with_three_players():
    assert "flip" not in legal(card_phase(3))


def test_common_field_costs_2_cash_at_once_selling_if_needed():
    state = play(card_phase(2), "flip")
    state = courtyard(in_hand(state, 0, "F4a"), "S03")
    state = cash(state, 0, 1)
    state = play(state, "take S03 F4a")
    assert state.to_move == 0 and isinstance(state.stack[-1], CashPending)
    assert legal(state) == {"loan", "sell wheat"}, "sell or take a loan - never trade in the Card phase"
    state = play(state, "loan")
    assert state.seats[0].cash == 1 + 5 - 2 and state.to_move == 1


def test_two_players_the_last_player_may_still_flip():
    state = card_phase(2)
    state = state.apply(next(m for m in state.legal_moves() if str(m).startswith("place")))
    state = state.apply(next(m for m in state.legal_moves() if str(m).startswith("take")))
    assert state.active == (0,) and "flip" in legal(state)


def test_played_stall_is_filled_and_regular_customer_gets_a_blue_marker():
    state = give(scenario(2), 0, "S04", "R05")
    p = state.seats[0]
    assert p.stalls[0].goods == (True, True, True)
    assert p.regulars[0].red is False


def test_three_players_act_start_second_then_the_third():
    state = scenario(3, seat=1)
    assert state.order == (1, 2, 0)
    assert begin_action_phase(evolve(state, start=2, second=0)).order == (2, 0, 1)


def test_four_players_start_player_chooses_a_partner():
    state = begin_action_phase(evolve(scenario(4), start=1, second=3, stack=()))
    state = settle(state)
    assert state.to_move == 1 and legal(state) == {"partner 0", "partner 2"}
    state = play(state, "partner 2")
    assert state.order == (1, 3, 2, 0)
    assert state.partner[1] == 2 and state.partner[3] == 0
    assert others(state, 1) == (2,) and others(state, 0) == (3,)


def test_four_player_lantern_helpers_reach_only_the_partner():
    state = scenario(4)  # seat 0 with partner 2
    state = give(state, 0, "Trader1")
    state = give(state, 1, "S03")
    state = give(state, 2, "S04")
    state = play(state, "loan")
    traded = starting(state, "helper Trader1")
    assert traded and all(" S04 " in m for m in traded)


def test_the_game_ends_after_9_rounds():
    state = scenario(2, round=9)
    state = play(state, "end actions")
    while state.to_move == 0:
        state = state.apply(state.legal_moves()[-1])
    state = play(state, "end actions")
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    assert state.is_over and state.to_move is None and state.legal_moves() == ()
    assert state.winners()


def test_home_field_tokens_count_the_rounds_still_to_play():
    # The rulebook's picture: 5 vegetables left on the home field, 5 rounds still to play.
    state = scenario(2)  # round 1 harvested
    assert state.seats[0].home_count == 9 - 1
    for number in range(2, 10):
        state = harvest(begin_round(state, number), 0)
        assert state.seats[0].home_count == 9 - number
        if number == 4:
            assert state.seats[0].home_count == 5, "rounds 5 to 9 are left"
    assert state.seats[0].home_count == 0, "harvested out in round 9, when the game ends"


def test_taking_plays_exactly_one_courtyard_card_and_one_hand_card():
    state = play(card_phase(2), "flip")
    for move in state.legal_moves():
        if str(move).startswith("take"):
            assert move.court in state.courtyard and move.hand in state.seats[0].hand


def test_after_a_short_deal_a_player_with_nothing_to_take_plays_a_hand_card_alone():
    state = scenario(3)
    state = with_deck(state, deck_cards(state)[:4], discard=(), stack=(), phase=HARVEST, start=0)
    state = settle(reveal(begin_card_phase(state)))
    assert [len(p.hand) for p in state.seats] == [1, 1, 1], "4 cards dealt evenly: 1 each"
    assert state.to_move == 0 and not state.courtyard
    only = state.seats[0].hand[0]
    assert legal(state) == {f"play {state.components.code(only)}"}, "the last card never goes to the courtyard"
    state = state.apply(state.legal_moves()[0])
    while isinstance(state.stack[-1], CashPending):
        state = play(state, "loan")
    assert state.taken == (0,) and not state.seats[0].hand


def test_four_player_introductory_game_deals_all_four_start_customers():
    state = game(4, seed=2, introductory=True)
    assert sorted(p.intro for p in state.seats) == sorted(c.index for c in state.components.cards if c.start)
    assert len(deck_cards(state)) == 66


def test_foreman_in_the_card_phase_reaches_every_player_in_four_players():
    state = evolve(scenario(4), phase=CARD, stack=())
    state = give(give(state, 0, "Bookkeeper"), 3, "Foreman")
    state = charge(cash(state, 0, 0), 0, 2)
    state = play(state, "helper Bookkeeper", "shop wheat 3", "shop pumpkin 2", "shop turnip 2",
                 "shop cabbage 2", "shop bean 1", "shop leek 1", "bonus wheat")
    assert state.to_move == 3 and legal(state) == {"foreman take", "foreman pass"}
    state = play(state, "foreman take")
    assert card("Bookkeeper") in state.seats[3].helpers


def test_four_players_the_token_holders_act_first_then_their_partners():
    state = settle(begin_action_phase(evolve(scenario(4), start=2, second=0, stack=())))
    state = play(state, "partner 1")
    assert state.order == (2, 0, 1, 3)
    for seat in (2, 0, 1, 3):
        assert state.to_move == seat
        state = play(state, "end actions")
        while state.to_move == seat:
            state = state.apply(state.legal_moves()[-1])


def end_turn(state):
    """End the Action phase of the player to move: no deliveries, store, stop."""
    seat = state.to_move
    state = play(state, "end actions")
    while state.to_move == seat and not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    return state


def test_cards_played_in_the_card_phase_enter_play_at_once_stall_filled_and_marker_blue():
    state = play(card_phase(2), "flip")
    state = courtyard(in_hand(state, 0, "R01"), "S03")  # the tests' S03: wheat, pumpkin, turnip
    supply = state.supply
    state = play(state, "take S03 R01")
    p = state.seats[0]
    assert [s.card for s in p.stalls] == [card("S03")] and p.stalls[0].goods == (True, True, True)
    assert state.supply == vminus(supply, (1, 1, 1, 0, 0, 0)), "filled from the supply"
    assert [(r.card, r.red, r.rows) for r in p.regulars] == [(card("R01"), False, 0)]
    assert not p.covered


def test_regular_customer_played_in_the_card_phase_is_due_in_that_round():
    state = play(card_phase(2), "flip")
    state = courtyard(in_hand(state, 0, "R01"), "S03")
    state = play(state, "take S03 R01")
    while state.phase == CARD:
        state = play(state, next(m for m in legal(state) if m.startswith("take")))
        while isinstance(state.stack[-1], CashPending):
            state = play(state, "loan")
    assert state.phase == ACTION and (state.start, state.second) == (1, 0)
    state = end_turn(state)  # seat 1, the new start player
    assert state.to_move == 0 and state.seats[0].regulars[0].status == DUE
    state = end_turn(state)
    assert state.seats[0].regulars[0].red, "not served in its first round: the marker turns red"


def test_faq_market_stalls_cannot_be_used_in_the_card_phase_to_pay_for_a_field():
    state = give(play(card_phase(2), "flip"), 0, "S03")
    state = courtyard(in_hand(cash(state, 0, 0), 0, "F4a"), "C01")
    state = set_player(state, 0, evolve(state.seats[0], cart=Vegetables((0, 0, 0, 0, 1, 0))))
    state = evolve(state, supply=vadd(state.supply, 0, 1))
    state = evolve(state, supply=vadd(state.supply, 4, -1))
    state = play(state, "take C01 F4a")
    assert isinstance(state.stack[-1], CashPending)
    assert legal(state) == {"sell bean", "loan"}, "sell or borrow, but no trade at the stall"


def test_faq_the_two_cards_of_the_card_phase_are_never_stacked():
    state = play(card_phase(2), "flip")
    state = courtyard(in_hand(state, 0, "C01"), "S03")
    assert {m for m in legal(state) if "S03" in m and "C01" in m} == {"take S03 C01"}
    state = play(state, "take S03 C01")
    p = state.seats[0]
    assert not p.covered and p.casuals == (card("C01"),) and [s.card for s in p.stalls] == [card("S03")]


def test_two_players_the_last_to_take_starts_the_action_phase_and_the_other_is_second():
    state = play(card_phase(2), "flip")
    state = play(state, next(m for m in legal(state) if m.startswith("take")))  # seat 0 takes first
    while isinstance(state.stack[-1], CashPending):
        state = play(state, "loan")
    while state.phase == CARD:
        state = play(state, next(m for m in legal(state) if m.startswith("take")))
        while isinstance(state.stack[-1], CashPending):
            state = play(state, "loan")
    assert (state.start, state.second) == (1, 0) and state.order == (1, 0) and state.to_move == 1
