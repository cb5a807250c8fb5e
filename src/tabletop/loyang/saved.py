"""The JSON form of a Loyang state (format 2).

The saved state holds every field of the position, the engine's decision stack under
``"stack"``, the moves played so far under ``"history"`` (the engine keeps them as linked
:class:`~tabletop.kernel.engine.Link` values; they are written as a list), ``"format": 2`` and
the component data when it is not the standard one. States saved before format 2 (without a
``"format"`` field) are refused with an :class:`~tabletop.kernel.api.InvalidRecord` that says so.

Reading is strict: every value must have its field's JSON type (``"false"`` is not false, ``7.9``
and ``"7"`` are not 7), numbers must lie in their field's range and name cards, seats and
vegetables that exist, a view's hidden parts are refused, and the history must fit the position.
:func:`tabletop.loyang.setup.from_json` then checks the invariants and that the position plays on.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

import cattrs

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import CHANCE, CHANCE_MODES, Rules, evolve, link_moves
from tabletop.kernel.pool import PoolError
from tabletop.kernel.serial import make_converter
from tabletop.loyang.components import (
    CASUAL,
    COMPONENTS,
    FIELD,
    HELPER,
    KIND_NAMES,
    PRIVATE_BASE,
    REGULAR,
    STALL,
    STANDARD,
    VEGETABLES,
    Components,
    Vegetables,
)
from tabletop.loyang import moves
from tabletop.loyang.moves import Move
from tabletop.loyang.options import GOALS
from tabletop.loyang.state import (
    ACTION,
    HARVEST,
    OVER,
    PHASE_NAMES,
    SETUP,
    CourtyardFlip,
    FieldDraw,
    ForemanPending,
    GivePending,
    GridDraw,
    HandDeal,
    IntroDeal,
    LoyangState,
    MerchantPending,
    OpponentDraw,
    Pending,
    Player,
    StartPlayerDraw,
    TwoPackDraw,
)

_CHANCE_TYPES = (StartPlayerDraw, IntroDeal, OpponentDraw, GridDraw, HandDeal, CourtyardFlip, TwoPackDraw, FieldDraw)

#: The version of the saved state that this module writes and reads.
FORMAT = 2

_CONVERTER = make_converter([Pending, Move])
_CONVERTER.register_unstructure_hook(Vegetables, list)


def _structure(data: Any, cls: Any, root: str) -> Any:
    """``data`` structured as ``cls``; errors raise :class:`InvalidRecord` naming the fields
    from ``root``, in a message of bounded length (a union of types is not spelled out)."""
    try:
        return _CONVERTER.structure(data, cls)
    except cattrs.BaseValidationError as err:
        found = [_UNION.sub("a value of another type", line) for line in cattrs.transform_error(err, path=root)]
        detail = "; ".join(line if len(line) < 160 else line[:157] + "..." for line in found[:3])
        raise InvalidRecord(f"invalid LoyangState: {detail}") from None
    except (TypeError, ValueError, KeyError) as err:
        raise InvalidRecord(f"invalid LoyangState: {str(err)[:200]}") from None


#: A union of classes as cattrs spells it in a message.
_UNION = re.compile(r"invalid value for type, expected [\w.]+(?: \| [\w.]+)+")


def _strict(kind: type) -> Any:
    """A structure hook that takes a JSON value of exactly ``kind``: no coercion, so ``"false"``
    is not ``True`` and ``7.9`` or ``"7"`` is not 7 (a bool is not a number either)."""
    name = {int: "a whole number", bool: "true or false", str: "a string"}[kind]

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {name}, not {_short(value)}")
        return value

    return structure


def _short(value: Any) -> str:
    """``value`` for an error message, cut short (the input may be huge)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


for _kind in (int, bool, str):
    _CONVERTER.register_structure_hook(_kind, _strict(_kind))


def _vegetables(value: Any, _: Any) -> Vegetables:
    if not isinstance(value, list):
        raise ValueError(f"vegetable counts must be a list of 6 whole numbers, not {value!r}")
    try:
        return Vegetables(value)
    except PoolError as err:
        raise ValueError(str(err)) from None


_CONVERTER.register_structure_hook(Vegetables, _vegetables)
# The stack as tagged pending decisions; the engine's rules and log, and the components, are
# the loader's (:func:`from_json`).
serial.register_engine_state(_CONVERTER, LoyangState, Pending)


def to_json(state: LoyangState) -> str:
    """The full state as JSON; the component data is included only when it is not standard."""
    data: dict[str, Any] = _CONVERTER.unstructure(state)
    data["history"] = _CONVERTER.unstructure(list(state.history), list[Move])
    data["format"] = FORMAT
    data["components"] = COMPONENTS.data(state.components)
    return json.dumps(data, separators=(",", ":"))


