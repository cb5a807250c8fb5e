"""The game's preparation: the random deals (windmill boards, the enhancement display, the farm
offer, the foreign trade stack's first card, the starting cards on display), the draft of the
starting cards in reverse turn order (the leftover card becomes the Queen's Wish), and the
market markers placed in reverse turn order, then the neutral markers by player count. The
display and offer refills of the game use the same deals."""

from __future__ import annotations

from tabletop.kernel.engine import evolve, pop, sample
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley.moves import ChooseStart, Dealt, PlaceMarker
from tabletop.windmill_valley.rules.common import with_farmer
from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.rules.gardener import place_gardener_marker
from tabletop.windmill_valley.state import (
    DISPLAY_TIERS,
    GARDENER,
    DealBoard,
    DealBulb,
    DealFarm,
    DealStart,
    DealTile,
    DealTrade,
    Draft,
    PlaceFirstMarker,
    State,
)

TIERS_IN_STACKS = ("common", "uncommon", "unique")


def board_outcomes(state: State, pending: DealBoard) -> tuple[tuple[Dealt, int], ...]:
    return tuple((Dealt("board", str(board)), n) for board, n in state.boards.draw_outcomes())


def board_sample(state: State, pending: DealBoard, rng: Rng) -> tuple[Dealt, Rng]:
    """What sampling :func:`board_outcomes` draws, without listing them."""
    board, rng = state.boards.sample_draw(rng)
    return Dealt("board", str(board)), rng


def deal_board(state: State, pending: DealBoard, outcome: Dealt) -> State:
    """The board goes to the seat (or to the solo Gardener)."""
    board = int(outcome.item)
    gardener = state.gardener
    if gardener is not None and pending.target == GARDENER:
        return pop(evolve(state, gardener=evolve(gardener, board=board), boards=state.boards.take(board)))
    farmer = evolve(state.farmers[pending.target], board=board)
    return pop(evolve(with_farmer(state, pending.target, farmer), boards=state.boards.take(board)))


def bulb_outcomes(state: State, pending: DealBulb) -> tuple[tuple[Dealt, int], ...]:
    return tuple((Dealt("bulb", colour), 1) for colour in COLOURS)


def deal_bulb(state: State, pending: DealBulb, outcome: Dealt) -> State:
    """The solo player's starting bulb, of a random colour."""
    return pop(with_farmer(state, 0, evolve(state.farmers[0], storage=(outcome.item,))))


def start_outcomes(state: State, pending: DealStart) -> tuple[tuple[Dealt, int], ...]:
    return tuple((Dealt("start", str(card)), n) for card, n in state.start_pile.draw_outcomes())


def start_sample(state: State, pending: DealStart, rng: Rng) -> tuple[Dealt, Rng]:
    """What sampling :func:`start_outcomes` draws, without listing them."""
    card, rng = state.start_pile.sample_draw(rng)
    return Dealt("start", str(card)), rng


def deal_start(state: State, pending: DealStart, outcome: Dealt) -> State:
    card = int(outcome.item)
    return pop(evolve(state, starting=(*state.starting, card), start_pile=state.start_pile.take(card)))


def trade_outcomes(state: State, pending: DealTrade) -> tuple[tuple[Dealt, int], ...]:
    return tuple((Dealt("trade", str(card)), n) for card, n in state.trade_pile.draw_outcomes())


def trade_sample(state: State, pending: DealTrade, rng: Rng) -> tuple[Dealt, Rng]:
    """What sampling :func:`trade_outcomes` draws, without listing them."""
    card, rng = state.trade_pile.sample_draw(rng)
    return Dealt("trade", str(card)), rng


def deal_trade(state: State, pending: DealTrade, outcome: Dealt) -> State:
    card = int(outcome.item)
    return pop(evolve(state, trade=card, trade_pile=state.trade_pile.take(card)))


def _source_tier(state: State, slot: int) -> tuple[int, bool]:
    """The stack a display slot is refilled from (its own tier's, or, when that tier is gone
    entirely, the Common one with the cost covered by an X tile) and whether it is covered."""
    tier = TIERS_IN_STACKS.index(DISPLAY_TIERS[slot])
    if state.stacks[tier] or state.discards[tier]:
        return tier, False
    return 0, tier != 0


def tile_outcomes(state: State, pending: DealTile) -> tuple[tuple[Dealt, int], ...]:
    """The tiles the slot may get: from its stack, or its shuffled discards when it is empty."""
    tier, _ = _source_tier(state, pending.slot)
    stack = state.stacks[tier]
    name = TIERS_IN_STACKS[tier]
    if stack:
        return tuple((Dealt(name, tile), n) for tile, n in stack.draw_outcomes())
    counts: dict[str, int] = {}
    for tile in state.discards[tier]:
        counts[tile] = counts.get(tile, 0) + 1
    return tuple((Dealt(name, tile), n) for tile, n in sorted(counts.items())) or ((Dealt(name, "none"), 1),)


