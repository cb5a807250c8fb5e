"""Checks of the arguments of the public API, shared by every game: each raises
:class:`~tabletop.kernel.errors.InvalidArgument` naming the argument instead of letting a raw
Python error escape from deep inside a game."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.errors import InvalidArgument, quoted

#: A seed is at most this many bits (a negative seed counts its magnitude): enough for any
#: seed a person or a program uses, small enough that a 5,000-digit number is refused.
SEED_BITS = 128


def check_seed(seed: Any) -> int | None:
    """``seed`` if it is ``None`` or a whole number of at most :data:`SEED_BITS` bits."""
    if seed is None:
        return None
    if type(seed) is not int:
        raise InvalidArgument(f"seed must be a whole number or None, not {quoted(seed)} ({type(seed).__name__})")
    if seed.bit_length() > SEED_BITS:
        raise InvalidArgument(f"seed must be a whole number of at most {SEED_BITS} bits, not one of {seed.bit_length()}")
    return seed


def check_seat(state: Any, seat: Any) -> int:
    """``seat`` if it is a seat of ``state`` (``0 <= seat < state.players``), e.g. for
    ``state.view(seat)``."""
    players = state.players
    if type(seat) is not int:
        raise InvalidArgument(f"seat must be a whole number from 0 to {players - 1}, not {quoted(seat)}")
    if not 0 <= seat < players:
        raise InvalidArgument(f"seat must be from 0 to {players - 1} in this {players}-player game, not {seat}")
    return seat


def check_text(text: Any, name: str = "text") -> str:
    """``text`` if it is a ``str`` (a move's notation, a saved state, a record)."""
    if not isinstance(text, str):
        raise InvalidArgument(f"{name} must be a str, not {type(text).__name__} {quoted(text)}")
    return text
