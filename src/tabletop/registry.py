"""The registered games: :data:`GAMES` by name, and :func:`lookup` with a clear error.

Every part of the library that takes a game by name (``tabletop.new_game``, ``play_game``,
the command line, the worker processes of ``simulate``) finds it here. Names are read without
regard to case (``Takenoko`` is ``takenoko``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tabletop.kernel.api import Game
from tabletop.kernel.errors import InvalidArgument, quoted
from tabletop.kernel.options import did_you_mean

#: The game packages, in the order they are listed; each exposes ``GAME``.
GAME_PACKAGES: tuple[str, ...] = ("takenoko", "loyang", "keyflower_farmers", "windmill_valley")

_registered: dict[str, Game[Any]] = {
    game.name: game
    for game in (importlib.import_module(f"tabletop.{package}").GAME for package in GAME_PACKAGES)
}

#: The registered games by name, read-only (:func:`register` adds one).
GAMES: Mapping[str, Game[Any]] = MappingProxyType(_registered)


def register(game: Game[Any]) -> None:
    """Add ``game`` to :data:`GAMES` under its name (replacing a game of that name)."""
    if not isinstance(game, Game):
        raise InvalidArgument(f"game must be a Game, not {type(game).__name__}")
    _registered[game.name] = game


def unregister(name: str) -> None:
    """Remove the game named ``name`` from :data:`GAMES` (nothing if it is not there)."""
    _registered.pop(name, None)


def lookup(game: Game[Any] | str) -> Game[Any]:
    """``game`` itself, or the registered game of that name (in any case).

    Raises ``ValueError`` naming the known games (and the close ones) when the name is unknown.
    """
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        found = _registered.get(game) or _registered.get(game.strip().lower())
        if found is not None:
            return found
    known = ", ".join(sorted(_registered)) or "none"
    raise InvalidArgument(f"unknown game {quoted(game)}; known games: {known}{did_you_mean(game, _registered)}")
