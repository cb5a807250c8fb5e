"""Regions of a graph: connected components (union-find) and distances (breadth-first).

The graph is never stored here: callers pass the nodes and a function giving each node's
neighbours (for cells of a grid, ``hexgrid.neighbours`` filtered by occupancy), or, for networks
of edges, a function giving each edge's end points (edges that share an end point are
connected). Nodes can be any hashable values.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

N = TypeVar("N", bound=Hashable)
E = TypeVar("E", bound=Hashable)


class UnionFind(Generic[N]):
    """Disjoint sets with path halving and union by size.

    This is a working structure for one computation (it is mutable); results handed out of this
    module are immutable frozensets.
    """

    __slots__ = ("_parent", "_size")

    def __init__(self, items: Iterable[N] = ()) -> None:
        self._parent: dict[N, N] = {}
        self._size: dict[N, int] = {}
        for item in items:
            self.add(item)

    def add(self, item: N) -> None:
        """Make ``item`` a set of its own, unless it is already known."""
        if item not in self._parent:
            self._parent[item] = item
            self._size[item] = 1

    def find(self, item: N) -> N:
        """The representative of the set holding ``item`` (adding ``item`` if unknown)."""
        self.add(item)
        parent = self._parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, a: N, b: N) -> bool:
        """Merge the sets of ``a`` and ``b``; ``False`` if they were already one set."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self._size[ra] < self._size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._size[ra] += self._size[rb]
        return True

    def connected(self, a: N, b: N) -> bool:
        return self.find(a) == self.find(b)

    def groups(self) -> tuple[frozenset[N], ...]:
        """The sets, in the order their first member was added."""
        out: dict[N, set[N]] = {}
        for item in self._parent:
            out.setdefault(self.find(item), set()).add(item)
        return tuple(frozenset(group) for group in out.values())


def components(nodes: Iterable[N], neighbours: Callable[[N], Iterable[N]]) -> tuple[frozenset[N], ...]:
    """The connected components of the graph induced on ``nodes``.

    Neighbours outside ``nodes`` are ignored, so ``neighbours`` may be a plain grid adjacency.
    Every node lies in exactly one component.
    """
    members = tuple(nodes)
    inside = set(members)
    sets: UnionFind[N] = UnionFind(members)
    for node in members:
        for other in neighbours(node):
            if other in inside:
                sets.union(node, other)
    return sets.groups()


def edge_components(
    edges: Iterable[E], ends: Callable[[E], Iterable[N]]
) -> tuple[frozenset[E], ...]:
    """The networks formed by ``edges``, two edges being connected when they share an end point."""
    members = tuple(edges)
    sets: UnionFind[E] = UnionFind(members)
    first_at: dict[N, E] = {}
    for e in members:
        for end in ends(e):
            other = first_at.setdefault(end, e)
            if other != e:
                sets.union(e, other)
    return sets.groups()


def distances(start: N, neighbours: Callable[[N], Iterable[N]], limit: int | None = None) -> dict[N, int]:
    """The number of steps from ``start`` to every node it reaches (at most ``limit`` steps)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        d = seen[node]
        if limit is not None and d >= limit:
            continue
        for other in neighbours(node):
            if other not in seen:
                seen[other] = d + 1
                queue.append(other)
    return seen


def reachable(starts: Iterable[N], neighbours: Callable[[N], Iterable[N]]) -> frozenset[N]:
    """Every node reachable from any of ``starts`` (the starts included)."""
    seen = set(starts)
    stack = list(seen)
    while stack:
        node = stack.pop()
        for other in neighbours(node):
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return frozenset(seen)
