"""What every Windmill Valley position satisfies (checked by the tests and on loading).

The shape of every field (lengths, ranges, known ids), the rulebook's limits (Guilder 0-9,
water 0-8, floodgate 1-3, storage at most 7, rows of at most 7 bulbs), conservation (windmills
on farms, on the board and in the box make 9 per player; every farm card in one place; X tiles
used at most 15), the pending decisions' context, and, in a full state, that the decision
asked has an answer.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from tabletop.kernel.engine import ChanceDecision
from tabletop.kernel.pile import Pile
from tabletop.windmill_valley.components import COLOURS, EFFECTS, LEVELS, TRIGGERS, Components
from tabletop.windmill_valley.state import (
    CALENDAR_END,
    COLUMNS,
    DISPLAY_TIERS,
    FREE,
    LARGE,
    MAX_GUILDERS,
    MAX_SPEED,
    MAX_WATER,
    OFFER,
    ROWS,
    SLOTS,
    SMALL,
    STORAGE,
    X_TILES,
    Farmer,
    Gardener,
    State,
)

@attrs.frozen
class _Ids:
    """The ids of the components a state may name: enhancement tiles, farm, starting, trade and
    Gardener cards."""

    tiles: frozenset[str]
    farm: frozenset[int]
    start: frozenset[int]
    trade: frozenset[int]
    gardener: frozenset[int]


@functools.lru_cache(maxsize=8)
def _ids(components: Components) -> _Ids:
    return _Ids(
        tiles=frozenset(t.id for t in (*components.common, *components.uncommon, *components.unique, *components.promo)),
        farm=frozenset(c.id for c in components.farm_cards),
        start=frozenset(c.id for c in components.starting),
        trade=frozenset(c.id for c in components.trade_cards),
        gardener=frozenset(c.id for c in components.gardener_cards),
    )


#: Bound on strengths, steps and counts in pending decisions (no printed one comes near).
MOST = 12


def _within(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _all_in(values: Iterable[Any], allowed: Iterable[Any]) -> bool:
    return set(values) <= set(allowed)


def _pile(pile: Any, allowed: frozenset[Any]) -> bool:
    return isinstance(pile, Pile) and _all_in((*pile.unseen, *pile.bottom), allowed)


def invariants(state: State) -> list[str]:
    """The broken invariants of ``state`` (empty when sound)."""
    players = state.players
    if type(players) is not int or not 1 <= players <= 4 or len(state.farmers) != players:
        return [f"{players!r} players with {len(state.farmers)} farms"]
    if (state.gardener is None) != (players > 1):
        return ["a Gardener plays exactly in the solo game"]
    problems = _board_problems(state)
    for seat in range(players):
        problems += _farmer_problems(state, seat)
    if state.gardener is not None:
        problems += _gardener_problems(state, state.gardener)
    problems += _card_problems(state) + _deal_problems(state) + _pending_problems(state)
    if problems or not state.stack or state.rng.masked:
        return problems
    top = state.stack[-1]
    if not isinstance(state.rules.decisions.get(type(top)), ChanceDecision) and not state.legal_moves():
        return [f"the decision asked ({type(top).__name__}) has no answer"]
    return []


def _board_problems(state: State) -> list[str]:
    ids = _ids(state.components)
    problems = []
    if not _within(state.floodgate, 1, MAX_SPEED) or not _within(state.water, 0, MAX_WATER):
        problems.append(f"floodgate {state.floodgate!r}, water {state.water!r}")
    owners = max(2, state.players)  # in solo the Gardener owns windmills as the second seat
    if len(state.mills) != len(state.components.spaces) or not all(_within(m, FREE, owners - 1) for m in state.mills):
        problems.append("a main-board space holds a windmill of no player")
    if len(state.neutrals) > 3 or not all(_within(a, 0, len(state.components.market) - 1) for a in state.neutrals):
        problems.append(f"neutral markers {state.neutrals!r}")
    if len(state.display) != len(DISPLAY_TIERS) or not _all_in(state.display, ids.tiles | {""}):
        problems.append("the display holds no enhancement tiles")
    if len(state.covered) != len(DISPLAY_TIERS) or len(state.stacks) != 3 or len(state.discards) != 3:
        problems.append("the enhancement stacks are not three")
    elif not all(_pile(p, ids.tiles) for p in state.stacks) or not all(_all_in(d, ids.tiles) for d in state.discards):
        problems.append("an enhancement stack holds no tile")
    if len(state.spots) != 4 or not _all_in(state.spots, (*COLOURS, "")) or not _within(state.trade, 0, max(ids.trade)):
        problems.append("the foreign trade card is not a card with four spots")
    if not _pile(state.trade_pile, ids.trade) or not _pile(state.boards, frozenset(range(len(state.components.boards)))):
        problems.append("the trade stack or the windmill boards are not the game's")
    if len(state.taken) != CALENDAR_END or any(len(r) != len(s.unique) for r, s in zip(state.taken, state.components.calendar)):
        problems.append("the calendar's rewards are not the board's")
    elif sum(sum(row) for row in state.taken) + sum(state.covered) > X_TILES:
        problems.append(f"more than {X_TILES} X tiles used")
    if not (state.wish == 0 or state.wish in ids.start) or not _within(state.wishes, 0, len(state.components.wish_values)):
        problems.append(f"Queen's Wish {state.wish!r} with {state.wishes!r} values taken")
    if not _all_in(state.starting, ids.start) or not _pile(state.start_pile, ids.start):
        problems.append("the starting cards are not the game's")
    # Each starting card is in one place: on display, in the pile, a player's helper or the
    # Queen's Wish (one replaced has gone back to the box).
    starts = [str(card) for card in (*state.starting, *state.start_pile.unseen, *state.start_pile.bottom)]
    starts += [str(state.wish)] if state.wish else []
    starts += [h[1:] for farmer in state.farmers for h in farmer.helpers if h.startswith("s")]
    if len(set(starts)) != len(starts):
        problems.append("a starting card is in two places")
    turn = state.turn
    if not _within(turn.seat, 0, state.players - 1) or not _within(turn.round, 1, 10_000) or not _within(turn.ending, 0, 2):
        problems.append(f"the turn {turn!r}")
    elif not _all_in(turn.performed, ("large", "small")) or len(set(turn.performed)) != len(turn.performed):
        problems.append(f"the wheels performed {turn.performed!r}")
    return problems


def _farmer_problems(state: State, seat: int) -> list[str]:
    ids = _ids(state.components)
    farmer: Farmer = state.farmers[seat]
    problems = []
    if not _within(farmer.guilders, 0, MAX_GUILDERS) or not _within(farmer.tools, 0, 10_000):
        problems.append(f"seat {seat} holds {farmer.guilders} Guilder and {farmer.tools} Tools")
    if not _within(farmer.vp, -10_000, 10_000) or not _within(farmer.turned, 0, 10_000):
        problems.append(f"seat {seat}: {farmer.vp} VP, wheels turned {farmer.turned}")
    dealt = any(getattr(p, "target", None) == seat for p in state.stack)
    if not (_within(farmer.board, 0, len(state.components.boards) - 1) or (farmer.board == -1 and dealt)):
        problems.append(f"seat {seat} has windmill board {farmer.board}")
    if len(farmer.large) != LARGE or len(farmer.small) != SMALL or not _all_in((*farmer.large, *farmer.small), ids.tiles | {""}):
        problems.append(f"seat {seat}'s wheels are not 6 and 5 spaces of actions")
    if len(farmer.storage) > STORAGE or not _all_in(farmer.storage, COLOURS):
        problems.append(f"seat {seat}'s storage holds {farmer.storage}")
    if len(farmer.patches) != ROWS or any(len(row) > COLUMNS or not _all_in(row, COLOURS) for row in farmer.patches):
        problems.append(f"seat {seat}'s patches are not 4 rows of at most 7 bulbs")
    if not _within(farmer.market, -1, len(state.components.market) - 1) or not _within(farmer.removed, 0, 9):
        problems.append(f"seat {seat}'s market marker {farmer.market}, {farmer.removed} windmills removed")
    built = sum(1 for owner in state.mills if owner == seat)
    sizes = state.components.farm.group_sizes
    if len(farmer.windmills) != len(sizes) or not all(_within(n, 0, s) for n, s in zip(farmer.windmills, sizes)):
        problems.append(f"seat {seat}'s windmill groups hold {farmer.windmills}")
    elif sum(farmer.windmills) + built + farmer.removed != sum(sizes):
        problems.append(f"seat {seat}: {sum(farmer.windmills)} windmills on the farm, {built} built, {farmer.removed} in the box")
    helpers_ok = all(h in {f"s{c}" for c in ids.start} | {str(c) for c in ids.farm} for h in farmer.helpers)
    if len(farmer.helpers) > SLOTS or not helpers_ok or len(set(farmer.helpers)) != len(farmer.helpers):
        problems.append(f"seat {seat}'s helpers {farmer.helpers}")
    if len(farmer.contracts) > SLOTS or not _all_in(farmer.contracts, ids.farm):
        problems.append(f"seat {seat}'s contracts {farmer.contracts}")
    return problems


def _gardener_problems(state: State, gardener: Gardener) -> list[str]:
    ids = _ids(state.components)
    ok = (
        _pile(gardener.deck, ids.gardener)
        and _all_in(gardener.revealed, ids.gardener)
        and (gardener.top is None or gardener.top in ids.gardener)
        and _within(gardener.board, 0, len(state.components.boards) - 1)
        and _within(gardener.steps, 0, 10_000)
        and _within(gardener.vp, -10_000, 10_000)
        and _within(gardener.calendar, 0, CALENDAR_END)
        and (gardener.wish is None or _within(gardener.wish, 0, len(state.components.wish_values) - 1))
        and _within(gardener.windmills, 0, state.components.windmills_per_player)
        and len(gardener.garden) == ROWS
        and all(len(row) <= COLUMNS and _all_in(row, COLOURS) for row in gardener.garden)
        and _within(gardener.market, -1, len(state.components.market) - 1)
        and _all_in(gardener.enhancements, ids.tiles)
        and _all_in(gardener.farm_cards, ids.farm)
        and gardener.difficulty in LEVELS
    )
    if not ok:
        return [f"the Gardener {gardener!r} is not a Gardener of the game"]
    # His cards are those of his level, each once: in his deck, revealed or the card on top (a
    # view counts the deck's cards only).
    removed = state.components.level(gardener.difficulty).removed
    cards = sorted(card.id for card in state.components.gardener_cards if card.id not in removed)
    held = [*gardener.deck.unseen, *gardener.deck.bottom, *gardener.revealed, *([] if gardener.top is None else [gardener.top])]
    whole = len(held) + gardener.deck.hidden == len(cards) if gardener.deck.hidden else sorted(held) == cards
    if not whole:
        return ["the Gardener's cards are not those of his level, each once"]
    return []


def _card_problems(state: State) -> list[str]:
    ids = _ids(state.components)
    if len(state.offer) != OFFER or not _all_in(state.offer, ids.farm | {0}):
        return [f"the farm offer {state.offer!r}"]
    if not _pile(state.deck, ids.farm) or not _all_in(state.discard, ids.farm):
        return ["the farm deck holds no farm cards"]
    if not _all_in(state.peeked_cards, ids.farm) or not _all_in(state.peeked_tiles, ids.tiles):
        return ["a peeked card or tile is not the game's"]
    if len(state.unseen_peeks) != 4 or not all(_within(n, 0, 3) for n in state.unseen_peeks):
        return [f"unseen peeks {state.unseen_peeks!r}"]
    if state.viewer is None and any(state.unseen_peeks):
        return ["a full state with hidden peeks"]
    cards = [c for c in state.offer if c] + list(state.discard) + list(state.deck.unseen) + list(state.deck.bottom)
    cards += list(state.peeked_cards)
    for farmer in state.farmers:
        cards += [int(h) for h in farmer.helpers if not h.startswith("s")] + list(farmer.contracts)
    if state.gardener is not None:
        cards += list(state.gardener.farm_cards)
    if len(cards) != len(set(cards)):
        return ["a farm card is in two places"]
    return []


def _deal_problems(state: State) -> list[str]:
    """The deals still pending have something to deal: the starting cards for the draft, the
    windmill boards, the foreign trade card, the Gardener's card."""
    ids = _ids(state.components)
    waiting = [type(p).__name__ for p in state.stack]
    drafts, starts = waiting.count("Draft"), waiting.count("DealStart")
    if (drafts and len(state.starting) + starts != drafts + 1) or (not drafts and (state.starting or starts)):
        return [f"{len(state.starting)} starting cards on display for {drafts} players to draft"]
    if starts > len(state.start_pile) or waiting.count("DealBoard") > len(state.boards):
        return ["a card or a board is dealt from an empty pile"]
    pile = (*state.trade_pile.unseen, *state.trade_pile.bottom)
    trades = waiting.count("DealTrade")
    if len(set(pile)) != len(pile) or trades > 1:
        return ["the foreign trade stack holds a card twice"]
    if (trades and len(pile) != len(ids.trade)) or (not trades and (state.trade in pile or len(pile) != len(ids.trade) - 1)):
        return ["the foreign trade cards are not the four of the box"]
    gardener = state.gardener
    if gardener is not None and waiting.count("GardenerDraw") > len(gardener.deck):
        return ["a Gardener card is drawn from an empty deck"]
    return []


