"""Keyflower's moves (the answers to decisions) and chance outcomes, each with its notation.

A turn is a chain of small decisions. First the location: ``bid keywood`` (bid for Keywood),
``use keywood`` (use it) or ``pass``. Then, each asked only when there is a choice: the colour
(``colour red``); the outbid groups of one's own that move there, one at a time in the order of
the auction (``from alehouse``: the group around Alehouse moves whole); the number of workers
placed in all, moved groups included, the rest from behind the screen (``workers 3``); and for
an exchange, what is paid (``pay saw``, ``pay blue``, or ``pay alehouse``: one's outbid group of
one worker around Alehouse goes into the bag).
"""

from __future__ import annotations

import attrs

from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.hexgrid import cell_text, parse_cell
from tabletop.kernel.tiles import Sector


def _sector(sector: Sector) -> str:
    return f"{cell_text(sector[0])}/{sector[1]}"


def _parse_sector(text: str) -> Sector:
    cell, _, number = text.partition("/")
    return (parse_cell(cell), int(number))


@attrs.frozen
class Bid:
    """Place workers on one's side of the hex ``tile`` up for auction, to bid for it."""

    tile: str

    def __str__(self) -> str:
        return f"bid {self.tile}"


@attrs.frozen
class Use:
    """Place workers on the hex ``tile`` to use it."""

    tile: str

    def __str__(self) -> str:
        return f"use {self.tile}"


@attrs.frozen
class Colour:
    """The colour of the workers being placed; for a use by the owner of summer boat 4b, which
    may mix colours, each worker's colour joined by commas (``colour blue,red,red``)."""

    colour: str

    def __str__(self) -> str:
        return f"colour {self.colour}"


@attrs.frozen
class From:
    """One's outbid group around the hex ``lot`` moves, whole, to where workers are being placed."""

    lot: str

    def __str__(self) -> str:
        return f"from {self.lot}"


@attrs.frozen
class Count:
    """``count`` workers placed in all: the groups moved, the rest from behind the screen."""

    count: int

    def __str__(self) -> str:
        return f"workers {self.count}"


@attrs.frozen
class Pay:
    """What an exchange takes: a worker of the colour ``item`` or the skill ``item`` from behind
    the screen, or (``item`` a hex) one's outbid group of one worker around that hex."""

    item: str

    def __str__(self) -> str:
        return f"pay {self.item}"


@attrs.frozen
class Pass:
    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Take:
    """Take ``item`` of the ones a tile offers."""

    item: str

    def __str__(self) -> str:
        return f"take {self.item}"


@attrs.frozen
class IntoField:
    """Put the new animal into the field holding ``sector``."""

    sector: Sector

    def __str__(self) -> str:
        return f"field {_sector(self.sector)}"


@attrs.frozen
class Carry:
    """Carry one ``resource`` from the tile ``source`` to the tile ``target`` of one's village
    along roads (one movement per step)."""

    resource: str
    source: str
    target: str

    def __str__(self) -> str:
        return f"carry {self.resource} {self.source} {self.target}"


@attrs.frozen
class Herd:
    """Move one ``animal`` from the field holding ``source`` to the field holding ``target``
    (one movement per field stepped into)."""

    animal: str
    source: Sector
    target: Sector

    def __str__(self) -> str:
        return f"herd {self.animal} {_sector(self.source)} {_sector(self.target)}"


@attrs.frozen
class Shelter:
    """Put a sheep of the field holding ``source`` onto the Sheep shelter, whose hex that field
    reaches."""

    source: Sector

    def __str__(self) -> str:
        return f"shelter sheep {_sector(self.source)}"


@attrs.frozen
class SpendWheat:
    """Spend a wheat token for one more movement."""

    def __str__(self) -> str:
        return "spend wheat"


@attrs.frozen
class Upgrade:
    """Flip ``tile`` to its upgraded side, paying ``paid`` (resources from the tile, skills from
    behind the screen), sorted."""

    tile: str
    paid: tuple[str, ...]

    def __str__(self) -> str:
        return f"upgrade {self.tile} paying {','.join(self.paid)}"


