"""Named blocks of a flat feature vector: the layout of a game's observation tensor.

A game that offers observation tensors (:attr:`tabletop.kernel.api.Game.observation`) describes
their layout once per player count with a :class:`Layout`: consecutive named blocks, each a
``slice`` of the vector, so that a user finds a feature by name (``obs[layout["cash"]]``) and
the encoder writes each block at a fixed offset. Plain Python, no numpy: the kernel stays
light to import.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping


class Layout(Mapping[str, slice]):
    """Consecutive, non-overlapping named blocks covering ``0 .. size``, in the order added.

    ``layout[name]`` is the block's ``slice``; ``len(layout)`` counts blocks, :attr:`size`
    counts features. Blocks are added with :meth:`block` while the layout is built.
    """

    def __init__(self) -> None:
        self._blocks: dict[str, slice] = {}
        self.size = 0

    def block(self, name: str, length: int) -> int:
        """Append a block of ``length`` features named ``name``; return its offset.

        Raises ``ValueError`` for a name used twice or a negative length (either would make
        a feature impossible to find).
        """
        if name in self._blocks:
            raise ValueError(f"observation block {name!r} is defined twice")
        if length < 0:
            raise ValueError(f"observation block {name!r} cannot have {length} features")
        start = self.size
        self._blocks[name] = slice(start, start + length)
        self.size = start + length
        return start

    def __getitem__(self, name: str) -> slice:
        return self._blocks[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._blocks)

    def __len__(self) -> int:
        return len(self._blocks)

    def describe(self) -> str:
        """One line per block: offset, length and name (for docs and debugging)."""
        return "\n".join(f"{s.start:>6} {s.stop - s.start:>5}  {name}" for name, s in self._blocks.items())
