"""Observation tensors for learning agents: what a seat knows, as a flat ``float32`` vector.

Layout (:func:`observation_layout`): the shared board (floodgate, water level, the turn's round
and ending stage, the windmill on each main-board space seen from the seat: 1 its own, 2 the
next player's...), then per player, the seat first and the others clockwise: VP, Guilder,
Tools, calendar, active large and small space, storage and patches counted by colour per row,
windmills per group, helpers and contracts held, market area; in solo, the Gardener's VP,
calendar, windmills left, market area, cards revealed and garden by colour per row.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.layout import Layout
from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.state import ROWS, State


def observation_layout(state: State) -> Layout:
    """The named blocks of the observations of positions like ``state`` (same player count and
    component data)."""
    layout = Layout()
    layout.block("board", 4)
    layout.block("mills", len(state.components.spaces))
    for k in range(state.players):
        layout.block(f"player{k}.tokens", 6)
        layout.block(f"player{k}.storage", len(COLOURS))
        layout.block(f"player{k}.patches", ROWS * len(COLOURS))
        layout.block(f"player{k}.farm", len(state.components.farm.group_sizes) + 3)
    if state.gardener is not None:
        layout.block("gardener", 5 + ROWS * len(COLOURS))
    return layout


def observation(state: State, seat: int) -> Any:
    """What ``seat`` knows of ``state`` as a flat ``float32`` vector (see the module's layout)."""
    import numpy

    layout = observation_layout(state)
    out = numpy.zeros(layout.size, dtype=numpy.float32)
    out[layout["board"]] = (state.floodgate, state.water, state.turn.round, state.turn.ending)
    out[layout["mills"]] = [0 if m < 0 else 1 + (m - seat) % state.players for m in state.mills]
    for k in range(state.players):
        farmer = state.farmers[(seat + k) % state.players]
        large, small = farmer.active
        out[layout[f"player{k}.tokens"]] = (farmer.vp, farmer.guilders, farmer.tools, farmer.calendar, large, small)
        out[layout[f"player{k}.storage"]] = [farmer.storage.count(c) for c in COLOURS]
        out[layout[f"player{k}.patches"]] = [row.count(c) for row in farmer.patches for c in COLOURS]
        out[layout[f"player{k}.farm"]] = (*farmer.windmills, len(farmer.helpers), len(farmer.contracts), farmer.market)
    gardener = state.gardener
    if gardener is not None:
        garden = [row.count(c) for row in gardener.garden for c in COLOURS]
        tokens = (gardener.vp, gardener.calendar, gardener.windmills, gardener.market, len(gardener.revealed))
        out[layout["gardener"]] = (*tokens, *garden)
    return out
