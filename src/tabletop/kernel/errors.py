"""The errors every game raises: an illegal move, an unreadable record, bad component data."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is not legal in the given state; the message says why.

    The state the move was applied to is never changed (states are immutable).
    """


class InvalidRecord(ValueError):
    """A game record or serialized state that cannot be read; the message names the field."""


class InvalidData(ValueError):
    """A component data file that does not match the rulebook; the message names the table and field."""
