"""The five actions: Plot, Irrigation, Gardener, Panda and Objective, and the action phase's
list of moves (the open actions, the free moves, and ending the turn).
"""

from __future__ import annotations

import functools
import itertools

from tabletop.kernel.engine import CHANCE, evolve, samples_now
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import IMPROVEMENTS, OBJECTIVE_KINDS
from tabletop.kernel.shared import Shared, shared
from tabletop.takenoko.moves import (
    DrawCard,
    DrawTile,
    EndTurn,
    GardenerAction,
    IrrigationAction,
    KeepTile,
    Move,
    ObjectiveAction,
    PandaAction,
    PlaceTile,
    PlotAction,
)
from tabletop.takenoko.rules.chance import card_outcomes, card_sample, tile_outcomes, tile_samples
from tabletop.takenoko.rules.free import free_moves
from tabletop.takenoko.rules.garden import (
    AROUND,
    IMPROVEMENT_INDEX,
    POND_RING_SET,
    RAYS,
    Memo,
    eat,
    grow,
    growth,
    irrigate,
    line_destinations,
    plot_spots,
    unchanged_from,
    with_board,
)
from tabletop.takenoko.rules.objectives import objective_met
from tabletop.takenoko.rules.turn import ACTION_BIT, CHOOSING, ask, holds, open_action_bits, took
from tabletop.takenoko.state import (
    MAX_HEIGHT,
    ChooseAction,
    DrawObjective,
    DrawPlots,
    KeepPlot,
    Layout,
    PlacePlot,
    Player,
    Plot,
    State,
    Turn,
)

END_TURN = EndTurn()
_PLOT = PlotAction()
_IRRIGATION = IrrigationAction()


def action_moves(state: State, pending: ChooseAction) -> tuple[Move, ...]:
    """The action phase: an open action, a free move, or the end of the turn (after two actions,
    or when no action is left to take)."""
    actions = open_action_bits(state)
    # The actions in the order of ACTIONS: plot, irrigation, gardener, panda, objective.
    moves = _PLAIN_ACTIONS[actions & _PLAIN]
    if actions & _GARDENER:
        moves += _GARDENER_MOVES[state.garden.layout, state.gardener]
    if actions & _PANDA:
        moves += _PANDA_MOVES[state.garden.layout, state.panda]
    if actions & _OBJECTIVE:
        moves += _objective_moves(state.decks)
    moves += free_moves(state)
    if not actions or len(state.turn.actions) >= 2:
        moves += _END_TURN
    return moves


_PLAIN = ACTION_BIT["plot"] | ACTION_BIT["irrigation"]
_GARDENER = ACTION_BIT["gardener"]
_PANDA = ACTION_BIT["panda"]
_OBJECTIVE = ACTION_BIT["objective"]
_END_TURN = (END_TURN,)


_GARDENER_TO: Shared[Move] = Shared(GardenerAction)
_PANDA_TO: Shared[Move] = Shared(PandaAction)
_OBJECTIVE_ACTIONS = tuple(ObjectiveAction(kind) for kind in OBJECTIVE_KINDS)


def _gardener_moves(key: tuple[Layout, Hex]) -> tuple[Move, ...]:
    return _figure_moves(key, _GARDENER_MOVES, _GARDENER_RAYS, _GARDENER_TO)


def _panda_moves(key: tuple[Layout, Hex]) -> tuple[Move, ...]:
    return _figure_moves(key, _PANDA_MOVES, _PANDA_RAYS, _PANDA_TO)


def _figure_moves(
    key: tuple[Layout, Hex],
    known: Memo[tuple[Layout, Hex], tuple[Move, ...]],
    rays: Memo[Hex, tuple[tuple[tuple[Hex, Move], ...], ...]],
    to: Shared[Move],
) -> tuple[Move, ...]:
    """The moves of a figure standing on ``key[1]``: those it had on the layout this one grew
    from when no plot was added on its lines, else, line by line, the moves to the cells met
    before the first gap (as :func:`~tabletop.takenoko.rules.garden.line_destinations` walks
    them). A figure moves at every other decision, so this is worked out often: the moves
    along each line are made once per cell (:func:`_ray_moves`), and taken up to where the tiles
    stop."""
    layout, start = key
    before = unchanged_from(layout, start)
    if before is not None:
        moves = known.get((before, start))
        if moves is not None:
            return moves
    occupied = layout.occupied
    found: list[Move] = []
    for ray in rays[start]:
        for cell, move in ray:
            if cell not in occupied:
                break
            found.append(move)
        else:  # a line of tiles longer than the rays: walked to its end
            return tuple(map(to.__getitem__, line_destinations(layout, start)))
    return tuple(found)


