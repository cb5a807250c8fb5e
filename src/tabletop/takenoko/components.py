"""Takenoko's components: plot tiles, the reserve and the 46 objective cards.

The data lives in ``data/*.toml``; :func:`load_components` reads and checks it against the
rulebook's component list (27 plots, 9 improvement tokens, 20 channels, 15 cards of each
objective type) and its ranges (points, heights, sections...), and raises
:class:`~tabletop.kernel.api.InvalidData` naming the table and field of any defect. The standard
components are loaded once, at import, as :data:`STANDARD`.

Components are immutable all the way down: their tables are read-only mappings and tuples
(the data they were read from included), so that no caller can change the box every later
game of the process is dealt from.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from tabletop.kernel import hexgrid
from tabletop.kernel.api import InvalidData
from tabletop.kernel.datafile import ComponentsOption, TableReader, frozen, read_toml
from tabletop.kernel.hexgrid import Hex

#: Bamboo and plot colours, in the order used by every per-colour tuple.
COLOURS: tuple[str, ...] = ("green", "yellow", "pink")
#: The three improvements, in the order used by every per-improvement tuple.
IMPROVEMENTS: tuple[str, ...] = ("watershed", "fertilizer", "enclosure")
#: The three objective decks.
OBJECTIVE_KINDS: tuple[str, ...] = ("plot", "gardener", "panda")

_COLOUR_LETTER = {"green": "G", "yellow": "Y", "pink": "P"}
_IMPROVEMENT_LETTER = {"": "", "watershed": "W", "fertilizer": "F", "enclosure": "E"}
DATA_DIR = Path(__file__).parent / "data"

#: The bamboo printings a box describes: the values of the ``bamboo_supply`` option that count
#: sections (the ``"unlimited"`` supply counts none).
PRINTINGS: tuple[str, ...] = ("2011", "later")

# The ranges the data must keep: what the rulebook prints, with room for corrected data, and
# never so large that a count could not be laid out (a tile count of 10**100 would be a list).
_POINTS = (1, 20)
_SECTIONS = (1, 99)
_CARD_SECTIONS = (0, 4)
_CELL = 3
_ID = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")


@attrs.frozen
class PlotTile:
    """A plot tile: its colour and the improvement printed on it (``""`` for none).

    ``code`` is its notation: the colour's initial plus the improvement's, e.g. ``"G"``,
    ``"YW"`` (yellow with watershed), ``"PF"`` (pink with fertilizer), ``"GE"`` (green with
    enclosure). Tiles with the same code are indistinguishable.
    """

    colour: str
    improvement: str = ""

    @property
    def code(self) -> str:
        return _COLOUR_LETTER[self.colour] + _IMPROVEMENT_LETTER[self.improvement]


@attrs.frozen
class PlotObjective:
    """A plot objective: a pattern of irrigated plots of given colours, any of its 6 rotations.

    ``cells[i]`` must hold a plot of colour ``colours[i]``. ``variants`` lists the distinct
    rotations, each as ``((offset, colour), ...)`` relative to its first cell (mirror images
    are not included: they do not count). ``through`` is derived from them: ``(colour, ways)``
    for each colour of the pattern, each way a plot of that colour can be one cell of the
    pattern given as the other cells' ``(offset, colour)`` from that plot (what a search for
    the pattern through one plot just watered tries, without the cells of other colours).
    """

    id: str
    points: int
    shape: str
    cells: tuple[Hex, ...]
    colours: tuple[str, ...]
    variants: tuple[tuple[tuple[Hex, str], ...], ...] = attrs.field(eq=False, repr=False)
    through: tuple[tuple[str, tuple[tuple[tuple[Hex, str], ...], ...]], ...] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(lambda card: _through(card.variants), takes_self=True)
    )

    kind = "plot"


@attrs.frozen
class GardenerObjective:
    """A gardener objective: ``bamboos`` plots of ``colour`` each holding exactly ``height`` sections.

    ``improvement`` is the improvement the plot must carry, ``"none"`` for a plot without any
    improvement, or ``"any"`` when improvements do not matter.
    """

    id: str
    points: int
    colour: str
    bamboos: int
    height: int
    improvement: str

    kind = "gardener"


@attrs.frozen
class PandaObjective:
    """A panda objective: sections the player must hold (per colour, see :data:`COLOURS`)."""

    id: str
    points: int
    sections: tuple[int, int, int]

    kind = "panda"


ObjectiveCard: TypeAlias = PlotObjective | GardenerObjective | PandaObjective


@attrs.frozen
class Components:
    """Every physical component of a box of Takenoko.

    Attributes:
        tiles: the 27 drawable plot tiles (one entry per tile).
        improvements: improvement tokens per kind, in :data:`IMPROVEMENTS` order.
        channels: irrigation channels in the box.
        bamboo: sections per colour for each printing of the game (``"2011"``, ``"later"``).
        objectives: the 45 objective cards, plot then gardener then panda.
        emperor_points: the value of the Emperor card.
        data: the checked data files these components were built from (file name -> tables),
            which is what a saved state carries when its components are not the standard ones;
            read-only (tables are mappings, arrays tuples: :meth:`as_data` gives plain JSON).
        cards / tile_by_code: the objective cards by id, the plot tiles by code (read-only).
    """

    tiles: tuple[PlotTile, ...]
    improvements: tuple[int, int, int]
    channels: int
    bamboo: Mapping[str, tuple[int, int, int]] = attrs.field(hash=False)
    objectives: tuple[ObjectiveCard, ...]
    emperor_points: int
    data: Mapping[str, Any] = attrs.field(eq=False, repr=False, hash=False)
    cards: Mapping[str, ObjectiveCard] = attrs.field(init=False, eq=False, repr=False)
    tile_by_code: Mapping[str, PlotTile] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "bamboo", MappingProxyType(dict(self.bamboo)))
        object.__setattr__(self, "data", frozen(self.data))
        object.__setattr__(self, "cards", MappingProxyType({card.id: card for card in self.objectives}))
        object.__setattr__(self, "tile_by_code", MappingProxyType({tile.code: tile for tile in self.tiles}))

    def __repr__(self) -> str:
        # The field-by-field repr runs to thousands of characters (in pydoc, in messages).
        return f"<Takenoko components: {len(self.tiles)} plot tiles, {len(self.objectives)} objectives>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its fields (read-only proxies cannot be pickled); rebuilt, they are frozen again.
        fields = (self.tiles, self.improvements, self.channels, dict(self.bamboo), self.objectives)
        return (Components, (*fields, self.emperor_points, _plain(self.data)))

    def deck(self, kind: str) -> tuple[str, ...]:
        """The ids of the cards of one objective type, in data order."""
        return tuple(card.id for card in self.objectives if card.kind == kind)

    def as_data(self) -> dict[str, Any]:
        """The data files of these components (file name -> tables) as plain JSON values:
        :func:`components_from_data` builds equal components from them.

        Raises ``ValueError`` when ``data`` no longer describes these components (they were
        changed with ``attrs.evolve`` after loading): recording stale data would replay a
        different game.
        """
        if components_from_data(self.data) != self:
            raise ValueError(
                "these Takenoko components differ from the data files they were loaded from; "
                "build changed components with components_from_data(), not attrs.evolve()"
            )
        plain: dict[str, Any] = _plain(self.data)
        return plain


#: How deep data files nest (files, tables, rows, cells): deeper data is no Takenoko box.
_MAX_DEPTH = 16


def _plain(value: Any, depth: int = 0) -> Any:
    """``value`` as plain JSON values: tables as dicts, arrays as lists (a fresh copy)."""
    if depth > _MAX_DEPTH:
        raise InvalidData(f"the component data nests deeper than {_MAX_DEPTH} levels")
    if isinstance(value, Mapping):
        return {key: _plain(item, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item, depth + 1) for item in value]
    return value


def _pattern_variants(
    cells: tuple[Hex, ...], colours: tuple[str, ...]
) -> tuple[tuple[tuple[Hex, str], ...], ...]:
    seen: set[frozenset[tuple[Hex, str]]] = set()
    out = []
    for rotated in hexgrid.rotations(cells):
        pairs = list(zip(rotated, colours, strict=True))
        # A rotation that only moves the pattern (a line turned half round) asks for nothing new.
        corner = min(rotated)
        key = frozenset((hexgrid.sub(cell, corner), colour) for cell, colour in pairs)
        if key not in seen:
            seen.add(key)
            anchor = rotated[0]
            out.append(tuple((hexgrid.sub(cell, anchor), colour) for cell, colour in pairs))
    return tuple(out)


def _through(
    variants: tuple[tuple[tuple[Hex, str], ...], ...],
) -> tuple[tuple[str, tuple[tuple[tuple[Hex, str], ...], ...]], ...]:
    """:attr:`PlotObjective.through` of a pattern's ``variants``."""
    ways: dict[str, list[tuple[tuple[Hex, str], ...]]] = {}
    for variant in variants:
        for here, colour in variant:
            others = tuple((hexgrid.sub(cell, here), wanted) for cell, wanted in variant if cell != here)
            ways.setdefault(colour, []).append(others)
    return tuple((colour, tuple(found)) for colour, found in ways.items())


