"""Keyflower's moves (the answers to decisions) and chance outcomes, each with its notation.

A turn places workers in one location: ``bid keywood 2 red`` (two red workers from behind the
screen on one's side of Keywood), ``use keywood 1 red`` (one red worker on Keywood to use it).
Outbid workers move as one group: ``bid keywood 3 red from alehouse`` moves the seat's outbid
group around Alehouse to Keywood and adds workers from behind the screen up to 3 in all
(``from`` lists every lot whose outbid group moves, comma-separated). An exchange names what
is paid when the player chooses it: ``use hiring_fair 1 blue paying saw``.
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


def _moved(moved: tuple[str, ...]) -> str:
    return f" from {','.join(moved)}" if moved else ""


@attrs.frozen
class Bid:
    """Place ``count`` workers of ``colour`` in all (the outbid groups around the lots ``moved``
    and the rest from behind the screen) in one's bid for the hex ``tile``."""

    tile: str
    count: int
    colour: str
    moved: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"bid {self.tile} {self.count} {self.colour}{_moved(self.moved)}"


@attrs.frozen
class Use:
    """Place ``count`` workers of ``colour`` (as for :class:`Bid`) on ``tile`` to use it;
    ``paying`` is the item an exchange takes when the player chooses it (``""`` otherwise)."""

    tile: str
    count: int
    colour: str
    moved: tuple[str, ...] = ()
    paying: str = ""

    def __str__(self) -> str:
        pay = f" paying {self.paying}" if self.paying else ""
        return f"use {self.tile} {self.count} {self.colour}{_moved(self.moved)}{pay}"


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


Move = Bid | Use | Pass | Take | IntoField | Carry | Herd | Shelter | SpendWheat | Upgrade | Stop | Offer | Offered | TakeBoat | Place | HomeDealt | WorkerDrawn | SkillDrawn | TileDrawn | SideUp


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
    if head in ("bid", "use"):
        return _placement(words)
    if head == "place" and len(words) == 4 and words[2] == "turn":
        return Place(parse_cell(words[1]), int(words[3]))
    if len(words) != 2:
        raise ValueError(words)
    arg = words[1]
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


def _placement(words: list[str]) -> Bid | Use:
    head, tile, count, colour, *rest = words
    moved: tuple[str, ...] = ()
    paying = ""
    while rest:
        key, value, *rest = rest
        if key == "from" and not moved:
            moved = tuple(value.split(","))
        elif key == "paying" and head == "use" and not paying:
            paying = value
        else:
            raise ValueError(key)
    if head == "bid":
        return Bid(tile, int(count), colour, moved)
    return Use(tile, int(count), colour, moved, paying)
