"""tabletop: complete rules engines for Euro board games (see ``GAMES`` for those registered).

>>> import tabletop
>>> "takenoko" in tabletop.GAMES
True
>>> state = tabletop.new_game("takenoko", players=3, seed=7)
>>> move = state.legal_moves()[0]
>>> state = state.apply(move)

``GAMES`` maps each game's name to its :class:`~tabletop.kernel.api.Game` description (title,
player counts, ``options`` with their defaults, ``render``, ``parse_move``, ``determinize``).

A bot is any object with a ``name`` and a ``choose(state)`` method that returns one of
``state.legal_moves()`` (see :mod:`tabletop.agents`); :func:`play_game` plays one game between
bots, :func:`simulate` many. States are immutable: ``state.apply(move)`` returns a new one.
"""

from __future__ import annotations

import importlib
from typing import Any

from tabletop.agents import GreedyAgent, ISMCTSAgent, RandomAgent
from tabletop.kernel.api import Game, IllegalMove, InvalidData, InvalidRecord, Move, State
from tabletop.kernel.record import Record
from tabletop.play import GameStalled, check_options, play_game, simulate

#: The game packages, in the order they are listed; each exposes ``GAME`` and ``new_game``.
_GAME_PACKAGES: tuple[str, ...] = ("takenoko", "loyang")

GAMES: dict[str, Game] = {
    game.name: game
    for game in (importlib.import_module(f"tabletop.{name}").GAME for name in _GAME_PACKAGES)
}


def new_game(name: str, players: int, seed: int | None = None, **options: Any) -> State:
    """Start a new game of ``name`` (a key of :data:`GAMES`) for ``players`` players.

    ``seed`` fixes every chance event of the game (``None`` draws one). ``options`` are the
    game's options as keywords; ``GAMES[name].options`` lists them with their defaults (on the
    command line: ``tabletop options NAME``).

    Raises ``ValueError`` for an unknown game, a player count the game does not support or an
    option value of the wrong type or out of range.
    """
    try:
        game = GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
    check_options(game, options)
    return game.new_game(players, seed=seed, **options)


__all__ = [
    "GAMES",
    "Game",
    "GameStalled",
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
