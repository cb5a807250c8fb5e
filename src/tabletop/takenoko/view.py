"""What one seat may see, and full positions sampled to agree with it.

A view hides the other players' hands (their card backs still show which deck each came
from), the order and content of the plot pile (but for the plots the seat itself put back
under it) and of the objective decks, the plots another player drew and has not placed yet,
the order in which anyone put plots back under the pile (in the history), and the random
source. :func:`determinize` deals the unseen cards and tiles at random back into
those places, which is what information-set search needs.
"""

from __future__ import annotations

from collections import Counter

from tabletop.kernel.engine import evolve, link_moves
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import OBJECTIVE_KINDS
from tabletop.takenoko.moves import KeepTile, Move
from tabletop.takenoko.state import HIDDEN_CARD, HIDDEN_TILE, KeepPlot, PlacePlot, State

_HIDDEN_BY_PREFIX = {HIDDEN_CARD[kind]: kind for kind in OBJECTIVE_KINDS}


def view(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it (a state of the same type, with a masked random source)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not in this {state.players}-player game")
    cards = state.components.cards
    boards = tuple(
        board
        if s == seat
        else evolve(board, hand=tuple(HIDDEN_CARD[cards[c].kind] if c in cards else c for c in board.hand))
        for s, board in enumerate(state.boards)
    )
    decks = tuple(
        tuple(HIDDEN_CARD[kind] for _ in deck) for kind, deck in zip(OBJECTIVE_KINDS, state.decks, strict=True)
    )
    stack = tuple(
        KeepPlot(pending.seat, tuple(HIDDEN_TILE for _ in pending.drawn))
        if isinstance(pending, KeepPlot) and pending.seat != seat
        else pending
        for pending in state.stack
    )
    return evolve(
        state,
        rng=state.rng.mask(),
        boards=boards,
        decks=(decks[0], decks[1], decks[2]),
        tile_pile=_pile_seen_by(state, seat),
        stack=stack,
        log=link_moves(tuple(_redact(move) for move in state.history)),
    )


def _pile_seen_by(state: State, seat: int) -> tuple[str, ...]:
    """The plot pile as ``seat`` knows it: only the tiles it put back under the pile itself."""
    pile = state.tile_pile
    unknown = len(pile) - len(state.returned_by)
    return tuple(HIDDEN_TILE for _ in range(unknown)) + tuple(
        code if who == seat else HIDDEN_TILE for code, who in zip(pile[unknown:], state.returned_by, strict=True)
    )


def _redact(move: Move) -> Move:
    if isinstance(move, KeepTile) and move.under:
        return KeepTile(move.keep, tuple(HIDDEN_TILE for _ in move.under))
    return move


def determinize(state: State, rng: Rng) -> State:
    """A full state agreeing with the view ``state``: hidden cards and tiles dealt with ``rng``.

    The result also carries a fresh random source drawn from ``rng``, so it can be played on.
    Applied to a full state it only replaces the random source.
    """
    cards = state.components.cards
    seen = {c for board in state.boards for c in board.hand + board.completed if c in cards}
    seen.update(c for deck in state.decks for c in deck if c in cards)
    unseen_by_kind = {kind: [c for c in state.components.deck(kind) if c not in seen] for kind in OBJECTIVE_KINDS}
    pools = {}
    for kind in OBJECTIVE_KINDS:
        pool, rng = rng.shuffled(unseen_by_kind[kind])
        pools[kind] = list(pool)

    def deal(card: str) -> str:
        kind = _HIDDEN_BY_PREFIX.get(card)
        return card if kind is None else pools[kind].pop()

    boards = tuple(evolve(board, hand=tuple(deal(c) for c in board.hand)) for board in state.boards)
    decks = tuple(tuple(deal(c) for c in deck) for deck in state.decks)

    tiles = Counter(tile.code for tile in state.components.tiles)
    tiles.subtract(plot.tile for plot in state.garden.values())
    pending = state.pending
    if isinstance(pending, PlacePlot):
        tiles[pending.tile] -= 1
    visible = list(state.tile_pile)
    if isinstance(pending, KeepPlot):
        visible.extend(pending.drawn)
    tiles.subtract(code for code in visible if code != HIDDEN_TILE)
    tile_pool, rng = rng.shuffled(sorted(tiles.elements()))
    free_tiles = list(tile_pool)

    def deal_tile(code: str) -> str:
        return free_tiles.pop() if code == HIDDEN_TILE else code

    pile = tuple(deal_tile(code) for code in state.tile_pile)
    stack = state.stack
    if isinstance(pending, KeepPlot):
        stack = (KeepPlot(pending.seat, tuple(deal_tile(code) for code in pending.drawn)),)
    game_rng, rng = rng.next64()
    return evolve(
        state,
        rng=Rng(game_rng),
        boards=boards,
        decks=(decks[0], decks[1], decks[2]),
        tile_pile=pile,
        stack=stack,
    )