def from_json(text: str, rules: Rules[LoyangState]) -> LoyangState:
    """Read a state written by :func:`to_json`, to be run by ``rules``; bad input raises
    ``InvalidRecord`` naming the field. Custom component data saved with the state is checked
    as the data files are."""
    data = serial.parse_object(text, "a Loyang state")
    version = data.pop("format", None)
    if version != FORMAT:
        saved = "before format 2 (it has no 'format' field)" if version is None else f"in format {_short(version)}"
        raise InvalidRecord(
            f"this Loyang state was saved {saved}; this version reads format {FORMAT} only: "
            "replay the game record instead"
        )
    components = COMPONENTS.pop_saved(data, LoyangState)
    raw_history = data.pop("history", None)
    longest = MOVES_PER_ROUND * (components.rounds + 1)
    if isinstance(raw_history, list) and len(raw_history) > longest:  # refused before reading
        raise _refuse("history", f"holds {len(raw_history)} moves, more than a game can ({longest})")
    history: list[Move] = _structure(raw_history, list[Move], "history")
    data["rules"] = rules
    state: LoyangState = _structure(data, LoyangState, "state")
    if components is not STANDARD:
        state = evolve(state, components=components)
    check_fields(state)
    check_history(state, history)
    return evolve(state, log=link_moves(history))


#: The most moves a saved history may hold per round reached (random play needs a few hundred
#: moves a round; a longer history cannot belong to the position).
MOVES_PER_ROUND = 5_000
#: The largest Cash or loan count a saved state may hold (a whole game earns far less).
MAX_MONEY = 100_000


def _refuse(field: str, why: str) -> InvalidRecord:
    return InvalidRecord(f"invalid LoyangState: field '{field}' {why}")


def check_fields(state: LoyangState) -> None:
    """Refuse values outside their range (seats, cards, vegetables, phases...) and the parts of
    a view (hidden cards, a masked random source), naming the field. What the rules need beyond
    each field alone (the invariants, a position that plays on) is checked by the caller."""
    n = state.n
    if n not in (1, 2, 3, 4):
        raise _refuse("n", f"is the number of players, 1 to 4, not {n}")
    if len(state.seats) != n + (n == 1):
        raise _refuse("n'/'seats", f"disagree: {n} players need {n + (n == 1)} seats (one is the solo opponent), not {len(state.seats)}")
    if state.rng.masked:
        raise _refuse("rng", "is a view's masked random source: a view cannot be loaded as a full state")
    if not 0 <= state.rng.state < 2**64:
        raise _refuse("rng", "must hold a 64-bit generator state")
    if state.chance not in CHANCE_MODES:
        raise _refuse("chance", f"must be one of {CHANCE_MODES}")
    components = state.components
    cards = _CardRange(components)
    if not 0 <= state.round <= components.rounds:
        raise _refuse("round", f"must be 0 (setup) to {components.rounds}, not {state.round}")
    if state.phase not in range(len(PHASE_NAMES)):
        raise _refuse("phase", f"must be 0 to {len(PHASE_NAMES) - 1}, not {state.phase}")
    if (state.phase == OVER) != (not state.stack):
        raise _refuse("stack", "is empty exactly when the game is over (phase 4)")
    if (state.phase == SETUP) != (state.round == 0):
        raise _refuse("round", "is 0 exactly during the setup (phase 0)")
    if state.goal not in GOALS:
        raise _refuse("goal", f"must be one of {GOALS}")
    _check_seats(state, "start", (state.start,), allow_none=True)
    _check_seats(state, "second", (state.second,), allow_none=True)
    for name in ("order", "partner", "active", "taken"):
        _check_seats(state, name, getattr(state, name))
        if len(set(getattr(state, name))) != len(getattr(state, name)):
            raise _refuse(name, "names a seat twice")
    if len(state.done) != n:
        raise _refuse("done", f"holds one flag per player ({n})")
    _check_turn_order(state)
    if state.deck.hidden:
        raise _refuse("deck", "is a view's masked pile: a view cannot be loaded as a full state")
    cards.check("deck", state.deck.unseen + state.deck.bottom)
    for name in ("deck_top", "discard", "courtyard"):
        cards.check(name, getattr(state, name))
    grid_size = len(components.solo_rows) * components.solo_columns if n == 1 else 0
    if len(state.grid) != grid_size:
        raise _refuse("grid", f"holds {grid_size} positions with {n} players")
    cards.check("grid", [g for g in state.grid if g != -1])
    for seat, player in enumerate(state.seats):
        _check_player(state, f"seats[{seat}]", player, cards)
    for i, pending in enumerate(state.stack):
        _check_pending(state, f"stack[{i}]", pending, cards)
    # Only draws are stacked several at a time (a hand dealt card by card), and the Foreman's
    # offers, one per helper discarded (the Haggler with the Shopper discards two at once); any
    # other question is asked once: two of a kind would answer it twice.
    asked = Counter(
        (type(pending), pending.helper if isinstance(pending, ForemanPending) else -1)
        for pending in state.stack
        if type(pending) not in _CHANCE_TYPES
    )
    for (kind, _), count in asked.items():
        if count > 1:
            raise _refuse("stack", f"asks {kind.__name__} {count} times: a player's decision is pending once")


