"""The engine every game runs on: a decision stack, one apply pipeline, and chance through one door.

A game's position is an :class:`EngineState`: game data (attrs fields of the game's own class)
plus the fields the engine keeps for every game:

* ``stack``: the pending decisions, the one being asked last. A pending decision is a small
  frozen record with a ``seat`` (who answers it; :data:`CHANCE` for a random event) and the
  context the question needs (``KeepPlot(seat=1, drawn=(...))``). An empty stack means the
  game is over.
* ``rng``: the seeded random source (masked in a view).
* ``chance``: ``"sampled"`` (default) or ``"explicit"`` (see below).
* ``rules``: the game's :class:`Rules`, which the state's methods call; it is not game data and
  is neither compared nor saved.

A game fills in one :class:`Rules` value: per type of pending decision, a :class:`Decision`
(the function listing its moves and the one resolving a move) or a :class:`ChanceDecision` (the
function listing its outcomes with their weights and the one resolving an outcome), and its
``settle``, which performs the forced steps between decisions (end a turn with nothing left to
do, start the next phase...) until a real decision is on top of the stack or the game is over.

**Chance through one door.** Every random event of a game (a shuffle, a draw, a die roll) is a
pending :class:`ChanceDecision` with seat :data:`CHANCE`. In the default ``"sampled"`` mode the
engine resolves it at once with an outcome drawn from the state's seeded random source, so the
players never see a chance node: same seed + same moves = same game. In ``"explicit"`` mode the
engine stops there: ``state.to_move == CHANCE``, ``state.chance_outcomes()`` lists
``(outcome, probability)`` pairs as OpenSpiel does, and ``state.apply(outcome)`` chooses one
(search averages over them, tests force them, game records carry them).

**One apply pipeline.** :meth:`EngineState.apply` checks the move against the cached legal
moves, resolves it with the decision's function, settles, samples chance events (in sampled
mode) and links the move into the history. States are copied by :func:`evolve`, which copies
one dictionary and shares every unchanged value.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import accumulate
from operator import itemgetter
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from tabletop.kernel.checks import check_seat
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.options import Option
from tabletop.kernel.rng import MASKED, MaskedRandomness, Rng

#: The seat of chance: ``state.to_move == CHANCE`` at a random event in explicit chance mode.
CHANCE = -1

#: The chance modes (the ``chance`` option every game has).
CHANCE_MODES = ("sampled", "explicit")

S = TypeVar("S", bound="EngineState")
P = TypeVar("P")
A = TypeVar("A")  # any attrs instance without slots (see evolve)

_setattr = object.__setattr__
_new = object.__new__


class HiddenChance(MaskedRandomness):
    """A view reached a random event: its random source is hidden. Determinize it first
    (``game.determinize(view, rng)``) to play on from a view. (A :class:`MaskedRandomness`,
    the error of drawing from a view's random source.)"""


class Pending(Protocol):
    """A pending decision: who answers it, and the context of the question."""

    @property
    def seat(self) -> int: ...


@attrs.frozen
class Decision(Generic[S]):
    """How a game asks one type of decision.

    Attributes:
        moves: ``moves(state, pending) -> tuple of moves``: the legal answers (never empty:
            a decision without answers is the game's ``settle`` to resolve).
        resolve: ``resolve(state, pending, move) -> state``: the position after the answer,
            with the decision popped or replaced as the rules say.
        doing: what the seat is doing, for error messages (``"choosing the weather"``).
    """

    moves: Callable[[S, Any], tuple[Any, ...]]
    resolve: Callable[[S, Any, Any], S]
    doing: str


@attrs.frozen
class ChanceDecision(Generic[S]):
    """How a game performs one type of random event.

    Attributes:
        outcomes: ``outcomes(state, pending) -> ((outcome, weight), ...)``: every possible
            outcome with a positive whole-number weight; the probability of an outcome is its
            weight over the total. Outcomes are moves: they have a notation and can be recorded.
        resolve: ``resolve(state, pending, outcome) -> state``: the position after it.
        doing: what happens, for messages (``"rolling the weather die"``).
    """

    outcomes: Callable[[S, Any], tuple[tuple[Any, int], ...]]
    resolve: Callable[[S, Any, Any], S]
    doing: str
    #: Optional ``sample(state, pending, rng) -> (outcome, next rng)``: the outcome that
    #: :func:`sample` would draw from ``outcomes(state, pending)`` with ``rng`` (the same outcome,
    #: the same next generator), found without listing every outcome (a card drawn from a pile
    #: is its multiset's element at a random position: :meth:`~tabletop.kernel.pile.Pile.sample_draw`).
    #: The sampled mode uses it; the explicit mode and :meth:`EngineState.chance_outcomes`
    #: still list the outcomes, so both modes draw from one distribution.
    sample: Callable[[S, Any, Rng], tuple[Any, Rng]] | None = None
    #: Optional ``run(state, pending, rng) -> (state, next rng)``: in sampled mode, the event on
    #: top of the stack and the events of the same type directly under it resolved together
    #: (a deal of several cards), in one copy rather than one per event. A game may also call
    #: such a run itself where it knows a longer sequence of events ahead (Keyflower's setup
    #: draws alternating runs of workers and skill tiles at once). Either way it must reach the very
    #: state and generator that sampling and resolving them one by one reaches, ``settle``
    #: included, so the game is the same; the explicit mode still asks each event.
    run: Callable[[S, Any, Rng], tuple[S, Rng]] | None = None


def _read_only(table: Mapping[type, Any]) -> Mapping[type, Any]:
    """A game's decision table, read-only: nothing reachable from a state may be changed."""
    return MappingProxyType(dict(table))


@attrs.frozen
class Rules(Generic[S]):
    """Everything the engine needs from one game to run its states.

    Attributes:
        game: the game's name, for messages.
        decisions: for every type of pending decision, how it is asked and resolved.
        settle: ``settle(state) -> state``: perform forced steps until a real decision is on
            top of the stack (or the stack is empty: the game is over). Called after every
            resolved decision; it must not loop for ever.
        scores / winners: the rulebook's scores, and the seats sharing first place (``()``
            until the game is over).
        view: ``view(state, seat) -> state``: the position as ``seat`` sees it.
        to_json: ``to_json(state) -> str``: the full, self-contained saved state.
        render: ``render(state) -> str``: a plain-text picture of the position.
        describe: ``describe(state, move) -> str``: an optional sentence saying why a move
            that is not legal is refused, beyond what is being asked (``""`` for none).
    """

    game: str
    decisions: Mapping[type, Decision[S] | ChanceDecision[S]] = attrs.field(converter=_read_only)
    settle: Callable[[S], S]
    scores: Callable[[S], tuple[int, ...]]
    winners: Callable[[S], tuple[int, ...]]
    view: Callable[[S, int], S]
    to_json: Callable[[S], str]
    render: Callable[[S], str]
    describe: Callable[[S, Any], str] | None = None
    #: The random events, by type of pending decision (read from ``decisions`` once): the
    #: sampled mode resolves them without asking.
    _chance: Mapping[type, ChanceDecision[S]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        chance = {kind: d for kind, d in self.decisions.items() if isinstance(d, ChanceDecision)}
        _setattr(self, "_chance", MappingProxyType(chance))

    def start(self, state: S) -> S:
        """Settle a freshly built position (and sample its chance events in sampled mode)."""
        return self._run(state)

    def legal_moves(self, state: S) -> tuple[Any, ...]:
        stack = state.stack
        if not stack:
            return ()
        top = stack[-1]
        decision = self.decisions[type(top)]
        if type(decision) is Decision:
            return decision.moves(state, top)
        if isinstance(decision, ChanceDecision):
            return tuple(outcome for outcome, _ in decision.outcomes(state, top))
        return decision.moves(state, top)

    def chance_outcomes(self, state: S) -> tuple[tuple[Any, float], ...]:
        stack = state.stack
        if not stack:
            return ()
        top = stack[-1]
        decision = self.decisions[type(top)]
        if not isinstance(decision, ChanceDecision):
            return ()
        weighted = decision.outcomes(state, top)
        total = sum(weight for _, weight in weighted)
        return tuple((outcome, weight / total) for outcome, weight in weighted)

    def apply(self, state: S, move: Any) -> S:
        """``state.apply(move)``: the one apply pipeline, kept on the state (the hot path)."""
        after: S = state.apply(move)
        return after

    def _run(self, state: S) -> S:
        """Settle, and in sampled mode resolve chance events from the random source, until a
        player's decision is asked or the game is over.

        A sampled event's resolution gets the state as it was; the new state it returns (never
        shared yet, as in :meth:`apply`) then takes the advanced random source: one copy per
        event rather than two."""
        settle = self.settle
        state = settle(state)
        if state.chance == "explicit":
            return state
        chance = self._chance
        while True:
            stack = state.stack
            if not stack:
                return state
            top = stack[-1]
            kind = type(top)
            # A membership test rather than a get: no method call at every player's decision.
            if kind not in chance:
                return state
            decision = chance[kind]
            rng = state.rng
            if rng.state == MASKED:
                raise HiddenChance(
                    f"this {self.game} position is a view and has reached a random event "
                    f"({decision.doing}); its random source is hidden: play on from "
                    "game.determinize(view, rng) instead"
                )
            if decision.run is not None:
                after, rng = decision.run(state, top, rng)
            else:
                if decision.sample is not None:
                    outcome, rng = decision.sample(state, top, rng)
                else:
                    outcome, rng = sample(decision.outcomes(state, top), rng)
                after = decision.resolve(state, top, outcome)
            # The resolved position is a fresh copy (as in apply): it takes the next generator
            # without another copy.
            if after is state:
                after = evolve(state)
            after.__dict__["rng"] = rng
            state = settle(after)

    def _why_illegal(self, state: S, move: Any) -> str:
        if not state.stack:
            return f"the game is over ({self.game}), so {move} cannot be played"
        top = state.stack[-1]
        decision = self.decisions[type(top)]
        who = seat_name(top.seat)
        reason = self.describe(state, move) if self.describe is not None else ""
        sample_moves = ", ".join(str(m) for m in state.legal_moves()[:8])
        because = f": {reason}" if reason else ""
        return f"'{move}' is not legal here{because}; {who} is {decision.doing} (legal: {sample_moves})"


def seat_name(seat: int) -> str:
    """``"seat 2"``, or ``"chance"`` for the chance seat (in messages and reprs)."""
    return "chance" if seat == CHANCE else f"seat {seat}"


def sample(weighted: tuple[tuple[P, int], ...], rng: Rng) -> tuple[P, Rng]:
    """An outcome drawn with probability proportional to its weight, and the next generator."""
    if len(weighted) == 1:
        return weighted[0][0], rng
    total = sum(map(itemgetter(1), weighted))
    pick, rng = rng.below(total)
    if total == len(weighted):  # every weight is 1: the pick is the outcome's position
        return weighted[pick][0], rng
    # The running totals of the weights: the outcome picked is the first whose total passes the pick.
    return weighted[bisect_right(list(accumulate(map(itemgetter(1), weighted))), pick)][0], rng


class Link(tuple[Any, ...]):
    """One move of a game's history and the link to the history before it.

    States share their history this way: applying a move adds one link instead of copying a
    tuple, so a state's memory does not grow with the length of the game. A tuple
    ``(before, move, length)`` rather than an attrs class: one is built per move, and a
    tuple is built in one call, where setting three slots costs three. Two links are equal
    when their moves are (compared without recursion, however long the game); links are not
    ordered.
    """

    __slots__ = ()

    def __new__(cls, before: Link | None, move: Any) -> Link:
        return _tuple_new(cls, (before, move, 1 if before is None else before[2] + 1))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self[0], self[1])

    @property
    def before(self) -> Link | None:
        """The history before this move (``None`` before the first)."""
        before: Link | None = self[0]
        return before

    @property
    def move(self) -> Any:
        return self[1]

    @property
    def length(self) -> int:
        """The number of moves up to and including this one."""
        length: int = self[2]
        return length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Link):
            return NotImplemented
        return self is other or (self[2] == other[2] and self.moves() == other.moves())

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Link):
            return NotImplemented
        return not self == other

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __hash__(self) -> int:
        return hash(self.moves())

    def __repr__(self) -> str:
        return f"<Link {self[2]} moves, last {self[1]}>"

    def moves(self) -> tuple[Any, ...]:
        out: list[Any] = []
        link: Link | None = self
        while link is not None:
            out.append(link[1])
            link = link[0]
        out.reverse()
        return tuple(out)