def tile_sample(state: State, pending: DealTile, rng: Rng) -> tuple[Dealt, Rng]:
    """What sampling :func:`tile_outcomes` draws: from a stack without listing its tiles (the
    rare refill from the discards lists them)."""
    tier, _ = _source_tier(state, pending.slot)
    stack = state.stacks[tier]
    if not stack:
        return sample(tile_outcomes(state, pending), rng)
    tile, rng = stack.sample_draw(rng)
    return Dealt(TIERS_IN_STACKS[tier], tile), rng


def deal_tile(state: State, pending: DealTile, outcome: Dealt) -> State:
    """Put the tile on display (the discards become the stack when it ran out)."""
    tier, covered = _source_tier(state, pending.slot)
    state = pop(state)
    if outcome.item == "none":
        return state
    stacks, discards = list(state.stacks), list(state.discards)
    if not stacks[tier]:
        stacks[tier] = stacks[tier].shuffle_in(discards[tier])
        discards[tier] = ()
    stacks[tier] = stacks[tier].take(outcome.item)
    slot = pending.slot
    display = state.display[:slot] + (outcome.item,) + state.display[slot + 1 :]
    covers = state.covered[:slot] + (covered,) + state.covered[slot + 1 :]
    return evolve(state, display=display, covered=covers, stacks=tuple(stacks), discards=tuple(discards))


def farm_outcomes(state: State, pending: DealFarm) -> tuple[tuple[Dealt, int], ...]:
    """The card the offer slot gets: from the deck, or the reshuffled discard pile when the
    deck is empty, or none."""
    if state.deck:
        return tuple((Dealt("farm", str(card)), n) for card, n in state.deck.draw_outcomes())
    return tuple((Dealt("farm", str(card)), 1) for card in sorted(set(state.discard))) or ((Dealt("farm", "none"), 1),)


def farm_sample(state: State, pending: DealFarm, rng: Rng) -> tuple[Dealt, Rng]:
    """What sampling :func:`farm_outcomes` draws: from the deck without listing its cards (the
    rare draw from the discard pile lists them)."""
    if not state.deck:
        return sample(farm_outcomes(state, pending), rng)
    card, rng = state.deck.sample_draw(rng)
    return Dealt("farm", str(card)), rng


def deal_farm(state: State, pending: DealFarm, outcome: Dealt) -> State:
    """The card fills the offer slot (the discard pile becomes the deck when it ran out)."""
    state = pop(state)
    if outcome.item == "none":
        return state
    card = int(outcome.item)
    deck, discard = state.deck, state.discard
    if not deck:
        deck, discard = deck.shuffle_in(discard), ()
    offer = state.offer[: pending.slot] + (card,) + state.offer[pending.slot + 1 :]
    return evolve(state, offer=offer, deck=deck.take(card), discard=discard)


def draft_moves(state: State, pending: Draft) -> tuple[ChooseStart, ...]:
    return tuple(ChooseStart(card) for card in state.starting)


def draft(state: State, pending: Draft, move: ChooseStart) -> State:
    """Keep the card as the first helper; after the first player's choice, the leftover card
    turns to its Queen's Wish side."""
    farmer = state.farmers[pending.seat]
    state = with_farmer(state, pending.seat, evolve(farmer, helpers=(f"s{move.card}",)))
    left = tuple(card for card in state.starting if card != move.card)
    if pending.seat == 0:
        return pop(evolve(state, starting=(), wish=left[0]))
    return pop(evolve(state, starting=left))


def marker_moves(state: State, pending: PlaceFirstMarker) -> tuple[PlaceMarker, ...]:
    """An area without a player marker, if there is one."""
    taken = {f.market for f in state.farmers}
    free = tuple(PlaceMarker(a) for a in range(len(state.components.market)) if a not in taken)
    return free or tuple(PlaceMarker(a) for a in range(len(state.components.market)))


def place_marker(state: State, pending: PlaceFirstMarker, move: PlaceMarker) -> State:
    """Place the marker; once the first player has, the neutral markers: one per area with
    two players, one per area without the first player's with three, one in the area
    anticlockwise of the first player's with four."""
    farmer = evolve(state.farmers[pending.seat], market=move.area)
    state = pop(with_farmer(state, pending.seat, farmer))
    if pending.seat != 0:
        return state
    first = move.area
    if state.players <= 2:  # solo is set up as a two-player game
        neutrals: tuple[int, ...] = tuple(range(len(state.components.market)))
    elif state.players == 3:
        neutrals = tuple(a for a in range(len(state.components.market)) if a != first)
    else:
        neutrals = ((first - 1) % len(state.components.market),)
    state = evolve(state, neutrals=neutrals)
    return place_gardener_marker(state) if state.gardener is not None else state

