"""Axial hex geometry: directions, lines, rotations, edges and vertices."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel import hexgrid
from tabletop.kernel.hexgrid import DIRECTIONS, ORIGIN

coord = st.integers(-20, 20)
cells = st.tuples(coord, coord)
steps = st.integers(-12, 12)


def test_six_directions_are_clockwise_unit_steps():
    assert len(set(DIRECTIONS)) == 6
    for i, d in enumerate(DIRECTIONS):
        assert hexgrid.distance(ORIGIN, d) == 1
        assert hexgrid.rotate(d, 1) == DIRECTIONS[(i + 1) % 6]


def test_neighbours_in_direction_order():
    assert hexgrid.neighbours((2, -1)) == tuple(hexgrid.neighbour((2, -1), i) for i in range(6))


@given(cells, st.integers(0, 5))
def test_neighbours_are_symmetric(cell, direction):
    other = hexgrid.neighbour(cell, direction)
    assert cell in hexgrid.neighbours(other)
    assert hexgrid.are_adjacent(cell, other)


@given(cells, cells)
def test_six_rotations_are_the_identity(cell, center):
    assert hexgrid.rotate(cell, 6, center) == cell
    assert hexgrid.rotate(hexgrid.rotate(cell, 2, center), 4, center) == cell


@given(cells, cells, steps)
def test_rotation_keeps_distances_to_the_centre(cell, center, k):
    assert hexgrid.distance(hexgrid.rotate(cell, k, center), center) == hexgrid.distance(cell, center)


@given(cells, cells)
def test_rotation_keeps_adjacency(a, center):
    b = hexgrid.neighbour(a, 2)
    for k in range(6):
        assert hexgrid.are_adjacent(hexgrid.rotate(a, k, center), hexgrid.rotate(b, k, center))


@given(cells)
def test_mirror_is_an_involution(cell):
    assert hexgrid.mirror(hexgrid.mirror(cell)) == cell


def test_mirror_swaps_left_and_right():
    assert hexgrid.mirror((1, 0)) == (-1, 0)
    assert hexgrid.mirror((0, 1)) == (-1, 1)


def test_rotations_of_a_pattern():
    line = ((0, 0), (1, 0), (2, 0))
    shapes = {hexgrid.normalized(r) for r in hexgrid.rotations(line)}
    assert len(shapes) == 3  # a straight line looks the same after half a turn


def test_walk_stops_at_a_gap():
    occupied = {(1, 0), (2, 0), (4, 0)}
    assert list(hexgrid.walk(ORIGIN, 0, occupied)) == [(1, 0), (2, 0)]
    assert list(hexgrid.walk(ORIGIN, 3, occupied)) == []


def test_line_destinations_cover_all_six_directions():
    occupied = set(hexgrid.disc(ORIGIN, 2))
    assert len(hexgrid.line_destinations(ORIGIN, occupied)) == 12


@given(cells, st.integers(0, 5))
def test_edge_is_order_independent(cell, direction):
    other = hexgrid.neighbour(cell, direction)
    assert hexgrid.edge(cell, other) == hexgrid.edge(other, cell)


def test_edge_of_non_adjacent_cells_is_refused():
    with pytest.raises(ValueError, match="not adjacent"):
        hexgrid.edge((0, 0), (2, 0))


@given(cells)
def test_each_cell_has_six_edges_and_six_vertices(cell):
    edges = hexgrid.edges_of(cell)
    vertices = hexgrid.vertices_of(cell)
    assert len(set(edges)) == 6 and len(set(vertices)) == 6
    for v in vertices:
        assert cell in v


@given(cells, st.integers(0, 5))
def test_edge_vertices_hold_both_cells(cell, direction):
    e = hexgrid.edge(cell, hexgrid.neighbour(cell, direction))
    ends = hexgrid.edge_vertices(e)
    assert len(set(ends)) == 2
    for v, far in zip(ends, hexgrid.edge_far_cells(e), strict=True):
        assert set(e) < set(v) and far in v


def test_vertex_is_canonical_and_checked():
    assert hexgrid.vertex((1, 0), (0, 0), (0, 1)) == hexgrid.vertex((0, 1), (1, 0), (0, 0))
    with pytest.raises(ValueError):
        hexgrid.vertex((0, 0), (1, 0), (2, 0))


def test_rings_and_discs():
    assert len(hexgrid.ring(ORIGIN, 0)) == 1
    assert len(hexgrid.ring(ORIGIN, 3)) == 18
    assert len(set(hexgrid.disc(ORIGIN, 3))) == 37
    assert all(hexgrid.distance(ORIGIN, c) == 2 for c in hexgrid.ring(ORIGIN, 2))


def test_cell_notation_round_trip():
    assert hexgrid.parse_cell(hexgrid.cell_text((3, -2))) == (3, -2)
    with pytest.raises(ValueError):
        hexgrid.parse_cell("3")


