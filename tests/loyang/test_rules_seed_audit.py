"""Statements of the Portuguese seed rulebooks (000: full rulebook and helper reference, 001:
summary) that no earlier test covered, one test each, named after the statement."""

from __future__ import annotations

from tabletop.kernel.engine import evolve
from tabletop.loyang import invariants
from tabletop.loyang.rules.driver import settle
from tabletop.loyang.rules.harvest import begin_round, harvest
from tabletop.loyang.rules.payments import charge
from tabletop.loyang.rules.table import casual_price, set_player
from tabletop.loyang.state import HARVEST
from tabletop.loyang.components import STALL
from tabletop.loyang.state import CARD, DUE, ActionsPending, CashPending, Field

from tabletop.loyang.state import pile_cards

from .helpers import (
    deck_cards,
    on_top,
    reveal,
    vadd,
    vplus,

    card,
    card_phase,
    cart,
    cash,
    courtyard,
    empty_cart,
    game,
    give,
    in_hand,
    legal,
    on_top,
    play,
    scenario,
    stack,
    starting,
    veg,
    with_fields,
)


def end_turn(state):
    """End the Action phase of the player to move: no deliveries, store, stop (loans if forced)."""
    seat = state.to_move
    state = play(state, "end actions")
    while state.to_move == seat and not state.is_over:
        moves = legal(state)
        state = play(state, "loan" if isinstance(state.stack[-1], CashPending) else
                     next(m for m in ("done", "stop") if m in moves))
    return state


# --- Setup (000 "Instalação do Jogo", 001 "Preparação") ------------------------------------------


def test_introductory_three_players_the_fourth_start_customer_goes_back_into_the_deck():
    # "Em um jogo com 2 ou 3 jogadores, todos os clientes regulares restantes são devolvidos ao
    # baralho de cartas de Ação."
    state = game(3, seed=4, introductory=True)
    intros = [p.intro for p in state.seats]
    unused = [c.index for c in state.components.cards if c.start and c.index not in intros]
    assert len(unused) == 1 and unused[0] in deck_cards(state)
    assert len(deck_cards(state)) == 70 - 3
    assert invariants(state) == []


def test_an_exhausted_supply_is_improvised_sowing_still_fills_the_field():
    # "Se acontecer, inesperadamente, do suprimento não ser suficiente, os jogadores devem
    # improvisar tokens adicionais."
    state = cart(scenario(2), 0, wheat=1)
    state = cart(state, 1, wheat=state.supply[veg("wheat")])  # every wheat token is in use
    assert state.supply[veg("wheat")] == 0
    f = state.seats[0].fields[0]
    spaces = state.components.field(f.card).spaces
    state = play(state, "sow 0 wheat")
    assert state.seats[0].fields[0] == Field(f.card, veg("wheat"), spaces), "every space filled"
    assert state.supply[veg("wheat")] == 0 and state.improvised[veg("wheat")] == spaces - 1, "improvised tokens"


# --- Card phase (000 "Fase 2", 001 "Fase de Cartas") ---------------------------------------------


def test_two_players_may_flip_at_the_start_of_each_of_their_turns():
    # "no início de seu turno, um jogador pode optar por virar a carta de Ação do topo da pilha":
    # once a turn, on every turn of the distribution round.
    state = card_phase(2)
    state = play(state, "flip", f"place {state.components.code(state.seats[0].hand[0])}")
    assert state.to_move == 1 and "flip" in legal(state)
    state = play(state, "flip", f"place {state.components.code(state.seats[1].hand[0])}")
    assert state.to_move == 0 and "flip" in legal(state), "the start player's second turn"
    top = card("S03")
    state = play(on_top(state, "S03"), "flip")
    assert state.courtyard[-1] == top and "flip" not in legal(state)


def test_introductory_start_customer_may_be_kept_for_a_later_round():
    # "Não existe nenhuma restrição quanto ao número de rodadas para o qual um jogador pode usar
    # este cliente regular."
    state = card_phase(2, introductory=True)
    intro = state.seats[0].intro
    code = state.components.code(intro)
    while state.round == 1:
        if isinstance(state.stack[-1], CashPending):
            state = play(state, "loan")
        elif state.phase == CARD:
            moves = legal(state)
            takes = sorted(m for m in moves if m.startswith("take") and not m.endswith(code))
            state = play(state, takes[0] if takes else sorted(moves)[0])
        else:
            state = end_turn(state)
    while state.phase != CARD:
        state = state.apply(state.legal_moves()[-1])
    assert state.round == 2 and state.seats[0].intro == intro, "still held in round 2"
    while not any(m.endswith(code) for m in legal(state) if m.startswith("take")):
        moves = legal(state)
        state = play(state, "flip" if "flip" in moves else sorted(m for m in moves if m.startswith("place"))[0])
        assert state.phase == CARD
    state = play(state, next(m for m in legal(state) if m.startswith("take") and m.endswith(code)))
    assert intro in [r.card for r in state.seats[0].regulars] and state.seats[0].intro == -1


