"""What chance decides, listed for the engine: the outcomes of a pile's next draw.

Every random event of Takenoko is a pending decision of seat ``CHANCE`` (see
:mod:`tabletop.kernel.engine`): the preparation's deal and start player
(:mod:`.preparation`), the weather die (:mod:`.weather`), the plot tiles and objective cards
drawn by actions (:mod:`.actions`). Outcome moves are made once and shared, and so are the
outcomes of a draw among the same unseen tiles (every game starts from the same pile).
"""

from __future__ import annotations

from collections import Counter

from tabletop.kernel.engine import HiddenChance
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.kernel.shared import Shared
from tabletop.takenoko.moves import DrawCard, DrawTile
from tabletop.takenoko.rules.garden import Memo

_TILES: Shared[DrawTile] = Shared(DrawTile)
_CARDS = Shared(DrawCard)


def _unseen(pile: Pile[str], what: str) -> None:
    if pile.hidden:
        raise HiddenChance(
            f"this Takenoko position is a view and {what} is hidden: play on from game.determinize(view, rng)"
        )


def tile_outcomes(pile: Pile[str]) -> tuple[tuple[DrawTile, int], ...]:
    """The tiles the plot pile may yield next, each weighted by its copies."""
    _unseen(pile, "the plot pile's next tile")
    if pile.unseen:
        return _TILE_OUTCOMES[pile.unseen]
    return tuple([(_TILES[code], weight) for code, weight in pile.draw_outcomes()])


def _tile_outcomes(unseen: tuple[str, ...]) -> tuple[tuple[DrawTile, int], ...]:
    """The draws among the ``unseen`` tiles, weighted as :meth:`Pile.draw_outcomes` weighs them."""
    return tuple([(_TILES[code], weight) for code, weight in Counter(unseen).items()])


#: The draws among unseen tiles, by the unseen tiles (sorted, as the pile keeps them).
_TILE_OUTCOMES: Memo[tuple[str, ...], tuple[tuple[DrawTile, int], ...]] = Memo(_tile_outcomes, 2_000)


def card_outcomes(deck: Pile[str]) -> tuple[tuple[DrawCard, int], ...]:
    """The cards an objective deck may yield next (each card once: their ids differ)."""
    _unseen(deck, "the objective deck's next card")
    if deck.unseen:  # as the pile weighs them (each card once), without counting them
        return tuple([(_CARDS[card], 1) for card in deck.unseen])
    return tuple([(_CARDS[card], weight) for card, weight in deck.draw_outcomes()])


def tile_samples(pile: Pile[str], count: int, rng: Rng) -> tuple[list[str], Pile[str], Rng]:
    """``count`` tiles drawn one after another, each the tile :func:`tile_outcomes` would
    yield with the generator at that point, and taken as ``Pile.take`` takes it; the pile
    left and the next generator (:meth:`~tabletop.kernel.pile.Pile.sample_draws`: the tiles
    are taken out of one list, not out of a new pile per tile)."""
    _unseen(pile, "the plot pile's next tile")
    return pile.sample_draws(count, rng)


def card_sample(deck: Pile[str], rng: Rng) -> tuple[DrawCard, Rng]:
    """The card :func:`card_outcomes` would yield with ``rng``, drawn without listing them."""
    _unseen(deck, "the objective deck's next card")
    card, rng = deck.sample_draw(rng)
    return _CARDS[card], rng

