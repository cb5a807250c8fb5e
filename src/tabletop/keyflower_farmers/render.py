"""A plain-text picture of a Keyflower position: the season, the auction row with its bids,
the boats, and each player's screen and village."""

from __future__ import annotations

from tabletop.keyflower_farmers.state import KeyflowerState, Tile
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.hexgrid import cell_text
from tabletop.kernel.pool import Pool

SEASON_NAMES = ("spring", "summer", "autumn", "winter")


def _pool(pool: Pool) -> str:
    text = " ".join(f"{n} {kind}" for kind, n in pool.as_dict().items())
    return text or "-"


def _tile(tile: Tile) -> str:
    parts = [tile.id + ("*" if tile.face else "")]
    if tile.goods.total:
        parts.append(f"goods {_pool(tile.goods)}")
    if tile.workers.total:
        parts.append(f"users {_pool(tile.workers)} (uses {'+'.join(map(str, tile.uses))})")
    return ", ".join(parts)


def render(state: KeyflowerState) -> str:
    lines = [f"{SEASON_NAMES[state.season]}, start player: seat {state.start}, passes in a row: {state.passes}"]
    lines.append("auction:")
    for tile_id, lot in state.lots:
        bids = "; ".join(f"seat {b.bidder}: {b.count} {b.colour}" for b in lot.bids) or "no bid"
        lines.append(f"  {_tile(state.tile(tile_id)) if not tile_id.startswith('order') else tile_id}  [{bids}]")
    lines.append("boats: " + "; ".join(f"{c.boat} ({_pool(c.workers)}; {_pool(c.skills)})" for c in state.boats))
    for seat in range(state.players):
        hidden = state.hidden_workers[seat] if state.hidden_workers else 0
        screen = _pool(state.screens[seat]) + (f" +{hidden} hidden" if hidden else "")
        lines.append(
            f"seat {seat}: workers {screen}; skills {_pool(state.skills[seat])}; wheat {state.wheat[seat]}"
        )
        village = state.villages[seat]
        for cell, tile_id, turns in village.layout:
            lines.append(f"  {cell_text(cell)} turned {turns}: {_tile(state.tile(tile_id))}")
        for field, animals in village.animals:
            lines.append(f"  field {cell_text(field[0])}/{field[1]}: {_pool(animals)}")
    supply = f"supply: {_pool(state.supply)}; green {state.green}; bag {len(state.bag)}"
    lines.append(supply + (f"; animals {_pool(state.animals)}; wheat {state.wheat_supply}" if state.farmers else ""))
    if state.to_move == CHANCE:
        lines.append(f"next: chance ({type(state.stack[-1]).__name__})")
    elif state.stack:
        lines.append(f"next: seat {state.to_move} ({type(state.stack[-1]).__name__})")
    return "\n".join(lines)