@functools.lru_cache(maxsize=8)
def _fields(components: Components) -> Mapping[str, range | frozenset[Any] | tuple[str, ...]]:
    """Per pending field: its allowed values."""
    return {
        "slot": range(len(DISPLAY_TIERS)),
        "space": range(1, CALENDAR_END + 1),
        "strength": range(MOST + 1),
        "times": range(MOST + 1),
        "steps": range(MOST + 1),
        "left": range(MOST + 1),
        "planted": range(ROWS * COLUMNS + 1),
        "count": range(5),
        "fee": range(2),
        "cost": range(MAX_GUILDERS + 1),
        "area": range(-1, len(components.market)),
        "card": _ids(components).trade,
        "trigger": TRIGGERS,
        "colour": COLOURS,
    }


def _allowed(value: Any, allowed: range | frozenset[Any] | tuple[str, ...]) -> bool:
    if isinstance(allowed, range):
        return type(value) is int and value in allowed
    return value in allowed


def _pending_problems(state: State) -> list[str]:
    owners = max(2, state.players)
    for pending in state.stack:
        name = type(pending).__name__
        for field, allowed in _fields(state.components).items():
            value = getattr(pending, field, None)
            if value is None:
                continue
            if not _allowed(value, allowed):
                return [f"{name} has {field} {value!r}"]
        if not _within(getattr(pending, "seat", 0), -1, owners - 1) or not _within(getattr(pending, "target", 0), 0, owners - 1):
            return [f"{name} is for no seat of the game"]
        if name == "DealFarm" and not pending.slot < OFFER:
            return ["DealFarm fills no offer slot"]
        if name == "TradeReward" and not _all_in(pending.quarters, range(4)):
            return ["TradeReward names no quarter"]
        if name == "TradeReward" and pending.blocks and (
            len(pending.blocks) != 2 or len(pending.quarters) != 2 or not all(_within(n, 1, MOST) for n in pending.blocks)
            or sum(pending.blocks) >= len(state.stack)
        ):
            return ["TradeReward orders no two blocks of decisions"]
        if name in ("KeepBulbs", "ChooseColour") and not (_all_in(getattr(pending, "bulbs", ()), COLOURS) and _all_in(getattr(pending, "colours", COLOURS), COLOURS)):
            return [f"{name} names no colour"]
        if name == "ChooseColour" and not pending.colours:
            return ["ChooseColour offers no colour"]
        effect = getattr(pending, "effect", None)
        if effect is not None and effect not in (*EFFECTS, "place_only"):
            return [f"{name} has effect {effect!r}"]
    if state.gardener is None and any(type(p).__name__ == "GardenerDraw" for p in state.stack):
        return ["a Gardener card is drawn without a Gardener"]
    return []
