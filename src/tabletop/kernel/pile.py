"""Piles of cards or tiles whose order nobody knows, and the tools for hidden information.

A :class:`Pile` is a face-down draw pile. Its *unseen* cards are a multiset: nobody knows their
order, so the state does not store one; each draw is a random event (a chance decision whose
outcomes are the distinct unseen cards, weighted by how many copies there are). Cards put
*under* the pile keep a known order and are drawn after the unseen ones. Drawing a fixed
order therefore needs no shuffle, and forcing or averaging over a draw needs nothing new.

In a view the unseen cards are replaced by their number (:meth:`Pile.masked`): what a seat
cannot see is a count, never a placeholder that could be mistaken for a card.
:func:`deal_unseen` deals the cards a view cannot place back into its hidden places when a full
state is sampled (``determinize``); :func:`deal_until` deals again until the sample agrees with
what the view tells of the hidden cards beyond their number.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from operator import mod
from typing import Any, Generic, TypeVar

import attrs

from tabletop.kernel.rng import SMALL_MOST, Rng, below_ahead, below_at, below_each_within, outputs_ahead, outputs_for_small, state_after

C = TypeVar("C")


class PileError(ValueError):
    """A card taken from a pile that does not hold it, or a masked pile asked for its cards."""


def _sorted(cards: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(sorted(cards))


@attrs.frozen
class Pile(Generic[C]):
    """A face-down pile: ``unseen`` cards in no known order, then ``bottom`` in a known order.

    Attributes:
        unseen: the cards nobody can tell apart, sorted (a multiset, not an order).
        bottom: cards put under the pile, first to be drawn first, after every unseen card.
        hidden: in a view, how many unseen cards the seat cannot name (``unseen`` is then
            empty); 0 in a full state.
    """

    unseen: tuple[C, ...] = attrs.field(default=(), converter=_sorted)
    bottom: tuple[C, ...] = ()
    hidden: int = 0

    def __len__(self) -> int:
        return len(self.unseen) + self.hidden + len(self.bottom)

    def __bool__(self) -> bool:
        return bool(self.unseen or self.hidden or self.bottom)

    @property
    def masked_cards(self) -> bool:
        """Whether this is a view's pile, whose unseen cards are only counted."""
        return self.hidden > 0

    def cards(self) -> tuple[C, ...]:
        """Every card of the pile (unseen ones sorted, then the bottom in order)."""
        if self.hidden:
            raise PileError("this pile is a view's: its unseen cards are hidden")
        return self.unseen + self.bottom

    def draw_outcomes(self) -> tuple[tuple[C, int], ...]:
        """The possible next cards with their weights: each distinct unseen card weighted by its
        copies, or the first bottom card once the unseen ones are gone."""
        if self.hidden:
            raise PileError("this pile is a view's: the next card is hidden")
        if self.unseen:
            return tuple(Counter(self.unseen).items())
        if self.bottom:
            return ((self.bottom[0], 1),)
        raise PileError("the pile is empty")

    def sample_draw(self, rng: Rng) -> tuple[C, Rng]:
        """The next card drawn at random with ``rng``, and the next generator, without listing
        the outcomes: exactly what :func:`tabletop.kernel.engine.sample` draws from
        :meth:`draw_outcomes` (the unseen cards are sorted, so the card at a random position
        lies in each distinct card's run of copies with its weight; one distinct card, or the
        known bottom, costs no draw)."""
        if self.hidden:
            raise PileError("this pile is a view's: the next card is hidden")
        unseen = self.unseen
        if unseen:
            if unseen[0] == unseen[-1]:
                return unseen[0], rng
            position, rng = rng.below(len(unseen))
            return unseen[position], rng
        if self.bottom:
            return self.bottom[0], rng
        raise PileError("the pile is empty")

    def sample_draws(
        self, count: int, rng: Rng, until: Callable[[C], bool] | None = None
    ) -> tuple[list[C], Pile[C], Rng]:
        """Up to ``count`` cards drawn one after another, each as :meth:`sample_draw` draws it
        and :meth:`take` takes it (the same random draws in the same order), the pile left and
        the next generator: the cards are taken out of one list, not out of a new pile per
        card. The draws stop early after a card for which ``until`` is true (a card to deal
        with before the next draw)."""
        if self.hidden:
            raise PileError("this pile is a view's: the next card is hidden")
        unseen = list(self.unseen)
        drawn, bottom, state = _draw_run(unseen, self.bottom, count, rng.state, until)
        return drawn, _pile(tuple(unseen), bottom), Rng(state)

    def sample_draws_tossing(
        self, count: int, rng: Rng, tossed: Callable[[C], bool], sides: int
    ) -> tuple[list[C], dict[int, int], Pile[C], Rng]:
        """``count`` cards drawn one after another as :meth:`sample_draws` draws them, each card
        for which ``tossed`` is true followed at once by a toss: a draw below ``sides`` (at
        least 2) as :meth:`Rng.below` draws it (what :func:`tabletop.kernel.engine.sample`
        draws from ``sides`` outcomes of weight 1), as a rule that deals with such a card before
        the next draw makes it. The cards, the toss after each card tossed (by its place among
        the cards), the pile left and the next generator: the draws and the tosses are made out
        of one batch of outputs (:func:`~tabletop.kernel.rng.outputs_for_small`), not a run of
        draws and a generator per card tossed."""
        if self.hidden:
            raise PileError("this pile is a view's: the next card is hidden")
        if sides < 2:
            raise ValueError(f"a toss needs at least 2 sides, not {sides}")
        unseen = list(self.unseen)
        bottom = self.bottom
        state = rng.state
        tosses: dict[int, int] = {}
        # At most one output per card and one per toss.
        values = outputs_for_small(state, 2 * count) if count > 0 and max(len(unseen), sides) <= SMALL_MOST else None
        if values is None:
            drawn: list[C] = []
            # A draw that may be drawn again: runs of draws, each stopped by a card tossed.
            while len(drawn) < count:
                cards, bottom, state = _draw_run(unseen, bottom, count - len(drawn), state, tossed)
                drawn += cards
                if tossed(cards[-1]):
                    tosses[len(drawn) - 1], state = below_at(state, sides)
            return drawn, tosses, _pile(tuple(unseen), bottom), Rng(state)
        drawn, bottom, used = _draw_tossing(unseen, bottom, count, values, 0, tosses, tossed, sides)
        return drawn, tosses, _pile(tuple(unseen), bottom), Rng(state_after(state, used))

    def take(self, card: C) -> Pile[C]:
        """The pile after ``card`` is drawn (it must be a possible next card)."""
        if self.hidden:
            raise PileError("this pile is a view's: its cards are hidden")
        unseen: tuple[Any, ...] = self.unseen  # sorted, so orderable
        if unseen:
            try:
                i = bisect_left(unseen, card)  # the unseen cards are sorted
            except TypeError:  # not even comparable with the cards
                i = len(unseen)
            if i == len(unseen) or unseen[i] != card:
                raise PileError(f"{card!r} is not in the pile")
            return _pile(unseen[:i] + unseen[i + 1 :], self.bottom)
        if self.bottom and self.bottom[0] == card:
            return _pile((), self.bottom[1:])
        raise PileError(f"{card!r} is not the next card of the pile")

    def remove(self, card: C) -> Pile[C]:
        """The pile without one copy of ``card``, wherever it is (for setting up positions)."""
        if card in self.unseen:
            i = self.unseen.index(card)
            return _pile(self.unseen[:i] + self.unseen[i + 1 :], self.bottom, self.hidden)
        if card in self.bottom:
            i = self.bottom.index(card)
            return _pile(self.unseen, self.bottom[:i] + self.bottom[i + 1 :], self.hidden)
        raise PileError(f"{card!r} is not in the pile")

    def put_under(self, cards: Sequence[C]) -> Pile[C]:
        """The pile with ``cards`` under it, the first given drawn first of them."""
        return _pile(self.unseen, self.bottom + tuple(cards), self.hidden)

    def shuffle_in(self, cards: Iterable[C]) -> Pile[C]:
        """The pile with ``cards`` shuffled into its unseen part (the known bottom stays)."""
        if self.hidden:
            raise PileError("this pile is a view's: cards cannot be shuffled into it")
        added = tuple(cards)
        if not added:  # (an upgrade paying no skill shuffles none back: nothing to sort again)
            return self
        unseen: tuple[Any, ...] = self.unseen  # sorted, so orderable
        if len(added) == 1:
            # The commonest case (a card paid back): put in its place, the others not sorted again.
            i = bisect_right(unseen, added[0])
            return _pile(unseen[:i] + added + unseen[i:], self.bottom)
        return _pile(_sorted(unseen + added), self.bottom)

    def masked(self) -> Pile[C]:
        """The pile as a seat sees it: the unseen cards counted, the known bottom kept."""
        if not self.unseen:
            return self
        return _pile((), self.bottom, self.hidden + len(self.unseen))

    def masked_all(self) -> Pile[C]:
        """The pile as a seat that knows none of it sees it (its bottom hidden too)."""
        return _pile((), (), len(self))


