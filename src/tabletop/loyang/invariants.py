"""The invariants of a full Loyang state (for tests and debugging)."""

from __future__ import annotations

from collections import Counter

from tabletop.loyang.components import PRIVATE_BASE
from tabletop.loyang.rules.table import turn_taken
from tabletop.loyang.state import (
    DELIVERED,
    DOUBLED,
    DUE,
    SETTLED,
    KeepPending,
    LoyangState,
    Player,
    action_cards_of,
    pile_cards,
)


def invariants(state: LoyangState) -> list[str]:
    """Violated invariants of a full state (empty when sound): Cash never negative; vegetables
    conserved between supply, shops, carts, storehouses, fields, stalls and regular customers
    (the tokens in play are the box's plus the improvised ones, and a vegetable is improvised
    only while the supply has none); each of the 70 action cards in exactly one place, each
    private field at most once per player, a covered card only under a card in play;
    satisfaction markers consistent (rows and deliveries agree, no customer still due once its
    owner's turn is over, the solo opponent's never due); shop, storehouse, home field and path
    within bounds."""
    out: list[str] = []
    for seat, player in enumerate(state.seats):
        out.extend(_board_faults(state, seat, player))
        out.extend(_field_faults(state, seat, player))
        out.extend(_customer_faults(state, seat, player))
    out.extend(_vegetable_faults(state))
    out.extend(_card_faults(state))
    return out


def _board_faults(state: LoyangState, seat: int, player: Player) -> list[str]:
    components = state.components
    who = f"seat {seat}"
    out = []
    if player.cash < 0:
        out.append(f"{who} has negative Cash ({player.cash})")
    if any(count > slots for count, slots in zip(player.shop, components.shop_slots)):
        out.append(f"{who}'s shop holds more than its spaces")
    capacity = components.storehouse_upgraded if player.upgraded else components.storehouse
    if sum(player.storehouse) > capacity:
        out.append(f"{who}'s storehouse holds more than {capacity}")
    if seat < state.n and not 1 <= player.position <= components.path_end:
        out.append(f"{who} is off the path ({player.position})")
    if not 0 <= player.home_count <= (components.home.spaces if player.home_veg >= 0 else 0):
        out.append(f"{who}'s home field holds {player.home_count} tokens")
    tops = [upper for upper, _ in player.covered]
    if len(set(tops)) != len(tops):
        out.append(f"{who} has two cards under one")
    in_play = {f.card for f in player.fields} | {s.card for s in player.stalls} | {r.card for r in player.regulars}
    if not set(tops) <= in_play | set(player.casuals) | set(player.helpers):
        out.append(f"{who} has a card covered by a card no longer in play")
    return out


def _field_faults(state: LoyangState, seat: int, player: Player) -> list[str]:
    components = state.components
    who = f"seat {seat}"
    out = []
    private = [c for c in (*pile_cards(player), *(f.card for f in player.fields)) if c >= PRIVATE_BASE]
    if len(set(private)) != len(private):
        out.append(f"{who} has a private field twice")
    for f in player.fields:
        if f.veg >= 0 and f.count <= 0:
            out.append(f"{who}'s sown field {components.code(f.card)} is empty but still in play")
        elif f.veg < 0 and f.count:
            out.append(f"{who}'s unsown field {components.code(f.card)} holds tokens")
    for stall in player.stalls:
        if not any(stall.goods):
            out.append(f"{who}'s empty stall {components.code(stall.card)} was not discarded")
    return out


def _customer_faults(state: LoyangState, seat: int, player: Player) -> list[str]:
    components = state.components
    who = f"seat {seat}"
    out = []
    for r in player.regulars:
        name = components.code(r.card)
        if not 0 <= r.rows <= 3 or r.delivered < r.rows or r.status not in (DUE, DELIVERED, DOUBLED, SETTLED):
            out.append(f"{who}'s regular customer {name} has an inconsistent marker or rows")
        if r.status in (DELIVERED, DOUBLED) and r.rows == 0:
            out.append(f"{who}'s regular customer {name} is marked delivered with no row filled")
        if r.status == DUE and turn_taken(state, seat):
            out.append(f"{who}'s regular customer {name} is still due after the turn")
    return out


def _vegetable_faults(state: LoyangState) -> list[str]:
    """Every token is in the supply or in play; in play are the box's tokens and the improvised."""
    components = state.components
    vegetables = list(state.supply)
    for player in state.seats:
        for counts in (player.shop, player.cart, player.storehouse):
            vegetables = [a + b for a, b in zip(vegetables, counts)]
        if player.home_veg >= 0:
            vegetables[player.home_veg] += player.home_count
        for f in player.fields:
            if f.veg >= 0:
                vegetables[f.veg] += f.count
        for stall in player.stalls:
            for (veg, _), full in zip(components.cards[stall.card].slots, stall.goods):
                vegetables[veg] += full
        for r in player.regulars:
            for veg, wanted in enumerate(components.cards[r.card].want_counts):
                vegetables[veg] += wanted * r.delivered
    out = []
    totals = [v.tokens + extra for v, extra in zip(components.vegetables, state.improvised)]
    if vegetables != totals:
        out.append(f"vegetables not conserved: {vegetables} != {totals} (improvised {list(state.improvised)})")
    if any(left and extra for left, extra in zip(state.supply, state.improvised)):
        out.append(f"tokens improvised while the supply still has some: {state.improvised}")
    return out


def _card_faults(state: LoyangState) -> list[str]:
    """Each action card in exactly one place."""
    places: list[int] = [*state.deck.cards(), *state.deck_top, *state.discard, *state.courtyard]
    places.extend(g for g in state.grid if g >= 0)
    for pending in state.stack:
        if isinstance(pending, KeepPending):
            places.extend(pending.drawn)
    for player in state.seats:
        places.extend(action_cards_of(player))
    # Counted once (linear in the number of cards, however long a pile a bad state holds).
    counts = Counter(places)
    everything = range(len(state.components.cards))
    if len(places) == len(everything) and all(counts[c] == 1 for c in everything):
        return []
    missing = [c for c in everything if not counts[c]]
    doubled = sorted(c for c, n in counts.items() if n > 1)
    return [f"action cards not conserved: missing {missing[:10]}, twice {doubled[:10]}"]
