"""An immutable draw pile with its discard pile.

The top of the draw pile is the *first* element of ``draw_pile``. Every operation returns a new
deck; cards are never created or lost (``len(deck)`` is conserved by every operation except
drawing, which hands the drawn cards to the caller).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

import attrs

from tabletop.kernel.rng import Rng

C = TypeVar("C")


class EmptyDeck(ValueError):
    """Raised when more cards are drawn than the deck (and, if allowed, its discards) holds."""


@attrs.frozen
class Deck(Generic[C]):
    """A draw pile (top first) and a discard pile (most recent last)."""

    draw_pile: tuple[C, ...] = ()
    discard_pile: tuple[C, ...] = ()

    @classmethod
    def shuffled(cls, cards: Iterable[C], rng: Rng) -> tuple[Deck[C], Rng]:
        pile, rng = rng.shuffled(tuple(cards))
        return cls(pile), rng

    def __len__(self) -> int:
        return len(self.draw_pile) + len(self.discard_pile)

    @property
    def top(self) -> C | None:
        """The top card of the draw pile, or ``None`` when it is empty."""
        return self.draw_pile[0] if self.draw_pile else None

    def draw(self, n: int = 1) -> tuple[tuple[C, ...], Deck[C]]:
        """The top ``n`` cards and the deck without them; raises :class:`EmptyDeck` if too few."""
        if n < 0:
            raise ValueError(f"cannot draw {n} cards")
        if n > len(self.draw_pile):
            raise EmptyDeck(f"cannot draw {n} cards from a pile of {len(self.draw_pile)}")
        return self.draw_pile[:n], Deck(self.draw_pile[n:], self.discard_pile)

    def draw_up_to(self, n: int) -> tuple[tuple[C, ...], Deck[C]]:
        """At most ``n`` cards from the top (fewer if the pile runs out)."""
        return self.draw(min(n, len(self.draw_pile)))

    def draw_reshuffling(self, n: int, rng: Rng) -> tuple[tuple[C, ...], Deck[C], Rng]:
        """Draw ``n`` cards, shuffling the discards into a new draw pile when it runs out."""
        if n <= len(self.draw_pile):
            cards, deck = self.draw(n)
            return cards, deck, rng
        if n > len(self):
            raise EmptyDeck(f"cannot draw {n} cards: only {len(self)} in pile and discards")
        first = self.draw_pile
        deck, rng = Deck(self.discard_pile).reshuffle(rng)
        rest, deck = deck.draw(n - len(first))
        return first + rest, deck, rng

    def put_under(self, cards: Iterable[C]) -> Deck[C]:
        """Put cards under the draw pile, the first given ending up highest of them."""
        return Deck(self.draw_pile + tuple(cards), self.discard_pile)

    def put_on_top(self, cards: Iterable[C]) -> Deck[C]:
        """Put cards on top of the draw pile, the first given ending up on top."""
        return Deck(tuple(cards) + self.draw_pile, self.discard_pile)

    def discard(self, cards: Iterable[C]) -> Deck[C]:
        return Deck(self.draw_pile, self.discard_pile + tuple(cards))

    def reshuffle(self, rng: Rng) -> tuple[Deck[C], Rng]:
        """Shuffle the discards together with the draw pile into a new draw pile."""
        pile, rng = rng.shuffled(self.draw_pile + self.discard_pile)
        return Deck(pile), rng

    def remove(self, card: C) -> Deck[C]:
        """The deck without one copy of ``card`` (searched in the draw pile, then the discards)."""
        if card in self.draw_pile:
            i = self.draw_pile.index(card)
            return Deck(self.draw_pile[:i] + self.draw_pile[i + 1 :], self.discard_pile)
        if card in self.discard_pile:
            i = self.discard_pile.index(card)
            return Deck(self.draw_pile, self.discard_pile[:i] + self.discard_pile[i + 1 :])
        raise ValueError(f"{card!r} is not in the deck")
