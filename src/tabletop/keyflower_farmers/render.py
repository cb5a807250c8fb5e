"""A plain-text picture of a Keyflower position: the season, the auction row with its bids, the
boats, each player's screen and village (a hex map, then each hex with what lies on it), the
supplies and piles, and the decision asked (or, once the game is over, the scores).

A village is drawn as a hex map (:mod:`tabletop.kernel.hexmap`): each hex shows its tile (``*``
once upgraded) over its cell ``q,r`` as moves write it. In a view, what the viewer cannot see
is counted (``3 hidden``), never shown.
"""

from __future__ import annotations

from tabletop.keyflower_farmers.state import KeyflowerState, Tile
from tabletop.kernel.engine import seat_name
from tabletop.kernel.hexgrid import cell_text
from tabletop.kernel.hexmap import HexMap
from tabletop.kernel.pool import Pool

SEASON_NAMES = ("spring", "summer", "autumn", "winter")


def _pool(pool: Pool) -> str:
    text = " ".join(f"{n} {kind}" for kind, n in pool.as_dict().items())
    return text or "-"


def _hidden(shown: str, hidden: tuple[int, ...], seat: int) -> str:
    """``shown`` with the count the viewer cannot see of seat ``seat``'s, if any."""
    count = hidden[seat] if hidden else 0
    if not count:
        return shown
    return f"{count} hidden" if shown in ("-", "0", "") else f"{shown} +{count} hidden"


def _tile(tile: Tile) -> str:
    parts = [tile.id + ("*" if tile.face else "")]
    if tile.goods.total:
        parts.append(f"goods {_pool(tile.goods)}")
    if tile.workers.total:
        parts.append(f"users {_pool(tile.workers)} (uses {'+'.join(map(str, tile.uses))})")
    return ", ".join(parts)


def _auction(state: KeyflowerState) -> list[str]:
    lines = ["auction:"]
    for tile_id, lot in state.lots:
        bids = "; ".join(f"seat {b.bidder}: {b.count} {b.colour}" for b in lot.bids) or "no bid"
        # Turn-order tiles are bid for, never used: nothing lies on them.
        shown = tile_id if tile_id not in state.tile_positions() else _tile(state.tile(tile_id))
        lines.append(f"  {shown}  [{bids}]")
    return lines


def _player(state: KeyflowerState, seat: int) -> list[str]:
    workers = _hidden(_pool(state.screens[seat]), state.hidden_workers, seat)
    skills = _hidden(_pool(state.skills[seat]), state.hidden_skills, seat)
    wheat = _hidden(str(state.wheat[seat]), state.hidden_wheat, seat)
    start = " (start player)" if seat == state.start else ""
    lines = [f"seat {seat}{start}: workers {workers}; skills {skills}; wheat {wheat}"]
    hand = _hidden(" ".join(state.winter_hands[seat]), state.hidden_winter, seat)
    offer = " ".join(state.winter_offers[seat])
    if hand:
        lines.append(f"  winter tiles in hand: {hand}")
    if offer:
        lines.append(f"  winter tiles offered: {offer}")
    village = state.villages[seat]
    ids = {cell: state.tile(tile_id) for cell, tile_id, _ in village.layout}
    picture = HexMap({cell: (tile.id + ("*" if tile.face else ""), cell_text(cell)) for cell, tile in ids.items()})
    lines += ["  " + line for line in picture.lines()]
    for cell, tile_id, turns in village.layout:
        lines.append(f"  {cell_text(cell)} turned {turns}: {_tile(ids[cell])}")
    for field, animals in village.animals:
        lines.append(f"  field {cell_text(field[0])}/{field[1]}: {_pool(animals)}")
    return lines


def _supplies(state: KeyflowerState) -> list[str]:
    supply = f"supply: {_pool(state.supply)}; green {state.green}; bag {len(state.bag)}"
    if state.farmers:
        supply += f"; animals {_pool(state.animals)}; wheat {state.wheat_supply}"
    piles = ", ".join(f"{name} {len(pile)}" for name, pile in zip(SEASON_NAMES, state.season_piles, strict=True))
    return [supply, f"piles: {piles}; winter deck {len(state.winter_deck)}; skills {len(state.skill_pile)}"]


def _asked(state: KeyflowerState) -> str:
    """The decision asked, or the outcome once the game is over (the scores of a full state:
    a view cannot count what lies behind the other screens)."""
    if state.is_over:
        if state.viewer is not None:
            return "game over"
        scores = ", ".join(f"seat {seat} {points}" for seat, points in enumerate(state.scores()))
        return f"game over; scores: {scores}; winners: " + ", ".join(f"seat {s}" for s in state.winners())
    pending = state.pending
    doing = state.rules.decisions[type(pending)].doing
    return f"{seat_name(pending.seat)} to decide: {doing}"


def render(state: KeyflowerState) -> str:
    view = f" (seat {state.viewer}'s view)" if state.viewer is not None else ""
    lines = [f"{SEASON_NAMES[state.season]}{view}, passes in a row: {state.passes}"]
    lines += _auction(state)
    lines.append("boats: " + ("; ".join(f"{c.boat} ({_pool(c.workers)}; {_pool(c.skills)})" for c in state.boats) or "-"))
    for seat in range(state.players):
        lines += _player(state, seat)
    lines += _supplies(state)
    lines.append(_asked(state))
    return "\n".join(lines)