def sample_runs(
    piles: Sequence[Pile[C]], runs: Iterable[tuple[int, int]], rng: Rng, bounds: Sequence[int] | None = None
) -> tuple[list[list[C]], list[Pile[C]], Rng]:
    """Runs of draws from several ``piles`` one after another: for each ``(index, count)`` of
    ``runs``, up to ``count`` cards drawn from ``piles[index]`` as :meth:`Pile.sample_draws`
    draws them (the same random draws in the same order; a run from an emptied pile draws what
    is left, then nothing), the cards of each run, the piles left and the next generator. Each
    pile is made a list once and one cursor draws every run, rather than a list, a cursor and a
    pile per run. When every draw's bound is known beforehand (see :func:`run_bounds`), the
    draws of every run are made at once (:func:`~tabletop.kernel.rng.below_each_within`).
    ``bounds``: :func:`run_bounds` of these piles and runs if the caller holds it (made once
    for runs drawn again and again from piles of the same cards, as at a game's setup), else
    worked out here."""
    if any(pile.hidden for pile in piles):
        raise PileError("this pile is a view's: the next card is hidden")
    unseen = [list(pile.unseen) for pile in piles]
    bottoms = [pile.bottom for pile in piles]
    runs = tuple(runs)
    if bounds is None:
        bounds = _bounds_at_once(unseen, runs)
    # Each bound is at most the size of its pile, and at least 2 (every draw costs one).
    at_once = None if bounds is None else below_each_within(rng.state, bounds, max(map(len, unseen)))
    if at_once is not None:
        positions, after = at_once
        out = []
        start = 0
        for index, count in runs:
            out.append(list(map(unseen[index].pop, positions[start : start + count])))
            start += count
        return out, [_pile(tuple(cards), bottom) for cards, bottom in zip(unseen, bottoms)], Rng(after)
    state = rng.state
    out = []
    for index, count in runs:
        cards, bottom = unseen[index], bottoms[index]
        drawn, bottoms[index], state = _draw_run(cards, bottom, min(count, len(cards) + len(bottom)), state, None)
        out.append(drawn)
    return out, [_pile(tuple(cards), bottom) for cards, bottom in zip(unseen, bottoms)], Rng(state)


