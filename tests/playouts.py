"""Random playouts shared by the tests of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import tabletop
from tabletop.kernel.api import State


def random_states(name: str, players: int, seed: int) -> Iterator[State]:
    """Every state of one random playout of game ``name``, the first included."""
    chooser = random.Random(seed)
    state = tabletop.new_game(name, players=players, seed=seed)
    yield state
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        yield state
