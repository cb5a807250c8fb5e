"""Axial hexagonal coordinates: cells, directions, straight lines, rotations, edges and vertices.

A cell is a plain ``(q, r)`` tuple of ints, cheap to hash and to compare. The grid is drawn with
pointy-top hexagons, screen ``y`` pointing down, so the six directions in clockwise order are

    E (+1, 0), SE (0, +1), SW (-1, +1), W (-1, 0), NW (0, -1), NE (+1, -1)

and ``DIRECTIONS[i]`` is the ``i``-th of them. Rotating by one step turns a cell 60 degrees
clockwise about a centre.

An *edge* is the border shared by two adjacent cells, written canonically as the sorted pair of
the two cells, so ``edge(a, b) == edge(b, a)``. A *vertex* is a corner where three mutually
adjacent cells meet, written canonically as the sorted triple of those cells. Cells, edges and
vertices need not be occupied: occupancy is always given separately (a set of cells), which keeps
this module free of any game's rules.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import TypeAlias

Hex: TypeAlias = tuple[int, int]
Edge: TypeAlias = tuple[Hex, Hex]
Vertex: TypeAlias = tuple[Hex, Hex, Hex]

ORIGIN: Hex = (0, 0)

#: The six unit steps, clockwise from East.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

#: Names of :data:`DIRECTIONS`, in the same order.
DIRECTION_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")

_DIRECTION_INDEX: dict[Hex, int] = {d: i for i, d in enumerate(DIRECTIONS)}


def add(a: Hex, b: Hex) -> Hex:
    """The cell ``a`` translated by ``b``."""
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    """The offset that leads from ``b`` to ``a``."""
    return (a[0] - b[0], a[1] - b[1])


def scale(a: Hex, k: int) -> Hex:
    """``a`` multiplied by ``k`` (``k`` steps in direction ``a`` when ``a`` is a unit step)."""
    return (a[0] * k, a[1] * k)


def neighbour(cell: Hex, direction: int) -> Hex:
    """The cell next to ``cell`` in ``DIRECTIONS[direction % 6]``."""
    d = DIRECTIONS[direction % 6]
    return (cell[0] + d[0], cell[1] + d[1])


def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The six cells around ``cell``, clockwise from East."""
    q, r = cell
    return ((q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r), (q, r - 1), (q + 1, r - 1))


def are_adjacent(a: Hex, b: Hex) -> bool:
    """Whether ``a`` and ``b`` share an edge."""
    return (b[0] - a[0], b[1] - a[1]) in _DIRECTION_INDEX


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between ``a`` and ``b``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """The cells at exactly ``radius`` steps from ``center`` (just ``center`` for radius 0)."""
    if radius == 0:
        return (center,)
    out = []
    cell = add(center, scale(DIRECTIONS[4], radius))
    for side in range(6):
        for _ in range(radius):
            out.append(cell)
            cell = neighbour(cell, side)
    return tuple(out)


def disc(center: Hex, radius: int) -> tuple[Hex, ...]:
    """The cells within ``radius`` steps of ``center``, ring by ring from the centre outwards."""
    return tuple(cell for k in range(radius + 1) for cell in ring(center, k))


def walk(start: Hex, direction: int, occupied: Collection[Hex]) -> Iterator[Hex]:
    """The cells met moving from ``start`` in one direction, stopping before the first gap.

    ``start`` itself is not yielded; the walk ends at the first cell not in ``occupied``.
    """
    dq, dr = DIRECTIONS[direction % 6]
    q, r = start[0] + dq, start[1] + dr
    while (q, r) in occupied:
        yield (q, r)
        q, r = q + dq, r + dr


def line_destinations(start: Hex, occupied: Collection[Hex]) -> tuple[Hex, ...]:
    """Every cell reachable from ``start`` by a straight move of one or more steps over ``occupied``."""
    return tuple(cell for direction in range(6) for cell in walk(start, direction, occupied))


