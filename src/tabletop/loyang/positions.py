"""Positions from a readable description: "the rulebook's Nell example" in a few lines.

:func:`position` starts from a real game - every home field sown (wheat, pumpkin, turnip, wheat
by seat), round 1's harvest done (the first private field turned over, 1 home vegetable on each
cart), the hands returned to the deck - and then sets what the description says: per seat (a
:class:`Seat`) its Cash, path position, loans, fields with their vegetables, cart, storehouse,
hand and the cards in its play area; the round, the phase and who starts; the cards on top of
the deck and in the courtyard. Cards are named by their codes (``"S03"``, ``"R07"``,
``"Maid"``, ``"F4a"``, ``"P5b"``); a card named is taken from wherever it is (deck, discards,
courtyard, grid, a hand). Vegetables come from the supply (improvised once it is empty) and go
back to it. Everything not described is as the real game left it, so the position is sound
(``invariants(state) == []``).

>>> from tabletop.loyang import Seat, position
>>> state = position(2, seats=[Seat(cash=3, fields=["P4a wheat 3", "F4a"], cart={"pumpkin": 2},
...                                 regulars=["R02"], hand=[]), Seat(stalls=["S03"])],
...                  deck_top=["C02", "Maid"])
>>> state.to_move, state.seats[0].cash
(0, 3)

:func:`with_seat` applies one seat's description to any position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tabletop.kernel.engine import evolve, push
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import order_from
from tabletop.loyang.components import PRIVATE_BASE, VEGETABLES, Vegetables
from tabletop.loyang.moves import SOW_HOME
from tabletop.loyang.options import OPTIONS
from tabletop.loyang.rules import RULES
from tabletop.loyang.rules.play_area import enter_play
from tabletop.loyang.rules.table import return_all_to_supply, set_player, take_all_from_supply, without
from tabletop.loyang.setup import start
from tabletop.loyang.state import ACTION, CARD, HARVEST, ActionsPending, Field, HandDeal, LoyangState, Player

#: The phases a position may be described in.
PHASES = {"harvest": HARVEST, "card": CARD, "action": ACTION}


@attrs.frozen
class Seat:
    """One player's part of a description; what is left ``None`` stays as the game left it.

    Attributes:
        cash / position / loans: Cash, the space on the path of prosperity, loan cards.
        fields: the whole field row, left to right: ``"P4a wheat 3"`` (sown, 3 tokens left),
            ``"F4a"`` (unsown), or :class:`~tabletop.loyang.state.Field` values. A private field
            left out goes back to its set in the pile, a common field to the discards.
        home: the home field: ``("wheat", 8)``.
        cart / storehouse / shop: vegetables by name, ``{"wheat": 2, "leek": 1}``.
        upgraded: the storehouse's 4-vegetable side.
        hand: the hand cards (the cards held before go back to the deck).
        stalls / regulars / casuals / helpers: cards put into the play area as if just played
            (stalls filled, regular customers due with a blue marker); added to what is there.
    """

    cash: int | None = None
    position: int | None = None
    loans: int | None = None
    fields: Sequence[str | Field] | None = None
    home: tuple[str, int] | None = None
    cart: Mapping[str, int] | None = None
    storehouse: Mapping[str, int] | None = None
    shop: Mapping[str, int] | None = None
    upgraded: bool | None = None
    hand: Sequence[str] | None = None
    stalls: Sequence[str] = ()
    regulars: Sequence[str] = ()
    casuals: Sequence[str] = ()
    helpers: Sequence[str] = ()


def position(
    players: int = 2,
    *,
    seats: Sequence[Seat | None] = (),
    start_player: int = 0,
    round: int = 1,
    phase: str = "action",
    deck_top: Sequence[str] = (),
    courtyard: Sequence[str] = (),
    seed: int = 0,
    chance: str = "sampled",
    **options: Any,
) -> LoyangState:
    """A position of a ``players`` game described in words (see the module documentation).

    ``seats`` describes seats 0, 1, ... (``None`` for a seat left as it is); ``start_player``
    holds the large start player token and acts first; ``phase`` is ``"action"`` (the start
    player's actions are asked), ``"card"`` (the distribution round begins; the hands not
    described are dealt from the deck; solo: the grid is offered) or ``"harvest"`` (the
    round's fields already turned over); ``deck_top`` names the cards drawn next, in order; ``seed`` seeds the game the position comes from; ``chance`` is the chance mode
    the game goes on with; ``options`` are the game's other options (``introductory``,
    ``goal``, ``crier_in_card_phase``, ``components``: see ``tabletop.loyang.OPTIONS``)."""
    if phase not in PHASES:
        raise ValueError(f"phase takes one of {', '.join(PHASES)}, not {phase!r}")
    state = _base(players, seed, options, chance)
    state = _phase(state, PHASES[phase], round, start_player)
    for code in courtyard:
        card = _card(state, code)
        state = evolve(take_out(state, card), courtyard=state.courtyard + (card,))
    for seat, description in enumerate(seats):
        if description is not None:
            state = with_seat(state, seat, description)
    for code in reversed(deck_top):
        card = _card(state, code)
        state = take_out(state, card)
        state = evolve(state, deck_top=(card,) + state.deck_top)
    if phase == "action":
        return state
    return RULES.start(_deal(state, seats) if phase == "card" else state)


def _base(players: int, seed: int, options: Mapping[str, Any], chance: str) -> LoyangState:
    """A real game up to round 1's Card phase, the hands returned to the deck."""
    values = OPTIONS.resolve(players, {**options, "start_player": 0})
    state = start(players, Rng.from_seed(seed), values)
    for veg in (0, 1, 2, 0)[:players]:
        state = state.apply(SOW_HOME[veg])
    hands = tuple(card for player in state.seats for card in player.hand)
    seats = tuple(evolve(player, hand=()) for player in state.seats)
    return evolve(state, seats=seats, deck=state.deck.shuffle_in(hands), stack=(), log=None, chance=chance)


