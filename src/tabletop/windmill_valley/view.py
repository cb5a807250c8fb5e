"""What one seat sees, and full positions sampled to agree with it.

Almost everything on the table of Windmill Valley is open: farms, storage, wheels, the display,
the offer, the face-up trade card. What nobody sees is the order of the face-down piles (the
enhancement stacks, the farm deck, the starting cards and windmill boards not dealt, the trade
cards under the one in play), and the state stores none: a kernel :class:`~tabletop.kernel.pile.Pile`
keeps its unseen cards as a multiset, each draw a chance event. Which cards a pile holds is
known to every player (each card that left it was seen face up), so a view keeps those
multisets and masks the random source.

Three things are seen by one player only, and a view hides them from the others: the farm cards
and enhancement tiles the active player looks at with a helper (back in their piles, counted in
``unseen_peeks``; in explicit chance mode their draws in the history are written ``?``), and the
solo Gardener's top card, whose back only is seen (back in his deck, its draw in the history
written ``?``). :func:`determinize` deals
the hidden ones back from their piles at random and gives the view a random source of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop.kernel.automa import hide_top
from tabletop.kernel.engine import evolve, link_moves
from tabletop.kernel.pile import Pile, deal_unseen
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley.components import TIERS
from tabletop.windmill_valley.moves import Dealt
from tabletop.windmill_valley.state import State

#: The piles a helper's extra cards and tiles come from, in ``State.unseen_peeks`` order.
PEEK_PILES = ("farm", *TIERS)

#: How a hidden card or tile is written in a view's history.
HIDDEN = "?"


def view(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it: the random source masked, what others alone see hidden."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not in this {state.players}-player game")
    gardener = state.gardener
    if gardener is not None and gardener.top is not None:
        state = evolve(state, gardener=evolve(gardener, deck=hide_top(gardener.deck, gardener.top), top=None))
        state = _hide_drawn_top(state)
    if (state.peeked_cards or state.peeked_tiles) and seat != state.turn.seat:
        state = _hide_peeks(state)
    return evolve(state, rng=state.rng.mask(), viewer=seat)


def _hide_drawn_top(state: State) -> State:
    """In explicit chance mode the history holds the draw of the Gardener's top card: its face
    is written ``?`` (a full state sampled from the view draws his top card again)."""
    history = list(state.history)
    for i in range(len(history) - 1, -1, -1):
        move = history[i]
        if isinstance(move, Dealt) and move.pile == "gardener":
            history[i] = Dealt("gardener", HIDDEN)
            return evolve(state, log=link_moves(history))
    return state


def _hide_peeks(state: State) -> State:
    tiers = [TIERS.index(state.components.tile(tile).stack) for tile in state.peeked_tiles]
    stacks = tuple(
        stack.shuffle_in(tile for tile, t in zip(state.peeked_tiles, tiers) if t == tier)
        for tier, stack in enumerate(state.stacks)
    )
    hidden = (len(state.peeked_cards), *(tiers.count(tier) for tier in range(len(TIERS))))
    # Only the draws of the peeks still hidden: earlier peeks' cards were discarded face up.
    recent = _recent_peeks(state.history, sum(hidden))
    history = [Dealt(m.pile, HIDDEN) if i in recent and isinstance(m, Dealt) else m for i, m in enumerate(state.history)]
    return evolve(
        state,
        deck=state.deck.shuffle_in(state.peeked_cards),
        stacks=stacks,
        peeked_cards=(),
        peeked_tiles=(),
        unseen_peeks=hidden,
        log=link_moves(history) if history != list(state.history) else state.log,
    )


def _recent_peeks(history: tuple[object, ...], count: int) -> set[int]:
    """The positions of the last ``count`` peek draws of the history (explicit chance only)."""
    found: list[int] = []
    for i in range(len(history) - 1, -1, -1):
        if len(found) == count:
            break
        move = history[i]
        if isinstance(move, Dealt) and move.pile.startswith("peek-"):
            found.append(i)
    return set(found)


def determinize(view_state: State, rng: Rng) -> State:
    """A full state consistent with ``view_state``: the hidden peeks dealt from their piles at
    random, the piles' draws from ``rng``."""
    hidden = view_state.unseen_peeks
    state = view_state
    if any(hidden):
        cards, rng = deal_unseen(state.deck.unseen, (hidden[0], len(state.deck.unseen) - hidden[0]), rng)
        stacks = list(state.stacks)
        tiles: list[str] = []
        for tier, n in enumerate(hidden[1:]):
            if n:
                dealt, rng = deal_unseen(stacks[tier].unseen, (n, len(stacks[tier].unseen) - n), rng)
                tiles += dealt[0]
                stacks[tier] = Pile(dealt[1], stacks[tier].bottom)
        by_pile: dict[str, Iterator[str]] = {"peek-farm": iter(map(str, cards[0]))}
        by_pile.update({f"peek-{tier}": iter(t for t in tiles if state.components.tile(t).stack == tier) for tier in TIERS})
        history = [
            Dealt(m.pile, next(by_pile[m.pile])) if isinstance(m, Dealt) and m.item == HIDDEN else m
            for m in state.history
        ]
        state = evolve(
            state,
            deck=Pile(cards[1], state.deck.bottom),
            stacks=tuple(stacks),
            peeked_cards=cards[0],
            peeked_tiles=tuple(tiles),
            unseen_peeks=(0,) * len(PEEK_PILES),
            log=link_moves(history),
        )
    return evolve(state, rng=rng.stream(1), viewer=None)