def _draw_tossing(
    unseen: list[Any],
    bottom: tuple[Any, ...],
    count: int,
    values: Sequence[int],
    used: int,
    tosses: dict[int, int],
    tossed: Callable[[Any], bool],
    sides: int,
) -> tuple[list[Any], tuple[Any, ...], int]:
    """``count`` cards drawn out of a pile's ``unseen`` cards (the list, drawn from in place)
    and then its ``bottom``, as :meth:`Pile.sample_draws_tossing` draws them from the outputs
    ``values`` from the place ``used`` on (each below a bound of at most 128: see
    :func:`~tabletop.kernel.rng.outputs_for_small`), the toss after each card tossed put in
    ``tosses`` by its place among the cards: the cards, the bottom left and the outputs drawn
    so far."""
    drawn: list[Any] = []
    for _ in range(count):
        if unseen:
            # As _draw_run draws: one distinct card left costs no draw.
            if unseen[0] == unseen[-1]:
                card = unseen.pop()
            else:
                card = unseen.pop(values[used] % len(unseen))
                used += 1
        elif bottom:
            card, bottom = bottom[0], bottom[1:]
        else:
            raise PileError("the pile is empty")
        drawn.append(card)
        if tossed(card):
            tosses[len(drawn) - 1] = values[used] % sides
            used += 1
    return drawn, bottom, used