def _ray_moves(to: Shared[Move]) -> Memo[Hex, tuple[tuple[tuple[Hex, Move], ...], ...]]:
    """A table, by cell, of the cells along its six lines (nearest first, as far as
    :data:`~tabletop.takenoko.rules.garden.RAYS` reach), each with the move there."""

    def along(start: Hex) -> tuple[tuple[tuple[Hex, Move], ...], ...]:
        return tuple(tuple((cell, to[cell]) for cell in ray) for ray in RAYS[start])

    return Memo(along, 4_096)


_GARDENER_RAYS = _ray_moves(_GARDENER_TO)
_PANDA_RAYS = _ray_moves(_PANDA_TO)
#: The moves of the gardener and of the panda, by (layout, cell the figure stands on).
_GARDENER_MOVES: Memo[tuple[Layout, Hex], tuple[Move, ...]] = Memo(_gardener_moves)
_PANDA_MOVES: Memo[tuple[Layout, Hex], tuple[Move, ...]] = Memo(_panda_moves)


#: The moves of the open actions Plot and Irrigation, which take no further choice, by their
#: bits (the first of ACTIONS, so they come first).
_PLAIN_ACTIONS: tuple[tuple[Move, ...], ...] = ((), (_PLOT,), (_IRRIGATION,), (_PLOT, _IRRIGATION))


def _objective_moves(decks: tuple[Pile[str], Pile[str], Pile[str]]) -> tuple[Move, ...]:
    """A draw from each objective deck that still holds cards (usually all three: each still
    holds unseen cards)."""
    plot, gardener, panda = decks
    if plot.unseen and gardener.unseen and panda.unseen:
        return _OBJECTIVE_ACTIONS
    return tuple(draw for draw, deck in zip(_OBJECTIVE_ACTIONS, decks, strict=True) if holds(deck))


# --- Plot ---------------------------------------------------------------------------------------


def draw_plots(state: State, move: PlotAction) -> State:
    """Plot: draw three plots (all that remain if fewer), one by one.

    The sampled mode draws them here, as the engine would on reaching the draw (as
    :func:`draw_tiles` does: nothing settles in between): one copy of the position rather
    than a second one waiting for the draw. The explicit mode, and a view (whose random source
    is hidden: the engine says so), wait for the draw.
    """
    pending = _DRAW_PLOTS[min(3, len(state.tile_pile))]
    turn = took(state, "plot")
    if samples_now(state):
        drawn, pile, returned, rng = _sample_tiles(state, pending, state.rng)
        return _to_keep(state, drawn, pile, returned, rng, turn)
    return ask(state, pending, turn=turn)


#: A Plot action's draw, by the number of tiles to draw (immutable values, made once).
_DRAW_PLOTS = tuple(DrawPlots(CHANCE, (), left) for left in range(4))


def tile_draws(state: State, pending: DrawPlots) -> tuple[tuple[DrawTile, int], ...]:
    return tile_outcomes(state.tile_pile)


def draw_tile(state: State, pending: DrawPlots, move: DrawTile) -> State:
    """One plot tile comes off the pile; after the last, the player chooses the one to keep."""
    pile = state.tile_pile
    returned = state.returned_by
    if not pile.unseen:  # tiles put back under the pile come up once the rest is drawn
        returned = returned[1:]
    drawn = pending.drawn + (move.code,)
    pile = pile.take(move.code)
    if pending.left > 1:
        return ask(state, DrawPlots(CHANCE, drawn, pending.left - 1), tile_pile=pile, returned_by=returned)
    return _to_keep(state, drawn, pile, returned, state.rng, state.turn)


def draw_tiles(state: State, pending: DrawPlots, rng: Rng) -> tuple[State, Rng]:
    """The sampled mode's shortcut for the rest of a Plot action's draw (see
    ``ChanceDecision.run``): every tile left to draw in one copy of the state rather than one
    per tile (settling does nothing between two draws: a chance event is on top)."""
    drawn, pile, returned, rng = _sample_tiles(state, pending, rng)
    return _to_keep(state, drawn, pile, returned, state.rng, state.turn), rng


def _sample_tiles(
    state: State, pending: DrawPlots, rng: Rng
) -> tuple[tuple[str, ...], Pile[str], tuple[int, ...], Rng]:
    """The tiles drawn, the pile and its returned-by list after them, and the next generator:
    every tile left to draw, each drawn as the engine would draw it from :func:`tile_draws`
    and taken as :func:`draw_tile` takes it (:func:`tile_samples`)."""
    pile = state.tile_pile
    tiles, after, rng = tile_samples(pile, pending.left, rng)
    # The tiles drawn once no unseen tile was left came from under the pile: who put them
    # back is known no more.
    from_bottom = len(tiles) - (len(pile.unseen) - len(after.unseen))
    return pending.drawn + tuple(tiles), after, state.returned_by[from_bottom:], rng


