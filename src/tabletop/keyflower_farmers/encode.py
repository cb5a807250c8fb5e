"""Observation tensors for learning agents: what a seat knows as a flat ``float32`` vector.

Blocks, in order (see :func:`observation_layout`): the season and the turn, the seat's own
screen (workers by colour, skills by kind, wheat) and winter tiles in hand, then for each
player from the seat clockwise what everyone sees of them (the size of their screen, in variant
B the workers and skill tiles lying open in front of it, their village: each hex held and its
face, the resources on it, the animals in their fields, sheep on the Sheep shelter), then the
auction (each hex up for bids: the highest bid, the seat's own bid, the colour, the workers
using it), the boats' cargo, the supplies, the decision being asked and the turn being answered
(where, bid or use, what is settled). Hexes are indexed by one catalogue of every hex of the
box. Nothing the seat cannot see is read: other screens only through their sizes and what
variant B lays open, the bag and piles through their sizes.
"""

from __future__ import annotations

from typing import Any, get_args

from tabletop.keyflower_farmers.components import ANIMALS, COLOURS, ORDER_ID, RESOURCES, SKILLS, Components
from tabletop.keyflower_farmers.state import MIXED, KeyflowerState, Pending, PlaceWorkers
from tabletop.kernel.layout import Layout

#: The pending decision types, in the order of the "asking" block.
ASKING: tuple[str, ...] = tuple(t.__name__ for t in get_args(Pending))


def catalogue(components: Components) -> tuple[str, ...]:
    """Every hex of the box by id: village tiles, home tiles, boats, turn-order tiles."""
    return (
        *(t.code for t in components.village),
        *(f"home{h.number}" for h in components.homes),
        *(b.code for b in components.boats),
        *(ORDER_ID[n] for n in range(1, 5)),
    )


def _winter_codes(components: Components) -> tuple[str, ...]:
    return tuple(t.code for t in components.village if t.kind == "winter")


def observation_layout(state: KeyflowerState) -> Layout:
    hexes = len(catalogue(state.components))
    layout = Layout()
    layout.block("season", 4)
    layout.block("turn", 3)  # passes in a row / players, seat is start player, seat to move
    layout.block("own.workers", len(COLOURS))
    layout.block("own.skills", len(SKILLS))
    layout.block("own.wheat", 1)
    layout.block("own.winter_hand", len(_winter_codes(state.components)))
    for k in range(state.players):
        layout.block(f"player{k}.screen", 3)  # workers, skills, wheat behind the screen
        layout.block(f"player{k}.open_workers", len(COLOURS))  # variant B: the workers in the open
        layout.block(f"player{k}.open_skills", len(SKILLS))  # variant B: the skill tiles face up
        layout.block(f"player{k}.hexes", hexes)
        layout.block(f"player{k}.upgraded", hexes)
        layout.block(f"player{k}.users", hexes)
        layout.block(f"player{k}.goods", len(RESOURCES))
        layout.block(f"player{k}.animals", len(ANIMALS))
        layout.block(f"player{k}.sheltered", 1)
    layout.block("auction.offered", hexes)
    layout.block("auction.highest", hexes)
    layout.block("auction.own", hexes)
    layout.block("auction.users", hexes)
    layout.block("auction.colour", hexes * len(COLOURS))
    layout.block("boats", len(state.components.boats) * (len(COLOURS) + len(SKILLS)))
    layout.block("supply", len(RESOURCES) + 4 + len(ANIMALS))  # + green, bag, skill pile, wheat
    layout.block("asking", len(ASKING))
    # A turn being answered (:class:`PlaceWorkers`): its hex, bid or use, the colour and the
    # number of workers once answered, the groups that move.
    layout.block("placing", hexes + 1 + len(COLOURS) + hexes + 1)
    return layout