class _Reader(TableReader):
    """Field access that fails with the file, table and field named."""

    def number(self, table: str, row: Mapping[str, Any], field: str, low: int, high: int, name: str = "") -> int:
        """The whole number ``row[field]``, which must lie in ``low..high`` (``name`` is the
        field as the message names it, ``field`` by default)."""
        if field not in row:
            raise self.fail(table, name or field, "is missing")
        value = row[field]
        shown = repr(value) if len(repr(value)) <= 20 else repr(value)[:17] + "..."
        if type(value) is not int:
            raise self.fail(table, name or field, f"must be of type int, not {shown}")
        if not low <= value <= high:
            raise self.fail(table, name or field, f"must be a whole number from {low} to {high}, not {shown}")
        number: int = value
        return number

    def identifier(self, table: str, row: Mapping[str, Any]) -> str:
        """The card id ``row["id"]``: a letter then up to 7 letters or digits (ids are
        written in moves and in views, where ``?`` stands for a hidden card)."""
        value: str = self.value(table, row, "id", str)
        if not _ID.fullmatch(value):
            raise self.fail(table, "id", f"{value!r} is not a card id (a letter, then up to 7 letters or digits)")
        return value



def _load_tiles(reader: _Reader) -> tuple[PlotTile, ...]:
    tiles: list[PlotTile] = []
    for row in reader.rows("plots", "tiles"):
        colour = reader.value("plots", row, "colour", str)
        improvement = reader.value("plots", row, "improvement", str)
        count = reader.number("plots", row, "count", 0, 27)
        if colour not in COLOURS:
            raise reader.fail("plots", "colour", f"{colour!r} is not one of {', '.join(COLOURS)}")
        if improvement and improvement not in IMPROVEMENTS:
            raise reader.fail("plots", "improvement", f"{improvement!r} is not an improvement")
        tiles.extend([PlotTile(colour, improvement)] * count)
    if len(tiles) != 27:
        raise reader.fail("plots", "count", f"the box holds 27 plots besides the pond, not {len(tiles)}")
    return tuple(tiles)


