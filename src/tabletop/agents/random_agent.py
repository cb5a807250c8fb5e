"""The uniformly random agent: the baseline every bot should beat."""

from __future__ import annotations

import random
from typing import Any

from tabletop.kernel.api import State


class RandomAgent:
    """Plays a uniformly random legal move.

    It looks only at ``state.legal_moves()``, which is the same in the seat's view, so it never
    uses hidden information. Its random source is its own (seeded with ``seed``), never the
    global one, so a game between seeded agents is reproducible.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, state: State) -> Any:
        """A uniformly random move of ``state.legal_moves()``."""
        return self._random.choice(state.legal_moves())

    def __repr__(self) -> str:
        return "RandomAgent()"