def _to_keep(
    state: State, drawn: tuple[str, ...], pile: Pile[str], returned: tuple[int, ...], rng: Rng, turn: Turn
) -> State:
    """The ``drawn`` tiles off the ``pile`` (and ``returned``, who put back each tile still
    under it), with the random source and the turn after the draw: the player chooses the tile
    to keep (kept at once when there is one choice). The changes are named rather than
    gathered (``**changes``), and the decision put on the stack here rather than through ask:
    passing them on would copy them again."""
    choices = keep_choices(drawn)
    if len(choices) == 1:
        return keep_plot(evolve(state, tile_pile=pile, returned_by=returned, rng=rng, turn=turn), choices[0])
    return evolve(
        state, stack=(KeepPlot(state.current, drawn),), tile_pile=pile, returned_by=returned, rng=rng, turn=turn
    )


@functools.cache
def keep_choices(drawn: tuple[str, ...]) -> tuple[KeepTile, ...]:
    """Each distinct way to keep one drawn tile and order the others under the pile (worked out
    once for each draw). The moves are shared between draws: the same tiles drawn in another
    order (or with another third tile) offer many of the same moves."""
    moves: dict[KeepTile, None] = {}
    for i, keep in enumerate(drawn):
        rest = drawn[:i] + drawn[i + 1 :]
        for order in itertools.permutations(rest):
            moves.setdefault(shared(KeepTile, keep, order))
    return tuple(moves)


def keep_moves(state: State, pending: KeepPlot) -> tuple[Move, ...]:
    return keep_choices(pending.drawn)


def keep_plot(state: State, move: KeepTile) -> State:
    """Plot: keep one tile; the others go under the pile, face down, in the chosen order."""
    # On the stack here rather than through ask (see _to_keep).
    return evolve(
        state,
        stack=(_placing(state.current, move.keep),),
        tile_pile=state.tile_pile.put_under(move.under),
        returned_by=state.returned_by + (state.current,) * len(move.under),
    )


@functools.cache
def _placing(seat: int, tile: str) -> PlacePlot:
    """The decision placing the kept ``tile`` (made once for each seat and tile: pending
    decisions are immutable values, and building one costs more than finding it)."""
    return PlacePlot(seat, tile)


@functools.cache
def _new_plot(tile: str, colour: str, improvement: str) -> Plot:
    """A plot just placed, before any watering (made once for each kind of tile, as
    :func:`_placing`: plots are immutable values, shared by every garden holding them)."""
    return Plot(tile, colour, improvement)


_PLACE_AT: Shared[Move] = Shared(PlaceTile)
_PLACE_WITH = {kind: Shared(PlaceTile, kind) for kind in IMPROVEMENTS}


def place_moves(state: State, pending: PlacePlot) -> tuple[Move, ...]:
    """Where the kept plot may go, with a stored improvement laid on it first where that matters."""
    spots = plot_spots(state)
    moves: list[Move] = list(map(_PLACE_AT.__getitem__, spots))
    tile = state.components.tile_by_code[pending.tile]
    stock = state.boards[state.current].improvements
    if state.options.improvement_before_shoot and not tile.improvement and any(stock):
        # Only a plot irrigated at once needs the token before its shoot; elsewhere placing
        # the token afterwards is the same thing.
        for cell in spots:
            if cell in POND_RING_SET:
                moves.extend(_PLACE_WITH[kind][cell] for kind, n in zip(IMPROVEMENTS, stock, strict=True) if n)
    return tuple(moves)


def place_plot(state: State, move: PlaceTile) -> State:
    """Plot: put the tile next to the pond or next to two plots; irrigated at once, it sprouts."""
    pending = state.stack[-1]
    assert isinstance(pending, PlacePlot)
    tile = state.components.tile_by_code[pending.tile]
    boards = state.boards
    plot = _new_plot(pending.tile, tile.colour, tile.improvement)
    if move.improvement:
        i = IMPROVEMENT_INDEX[move.improvement]
        board = state.boards[state.current]
        boards = with_board(state, state.current, evolve(board, improvements=board.improvements.take(i)))
        plot = evolve(plot, improvement=move.improvement, token=True)
    reserve = state.reserve_bamboo
    if move.at in POND_RING_SET or plot.improvement == "watershed":
        plot, reserve = irrigate(state, plot, reserve)
    # Back to the action phase: its stack is put here (as action_phase would: an action was
    # taken, so the turn's actions are declared by now under the variant declare_actions)
    # rather than the changes passed on through one more call.
    return evolve(
        state,
        stack=CHOOSING[state.current],
        garden=state.garden.with_plot(move.at, plot),
        boards=boards,
        reserve_bamboo=reserve,
    )


# --- Irrigation, Gardener, Panda ----------------------------------------------------------------


