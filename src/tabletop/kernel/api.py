"""The contract between games and everything that plays them.

A *game* is described once by a :class:`Game` value (its name, player counts and the handful of
functions that create, parse, check, draw and sample its states). A *state* is an immutable
position that knows its legal moves and produces a new state for each applied move. Agents,
``tabletop.play`` and the CLI only ever talk to these two protocols.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

import attrs

from tabletop.kernel.errors import IllegalMove, InvalidData, InvalidRecord
from tabletop.kernel.options import Options
from tabletop.kernel.record import replay
from tabletop.kernel.rng import Rng

__all__ = ["Game", "IllegalMove", "InvalidData", "InvalidRecord", "Move", "State"]


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

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]: ...

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


def no_invariants(state: Any) -> list[str]:
    """The default invariant check: nothing to verify."""
    return []


S = TypeVar("S", bound=State)


@attrs.frozen
class Game(Generic[S]):
    """Everything the library needs to know about one game, filled in the same way by every game.

    Attributes:
        name: registry key, e.g. ``"takenoko"``.
        title: the game's printed name.
        declared: the game's player range and options (:class:`~tabletop.kernel.options.Options`):
            the one place options are declared; :meth:`new_game`, the command line,
            ``tabletop options``, game records and the docs read them from here.
        setup: ``setup(players, rng, options) -> State``: the starting position, for a player
            count and a full set of options already checked against ``declared``.
        from_json: inverse of ``State.to_json``; raises :class:`InvalidRecord` on bad input.
        parse_move: ``parse_move(state, text) -> Move``; raises :class:`IllegalMove`.
        determinize: ``determinize(view, rng) -> State``: a full state consistent with a view.
        invariants: ``invariants(state) -> list of violated invariants`` (empty when sound).
        render: ``render(state) -> str``: a plain-text picture of the position.
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
    declared: Options
    setup: Callable[[int, Rng, Mapping[str, Any]], S]
    from_json: Callable[[str], S]
    parse_move: Callable[[S, str], Any] = parse_by_notation
    determinize: Callable[[S, Rng], S] | None = None
    invariants: Callable[[S], list[str]] = no_invariants
    render: Callable[[S], str] = str
    # Typed ``Any``: the arrays are numpy's, and the kernel does not import numpy (see layout.py).
    observation: Callable[[S, int], Any] | None = None
    observation_layout: Callable[[S], Mapping[str, slice]] | None = None

    @property
    def min_players(self) -> int:
        return self.declared.players[0]

    @property
    def max_players(self) -> int:
        return self.declared.players[1]

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option's default, read-only (the declaration in :attr:`declared` says more)."""
        return self.declared.defaults

    @property
    def option_help(self) -> Mapping[str, str]:
        """One line of help per option, read-only."""
        return self.declared.help

    def new_game(self, players: int, seed: int | None = None, **options: Any) -> S:
        """A new game for ``players`` with ``options`` (keywords; see :attr:`declared`).

        ``seed`` fixes every chance event (``None`` draws one). Raises ``ValueError`` naming a
        player count the game does not support or an option that is unknown or out of range.
        """
        values = self.declared.resolve(players, options)
        return self.setup(players, Rng.from_seed(seed), values)

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options that differ from the defaults as plain JSON values, for game records:
        ``new_game(..., **options_to_json(options))`` starts the same game."""
        return self.declared.to_json(options)

    def replay(self, record: Any) -> S:
        """Rebuild the final state of a game record (see :mod:`tabletop.kernel.record`)."""
        final: S = replay(self, record)
        return final

    def play_out(self, state: S, moves: Sequence[str]) -> S:
        """Apply moves given in notation, one after the other."""
        for text in moves:
            state = cast(S, state.apply(self.parse_move(state, text)))
        return state
