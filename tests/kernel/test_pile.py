"""Piles: unseen cards as a multiset drawn through chance outcomes, a known bottom, masking in
views, and dealing the unseen cards back for determinization."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rng_states import state_before

from tabletop.kernel.engine import sample
from tabletop.kernel.pile import Pile, PileError, deal_unseen, deal_until, sample_runs, sample_runs_tossing, unseen_by
from tabletop.kernel.rng import Rng

cards = st.lists(st.integers(1, 6), max_size=15)


@given(unseen=cards, bottom=st.lists(st.integers(7, 9), max_size=4), seed=st.integers(0, 2**32))
def test_drawing_every_card_empties_the_pile_and_yields_its_multiset(
    unseen: list[int], bottom: list[int], seed: int
) -> None:
    pile = Pile(tuple(unseen), tuple(bottom))
    rng = Rng.from_seed(seed)
    drawn = []
    while pile:
        outcomes = pile.draw_outcomes()
        assert all(weight > 0 for _, weight in outcomes)
        assert sum(weight for _, weight in outcomes) == (len(pile.unseen) or 1)
        card, rng = rng.pick([(c, w / sum(x for _, x in outcomes)) for c, w in outcomes])
        pile = pile.take(card)
        drawn.append(card)
    assert Counter(drawn) == Counter(unseen + bottom)
    assert drawn[len(unseen) :] == bottom  # the known bottom comes last, in its order
    with pytest.raises(PileError, match="empty"):
        pile.draw_outcomes()


def test_outcomes_weigh_each_distinct_card_by_its_copies() -> None:
    pile = Pile((3, 1, 3, 3))
    assert pile.unseen == (1, 3, 3, 3) and dict(pile.draw_outcomes()) == {1: 1, 3: 3}
    with pytest.raises(PileError, match="not in the pile"):
        pile.take(2)


@given(
    unseen=st.lists(st.integers(0, 5), max_size=12),
    bottom=st.lists(st.integers(7, 9), max_size=3),
    seed=st.integers(0, 2**63 - 1),
)
def test_sample_draw_draws_what_sampling_the_outcomes_draws(unseen: list[int], bottom: list[int], seed: int) -> None:
    # The sampled mode's shortcut and the explicit mode's outcomes must be one distribution:
    # the same card and the same next generator, card after card until the pile is empty.
    pile, rng = Pile(unseen, tuple(bottom)), Rng.from_seed(seed)
    while pile:
        card, after = pile.sample_draw(rng)
        assert (card, after) == sample(pile.draw_outcomes(), rng)
        pile, rng = pile.take(card), after
    with pytest.raises(PileError, match="empty"):
        pile.sample_draw(rng)
    with pytest.raises(PileError, match="hidden"):
        Pile((1, 2)).masked().sample_draw(rng)


@given(
    unseen=st.lists(st.integers(0, 5), max_size=12),
    bottom=st.lists(st.integers(7, 9), max_size=3),
    count=st.integers(0, 15),
    stop=st.integers(0, 9),
    seed=st.integers(0, 2**63 - 1),
)
def test_sample_draws_draw_what_drawing_card_by_card_draws(
    unseen: list[int], bottom: list[int], count: int, stop: int, seed: int
) -> None:
    pile, rng = Pile(unseen, tuple(bottom)), Rng.from_seed(seed)
    if count > len(pile):
        with pytest.raises(PileError, match="empty"):
            pile.sample_draws(count, rng)
        return
    drawn, left, after = pile.sample_draws(count, rng, lambda card: card == stop)
    expected = []
    while len(expected) < count:
        card, rng = pile.sample_draw(rng)
        pile = pile.take(card)
        expected.append(card)
        if card == stop:
            break
    assert (drawn, left, after) == (expected, pile, rng)


@given(
    unseen=st.lists(st.integers(0, 3), max_size=40),
    copies=st.integers(0, 30),
    count=st.integers(0, 45),
    seed=st.integers(0, 2**63 - 1),
)
def test_long_runs_draw_what_drawing_card_by_card_draws(unseen: list[int], copies: int, count: int, seed: int) -> None:
    # Runs long enough to be drawn at once (pile.AHEAD_AT_ONCE), some from piles nearly all
    # copies of one card, whose last draws are no draws at all.
    pile, rng = Pile(unseen + [9] * copies, (7, 8)), Rng.from_seed(seed)
    count = min(count, len(pile))
    drawn, left, after = pile.sample_draws(count, rng)
    expected = []
    for _ in range(count):
        card, rng = pile.sample_draw(rng)
        pile = pile.take(card)
        expected.append(card)
    assert (drawn, left, after) == (expected, pile, rng)


def _drawn_and_tossed(
    pile: Pile[int], count: int, rng: Rng, tossed: set[int], sides: int
) -> tuple[list[int], dict[int, int], Pile[int], Rng]:
    """What a rule that tosses after each card of ``tossed`` draws, run after run."""
    drawn: list[int] = []
    tosses = {}
    while len(drawn) < count:
        cards, pile, rng = pile.sample_draws(count - len(drawn), rng, tossed.__contains__)
        drawn += cards
        if cards[-1] in tossed:
            tosses[len(drawn) - 1], rng = sample(tuple((side, 1) for side in range(sides)), rng)
    return drawn, tosses, pile, rng


@given(
    unseen=st.lists(st.integers(0, 9), max_size=30),
    bottom=st.lists(st.integers(0, 9), max_size=3),
    tossed=st.sets(st.integers(0, 9)),
    count=st.integers(0, 35),
    sides=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
)
def test_sample_draws_tossing_draw_what_draws_and_tosses_in_turn_draw(
    unseen: list[int], bottom: list[int], tossed: set[int], count: int, sides: int, seed: int
) -> None:
    # The same cards, tosses, pile and generator as runs of draws, each stopped by a card
    # tossed, and each toss sampled from equally likely sides.
    pile, rng = Pile(unseen, tuple(bottom)), Rng.from_seed(seed)
    if count > len(pile):
        with pytest.raises(PileError, match="empty"):
            pile.sample_draws_tossing(count, rng, tossed.__contains__, sides)
        return
    expected = _drawn_and_tossed(pile, count, rng, tossed, sides)
    assert pile.sample_draws_tossing(count, rng, tossed.__contains__, sides) == expected


@given(
    first=st.lists(st.integers(0, 5), max_size=8),
    second=st.lists(st.integers(0, 3), max_size=8),
    bottom=st.lists(st.integers(7, 9), max_size=3),
    runs=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 6)), max_size=6),
    seed=st.integers(0, 2**63 - 1),
)
def test_sample_runs_draw_what_each_run_drawn_in_turn_draws(
    first: list[int], second: list[int], bottom: list[int], runs: list[tuple[int, int]], seed: int
) -> None:
    # Runs from two piles along one generator, a run from an emptied pile cut short: as
    # sample_draws draws each run in turn, up to what the pile holds.
    piles, rng = [Pile(first, tuple(bottom)), Pile(second)], Rng.from_seed(seed)
    assert sample_runs(piles, runs, rng) == _each_run_in_turn(piles, runs, rng)


@given(
    counts=st.lists(st.integers(0, 40), min_size=2, max_size=4),
    runs=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 12)), max_size=8),
    seed=st.integers(0, 2**63 - 1),
)
def test_sample_runs_from_large_piles_draw_what_each_run_drawn_in_turn_draws(
    counts: list[int], runs: list[tuple[int, int]], seed: int
) -> None:
    # Piles large enough for every draw to be made at once, or nearly: a card with many
    # copies may become the only one left (no draw), as card by card.
    piles = [Pile(tuple(k for k, n in enumerate(counts) for _ in range(n))), Pile(tuple(range(30)))]
    rng = Rng.from_seed(seed)
    assert sample_runs(piles, runs, rng) == _each_run_in_turn(piles, runs, rng)


def test_sample_runs_draw_card_by_card_when_a_draw_is_drawn_again() -> None:
    # The third draw's output lies past its bound's rejection limit: drawn again, as one by one.
    piles = [Pile(tuple(range(20))), Pile(tuple(range(7)))]
    runs = [(0, 2), (1, 1), (0, 3)]
    rng = Rng(state_before(2**64 - 2**64 % 7, 2))
    assert sample_runs(piles, runs, rng) == _each_run_in_turn(piles, runs, rng)


@given(
    counts=st.lists(st.integers(0, 40), min_size=2, max_size=4),
    tiles=st.lists(st.integers(0, 9), max_size=12),
    bottom=st.lists(st.integers(0, 9), max_size=3),
    runs=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 12)), max_size=4),
    last=st.integers(0, 2),
    count=st.integers(0, 14),
    tossed=st.sets(st.integers(0, 9)),
    sides=st.integers(2, 6),
    seed=st.integers(0, 2**63 - 1),
)
def test_sample_runs_tossing_draw_what_the_runs_then_the_last_drawn_tossing_draw(
    counts: list[int],
    tiles: list[int],
    bottom: list[int],
    runs: list[tuple[int, int]],
    last: int,
    count: int,
    tossed: set[int],
    sides: int,
    seed: int,
) -> None:
    # The runs before the last as sample_runs draws them, then the last run as
    # sample_draws_tossing draws it from the pile left, along one generator (from a pile the
    # runs before may have drawn from too, or may have emptied).
    piles = [Pile(tuple(k for k, n in enumerate(counts) for _ in range(n))), Pile(tuple(range(30))), Pile(tiles, tuple(bottom))]
    rng = Rng.from_seed(seed)
    drawn, left, after = sample_runs(piles, runs, rng)
    if count > len(left[last]):
        with pytest.raises(PileError, match="empty"):
            sample_runs_tossing(piles, [*runs, (last, count)], rng, tossed.__contains__, sides)
        return
    cards, tosses, left[last], after = left[last].sample_draws_tossing(count, after, tossed.__contains__, sides)
    expected = [*drawn, cards], tosses, left, after
    assert sample_runs_tossing(piles, [*runs, (last, count)], rng, tossed.__contains__, sides) == expected


def _each_run_in_turn(
    piles: list[Pile[int]], runs: list[tuple[int, int]], rng: Rng
) -> tuple[list[list[int]], list[Pile[int]], Rng]:
    """What :func:`sample_runs` must give: each run drawn in turn by ``sample_draws`` along one
    generator, up to what its pile holds."""
    piles = list(piles)
    drawn = []
    for index, count in runs:
        cards, piles[index], rng = piles[index].sample_draws(min(count, len(piles[index])), rng)
        drawn.append(cards)
    return drawn, piles, rng


@given(unseen=cards, bottom=st.lists(st.integers(7, 9), max_size=4))
def test_a_masked_pile_hides_its_unseen_cards(unseen: list[int], bottom: list[int]) -> None:
    pile = Pile(tuple(unseen), tuple(bottom))
    masked = pile.masked()
    assert len(masked) == len(pile) and masked.unseen == ()
    assert masked.bottom == pile.bottom and masked.hidden == len(unseen)
    assert masked.masked_cards == bool(unseen)
    everything_hidden = pile.masked_all()
    assert everything_hidden.unseen == everything_hidden.bottom == () and everything_hidden.hidden == len(pile)
    if unseen:
        for refused in (masked.cards, masked.draw_outcomes, lambda: masked.take(unseen[0])):
            with pytest.raises(PileError, match="view"):
                refused()


def test_put_under_shuffle_in_and_remove() -> None:
    pile = Pile((2, 1)).put_under([9, 8])
    assert pile.cards() == (1, 2, 9, 8)
    assert pile.shuffle_in([5]).cards() == (1, 2, 5, 9, 8)
    assert pile.shuffle_in([]) is pile  # nothing shuffled in: the same pile
    assert pile.remove(9).cards() == (1, 2, 8) and pile.remove(1).cards() == (2, 9, 8)
    with pytest.raises(PileError):
        pile.remove(4)
    with pytest.raises(PileError, match="not the next card"):
        Pile((), (9, 8)).take(8)


@given(unseen=st.lists(st.integers(0, 5), max_size=8), cards=st.lists(st.integers(0, 5), max_size=3))
def test_shuffle_in_is_a_pile_of_every_card(unseen: list[int], cards: list[int]) -> None:
    pile = Pile(unseen, (9,)).shuffle_in(cards)
    assert pile == Pile(unseen + cards, (9,))
    assert pile.unseen == tuple(sorted(unseen + cards)) and pile.bottom == (9,)


@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_deal_unseen_fills_every_place_with_the_unseen_cards(seed: int, sizes: list[int]) -> None:
    everything = [v for v in range(1, 7) for _ in range(3)]
    seen = everything[: len(everything) - sum(sizes)]
    unseen = unseen_by(everything, seen)
    assert Counter(unseen) + Counter(seen) == Counter(everything)
    dealt, _ = deal_unseen(unseen, sizes, Rng.from_seed(seed))
    assert [len(place) for place in dealt] == sizes
    assert Counter(c for place in dealt for c in place) == Counter(unseen)
    with pytest.raises(PileError, match="cannot deal"):
        deal_unseen(unseen, [*sizes, 1], Rng.from_seed(seed))
    with pytest.raises(PileError, match="more cards seen"):
        unseen_by([1], [1, 1])


def test_deal_until_returns_the_first_consistent_deal_and_starts_from_the_given_source() -> None:
    rng = Rng.from_seed(5)
    first, _ = rng.below(100)
    assert deal_until(lambda r: r.below(100)[0], lambda n: True, rng) == first
    dealt = deal_until(lambda r: r.below(100)[0], lambda n: n % 10 == 0, rng)
    assert dealt % 10 == 0
    assert dealt == deal_until(lambda r: r.below(100)[0], lambda n: n % 10 == 0, rng)  # reproducible


def test_deal_until_gives_up_with_a_clear_error() -> None:
    tried = []
    with pytest.raises(PileError, match="no deal of the hidden cards out of 7"):
        deal_until(tried.append, lambda _: False, Rng.from_seed(1), tries=7)
    assert len(tried) == 7 and len(set(tried)) == 7  # seven different sources
