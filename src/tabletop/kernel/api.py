"""The contract between games and everything that plays them.

A *game* is described once by a :class:`Game` value (its name, player counts and the handful of
functions that create, parse, check, draw and sample its states). A *state* is an immutable
position that knows its legal moves and produces a new state for each applied move. Agents,
``tabletop.play`` and the CLI only ever talk to these two protocols.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from tabletop.kernel.rng import Rng


class IllegalMove(ValueError):
    """A move that is not legal in the given state; the message says why.

    The state the move was applied to is never changed (states are immutable).
    """


class InvalidRecord(ValueError):
    """A game record or serialized state that cannot be read; the message names the field."""


class InvalidData(ValueError):
    """A component data file that does not match the rulebook; the message names the table and field."""


@runtime_checkable
class Move(Protocol):
    """A single decision. ``str(move)`` is its stable text notation."""

    def __str__(self) -> str: ...


@runtime_checkable
class State(Protocol):
    """An immutable game position.

    ``to_move`` is the seat (0-based) whose decision it is, or ``None`` once the game is over.
    ``legal_moves()`` is non-empty whenever the game is not over.
    """

    @property
    def players(self) -> int: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> tuple[Any, ...]: ...

    def legal_moves(self) -> tuple[Any, ...]: ...

    def apply(self, move: Any) -> State: ...

    def scores(self) -> tuple[int, ...]: ...

    def winners(self) -> tuple[int, ...]: ...

    def view(self, seat: int) -> State: ...

    def to_json(self) -> str: ...


def parse_by_notation(state: State, text: str) -> Any:
    """Return the legal move of ``state`` whose notation is ``text`` (surrounding blanks ignored).

    Raises :class:`IllegalMove` naming the text when no legal move has that notation.
    """
    wanted = " ".join(text.split())
    for move in state.legal_moves():
        if str(move) == wanted:
            return move
    if state.is_over:
        raise IllegalMove(f"the game is over; {wanted!r} cannot be played")
    sample = ", ".join(str(m) for m in state.legal_moves()[:6])
    raise IllegalMove(f"{wanted!r} is not a legal move here (legal moves include: {sample})")


def no_invariants(state: State) -> list[str]:
    """The default invariant check: nothing to verify.

    A module-level function rather than a lambda, so that :class:`Game` values pickle (worker
    processes of ``tabletop.play.simulate`` receive the game by pickling).
    """
    return []


def plain_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The default :attr:`Game.options_to_json`: options already are plain JSON values.

    Module-level, like :func:`no_invariants`, so that :class:`Game` values pickle.
    """
    return dict(options)


def check_players(name: str, players: int, minimum: int, maximum: int) -> None:
    """Raise ``ValueError`` unless ``minimum <= players <= maximum``."""
    if not isinstance(players, int) or not minimum <= players <= maximum:
        raise ValueError(f"{name} is played by {minimum}-{maximum} players, not {players!r}")


@attrs.frozen
class Game:
    """Everything the library needs to know about one game, filled in the same way by every game.

    Attributes:
        name: registry key, e.g. ``"takenoko"``.
        title: the game's printed name.
        min_players / max_players: supported player counts.
        new_game: ``new_game(players, seed=None, **options) -> State``.
        from_json: inverse of ``State.to_json``; raises :class:`InvalidRecord` on bad input.
        parse_move: ``parse_move(state, text) -> Move``; raises :class:`IllegalMove`.
        determinize: ``determinize(view, rng) -> State``: a full state consistent with a view.
        invariants: ``invariants(state) -> list of violated invariants`` (empty when sound).
        render: ``render(state) -> str``: a plain-text picture of the position.
        options: documented keyword options of ``new_game`` and their defaults.
        option_help: one line per option saying what it does and, for a text option, the
            values it takes (``tabletop options GAME`` prints it); every key is in ``options``.
        options_to_json: ``options_to_json(options) -> dict``: the options as plain JSON values
            that ``new_game`` accepts and that start the same game, for game records. A game
            whose options can be objects (e.g. corrected component data) replaces them by
            their data here, and raises ``ValueError`` for options it cannot record; applied
            to its own result it changes nothing. The default keeps the options as they are.
        observation: ``observation(state, seat) -> numpy.ndarray``: what ``seat`` knows of the
            position as a flat ``float32`` vector for learning agents (like OpenSpiel's
            ``observation_tensor``), of one length for a given player count, the seat's own
            data first and the other players' clockwise after it, so that one network plays
            any seat. It reads nothing ``seat`` cannot see: ``observation(state, seat)`` equals
            ``observation(state.view(seat), seat)``. ``None`` when the game offers none.
        observation_layout: ``observation_layout(state) -> Mapping[str, slice]``: the named
            blocks of the observations of positions like ``state`` (same game, player count
            and components), in order, covering the whole vector (a
            :class:`tabletop.kernel.layout.Layout`). Set exactly when ``observation`` is.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., State]
    from_json: Callable[[str], State]
    parse_move: Callable[[State, str], Any] = parse_by_notation
    determinize: Callable[[State, Rng], State] | None = None
    invariants: Callable[[State], list[str]] = no_invariants
    render: Callable[[State], str] = str
    options: Mapping[str, Any] = attrs.field(factory=dict)
    option_help: Mapping[str, str] = attrs.field(factory=dict)
    options_to_json: Callable[[Mapping[str, Any]], dict[str, Any]] = plain_options
    # Typed ``Any``: the arrays are numpy's, and the kernel does not import numpy (see layout.py).
    observation: Callable[[State, int], Any] | None = None
    observation_layout: Callable[[State], Mapping[str, slice]] | None = None

    def replay(self, record: Any) -> State:
        """Rebuild the final state of a game record (see :mod:`tabletop.kernel.record`)."""
        from tabletop.kernel.record import replay

        return replay(self, record)

    def play_out(self, state: State, moves: Sequence[str]) -> State:
        """Apply moves given in notation, one after the other."""
        for text in moves:
            state = state.apply(self.parse_move(state, text))
        return state
