"""Tools every part of the rules uses: shared move instances, players, owners of cards in play,
the helper cards a player holds, and the vegetable supply.

The supply never goes below zero: when the box runs out of a vegetable the players improvise
tokens (the rulebook lets them), counted in ``state.improvised``; tokens going back to the
supply cancel improvised ones first (see :func:`take_from_supply`, :func:`return_to_supply`).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import ge
from typing import Any

import attrs
from tabletop.kernel.engine import evolve
from tabletop.kernel.shared import shared
from tabletop.loyang import moves
from tabletop.loyang.components import CASUAL, FIELD, HELPER, PRIVATE_BASE, REGULAR, STALL, Components, Vegetables
from tabletop.loyang.state import ACTION, AdvancePending, LoyangState, Player


# Shared move instances, so that listing legal moves creates (almost) no objects.
_CARDS = range(70)
PLACE = tuple(moves.Place(c) for c in _CARDS)
PICK = tuple(moves.Pick(c) for c in _CARDS)
TAKE = tuple(tuple(moves.Take(court, hand) for hand in _CARDS) for court in _CARDS)
PLAY_ALONE = tuple(moves.PlayAlone(c) for c in _CARDS)
TRADE = tuple(tuple(moves.Trade(c, s) for s in range(3)) for c in _CARDS)
DELIVER = tuple(moves.Deliver(c) for c in _CARDS)
DELIVER_TWICE = tuple(moves.Deliver(c, True) for c in _CARDS)
DECLINE = tuple(moves.Decline(c) for c in _CARDS)
SERVE = tuple(moves.Serve(c) for c in _CARDS)
DISCARD = tuple(moves.DiscardHelper(c) for c in _CARDS)
_REVEAL = {card: moves.Reveal(card) for card in (*_CARDS, *range(PRIVATE_BASE, PRIVATE_BASE + 8))}
_REVEAL_ONCE = {card: (outcome, 1) for card, outcome in _REVEAL.items()}


def take_move(court: int, hand: int) -> moves.Take:
    """Take ``court`` from the courtyard and play ``hand`` (one shared instance)."""
    return TAKE[court][hand] if court < len(TAKE) and hand < len(TAKE) else shared(moves.Take, court, hand)


def take_moves(courtyard: tuple[int, ...], plays: tuple[int, ...]) -> list[moves.Take]:
    """Every take of a courtyard card with a card to play (shared instances): the Card phase
    lists them at each decision."""
    if courtyard and plays and max(courtyard) < len(TAKE) and max(plays) < len(TAKE):
        return [TAKE[court][hand] for court in courtyard for hand in plays]
    return [take_move(court, hand) for court in courtyard for hand in plays]


_USE_HELPER: dict[tuple[int, str, tuple[int, ...]], moves.UseHelper] = {}


def use_helper_move(card: int, option: str = "", *args: int) -> moves.UseHelper:
    """Use helper ``card`` (its ``option`` with ``args``): one shared instance per use."""
    key = (card, option, args)
    move = _USE_HELPER.get(key)
    if move is None:
        move = _USE_HELPER[key] = moves.UseHelper(card, option, args)
    return move


_SOW = tuple(tuple(moves.Sow(pos, veg) for veg in range(6)) for pos in range(24))


def reveal(card: int) -> moves.Reveal:
    """The chance outcome that turns up ``card`` (one shared instance)."""
    outcome = _REVEAL.get(card)
    return outcome if outcome is not None else shared(moves.Reveal, card)


def reveal_outcomes(weighted: tuple[tuple[int, int], ...]) -> tuple[tuple[moves.Reveal, int], ...]:
    """Cards with their weights as chance outcomes."""
    get = _REVEAL.get
    return tuple((get(card) or reveal(card), weight) for card, weight in weighted)


def reveal_each(cards: tuple[int, ...]) -> tuple[tuple[moves.Reveal, int], ...]:
    """Distinct cards as equally likely chance outcomes."""
    try:
        return tuple(map(_REVEAL_ONCE.__getitem__, cards))
    except KeyError:  # cards beyond the standard numbers (custom components)
        return tuple((reveal(card), 1) for card in cards)


def sow_moves_at(pos: int) -> tuple[moves.Sow, ...]:
    """The sowings of the field at ``pos``, by vegetable (shared instances)."""
    if pos < len(_SOW):
        return _SOW[pos]
    return tuple(shared(moves.Sow, pos, veg) for veg in range(6))


def sale_moves(components: Components, player: Player) -> list[moves.Sell]:
    """C: the vegetables ``player`` can sell: on the cart, with a free space in the shop."""
    cart, shop, slots = player.cart, player.shop, components.shop_slots
    return [moves.SELL[veg] for veg in range(6) if cart[veg] and shop[veg] < slots[veg]]


def covers(cart: Vegetables, need: Vegetables) -> bool:
    """Whether ``cart`` holds at least ``need`` of every vegetable (``Pool.covers``, inlined:
    customers are checked for every listing of the actions)."""
    return all(map(ge, cart, need))


def set_player(state: LoyangState, seat: int, player: Player, **changes: Any) -> LoyangState:
    """``state`` with ``player`` in ``seat`` and ``changes``, in one copy."""
    seats = list(state.seats)
    seats[seat] = player
    return evolve(state, seats=tuple(seats), **changes)


def without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def others(state: LoyangState, seat: int) -> tuple[int, ...]:
    """Who "another player" can be: the partner in a 4-player Action phase, the imaginary
    opponent in the solo game, everyone else otherwise."""
    if state.n == 1:
        return (1,)
    if state.n == 4 and state.phase == ACTION and state.partner:
        return (state.partner[seat],)
    return _OTHERS[state.n][seat]


#: By player count and seat, the other seats.
_OTHERS = tuple(tuple(tuple(s for s in range(n) if s != seat) for seat in range(n)) for n in range(5))


def owner_of(state: LoyangState, card: int) -> int:
    """The seat whose play area holds ``card`` on top (not covered)."""
    kind = state.components.cards[card].kind
    for seat, player in enumerate(state.seats):
        if kind == STALL and any(s.card == card for s in player.stalls):
            return seat
        if kind == REGULAR and any(r.card == card for r in player.regulars):
            return seat
        if kind == CASUAL and card in player.casuals:
            return seat
        if kind == HELPER and card in player.helpers:
            return seat
        if kind == FIELD and any(f.card == card for f in player.fields):
            return seat
    raise ValueError(f"{state.components.code(card)} is in no play area")


def turn_taken(state: LoyangState, seat: int) -> bool:
    """Whether ``seat`` has had this round's Action-phase turn: finished it, or ended the actions
    (a helper used for a payment while storing can still reveal a card). The solo game's
    imaginary opponent never has a turn, so its customers are never due."""
    if seat >= state.n:
        return True
    return state.phase == ACTION and (
        state.done[seat] or any(type(d) is AdvancePending and d.seat == seat for d in state.stack)
    )


def casual_price(components: Components, player: Player, card: int, bonus: bool, extra: int = 0) -> int:
    """A casual customer's payment: printed price, +2 with fewer casual than regular customers
    in play, -2 with more (covered cards do not count); the Saleswoman's bonus is always +2."""
    base = components.cards[card].price
    if bonus:
        return base + 2
    regulars, casuals = len(player.regulars), len(player.casuals) + extra
    if casuals > regulars:
        return base - 2
    if casuals < regulars:
        return base + 2
    return base