def observation(state: KeyflowerState, seat: int) -> Any:
    import numpy

    layout = observation_layout(state)
    out = numpy.zeros(layout.size, dtype=numpy.float32)
    index = {tile_id: i for i, tile_id in enumerate(catalogue(state.components))}
    players = state.players
    out[layout["season"].start + state.season] = 1
    turn = layout["turn"].start
    out[turn] = state.passes / players
    out[turn + 1] = float(state.start == seat)
    out[turn + 2] = float(state.to_move == seat)
    out[layout["own.workers"]] = state.screens[seat]
    out[layout["own.skills"]] = state.skills[seat]
    out[layout["own.wheat"]] = state.wheat[seat]
    winter = _winter_codes(state.components)
    for code in (*state.winter_hands[seat], *state.winter_offers[seat]):
        out[layout["own.winter_hand"].start + winter.index(code)] = 1
    for k in range(players):
        _player(state, out, layout, index, k, (seat + k) % players)
    _auction(state, out, layout, index, seat)
    boats = layout["boats"].start
    for cargo in state.boats:
        i = next(n for n, b in enumerate(state.components.boats) if b.code == cargo.boat)
        width = len(COLOURS) + len(SKILLS)
        out[boats + i * width : boats + i * width + len(COLOURS)] = cargo.workers
        out[boats + i * width + len(COLOURS) : boats + (i + 1) * width] = cargo.skills
    supply = layout["supply"].start
    out[supply : supply + len(RESOURCES)] = state.supply
    rest = supply + len(RESOURCES)
    out[rest : rest + 4] = (state.green, len(state.bag), len(state.skill_pile), state.wheat_supply)
    out[rest + 4 : rest + 4 + len(ANIMALS)] = state.animals
    if state.stack:
        out[layout["asking"].start + ASKING.index(type(state.stack[-1]).__name__)] = 1
        if isinstance(state.stack[-1], PlaceWorkers):
            _placing(state.stack[-1], out, layout, index)
    return out


def _placing(pending: PlaceWorkers, out: Any, layout: Layout, index: dict[str, int]) -> None:
    hexes = len(index)
    start = layout["placing"].start
    out[start + index[pending.tile]] = 1
    out[start + hexes] = float(pending.bid)
    if pending.colour:  # one colour, or several (summer boat 4b): each colour placed marked
        for colour in pending.colour.split(MIXED):
            out[start + hexes + 1 + COLOURS.index(colour)] = 1
    moved = start + hexes + 1 + len(COLOURS)
    for lot in pending.moved:
        out[moved + index[lot]] = 1
    out[moved + hexes] = pending.count


def _screen_sizes(state: KeyflowerState, who: int) -> tuple[int, int, int]:
    """The sizes of a screen's contents, whether the state is full or a view."""
    hidden = (state.hidden_workers, state.hidden_skills, state.hidden_wheat)
    extra = tuple(h[who] if h else 0 for h in hidden)
    return (
        state.screens[who].total + extra[0],
        state.skills[who].total + extra[1],
        state.wheat[who] + extra[2],
    )


def _player(state: KeyflowerState, out: Any, layout: Layout, index: dict[str, int], k: int, who: int) -> None:
    out[layout[f"player{k}.screen"]] = _screen_sizes(state, who)
    if state.open_information:
        # What variant B lays open (a view keeps another seat's open workers on its screen and
        # no hidden ones: the same difference).
        out[layout[f"player{k}.open_workers"]] = state.screens[who].minus(state.secret[who])
        out[layout[f"player{k}.open_skills"]] = state.open_skills[who]
    village = state.villages[who]
    goods = [0] * len(RESOURCES)
    sheltered = 0
    for tile_id in village.ids:
        tile = state.tile(tile_id)
        out[layout[f"player{k}.hexes"].start + index[tile_id]] = 1
        out[layout[f"player{k}.upgraded"].start + index[tile_id]] = tile.face
        out[layout[f"player{k}.users"].start + index[tile_id]] = tile.workers.total
        goods = [a + b for a, b in zip(goods, tile.goods, strict=True)]
        sheltered += tile.sheep
    out[layout[f"player{k}.goods"]] = goods
    animals = [0] * len(ANIMALS)
    for _, held in village.animals:
        animals = [a + b for a, b in zip(animals, held, strict=True)]
    out[layout[f"player{k}.animals"]] = animals
    out[layout[f"player{k}.sheltered"]] = sheltered


def _auction(state: KeyflowerState, out: Any, layout: Layout, index: dict[str, int], seat: int) -> None:
    for tile_id, lot in state.lots:
        i = index[tile_id]
        out[layout["auction.offered"].start + i] = 1
        out[layout["auction.highest"].start + i] = lot.highest
        own = lot.bid_of(seat)
        out[layout["auction.own"].start + i] = own.count if own is not None else 0
        out[layout["auction.users"].start + i] = state.tile(tile_id).workers.total
        if lot.colour is not None:
            out[layout["auction.colour"].start + i * len(COLOURS) + COLOURS.index(lot.colour)] = 1
