"""The seeded SplitMix64 random source: reproducible, immutable, uniform, and masked in views."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.pile import Pile, PileError
from rng_states import state_before

from tabletop.kernel.rng import (
    AHEAD_MOST,
    MaskedRandomness,
    Rng,
    SMALL_MOST,
    below_ahead,
    below_at,
    below_each,
    fresh_seed,
    outputs_ahead,
    outputs_for_small,
    state_after,
)

seeds = st.integers(-(2**70), 2**70)


def _stream(rng: Rng, n: int) -> list[int]:
    out = []
    for _ in range(n):
        value, rng = rng.next64()
        out.append(value)
    return out


@given(seed=seeds)
def test_same_seed_same_stream(seed: int) -> None:
    assert _stream(Rng.from_seed(seed), 20) == _stream(Rng.from_seed(seed), 20)


def test_different_seeds_different_streams() -> None:
    firsts = {Rng.from_seed(seed).next64()[0] for seed in range(1000)}
    assert len(firsts) == 1000


@given(seed=seeds)
def test_drawing_never_mutates(seed: int) -> None:
    rng = Rng.from_seed(seed)
    before = rng.state
    first, after = rng.next64()
    assert rng.state == before and after != rng
    assert rng.next64()[0] == first


@given(seed=seeds)
def test_values_are_64_bit(seed: int) -> None:
    assert all(0 <= v < 2**64 for v in _stream(Rng.from_seed(seed), 50))


def test_no_seed_draws_a_fresh_one() -> None:
    assert Rng.from_seed(None) != Rng.from_seed(None)


@given(seed=seeds, n=st.integers(1, 10**12))
def test_below_stays_in_range(seed: int, n: int) -> None:
    value, _ = Rng.from_seed(seed).below(n)
    assert 0 <= value < n


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng.from_seed(1).below(n)


def test_below_refuses_bounds_beyond_64_bits() -> None:
    assert Rng.from_seed(1).below(2**64)[0] < 2**64
    with pytest.raises(ValueError, match="too large"):
        Rng.from_seed(1).below(2**64 + 1)


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(7)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values())


@given(seed=seeds, items=st.lists(st.integers(), max_size=30))
def test_shuffles_are_permutations(seed: int, items: list[int]) -> None:
    shuffled, _ = Rng.from_seed(seed).shuffled(items)
    assert sorted(shuffled) == sorted(items)
    assert isinstance(shuffled, tuple)


def test_shuffles_reach_every_permutation() -> None:
    rng = Rng.from_seed(3)
    seen = set()
    for _ in range(600):
        order, rng = rng.shuffled("abcd")
        seen.add(order)
    assert len(seen) == 24


@given(seed=seeds, items=st.lists(st.integers(), min_size=1, max_size=10))
def test_choice_picks_an_element(seed: int, items: list[int]) -> None:
    assert Rng.from_seed(seed).choice(items)[0] in items


def test_masked_rng_refuses_every_draw() -> None:
    masked = Rng.from_seed(5).mask()
    assert masked.masked and not Rng.from_seed(5).masked
    for draw in (
        masked.next64,
        lambda: masked.below(3),
        lambda: masked.choice([1, 2]),
        lambda: masked.shuffled([1, 2]),
        lambda: masked.stream(1),
    ):
        with pytest.raises(MaskedRandomness):
            draw()


@given(seed=seeds, label=st.integers(0, 2**32))
def test_streams_are_independent_of_the_game_sequence(seed: int, label: int) -> None:
    rng = Rng.from_seed(seed)
    stream = rng.stream(label)
    assert stream != rng and not stream.masked
    assert rng.stream(label) == stream  # derived deterministically
    assert rng.stream(label + 1) != stream
    assert _stream(rng, 3) == _stream(Rng.from_seed(seed), 3)  # the game's sequence is untouched


def test_pick_draws_each_outcome_with_its_probability() -> None:
    rng = Rng.from_seed(11)
    counts: Counter[str] = Counter()
    for _ in range(6000):
        outcome, rng = rng.pick((("a", 0.5), ("b", 1 / 3), ("c", 1 / 6)))
        counts[outcome] += 1
    assert abs(counts["a"] / 6000 - 0.5) < 0.03 and abs(counts["c"] / 6000 - 1 / 6) < 0.03
    assert rng.pick((("only", 1.0),))[0] == "only"
    with pytest.raises(ValueError, match="at least one outcome"):
        rng.pick(())


@given(seed=st.integers(-(2**63), 2**64))
def test_seeds_drawn_from_a_generator_fit_63_bits(seed: int) -> None:
    value, nxt = Rng.from_seed(seed).seed63()
    assert 0 <= value < 2**63 and nxt != Rng.from_seed(seed)
    assert 0 <= fresh_seed() < 2**63


@given(seed=seeds, bounds=st.lists(st.integers(1, 300), max_size=20))
def test_draws_give_the_values_of_successive_belows(seed: int, bounds: list[int]) -> None:
    rng = Rng.from_seed(seed)
    draws = rng.draws()
    cursor_values = [draws.below(n) for n in bounds]
    values = []
    for n in bounds:
        value, rng = rng.below(n)
        values.append(value)
    assert cursor_values == values and draws.rng == rng


@given(seed=seeds, n=st.integers(1, 2**64))
def test_below_is_next64_with_rejection(seed: int, n: int) -> None:
    rng = Rng.from_seed(seed)
    limit = 2**64 - 2**64 % n
    expected = rng
    while True:
        value, expected = expected.next64()
        if value < limit:
            break
    assert rng.below(n) == (value % n, expected)


@given(seed=seeds, bounds=st.lists(st.integers(1, 300), max_size=20))
def test_a_state_threaded_through_below_at_gives_the_values_of_successive_belows(seed: int, bounds: list[int]) -> None:
    rng = Rng.from_seed(seed)
    state = rng.state
    threaded = []
    for n in bounds:
        value, state = below_at(state, n)
        threaded.append(value)
    values = []
    for n in bounds:
        value, rng = rng.below(n)
        values.append(value)
    assert threaded == values and Rng(state) == rng


def test_a_masked_state_refuses_to_draw() -> None:
    with pytest.raises(MaskedRandomness):
        below_at(Rng.from_seed(1).mask().state, 6)


def test_a_masked_cursor_refuses_to_draw() -> None:
    draws = Rng.from_seed(1).mask().draws()
    with pytest.raises(MaskedRandomness):
        draws.below(6)


def _lanes(packed: int, n: int) -> list[int]:
    return [packed >> (128 * k) & (2**64 - 1) for k in range(n)]


@given(seed=seeds, n=st.integers(0, AHEAD_MOST + 6))
def test_outputs_ahead_are_the_next_outputs(seed: int, n: int) -> None:
    # Past AHEAD_MOST the lane constants are made for the run: the same outputs.
    rng = Rng.from_seed(seed)
    packed, after = outputs_ahead(rng.state, n)
    expected = _stream(rng, n)
    for _ in range(n):
        rng = rng.next64()[1]
    assert _lanes(packed, n) == expected and after == rng.state == state_after(Rng.from_seed(seed).state, n)


def _threaded(state: int, top: int, n: int) -> list[int]:
    values = []
    for bound in range(top, top - n, -1):
        value, state = below_at(state, bound)
        values.append(value)
    return values


@given(seed=seeds, n=st.integers(0, 40), extra=st.integers(0, 200), data=st.data())
def test_below_ahead_draws_what_below_at_draws(seed: int, n: int, extra: int, data: st.DataObject) -> None:
    state = Rng.from_seed(seed).state
    top = data.draw(st.sampled_from([n + extra, 2**16, 2**16 + 1 + extra, 2**40, 2**64]) if n else st.just(extra))
    top = max(top, n)
    assert below_ahead(outputs_ahead(state, n)[0], top, n) == _threaded(state, top, n)


def test_unmix_finds_the_state_of_an_output() -> None:
    for value in (0, 5, 2**64 - 1, 0x0123456789ABCDEF):
        assert Rng(state_before(value, 2)).next64()[1].next64()[1].next64()[0] == value


@pytest.mark.parametrize("k", [0, 3, 9])
def test_below_ahead_gives_way_when_a_draw_is_drawn_again(k: int) -> None:
    # Draws below 12, 11, ...: output k is drawn below 12 - k, whose rejection limit is
    # 2**64 - 2**64 % (12 - k). Past it, below_at draws again and the later draws shift.
    top, n = 12, 10
    limit = 2**64 - 2**64 % (top - k)
    state = state_before(limit, k)
    assert below_ahead(outputs_ahead(state, n)[0], top, n) is None
    assert len(_threaded(state, top, n)) == n  # (below_at draws past it)


@pytest.mark.parametrize("k", [0, 4])
def test_a_run_from_a_pile_draws_again_as_card_by_card(k: int) -> None:
    # The pile's run drawn at once gives way to draws one by one (see pile._draw_run).
    pile = Pile(tuple(range(12)))
    rng = Rng(state_before(2**64 - 1, k))
    drawn, left, after = pile.sample_draws(8, rng)
    expected = []
    for _ in range(8):
        card, rng = pile.sample_draw(rng)
        pile = pile.take(card)
        expected.append(card)
    assert (drawn, left, after) == (expected, pile, rng)


@pytest.mark.parametrize(("cards", "sides"), [(12, 2), (200, 2), (12, 300)])
def test_sample_draws_tossing_draw_again_as_card_by_card(cards: int, sides: int) -> None:
    # An output near 2**64 (drawn again for some bound), or bounds past the small ones: the
    # draws made one by one give the same.
    pile, rng = Pile(tuple(range(cards))), Rng(state_before(2**64 - 1, 3))
    odd = {card for card in range(cards) if card % 2}
    drawn: list[int] = []
    tosses = {}
    left, after = pile, rng
    while len(drawn) < 8:
        cards_drawn, left, after = left.sample_draws(8 - len(drawn), after, odd.__contains__)
        drawn += cards_drawn
        if cards_drawn[-1] in odd:
            tosses[len(drawn) - 1], after = after.below(sides)
    expected = (drawn, tosses, left, after)
    assert pile.sample_draws_tossing(8, rng, odd.__contains__, sides) == expected
    with pytest.raises(ValueError, match="2 sides"):
        pile.sample_draws_tossing(8, rng, odd.__contains__, 1)
    with pytest.raises(PileError, match="hidden"):
        pile.masked().sample_draws_tossing(8, rng, odd.__contains__, 2)


@pytest.mark.parametrize(("top", "below_limit"), [(12, 7), (12, 1), (2**20, 1), (2**20, 2**20 - 1)])
def test_below_ahead_keeps_a_value_just_short_of_the_limit(top: int, below_limit: int) -> None:
    # A value too near 2**64 to pass for every bound at once, yet below its own bound's limit:
    # drawn, not drawn again.
    k = 1
    state = state_before(2**64 - 2**64 % (top - k) - below_limit, k)
    assert below_ahead(outputs_ahead(state, 5)[0], top, 5) == _threaded(state, top, 5)


def _threaded_each(state: int, bounds: list[int]) -> tuple[list[int], int]:
    values = []
    for bound in bounds:
        value, state = below_at(state, bound)
        values.append(value)
    return values, state


@given(seed=seeds, bounds=st.lists(st.integers(1, 200) | st.sampled_from([2**40, 2**63 + 1, 2**64]), max_size=AHEAD_MOST + 6))
def test_below_each_draws_what_below_at_draws_bound_after_bound(seed: int, bounds: list[int]) -> None:
    # None only when below_at draws again (a bound past 2**63 often does).
    state = Rng.from_seed(seed).state
    at_once, threaded = below_each(state, bounds), _threaded_each(state, bounds)
    assert at_once == threaded or (at_once is None and threaded[1] != state_after(state, len(bounds)))


@pytest.mark.parametrize("k", [0, 2, 6])
def test_below_each_gives_way_when_a_draw_is_drawn_again(k: int) -> None:
    bounds = [12, 5, 120, 48, 11, 7, 119, 3]
    state = state_before(2**64 - 2**64 % bounds[k], k)
    assert below_each(state, bounds) is None
    # A value just short of its own bound's limit, though past another's, is drawn.
    state = state_before(2**64 - 2**64 % bounds[k] - 1, k)
    assert below_each(state, bounds) == _threaded_each(state, bounds)


def test_below_each_refuses_bad_bounds_and_masked_states() -> None:
    state = Rng.from_seed(1).state
    assert below_each(state, []) == ([], state)
    with pytest.raises(ValueError, match="positive"):
        below_each(state, [3, 0])
    with pytest.raises(ValueError, match="too large"):
        below_each(state, [2**64 + 1])
    with pytest.raises(MaskedRandomness):
        below_each(Rng.from_seed(1).mask().state, [3])


@given(seed=seeds, bounds=st.lists(st.integers(1, SMALL_MOST), max_size=AHEAD_MOST + 6))
def test_outputs_for_small_draw_what_below_at_draws(seed: int, bounds: list[int]) -> None:
    # Draws of small bounds in any order, each its output modulo its bound.
    state = Rng.from_seed(seed).state
    values = outputs_for_small(state, len(bounds))
    assert values is not None
    expected = []
    threaded = state
    for bound in bounds:
        value, threaded = below_at(threaded, bound)
        expected.append(value)
    assert [value % bound for value, bound in zip(values, bounds)] == expected
    assert state_after(state, len(bounds)) == threaded


@pytest.mark.parametrize(("k", "value"), [(0, 2**64 - 1), (3, 2**64 - SMALL_MOST), (5, 2**64 - 2**64 % 3)])
def test_outputs_for_small_give_way_near_the_top(k: int, value: int) -> None:
    # An output within 128 of 2**64 may be drawn again for some small bound: none are given.
    assert outputs_for_small(state_before(value, k), 6) is None


def test_outputs_for_small_keep_an_output_short_of_the_top() -> None:
    state = state_before(2**64 - SMALL_MOST - 1, 2)
    values = outputs_for_small(state, 4)
    assert values is not None and values[2] == 2**64 - SMALL_MOST - 1
    with pytest.raises(MaskedRandomness):
        outputs_for_small(Rng.from_seed(1).mask().state, 4)


def test_below_ahead_refuses_bad_bounds_and_masked_states() -> None:
    packed, _ = outputs_ahead(Rng.from_seed(1).state, 4)
    assert below_ahead(packed, 3, 0) == []
    with pytest.raises(ValueError, match="positive"):
        below_ahead(packed, 3, 4)
    with pytest.raises(ValueError, match="too large"):
        below_ahead(packed, 2**64 + 1, 4)
    with pytest.raises(MaskedRandomness):
        outputs_ahead(Rng.from_seed(1).mask().state, 4)