@attrs.frozen
class Stop:
    """Stop transporting and upgrading."""

    def __str__(self) -> str:
        return "stop"


@attrs.frozen
class Offer:
    """Offer the dealt winter tile ``code`` for auction."""

    code: str

    def __str__(self) -> str:
        return f"offer {self.code}"


@attrs.frozen
class Offered:
    """Offer no more winter tiles."""

    def __str__(self) -> str:
        return "offered"


@attrs.frozen
class TakeBoat:
    """Take the cargo of the boat ``boat``."""

    boat: str

    def __str__(self) -> str:
        return f"boat {self.boat}"


@attrs.frozen
class Place:
    """Place the hex being added at ``cell``, turned ``turns`` sixths clockwise."""

    cell: tuple[int, int]
    turns: int

    def __str__(self) -> str:
        return f"place {cell_text(self.cell)} turn {self.turns}"


# --- chance outcomes -----------------------------------------------------------------------


@attrs.frozen
class HomeDealt:
    number: int

    def __str__(self) -> str:
        return f"home {self.number}"


@attrs.frozen
class WorkerDrawn:
    colour: str

    def __str__(self) -> str:
        return f"worker {self.colour}"


@attrs.frozen
class SkillDrawn:
    skill: str

    def __str__(self) -> str:
        return f"skill {self.skill}"


@attrs.frozen
class TileDrawn:
    """A season tile laid out, or a winter tile dealt."""

    code: str

    def __str__(self) -> str:
        return f"tile {self.code}"


@attrs.frozen
class SideUp:
    """A summer boat laid out with its side ``side`` (``a`` or ``b``) up."""

    side: str

    def __str__(self) -> str:
        return f"side {self.side}"


Move = Bid | Use | Colour | From | Count | Pay | Pass | Take | IntoField | Carry | Herd | Shelter | SpendWheat | Upgrade | Stop | Offer | Offered | TakeBoat | Place | HomeDealt | WorkerDrawn | SkillDrawn | TileDrawn | SideUp


def parse_move_text(text: str) -> Move:
    """The move written ``text`` (as ``str(move)`` writes it); :class:`InvalidRecord` otherwise."""
    words = text.split()
    try:
        return _parse(words)
    except (IndexError, ValueError):
        raise InvalidRecord(f"{text!r} is not a Keyflower move") from None


def _parse(words: list[str]) -> Move:
    head = words[0]
    if words == ["pass"]:
        return Pass()
    if words == ["stop"]:
        return Stop()
    if words == ["offered"]:
        return Offered()
    if words == ["spend", "wheat"]:
        return SpendWheat()
    if head == "carry" and len(words) == 4:
        return Carry(words[1], words[2], words[3])
    if head == "shelter" and len(words) == 3 and words[1] == "sheep":
        return Shelter(_parse_sector(words[2]))
    if head == "herd" and len(words) == 4:
        return Herd(words[1], _parse_sector(words[2]), _parse_sector(words[3]))
    if head == "upgrade" and len(words) == 4 and words[2] == "paying":
        return Upgrade(words[1], tuple(words[3].split(",")))
    if head == "place" and len(words) == 4 and words[2] == "turn":
        return Place(parse_cell(words[1]), int(words[3]))
    if len(words) != 2:
        raise ValueError(words)
    arg = words[1]
    if head == "bid":
        return Bid(arg)
    if head == "use":
        return Use(arg)
    if head == "colour":
        return Colour(arg)
    if head == "from":
        return From(arg)
    if head == "workers":
        return Count(int(arg))
    if head == "pay":
        return Pay(arg)
    if head == "take":
        return Take(arg)
    if head == "field":
        return IntoField(_parse_sector(arg))
    if head == "home":
        return HomeDealt(int(arg))
    if head == "worker":
        return WorkerDrawn(arg)
    if head == "skill":
        return SkillDrawn(arg)
    if head == "tile":
        return TileDrawn(arg)
    if head == "boat":
        return TakeBoat(arg)
    if head == "offer":
        return Offer(arg)
    if head == "side" and arg in ("a", "b"):
        return SideUp(arg)
    raise ValueError(head)
