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
        # A cursor along the seed's stream: the draws of Rng.below, one after another, without
        # a new generator per move (the agent is in the loop of every benchmark).
        self._draws = Rng.from_seed(seed).draws()

    def choose(self, state: State) -> Any:
        """A uniformly random move of ``state.legal_moves()``."""
        if state.to_move == CHANCE:
            move, rng = chance_outcome(state, self._draws.rng)
            self._draws = rng.draws()
            return move
        moves = state.legal_moves()
        return moves[self._draws.below(len(moves))]

    def __repr__(self) -> str:
        return "RandomAgent()"
