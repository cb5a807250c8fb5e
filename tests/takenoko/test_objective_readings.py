"""The objectives a hand can complete, as :func:`completable` keeps them between listings (its
readings of hands, their last answers, each plot card's last answer with the irrigated plots it
was about), agree with the scoring rules asked afresh: in the order of a game, for positions
asked again out of order, and for views."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.engine import evolve
from tabletop.takenoko import new_game
from tabletop.takenoko.components import STANDARD, GardenerObjective, PandaObjective, PlotObjective, _pattern_variants
from tabletop.takenoko.positions import position
from tabletop.takenoko.rules.objectives import completable, pattern_shown
from tabletop.takenoko.scoring import gardener_pattern_met, plot_pattern_met
from tabletop.takenoko.state import Bamboo, Garden, Plot, State

VARIANTS = [
    {},
    {"gardener_on_plot": True},
    {"exact_height": False},
    {"gardener_on_plot": True, "exact_height": False, "bamboo_supply": "2011"},
]


def _afresh(state: State) -> tuple[str, ...]:
    """The cards of the current player's hand that can be completed, by the scoring rules
    (copies of a panda card offered once)."""
    board = state.boards[state.current]
    options = state.options
    gardener = state.gardener if options.gardener_on_plot else None
    ready: list[str] = []
    offered: set[tuple[int, int, int]] = set()
    for cid in board.hand:
        card = state.components.cards[cid]
        if isinstance(card, PlotObjective):
            met = plot_pattern_met(state.garden, card)
        elif isinstance(card, GardenerObjective):
            met = gardener_pattern_met(state.garden, card, gardener, options.exact_height)
        else:
            assert isinstance(card, PandaObjective)
            if card.sections in offered:
                continue
            offered.add(card.sections)
            met = all(held >= need for held, need in zip(board.bamboo, card.sections, strict=True))
        if met:
            ready.append(cid)
    return tuple(ready)


def _game(options: dict[str, object], seed: int) -> list[State]:
    """The positions of a random game that completes objectives whenever it may, so that hands
    change often."""
    chooser = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed, **options)
    positions = [state]
    while not state.is_over:
        moves = state.legal_moves()
        completions = [move for move in moves if type(move).__name__ == "CompleteObjective"]
        state = state.apply(chooser.choice(completions or moves))
        positions.append(state)
    return positions


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_completable_agrees_with_the_scoring_rules_in_and_out_of_order(options, seed):
    positions = [state for state in _game(options, seed) if state.stack]
    for state in positions:
        assert completable(state) == _afresh(state)
    # Asked again out of order: the last answers kept are about other gardens and sections.
    for state in random.Random(seed).sample(positions, len(positions)):
        assert completable(state) == _afresh(state)


@pytest.mark.parametrize("seed", range(3))
def test_a_view_completes_what_its_seat_may_and_nothing_of_other_hands(seed):
    for state in _game({}, seed)[::7]:
        if not state.stack:
            continue
        for seat in range(state.players):
            view = state.view(seat)
            if seat == state.current:
                assert completable(view) == completable(state) == _afresh(state)
            else:
                assert completable(view) == ()


def test_a_plot_card_asked_about_earlier_later_and_unrelated_gardens():
    positions = _game({}, 4)
    cards = [card for card in positions[0].components.objectives if isinstance(card, PlotObjective)]
    later, earlier = positions[-1], positions[len(positions) // 2]
    unrelated = _game({}, 5)[-1]
    for state in (later, earlier, unrelated, later, positions[0]):
        # A garden built afresh has irrigated plots with no history to start from.
        fresh = evolve(state, garden=Garden(tuple(state.garden.items())))
        for card in cards:
            assert pattern_shown(state.garden, card) == plot_pattern_met(state.garden, card)
            assert pattern_shown(fresh.garden, card) == plot_pattern_met(state.garden, card)


@pytest.mark.parametrize("on_plot", [False, True])
def test_the_same_garden_with_other_sections_held_or_the_gardener_elsewhere(on_plot):
    east, north_east = (1, 0), (1, -1)
    plots = {east: "G", north_east: "G"}
    state = position(plots, bamboo={east: 4}, hands=[("A01", "G04"), ()], gardener_on_plot=on_plot)
    assert completable(state) == (() if on_plot else ("G04",))
    board = state.boards[0]
    fed = evolve(state, boards=(evolve(board, bamboo=Bamboo((2, 0, 0))), state.boards[1]))
    assert fed.garden is state.garden
    assert completable(fed) == (("A01",) if on_plot else ("A01", "G04"))
    assert completable(evolve(fed, gardener=east)) == ("A01", "G04")
    assert completable(fed) == (("A01",) if on_plot else ("A01", "G04"))
    assert completable(state) == (() if on_plot else ("G04",))


def _card(cid: str, cells: tuple[tuple[int, int], ...], colours: tuple[str, ...]) -> PlotObjective:
    return PlotObjective(cid, 1, "custom", cells, colours, variants=_pattern_variants(cells, colours))


@pytest.mark.parametrize("seed", range(4))
def test_patterns_of_any_shape_are_found_through_the_plots_watered_one_by_one(seed):
    chooser = random.Random(seed)
    cards = [
        _card("X1", ((0, 0),), ("green",)),
        _card("X2", ((0, 0), (1, 0)), ("green", "pink")),
        _card("X3", ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), ("yellow",) * 5),
        _card("X4", ((0, 0), (1, 0), (0, 1), (-1, 2)), ("green", "yellow", "green", "pink")),
        *(card for card in STANDARD.objectives if isinstance(card, PlotObjective)),
    ]
    cells = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4 and (q, r) != (0, 0)]
    dry = {cell: Plot("G", chooser.choice(("green", "yellow", "pink"))) for cell in cells}
    garden = Garden(dry)
    chooser.shuffle(cells)
    for cell in cells:
        garden = garden.updated({cell: evolve(dry[cell], irrigated=True)})
        for card in chooser.sample(cards, 6):  # each card asked now and then, as hands are
            assert pattern_shown(garden, card) == plot_pattern_met(garden, card)