def test_no_limit_to_the_cards_in_a_row_of_the_play_area():
    # "Não há limite para o número de cartas que podem ser colocadas em qualquer linha de área
    # de jogo de um jogador." Five stalls: the two-pack costs 5.
    state = give(scenario(2), 0, "S01", "S02", "S03", "S04", "S05")
    assert len(state.seats[0].stalls) == 5
    state = cash(state, 0, 5)
    state = play(state, "two-pack")
    assert state.seats[0].cash == 0


# --- Action phase (000 "As ações individuais", 001 "As Ações Individuais") -----------------------


def test_the_missed_customer_penalty_goes_to_the_supply():
    # "ele deve pagar uma pena de $2 para o Abastecimento" - not to another player.
    state = give(scenario(2), 0, "R01")
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, regulars=(evolve(p.regulars[0], red=True),)))
    mine, theirs = state.seats[0].cash, state.seats[1].cash
    state = play(state, "decline R01")
    assert (state.seats[0].cash, state.seats[1].cash) == (mine - 2, theirs)


def test_loans_are_not_limited_by_the_six_loan_cards():
    # "O número de empréstimos que um jogador pode fazer não é limitado. Se não houver número
    # suficiente de cartões de 'empréstimo', os jogadores têm de improvisar."
    state = cash(scenario(2), 0, 0)
    for _ in range(8):
        state = play(state, "loan")
    assert state.seats[0].loans == 8 and state.seats[0].cash == 40
    assert "loan" in legal(state)
    assert state.scores()[0] == state.seats[0].position - 8


def test_a_regular_customer_revealed_in_the_harvest_is_due_that_round():
    # F: a revealed regular customer "requer a entrega nessa rodada apenas se o jogador não jogou
    # ainda" - a common field harvested empty in the Harvest phase reveals it before the owner's
    # Action phase.
    state = stack(scenario(2), 0, "F3b", "R05")
    state = with_fields(state, 0, *state.seats[0].fields[:1], Field(card("F3b"), veg("wheat"), 1))
    state = harvest(begin_round(state, 2), 0)
    revealed = state.seats[0].regulars
    assert [r.card for r in revealed] == [card("R05")] and revealed[0].status == DUE
    assert card("F3b") in state.discard


# --- Helper reference (000 "Referência dos Ajudantes") -------------------------------------------


def test_a_helper_with_two_options_is_used_for_one_of_them_only():
    # "Algumas cartas de ajudantes oferecem uma escolha de duas ações ('ou'). Um jogador pode usar
    # somente uma das duas opções ao usar o ajudante."
    state = give(empty_cart(scenario(2), 0), 0, "Ploughman", "F3a")
    f = state.seats[0].fields[0]
    state = with_fields(state, 0, Field(f.card, veg("wheat"), 3), Field(card("F3a"), veg("turnip"), 1))
    assert starting(state, "helper Ploughman") == {"helper Ploughman clear 0", "helper Ploughman harvest"}
    state = play(state, "helper Ploughman clear 0")
    assert not starting(state, "helper Ploughman"), "the field of 1 is not harvested as well"
    assert state.seats[0].fields[1].count == 1


def test_con_man_stays_in_the_game_and_its_new_owner_may_use_it_later():
    # "Porque o vigarista é trocado por outra carta de um jogador, ele permanece no jogo até que um
    # jogador descarte sem utilização."
    state = scenario(3)  # order 0, 1, 2
    state = give(give(state, 1, "ConMan"), 0, "Maid")
    state = evolve(state, done=(True, False, False), stack=(ActionsPending(1),))
    state = play(state, "helper ConMan Maid")
    assert state.seats[0].helpers == (card("ConMan"),) and card("ConMan") not in state.discard
    # A later round: seat 0 is not the start player and seat 1 has finished.
    state = evolve(state, round=2, start=1, second=2, done=(False, True, False), stack=(ActionsPending(0),))
    assert starting(state, "helper ConMan") == {"helper ConMan Maid"}
    state = play(state, "helper ConMan Maid")
    assert state.seats[0].helpers == (card("Maid"),) and state.seats[1].helpers == (card("ConMan"),)