def sample_runs_tossing(
    piles: Sequence[Pile[C]], runs: Iterable[tuple[int, int]], rng: Rng, tossed: Callable[[C], bool], sides: int
) -> tuple[list[list[C]], dict[int, int], list[Pile[C]], Rng]:
    """:func:`sample_runs` whose last run is drawn as :meth:`Pile.sample_draws_tossing` draws
    it (the same random draws in the same order: the runs before it, then the last run with a
    toss below ``sides`` after each of its cards for which ``tossed`` is true): the cards of
    each run, the toss after each card tossed (by its place among the last run's cards), the
    piles left and the next generator. When every pile and ``sides`` are small (at most
    :data:`~tabletop.kernel.rng.SMALL_MOST`) and each draw before the last run costs a draw,
    the draws and the tosses are all made out of one batch of outputs
    (:func:`~tabletop.kernel.rng.outputs_for_small`), not a batch for the runs before and
    another for the last."""
    if any(pile.hidden for pile in piles):
        raise PileError("this pile is a view's: the next card is hidden")
    if sides < 2:
        raise ValueError(f"a toss needs at least 2 sides, not {sides}")
    *before, (last, count) = runs
    unseen = [list(pile.unseen) for pile in piles]
    sizes = list(map(len, unseen))
    drawing = sum([drawn for _, drawn in before])
    state = rng.state
    # At most one output per card of the runs before, and one per card and one per toss of the last.
    values = None
    if count > 0 and max(*sizes, sides) <= SMALL_MOST and _every_run_drawn(unseen, tuple(before)):
        values = outputs_for_small(state, drawing + 2 * count)
    if values is None:
        out, left, rng = sample_runs(piles, before, rng)
        cards, tossed_at, left[last], rng = left[last].sample_draws_tossing(count, rng, tossed, sides)
        return [*out, cards], tossed_at, left, rng
    out = []
    start = 0
    for index, drawn in before:
        size = sizes[index]
        end = start + drawn
        # Each draw is its output modulo its pile's size (no output is drawn again).
        out.append(list(map(unseen[index].pop, map(mod, values[start:end], range(size, size - drawn, -1)))))
        sizes[index] = size - drawn
        start = end
    bottoms = [pile.bottom for pile in piles]
    tosses: dict[int, int] = {}
    laid, bottoms[last], used = _draw_tossing(unseen[last], bottoms[last], count, values, start, tosses, tossed, sides)
    out.append(laid)
    return out, tosses, [_pile(tuple(cards), bottom) for cards, bottom in zip(unseen, bottoms)], Rng(state_after(state, used))


def _every_run_drawn(unseen: Sequence[Sequence[Any]], runs: tuple[tuple[int, int], ...]) -> bool:
    """Whether each draw of ``runs`` from piles of the sorted ``unseen`` cards costs a draw from
    the unseen cards: no pile runs out of them or down to one distinct card (which costs no
    draw)."""
    totals = [0] * len(unseen)
    for index, count in runs:
        totals[index] += count
    for cards, total in zip(unseen, totals):
        if total and not _every_draw_made(cards, total):
            return False
    return True


