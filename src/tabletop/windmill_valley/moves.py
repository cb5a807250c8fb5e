"""The answers to Windmill Valley's decisions, each with its notation (``str(move)``).

Seats, wheels, display slots, rows, market areas and trade spots are numbered from 0; bulb
colours are written by name (``white``, ``yellow``, ``red``, ``violet``, ``black``).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Floodgate:
    """Leave the floodgate at, open it to or close it to ``speed`` (1-3)."""

    speed: int

    def __str__(self) -> str:
        return f"floodgate {self.speed}"


@attrs.frozen
class TurnWheels:
    """Turn the coupled wheels ``steps`` steps (the floodgate's speed, changed by one per Tool spent)."""

    steps: int

    def __str__(self) -> str:
        return f"turn {self.steps}"


@attrs.frozen
class Perform:
    """Perform the action of the ``large`` or ``small`` wheel's active space."""

    wheel: str

    def __str__(self) -> str:
        return f"perform {self.wheel}"


@attrs.frozen
class TakeGuilders:
    """Neither wheel's action can be performed: gain 2 Guilder instead."""

    def __str__(self) -> str:
        return "take 2 guilders"


@attrs.frozen
class Done:
    """Decline what is offered: the other wheel's action, a helper, a reward, a further bulb."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class Unique:
    """Take the ``index``-th unique reward of the calendar space just reached."""

    index: int

    def __str__(self) -> str:
        return f"unique {self.index}"


@attrs.frozen
class Later:
    """Take the calendar rewards later in the turn, after the action."""

    def __str__(self) -> str:
        return "later"


@attrs.frozen
class LowerReward:
    """The Lower the Water Level rewards: ``guilders`` points taken as Guilder, ``vp`` as VP."""

    guilders: int
    vp: int

    def __str__(self) -> str:
        return f"lower {self.guilders}g {self.vp}vp"


@attrs.frozen
class Refresh:
    """Pay 1 Guilder to replace the whole display (or the farm offer)."""

    def __str__(self) -> str:
        return "refresh"


@attrs.frozen
class Install:
    """Take the enhancement of display ``slot`` and install it on ``wheel``'s ``space``."""

    slot: int
    wheel: str
    space: int

    def __str__(self) -> str:
        return f"install {self.slot} on {self.wheel} {self.space}"


@attrs.frozen
class TakeCard:
    """Take the farm card of offer ``slot`` as a ``helper`` or ``contract``; ``replacing`` a
    card of that row when its three slots are full."""

    slot: int
    role: str
    replacing: int | None = None

    def __str__(self) -> str:
        over = "" if self.replacing is None else f" over {self.replacing}"
        return f"{self.role} {self.slot}{over}"


@attrs.frozen
class Build:
    """Build a windmill of farm group ``group`` on main-board space ``space``."""

    group: int
    space: str

    def __str__(self) -> str:
        return f"build {self.group} at {self.space}"


@attrs.frozen
class MoveNeutral:
    """Pay 1 Guilder to move a neutral marker from market area ``source`` to ``target``."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"neutral {self.source} to {self.target}"


@attrs.frozen
class Enter:
    """Move one market step into the next area (``stack_on``: pay that seat 1 Guilder to stack
    on its marker in a full area) or skip the full area (``skip``)."""

    skip: bool = False
    stack_on: int | None = None

    def __str__(self) -> str:
        if self.skip:
            return "skip"
        return "step" if self.stack_on is None else f"stack on {self.stack_on}"


@attrs.frozen
class MarketReward:
    """Gain the ``index``-th reward of the area the marker is in (``area``, for the helpers
    that reward an area next to the marker)."""

    area: int
    index: int

    def __str__(self) -> str:
        return f"reward {self.area}.{self.index}"


@attrs.frozen
class Plant:
    """Plant a ``colour`` bulb from storage in the leftmost free patch of ``row``."""

    colour: str
    row: int

    def __str__(self) -> str:
        return f"plant {self.colour} in {self.row}"


@attrs.frozen
class PlaceTrade:
    """Place a ``colour`` bulb on the foreign trade card's free ``spot``."""

    colour: str
    spot: int

    def __str__(self) -> str:
        return f"trade {self.colour} at {self.spot}"


@attrs.frozen
class Collect:
    """Take all the bulbs off the foreign trade card."""

    def __str__(self) -> str:
        return "collect"


@attrs.frozen
class Store:
    """Put the bulb in storage's next space (paying that space's extra cost), or in place of a
    stored ``swap`` bulb (free)."""

    swap: str | None = None

    def __str__(self) -> str:
        return "store" if self.swap is None else f"store over {self.swap}"


@attrs.frozen
class Colour:
    """The colour chosen for a bulb of any colour."""

    colour: str

    def __str__(self) -> str:
        return f"bulb {self.colour}"


@attrs.frozen
class UseHelper:
    """Use the helper card ``card`` (a starting card is ``s1``-``s6``)."""

    card: str

    def __str__(self) -> str:
        return f"helper {self.card}"


@attrs.frozen
class ScoreContract:
    """Score the contract in slot ``slot`` now (it scores at the end again)."""

    slot: int

    def __str__(self) -> str:
        return f"score contract {self.slot}"


@attrs.frozen
class ChooseStart:
    """Keep starting card ``card`` as the first helper (the draft at setup)."""

    card: int

    def __str__(self) -> str:
        return f"start {self.card}"


@attrs.frozen
class PlaceMarker:
    """Place the market marker in ``area`` at setup."""

    area: int

    def __str__(self) -> str:
        return f"market {self.area}"


@attrs.frozen
class Dealt:
    """A chance outcome: the ``item`` that comes off the ``pile`` (``board``, ``start``,
    ``trade``, ``common``, ``uncommon``, ``unique``, ``farm``, ``gardener``)."""

    pile: str
    item: str

    def __str__(self) -> str:
        return f"dealt {self.pile} {self.item}"


@attrs.frozen
class Exchange:
    """Before planting, exchange a stored ``out`` bulb for an ``into`` bulb of the supply."""

    out: str
    into: str

    def __str__(self) -> str:
        return f"exchange {self.out} for {self.into}"


@attrs.frozen
class Quarter:
    """Gain the reward of foreign trade card quarter ``index``."""

    index: int

    def __str__(self) -> str:
        return f"quarter {self.index}"



@attrs.frozen
class Remove:
    """Return a windmill of farm group ``group`` to the box."""

    group: int

    def __str__(self) -> str:
        return f"remove {self.group}"


@attrs.frozen
class PayWith:
    """Pay with a ``tool`` or with ``guilders``."""

    what: str

    def __str__(self) -> str:
        return f"pay {self.what}"


@attrs.frozen
class SwapCard:
    """Swap the own farm card in ``role`` slot ``slot`` with offer slot ``offer``."""

    role: str
    slot: int
    offer: int

    def __str__(self) -> str:
        return f"swap {self.role} {self.slot} for {self.offer}"


@attrs.frozen
class DropTile:
    """Discard the enhancement installed on ``wheel`` space ``space``."""

    wheel: str
    space: int

    def __str__(self) -> str:
        return f"drop {self.wheel} {self.space}"


@attrs.frozen
class SwapTile:
    """Swap the enhancement on ``wheel`` space ``space`` with display slot ``slot``."""

    wheel: str
    space: int
    slot: int

    def __str__(self) -> str:
        return f"swap {self.wheel} {self.space} for tile {self.slot}"



@attrs.frozen
class Path:
    """Of equally short paths to the market, the one through windmills of ``owners`` (each
    scoring 1 VP; empty: through the builder's own only)."""

    owners: tuple[int, ...]

    def __str__(self) -> str:
        return "path via " + (" ".join(map(str, self.owners)) or "none")



@attrs.frozen
class PeekAt:
    """Look at the top tile of the ``tier`` stack (a helper's extra tiles)."""

    tier: str

    def __str__(self) -> str:
        return f"peek {self.tier}"


Move = (
    Floodgate | TurnWheels | Perform | TakeGuilders | Done | Later | Unique | LowerReward | Refresh | Install
    | TakeCard | Build | MoveNeutral | Enter | MarketReward | Plant | PlaceTrade | Collect | Store
    | Colour | UseHelper | ScoreContract | ChooseStart | PlaceMarker | Dealt | Exchange | Quarter
    | Remove | PayWith | SwapCard | DropTile | SwapTile | Path | PeekAt
)


# The moves listed at every turn, made once and shared by every list (they are immutable):
# building them anew at each listing cost more than anything else the listing does.

#: The one "done" and the one "take 2 guilders" answer.
DONE = Done()
TAKE_GUILDERS = TakeGuilders()
LATER = Later()

#: The floodgate's speeds, the wheel turns and the two wheels' actions, by their value.
FLOODGATES: tuple[Floodgate, ...] = tuple(Floodgate(speed) for speed in range(4))
TURNS: tuple[TurnWheels, ...] = tuple(TurnWheels(steps) for steps in range(5))
PERFORM_LARGE, PERFORM_SMALL = Perform("large"), Perform("small")