def test_market_crier_selling_the_last_vegetable_of_a_stall_discards_it():
    # "Bancas do mercado são descartadas assim que elas estão vazias" (Market crier note); the card
    # it covered is revealed.
    state = stack(scenario(2), 0, "S02", "C01")  # S02: pumpkin 1, bean 2, leek 2
    p = state.seats[0]
    stall = evolve(p.stalls[0], goods=(False, True, False))
    state = set_player(state, 0, evolve(p, stalls=(stall,)))
    state = evolve(state, supply=vplus(state.supply, (0, 1, 0, 0, 0, 1)))
    state = give(state, 0, "MarketCrier")
    before = state.seats[0].cash
    state = play(state, "helper MarketCrier sell", "crier S02 1")
    p = state.seats[0]
    assert not p.stalls and card("S02") in state.discard
    assert p.casuals == (card("C01"),), "the covered card is revealed"
    assert p.cash == before + 2 and p.shop[veg("bean")] == 2
    state = play(state, "done")
    assert card("MarketCrier") in state.discard and invariants(state) == []


def test_saleswoman_bonus_is_2_over_the_printed_price_not_added_to_the_modifier():
    # "seus clientes casuais pagam um bônus de $2 sobre o preço base para todas as entregas
    # (independentemente de quantos regular clientes que você tem)": with more regular customers
    # than casual ones the payment is the printed price + 2, not + 4.
    state = give(empty_cart(scenario(2), 0), 0, "R04", "R06", "C01", "Saleswoman")  # C01: 7
    assert casual_price(state.components, state.seats[0], card("C01"), False) == 7 + 2
    state = cart(state, 0, wheat=2, pumpkin=1)
    before = state.seats[0].cash
    state = play(state, "helper Saleswoman bonus", "serve C01")
    assert state.seats[0].cash == before + 7 + 2


def test_shopper_buys_from_the_supply_a_vegetable_the_shop_does_not_hold():
    # "Comprar um vegetal da Fonte (não da loja)."
    state = give(cash(scenario(2), 0, 10), 0, "Shopper")
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, shop=p.shop[:5] + (0,)))
    state = evolve(state, supply=vadd(state.supply, veg("leek"), 1))
    assert "buy leek" not in legal(state)
    state = play(state, "helper Shopper leek")
    assert state.seats[0].cart[veg("leek")] == 1 and state.seats[0].cash == 10 - 4
    assert state.seats[0].shop[veg("leek")] == 0


def test_tenant_farmer_who_bought_a_field_has_none_left_to_turn_over_in_round_8():
    # "Opção 1 reduz o tamanho da pilha de campo individual do jogador. Alguns jogadores têm 1
    # campo privado a esquerda para virar no Round 8, outros não."
    state = cash(give(scenario(2), 0, "TenantFarmer"), 0, 3)
    pile = pile_cards(state.seats[0])
    assert len(pile) == 7
    state = play(state, f"helper TenantFarmer take {state.components.code(pile[-1])}")
    assert pile_cards(state.seats[0]) == pile[:-1]
    for number in range(2, 8):
        state = reveal(begin_round(state, number))
    assert len(pile_cards(state.seats[0])) == 0 and len(pile_cards(state.seats[1])) == 1
    fields0, fields1 = len(state.seats[0].fields), len(state.seats[1].fields)
    state = reveal(begin_round(state, 8))
    assert len(state.seats[0].fields) == fields0, "nothing left to turn over"
    assert len(state.seats[1].fields) == fields1 + 1 and pile_cards(state.seats[1]) == ()


def test_subsistence_farmer_in_four_players_reaches_only_the_partner():
    # "O agricultor de subsistência só pode ser jogado durante a fase de ação. (Isto é importante
    # no jogo de 4 jogadores, onde os jogadores fazem ações com um parceiro.)"
    state = give(scenario(4), 0, "SubsistenceFarmer")  # seat 0 with partner 2
    for seat in (1, 2, 3):
        f = state.seats[seat].fields[0]
        state = with_fields(state, seat, Field(f.card, veg("wheat"), 4))
    assert starting(state, "helper SubsistenceFarmer") == {"helper SubsistenceFarmer 2 0"}


def test_solo_market_woman_swaps_with_a_stall_of_the_imaginary_opponent():
    # Solo setup: the opponent's cards give "a mulher do mercado, Comerciante, Entregador" (and
    # the Tout) an opportunity for interaction.
    state = give(scenario(1), 0, "MarketWoman", "S03")
    state = give(state, 1, "S04")
    assert all(state.components.cards[s.card].kind == STALL for s in state.seats[1].stalls)
    state = play(state, "helper MarketWoman S03 S04")
    assert [s.card for s in state.seats[0].stalls] == [card("S04")]
    assert card("S03") in [s.card for s in state.seats[1].stalls]
    assert all(all(s.goods) for s in state.seats[1].stalls)
    assert invariants(state) == []


