"""The registered games: :data:`GAMES` by name, and :func:`lookup` with a clear error.

Every part of the library that takes a game by name (``tabletop.new_game``, ``play_game``,
the command line, the worker processes of ``simulate``) finds it here.
"""

from __future__ import annotations

import importlib
from typing import Any

from tabletop.kernel.api import Game

#: The game packages, in the order they are listed; each exposes ``GAME``.
GAME_PACKAGES: tuple[str, ...] = ("takenoko", "loyang")

#: The registered games by name.
GAMES: dict[str, Game[Any]] = {
    game.name: game
    for game in (importlib.import_module(f"tabletop.{package}").GAME for package in GAME_PACKAGES)
}


def lookup(game: Game[Any] | str) -> Game[Any]:
    """``game`` itself, or the registered game of that name.

    Raises ``ValueError`` naming the known games when the name is unknown.
    """
    if isinstance(game, Game):
        return game
    try:
        return GAMES[game]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise ValueError(f"unknown game {game!r}; known games: {known}") from None
