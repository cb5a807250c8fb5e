"""The contract between games and everything that plays them.

A *game* is described once by a :class:`Game` value (its name, player counts and the handful of
functions that create, parse, check, draw and sample its states). A *state* is an immutable
position that knows its legal moves and produces a new state for each applied move. Agents,
``tabletop.play`` and the CLI only ever talk to these two protocols.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast, get_type_hints, runtime_checkable

import attrs

from tabletop.kernel.checks import check_seed, check_text
from tabletop.kernel.errors import IllegalMove, InvalidArgument, InvalidData, InvalidRecord, clipped, quoted
from tabletop.kernel.jsontext import MAX_JSON_CHARS
from tabletop.kernel.loaded import engine_problems
from tabletop.kernel.options import Options
from tabletop.kernel.record import replay
from tabletop.kernel.rng import Rng

__all__ = ["Game", "IllegalMove", "InvalidArgument", "InvalidData", "InvalidRecord", "Move", "State"]


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
    """Return the legal move of ``state`` whose notation is ``text``.

    Blanks are normalized: surrounding ones ignored, runs of them read as one, none around a
    comma (``place 1, 0`` is ``place 1,0``). Raises :class:`IllegalMove` naming the text (cut
    short when long) when no legal move has that notation, with the closest legal moves when
    some are close.
    """
    check_text(text)
    wanted = " ".join(text.split())
    moves = state.legal_moves()
    for move in moves:
        if str(move) == wanted:
            return move
    if "," in wanted:
        squeezed = _AROUND_COMMA.sub(",", wanted)
        for move in moves:
            if _AROUND_COMMA.sub(",", str(move)) == squeezed:
                return move
    if state.is_over:
        raise IllegalMove(f"the game is over; {quoted(wanted)} cannot be played")
    texts = [str(m) for m in moves]
    close = difflib.get_close_matches(wanted, texts, n=3, cutoff=0.75) if len(wanted) <= 200 else []
    if close:
        hint = " or ".join(repr(c) for c in close)
        raise IllegalMove(f"{quoted(wanted)} is not a legal move here; did you mean {hint}?")
    sample = ", ".join(texts[:6])
    raise IllegalMove(f"{quoted(wanted)} is not a legal move here (legal moves include: {sample})")


#: Blanks next to a comma, which notation ignores (``place 1, 0`` is ``place 1,0``).
_AROUND_COMMA = re.compile(r" ?, ?")


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
    _state_type: type | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # The functions a game gives take its own states and text; called through the Game,
        # each first checks its arguments, so that a wrong one (another game's state, bytes for
        # a move, deeply nested JSON) gets a clear error of ours rather than one from deep inside
        # the game. (``__eq__`` compares the wrappers, which are built anew: games compare by
        # identity, as the registry holds them.)
        wrap = object.__setattr__
        wrap(self, "_state_type", _returned_class(self.setup))
        wrap(self, "from_json", _reading(self.from_json, self.invariants, self.name))
        wrap(self, "parse_move", _moving(self.parse_move, self._check_state))
        for name in ("render", "invariants", "determinize", "observation", "observation_layout"):
            function = getattr(self, name)
            if function is not None:
                wrap(self, name, _of_state(function, self._check_state))

    def _check_state(self, state: Any) -> None:
        """Refuse a value that is not a state of this game (another game's state, a text...):
        the states of a game are of the class its ``setup`` is annotated to return."""
        expected = self._state_type
        if expected is not None:
            if isinstance(state, expected):
                return
        elif callable(getattr(state, "legal_moves", None)):
            return
        rules = getattr(state, "rules", None)
        what = f"a state of {rules.game}" if rules is not None else f"a {type(state).__name__}"
        raise InvalidArgument(f"state must be a state of {self.name!r}, not {what}")

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
        return self.setup(players, Rng.from_seed(check_seed(seed)), values)

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options that differ from the defaults as plain JSON values, for game records:
        ``new_game(..., **options_to_json(options))`` starts the same game."""
        return self.declared.to_json(options)

    def replay(self, record: Any) -> S:
        """Rebuild the final state of a game record (see :mod:`tabletop.kernel.record`): a
        :class:`~tabletop.kernel.record.Record` or its JSON text. Raises :class:`InvalidRecord`
        for a record that does not replay, :class:`InvalidArgument` for another value."""
        final: S = replay(self, record)
        return final

    def play_out(self, state: S, moves: Sequence[str]) -> S:
        """Apply moves given in notation, one after the other."""
        for text in moves:
            state = cast(S, state.apply(self.parse_move(state, text)))
        return state


def _returned_class(function: Callable[..., Any]) -> type | None:
    """The class ``function`` is annotated to return (``None`` when it is not annotated so)."""
    try:
        returned = get_type_hints(function).get("return")
    except Exception:  # annotations that do not evaluate: no class to check against
        return None
    return returned if isinstance(returned, type) and returned is not Any else None


def _reading(from_json: Callable[[str], S], invariants: Callable[[S], list[str]], game: str) -> Callable[[str], S]:
    """``from_json`` that refuses with :class:`InvalidRecord` what no game reads: a value that
    is not text, a text past the size bound, nesting deep enough to exhaust the stack, and a
    position that breaks the game's invariants (or that its invariant check cannot read)."""

    @functools.wraps(from_json)
    def read(text: str) -> S:
        if not isinstance(text, str):
            raise InvalidRecord(f"a saved {game} state must be JSON text (str), not {type(text).__name__}")
        if len(text) > MAX_JSON_CHARS:
            raise InvalidRecord(
                f"a saved {game} state is {len(text):,} characters long, more than the {MAX_JSON_CHARS:,} read"
            )
        try:
            state = from_json(text)
        except RecursionError:
            raise InvalidRecord(f"the saved {game} state nests too deeply") from None
        try:
            broken = engine_problems(state) or invariants(state)
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as err:
            raise InvalidRecord(
                f"the saved {game} state is not a position of the game ({type(err).__name__} "
                f"checking it: {clipped(str(err))})"
            ) from None
        if broken:
            raise InvalidRecord(f"the saved {game} state breaks the rules: {clipped('; '.join(broken))}")
        return state

    return read


def _moving(parse: Callable[[S, str], Any], check: Callable[[Any], None]) -> Callable[[S, str], Any]:
    @functools.wraps(parse)
    def parse_move(state: S, text: str) -> Any:
        check(state)
        check_text(text)
        return parse(state, text)

    return parse_move


F = TypeVar("F", bound=Callable[..., Any])


def _of_state(function: F, check: Callable[[Any], None]) -> F:
    @functools.wraps(function)
    def checked(state: Any, *args: Any) -> Any:
        check(state)
        return function(state, *args)

    return cast(F, checked)
