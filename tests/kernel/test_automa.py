"""The deck of a scripted opponent: revealing cards, the reshuffle at the last card, the top card hidden."""

from tabletop.kernel.automa import hide_top, reveal
from tabletop.kernel.pile import Pile


def test_a_revealed_card_becomes_the_current_card():
    deck, revealed = reveal(Pile((3, 4)), (1,), 2)
    assert revealed == (1, 2) and sorted(deck.cards()) == [3, 4]


def test_revealing_the_last_card_shuffles_the_earlier_ones_into_a_new_deck():
    deck, revealed = reveal(Pile(()), (1, 2, 3), 4)
    assert revealed == (4,) and sorted(deck.cards()) == [1, 2, 3]


def test_the_next_draw_from_a_reshuffled_deck_is_among_the_earlier_cards():
    deck, _ = reveal(Pile(()), (5,), 6)
    assert deck.draw_outcomes() == ((5, 1),)


def test_a_known_top_card_is_hidden_among_the_unseen_cards():
    assert sorted(hide_top(Pile((1, 2)), 3).cards()) == [1, 2, 3]
    assert hide_top(Pile((1, 2)), None) == Pile((1, 2))
