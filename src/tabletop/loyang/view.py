"""What one seat can see, and sampling full states consistent with it (for ISMCTS bots).

Hidden in a view: other players' hands and held introductory customers (shown as ``HIDDEN``),
the order and contents of the draw pile (all ``HIDDEN``), the order of every private field pile
(sorted within each run of cards of the same set, so the known split into the two shuffled sets
stays visible) and the random source (masked). Everything else is face up: courtyard, discards,
play areas, two-packs (the lower card's top line shows), the solo grid.
"""

from __future__ import annotations

import attrs

from tabletop.kernel.rng import Rng
from tabletop.loyang.components import PRIVATE_BASE, REGULAR, Components
from tabletop.loyang.state import KeepPending, LoyangState, Player

HIDDEN = -2


def _runs(comps: Components, pile: tuple[int, ...]) -> list[list[int]]:
    """The pile cut into runs of cards from the same shuffled set (common fields: set 0)."""
    runs: list[list[int]] = []
    last = None
    for card in pile:
        part = comps.private[card - PRIVATE_BASE].set if card >= PRIVATE_BASE else 0
        if part != last or part == 0:
            runs.append([])
            last = part
        runs[-1].append(card)
    return runs


def mask_pile(comps: Components, pile: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(card for run in _runs(comps, pile) for card in sorted(run))


def view(state: LoyangState, seat: int) -> LoyangState:
    """The position as ``seat`` sees it."""
    seats = []
    for s, p in enumerate(state.seats):
        pile = mask_pile(state.comps, p.pile)
        if s == seat:
            seats.append(attrs.evolve(p, pile=pile))
        else:
            seats.append(
                attrs.evolve(
                    p,
                    pile=pile,
                    hand=(HIDDEN,) * len(p.hand),
                    intro=HIDDEN if p.intro >= 0 else -1,
                )
            )
    return attrs.evolve(
        state,
        seats=tuple(seats),
        draw=(HIDDEN,) * len(state.draw),
        rng=state.rng.mask(),
    )


def _visible(state: LoyangState) -> set[int]:
    seen: set[int] = set(state.discard) | set(state.courtyard) | {g for g in state.grid if g >= 0}
    for p in state.seats:
        seen.update(f.card for f in p.fields if f.card < PRIVATE_BASE)
        seen.update(s.card for s in p.stalls)
        seen.update(r.card for r in p.regulars)
        seen.update(p.casuals)
        seen.update(p.helpers)
        seen.update(c for pair in p.covered for c in pair)
        seen.update(c for c in p.pile if c < PRIVATE_BASE)
        seen.update(c for c in p.hand if c >= 0)
        if p.intro >= 0:
            seen.add(p.intro)
    for pending in state.pending:
        if isinstance(pending, KeepPending):
            seen.update(pending.drawn)
    return seen


def determinize(state: LoyangState, rng: Rng) -> LoyangState:
    """A full state consistent with the view ``state``: hidden cards dealt at random (held
    introductory customers from the unseen blue-dot cards), piles shuffled within their runs,
    and ``rng`` as the random source."""
    comps = state.comps
    unseen = [c for c in range(len(comps.cards)) if c not in _visible(state)]
    unseen_list, rng = rng.shuffled(unseen)
    pool = list(unseen_list)
    starts = [c for c in pool if comps.cards[c].kind == REGULAR and comps.cards[c].start]
    seats: list[Player] = []
    for p in state.seats:
        intro = p.intro
        if intro == HIDDEN:
            intro = starts.pop() if starts else pool[-1]
            pool.remove(intro)
        seats.append(attrs.evolve(p, intro=intro))
    for i, p in enumerate(seats):
        hand = []
        for card in p.hand:
            if card == HIDDEN:
                card = pool.pop()
            hand.append(card)
        pile: tuple[int, ...] = ()
        for run in _runs(comps, p.pile):
            shuffled, rng = rng.shuffled(run)
            pile += shuffled
        seats[i] = attrs.evolve(p, hand=tuple(hand), pile=pile)
    draw = tuple(pool.pop() if card == HIDDEN else card for card in state.draw)
    return attrs.evolve(state, seats=tuple(seats), draw=draw, rng=rng.stream(len(state.history)))