def run_bounds(piles: Sequence[Pile[Any]], runs: Iterable[tuple[int, int]]) -> list[int] | None:
    """The bound of each draw :func:`sample_runs` makes for ``runs`` from ``piles``, in order,
    when each costs a draw from the unseen cards (see :func:`_bounds_at_once`); ``None``
    otherwise (the draws are then made one by one)."""
    if any(pile.hidden for pile in piles):
        raise PileError("this pile is a view's: the next card is hidden")
    return _bounds_at_once([pile.unseen for pile in piles], tuple(runs))


def _bounds_at_once(unseen: Sequence[Sequence[Any]], runs: tuple[tuple[int, int], ...]) -> list[int] | None:
    """The bound of each draw of ``runs`` from piles of the sorted ``unseen`` cards, in order,
    when each costs a draw from the unseen cards: no pile runs out of them or down to one
    distinct card (which costs no draw: see :func:`_every_run_drawn`); ``None`` otherwise."""
    if not _every_run_drawn(unseen, runs):
        return None
    sizes = [len(cards) for cards in unseen]
    bounds: list[int] = []
    for index, count in runs:
        size = sizes[index]
        bounds += range(size, size - count, -1)
        sizes[index] = size - count
    return bounds


def _every_draw_made(cards: Sequence[Any], total: int) -> bool:
    """Whether each of ``total`` draws from the sorted ``cards`` costs a draw: they never run
    out or down to one distinct card (which costs no draw)."""
    size = len(cards)
    # A card with copies enough to be the only one left before the last draw (size - total + 1
    # or more) would fill that many places in a row of the sorted cards.
    if 2 * total > size + 1:
        # A long run (a deal of most of a pile): such a row holds one of the places
        # size - total, 2 * (size - total) + 1, ... (one in every size - total + 1).
        left = size - total
        return left > 0 and all(
            bisect_right(cards, card) - bisect_left(cards, card) <= left for card in cards[left :: left + 1]
        )
    # Such a row would hold the places total - 1 to size - total: only the card at total - 1
    # may have them.
    card = cards[total - 1]
    return cards[size - total] != card or bisect_right(cards, card) - bisect_left(cards, card) <= size - total


#: The fewest draws of a run made at once (:func:`~tabletop.kernel.rng.below_ahead`): a shorter
#: run costs less drawn one by one (3 and 4 measured slower in Keyflower, Takenoko's runs of 3
#: slower too).
AHEAD_AT_ONCE = 5


def _draw_run(
    unseen: list[Any], bottom: tuple[Any, ...], count: int, state: int, until: Callable[[Any], bool] | None
) -> tuple[list[Any], tuple[Any, ...], int]:
    """Up to ``count`` cards drawn out of a pile's ``unseen`` cards (the list, drawn from in
    place) and then its ``bottom``, each with the generator state ``state`` threaded through
    :func:`~tabletop.kernel.rng.below_at` (a call per draw fewer than a cursor), stopping after
    a card for which ``until`` is true: the cards, the bottom left and the state after them.
    A long run's draws are made at once (:func:`~tabletop.kernel.rng.below_ahead`), as many as
    the unseen cards could take (the last one left costs no draw)."""
    drawn: list[Any] = []
    if count >= AHEAD_AT_ONCE and len(unseen) > AHEAD_AT_ONCE:
        state, count = _draw_ahead(unseen, drawn, count, state, until)
    for _ in range(count):
        if unseen:
            # One distinct card left costs no draw; any copy of a card is the card: the one
            # at the random position goes.
            if unseen[0] == unseen[-1]:
                card = unseen.pop()
            else:
                position, state = below_at(state, len(unseen))
                card = unseen.pop(position)
        elif bottom:
            card, bottom = bottom[0], bottom[1:]
        else:
            raise PileError("the pile is empty")
        drawn.append(card)
        if until is not None and until(card):
            break
    return drawn, bottom, state


