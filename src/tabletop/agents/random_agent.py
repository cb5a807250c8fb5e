"""The uniformly random agent: the baseline every bot should beat."""

from __future__ import annotations

from typing import Any

from tabletop.agents.chance import chance_outcome
from tabletop.kernel.api import State
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.rng import Rng


class RandomAgent:
    """Plays a uniformly random legal move.

    It looks only at ``state.legal_moves()``, which is the same in the seat's view, so it never
    uses hidden information. Its random source is its own kernel :class:`Rng` (seeded with
    ``seed``), so a game between seeded agents is reproducible. Asked at a chance node, it
    draws the outcome with its probability.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = Rng.from_seed(seed)

    def choose(self, state: State) -> Any:
        """A uniformly random move of ``state.legal_moves()``."""
        move: Any
        if state.to_move == CHANCE:
            move, self._rng = chance_outcome(state, self._rng)
        else:
            move, self._rng = self._rng.choice(state.legal_moves())
        return move

    def __repr__(self) -> str:
        return "RandomAgent()"
