"""The text picture of a game of At the Gates of Loyang: the table, each board, the decision."""

from __future__ import annotations

import random

import pytest

from tabletop.loyang import new_game, render

from .helpers import (
    cart,
    cash,
    courtyard,
    empty_cart,
    game,
    give,
    in_hand,
    play,
    scenario,
    stack,
)

WIDTH = 100


def _board(text: str, seat: int) -> str:
    """The lines of ``seat``'s board."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line[2:].startswith(f"seat {seat}:"))
    end = next(
        (i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ") or lines[i][2:].startswith("seat ")),
        len(lines),
    )
    return "\n".join(lines[start:end])


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 3), (3, 4), (4, 5)])
def test_every_state_of_a_playout_renders_narrowly(players, seed):
    chooser = random.Random(seed)
    state = new_game(players, seed=seed)
    while True:
        pictures = [render(state)] + [render(state.view(seat)) for seat in range(players)]
        for text in pictures:
            assert max(len(line) for line in text.splitlines()) <= WIDTH, text
        if state.is_over:
            break
        assert "to decide: " in pictures[0]
        state = state.apply(chooser.choice(state.legal_moves()))
    assert "game over" in render(state)


def test_str_is_the_render():
    state = new_game(2, seed=5)
    assert str(state) == render(state)


def test_cash_path_and_loans_are_shown_for_each_player():
    state = cash(scenario(3), 1, 7)
    text = render(state)
    for seat, p in enumerate(state.seats):
        assert f"seat {seat}: cash {p.cash}, path {p.position}/20, loans 0" in text
    assert "seat 1: cash 7," in text
    after = play(state, "loan")
    assert f"seat 0: cash {state.seats[0].cash + 5}, path 1/20, loans 1 (-1 point)" in render(after)


def test_the_header_names_round_phase_and_start_player():
    text = render(scenario(2, round=4, seat=1))
    assert text.splitlines()[0] == "At the Gates of Loyang, 2 players: round 4/9, action phase"
    assert "start player" in _board(text, 1).splitlines()[0]
    assert "second player" in _board(text, 0).splitlines()[0]


def test_the_player_to_move_is_marked_and_the_decision_put_in_words():
    state = scenario(2, seat=1)
    lines = render(state).splitlines()
    assert [line for line in lines if line.startswith(">")] == [next(li for li in lines if "seat 1: cash" in li)]
    assert next(line for line in lines if "to decide" in line).startswith("seat 1 to decide: action phase:")


def test_the_picture_ends_with_a_key_to_its_abbreviations():
    text = render(scenario(2))
    key = text[text.index("\nkey: ") + 1 :]
    assert "W wheat, P pumpkin, T turnip, C cabbage, B bean, L leek" in " ".join(key.split())
    assert "to decide" not in key, "the key comes after the board and the decision"


def test_the_end_names_the_winner_or_the_solo_result():
    for players in (1, 2):
        chooser = random.Random(players)
        state = new_game(players, seed=players)
        while not state.is_over:
            state = state.apply(chooser.choice(state.legal_moves()))
        text = render(state)
        assert text.splitlines()[0].endswith("round 9/9, game over")
        if players == 1:
            assert f"game over: score {state.scores()[0]} (goal 17): {state.solo_result()}" in text
        else:
            scores = ", ".join(f"seat {s} {v}" for s, v in enumerate(state.scores()))
            assert f"game over: scores {scores}; seat" in text
            assert ("wins" if len(state.winners()) == 1 else "share the win") in text


def test_a_view_hides_the_other_hands():
    state = in_hand(in_hand(scenario(2), 1, "C01", "S03"), 0, "R02")
    mine = render(state.view(0))
    assert "hand       R02 regular customer: " in _board(mine, 0)
    assert "hand       ? ?" in _board(mine, 1)
    assert "?" not in _board(mine, 0)
    assert "?" not in render(state)


def test_fields_cart_and_storehouse():
    state = cart(empty_cart(scenario(2), 0), 0, wheat=2, bean=1)
    board = _board(render(state), 0)
    assert "cart       2W 1B;  storehouse - (holds 1)" in board
    assert "home wheat " in board and "/9" in board
    assert "0:P" in board  # the first private field, by its place in the row


def test_customers_stalls_helpers_and_two_packs():
    state = give(scenario(2), 0, "S03", "R02", "C01")
    state = stack(state, 0, "R03", "Maid")
    board = _board(render(state), 0)
    assert "stalls     S03 [wheat for 1] [pumpkin for 1] [turnip for 1]" in board
    assert "regular    R02 wheat+pumpkin pays [4]/5/5/6 (0/4 rows), blue marker, due this round" in board
    assert "casual     C01 wheat+wheat+pumpkin pays 7" in board
    assert "two-pack   R03 over Maid" in board


def test_the_courtyard_in_the_card_phase():
    state = game(2, seed=1)
    state = play(state, "home wheat", "home pumpkin")
    while type(state.stack[-1]).__name__ != "CourtyardPending":
        state = state.apply(state.legal_moves()[0])
    state = courtyard(in_hand(state, 0, "C01"), "S03")
    text = render(state)
    assert "  courtyard  S03 stall [" in text and "card phase: still placing seat" in text
    assert "to decide: card phase: put a hand card in the courtyard" in text


def test_hand_cards_show_what_they_are():
    state = in_hand(scenario(2), 0, "C04", "R07", "S01", "Foreman")
    board = _board(render(state), 0)
    assert "hand       Foreman: helper, harvest, card and action phases" in board
    assert "hand       C04 casual customer: " in board
    assert "hand       R07 regular customer: " in board and " pays " in board
    assert "hand       S01 stall [" in board
