"""A plain-text picture of a Takenoko position: the garden as a hex map, the reserve and the players.

The garden is drawn as a wall of bricks (:mod:`tabletop.kernel.hexmap`): ``q`` grows to the
right along a row, ``r`` grows downwards, each row half a cell to the right of the one above
it. Each cell shows::

    +-----+
    |G3W@&|   colour initial (upper case when irrigated), bamboo height, improvement,
    | 1,-1|   @ the gardener, & the panda; then the cell's q,r as moves write it
    +-----+

The pond shows ``pond`` over ``~~0,0~~``. An irrigation channel is drawn over the border it lies on: ``#``
for the border between two cells of a row, ``=`` for a border between two rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.kernel.hexgrid import DIRECTIONS, cell_text
from tabletop.kernel.hexmap import HexMap
from tabletop.takenoko.components import (
    COLOURS,
    IMPROVEMENTS,
    OBJECTIVE_KINDS,
    GardenerObjective,
    ObjectiveCard,
    PlotObjective,
)
from tabletop.takenoko.state import (
    POND,
    ChooseAction,
    Clouds,
    DealObjective,
    Declare,
    DrawObjective,
    DrawPlots,
    DrawStartPlayer,
    KeepPlot,
    PlacePlot,
    Rain,
    Storm,
    WeatherChoice,
    WeatherDie,
)

if TYPE_CHECKING:
    from tabletop.kernel.hexgrid import Hex
    from tabletop.takenoko.state import Pending, Player, State

#: The widest line the players' section is wrapped to.
WIDTH = 96

#: How a card seen from the back (another player's, in a view) is written, by deck.
_BACKS = {"plot": "P?", "gardener": "G?", "panda": "A?"}

GARDENER_MARK = "@"
PANDA_MARK = "&"
CHANNEL_ACROSS = "#"  # a channel on the upright border between two cells of one row
CHANNEL_ALONG = "="  # a channel on a border between two rows

_EAST, _SOUTH_EAST, _SOUTH_WEST = DIRECTIONS[0], DIRECTIONS[1], DIRECTIONS[2]


def _label(state: State, cell: Hex) -> str:
    """The first line of a cell: the plot (or the pond) and the figures standing on it."""
    if cell == POND:
        text = "pond" if state.gardener == cell or state.panda == cell else "~pond~"
    else:
        plot = state.garden[cell]
        letter = plot.colour[0].upper() if plot.irrigated else plot.colour[0]
        text = f"{letter}{plot.bamboo}{plot.improvement[:1].upper()}"
    if state.gardener == cell:
        text += GARDENER_MARK
    if state.panda == cell:
        text += PANDA_MARK
    return text


def garden_picture(state: State) -> list[str]:
    """The garden drawn as a hex map (see the module's documentation), one string per text line."""
    labels = {cell: (_label(state, cell), cell_text(cell)) for cell in state.occupied}
    labels[POND] = (labels[POND][0], f"~~{cell_text(POND)}~~")
    garden = HexMap(labels)
    half, width = garden.half, garden.width
    for a, b in state.channels:
        if (b[0] - a[0], b[1] - a[1]) not in (_EAST, _SOUTH_EAST, _SOUTH_WEST):
            a, b = b, a  # draw every channel from the upper cell (or the left one on a row)
        line, col = garden.corner(a)
        step = (b[0] - a[0], b[1] - a[1])
        if step == _EAST:
            garden.canvas.put(line + 1, col + width, CHANNEL_ACROSS)
            garden.canvas.put(line + 2, col + width, CHANNEL_ACROSS)
        else:
            start = col + (half if step == _SOUTH_EAST else 0)
            garden.canvas.put(line + 3, start + 1, CHANNEL_ALONG * (half - 1))
    return garden.lines()


def card_text(card: ObjectiveCard) -> str:
    """A short description of an objective card: what it asks for and its points."""
    if isinstance(card, PlotObjective):
        colours = "".join(colour[0].upper() for colour in card.colours)
        wants = f"irrigated {card.shape} {colours}"
    elif isinstance(card, GardenerObjective):
        many = f"{card.bamboos} " if card.bamboos > 1 else ""
        wants = f"{many}{card.colour} at {card.height}"
        if card.improvement == "none":
            wants += " no improvement"
        elif card.improvement != "any":
            wants += f" {card.improvement}"
    else:
        wants = "eat " + " ".join(f"{n}{c[0].upper()}" for c, n in zip(COLOURS, card.sections, strict=True) if n)
    return f"{card.id} {wants} ({card.points})"


def _packed(head: str, items: list[str]) -> list[str]:
    """``head`` then the items separated by commas, in lines of at most :data:`WIDTH` columns
    (an item is never cut; the lines after the first are indented under the first item)."""
    lines = [head]
    indent = " " * (len(head) - len(head.lstrip()) + 2)
    for i, item in enumerate(items):
        text = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(text) > WIDTH and lines[-1].strip() != head.strip():
            lines.append(indent + text)
        else:
            lines[-1] += " " + text
    return lines


def _player_lines(state: State, seat: int, board: Player, points: int) -> list[str]:
    marks = []
    # Before the start player is drawn (a game with explicit chance), nobody plays yet.
    playing = not state.is_over and not isinstance(state.pending, (DealObjective, DrawStartPlayer))
    if seat == state.current and playing:
        marks.append("to play")
    if seat == state.start_player and playing:
        marks.append("started")
    if seat == state.emperor:
        marks.append("Emperor")
    pointer = ">" if seat == state.current and playing else " "
    eaten = " ".join(f"{n}{c[0].upper()}" for c, n in zip(COLOURS, board.bamboo, strict=True) if n) or "-"
    stored = [f"{board.channels} channel{'s' if board.channels != 1 else ''}"] if board.channels else []
    stored += [f"{n} {kind}" for kind, n in zip(IMPROVEMENTS, board.improvements, strict=True) if n]
    lines = [f"{pointer} seat {seat}: {points} points{' (' + ', '.join(marks) + ')' if marks else ''}"]
    lines.append(f"    eaten {eaten}; stored {', '.join(stored) or '-'}")
    known = state.components.cards
    hand = [card_text(known[c]) for c in board.hand]
    hand += [_BACKS[kind] for kind, n in board.backs.as_dict().items() for _ in range(n)]
    lines += _packed(f"    hand ({board.held}):", hand or ["-"])
    if board.completed:
        lines += _packed(f"    done ({len(board.completed)}):", list(board.completed))
    return lines


def decision_text(state: State, pending: Pending | None) -> str:
    """The decision asked of the player to move, in words."""
    turn = state.turn
    if isinstance(pending, ChooseAction):
        taken = len(turn.actions)
        left = turn.allowance - taken
        if left <= 0:
            return "no action left: free moves (channel, improve, complete) or end the turn"
        return f"choose an action ({left} left), a free move (channel, improve, complete), or end"
    if isinstance(pending, Declare):
        return f"declare the turn's {turn.allowance} actions before taking them"
    if isinstance(pending, WeatherChoice):
        return "choose the weather: " + ", ".join(pending.choices)
    if isinstance(pending, Rain):
        return "rain: grow one irrigated plot by a section, or skip"
    if isinstance(pending, Storm):
        return "storm: put the panda on any plot (it eats a section there), or skip"
    if isinstance(pending, Clouds):
        return "clouds: take an improvement from the reserve, or skip"
    if isinstance(pending, KeepPlot):
        return "plot action: keep one drawn tile of " + " ".join(pending.drawn) + ", the rest go under the pile"
    if isinstance(pending, PlacePlot):
        return f"plot action: place tile {pending.tile} next to the pond or to two plots"
    if isinstance(pending, DealObjective):
        return f"chance: deal seat {pending.to} a {OBJECTIVE_KINDS[pending.deck]} objective"
    if isinstance(pending, DrawStartPlayer):
        return "chance: draw the start player"
    if isinstance(pending, WeatherDie):
        return "chance: roll the weather die"
    if isinstance(pending, DrawPlots):
        return f"chance: draw {pending.left} more plot tile{'s' if pending.left > 1 else ''}"
    if isinstance(pending, DrawObjective):
        return f"chance: draw a {OBJECTIVE_KINDS[pending.deck]} objective"
    return "nothing: the game is over"


def render(state: State) -> str:
    """The whole position as text."""
    lines = [f"Takenoko, {state.players} players, turn {state.turn_number}"]
    lines.extend(garden_picture(state))
    lines.append(
        f"Plot: colour g/y/p (upper case when irrigated), height, improvement W/F/E; "
        f"{GARDENER_MARK} gardener, {PANDA_MARK} panda"
    )
    lines.append(
        f"Cells are q,r: q+1 is east, r+1 is down-right; channels {CHANNEL_ACROSS} and {CHANNEL_ALONG} "
        f"lie on borders q,r|q,r"
    )
    lines.append(f"gardener {cell_text(state.gardener)}, panda {cell_text(state.panda)}")
    improvements = ", ".join(f"{n} {kind}" for kind, n in zip(IMPROVEMENTS, state.reserve_improvements, strict=True))
    reserve = f"reserve: {state.reserve_channels} channel{'s' if state.reserve_channels != 1 else ''}; {improvements}"
    if state.reserve_bamboo is not None:  # counted only when the supply is limited
        reserve += "; bamboo " + " ".join(
            f"{n}{c[0].upper()}" for c, n in zip(COLOURS, state.reserve_bamboo, strict=True)
        )
    lines.append(reserve)
    decks = ", ".join(f"{len(deck)} {kind}" for kind, deck in zip(("plot", "gardener", "panda"), state.decks, strict=True))
    lines.append(f"piles: {len(state.tile_pile)} plot tiles; objectives {decks}")
    points = state.scores()
    for seat, board in enumerate(state.boards):
        lines.extend(_player_lines(state, seat, board, points[seat]))
    if state.is_over:
        lines.append("game over; winners: " + ", ".join(f"seat {s}" for s in state.winners()))
    else:
        turn = state.turn
        weather = turn.weather or "none"
        actions = " ".join(turn.actions) or "none yet"
        if isinstance(state.pending, (DealObjective, DrawStartPlayer)):
            lines.append("preparing the game: no turn has begun")
        else:
            lines.append(f"seat {state.current}'s turn: weather {weather}; actions {actions} (of {turn.allowance})")
        if turn.declared is not None:
            lines.append("declared: " + " ".join(turn.declared))
        lines.append("to decide: " + decision_text(state, state.pending))
    return "\n".join(lines)
