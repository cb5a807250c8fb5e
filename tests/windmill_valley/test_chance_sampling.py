"""The sampled draws (``ChanceDecision.sample``) draw what sampling the listed outcomes draws:
the same outcome and the same next generator, at every random event of random games."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.engine import ChanceDecision, sample
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley import new_game
from tabletop.windmill_valley.rules import RULES


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sampled_draws_match_the_listed_outcomes(players: int) -> None:
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(players, seed=seed, chance="explicit")
        while not state.is_over:
            top = state.pending
            decision = RULES.decisions[type(top)]
            if isinstance(decision, ChanceDecision) and decision.sample is not None:
                for draw in range(4):
                    source = Rng.from_seed(seed * 100 + draw)
                    assert decision.sample(state, top, source) == sample(decision.outcomes(state, top), source)
                checked += 1
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
    assert checked > 0