def _load_supplies(reader: _Reader) -> tuple[tuple[int, int, int], int, dict[str, tuple[int, int, int]]]:
    tokens = reader.value("improvements", reader.table("improvements"), "tokens", dict)
    counts = []
    for kind in IMPROVEMENTS:
        n = reader.value("improvements", tokens, kind, int)
        if n != 3:
            raise reader.fail("improvements", f"tokens.{kind}", f"the box holds 3 {kind} tokens, not {n}")
        counts.append(n)
    extra = set(tokens) - set(IMPROVEMENTS)
    if extra:
        raise reader.fail("improvements", "tokens", f"unknown improvements {sorted(extra)}")
    channels = reader.value("channels", reader.table("channels"), "count", int)
    if channels != 20:
        raise reader.fail("channels", "count", f"the box holds 20 irrigation channels, not {channels}")
    printings: dict[str, tuple[int, int, int]] = {}
    for row in reader.rows("bamboo", "printings"):
        name = reader.value("bamboo", row, "name", str)
        if name not in PRINTINGS or name in printings:
            raise reader.fail(
                "bamboo", "name", f"{name!r}: the printings are {', '.join(PRINTINGS)}, each given once"
            )
        sections = tuple(reader.number("bamboo", row, colour, *_SECTIONS, f"{name}.{colour}") for colour in COLOURS)
        printings[name] = (sections[0], sections[1], sections[2])
    missing = [name for name in PRINTINGS if name not in printings]
    if missing:
        raise reader.fail("bamboo", "printings", f"the {missing[0]} printing is required")
    return (counts[0], counts[1], counts[2]), channels, printings


