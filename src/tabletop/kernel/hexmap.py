"""Hex maps drawn in plain text, for the text pictures of games played on hexes.

A hex grid is drawn as a wall of bricks: every cell touches two cells on its own row and two on
each of the rows above and below, exactly as a pointy-top hexagon does. ``q`` grows to the right
along a row, ``r`` grows downwards (each row sits half a cell to the right of the one above it),
so the neighbours of ``q,r`` are ``q+1,r`` (E), ``q,r+1`` (SE), ``q-1,r+1`` (SW), ``q-1,r``
(W), ``q,r-1`` (NW) and ``q+1,r-1`` (NE), as :mod:`tabletop.kernel.hexgrid` numbers them. Each
cell is a box with two lines of text, centred::

    +-------+-------+
    | home1 | store |
    |  0,0  |  1,0  |
    +---+---+---+---+
        |  well |
        |  0,1  |
        +-------+

>>> print("\\n".join(HexMap({(0, 0): ("home1", "0,0"), (1, 0): ("store", "1,0")}).lines()))
+-------+-------+
| home1 | store |
|  0,0  |  1,0  |
+-------+-------+
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.kernel.hexgrid import Hex

#: The narrowest text inside a cell: a cell is at least this wide, whatever its labels.
NARROWEST = 7


class Canvas:
    """A grid of characters, grown on demand and written piece by piece (a picture being
    drawn; made and read within one render, never kept)."""

    def __init__(self) -> None:
        self._rows: dict[int, dict[int, str]] = {}

    def put(self, line: int, col: int, text: str) -> None:
        """Write ``text`` from column ``col`` of line ``line``, over what was there."""
        row = self._rows.setdefault(line, {})
        for i, char in enumerate(text):
            row[col + i] = char

    def lines(self) -> list[str]:
        """The picture, one string per line, without trailing spaces."""
        out = []
        for line in range(max(self._rows, default=-1) + 1):
            row = self._rows.get(line, {})
            out.append("".join(row.get(col, " ") for col in range(max(row, default=-1) + 1)).rstrip())
        return out


class HexMap:
    """The cells of ``labels`` drawn as a wall of bricks, each with its two lines of text
    (``labels[cell]``) centred in it. Every cell is as wide as the longest label needs (at
    least :data:`NARROWEST`). :meth:`corner` tells where a cell was drawn, so that a game can
    draw over the borders (Takenoko's irrigation channels) on :attr:`canvas`."""

    def __init__(self, labels: Mapping[Hex, Sequence[str]]) -> None:
        if not labels:
            raise ValueError("a hex map needs at least one cell")
        if any(len(text) != 2 for text in labels.values()):
            raise ValueError("each cell of a hex map has two lines of text")
        #: The columns of text inside a cell.
        self.inner = max(NARROWEST, *(len(line) for text in labels.values() for line in text))
        #: Columns from a cell's left border to the middle of its top border.
        self.half = (self.inner + 2) // 2
        #: Columns from a cell's left border to its right border.
        self.width = 2 * self.half
        self._left = min(2 * q + r for q, r in labels)
        self._top = min(r for _, r in labels)
        self.canvas = Canvas()
        for cell, (first, second) in labels.items():
            line, col = self.corner(cell)
            for y in (line, line + 3):
                self.canvas.put(y, col, "-" * (self.width + 1))
            for y in (line + 1, line + 2):
                self.canvas.put(y, col, "|")
                self.canvas.put(y, col + self.width, "|")
            self.canvas.put(line + 1, col + 1, first.center(self.inner))
            self.canvas.put(line + 2, col + 1, second.center(self.inner))
        # The corners last: a neighbour's border drawn later must not hide them.
        for cell in labels:
            line, col = self.corner(cell)
            for y in (line, line + 3):
                self.canvas.put(y, col, "+")
                self.canvas.put(y, col + self.width, "+")

    def corner(self, cell: Hex) -> tuple[int, int]:
        """The line and column of the top left corner of ``cell``'s box."""
        q, r = cell
        return 3 * (r - self._top), (2 * q + r - self._left) * self.half

    def lines(self) -> list[str]:
        """The map, one string per line."""
        return self.canvas.lines()
