"""tabletop: complete rules engines for Euro board games (see ``GAMES`` for those registered).

>>> import tabletop
>>> "takenoko" in tabletop.GAMES
True
>>> state = tabletop.new_game("takenoko", players=3, seed=7)
>>> move = state.legal_moves()[0]
>>> state = state.apply(move)

``GAMES`` maps each game's name to its :class:`~tabletop.kernel.api.Game` description (title,
``declared`` options and player counts, ``render``, ``parse_move``, ``determinize``).

A bot is any object with a ``name`` and a ``choose(state)`` method that returns one of
``state.legal_moves()`` (see :mod:`tabletop.agents`); :func:`play_game` plays one game between
bots, :func:`simulate` many. States are immutable: ``state.apply(move)`` returns a new one.

Random events are sampled from the game's seed unless the game is started with
``chance="explicit"``: each random event is then a decision of the chance seat
(``state.to_move == CHANCE``) whose ``state.chance_outcomes()`` lists ``(outcome,
probability)`` pairs; ``state.apply(outcome)`` chooses one.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import GreedyAgent, ISMCTSAgent, RandomAgent
from tabletop.kernel.api import Game, IllegalMove, InvalidArgument, InvalidData, InvalidRecord, Move, State
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.record import Record
from tabletop.kernel.version import VERSION
from tabletop.play import GameStalled, play_game, simulate
from tabletop.registry import GAMES, lookup

__version__ = VERSION


def new_game(name: str, players: int, seed: int | None = None, **options: Any) -> Any:
    """Start a new game of ``name`` (a key of :data:`GAMES`) for ``players`` players.

    ``seed`` fixes every chance event of the game (``None`` draws one). ``options`` are the
    game's options as keywords, declared by ``GAMES[name].declared`` (on the command line:
    ``tabletop options NAME``).

    Raises ``ValueError`` for an unknown game, a player count the game does not support or an
    option that is unknown, out of range or not for that player count;
    :class:`InvalidArgument` (a ``TypeError`` and ``ValueError``) for a seed that is not a
    whole number of at most 128 bits.
    """
    return lookup(name).new_game(players, seed, **options)


__all__ = [
    "CHANCE",
    "GAMES",
    "Game",
    "GameStalled",
    "GreedyAgent",
    "ISMCTSAgent",
    "IllegalMove",
    "InvalidArgument",
    "InvalidData",
    "InvalidRecord",
    "Move",
    "RandomAgent",
    "Record",
    "State",
    "lookup",
    "new_game",
    "play_game",
    "simulate",
    "__version__",
]
