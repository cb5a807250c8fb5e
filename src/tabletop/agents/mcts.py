"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Every iteration samples one full state consistent with what the agent's seat sees
(``game.determinize(state.view(seat), rng)``), walks down a tree of moves shared by all
samples, adds one move, plays on at random for a bounded number of decisions and backs the
result up. A chance node met on the way (a game started with ``chance="explicit"``) has no
edge of its own: its outcome is drawn with its probability, as the game would draw it, so
the tree averages over the outcomes. Moves are identified by their notation, so the same move in two samples is the same
edge; a move that is only legal in some samples is judged against how often it was available
(availability counts), as the algorithm requires.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.agents.chance import chance_outcome, past_chance, seat_choosing
from tabletop.kernel.api import Game, State
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.rng import Rng


class _Node:
    """One edge of the tree: the move into it, who played it and what it earned for them."""

    __slots__ = ("children", "parent", "seat", "visits", "available", "reward")

    def __init__(self, parent: _Node | None, seat: int) -> None:
        self.parent = parent
        self.seat = seat
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class ISMCTSAgent:
    """Searches with single-observer ISMCTS over determinizations of its own view.

    Args:
        seed: seed of the agent's own random source (sampling, tie-breaks and playouts).
        game: the game played; its ``determinize`` samples hidden information. A game without
            one has no hidden information, and the state itself is searched.
        iterations: samples (and tree descents) per decision.
        rollout_depth: random decisions played after the tree before the position is judged.
        exploration: the UCB exploration constant.

    A finished game is worth ``1/k`` to each of its ``k`` winners and nothing to the others; a
    playout cut off before the end is judged the same way on the current scores, so that the
    search aims at leading, not merely at scoring.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        game: Game[Any],
        iterations: int = 200,
        rollout_depth: int = 30,
        exploration: float = 0.7,
    ) -> None:
        if iterations < 1 or rollout_depth < 0:
            raise ValueError("iterations must be positive and rollout_depth not negative")
        self.game = game
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self._rng = Rng.from_seed(seed)

    def __repr__(self) -> str:
        return f"ISMCTSAgent(game={self.game.name!r}, iterations={self.iterations})"

    def choose(self, state: State) -> Any:
        """The most visited move of the search from ``state``'s seat to move."""
        seat = seat_choosing(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        view = state.view(seat)
        root = _Node(None, seat)
        for _ in range(self.iterations):
            self._iterate(root, self._sample(view, state))
        by_notation = {str(move): move for move in moves}
        best = max(
            (key for key in root.children if key in by_notation),
            key=lambda key: (root.children[key].visits, root.children[key].reward),
        )
        return by_notation[best]

    def _sample(self, view: State, state: State) -> State:
        if self.game.determinize is None:
            return state
        seed, self._rng = self._rng.seed63()
        sample: State = self.game.determinize(view, Rng.from_seed(seed))
        return sample

    def _iterate(self, root: _Node, state: State) -> None:
        node = root
        # Selection: descend while every legal move of this sample already has an edge.
        while True:
            state, self._rng = past_chance(state, self._rng)
            if state.is_over:
                break
            moves = state.legal_moves()
            untried = [m for m in moves if str(m) not in node.children]
            if untried:
                # Expansion: one new edge, chosen at random among the untried moves.
                move, self._rng = self._rng.choice(untried)
                child = _Node(node, _seat(state))
                node.children[str(move)] = child
                for m in moves:
                    if str(m) in node.children:
                        node.children[str(m)].available += 1
                node, state = child, state.apply(move)
                break
            node, state = self._select(node, state, moves)
        # Playout: random decisions, at most rollout_depth of them.
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            if state.to_move == CHANCE:
                move, self._rng = chance_outcome(state, self._rng)
            else:
                move, self._rng = self._rng.choice(state.legal_moves())
            state = state.apply(move)
        shares = _shares(state)
        while node.parent is not None:
            node.visits += 1
            node.reward += shares[node.seat]
            node = node.parent

    def _select(self, node: _Node, state: State, moves: tuple[Any, ...]) -> tuple[_Node, State]:
        best_move: Any = None
        best_value = -math.inf
        for move in moves:
            child = node.children[str(move)]
            child.available += 1
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best_move, best_value = move, value
        return node.children[str(best_move)], state.apply(best_move)


def _seat(state: State) -> int:
    seat = state.to_move
    assert seat is not None, "a state that is not over has a seat to move"
    return seat


def _shares(state: State) -> tuple[float, ...]:
    """Each seat's share of the win: of the winners if over, else of the current leaders."""
    if state.is_over:
        leaders = state.winners()
    else:
        scores = state.scores()
        top = max(scores)
        leaders = tuple(s for s, v in enumerate(scores) if v == top)
    return tuple(1 / len(leaders) if s in leaders else 0.0 for s in range(state.players))