def _load_objectives(reader: _Reader) -> tuple[tuple[ObjectiveCard, ...], int]:
    cards: list[ObjectiveCard] = []
    for row in reader.rows("plot", "cards"):
        cid = reader.identifier("plot", row)
        raw_cells = reader.value("plot", row, "cells", list)
        colours = tuple(reader.value("plot", row, "colours", list))
        if not all(_is_cell(c) for c in raw_cells):
            raise reader.fail("plot", f"{cid}.cells", f"cells are [q, r] pairs of whole numbers from -{_CELL} to {_CELL}")
        cells = tuple((c[0], c[1]) for c in raw_cells)
        if len(cells) != len(colours) or len(cells) not in (3, 4):
            raise reader.fail("plot", f"{cid}.cells", "3 or 4 [q, r] cells, one colour each")
        if not all(isinstance(c, str) and c in COLOURS for c in colours):
            raise reader.fail("plot", f"{cid}.colours", f"colours must be among {', '.join(COLOURS)}")
        if len(set(cells)) != len(cells) or not _connected(cells):
            raise reader.fail("plot", f"{cid}.cells", "a pattern is distinct, connected cells")
        cards.append(
            PlotObjective(
                id=cid,
                points=_points(reader, "plot", row),
                shape=reader.value("plot", row, "shape", str),
                cells=cells,
                colours=colours,
                variants=_pattern_variants(cells, colours),
            )
        )
    for row in reader.rows("gardener", "cards"):
        cid = reader.identifier("gardener", row)
        colour = reader.value("gardener", row, "colour", str)
        improvement = reader.value("gardener", row, "improvement", str)
        # A bamboo is 1-4 sections tall; the cards ask for 1-4 bamboos.
        bamboos = reader.number("gardener", row, "bamboos", 1, 4, f"{cid}.bamboos")
        height = reader.number("gardener", row, "height", 1, 4, f"{cid}.height")
        if colour not in COLOURS:
            raise reader.fail("gardener", f"{cid}.colour", f"{colour!r} is not a colour")
        if improvement not in IMPROVEMENTS + ("none", "any"):
            raise reader.fail("gardener", f"{cid}.improvement", f"{improvement!r} is not a condition")
        cards.append(GardenerObjective(cid, _points(reader, "gardener", row), colour, bamboos, height, improvement))
    for row in reader.rows("panda", "cards"):
        first = reader.identifier("panda", row)
        copies = reader.number("panda", row, "copies", 1, 15, f"{first}.copies")
        sections = tuple(reader.number("panda", row, colour, *_CARD_SECTIONS, f"{first}.{colour}") for colour in COLOURS)
        if not any(sections):
            raise reader.fail("panda", f"{first}.sections", "a panda objective requires some sections")
        numbered = re.fullmatch(r"(\D+)(\d+)", first)
        if copies > 1 and numbered is None:
            raise reader.fail("panda", f"{first}.id", "identical copies need an id ending in a number to run on")
        points = _points(reader, "panda", row)
        for k in range(copies):
            cid = first if numbered is None else f"{numbered[1]}{int(numbered[2]) + k:0{len(numbered[2])}d}"
            cards.append(PandaObjective(cid, points, (sections[0], sections[1], sections[2])))
    ids = [card.id for card in cards]
    for kind in OBJECTIVE_KINDS:
        n = sum(1 for card in cards if card.kind == kind)
        if n != 15:
            raise reader.fail(kind, "cards", f"the box holds 15 {kind} objectives, not {n}")
    if len(set(ids)) != len(ids):
        duplicate = next(i for i in ids if ids.count(i) > 1)
        raise reader.fail("objectives", "id", f"card id {duplicate!r} is used twice")
    emperor = reader.number("emperor", reader.table("emperor"), "points", *_POINTS)
    return tuple(cards), emperor


