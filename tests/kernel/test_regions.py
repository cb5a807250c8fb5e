"""Connected components and shortest paths over generic graphs."""

from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel import hexgrid, regions

cell_sets = st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), max_size=40)


@given(cell_sets)
def test_components_partition_the_cells(cells):
    parts = regions.components(cells, hexgrid.neighbours)
    assert sum(len(p) for p in parts) == len(cells)
    assert set().union(*parts) == cells if parts else not cells


@given(cell_sets)
def test_no_adjacency_across_components(cells):
    parts = regions.components(cells, hexgrid.neighbours)
    where = {c: i for i, p in enumerate(parts) for c in p}
    for c in cells:
        for n in hexgrid.neighbours(c):
            if n in where:
                assert where[n] == where[c]


def test_two_separate_islands():
    cells = {(0, 0), (1, 0), (5, 5)}
    parts = regions.components(cells, hexgrid.neighbours)
    assert sorted(len(p) for p in parts) == [1, 2]


def test_union_find():
    sets = regions.UnionFind([1, 2, 3, 4])
    assert sets.union(1, 2)
    assert not sets.union(2, 1)
    sets.union(3, 4)
    assert sets.connected(1, 2) and not sets.connected(1, 3)
    assert len(sets.groups()) == 2


def test_edge_components_join_edges_sharing_a_corner():
    a = hexgrid.edge((0, 0), (1, 0))
    b = hexgrid.edge((1, 0), (0, 1))  # shares the corner (0,0)-(1,0)-(0,1) with a
    far = hexgrid.edge((5, 0), (6, 0))
    parts = regions.edge_components([a, b, far], hexgrid.edge_vertices)
    assert sorted(len(p) for p in parts) == [1, 2]


def test_distances_go_around_holes():
    cells = set(hexgrid.disc((0, 0), 3)) - {(1, 0), (1, -1), (0, 1)}

    def step(c):
        return [n for n in hexgrid.neighbours(c) if n in cells]

    distances = regions.distances((0, 0), step)
    assert distances[(2, 0)] > hexgrid.distance((0, 0), (2, 0))
    assert (9, 9) not in distances


@given(st.tuples(st.integers(-3, 3), st.integers(-3, 3)))
def test_bfs_distance_equals_hex_distance_on_open_grid(goal):
    dist = regions.distances((0, 0), hexgrid.neighbours, limit=6)
    assert dist[goal] == hexgrid.distance((0, 0), goal)


def test_reachable():
    cells = {(0, 0), (1, 0), (3, 0)}
    found = regions.reachable([(0, 0)], lambda c: [n for n in hexgrid.neighbours(c) if n in cells])
    assert found == {(0, 0), (1, 0)}