def _check_turn_order(state: LoyangState) -> None:
    """The seats of the phase: ``order`` holds every player once (nobody before the start player
    is chosen, or a 4-player Action phase before the partners, or once the game is over), the
    partners pair all 4 players once chosen, and the distribution round names every player once
    between ``active`` and ``taken``."""
    seats = sorted(range(state.n))
    may_be_empty = (
        state.phase == OVER
        or (state.phase == SETUP and state.start == -1)
        or (state.phase == ACTION and state.n == 4)
    )
    if sorted(state.order) != seats and not (may_be_empty and not state.order):
        raise _refuse("order", "must name every player once in this phase")
    if state.start == -1 and state.phase != SETUP:
        raise _refuse("start", "names nobody after the setup")
    partnered = state.n == 4 and (state.phase == OVER or (state.phase == ACTION and state.order))
    if sorted(state.partner) != (seats if partnered else []) and not (state.phase == OVER and not state.partner):
        raise _refuse("partner", "pairs the 4 players once chosen in a 4-player Action phase, and is empty otherwise")
    # (the solo game has no distribution round; the first Harvest phase comes before any)
    between = sorted(state.active + state.taken)
    dealt = state.n > 1 and state.phase != SETUP
    if between != (seats if dealt else []) and not (state.phase == HARVEST and not between):
        raise _refuse("active'/'taken", "name every player once between them after a deal")


def _check_seats(state: LoyangState, field: str, seats: Iterable[int], allow_none: bool = False) -> None:
    low = -1 if allow_none else 0
    for seat in seats:
        if not low <= seat < state.n:
            raise _refuse(field, f"names seat {seat} in a {state.n}-player game")


class _CardRange:
    """Checks that card numbers name cards of the components (of a kind, when one is asked)."""

    def __init__(self, components: Components) -> None:
        self.components = components
        self.count = len(components.cards)
        self.private = range(PRIVATE_BASE, PRIVATE_BASE + len(components.private))

    def check(self, field: str, cards: Iterable[int], *kinds: int, private: bool = False) -> None:
        for card in cards:
            if private and card in self.private:
                continue
            if not 0 <= card < self.count:
                raise _refuse(field, f"names no card: {card}")
            if kinds and self.components.cards[card].kind not in kinds:
                raise _refuse(field, f"names {self.components.code(card)}, not a {' or '.join(KIND_NAMES[k] for k in kinds)}")


def _check_player(state: LoyangState, where: str, player: Player, cards: _CardRange) -> None:
    components = state.components
    if not 0 <= player.cash <= MAX_MONEY:
        raise _refuse(f"{where}.cash", f"must be 0 to {MAX_MONEY} Cash, not {player.cash}")
    if not 0 <= player.loans <= MAX_MONEY:
        raise _refuse(f"{where}.loans", f"must be 0 to {MAX_MONEY}, not {player.loans}")
    if not 1 <= player.position <= components.path_end:
        raise _refuse(f"{where}.position", f"must be a space of the path, 1 to {components.path_end}")
    if player.hidden_hand or player.hidden_intro:
        raise _refuse(f"{where}.hidden_hand", "counts cards a view hides: a view cannot be loaded as a full state")
    if player.home_veg != -1 and player.home_veg not in components.home.accepts:
        raise _refuse(f"{where}.home_veg", f"names a vegetable the home field does not take: {player.home_veg}")
    for i, field in enumerate(player.fields):
        cards.check(f"{where}.fields[{i}].card", (field.card,), FIELD, private=True)
        printed = components.field(field.card)
        if field.veg != -1 and field.veg not in printed.accepts:
            raise _refuse(f"{where}.fields[{i}].veg", f"names a vegetable field {printed.code} does not take")
        if field.count < 0:  # the upper bound is the tokens of the box (an invariant)
            raise _refuse(f"{where}.fields[{i}].count", "cannot be negative")
    for i, part in enumerate(player.pile):
        if part.hidden:
            raise _refuse(f"{where}.pile[{i}]", "is a view's masked pile: a view cannot be loaded as a full state")
        cards.check(f"{where}.pile[{i}]", part.unseen + part.bottom, FIELD, private=True)
    for i, stall in enumerate(player.stalls):
        cards.check(f"{where}.stalls[{i}].card", (stall.card,), STALL)
        if len(stall.goods) != len(components.cards[stall.card].slots):
            raise _refuse(f"{where}.stalls[{i}].goods", "holds one flag per slot of the stall")
    for i, regular in enumerate(player.regulars):
        cards.check(f"{where}.regulars[{i}].card", (regular.card,), REGULAR)
        if not 0 <= regular.delivered <= 2 * components.rounds:
            raise _refuse(f"{where}.regulars[{i}].delivered", "counts more deliveries than a game holds")
    cards.check(f"{where}.casuals", player.casuals, CASUAL)
    cards.check(f"{where}.helpers", player.helpers, HELPER)
    cards.check(f"{where}.fresh", player.fresh, HELPER)
    cards.check(f"{where}.covered", (card for pair in player.covered for card in pair))
    cards.check(f"{where}.hand", player.hand)
    if player.intro != -1:
        cards.check(f"{where}.intro", (player.intro,), REGULAR)