def _points(reader: _Reader, table: str, row: Mapping[str, Any]) -> int:
    return reader.number(table, row, "points", *_POINTS)


def _is_cell(value: Any) -> bool:
    """Whether ``value`` is a ``[q, r]`` pair of whole numbers near the pattern's origin."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(n) is int and -_CELL <= n <= _CELL for n in value)
    )


def _connected(cells: tuple[Hex, ...]) -> bool:
    reached = {cells[0]}
    frontier = [cells[0]]
    while frontier:
        cell = frontier.pop()
        for other in hexgrid.neighbours(cell):
            if other in cells and other not in reached:
                reached.add(other)
                frontier.append(other)
    return len(reached) == len(cells)


#: The data files of a box, in the order they are read.
DATA_FILES: tuple[str, ...] = ("plots.toml", "supplies.toml", "objectives.toml")


def load_components(path: str | Path | None = None) -> Components:
    """Read and check the component data in ``path`` (a directory; the bundled data if ``None``).

    The directory holds ``plots.toml``, ``supplies.toml`` and ``objectives.toml``. Raises
    :class:`~tabletop.kernel.api.InvalidData` naming the file, table and field of any defect.
    """
    directory = Path(path) if path is not None else DATA_DIR
    return components_from_data({name: read_toml(directory, name) for name in DATA_FILES})


def components_from_data(data: Mapping[str, Any]) -> Components:
    """Check and build the components from the parsed data files (file name -> its tables).

    This is :func:`load_components` once the files are read; a saved state with custom
    components is read back through it too, so both are checked alike.
    """
    if not isinstance(data, Mapping):
        raise InvalidData(f"the component data must map file names to their tables, not {type(data).__name__}")
    unknown = sorted(str(name) for name in data if name not in DATA_FILES)
    if unknown:
        raise InvalidData(f"{unknown[0]}: not a data file of Takenoko (its files are {', '.join(DATA_FILES)})")
    # A plain copy: the caller's dictionaries may change later, these components must not.
    plain = _plain(data)
    tiles = _load_tiles(_Reader.of(plain, "plots.toml"))
    improvements, channels, bamboo = _load_supplies(_Reader.of(plain, "supplies.toml"))
    objectives, emperor = _load_objectives(_Reader.of(plain, "objectives.toml"))
    return Components(tiles, improvements, channels, bamboo, objectives, emperor, plain)


#: The components of the published game, loaded once.
STANDARD: Components = load_components()


#: The ``components`` option of ``new_game``, and its data in game records and saved states.
COMPONENTS = ComponentsOption("Takenoko", Components, STANDARD, load_components, components_from_data)
