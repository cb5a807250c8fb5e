"""The errors every game raises: an illegal move, an unreadable record, bad component data, a
bad argument to the public API; and :func:`quoted`, how every message quotes what it was given."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is not legal in the given state; the message says why.

    The state the move was applied to is never changed (states are immutable).
    """


class InvalidRecord(ValueError):
    """A game record or serialized state that cannot be read; the message names the field."""


class InvalidData(ValueError):
    """A component data file that does not match the rulebook; the message names the table and field."""


class InvalidArgument(TypeError, ValueError):
    """An argument of the public API of the wrong type or out of range; the message names the
    argument. Both a ``TypeError`` (a seed that is not a number) and a ``ValueError`` (a seat
    that does not exist), so that callers catching either catch it."""


#: The most characters of a user's input a message quotes.
QUOTE_LIMIT = 80


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters: a message never echoes a whole huge
    input (a 50 MB move text gives a short message)."""
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit for conversion to text
        return f"a {type(value).__name__} too large to print"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def clipped(message: str, limit: int = 300) -> str:
    """``message`` (another error's text, which may quote a huge input) cut to ``limit`` characters."""
    return message if len(message) <= limit else f"{message[:limit]}... ({len(message)} characters)"
