"""Keyflower's position: data only (the pending decisions and the state class).

Where things are. Workers are counted by colour (:data:`Workers`): behind each screen, in the
bag (a :class:`~tabletop.kernel.pile.Pile` of colours: drawn at random), in the green supply,
on the boats, in bids around a lot (a kernel :class:`~tabletop.kernel.auction.Lot` per tile up
for auction) and on tiles being used this season (:attr:`Tile.workers`). Resources lie on tiles
(:attr:`Tile.goods`) or in the supply; skills are behind screens, on boats (face up) or in the
face-down pile; wheat behind screens or in the supply; animals in the fields of villages
(:attr:`Village.animals`) or in the supply.

Hexes in play are named by ids: a village tile by its code (``"keywood"``), a home tile
``"home3"``, a boat by its code (``"sea_breese"``), a turn-order tile ``"order2"`` (the Farmers
tile of that number when The Farmers is in play).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import NamedTuple

import attrs

from tabletop.keyflower_farmers.components import ANIMALS, COLOURS, RESOURCES, SEASONS, SKILLS, Components, Face
from tabletop.keyflower_farmers.moves import Bid as BidMove
from tabletop.keyflower_farmers.moves import Move
from tabletop.keyflower_farmers.moves import Use as UseMove
from tabletop.kernel.auction import Bid, Lot
from tabletop.kernel.engine import CHANCE, EngineState, own_keys, rewritten
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.lazy import fill_when_read
from tabletop.kernel.pile import Pile
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared
from tabletop.kernel.tiles import Fields, Sector

#: Workers by colour (blue, red, yellow, green).
Workers = Pool.kinds("Workers", COLOURS)
#: Resources by kind (wood, stone, iron, gold).
Resources = Pool.kinds("Resources", RESOURCES)
#: Skill tiles by kind (saw, pickaxe, anvil).
Skills = Pool.kinds("Skills", SKILLS)
#: Animals by kind (sheep, pig, cow).
Animals = Pool.kinds("Animals", ANIMALS)

#: The empty pools of each kind, shared (pools are immutable): building one checks every
#: count, and empty ones are made again and again (fresh tiles, boats emptied, fields).
NO_RESOURCES = Resources()
NO_WORKERS = Workers()
NO_SKILLS = Skills()
NO_ANIMALS = Animals()
#: An open lot (no bids, no colour), shared: lots are immutable, and every season lays out a
#: row of them.
NO_BIDS = Lot()

#: The most workers that may be placed on one tile in a season (base rulebook, Production).
MOST_ON_A_TILE = 6


# The converters take pools already of their kind as they are (the hot path: copies of tiles
# and positions), and build the kind from plain counts (saved states, tests).


def _resources(counts: Iterable[int]) -> Pool:
    return counts if type(counts) is Resources else Resources(counts)


def _workers(counts: Iterable[int]) -> Pool:
    return counts if type(counts) is Workers else Workers(counts)


def _skills(counts: Iterable[int]) -> Pool:
    return counts if type(counts) is Skills else Skills(counts)


def _animals(counts: Iterable[int]) -> Pool:
    return counts if type(counts) is Animals else Animals(counts)


def _workers_each(values: Iterable[Iterable[int]]) -> tuple[Pool, ...]:
    return tuple(_workers(value) for value in values)


def _skills_each(values: Iterable[Iterable[int]]) -> tuple[Pool, ...]:
    return tuple(_skills(value) for value in values)


def _animal_pairs(pairs: Iterable[tuple[Sector, Iterable[int]]]) -> tuple[tuple[Sector, Pool], ...]:
    return tuple((field, counts if type(counts) is Animals else Animals(counts)) for field, counts in pairs)


@attrs.frozen(slots=False)
class Tile:
    """A hex in play (up for auction or in a village) and what lies on it.

    Attributes:
        id: the hex (see the module docstring).
        face: 0 for the front (the season side; a summer boat's side a), 1 for the upgraded
            back (a summer boat's side b).
        goods: resources lying on it.
        workers: workers placed on it this season to use it.
        uses: how many workers each use placed, in order, this season.
        colour: the colour of the workers using it this season (``None`` while unused); the
            owner of summer boat 4b may add workers of another colour, which leave it as it is.
        sheep: sheep put on it (the Sheep shelter) during play.
    """

    id: str
    face: int = 0
    goods: Pool = attrs.field(default=NO_RESOURCES, converter=_resources)
    workers: Pool = attrs.field(default=NO_WORKERS, converter=_workers)
    uses: tuple[int, ...] = ()
    colour: str | None = None
    sheep: int = 0

    # Not slotted: new_tile sets the whole dictionary at once (see the kernel's own_keys).
    __attrs_post_init__ = own_keys


# The setter of a tile's dictionary, called directly by :func:`new_tile`.
_SET_TILE = vars(Tile)["__dict__"].__set__


def new_tile(
    tile_id: str, face: int, goods: Pool, workers: Pool, uses: tuple[int, ...], colour: str | None, sheep: int
) -> Tile:
    """A :class:`Tile` from values already of their kinds (``goods`` resources, ``workers``
    workers, as a tile's own or a pool's ``add``/``take`` of them give): no converters and no
    ``__init__``, half the cost of ``Tile(...)`` on the hot path of using and loading tiles."""
    tile: Tile = object.__new__(Tile)
    _SET_TILE(
        tile, {"id": tile_id, "face": face, "goods": goods, "workers": workers, "uses": uses, "colour": colour, "sheep": sheep}
    )
    return tile


#: What an empty cell beside a village keeps (see :class:`LayoutFacts`): the moves placing a
#: hex there turned 0 to 5 times, and the side codes the hex must show: the first found, and
#: the others (most cells are beside one placed hex: none).
OpenCell = tuple[tuple[Move, ...], int, tuple[int, ...]]


class LayoutFacts(NamedTuple):
    """Facts of a village's layout, computed once and kept with it (:attr:`Village.turned`):
    the components and the Farmers option they were read with, the empty cells beside the
    village (by :func:`.rules.village.cell_number`) with the moves placing a hex there and the
    side codes the hex must show (:data:`OpenCell`: each placed neighbour's facing side,
    numbered ``3 * direction + code`` with the code by its position in
    :data:`.components.SIDE_CODES`), the hexes each hex shares a road with, and, found so far,
    the fields entered from a field to reach each other field.
    Read-only proxies of dicts: a proxy's ``copy()`` is its dict's, many times faster than
    ``dict(proxy)``, which reads the entries one by one (placing a hex copies two)."""

    components: Components
    farmers: bool
    frontier: MappingProxyType[int, OpenCell]
    roads: MappingProxyType[Hex, tuple[Hex, ...]]
    field_steps: MappingProxyType[Sector, Mapping[Sector, int]]


#: The position of each colour in a pool of workers; :data:`ANY_COLOUR` stands for any colour
#: (the facts a turn reads keep colours by position: see :data:`Workable`, :data:`BidPlace`).
COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
ANY_COLOUR = len(COLOURS)


#: A hex in play that may be used now (see :func:`usable`): its id, its printed face as it
#: lies, the fewest and most workers the next use may place, where a turn reads the colour of
#: its users (see below), the move using it and whether it is an exchange (read by every turn).
#: A plain tuple, not a named one: CPython 3.11 unpacks only exact tuples in one specialized
#: step. The colour is read by position in a turn's vector of workers by colour: a colour's
#: position once the hex is used; :data:`ANY_COLOUR` (any colour will do) while it is unused;
#: while it is unused and up for auction, ``ANY_COLOUR + 1 +`` the position of its lot in
#: :attr:`KeyflowerState.lots` (the colour of the bids around it).
Workable = tuple[str, Face, int, int, int, Move, bool]

#: What an exchange pays as a turn reads it: whether a worker (else a skill), and the
#: positions (in a pool of workers or of skills) of the kinds that will do.
Payment = tuple[bool, tuple[int, ...]]

#: A :data:`Workable` entry as a turn's listing reads it: the move, where to read the colour,
#: the fewest workers, and what an exchange pays (``None`` for other hexes).
UseRow = tuple[Move, int, int, Payment | None]

#: The hexes that may be used now (see :func:`usable`): their :data:`Workable` entries, their
#: ids and their :data:`UseRow`, in the same order.
Usable = tuple[tuple[Workable, ...], tuple[str, ...], tuple[UseRow, ...]]


#: A hex up for auction as a turn reads it (see :func:`bid_facts`): the move bidding for it,
#: the position of its lot's colour (:data:`ANY_COLOUR` while the lot has none), of its bids
#: the leader's seat (-1 without bids), size and colour position, and the seats of the others,
#: outbid (a turn reads these rather than every bid). A plain tuple, as :data:`Workable`.
BidPlace = tuple[BidMove, int, int, int, int, tuple[int, ...]]

#: The hexes up for auction as a turn reads them (see :func:`bid_facts`): their
#: :data:`BidPlace` entries, and the seats outbid on some lot.
BidFacts = tuple[tuple[BidPlace, ...], frozenset[int]]


def bid_place(move: BidMove, lot: Lot) -> BidPlace:
    """The :data:`BidPlace` of ``lot``, which ``move`` bids for."""
    colour = ANY_COLOUR if lot.colour is None else COLOUR_INDEX[lot.colour]
    bids = lot.bids
    if not bids:  # the usual case
        return (move, colour, -1, 0, colour, ())
    if len(bids) == 1:  # the usual case once bid for: a leader, nobody outbid
        (leader,) = bids
        return (move, colour, leader.bidder, leader.count, COLOUR_INDEX[leader.colour], ())
    leader = bids[0]
    for bid in bids:  # bids are never tied
        if bid.count > leader.count:
            leader = bid
    outbid = tuple([bid.bidder for bid in bids if bid is not leader])
    return (move, colour, leader.bidder, leader.count, COLOUR_INDEX[leader.colour], outbid)


def _outbid_in(places: tuple[BidPlace, ...]) -> frozenset[int]:
    """The seats outbid on some lot of ``places``."""
    # A plain loop over the few lots, most without an outbid bid: it costs a third of a chain
    # of C-level maps into a set, whose calls cost more than these lots take.
    seats: tuple[int, ...] = ()
    for place in places:
        if place[5]:
            seats += place[5]
    return frozenset(seats) if seats else _NOBODY


#: No seat (the usual seats outbid: made once).
_NOBODY: frozenset[int] = frozenset()


#: The moves using and bidding for each hex (made once per hex: a turn's entries are made
#: again and again).
_USE = Shared(UseMove)
_BID = Shared(BidMove)


def _open_place(tile_id: str) -> BidPlace:
    """The :data:`BidPlace` of the hex ``tile_id`` laid out for auction (no bids, no colour)."""
    return bid_place(_BID[tile_id], NO_BIDS)


#: The :data:`BidPlace` of each hex laid out for auction (made once per hex: every lot of a
#: season starts so).
_OPEN = Shared(_open_place)


def workable_entry(
    worked_faces: Mapping[str, tuple[Face | None, ...]], tile: Tile, lots: Mapping[str, int]
) -> Workable | None:
    """``tile`` as a :data:`Workable` (``worked_faces``: the components'; ``lots``: the
    positions of the lots), or ``None`` if it has no face to use or no room for another use
    this season."""
    # A boat or a turn-order tile has no faces (read-only proxies: `in` and [], their get is slow).
    tile_id = tile.id
    if tile_id not in worked_faces:
        return None
    face = worked_faces[tile_id][tile.face]
    if face is None:
        return None
    least = tile.uses[-1] + 1 if tile.uses else 1
    most = MOST_ON_A_TILE - sum(tile.workers)
    if least > most:
        return None
    if tile.colour is not None:
        colour = COLOUR_INDEX[tile.colour]
    else:
        colour = ANY_COLOUR + 1 + lots[tile_id] if tile_id in lots else ANY_COLOUR
    return (tile_id, face, least, most, colour, _USE[tile_id], face.ability == "exchange")


def _use_row(entry: Workable) -> UseRow:
    """The :data:`UseRow` of ``entry``."""
    return (entry[5], entry[4], entry[2], PAYMENTS[entry[1].pays[0][0]] if entry[6] else None)


def _fresh_use(tile_id: str, face: Face | None) -> tuple[Workable, UseRow] | None:
    """The :data:`Workable` entry and :data:`UseRow` of the hex ``tile_id`` in a village, unused
    this season, with ``face`` up (``None``: a face that cannot be used)."""
    if face is None:
        return None
    entry = (tile_id, face, 1, MOST_ON_A_TILE, ANY_COLOUR, _USE[tile_id], face.ability == "exchange")
    return (entry, _use_row(entry))


#: What :func:`_fresh_use` makes of each face of each hex, by the hex id, with the worked
#: faces it was read from (the hexes read again at the start of each season: see
#: :func:`usable`); one table, made again for other components.
_FRESH: list[tuple[Mapping[str, tuple[Face | None, ...]], dict[str, tuple[tuple[Workable, UseRow] | None, ...]]]] = []


def _fresh_uses(faces: Mapping[str, tuple[Face | None, ...]]) -> dict[str, tuple[tuple[Workable, UseRow] | None, ...]]:
    """:func:`_fresh_use` of each face of each hex of the worked ``faces``, by the hex id (a boat
    or a turn-order tile, without faces, is not there)."""
    if not _FRESH or _FRESH[0][0] is not faces:
        _FRESH[:] = [(faces, {tile_id: tuple(_fresh_use(tile_id, face) for face in printed) for tile_id, printed in faces.items()})]
    return _FRESH[0][1]


#: What a hex without faces to use (a boat, a turn-order tile) gives, face up or down.
_NO_USE: tuple[None, None] = (None, None)

#: The id of a :data:`Workable` entry, read by a C-level getter.
_ENTRY_ID = itemgetter(0)

#: :data:`Usable` when no hex may be used.
_NOTHING_USABLE: Usable = ((), (), ())


#: The :data:`Payment` of each item an exchange may take.
PAYMENTS: dict[str, Payment] = {
    "any_worker": (True, tuple(range(len(COLOURS)))),
    "any_skill": (False, tuple(range(len(SKILLS)))),
    **{colour: (True, (i,)) for i, colour in enumerate(COLOURS)},
    **{skill: (False, (i,)) for i, skill in enumerate(SKILLS)},
}


@attrs.frozen
class Village:
    """A player's village: where each hex lies, its fields and the animals in them.

    Attributes:
        layout: ``(cell, tile id, turns)`` of each placed hex, the home tile at the origin
            first; ``turns``: sixtieths of a turn clockwise (see :mod:`tabletop.kernel.tiles`).
        fields: the fields of the layout (the spoke model).
        animals: ``(field name, animals)`` for each field holding animals, sorted.
    """

    layout: tuple[tuple[Hex, str, int], ...]
    fields: Fields
    animals: tuple[tuple[Sector, Pool], ...] = attrs.field(default=(), converter=_animal_pairs)
    #: Facts of the layout once computed (see :func:`.rules.village.layout_facts`); read-only:
    #: a new finding replaces them with larger ones.
    turned: LayoutFacts | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: The animals of a village made by placing a hex (see :func:`placed_village`) until they
    #: are first read: by the names their fields had in an earlier layout (``None`` once read).
    _held: tuple[tuple[Sector, Pool], ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def with_animals(self, animals: tuple[tuple[Sector, Pool], ...]) -> Village:
        """This village with ``animals`` (pairs of a field and an Animals pool) in its fields
        (the facts of its layout kept)."""
        return new_village(self.layout, self.fields, animals, self.turned)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(tile_id for _, tile_id, _ in self.layout)

    def cell_of(self, tile_id: str) -> Hex:
        for cell, placed, _ in self.layout:
            if placed == tile_id:
                return cell
        raise KeyError(tile_id)

    def animals_in(self, field: Sector) -> Pool:
        for name, animals in self.animals:
            if name == field:
                return animals
        return NO_ANIMALS


def _named_animals(village: Village) -> tuple[tuple[Sector, Pool], ...]:
    """The ``animals`` of a village made by placing a hex, named by its fields when first read
    (see :func:`placed_village`)."""
    held = village._held
    assert held is not None, "a village's animals are set or left to be named"
    fields = village.fields
    totals: dict[Sector, Pool] = {}
    for field, animals in held:
        now = fields.field_of(field)
        # Summed only where two fields holding animals became one (most keep theirs as they are).
        totals[now] = totals[now].plus(animals) if now in totals else animals
    _SET_HELD(village, None)
    return tuple(sorted(totals.items()))


# The slots of a village, set directly by :func:`new_village` (``animals``: the slot's own
# setter, not the property that names them when first read).
_SET_VILLAGE = (
    vars(Village)["layout"].__set__,
    vars(Village)["fields"].__set__,
    fill_when_read(Village, "animals", _named_animals),
    vars(Village)["turned"].__set__,
)


def new_village(
    layout: tuple[tuple[Hex, str, int], ...], fields: Fields, animals: tuple[tuple[Sector, Pool], ...], turned: LayoutFacts | None
) -> Village:
    """A :class:`Village` from values already of their kinds (``animals``: pairs of a field and
    an Animals pool, as a village's own or a pool's ``add``/``take`` of them give) with the
    facts of its layout ``turned``: no converter and no ``__init__``, on the hot path of
    placing hexes and moving animals."""
    village: Village = object.__new__(Village)
    set_layout, set_fields, set_animals, set_turned = _SET_VILLAGE
    set_layout(village, layout)
    set_fields(village, fields)
    set_animals(village, animals)
    set_turned(village, turned)
    _SET_HELD(village, None)
    return village


_SET_HELD = vars(Village)["_held"].__set__


def placed_village(
    village: Village, layout: tuple[tuple[Hex, str, int], ...], fields: Fields, turned: LayoutFacts | None
) -> Village:
    """``village`` once a hex is placed, as :func:`new_village` makes it: its new ``layout``,
    ``fields`` and facts ``turned``, and its animals named by ``fields`` when first read. A
    field keeps its sectors as fields merge, and a sector lies in one field of a layout, so the
    name of a field then is that of its field now; naming them needs the fields, which placing
    hexes leaves to be found when first read (see :meth:`Fields.place_later`)."""
    grown: Village = object.__new__(Village)
    set_layout, set_fields, set_animals, set_turned = _SET_VILLAGE
    set_layout(grown, layout)
    set_fields(grown, fields)
    set_turned(grown, turned)
    held = village._held  # the animals it left to be named, if it was placed so
    if held is None:
        held = village.animals
        if not held:  # nothing to name
            set_animals(grown, held)
            held = None
    _SET_HELD(grown, held)
    return grown


@attrs.frozen
class Cargo:
    """A boat in play and what it carries this season (workers from the bag, skills face up)."""

    boat: str
    workers: Pool = attrs.field(default=NO_WORKERS, converter=_workers)
    skills: Pool = attrs.field(default=NO_SKILLS, converter=_skills)


# --- pending decisions ---------------------------------------------------------------------


@attrs.frozen
class Turn:
    """``seat`` places workers in one location (to bid or to use a tile) or passes."""

    seat: int


class Placement(NamedTuple):
    """A complete placement at a chosen location: ``number`` workers of ``colour`` in all, the
    outbid groups around the lots ``moved`` (in the order of the auction) moving there, and
    what an exchange is paid with (``paying``: a worker colour or a skill from behind the
    screen, or the lot of an outbid group of one worker; ``""`` when nothing is paid).

    The owner of summer boat 4b may use a tile with workers of several colours at once; the
    ``colour`` of such a placement names each worker's colour, joined by :data:`MIXED` in the
    order of :data:`COLOURS` (``"blue,red,red"``: see :func:`placed_workers`)."""

    colour: str
    moved: tuple[str, ...]
    number: int
    paying: str


#: Joins the colours of a placement of workers of several colours (summer boat 4b).
MIXED = ","


def placed_workers(colour: str) -> Pool:
    """The workers of a placement's ``colour`` (one colour, or several joined by :data:`MIXED`)
    by colour, one of each named."""
    workers: Pool = Workers()
    for name in colour.split(MIXED):
        workers = workers.add(name)
    return workers


def mixed_colour(workers: Sequence[int]) -> str:
    """The ``colour`` of a placement of ``workers`` (of more than one colour: see
    :class:`Placement`)."""
    return MIXED.join(colour for colour, n in zip(COLOURS, workers, strict=True) for _ in range(n))


#: What a placement from behind the screen is read from (see :attr:`PlaceWorkers.from_behind`):
#: the least and most workers placed (each colour's run also ends at that colour's workers
#: behind the screen), and the items that may pay an exchange.
FromBehind = tuple[int, int, tuple[str, ...]]


@attrs.frozen(slots=False)
class PlaceWorkers:
    """``seat``'s turn, its location chosen: workers go to the hex ``tile``, to bid for it
    (``bid``) or to use it. ``options`` are the legal placements there that agree with the
    answers so far (listed once, as the location is chosen: nothing else changes during the
    turn; empty in another seat's view, since they tell what lies behind the screen). What
    the answers settled, for all to see: the lots whose outbid groups move (``moved``, those
    settled unasked too), the ``colour`` (a mix of colours written as a :class:`Placement`
    writes it) and the number of workers (``count``) once answered (``""`` and 0 before)."""

    seat: int
    tile: str
    bid: bool
    options: tuple[Placement, ...]
    moved: tuple[str, ...] = ()
    colour: str = ""
    count: int = 0
    #: The answers to ask once listed (the chain of a turn lists them to know whether to ask,
    #: and builds the decision with them: see :func:`new_place_workers`; else
    #: :func:`.rules.turns.placing_moves` lists them when first asked); read-only.
    answers: tuple[Move, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: When every option comes from behind the screen (no outbid group moves, no summer boat 4a
    #: or 4b at work): the least and most workers placed and what an exchange may be paid with
    #: (``()`` for other hexes; some for an exchange offered). The options are then a run of numbers per
    #: colour, each number with each payment it leaves, and an answer is read from the numbers
    #: rather than narrowed option by option; ``None`` otherwise, or unknown.
    from_behind: FromBehind | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # Not slotted: new_place_workers sets the whole dictionary at once (see the kernel's own_keys).
    __attrs_post_init__ = own_keys


# The setter of a placement in progress's dictionary, called directly by :func:`new_place_workers`.
_SET_PLACE_WORKERS = vars(PlaceWorkers)["__dict__"].__set__


def new_place_workers(
    seat: int,
    tile_id: str,
    bid: bool,
    options: tuple[Placement, ...],
    settled: tuple[tuple[str, ...], str, int],
    answers: tuple[Move, ...],
    from_behind: FromBehind | None,
) -> PlaceWorkers:
    """``PlaceWorkers(seat, tile_id, bid, options, *settled)`` with its ``answers`` listed and
    what it knows of placements ``from_behind`` the screen, without the call of ``__init__``:
    its dictionary set in one call (a turn asks one or two of them: the hot path; a slotted
    class would take a call per field)."""
    pending: PlaceWorkers = object.__new__(PlaceWorkers)
    moved, colour, count = settled
    _SET_PLACE_WORKERS(
        pending,
        {
            "seat": seat,
            "tile": tile_id,
            "bid": bid,
            "options": options,
            "moved": moved,
            "colour": colour,
            "count": count,
            "answers": answers,
            "from_behind": from_behind,
        },
    )
    return pending


@attrs.frozen
class ChooseGood:
    """``seat`` takes one of the items a tile offers (Workshop's front, Farm yard's front);
    ``home`` is where resources go (the producing tile or the user's home tile)."""

    seat: int
    tile: str
    offer: tuple[str, ...]
    home: str


@attrs.frozen
class PlaceAnimal:
    """``seat`` puts a new ``animal`` into a field of the hex ``cell`` of their village, ``left``
    of them still to place; ``used`` are the fields already given one by the same use (several
    animals produced at once go into different fields)."""

    seat: int
    animal: str
    cell: Hex
    left: int = 1
    used: tuple[Sector, ...] = ()


@attrs.frozen
class ReturnWorker:
    """A marker, not a decision: a worker paid for an exchange goes into the bag once the
    exchange's own draws are done (Tavern: it cannot cover a shortage). ``settle`` resolves it."""

    colour: str
    seat: int = CHANCE


@attrs.frozen
class ReturnSkill:
    """A marker, not a decision: a skill paid for an exchange is mixed back into the pile once
    the exchange's own draws are done (Hiring fair). ``settle`` resolves it."""

    skill: str
    seat: int = CHANCE


@attrs.frozen
class Transport:
    """``seat`` has used a transport tile: they may carry resources and herd animals within
    their village (``moves`` movement left, more for each wheat spent) and upgrade tiles
    (``upgrades`` left), in any order, until they stop."""

    seat: int
    moves: int
    upgrades: int


@attrs.frozen
class OfferWinter:
    """Start of winter: ``seat`` secretly chooses the dealt winter tiles they put up for auction
    (one or more), one at a time, then says they are done."""

    seat: int


@attrs.frozen
class RevealWinter:
    """A marker, not a decision: the winter tiles offered are laid out together (nobody can tell
    who offered which), the others go back to the box. ``settle`` resolves it."""

    seat: int = CHANCE


@attrs.frozen
class ChooseBoat:
    """End of season: ``seat`` takes the cargo of one boat not ``taken`` yet; ``then`` are the
    seats to choose after them, in order."""

    seat: int
    then: tuple[int, ...] = ()
    taken: tuple[str, ...] = ()


@attrs.frozen
class PlaceTile:
    """End of season: ``seat`` adds the hex ``tile`` to their village, every shared side
    matching."""

    seat: int
    tile: str


@attrs.frozen
class AfterBoats:
    """A marker, not a decision: once every boat is chosen, the turn-order bids go into the bag,
    the start player passes on if nobody won the purple tile, animals breed (not after winter)
    and the won tiles are placed. ``settle`` resolves it."""

    purple_won: bool
    seat: int = CHANCE


@attrs.frozen
class BeginSeason:
    """A marker, not a decision: the next season starts once the villages have grown.
    ``settle`` resolves it."""

    seat: int = CHANCE


@attrs.frozen
class TossSummerBoat:
    """Chance: which side of the summer boat ``tile`` lies face up, as it is laid out."""

    tile: str
    seat: int = CHANCE


@attrs.frozen
class BeginSpring:
    """A marker, not a decision: once the setup's random events are done, the holder of the
    lowest home tile takes the purple worker and starts. ``settle`` resolves it."""

    seat: int = CHANCE


@attrs.frozen
class DealHome:
    """Chance: ``seat_to`` receives a random home tile."""

    seat_to: int
    seat: int = CHANCE


@attrs.frozen
class DrawWorker:
    """Chance: a random worker comes out of the bag, behind ``seat_to``'s screen (or onto the
    boat ``boat``, when ``seat_to`` is ``None``)."""

    seat_to: int | None
    boat: str = ""
    seat: int = CHANCE


@attrs.frozen
class DrawSkill:
    """Chance: the top skill tile of the face-down pile goes behind ``seat_to``'s screen (or
    face up onto the boat ``boat``, when ``seat_to`` is ``None``)."""

    seat_to: int | None
    boat: str = ""
    seat: int = CHANCE


@attrs.frozen
class DrawSeasonTile:
    """Chance: one of the season's tiles is laid out for auction."""

    season: str
    seat: int = CHANCE


@attrs.frozen
class SelectWinter:
    """Chance (variant A): a random base winter tile joins the Farmers winter tiles to be dealt."""

    seat: int = CHANCE


@attrs.frozen
class DealWinter:
    """Chance: ``seat_to`` is dealt a winter tile face down."""

    seat_to: int
    seat: int = CHANCE


Pending = (
    Turn
    | PlaceWorkers
    | ChooseGood
    | PlaceAnimal
    | Transport
    | OfferWinter
    | RevealWinter
    | ChooseBoat
    | PlaceTile
    | AfterBoats
    | BeginSeason
    | TossSummerBoat
    | BeginSpring
    | ReturnWorker
    | ReturnSkill
    | DealHome
    | DrawWorker
    | DrawSkill
    | DrawSeasonTile
    | SelectWinter
    | DealWinter
)


# --- lookups kept with a state (its methods of the same names) --------------------------

# A lookup found is written straight into the state's dictionary: a frozen state refuses
# attribute assignment, and object.__setattr__ costs a wrapper call (as the kernel's
# legal_moves writes the moves listed).


def tile_of(state: KeyflowerState, tile_id: str) -> Tile:
    """The hex ``tile_id`` in play; ``KeyError`` if it is not."""
    tiles = state.tiles
    cached = state._tile_index
    if cached is not None and cached[0] is tiles:  # tile_positions(), inlined: a hot path
        return tiles[cached[1][tile_id]]
    return tiles[tile_positions(state)[tile_id]]


def tile_positions(state: KeyflowerState) -> Mapping[str, int]:
    """The position of each hex in :attr:`~KeyflowerState.tiles` (the same while hexes are
    only changed)."""
    tiles = state.tiles
    cached = state._tile_index
    if cached is None or cached[0] is not tiles:
        cached = (tiles, MappingProxyType({tile.id: i for i, tile in enumerate(tiles)}))
        state.__dict__["_tile_index"] = cached
    return cached[1]


def lot_of(state: KeyflowerState, tile_id: str) -> Lot | None:
    """The bids around ``tile_id`` if it is up for auction, else ``None``."""
    lots = state.lots
    cached = state._lot_index
    # A read-only proxy: `in` and [] (its get is slow).
    positions = cached[1] if cached is not None and cached[0] is lots else _lot_facts(state)[1]
    return lots[positions[tile_id]][1] if tile_id in positions else None


def lot_positions(state: KeyflowerState) -> Mapping[str, int]:
    """The position of each hex up for auction in :attr:`~KeyflowerState.lots` (the same
    while only bids change: see :func:`keep_lots`)."""
    cached = state._lot_index
    if cached is not None and cached[0] is state.lots:  # the usual case: known
        return cached[1]
    return _lot_facts(state)[1]


def keep_lots(state: KeyflowerState, before: KeyflowerState, changed: Iterable[int]) -> None:
    """Carry ``before``'s lot positions and bid facts over to ``state``, whose lots are
    ``before``'s hexes in the same order, the bids of those at the ``changed`` positions
    changed (those places read again, the others kept)."""
    _, positions, facts = _lot_facts(before)
    if facts is not None:
        places, outbid = facts
        lots = state.lots
        # One list and one tuple made (slices and sums would make three tuples per lot).
        kept = [*places]  # (a display: see with_seat)
        bids_moved = False
        for i in changed:
            old = places[i]
            new = kept[i] = bid_place(old[0], lots[i][1])
            bids_moved = bids_moved or new[5] != old[5]
        places = tuple(kept)
        # Read again only what changed (a bid seldom outbids).
        facts = (places, _outbid_in(places) if bids_moved else outbid)
    state.__dict__["_lot_index"] = (state.lots, positions, facts)


def keep_lot(state: KeyflowerState, before: KeyflowerState, i: int) -> None:
    """:func:`keep_lots` for the bids of one lot changed, at position ``i``: a bid placed from
    behind the screen, the hot path (no loop, nor a list of positions made to pass)."""
    _, positions, facts = _lot_facts(before)
    if facts is not None:
        places, outbid = facts
        kept = [*places]  # (a display: see with_seat)
        old = places[i]
        new = kept[i] = bid_place(old[0], state.lots[i][1])
        places = tuple(kept)
        # Read again only if the outbid seats of this lot changed (a bid seldom outbids).
        facts = (places, _outbid_in(places) if new[5] != old[5] else outbid)
    state.__dict__["_lot_index"] = (state.lots, positions, facts)


def owner_of(state: KeyflowerState, tile_id: str) -> int | None:
    """The seat whose village holds ``tile_id`` (``None`` if it is up for auction)."""
    cached = state._owner_index
    seats = cached[1] if cached is not None and cached[0] is state.villages else owners(state)
    return seats[tile_id] if tile_id in seats else None  # a read-only proxy: `in` and [] (its get is slow)


def owners(state: KeyflowerState) -> Mapping[str, int]:
    """The seat whose village holds each hex in a village (see :func:`owner_of`; for a rule
    reading many hexes at once)."""
    villages = state.villages
    cached = state._owner_index
    if cached is None or cached[0] is not villages:
        found = {tile_id: seat for seat, village in enumerate(villages) for _, tile_id, _ in village.layout}
        cached = (villages, MappingProxyType(found))
        state.__dict__["_owner_index"] = cached
    return cached[1]


def keep_owners(state: KeyflowerState, before: KeyflowerState) -> None:
    """Carry ``before``'s owner of each hex (see :func:`owner_of`) over to ``state``, whose
    villages have ``before``'s layouts (animals moved: the hexes stay where they are)."""
    cached = before._owner_index
    if cached is not None and cached[0] is before.villages:
        state.__dict__["_owner_index"] = (state.villages, cached[1])


#: The summer boats in a village of a layout (see :meth:`KeyflowerState.boat_abilities`): the
#: layout, their ids in its order, and the abilities their faces up show. A plain tuple, as
#: :data:`Workable` (read at every turn).
SummerBoats = tuple[tuple[tuple[Hex, str, int], ...], tuple[str, ...], frozenset[str]]


@attrs.frozen(slots=False)
class KeyflowerState(EngineState):
    """A Keyflower position.

    Attributes:
        players: the number of players.
        components: the box (:mod:`.components`).
        farmers / first_game / open_information: the options.
        season: 0 spring, 1 summer, 2 autumn, 3 winter.
        start: the start player's seat (who holds the purple worker); -1 before spring begins.
        passes: players who have passed in succession since the last placement.
        screens / skills / wheat: behind each seat's screen.
        open_skills: variant B: each seat's skill tiles lying face up in front of the screen
            (received face up, from a boat's cargo: part of ``skills``); every other skill
            tile is face down. Empty pools without variant B.
        secret: variant B (open information): each seat's starting workers still hidden
            behind the screen (part of ``screens``); every other worker of the screen lies
            open in front of it. Empty pools without variant B.
        homes: each seat's home tile number (0 until dealt).
        winter_hands: the winter tiles dealt to each seat, not yet offered.
        winter_offers: the winter tiles each seat has chosen to offer, until they are revealed.
        boat_picks: the seats in the order they took a boat tile in winter (the Farmers
            tie-break: the first of the tied players wins).
        villages: each seat's village.
        tiles: every hex in play (in villages and up for auction), in the order they came.
        lots: the hexes up for auction this season (season tiles, then turn-order tiles) and
            the bids around each.
        boats: the boats in play and their cargo.
        bag: the workers in the cloth bag (colours).
        green: green workers in the supply.
        skill_pile: the face-down skill tiles.
        supply: resources in the supply; ``animals`` and ``wheat_supply``: The Farmers' supplies.
        season_piles: the tiles still to be laid out, per season (spring to winter); in
            variant A, the winter pile holds the base winter tiles not yet selected.
        winter_deck: the winter tiles to be dealt at setup (face down).
        viewer: the seat whose view this is (``None`` for a full state); in a view, what the
            viewer cannot see is counted in ``hidden_workers`` / ``hidden_skills`` /
            ``hidden_wheat`` / ``hidden_winter`` (another seat's winter tiles, offered or
            not) instead.
    """

    players: int
    components: Components = attrs.field(eq=False, repr=False)
    farmers: bool
    first_game: bool
    open_information: bool
    season: int
    start: int
    passes: int
    screens: tuple[Pool, ...] = attrs.field(converter=_workers_each)
    secret: tuple[Pool, ...] = attrs.field(converter=_workers_each)
    skills: tuple[Pool, ...] = attrs.field(converter=_skills_each)
    open_skills: tuple[Pool, ...] = attrs.field(converter=_skills_each)
    wheat: tuple[int, ...]
    homes: tuple[int, ...]
    winter_hands: tuple[tuple[str, ...], ...]
    winter_offers: tuple[tuple[str, ...], ...]
    boat_picks: tuple[int, ...]
    villages: tuple[Village, ...]
    tiles: tuple[Tile, ...]
    lots: tuple[tuple[str, Lot], ...]
    boats: tuple[Cargo, ...]
    bag: Pile[str]
    green: int
    skill_pile: Pile[str]
    supply: Pool = attrs.field(converter=_resources)
    animals: Pool = attrs.field(converter=_animals)
    wheat_supply: int
    season_piles: tuple[Pile[str], ...]
    winter_deck: Pile[str]
    viewer: int | None = None
    hidden_workers: tuple[int, ...] = ()
    hidden_skills: tuple[int, ...] = ()
    hidden_wheat: tuple[int, ...] = ()
    hidden_winter: tuple[int, ...] = ()
    # Lookups derived from one field each, kept with the value they were computed from and
    # reused while that value is the same object (so they survive copies that leave it alone);
    # read-only, as everything reachable from a state.
    _tile_index: tuple[tuple[Tile, ...], Mapping[str, int]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    _lot_index: tuple[tuple[tuple[str, Lot], ...], Mapping[str, int], BidFacts | None] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    _owner_index: tuple[tuple[Village, ...], Mapping[str, int]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    #: The hexes that may be used, with the hexes and the lot positions they were read from.
    _workable: tuple[tuple[Tile, ...], Mapping[str, int], Usable] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    #: A seat's outbid groups with the lots and the seat they were read for (see
    #: :func:`.rules.turns.outbid_groups`: a turn reads them, then the placement chosen).
    _outbid: tuple[tuple[tuple[str, Lot], ...], int, tuple[tuple[str, Bid], ...]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    #: The summer boats (those with faces) in each village and the abilities their faces up
    #: show, with the layout they were read from, for :meth:`boat_abilities` (animals moving
    #: leave a layout as it is; a summer boat's side, tossed as it is laid out, never changes).
    _summer_boats: tuple[SummerBoats, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __repr__(self) -> str:
        # Short, like every game's: the full field-by-field repr runs to thousands of characters.
        view = " view" if self.viewer is not None else ""
        return f"<keyflower_farmers.State{view} {self.players}p {SEASONS[self.season]} {self.asking}>"

    # The lookups below are module functions, the methods these: the rules call the functions
    # (see _lot_facts: a method load on a state costs a generic lookup).
    tile = tile_of
    tile_positions = tile_positions
    lot = lot_of
    lot_positions = lot_positions
    keep_lots = keep_lots
    owner = owner_of

    def workable(self) -> tuple[Workable, ...]:
        """The hexes in play that may be used now, in the order of :attr:`tiles` (see
        :func:`usable`)."""
        return usable(self)[0]

    def bid_places(self) -> tuple[BidPlace, ...]:
        """Each hex up for auction as a turn reads it, in the order of :attr:`lots` (see
        :func:`bid_facts`)."""
        return bid_facts(self)[0]

    def summer_boats(self, seat: int) -> tuple[str, ...]:
        """The summer boats (those with faces) in ``seat``'s village, in the order of its layout."""
        _, ids, _ = _boats_of(self, seat)
        return ids

    def boat_abilities(self, seat: int) -> frozenset[str]:
        """The abilities shown by the faces up of the summer boats in ``seat``'s village."""
        _, _, abilities = _boats_of(self, seat)
        return abilities

    def _boats_with(self, layout: tuple[tuple[Hex, str, int], ...], ids: tuple[str, ...]) -> SummerBoats:
        """The :data:`SummerBoats` of a village of ``layout`` holding the summer boats ``ids``."""
        if not ids:  # the usual case: no summer boat in the village
            return (layout, ids, _NO_ABILITIES)
        faces = self.components.faces_by_id
        return (layout, ids, frozenset(faces[tile_id][self.tile(tile_id).face].ability for tile_id in ids))


def summer_boats_placed(
    before: KeyflowerState, seat: int, layout: tuple[tuple[Hex, str, int], ...], tile_id: str
) -> tuple[SummerBoats, ...] | None:
    """``before``'s summer boats (see :func:`boat_abilities`) carried over to the position in
    which ``seat``'s village has the ``layout`` of ``before``'s with the hex ``tile_id`` added
    last (its ``_summer_boats``, given with the copy that places the hex: no write into it
    after): that village's boats are those known with ``tile_id`` added if it is one (what
    reading the layout again would give), the other villages' are unchanged."""
    cached = before._summer_boats
    if cached is None or cached[seat][0] is not before.villages[seat].layout:
        return cached  # (nothing known of the village: read again when asked)
    _, ids, abilities = cached[seat]
    if tile_id in before.components.summer_boat_ids:
        boats = before._boats_with(layout, (*ids, tile_id))
    else:  # the same boats, read with the new layout
        boats = (layout, ids, abilities)
    changed = [*cached]  # (a display, one entry replaced: see keep_tiles_used)
    changed[seat] = boats
    return tuple(changed)


def _lot_facts(state: KeyflowerState) -> tuple[tuple[tuple[str, Lot], ...], Mapping[str, int], BidFacts | None]:
    """The lots of ``state`` with the facts known of them: their positions, and their
    :data:`BidFacts` once read. A function, not a method: CPython 3.11 finds a method of a
    state (whose dictionary is its own: see the kernel's own_keys) through the generic lookup,
    some 200 instructions a call, and the functions below read this at every turn."""
    lots = state.lots
    cached = state._lot_index
    if cached is None or cached[0] is not lots:
        cached = (lots, MappingProxyType({tile_id: i for i, (tile_id, _) in enumerate(lots)}), None)
        state.__dict__["_lot_index"] = cached
    return cached


def bid_facts(state: KeyflowerState) -> BidFacts:
    """The hexes up for auction as a turn reads them, in the order of
    :attr:`~KeyflowerState.lots` (kept while the lots are, and carried over by
    :meth:`~KeyflowerState.keep_lots`)."""
    cached = state._lot_index
    if cached is not None and cached[0] is state.lots and cached[2] is not None:  # the usual case: known
        return cached[2]
    lots, positions, facts = _lot_facts(state)
    if facts is None:
        places = tuple([_OPEN[tile_id] if lot is NO_BIDS else bid_place(_BID[tile_id], lot) for tile_id, lot in lots])
        facts = (places, _outbid_in(places))
        state.__dict__["_lot_index"] = (lots, positions, facts)
    return facts


def turn_facts(state: KeyflowerState) -> tuple[BidFacts, tuple[UseRow, ...]]:
    """What a turn reads (see :func:`.rules.turns.turn_moves`): :func:`bid_facts` and the
    :data:`UseRow` of each hex :func:`usable` (both known in the usual case: looked at once)."""
    known = state._lot_index
    cached = state._workable
    if (
        known is not None
        and known[0] is state.lots
        and known[2] is not None
        and cached is not None
        and cached[0] is state.tiles
        and cached[1] is known[1]
    ):
        return known[2], cached[2][2]
    return bid_facts(state), usable(state)[2]


def usable(state: KeyflowerState) -> Usable:
    """The hexes in play that may be used now, in the order of :attr:`~KeyflowerState.tiles`
    (kept while the hexes and the lot positions are, and carried over by
    :func:`usable_after`)."""
    tiles = state.tiles
    cached = state._workable
    known = state._lot_index
    # The usual case: known for these hexes, read with the positions known for these lots.
    if cached is not None and known is not None and cached[0] is tiles and known[0] is state.lots and cached[1] is known[1]:
        return cached[2]
    positions = _lot_facts(state)[1]
    if cached is None or cached[0] is not tiles or cached[1] is not positions:
        faces = state.components.worked_faces
        fresh = _fresh_uses(faces).get
        # Read in one pass (a season's first turn reads every hex again): each hex's entry and
        # row as the pair it is kept as, one append per hex, split in C at the end; a hex up
        # for auction takes its bidders' colour as it is read, not found again afterwards.
        pairs: list[tuple[Workable, UseRow]] = []
        for tile in tiles:
            tile_id = tile.id
            if tile.uses:
                entry = workable_entry(faces, tile, positions)
                if entry is not None:
                    pairs.append((entry, _use_row(entry)))
                continue
            # Unused this season (most hexes as a season starts): its entry and row are those
            # of its face alone, made once, as if in a village; up for auction, it takes its
            # bidders' colour (a used hex up for auction, read above, has its users' colour or
            # its bidders').
            use = fresh(tile_id, _NO_USE)[tile.face]
            if use is not None:
                if tile_id in positions:  # (a read-only proxy: `in` and [], its get is slow)
                    _, face, least, most, _, move, exchange = use[0]
                    entry = (tile_id, face, least, most, ANY_COLOUR + 1 + positions[tile_id], move, exchange)
                    use = (entry, _use_row(entry))
                pairs.append(use)
        if pairs:
            entries, rows = zip(*pairs)
            usable = (entries, tuple(map(_ENTRY_ID, entries)), rows)
        else:
            usable = _NOTHING_USABLE
        cached = (tiles, positions, usable)
        state.__dict__["_workable"] = cached
    return cached[2]


def keep_tiles_used(after: KeyflowerState, before: KeyflowerState, positions: Mapping[str, int], tile: Tile, count: int) -> Face:
    """Carry ``before``'s facts of its hexes over to ``after``, whose hexes are ``before``'s
    (the same hexes in the same places: ``positions``) but that ``count`` workers have used
    the hex ``tile`` (as it is in ``after``): their positions, and the hexes that may be used,
    this one's entry read from the one before (what :func:`workable_entry` would read again:
    the next use places one more worker, on the room left, in the colour of the users).
    Returns the face of the hex used, read from that entry (what the use gives)."""
    after.__dict__["_tile_index"] = (after.tiles, positions)
    cached = before._workable
    if cached is None or cached[0] is not before.tiles:  # not read yet (a position dealt from a view)
        usable(before)
        cached = before._workable
        assert cached is not None
    _, lots, (entries, ids, rows) = cached
    k = ids.index(tile.id)  # a hex used was usable
    tile_id, face, _, room, _, use, exchange = entries[k]
    least, most = count + 1, room - count
    if least > most:  # no room left on it this season
        known = (entries[:k] + entries[k + 1 :], ids[:k] + ids[k + 1 :], rows[:k] + rows[k + 1 :])
    else:
        assert tile.colour is not None
        users = COLOUR_INDEX[tile.colour]
        # Lists copied by displays, one entry replaced: two tuples made per sequence (slices
        # and sums would make five).
        changed = [*entries]
        changed[k] = (tile_id, face, least, most, users, use, exchange)
        changed_rows = [*rows]
        changed_rows[k] = (use, users, least, rows[k][3])
        known = (tuple(changed), ids, tuple(changed_rows))
    after.__dict__["_workable"] = (after.tiles, lots, known)
    return face


def usable_after(before: KeyflowerState, after: KeyflowerState, old: Tile, new: Tile) -> None:
    """Carry ``before``'s usable hexes (see :func:`usable`) over to ``after``, whose hexes are
    ``before``'s with ``old`` become ``new``: its entry changed, not the whole read again (a
    turn changes one hex). Nothing is carried if they were not known; what is carried holds
    while ``after``'s lot positions are those it was read with."""
    cached = before._workable
    if cached is None or cached[0] is not before.tiles:
        return
    _, positions, known = cached
    # A hex used as before (its goods or sheep changed) leaves the entries as they are.
    if new.uses != old.uses or new.workers != old.workers or new.colour != old.colour or new.face != old.face:
        entries, ids, rows = known
        entry = workable_entry(after.components.worked_faces, new, positions)
        if old.id in ids:
            k = ids.index(old.id)
            if entry is None:  # no room left on it this season
                known = (entries[:k] + entries[k + 1 :], ids[:k] + ids[k + 1 :], rows[:k] + rows[k + 1 :])
            else:
                known = (entries[:k] + (entry,) + entries[k + 1 :], ids, rows[:k] + (_use_row(entry),) + rows[k + 1 :])
        elif entry is not None:  # a hex that may be used now, whose place among them is not known
            return
    after.__dict__["_workable"] = (after.tiles, positions, known)


def with_goods(state: KeyflowerState, tile: Tile, supply: Pool) -> KeyflowerState:
    """``state``, a position nobody else holds yet, with the hex ``tile.id`` replaced by
    ``tile`` (its goods changed, nothing else) and the resources ``supply``: written into it
    (see :func:`~tabletop.kernel.engine.rewritten`; production adds goods to the position a
    placement has just made, which a copy would only double). Goods change neither where the
    hexes lie nor which may be used: those facts carry over."""
    tiles = state.tiles
    positions = tile_positions(state)
    k = positions[tile.id]
    changed = [*tiles]  # (a display, one entry replaced: see keep_tiles_used)
    changed[k] = tile
    new_tiles = tuple(changed)
    cached = state._workable
    workable = (new_tiles, cached[1], cached[2]) if cached is not None and cached[0] is tiles else None
    return rewritten(state, tiles=new_tiles, supply=supply, _tile_index=(new_tiles, positions), _workable=workable)


def _boats_of(state: KeyflowerState, seat: int) -> SummerBoats:
    """The summer boats of ``seat``'s village in ``state``, read again for the villages that
    changed only (one hex placed at a time). A function, as :func:`_lot_facts`."""
    villages = state.villages
    cached = state._summer_boats
    if cached is None or cached[seat][0] is not villages[seat].layout:  # [0]: the layout read
        boats = state.components.boat_ids
        faces = state.components.faces_by_id
        old = cached if cached is not None and len(cached) == len(villages) else (_NO_BOATS,) * len(villages)
        cached = tuple(
            known
            if known[0] is village.layout
            else state._boats_with(
                village.layout, tuple(tile_id for _, tile_id, _ in village.layout if tile_id in boats and tile_id in faces)
            )
            for known, village in zip(old, villages, strict=True)
        )
        state.__dict__["_summer_boats"] = cached
    return cached[seat]


_NO_ABILITIES: frozenset[str] = frozenset()
_NO_BOATS: SummerBoats = ((), (), _NO_ABILITIES)


def boat_abilities(state: KeyflowerState, seat: int) -> frozenset[str]:
    """:meth:`KeyflowerState.boat_abilities` as a function (read at every turn: see
    :func:`_lot_facts`)."""
    cached = state._summer_boats
    if cached is not None and cached[seat][0] is state.villages[seat].layout:  # the usual case: known
        return cached[seat][2]
    return _boats_of(state, seat)[2]