_tuple_new = tuple.__new__


def link_moves(moves: tuple[Any, ...] | list[Any]) -> Link | None:
    """The history link of ``moves`` (for loading a saved state)."""
    link: Link | None = None
    for move in moves:
        link = Link(link, move)
    return link


def legal_moves(state: EngineState) -> tuple[Any, ...]:
    """The moves open to ``state.to_move`` (empty once the game is over); computed once.

    It is also the method ``state.legal_moves()``. The rules call the function: a method load
    on a state is not specialized by CPython 3.11 (its dictionary has keys of its own, see
    :func:`own_keys`) and costs about 220 instructions more a call."""
    moves = state._moves
    if moves is None:
        stack = state.stack
        decision = state.rules.decisions[type(stack[-1])] if stack else None
        if type(decision) is Decision:  # a player's decision (Rules.legal_moves, inlined)
            # Read, then called: CPython 3.11 cannot specialize a method load of a field
            # holding a function (decision.moves(...)), only the read of the field.
            listing = decision.moves
            moves = listing(state, stack[-1])
        else:
            moves = state.rules.legal_moves(state)
        # Straight into the dictionary: a frozen state refuses attribute assignment, and
        # object.__setattr__ costs a wrapper call at every listing.
        state.__dict__["_moves"] = moves
    return moves


