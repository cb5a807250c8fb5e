"""Decks: draw, put under, discard, reshuffle -- and no card is ever created or lost."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.deck import Deck, EmptyDeck
from tabletop.kernel.rng import Rng

cards = st.lists(st.integers(0, 9), max_size=20)


def test_top_is_first() -> None:
    deck = Deck((1, 2, 3))
    assert deck.top == 1 and Deck[int]().top is None
    drawn, rest = deck.draw(2)
    assert drawn == (1, 2) and rest.draw_pile == (3,)
    assert deck.draw_pile == (1, 2, 3)  # unchanged


def test_drawing_too_many_or_a_negative_number_is_refused() -> None:
    with pytest.raises(EmptyDeck, match="pile of 1"):
        Deck((1,)).draw(2)
    with pytest.raises(ValueError):
        Deck((1, 2, 3)).draw(-1)


def test_draw_up_to_stops_at_the_bottom() -> None:
    drawn, rest = Deck((1, 2)).draw_up_to(5)
    assert drawn == (1, 2) and len(rest) == 0


def test_put_under_and_on_top_keep_the_given_order() -> None:
    deck = Deck((5,))
    assert deck.put_under([1, 2]).draw_pile == (5, 1, 2)
    assert deck.put_on_top([1, 2]).draw_pile == (1, 2, 5)


def test_remove_looks_in_the_pile_then_the_discards() -> None:
    deck = Deck((1, 2), (3, 2))
    assert deck.remove(2) == Deck((1,), (3, 2))
    assert deck.remove(3) == Deck((1, 2), (2,))
    with pytest.raises(ValueError):
        deck.remove(9)


def test_draw_reshuffling_takes_the_rest_of_the_pile_first() -> None:
    deck = Deck((1,), (2, 3, 4))
    drawn, rest, rng = deck.draw_reshuffling(3, Rng.from_seed(1))
    assert drawn[0] == 1 and sorted(drawn[1:] + rest.draw_pile) == [2, 3, 4]
    assert rest.discard_pile == () and rng != Rng.from_seed(1)
    with pytest.raises(EmptyDeck):
        deck.draw_reshuffling(5, Rng.from_seed(1))


def test_draw_reshuffling_does_not_shuffle_when_the_pile_suffices() -> None:
    rng = Rng.from_seed(1)
    drawn, _, after = Deck((1, 2), (3,)).draw_reshuffling(2, rng)
    assert drawn == (1, 2) and after == rng


@given(pile=cards, discards=cards, seed=st.integers(0, 2**64))
def test_shuffling_conserves_the_cards(pile: list[int], discards: list[int], seed: int) -> None:
    deck, _ = Deck.shuffled(pile, Rng.from_seed(seed))
    assert Counter(deck.draw_pile) == Counter(pile)
    mixed, _ = Deck(tuple(pile), tuple(discards)).reshuffle(Rng.from_seed(seed))
    assert Counter(mixed.draw_pile) == Counter(pile + discards) and mixed.discard_pile == ()


@given(
    pile=cards,
    seed=st.integers(0, 2**64),
    ops=st.lists(
        st.tuples(
            st.sampled_from(["draw", "under", "top", "discard", "reshuffle", "reshuffling"]),
            st.integers(0, 4),
        ),
        max_size=25,
    ),
)
def test_a_deck_conserves_its_cards(pile: list[int], seed: int, ops: list[tuple[str, int]]) -> None:
    deck: Deck[int] = Deck(tuple(pile))
    rng = Rng.from_seed(seed)
    hand: list[int] = []
    for op, n in ops:
        try:
            if op == "draw":
                drawn, deck = deck.draw(n)
                hand += drawn
            elif op == "reshuffling":
                drawn, deck, rng = deck.draw_reshuffling(n, rng)
                hand += drawn
            elif op == "reshuffle":
                deck, rng = deck.reshuffle(rng)
            else:
                back, hand = hand[:n], hand[n:]
                put = {"under": deck.put_under, "top": deck.put_on_top, "discard": deck.discard}
                deck = put[op](back)
        except EmptyDeck:
            pass
        assert Counter(deck.draw_pile + deck.discard_pile) + Counter(hand) == Counter(pile)