#: Fields of pending decisions that name a seat, a card, a helper card or an action card.
_SEAT_FIELDS = ("seat", "to", "owner", "payee")
_CARD_FIELDS = ("card", "hand_card", "squire", "helper")
#: Card fields where -1 means none (no Squire, a trade at one's own stall without a Trader).
_NONE_ALLOWED = ("squire", "helper")


def _check_pending(state: LoyangState, where: str, pending: Any, cards: _CardRange) -> None:
    chance = type(pending) in _CHANCE_TYPES
    if chance != (pending.seat == CHANCE):
        raise _refuse(f"{where}.seat", "is chance's (-1) exactly for a random event")
    for name in _SEAT_FIELDS:
        seat = getattr(pending, name, None)
        if seat is None or (name == "seat" and chance) or (name == "payee" and seat == -1):
            continue
        if not 0 <= seat < len(state.seats) or (name != "owner" and seat >= state.n):
            raise _refuse(f"{where}.{name}", f"names seat {seat} in a {state.n}-player game")
    for name in _CARD_FIELDS:
        card = getattr(pending, name, None)
        if card is not None and not (card == -1 and name in _NONE_ALLOWED):
            cards.check(f"{where}.{name}", (card,), *(() if name in ("card", "hand_card") else (HELPER,)))
    if isinstance(pending, GivePending):
        stall = next((s for s in state.seats[pending.owner].stalls if s.card == pending.card), None)
        if stall is None:
            raise _refuse(f"{where}.card", f"names no market stall of seat {pending.owner}")
        if not 0 <= pending.slot < len(stall.goods):
            raise _refuse(f"{where}.slot", "names no slot of the stall")
    for name in ("picked", "drawn"):
        cards.check(f"{where}.{name}", getattr(pending, name, ()))
    vegetables = [getattr(pending, "veg", 0)]
    if isinstance(pending, MerchantPending):
        vegetables.extend(pending.bought)
    if not all(0 <= veg < len(VEGETABLES) for veg in vegetables):
        raise _refuse(f"{where}.veg", "names no vegetable")
    for name in ("amount", "left", "fee", "moved", "earned", "steps", "sow_extra", "bought", "limit", "slot", "pos"):
        value = getattr(pending, name, None)
        if type(value) is int and not 0 <= value <= MAX_MONEY:
            raise _refuse(f"{where}.{name}", f"is out of range: {value}")


def check_history(state: LoyangState, history: list[Move]) -> None:
    """Refuse a history that cannot lead to the position: too long for the rounds played,
    outcomes of random events in sampled chance mode (only explicit chance records them), more
    home fields sown than players, moves past the setup while the setup is still on, or moves
    that name no card. (A history may start at any position: :func:`~tabletop.loyang.positions.position`
    builds positions without one.)"""
    bound = MOVES_PER_ROUND * (state.round + 1)
    if len(history) > bound:
        raise _refuse("history", f"holds {len(history)} moves, more than a game reaching round {state.round} can ({bound})")
    kinds = Counter(type(move) for move in history)
    if state.chance == "sampled" and (kinds[moves.Reveal] or kinds[moves.StartPlayer]):
        raise _refuse("history", "holds outcomes of random events, which only explicit chance records")
    if kinds[moves.SowHome] > state.n:
        raise _refuse("history", f"sows {kinds[moves.SowHome]} home fields in a {state.n}-player game")
    if state.phase == SETUP and set(kinds) - {moves.SowHome, moves.StartPlayer, moves.Reveal}:
        raise _refuse("history", "holds moves past the setup, which is still on")
    for i, move in enumerate(history):
        try:
            str(move)
        except (IndexError, KeyError, ValueError, TypeError) as err:
            raise _refuse(f"history[{i}]", f"is not a move of this game: {err}") from None
