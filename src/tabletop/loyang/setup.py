"""A new game for 1-4 players, and reading a saved state.

Setup follows the rulebook: each player gets 10 Cash, a stocked shop (3 wheat, 2 pumpkins,
2 turnips, 2 cabbages, 1 bean, 1 leek), the storehouse on its 1-vegetable side, the scoring marker
on space 1 and a field pile of two separately shuffled sets of 3/4/5/6-space fields. The rulebook
says only "choose a start player": ``start_player`` names the seat, and by default the state's
random source chooses it. Then, from the start player on, everyone buys wheat, pumpkin or turnip
from their shop and sows their home field (at most 2 players per vegetable) - these are the first
decisions of the game. Solo: the imaginary opponent's 2 stalls, 2 regular and 2 casual customers
are turned up first (other cards turned up are discarded), then the 12-card grid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.kernel.engine import CHANCE
from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import order_from
from tabletop.loyang import saved
from tabletop.loyang.components import COMPONENTS, PRIVATE_BASE, Components, Vegetables
from tabletop.loyang.encode import observation
from tabletop.loyang.invariants import invariants
from tabletop.loyang.render import render
from tabletop.loyang.rules import RULES
from tabletop.loyang.state import SETUP, LoyangState, Player


def start(players: int, rng: Rng, options: Mapping[str, Any]) -> LoyangState:
    """The starting position for ``players`` with ``options`` checked by
    :data:`tabletop.loyang.options.OPTIONS` (``GAME.new_game`` calls it).

    ``introductory`` deals each player a blue-dot regular customer to hold; ``goal`` is the solo
    target; ``start_player`` is the seat that takes the large start player token (``None``:
    chosen at random); ``crier_in_card_phase`` lets the Market crier's sale finance a common
    field in the Card phase, as the Foreman's note implies (the helper reference gives him [3]
    only, the default); ``components`` replaces the standard card data; ``chance`` is
    ``"sampled"`` or ``"explicit"`` (every random event a decision of the seat
    :data:`tabletop.CHANCE`)."""
    start_player: int | None = options["start_player"]
    if start_player is not None and start_player >= players:
        raise ValueError(
            f"loyang option 'start_player' takes a seat from 0 to {players - 1} or None (random), not {start_player!r}"
        )
    components = COMPONENTS.resolve(options["components"])
    seats = [_farmer(components) for _ in range(players)]
    if players == 1:
        seats.append(Player(cash=0))  # the imaginary opponent: its cards are turned up first
    state = LoyangState(
        n=players,
        seats=tuple(seats),
        round=0,
        phase=SETUP,
        start=-1 if start_player is None else start_player,
        second=-1,
        order=() if start_player is None else order_from(start_player, players),
        done=(False,) * players,
        partner=(),
        deck=Pile(range(len(components.cards))),
        discard=(),
        courtyard=(),
        active=(),
        taken=(),
        grid=(-1,) * (len(components.solo_rows) * components.solo_columns) if players == 1 else (),
        reshuffled=False,
        supply=Vegetables(v.tokens - players * s for v, s in zip(components.vegetables, components.shop_stock)),
        stack=(),
        rng=rng,
        chance=options["chance"],
        introductory=options["introductory"],
        goal=options["goal"],
        crier_in_card_phase=options["crier_in_card_phase"],
        components=components,
        rules=RULES,
    )
    return RULES.start(state)


def _farmer(components: Components) -> Player:
    """A player's board: Cash, a stocked shop, the scoring marker at the start of the path and a
    face-down field pile of the private fields, one shuffled set above the other."""
    sets = sorted({field.set for field in components.private})
    pile: tuple[Pile[int], ...] = tuple(
        Pile(PRIVATE_BASE + i for i, field in enumerate(components.private) if field.set == part) for part in sets
    )
    return Player(cash=components.cash, position=components.path_start, shop=components.shop_stock, pile=pile)


def from_json(text: str) -> LoyangState:
    """Read a state written by ``state.to_json()`` (see :mod:`tabletop.loyang.saved`).

    Only a sound position loads: strict types and ranges (:mod:`~tabletop.loyang.saved`),
    then the invariants, then a position that plays on (:func:`check_plays_on`). Anything else
    raises :class:`~tabletop.kernel.errors.InvalidRecord` naming the field or the broken rule.
    """
    try:
        state = saved.from_json(text, RULES)
    except RecursionError:
        raise InvalidRecord("invalid LoyangState: the JSON is nested too deeply") from None
    broken = invariants(state)
    if broken:
        raise InvalidRecord(f"invalid LoyangState: the position breaks the rules: {'; '.join(broken[:3])}")
    check_plays_on(state)
    return state


#: How far :func:`check_plays_on` follows one line of play.
LOOKAHEAD = 24


def _walk_on(state: LoyangState) -> None:
    """Play ``LOOKAHEAD`` moves on one fixed line (moves spread over the legal ones), checking
    the invariants: a pending decision whose fault shows only a few moves later (a trade with a
    second vegetable still to give...) is found here."""
    for step in range(LOOKAHEAD):
        moves = state.legal_moves()
        if not moves:
            if not state.is_over:
                raise InvalidRecord(f"invalid LoyangState: {step} moves on, the game stops without being over")
            return
        state = state.apply(moves[step * 7919 % len(moves)])
        broken = invariants(state)
        if broken:
            raise InvalidRecord(f"invalid LoyangState: {step + 1} moves on, the position breaks the rules: {broken[0]}")


def check_plays_on(state: LoyangState) -> None:
    """Refuse a position that cannot go on: one whose decision has no answer, or where an answer
    fails or breaks an invariant, or that cannot be shown (rendered, seen by a seat, encoded).

    The field checks cannot see every combination of values the rules rely on (a pending trade
    at a stall slot that is empty...): every legal move is tried once, and one line of play is
    followed a few moves further.
    """
    try:
        moves = state.legal_moves()
        if not moves and not state.is_over:
            raise InvalidRecord(f"invalid LoyangState: field 'stack': {type(state.pending).__name__} has no legal answer")
        if state.chance == "sampled" and state.to_move == CHANCE:
            raise InvalidRecord("invalid LoyangState: field 'stack': a random event is pending in sampled chance mode")
        for move in moves:
            after = state.apply(move)
            broken = invariants(after)
            if broken:
                raise InvalidRecord(f"invalid LoyangState: after {move}, the position breaks the rules: {broken[0]}")
            if not after.is_over and not after.legal_moves():
                raise InvalidRecord(f"invalid LoyangState: after {move}, {type(after.pending).__name__} has no legal answer")
        _walk_on(state)
        render(state)
        for seat in range(state.n):
            observation(state.view(seat), seat)
    except InvalidRecord:
        raise
    except (ArithmeticError, AssertionError, AttributeError, LookupError, TypeError, ValueError) as err:
        raise InvalidRecord(
            f"invalid LoyangState: the position does not play on ({type(err).__name__}: {str(err)[:200]})"
        ) from None
