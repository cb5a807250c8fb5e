"""What one seat can see, and sampling full states consistent with it (for ISMCTS bots).

Hidden in a view: other players' hands and held introductory customers (shown as ``HIDDEN``),
the order and contents of the draw pile (all ``HIDDEN``), the order of every private field pile
(sorted within each run of cards of the same set, so the known split into the two shuffled sets
stays visible) and the random source (masked). Everything else is face up: courtyard, discards,
play areas, two-packs (the lower card's top line shows), the solo grid.
"""

from __future__ import annotations

from tabletop.kernel.engine import evolve

from tabletop.kernel.rng import Rng
from tabletop.loyang.components import PRIVATE_BASE, REGULAR, Components
from tabletop.loyang.state import KeepPending, LoyangState, Player

HIDDEN = -2


def _runs(components: Components, pile: tuple[int, ...]) -> list[list[int]]:
    """The pile cut into runs of cards from the same shuffled set (common fields: set 0)."""
    runs: list[list[int]] = []
    last = None
    for card in pile:
        part = components.private[card - PRIVATE_BASE].set if card >= PRIVATE_BASE else 0
        if part != last or part == 0:
            runs.append([])
            last = part
        runs[-1].append(card)
    return runs


def mask_pile(components: Components, pile: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(card for run in _runs(components, pile) for card in sorted(run))


def view(state: LoyangState, seat: int) -> LoyangState:
    """The position as ``seat`` sees it."""
    seats = []
    for s, player in enumerate(state.seats):
        pile = mask_pile(state.components, player.pile)
        if s == seat:
            seats.append(evolve(player, pile=pile))
        else:
            seats.append(
                evolve(
                    player,
                    pile=pile,
                    hand=(HIDDEN,) * len(player.hand),
                    intro=HIDDEN if player.intro >= 0 else -1,
                )
            )
    return evolve(
        state,
        seats=tuple(seats),
        draw=(HIDDEN,) * len(state.draw),
        rng=state.rng.mask(),
    )


def _visible(state: LoyangState) -> set[int]:
    seen: set[int] = set(state.discard) | set(state.courtyard) | {g for g in state.grid if g >= 0}
    for player in state.seats:
        seen.update(f.card for f in player.fields if f.card < PRIVATE_BASE)
        seen.update(s.card for s in player.stalls)
        seen.update(r.card for r in player.regulars)
        seen.update(player.casuals)
        seen.update(player.helpers)
        seen.update(c for pair in player.covered for c in pair)
        seen.update(c for c in player.pile if c < PRIVATE_BASE)
        seen.update(c for c in player.hand if c >= 0)
        if player.intro >= 0:
            seen.add(player.intro)
    for pending in state.stack:
        if isinstance(pending, KeepPending):
            seen.update(pending.drawn)
    return seen


def determinize(state: LoyangState, rng: Rng) -> LoyangState:
    """A full state consistent with the view ``state``: hidden cards dealt at random (held
    introductory customers from the unseen blue-dot cards), piles shuffled within their runs,
    and ``rng`` as the random source."""
    components = state.components
    unseen = [c for c in range(len(components.cards)) if c not in _visible(state)]
    unseen_list, rng = rng.shuffled(unseen)
    pool = list(unseen_list)
    starts = [c for c in pool if components.cards[c].kind == REGULAR and components.cards[c].start]
    seats: list[Player] = []
    for player in state.seats:
        intro = player.intro
        if intro == HIDDEN:
            intro = starts.pop() if starts else pool[-1]
            pool.remove(intro)
        seats.append(evolve(player, intro=intro))
    for i, player in enumerate(seats):
        hand = []
        for card in player.hand:
            if card == HIDDEN:
                card = pool.pop()
            hand.append(card)
        pile: tuple[int, ...] = ()
        for run in _runs(components, player.pile):
            shuffled, rng = rng.shuffled(run)
            pile += shuffled
        seats[i] = evolve(player, hand=tuple(hand), pile=pile)
    draw = tuple(pool.pop() if card == HIDDEN else card for card in state.draw)
    return evolve(state, seats=tuple(seats), draw=draw, rng=rng.stream(state.move_count))