def _phase(state: LoyangState, phase: int, round: int, start_player: int) -> LoyangState:
    players = state.n
    order = order_from(start_player, players)
    state = evolve(
        state,
        phase=phase,
        round=round,
        start=start_player,
        second=order[1] if players > 1 else -1,
        order=order,
        partner=_partners(order) if players == 4 and phase == ACTION else (),
        done=(False,) * players,
        active=order if phase == CARD else (),
        taken=(),
        courtyard=(),
    )
    if phase == ACTION:
        return evolve(state, stack=(ActionsPending(start_player),))
    if phase == CARD:
        # As the Card phase begins: the discards are shuffled into the deck.
        return evolve(state, deck=state.deck.shuffle_in(state.discard), discard=())
    return state


def _deal(state: LoyangState, described: Sequence[Seat | None]) -> LoyangState:
    """Card phase: the hands not described are dealt from the deck (random events)."""
    hands = [description.hand if description is not None else None for description in described]
    undealt = [seat for seat in state.order if seat >= len(hands) or hands[seat] is None]
    if state.solo or not undealt:
        return state
    per = min(state.components.hand, (len(state.deck) + len(state.deck_top)) // len(undealt))
    for seat in reversed(undealt):
        for _ in range(per):
            state = push(state, HandDeal(seat))
    return state


def _partners(order: tuple[int, ...]) -> tuple[int, ...]:
    """Partners by seat when the start player ``order[0]`` partners ``order[2]``."""
    partner = [0, 0, 0, 0]
    for a, b in ((order[0], order[2]), (order[1], order[3])):
        partner[a], partner[b] = b, a
    return tuple(partner)


def with_seat(state: LoyangState, seat: int, description: Seat) -> LoyangState:
    """``state`` with ``seat`` as ``description`` says (see :class:`Seat`)."""
    player = state.seats[seat]
    numbers = {
        name: value
        for name, value in (("cash", description.cash), ("position", description.position), ("loans", description.loans))
        if value is not None
    }
    if description.upgraded is not None:
        numbers["upgraded"] = description.upgraded
    state = set_player(state, seat, evolve(player, **numbers))
    if description.fields is not None:
        state = _with_fields(state, seat, [_field(state, f) for f in description.fields])
    if description.home is not None:
        state = _with_home(state, seat, *description.home)
    for part in ("cart", "storehouse", "shop"):
        wanted = getattr(description, part)
        if wanted is not None:
            state = _with_vegetables(state, seat, part, Vegetables.of(wanted))
    if description.hand is not None:
        state = _with_hand(state, seat, [_card(state, code) for code in description.hand])
    for code in (*description.stalls, *description.regulars, *description.casuals, *description.helpers):
        card = _card(state, code)
        state = enter_play(take_out(state, card), seat, card)
    return state


def _card(state: LoyangState, code: str) -> int:
    components = state.components
    for number in range(len(components.cards)):
        if components.code(number) == code:
            return number
    for i in range(len(components.private)):
        if components.code(PRIVATE_BASE + i) == code:
            return PRIVATE_BASE + i
    raise ValueError(f"no card has the code {code!r}")


def _field(state: LoyangState, described: str | Field) -> Field:
    """``"P4a wheat 3"``, ``"F4a"`` or a Field."""
    if isinstance(described, Field):
        return described
    words = described.split()
    card = _card(state, words[0])
    if len(words) == 1:
        return Field(card)
    if len(words) != 3 or words[1] not in VEGETABLES or not words[2].isdigit():
        raise ValueError(f"a field is described as 'F4a' or 'P4a wheat 3', not {described!r}")
    return Field(card, VEGETABLES.index(words[1]), int(words[2]))


def take_out(state: LoyangState, card: int) -> LoyangState:
    """``state`` without action card ``card`` wherever it was out of play (deck, discards,
    courtyard, grid, a hand), to put it somewhere else; ``ValueError`` if it is in play."""
    if card in state.deck_top:
        return evolve(state, deck_top=without(state.deck_top, card))
    if card in state.deck.unseen or card in state.deck.bottom:
        return evolve(state, deck=state.deck.remove(card))
    if card in state.discard:
        return evolve(state, discard=without(state.discard, card))
    if card in state.courtyard:
        return evolve(state, courtyard=without(state.courtyard, card))
    if card in state.grid:
        return evolve(state, grid=tuple(-1 if g == card else g for g in state.grid))
    for seat, player in enumerate(state.seats):
        if card in player.hand:
            return set_player(state, seat, evolve(player, hand=without(player.hand, card)))
    raise ValueError(f"{state.components.code(card)} is not available: it is in play or out of the game")


def _with_fields(state: LoyangState, seat: int, fields: list[Field]) -> LoyangState:
    player = state.seats[seat]
    old = {f.card: f for f in player.fields}
    for f in player.fields:
        if f.veg >= 0:
            state = return_all_to_supply(state, Vegetables.of({VEGETABLES[f.veg]: f.count}))
    pile = player.pile
    discard = state.discard
    for f in fields:
        if f.card >= PRIVATE_BASE and f.card not in old:
            pile = tuple(part.remove(f.card) if f.card in part.cards() else part for part in pile)
        elif f.card < PRIVATE_BASE and f.card not in old:
            state = take_out(state, f.card)
            discard = state.discard
    kept = {f.card for f in fields}
    for card in old:
        if card not in kept and card >= PRIVATE_BASE:
            pile = _back_to_its_set(state, pile, card)
        elif card not in kept:
            discard += (card,)
    state = set_player(state, seat, evolve(state.seats[seat], fields=tuple(fields), pile=pile), discard=discard)
    for f in fields:
        if f.veg >= 0:
            state = take_all_from_supply(state, Vegetables.of({VEGETABLES[f.veg]: f.count}))
    return state


def _back_to_its_set(state: LoyangState, pile: tuple[Pile[int], ...], card: int) -> tuple[Pile[int], ...]:
    sets = sorted({f.set for f in state.components.private})
    part = sets.index(state.components.private[card - PRIVATE_BASE].set)
    return pile[:part] + (pile[part].shuffle_in((card,)),) + pile[part + 1 :]


def _with_home(state: LoyangState, seat: int, vegetable: str, count: int) -> LoyangState:
    player = state.seats[seat]
    if player.home_veg >= 0:
        state = return_all_to_supply(state, Vegetables.of({VEGETABLES[player.home_veg]: player.home_count}))
    state = set_player(state, seat, evolve(player, home_veg=VEGETABLES.index(vegetable), home_count=count))
    return take_all_from_supply(state, Vegetables.of({vegetable: count}))


def _with_vegetables(state: LoyangState, seat: int, part: str, wanted: Vegetables) -> LoyangState:
    player: Player = state.seats[seat]
    state = return_all_to_supply(state, getattr(player, part))
    state = set_player(state, seat, evolve(player, **{part: wanted}))
    return take_all_from_supply(state, wanted)


def _with_hand(state: LoyangState, seat: int, cards: list[int]) -> LoyangState:
    player = state.seats[seat]
    state = set_player(state, seat, evolve(player, hand=()))
    state = evolve(state, deck=state.deck.shuffle_in(player.hand))
    for card in cards:
        state = take_out(state, card)
    return set_player(state, seat, evolve(state.seats[seat], hand=tuple(cards)))


__all__ = ["PHASES", "Seat", "position", "take_out", "with_seat"]