def two_pack_cost(player: Player, official: bool) -> int:
    """The greater of the uncovered helpers and market stalls; free with the Official."""
    return 0 if official else max(len(player.helpers), len(player.stalls))


@attrs.frozen
class Facts:
    """What the rules read from a component set on every listing of moves, worked out once.

    Attributes:
        helper_cards: helper kind -> its card numbers.
        prices: what each vegetable costs in the shop.
        accepts: field card (common or private) -> the vegetables it may be sown with.
        wants: action card -> the vegetables a customer wants (none for other cards).
        wanted: the same as (vegetable, count) pairs, only the vegetables wanted: the
            listing of the actions checks each customer against the cart with them.
        bowls: market stall card -> the bowls of each of its three slots.
        most_bowls: the most bowls of any slot: a cart holding that many can trade at every
            slot, which the listing of the actions takes in one step.
        not_stored: the vegetables the storehouse does not take (none in the standard box).
    """

    helper_cards: dict[str, tuple[int, ...]]
    prices: tuple[int, ...]
    accepts: dict[int, tuple[int, ...]]
    wants: tuple[Vegetables, ...]
    wanted: tuple[tuple[tuple[int, int], ...], ...]
    bowls: dict[int, tuple[int, ...]]
    most_bowls: int
    not_stored: tuple[int, ...]


_FACTS: dict[int, tuple[Components, Facts]] = {}