def rotate(cell: Hex, steps: int = 1, center: Hex = ORIGIN) -> Hex:
    """``cell`` turned ``steps`` times 60 degrees clockwise about ``center``."""
    q, r = cell[0] - center[0], cell[1] - center[1]
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q + center[0], r + center[1])


def mirror(cell: Hex, center: Hex = ORIGIN) -> Hex:
    """``cell`` reflected in the vertical line through ``center`` (left and right swap)."""
    q, r = cell[0] - center[0], cell[1] - center[1]
    return (-q - r + center[0], r + center[1])


def rotate_pattern(cells: Iterable[Hex], steps: int = 1, center: Hex = ORIGIN) -> tuple[Hex, ...]:
    """Every cell of a pattern turned ``steps`` times 60 degrees clockwise about ``center``."""
    return tuple(rotate(cell, steps, center) for cell in cells)


def rotations(cells: Iterable[Hex]) -> tuple[tuple[Hex, ...], ...]:
    """The six rotations of a pattern about the origin (the first is the pattern itself)."""
    base = tuple(cells)
    return tuple(rotate_pattern(base, k) for k in range(6))


def normalized(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """A pattern translated so that its smallest cell is the origin, cells sorted.

    Two patterns are translations of each other exactly when their normal forms are equal.
    """
    ordered = sorted(cells)
    if not ordered:
        return ()
    base = ordered[0]
    return tuple(sub(cell, base) for cell in ordered)


def edge(a: Hex, b: Hex) -> Edge:
    """The canonical edge between two adjacent cells (the same whatever the order of the cells).

    Raises ``ValueError`` if the cells are not adjacent.
    """
    if not are_adjacent(a, b):
        raise ValueError(f"cells {a} and {b} are not adjacent, so they share no edge")
    return (a, b) if a < b else (b, a)


def edges_of(cell: Hex) -> tuple[Edge, ...]:
    """The six edges around ``cell``, clockwise from its East side."""
    return tuple((cell, n) if cell < n else (n, cell) for n in neighbours(cell))


def edge_vertices(e: Edge) -> tuple[Vertex, Vertex]:
    """The two vertices at the ends of an edge."""
    a, b = e
    d = _DIRECTION_INDEX[(b[0] - a[0], b[1] - a[1])]
    return (
        vertex(a, b, neighbour(a, d - 1)),
        vertex(a, b, neighbour(a, d + 1)),
    )


def edge_far_cells(e: Edge) -> tuple[Hex, Hex]:
    """The two cells that touch an edge only at one of its ends (one per end).

    ``edge_far_cells(edge(a, b))`` are the two cells adjacent to both ``a`` and ``b``.
    """
    a, b = e
    d = _DIRECTION_INDEX[(b[0] - a[0], b[1] - a[1])]
    return (neighbour(a, d - 1), neighbour(a, d + 1))


def vertex(a: Hex, b: Hex, c: Hex) -> Vertex:
    """The canonical vertex where three mutually adjacent cells meet.

    Raises ``ValueError`` unless the three cells are pairwise adjacent.
    """
    if not (are_adjacent(a, b) and are_adjacent(b, c) and are_adjacent(a, c)):
        raise ValueError(f"cells {a}, {b} and {c} do not meet at a corner")
    x, y, z = sorted((a, b, c))
    return (x, y, z)


def vertices_of(cell: Hex) -> tuple[Vertex, ...]:
    """The six corners of ``cell``, clockwise, each between two consecutive neighbours."""
    around = neighbours(cell)
    return tuple(vertex(cell, around[i], around[(i + 1) % 6]) for i in range(6))


def cell_text(cell: Hex) -> str:
    """The notation of a cell: ``"q,r"``, e.g. ``"1,-2"``."""
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str) -> Hex:
    """The cell written ``"q,r"``; raises ``ValueError`` on anything else."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a cell (expected 'q,r')")
    return (int(parts[0]), int(parts[1]))


def edge_text(e: Edge) -> str:
    """The notation of an edge: its two cells in canonical order, ``"q,r|q,r"``."""
    return f"{cell_text(e[0])}|{cell_text(e[1])}"