def _draw_ahead(
    unseen: list[Any], drawn: list[Any], count: int, state: int, until: Callable[[Any], bool] | None
) -> tuple[int, int]:
    """The start of :func:`_draw_run`: its draws from ``unseen`` made at once, the cards put in
    ``drawn``; the state after them and how many cards are left to draw (none after a card
    for which ``until`` is true)."""
    ahead = min(count, len(unseen) - 1)
    packed, after = outputs_ahead(state, ahead)
    positions = below_ahead(packed, len(unseen), ahead)
    if positions is None:
        return state, count
    if until is None and _every_draw_made(unseen, ahead):
        drawn += map(unseen.pop, positions)
        return after, count - ahead
    for position in positions:
        if unseen[0] == unseen[-1]:  # one distinct card left: no more draws
            break
        card = unseen.pop(position)
        drawn.append(card)
        if until is not None and until(card):
            return state_after(state, len(drawn)), 0
    return (after if len(drawn) == ahead else state_after(state, len(drawn))), count - len(drawn)


# The slots of a pile, set directly by :func:`_pile`.
_set_unseen = vars(Pile)["unseen"].__set__
_set_bottom = vars(Pile)["bottom"].__set__
_set_hidden = vars(Pile)["hidden"].__set__


def _pile(unseen: tuple[Any, ...], bottom: tuple[Any, ...], hidden: int = 0) -> Pile[Any]:
    """A pile from parts already in order (no sort, no ``__init__``): the hot path of drawing."""
    pile: Pile[Any] = object.__new__(Pile)
    _set_unseen(pile, unseen)
    _set_bottom(pile, bottom)
    _set_hidden(pile, hidden)
    return pile


def deal_unseen(
    cards: Iterable[C], sizes: Sequence[int], rng: Rng
) -> tuple[tuple[tuple[C, ...], ...], Rng]:
    """Deal the ``cards`` a view cannot place into hidden places of the given ``sizes``
    (opponents' hands, the unseen part of a pile...), uniformly at random.

    Used by ``determinize``: ``sum(sizes)`` must equal the number of cards.
    """
    pool = tuple(cards)
    if sum(sizes) != len(pool):
        raise PileError(f"cannot deal {len(pool)} unseen cards into places of {sum(sizes)}")
    shuffled, rng = rng.shuffled(pool)
    out = []
    start = 0
    for size in sizes:
        out.append(shuffled[start : start + size])
        start += size
    return tuple(out), rng


#: How many deals :func:`deal_until` tries before it gives up.
DEALS_TRIED = 10_000

T = TypeVar("T")


def deal_until(deal: Callable[[Rng], T], consistent: Callable[[T], bool], rng: Rng, tries: int = DEALS_TRIED) -> T:
    """The first ``consistent`` of the deals ``deal(rng)``, ``deal(rng.stream(1))``,
    ``deal(rng.stream(2))``, ...: a sample of what a view hides conditioned on what the deal
    alone does not respect (what the hidden cards must allow, as a seat's decision in progress
    tells). Rejection sampling: each consistent deal is as likely as ``deal`` makes it, given
    consistency. Raises :class:`PileError` after ``tries`` deals, none consistent (the view
    cannot come from a real position, or its condition is too rare to sample)."""
    for attempt in range(tries):
        dealt = deal(rng if attempt == 0 else rng.stream(attempt))
        if consistent(dealt):
            return dealt
    raise PileError(f"no deal of the hidden cards out of {tries} is consistent with the view")


def unseen_by(everything: Iterable[C], seen: Iterable[C]) -> tuple[C, ...]:
    """The cards of ``everything`` (a multiset) left once the ``seen`` ones are taken out."""
    left = Counter(everything)
    left.subtract(seen)
    if any(n < 0 for n in left.values()):
        raise PileError("more cards seen than the game holds")
    return tuple(sorted(left.elements(), key=repr))
