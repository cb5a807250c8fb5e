"""What one seat may see, and full positions sampled to agree with it.

A view hides the other players' hands (counted by deck in ``Player.backs``: the backs show
which deck each card came from), the objective decks (counted), the plot pile (counted, but for the plots the seat itself put
back under it), the plots another player is drawing or choosing among, the random events of
the history whose outcome the seat did not see, the order in which anyone put plots back, and
the random source. :func:`determinize` deals the unseen cards and tiles at random back into
those places (:func:`~tabletop.kernel.pile.deal_unseen`), which is what information-set
search needs.

A view cannot decide chance: its random source is masked and its piles only counted, so
applying a move that needs a random event (drawing plots or a card, the next turn's weather
die) raises the engine's :class:`~tabletop.kernel.engine.HiddenChance` (a
:class:`~tabletop.kernel.rng.MaskedRandomness`); with ``chance="explicit"``, asking a view for
the outcomes of a hidden draw raises it too. Play on from ``determinize(view, rng)``.

The tiles another player is choosing among, and the order of the tiles put back in the
history's ``keep`` moves, are written ``?`` (:data:`~tabletop.takenoko.state.HIDDEN_TILE`): the
view knows how many there are, and where, not which.

The plots another player put under the pile are counted with the unseen tiles: a view knows
that they are there, not which they are or where, and its known bottom lists only the seat's
own tiles, in their order.

A view's JSON (``view.to_json()``) shows what the seat sees; ``from_json`` refuses it as a
full state. Views of two full states that differ only in what the seat cannot see are equal
in every attribute, private ones included: the garden a view shares with its state holds
only the plots and facts derived from them, never anything the rules learnt about the hands
(what the rules keep is in tables of their modules, keyed by public values).
"""

from __future__ import annotations

from collections import Counter

from tabletop.kernel.engine import evolve, link_moves
from tabletop.kernel.pile import Pile, deal_unseen, unseen_by
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import OBJECTIVE_KINDS
from tabletop.takenoko.moves import DrawCard, DrawTile, KeepTile, Move
from tabletop.takenoko.state import (
    HIDDEN_TILE,
    NO_BACKS,
    Backs,
    DrawPlots,
    KeepPlot,
    Pending,
    PlacePlot,
    Player,
    State,
)


def view(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it (a state of the same type, with a masked random source)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not in this {state.players}-player game")
    cards = state.components.cards
    boards = tuple(
        board
        if s == seat or not board.hand
        else evolve(board, hand=(), backs=board.backs.plus(Backs.of(Counter(cards[c].kind for c in board.hand))))
        for s, board in enumerate(state.boards)
    )
    decks = tuple(deck.masked_all() for deck in state.decks)
    pile = state.tile_pile
    own = tuple(code for code, who in zip(pile.bottom, state.returned_by, strict=True) if who == seat)
    return evolve(
        state,
        rng=state.rng.mask(),
        boards=boards,
        decks=(decks[0], decks[1], decks[2]),
        tile_pile=Pile((), own, len(pile) - len(own)),
        returned_by=(seat,) * len(own),
        stack=tuple(_pending_seen_by(pending, state.current, seat) for pending in state.stack),
        log=link_moves(tuple(_redact(move) for move in state.history if not isinstance(move, (DrawTile, DrawCard)))),
    )


def _pending_seen_by(pending: Pending, drawer: int, seat: int) -> Pending:
    """The decision as ``seat`` sees it: the tiles another player drew are face down."""
    if drawer == seat:
        return pending
    if isinstance(pending, KeepPlot):
        return KeepPlot(pending.seat, tuple(HIDDEN_TILE for _ in pending.drawn))
    if isinstance(pending, DrawPlots):
        return DrawPlots(pending.seat, tuple(HIDDEN_TILE for _ in pending.drawn), pending.left)
    return pending


def _redact(move: Move) -> Move:
    if isinstance(move, KeepTile) and move.under:
        return KeepTile(move.keep, tuple(HIDDEN_TILE for _ in move.under))
    return move


def determinize(state: State, rng: Rng) -> State:
    """A full state agreeing with the view ``state``: hidden cards and tiles dealt with ``rng``.

    The result also carries a fresh random source drawn from ``rng``, so it can be played on.
    Applied to a full state it only replaces the random source.
    """
    boards, decks, rng = _deal_cards(state, rng)
    tile_pile, stack, rng = _deal_tiles(state, rng)
    game_rng, rng = rng.next64()
    return evolve(
        state,
        rng=Rng(game_rng),
        boards=boards,
        decks=decks,
        tile_pile=tile_pile,
        stack=stack,
    )


def _deal_cards(state: State, rng: Rng) -> tuple[tuple[Player, ...], tuple[Pile[str], Pile[str], Pile[str]], Rng]:
    """The hands and decks with every card seen from the back dealt (of the deck its back shows)."""
    cards = state.components.cards
    seen = [c for board in state.boards for c in board.hand + board.completed]
    hands = [list(board.hand) for board in state.boards]
    decks = list(state.decks)
    for index, kind in enumerate(OBJECTIVE_KINDS):
        deck = decks[index]
        known = [c for c in seen + list(deck.unseen + deck.bottom) if cards[c].kind == kind]
        places = [board.backs[index] for board in state.boards] + [deck.hidden]
        dealt, rng = deal_unseen(unseen_by(state.components.deck(kind), known), places, rng)
        for hand, given in zip(hands, dealt, strict=False):
            hand.extend(given)
        decks[index] = Pile(deck.unseen + dealt[-1], deck.bottom)
    boards = tuple(
        evolve(board, hand=tuple(hand), backs=NO_BACKS) for board, hand in zip(state.boards, hands, strict=True)
    )
    return boards, (decks[0], decks[1], decks[2]), rng


def _deal_tiles(state: State, rng: Rng) -> tuple[Pile[str], tuple[Pending, ...], Rng]:
    """The plot pile (and the tiles being drawn or chosen) with every hidden tile dealt."""
    pile = state.tile_pile
    pending = state.pending
    visible = Counter(plot.tile for plot in state.garden.values())
    visible.update(pile.unseen + pile.bottom)
    drawn: tuple[str, ...] = pending.drawn if isinstance(pending, (KeepPlot, DrawPlots)) else ()
    visible.update(code for code in drawn if code != HIDDEN_TILE)
    if isinstance(pending, PlacePlot):
        visible[pending.tile] += 1
    unseen = unseen_by((tile.code for tile in state.components.tiles), visible.elements())
    faces_down = sum(1 for code in drawn if code == HIDDEN_TILE)
    (in_pile, in_hand), rng = deal_unseen(unseen, [pile.hidden, faces_down], rng)
    stack = state.stack
    if faces_down:
        if isinstance(pending, KeepPlot):
            stack = (KeepPlot(pending.seat, in_hand),)
        elif isinstance(pending, DrawPlots):
            stack = (DrawPlots(pending.seat, in_hand, pending.left),)
    return Pile(pile.unseen + in_pile, pile.bottom), stack, rng
