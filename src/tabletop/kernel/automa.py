"""The deck of a scripted opponent (an "automa"): a face-down deck, the cards revealed from it
(the current one last), and the deck's top card once it has been drawn to show its back.

Solo modes often drive a non-player opponent with such a deck: each turn a card is revealed and
its face says what the opponent does, while the back of the next card, face up on the deck,
says something more (what it takes, where it goes). When the last card is revealed the cards
revealed before it are shuffled into a new deck, so that a top card always shows its back.

The deck is a :class:`~tabletop.kernel.pile.Pile`: drawing the top card is a chance event of
the game (its outcomes are ``deck.draw_outcomes()``), after which the card is known to the
state but its face is hidden from the players (:func:`hide_top` for views).

>>> from tabletop.kernel.pile import Pile
>>> deck, revealed = reveal(Pile(()), (1, 2), 3)
>>> revealed, sorted(deck.cards())
((3,), [1, 2])
"""

from __future__ import annotations

from typing import TypeVar

from tabletop.kernel.pile import Pile

C = TypeVar("C")


def reveal(deck: Pile[C], revealed: tuple[C, ...], card: C) -> tuple[Pile[C], tuple[C, ...]]:
    """The deck and the revealed cards once ``card`` (already out of the deck) is revealed as
    the current card: when the deck is then empty, the cards revealed before ``card`` are
    shuffled into a new deck and ``card`` alone stays revealed."""
    if deck:
        return deck, (*revealed, card)
    return deck.shuffle_in(revealed), (card,)


def hide_top(deck: Pile[C], top: C | None) -> Pile[C]:
    """The deck as a player sees it: a top card drawn to show its back goes back among the
    unseen cards (its face is hidden, so a sampled state may hold any of them there)."""
    return deck if top is None else deck.shuffle_in((top,))