@attrs.frozen(slots=False, kw_only=True)
class EngineState:
    """The fields and methods every game's state shares. A game's state subclasses it with
    ``@attrs.frozen(slots=False)`` and adds its own data.

    ``slots=False`` is deliberate: :func:`evolve` copies a state by copying its ``__dict__`` in
    one call, the fastest copy CPython offers.
    """

    stack: tuple[Any, ...]
    rng: Rng
    chance: str = "sampled"
    # Part of equality: the history is saved with the state, and equal states must give the
    # same JSON (two positions reached by different moves are different states).
    log: Link | None = attrs.field(default=None, repr=False)
    rules: Rules[Any] = attrs.field(eq=False, repr=False)
    _moves: tuple[Any, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    #: Attributes that cache facts derived from the position; :func:`evolve` drops them.
    CACHES: ClassVar[tuple[str, ...]] = ("_moves",)

    def __attrs_post_init__(self) -> None:
        own_keys(self)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (:data:`CHANCE` at a random event in explicit chance
        mode); ``None`` once the game is over."""
        stack = self.stack
        return stack[-1].seat if stack else None

    @property
    def is_over(self) -> bool:
        return not self.stack

    @property
    def pending(self) -> Any:
        """The decision being asked (``None`` once the game is over)."""
        stack = self.stack
        return stack[-1] if stack else None

    @property
    def asking(self) -> str:
        """Who is asked what, for short reprs: ``"seat 1 Turn"``, ``"chance DrawWorker"``,
        or ``"over"``."""
        stack = self.stack
        if not stack:
            return "over"
        return f"{seat_name(stack[-1].seat)} {type(stack[-1]).__name__}"

    @property
    def history(self) -> tuple[Any, ...]:
        """The moves applied since the start (chance outcomes too, in explicit chance mode)."""
        return () if self.log is None else self.log.moves()

    @property
    def move_count(self) -> int:
        return 0 if self.log is None else self.log.length

    # The module function itself, not a method calling it: one call per listing.
    legal_moves = legal_moves

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """At a chance node (``to_move == CHANCE``): each outcome with its probability, summing
        to 1. Empty at a player's decision."""
        return self.rules.chance_outcomes(self)

    def apply(self, move: Any) -> Any:
        """The state after ``move``; raises :class:`IllegalMove` (state unchanged) if it is not legal."""
        rules = self.rules
        legal = self._moves
        if legal is None:
            legal = legal_moves(self)
        # Check, resolve, settle, link. Moves are usually the listed instances: look for the
        # same object first (an equality test of every candidate costs far more), then for an
        # equal move.
        for listed in legal:
            if listed is move:
                break
        else:
            if move not in legal:
                raise IllegalMove(rules._why_illegal(self, move))
        top = self.stack[-1]
        resolve = rules.decisions[type(top)].resolve  # read, then called (see legal_moves)
        after = rules._run(resolve(self, top, move))
        if after is self:  # a resolution that changed nothing must not touch the old state
            after = evolve(self)
        # The history link, built as Link(log, move) builds it, without the call of __new__.
        # Straight into a fresh copy's dictionary: it is not shared yet.
        log = self.log
        after.__dict__["log"] = _tuple_new(Link, (log, move, 1 if log is None else log[2] + 1))
        return after

    def scores(self) -> tuple[int, ...]:
        return self.rules.scores(self)

    def winners(self) -> tuple[int, ...]:
        return self.rules.winners(self)

    def view(self, seat: int) -> Any:
        """The position as ``seat`` sees it: what it cannot see is hidden, the random source masked."""
        return self.rules.view(self, check_seat(self, seat))

    def to_json(self) -> str:
        return self.rules.to_json(self)

    def __str__(self) -> str:
        return self.rules.render(self)


def samples_now(state: EngineState) -> bool:
    """Whether a rule may draw a random event itself as it asks it, as the engine's chance
    loop would on reaching it: in sampled mode, from a random source that is not masked (a
    view's is: the engine stops there and says so). The one test a rule makes before drawing
    at once (see docs/adding-a-game.md, chance)."""
    return state.chance == "sampled" and state.rng.state != MASKED


def own_keys(self: Any) -> None:
    """An ``__attrs_post_init__`` for an attrs class without slots whose instances are read
    often: the new instance gets a dictionary with keys of its own instead of the one sharing
    its class's keys that CPython gives it. Every game state has it (from :class:`EngineState`);
    a game gives it to its hot records with ``__attrs_post_init__ = own_keys``.

    :func:`evolve` copies an instance's dictionary, and a copy is of the kind of the original,
    so every position of a game is of the kind of the first. CPython 3.11 reads an attribute
    from a dictionary with its own keys in one specialized step, but from one sharing its
    class's keys only through the generic lookup, three to four times slower. It costs memory:
    for 25 attributes, 832 bytes instead of 272."""
    _setattr(self, "__dict__", dict(self.__dict__))


def evolve(state: A, /, **changes: Any) -> A:
    """A copy of ``state`` (any attrs class without slots) with ``changes``; caches dropped.

    The copy shares every unchanged value (all are immutable). It is ``attrs.evolve`` without
    re-running ``__init__``: the engine's hottest path.
    """
    cls = type(state)
    try:
        cleared, set_dict = _COPYING[cls]
    except KeyError:
        cleared, set_dict = _COPYING[cls] = _copying(cls)
    values = state.__dict__.copy()
    # Merged by the operator rather than update(): no call of a method taking any arguments.
    if cleared:
        values |= cleared
    values |= changes
    new = _new(cls)
    set_dict(new, values)
    return new


def rewritten(state: A, /, **changes: Any) -> A:
    """What ``evolve(state, **changes)`` makes, made of ``state`` itself: the changes, and the
    caches a copy drops, go straight into its dictionary. Only for a position nobody else holds
    yet (one a rule has just made, as the engine writes a fresh copy's history link): one copy
    of the position fewer."""
    cls = type(state)
    try:
        cleared, _ = _COPYING[cls]
    except KeyError:
        cleared, _ = _COPYING[cls] = _copying(cls)
    values = state.__dict__
    if cleared:
        values |= cleared
    values |= changes
    return state


def listed(state: A, moves: tuple[Any, ...]) -> A:
    """``state`` with ``moves`` written as its listing, which :func:`legal_moves` then returns
    rather than listing again. For a position nobody else holds yet whose decision's moves the
    rule making it has just found; every copy drops the listing, as it drops any cache."""
    state.__dict__["_moves"] = moves
    return state


def _copying(cls: type) -> tuple[dict[str, None], Callable[[Any, dict[str, Any]], None]]:
    """How :func:`evolve` copies an instance of ``cls``: the cache attributes it resets (read
    once from ``CACHES``), and the setter of the instance dictionary (the ``__dict__``
    descriptor, called directly rather than found by ``object.__setattr__`` at each copy)."""
    cleared = {cache: None for cache in getattr(cls, "CACHES", ())}
    owner = next(k for k in cls.__mro__ if "__dict__" in vars(k))
    setter: Callable[[Any, dict[str, Any]], None] = vars(owner)["__dict__"].__set__
    return cleared, setter


#: Per class, how :func:`evolve` copies its instances (see :func:`_copying`).
_COPYING: dict[type, tuple[dict[str, None], Callable[[Any, dict[str, Any]], None]]] = {}


def push(state: S, pending: Any) -> S:
    """``state`` with ``pending`` asked next (on top of the stack)."""
    return evolve(state, stack=state.stack + (pending,))


def pop(state: S) -> S:
    """``state`` with the decision on top of the stack answered (removed)."""
    return evolve(state, stack=state.stack[:-1])


def replace_top(state: S, pending: Any) -> S:
    """``state`` with the decision on top of the stack replaced by ``pending``."""
    return evolve(state, stack=state.stack[:-1] + (pending,))


#: The option every game declares: how its random events are decided.
CHANCE_OPTION = Option(
    "chance",
    str,
    "sampled",
    "random events: sampled (from the seed) | explicit (a chance seat decides, see tabletop.CHANCE)",
    choices=CHANCE_MODES,
)