def facts(components: Components) -> Facts:
    """The :class:`Facts` of ``components``, computed once per component set."""
    entry = _FACTS.get(id(components))
    if entry is None or entry[0] is not components:
        helper_cards: dict[str, tuple[int, ...]] = {}
        for card in components.cards:
            if card.kind == HELPER:
                helper_cards[card.helper] = helper_cards.get(card.helper, ()) + (card.index,)
        fields = [c.index for c in components.cards if c.kind == FIELD]
        fields += range(PRIVATE_BASE, PRIVATE_BASE + len(components.private))
        bowls = {c.index: tuple(bowls for _, bowls in c.slots) for c in components.cards if c.kind == STALL}
        entry = (components, Facts(
            helper_cards=helper_cards,
            prices=tuple(veg.buy for veg in components.vegetables),
            accepts={card: components.field(card).accepts for card in fields},
            wants=tuple(card.want_counts for card in components.cards),
            wanted=tuple(tuple((v, n) for v, n in enumerate(card.want_counts) if n) for card in components.cards),
            bowls=bowls,
            most_bowls=max((n for slots in bowls.values() for n in slots), default=0),
            not_stored=tuple(v for v in range(len(components.vegetables)) if v not in components.storehouse_accepts),
        ))
        _FACTS[id(components)] = entry
    return entry[1]


def find(state: LoyangState, seat: int, kind: str) -> int:
    """An uncovered helper of ``kind`` in ``seat``'s play area, or -1."""
    helpers = state.seats[seat].helpers
    if not helpers:
        return -1
    for card in facts(state.components).helper_cards.get(kind, ()):
        if card in helpers:
            return card
    return -1


def harvest_helper(state: LoyangState, seat: int) -> int:
    return find(state, seat, "harvest_helper")


def squire(state: LoyangState, seat: int) -> int:
    """The Squire, unless it was played in this round's Card phase (a Squire taken with the
    Foreman is not "played" and may be used at once)."""
    card = find(state, seat, "squire")
    return -1 if card in state.seats[seat].fresh else card


# ---------------------------------------------------------------------------------------------
# The supply of vegetable tokens.


def from_supply(state: LoyangState, veg: int, count: int = 1) -> dict[str, Vegetables]:
    """The supply once ``count`` tokens of ``veg`` leave it for play (those the box no longer
    holds are improvised), as changes to make with the rest of an action in one copy."""
    supply, improvised = _taken(state.supply, state.improvised, veg, count)
    return {"supply": supply, "improvised": improvised}


def to_supply(state: LoyangState, veg: int, count: int = 1) -> dict[str, Vegetables]:
    """The supply once ``count`` tokens of ``veg`` leave play for it (improvised ones are put
    aside first), as changes to make with the rest of an action in one copy."""
    supply, improvised = _returned(state.supply, state.improvised, veg, count)
    return {"supply": supply, "improvised": improvised}


def all_from_supply(state: LoyangState, counts: Sequence[int]) -> dict[str, Vegetables]:
    """:func:`from_supply` for the tokens ``counts`` (per vegetable)."""
    supply, improvised = state.supply, state.improvised
    for veg, count in enumerate(counts):
        if count:
            supply, improvised = _taken(supply, improvised, veg, count)
    return {"supply": supply, "improvised": improvised}


def all_to_supply(state: LoyangState, counts: Sequence[int]) -> dict[str, Vegetables]:
    """:func:`to_supply` for the tokens ``counts`` (per vegetable)."""
    supply, improvised = state.supply, state.improvised
    for veg, count in enumerate(counts):
        if count:
            supply, improvised = _returned(supply, improvised, veg, count)
    return {"supply": supply, "improvised": improvised}


def _taken(supply: Vegetables, improvised: Vegetables, veg: int, count: int) -> tuple[Vegetables, Vegetables]:
    have = supply[veg]
    if count <= have:
        return supply.take(veg, count), improvised
    return supply.take(veg, have), improvised.add(veg, count - have)


def _returned(supply: Vegetables, improvised: Vegetables, veg: int, count: int) -> tuple[Vegetables, Vegetables]:
    aside = min(count, improvised[veg])
    if aside == 0:
        return supply.add(veg, count), improvised
    return supply.add(veg, count - aside), improvised.take(veg, aside)


def take_from_supply(state: LoyangState, veg: int, count: int = 1) -> LoyangState:
    """``state`` once ``count`` tokens of ``veg`` leave the supply (see :func:`from_supply`)."""
    return evolve(state, **from_supply(state, veg, count))


def return_to_supply(state: LoyangState, veg: int, count: int = 1) -> LoyangState:
    """``state`` once ``count`` tokens of ``veg`` go back to the supply (see :func:`to_supply`)."""
    if count == 0:
        return state
    return evolve(state, **to_supply(state, veg, count))


def take_all_from_supply(state: LoyangState, counts: Sequence[int]) -> LoyangState:
    """:func:`take_from_supply` for the tokens ``counts`` (per vegetable)."""
    return evolve(state, **all_from_supply(state, counts)) if any(counts) else state


def return_all_to_supply(state: LoyangState, counts: Sequence[int]) -> LoyangState:
    """:func:`return_to_supply` for the tokens ``counts`` (per vegetable)."""
    return evolve(state, **all_to_supply(state, counts)) if any(counts) else state