def take_irrigation(state: State, move: IrrigationAction) -> State:
    """Irrigation: take a channel from the reserve (placing it is free, now or later)."""
    board = state.boards[state.current]
    # The action phase goes on: the state already asks the current player to choose (so
    # :func:`action_phase` would have nothing to change but the fields given here).
    return evolve(
        state,
        reserve_channels=state.reserve_channels - 1,
        boards=with_board(state, state.current, evolve(board, channels=board.channels + 1)),
        turn=took(state, "irrigation"),
    )


def move_gardener(state: State, move: GardenerAction) -> State:
    """Gardener: move, then grow the plot reached and the adjacent irrigated plots of its colour."""
    # The action phase goes on (see take_irrigation).
    turn = took(state, "gardener")
    plots = state.garden.plots
    target = plots.get(move.to)
    if target is None:
        return evolve(state, gardener=move.to, turn=turn)
    colour = target.colour
    grown: dict[Hex, Plot] = {}
    reserve = state.reserve_bamboo
    for cell in AROUND[move.to]:
        # A membership test, then a lookup: the garden's read-only proxy answers get() only
        # through a second call to its dictionary's, and a neighbour is often no plot.
        if cell not in plots:
            continue
        plot = plots[cell]
        if plot.colour == colour and plot.irrigated and plot.bamboo < MAX_HEIGHT:
            grown[cell], reserve = grow(state, plot, growth(plot), reserve)
    if not grown:
        return evolve(state, gardener=move.to, turn=turn)
    return evolve(state, gardener=move.to, turn=turn, garden=state.garden.regrown(grown), reserve_bamboo=reserve)


def move_panda(state: State, move: PandaAction) -> State:
    """Panda: move, then eat one section of the plot reached (not on an enclosure)."""
    garden, boards = eat(state, move.to, state.current)
    # The action phase goes on (see take_irrigation).
    return evolve(state, panda=move.to, garden=garden, boards=boards, turn=took(state, "panda"))


# --- Objective ----------------------------------------------------------------------------------


def draw_objective(state: State, move: ObjectiveAction) -> State:
    """Objective: draw the top card of the chosen deck into one's hand.

    With the BGA variant ``redraw_satisfied``, a plot or gardener card the garden already
    shows goes under its deck and the next card is drawn instead (each card is looked at
    once at most, so a deck of satisfied cards still yields its last one).

    The sampled mode draws a card looked at once here, as the engine would on reaching the
    draw (:func:`card_drawn`, then :func:`draw_card`: nothing settles in between): one copy
    of the position rather than a second one waiting for the draw. The explicit mode, a view
    (whose random source is hidden: the engine says so) and a redraw wait for the draw.
    """
    index = OBJECTIVE_KINDS.index(move.deck)
    redraw = state.options.redraw_satisfied and move.deck != "panda"
    looks = len(state.decks[index]) if redraw else 1
    turn = took(state, "objective")
    if looks == 1 and samples_now(state):
        card, rng = card_sample(state.decks[index], state.rng)
        decks, boards = _into_hand(state, index, card.card)
        # The action phase goes on (see take_irrigation).
        return evolve(state, decks=decks, boards=boards, rng=rng, turn=turn)
    return ask(state, DrawObjective(CHANCE, index, looks), turn=turn)


def card_draws(state: State, pending: DrawObjective) -> tuple[tuple[DrawCard, int], ...]:
    return card_outcomes(state.decks[pending.deck])


def card_drawn(state: State, pending: DrawObjective, rng: Rng) -> tuple[DrawCard, Rng]:
    return card_sample(state.decks[pending.deck], rng)


def draw_card(state: State, pending: DrawObjective, move: DrawCard) -> State:
    """The card drawn goes into the hand (or, redrawing a satisfied card, under its deck)."""
    card = state.components.cards[move.card]
    if pending.looks > 1 and objective_met(state, state.current, card):
        decks = list(state.decks)
        decks[pending.deck] = decks[pending.deck].take(move.card).put_under((move.card,))
        return ask(state, DrawObjective(CHANCE, pending.deck, pending.looks - 1), decks=(decks[0], decks[1], decks[2]))
    kept, boards = _into_hand(state, pending.deck, move.card)
    # Back to the action phase, its stack put here (see place_plot).
    return evolve(state, stack=CHOOSING[state.current], decks=kept, boards=boards)


def _into_hand(
    state: State, index: int, card: str
) -> tuple[tuple[Pile[str], Pile[str], Pile[str]], tuple[Player, ...]]:
    """The decks and the boards once ``card`` is taken from the deck ``index`` into the current
    player's hand (the action phase then goes on: the callers make the position themselves,
    rather than have the changes passed on and copied again)."""
    decks = list(state.decks)
    decks[index] = decks[index].take(card)
    board = state.boards[state.current]
    return (decks[0], decks[1], decks[2]), with_board(state, state.current, evolve(board, hand=board.hand + (card,)))