def test_harvest_in_player_order_lets_a_later_foreman_use_the_harvest_helper():
    # Foreman note: "o jogador com o contramestre pode exigir que a colheita seja feita em ordem:
    # Primeiro o jogador inicial, então os outros jogadores seguem em sentido horário." With seat 1
    # as start player, seat 1 harvests first; seat 0 takes the Harvest helper and uses it.
    state = give(give(scenario(2, seat=1), 1, "HarvestHelper"), 0, "Foreman")
    f0, f1 = state.seats[0].fields[0], state.seats[1].fields[0]
    state = with_fields(state, 0, Field(f0.card, veg("wheat"), 4))
    state = with_fields(state, 1, Field(f1.card, veg("turnip"), 4))
    state = settle(evolve(state, phase=HARVEST, done=(False, False), stack=()))
    assert state.to_move == 1, "the start player harvests first"
    state = play(state, "extra 0", "helper HarvestHelper harvest")
    assert state.to_move == 0 and legal(state) == {"foreman take", "foreman pass"}
    state = play(state, "foreman take", "extra 0", "helper HarvestHelper harvest")
    assert state.seats[0].fields[0].count == 2 and state.phase == CARD


def test_a_regular_customer_revealed_in_the_card_phase_is_due_that_round():
    # The Book-keeper, used in the Card phase to pay for a field, reveals the regular customer it
    # covered: its owner has not yet taken the Action phase, so it is due this round.
    state = stack(scenario(2), 0, "Bookkeeper", "R05")
    state = charge(cash(evolve(state, phase=CARD, stack=()), 0, 0), 0, 2)
    state = play(state, "helper Bookkeeper", "shop wheat 3", "shop pumpkin 2", "shop turnip 2",
                 "shop cabbage 2", "shop bean 1", "shop leek 1", "bonus wheat")
    revealed = state.seats[0].regulars
    assert [r.card for r in revealed] == [card("R05")] and revealed[0].status == DUE


def test_foreman_takes_the_squire_from_any_player_in_a_four_player_card_phase():
    # Foreman note: in the 4-player game he may take "o escudeiro, pregoeiro do mercado ou contador
    # (Durante a fase de Cartas) de qualquer um dos outros jogadores - não há parceiros durante
    # essas fases"; the Squire taken so may be used in the same round.
    state = game(4, seed=3)
    state = play(state, "home wheat", "home pumpkin", "home turnip", "home wheat")
    seats = tuple(evolve(p, hand=()) for p in state.seats)
    state = evolve(state, seats=seats, deck=state.deck.shuffle_in(c for p in state.seats for c in p.hand))
    state = give(give(state, 0, "Squire"), 1, "Foreman")
    state = set_player(state, 0, evolve(state.seats[0], fresh=()))
    state = in_hand(in_hand(state, 0, "S03"), 1, "S04", "S05")
    state = courtyard(state, "C01", "C02")
    state = evolve(state, active=(0, 1, 2, 3))
    state = play(state, "squire S03", "pick C01", "done")
    assert state.to_move == 1 and legal(state) == {"foreman take", "foreman pass"}
    state = play(state, "foreman take")
    assert card("Squire") in state.seats[1].helpers and starting(state, "squire")


def test_plough_man_harvest_never_takes_the_last_vegetable_of_the_home_field():
    # "OU você pode colher imediatamente vegetais de todos os campos que contêm exatamente um
    # token vegetal (Mas não o campo de sua casa.)"
    state = give(empty_cart(scenario(2, round=9), 0), 0, "Ploughman")
    p = state.seats[0]
    state = evolve(state, supply=vadd(state.supply, p.home_veg, p.home_count - 1))
    state = set_player(state, 0, evolve(p, home_count=1))
    f = state.seats[0].fields[0]
    state = with_fields(state, 0, Field(f.card, veg("turnip"), 1))
    state = play(state, "helper Ploughman harvest")
    p = state.seats[0]
    assert p.cart == (0, 0, 1, 0, 0, 0) and not p.fields
    assert p.home_count == 1, "the home field keeps its last vegetable"


# --- What each player sees ------------------------------------------------------------------------


def test_introductory_start_customers_are_dealt_face_down_and_seen_by_their_owner_only():
    # "Distribua-as com a face voltada para baixo para cada jogador. Todos olham as cartas e podem
    # mantê-las em sua mão."
    state = game(2, seed=5, introductory=True)
    mine, theirs = state.view(0).seats
    assert mine.intro == state.seats[0].intro >= 0
    assert theirs.intro == -1 and theirs.hidden_intro == 1, "held, but hidden"


def test_two_pack_cards_are_turned_up_for_every_player_to_see():
    # H: "coloca-as viradas para cima à sua frente, para que todos os outros jogadores possam vê-las."
    state = play(on_top(scenario(2), "S03", "C02"), "two-pack")
    drawn = state.stack[-1].drawn
    assert drawn == (card("S03"), card("C02"))
    assert state.view(1).stack[-1].drawn == drawn
    deck = state.view(1).deck
    assert deck.unseen == () and deck.hidden == len(deck_cards(state)) > 0, "the rest of the deck stays hidden"
