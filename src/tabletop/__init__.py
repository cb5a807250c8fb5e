"""tabletop: complete rules engines for four Euro board games.

>>> import tabletop
>>> state = tabletop.new_game("takenoko", players=3, seed=7)
>>> move = state.legal_moves()[0]
>>> state = state.apply(move)

``GAMES`` maps each game's name to its :class:`~tabletop.kernel.api.Game` description.
"""

from __future__ import annotations

import importlib
from typing import Any

from tabletop.agents import GreedyAgent, ISMCTSAgent, RandomAgent
from tabletop.kernel.api import Game, IllegalMove, InvalidData, InvalidRecord, Move, State
from tabletop.kernel.record import Record
from tabletop.play import play_game, simulate

#: The game packages, in the order they are listed; each exposes ``GAME`` and ``new_game``.
_GAME_PACKAGES: tuple[str, ...] = ("takenoko", "loyang")

GAMES: dict[str, Game] = {
    game.name: game
    for game in (importlib.import_module(f"tabletop.{name}").GAME for name in _GAME_PACKAGES)
}


def new_game(name: str, players: int, seed: int | None = None, **options: Any) -> State:
    """Start a new game of ``name`` (a key of :data:`GAMES`) for ``players`` players."""
    try:
        game = GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
    return game.new_game(players, seed=seed, **options)


__all__ = [
    "GAMES",
    "Game",
    "GreedyAgent",
    "ISMCTSAgent",
    "IllegalMove",
    "InvalidData",
    "InvalidRecord",
    "Move",
    "RandomAgent",
    "Record",
    "State",
    "new_game",
    "play_game",
    "simulate",
]
