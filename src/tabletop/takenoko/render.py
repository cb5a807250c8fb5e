"""A plain-text picture of a Takenoko position: the garden, the reserve and the players.

Each tile is drawn at its place on the hex grid (pointy-top, rows offset by half a tile) as a
short label: the colour's initial (upper case when irrigated, lower case when dry), the bamboo
height, the improvement's initial (``W`` watershed, ``F`` fertilizer, ``E`` enclosure) and the
figures standing there (``+`` gardener, ``&`` panda). The pond is ``~~``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.kernel.hexgrid import cell_text, edge_text
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS

if TYPE_CHECKING:
    from tabletop.kernel.hexgrid import Hex
    from tabletop.takenoko.state import State

_SLOT = 3  # characters per half tile


def _label(state: State, cell: Hex) -> str:
    from tabletop.takenoko.state import POND

    if cell == POND:
        text = "~~"
    else:
        plot = state.garden[cell]
        letter = plot.colour[0].upper() if plot.irrigated else plot.colour[0]
        text = f"{letter}{plot.bamboo}{plot.improvement[:1].upper()}"
    if state.gardener == cell:
        text += "+"
    if state.panda == cell:
        text += "&"
    return text


def garden_picture(state: State) -> list[str]:
    """The garden drawn row by row (one text line per row ``r`` of the grid).

    Each line starts with its ``r`` and the ``q`` of its first tile; ``q`` grows by one from
    each tile to the next one on its right.
    """
    cells = sorted(state.occupied, key=lambda c: (c[1], c[0]))
    xs = [2 * q + r for q, r in cells]
    left = min(xs)
    rows: dict[int, list[str]] = {}
    first_q: dict[int, int] = {}
    for (q, r), x in zip(cells, xs, strict=True):
        line = rows.setdefault(r, [])
        first_q.setdefault(r, q)
        col = (x - left) * _SLOT
        text = "".join(line)
        if len(text) < col:
            line.append(" " * (col - len(text)))
        line.append(_label(state, (q, r)))
    lines = []
    for r in range(min(rows), max(rows) + 1):
        margin = f"r{r:+d} q{first_q[r]:+d}" if r in rows else f"r{r:+d}"
        lines.append(f"{margin:>8} | " + "".join(rows.get(r, [])).rstrip())
    return lines


def render(state: State) -> str:
    """The whole position as text."""
    lines = [
        f"Takenoko, {state.players} players, turn {state.turn_number}",
        "(colour initial, upper case when irrigated; height; improvement W/F/E; + gardener, & panda)",
    ]
    lines.extend(garden_picture(state))
    if state.channels:
        lines.append("channels: " + " ".join(edge_text(e) for e in sorted(state.channels)))
    lines.append(f"gardener {cell_text(state.gardener)}, panda {cell_text(state.panda)}")
    improvements = ", ".join(f"{k} {n}" for k, n in zip(IMPROVEMENTS, state.reserve_improvements, strict=True))
    lines.append(
        f"reserve: {state.reserve_channels} channels; {improvements}; "
        f"plots {len(state.tile_pile)}; objectives "
        + "/".join(str(len(deck)) for deck in state.decks)
    )
    points = state.scores()
    for seat, board in enumerate(state.boards):
        marks = []
        if seat == state.current and not state.is_over:
            marks.append("to play")
        if seat == state.emperor:
            marks.append("Emperor")
        bamboo = " ".join(f"{c} {n}" for c, n in zip(COLOURS, board.bamboo, strict=True) if n) or "no bamboo"
        stored = [f"{board.channels} channels"] if board.channels else []
        stored += [f"{n} {k}" for k, n in zip(IMPROVEMENTS, board.improvements, strict=True) if n]
        lines.append(
            f"seat {seat}: {points[seat]} points{' (' + ', '.join(marks) + ')' if marks else ''}; "
            f"hand {' '.join(board.hand) or '-'}; done {' '.join(board.completed) or '-'}; "
            f"{bamboo}{'; ' + ', '.join(stored) if stored else ''}"
        )
    if state.is_over:
        lines.append("game over; winners: " + ", ".join(f"seat {s}" for s in state.winners()))
    else:
        turn = state.turn
        lines.append(
            f"weather {turn.weather or '-'}; actions {' '.join(turn.actions) or '-'}; "
            f"asking {type(state.pending).__name__}"
        )
    return "\n".join(lines)
